package rtimpl

import "slices"

// move puts x into zone z of player p's (the controller's for the
// battlefield and the stack, the owner's elsewhere). An object that changes
// zones is a new object: its permanent state and the effects on
// it are gone. One that leaves the battlefield keeps, with the keywords
// effects gave it, the controller it had there (its last known
// information: a source of damage dealt after it left is controlled by
// that player) until it moves again; elsewhere an object's controller is
// its owner.
func (g *Game) move(x ObjID, z Zone, p int) {
	o := &g.Objs[x]
	clean := g.watchClean
	left := o.Zone == ZoneBattlefield
	// The event that comes with a move counts it as a change (emit); what
	// it changes is said here.
	g.dirty |= ChangeZones | ChangePlayers
	if left || z == ZoneBattlefield {
		g.dirty |= ChangeBattlefield
	}
	if o.Zone != ZoneNone && o.Zone != ZoneStack {
		list := g.zoneList(int(o.Owner), o.Zone)
		if i := slices.Index(*list, x); i >= 0 {
			*list = append((*list)[:i], (*list)[i+1:]...)
		}
	}
	if o.Zone == ZoneStack {
		for i := len(g.Stack) - 1; i >= 0; i-- {
			if g.Stack[i].Source == x && g.Stack[i].IsSpell() {
				g.Stack = append(g.Stack[:i], g.Stack[i+1:]...)
				break
			}
		}
	}
	o.lkiKeywords, o.lkiLost = 0, 0
	if o.Zone == ZoneBattlefield {
		o.leftBatch = g.batch
		for i := range g.Effects {
			if e := &g.Effects[i]; e.Target == x {
				o.lkiKeywords = o.lkiKeywords&^e.Lose | e.Keywords
				o.lkiLost |= e.Lose
			}
		}
		o.Types &^= o.effTypes // a new object has its own types only
		o.effTypes = 0
		o.Tapped, o.PhasedOut, o.Damage, o.Counters, o.AttachedTo = false, false, 0, [MaxCounterKinds]int32{}, NoObj
		o.Regen, o.Protector = 0, -1
		g.dropEffects(x)
	}
	o.State, o.Flags = [MaxStateKinds]int32{}, 0 // a new object remembers nothing
	o.Zone = z
	g.clock++
	o.Timestamp = g.clock
	switch z {
	case ZoneBattlefield, ZoneStack:
		o.Controller = int8(p)
	default:
		if !left {
			o.Controller = o.Owner
		}
	}
	if z == ZoneStack || z == ZoneNone {
		g.checkWatches(x, clean)
		return
	}
	owner := int(o.Owner)
	if z == ZoneBattlefield {
		owner = p
	}
	list := g.zoneList(owner, z)
	*list = append(*list, x) // (a reused game's graveyards, exiles and battlefield have room for every object: Reset)
	g.checkWatches(x, clean)
}

func (g *Game) dropEffects(x ObjID) {
	kept := g.Effects[:0]
	for _, e := range g.Effects {
		if e.Target != x {
			kept = append(kept, e)
		}
	}
	g.Effects = kept
}

// Untap untaps x.
func (g Exec) Untap(x ObjID, rule string) {
	if !g.valid(x) {
		return // no object (game.trigger_recipient outside a damage trigger): nothing happens
	}
	o := &g.Objs[x]
	if !o.Tapped {
		return
	}
	o.Tapped = false
	g.emitObj(EvUntap, rule, x, 0)
}

// Tap taps x.
func (g Exec) Tap(x ObjID, rule string) {
	if !g.valid(x) {
		return // no object (game.trigger_recipient outside a damage trigger): nothing happens
	}
	o := &g.Objs[x]
	if o.Tapped {
		return
	}
	o.Tapped = true
	g.emitObj(EvTap, rule, x, 0)
}

// PhaseOut phases x out; PhaseIn phases it in; PhaseToggle does whichever applies.
func (g Exec) PhaseOut(x ObjID, rule string) {
	if !g.valid(x) {
		return // no object (game.trigger_recipient outside a damage trigger): nothing happens
	}
	if o := &g.Objs[x]; !o.PhasedOut {
		clean := g.watchClean
		o.PhasedOut = true
		g.emitObj(EvPhaseOut, rule, x, 0)
		g.checkWatches(x, clean)
	}
}

// PhaseIn phases x in.
func (g Exec) PhaseIn(x ObjID, rule string) {
	if !g.valid(x) {
		return // no object (game.trigger_recipient outside a damage trigger): nothing happens
	}
	if o := &g.Objs[x]; o.PhasedOut {
		o.PhasedOut = false
		g.watchClean = false // tested at the next check
		g.emitObj(EvPhaseIn, rule, x, 0)
	}
}

// PhaseToggle phases x out if it is phased in, and in if it is phased out.
func (g Exec) PhaseToggle(x ObjID, rule string) {
	if !g.valid(x) {
		return // no object (game.trigger_recipient outside a damage trigger): nothing happens
	}
	if g.Objs[x].PhasedOut {
		g.PhaseIn(x, rule)
	} else {
		g.PhaseOut(x, rule)
	}
}

// Draw makes player p draw n cards. Drawing from an empty library draws
// nothing: it is an event (EvDrawEmpty) the rules react to (what it means
// is theirs: a loss at once, or at the next check): the draws past the
// library's last card are one event, however many they are, so that a
// draw of 2,000,000,000 costs what the library holds, not two billion
// events.
func (g Exec) Draw(p int, n int32, rule string) {
	if !g.IsPlayer(p) {
		return // no player (a player value of the rules that names none)
	}
	for i := int32(0); i < n; i++ {
		lib := g.Players[p].Library
		if len(lib) == 0 {
			g.emitPlayer(EvDrawEmpty, rule, p, 0)
			return
		}
		x := lib[len(lib)-1]
		g.move(x, ZoneHand, p)
		g.emitObj(EvDraw, rule, x, 0)
	}
}

// DiscardTo has player p discard cards of their choice until they hold at
// most n. It reports false when it is waiting for that choice.
func (g Exec) DiscardTo(p int, n int32, rule string) bool {
	if !g.IsPlayer(p) {
		return true // no player (a player value of the rules that names none)
	}
	excess := len(g.Players[p].Hand) - int(max(n, 0))
	if excess <= 0 {
		return true
	}
	chosen, ok := g.takeAnswer(Decision{Kind: DecideCards, Player: p, N: excess, Zone: ZoneHand, Verb: "discard", Rule: rule})
	if !ok {
		return false
	}
	for _, x := range chosen {
		g.move(x, ZoneGraveyard, p)
		g.emitObj(EvDiscard, rule, x, 0)
	}
	return true
}

// MarkDamage marks n damage on x.
func (g Exec) MarkDamage(x ObjID, n int32, rule string) {
	if !g.valid(x) {
		return // no object (game.trigger_recipient outside a damage trigger): nothing happens
	}
	g.Objs[x].Damage = addSat(g.Objs[x].Damage, n)
	g.emitObj(EvDamage, rule, x, n)
}

// RemoveDamage removes all damage marked on x.
func (g Exec) RemoveDamage(x ObjID, rule string) {
	if !g.valid(x) {
		return // no object (game.trigger_recipient outside a damage trigger): nothing happens
	}
	o := &g.Objs[x]
	if o.Damage == 0 {
		return
	}
	g.emitObj(EvRemoveDamage, rule, x, o.Damage)
	o.Damage = 0
}

// EmptyMana empties player p's mana pool.
func (g Exec) EmptyMana(p int, rule string) {
	if !g.IsPlayer(p) {
		return // no player (a player value of the rules that names none)
	}
	pl := &g.Players[p]
	if t := pl.Mana.Total(); t > 0 {
		g.emitPlayer(EvEmptyMana, rule, p, t)
		pl.Mana = Mana{}
	}
}

// GainLife and LoseLife change a life total.
func (g Exec) GainLife(p int, n int32, rule string) {
	if !g.IsPlayer(p) {
		return // no player (a player value of the rules that names none)
	}
	if n <= 0 {
		return
	}
	g.Players[p].Life = addSat(g.Players[p].Life, n)
	g.emitPlayer(EvLifeGain, rule, p, n)
}

// LoseLife makes player p lose n life.
func (g Exec) LoseLife(p int, n int32, rule string) {
	if !g.IsPlayer(p) {
		return // no player (a player value of the rules that names none)
	}
	if n <= 0 {
		return
	}
	g.Players[p].Life = subSat(g.Players[p].Life, n)
	g.emitPlayer(EvLifeLoss, rule, p, n)
}

// AddCounters puts n counters of kind k on x (n may be negative to remove).
func (g Exec) AddCounters(x ObjID, k CounterKind, n int32, rule string) {
	if !g.valid(x) || int(k) >= len(g.Rules.Counters) || int(k) >= MaxCounterKinds {
		return // no object (game.trigger_recipient of no damage), or a kind the rules do not declare
	}
	c := &g.Objs[x].Counters[k]
	if addSat(*c, n) < 0 {
		n = -*c
	}
	n = subSat(addSat(*c, n), *c) // saturated: what is actually added
	if n == 0 {
		return
	}
	*c += n
	g.emit(Event{Kind: EvCounters, Rule: rule, Player: g.Objs[x].Controller, Obj: x, N: n, Name: g.Rules.CounterName(k)})
}

// Destroy puts permanent x into its owner's graveyard, unless a keyword the
// rules declare prevents destruction (indestructible) or one of the rules'
// replacements of destruction applies (Rules.Replacements). Within one
// batch of state-based actions a prevented or replaced destruction is
// prevented or replaced once for all identical results.
func (g Exec) Destroy(x ObjID, rule string) {
	if !g.valid(x) {
		return // no object (game.trigger_recipient outside a damage trigger): nothing happens
	}
	o := &g.Objs[x]
	if o.Zone != ZoneBattlefield {
		return
	}
	if g.batch != 0 && o.batch == g.batch {
		return
	}
	for _, im := range g.Rules.Prevent {
		if im.Event == "destroy" && g.HasKeyword(x, im.Keyword) {
			g.emitObj(EvPrevented, im.Rule, x, 0)
			o.batch = g.batch
			return
		}
	}
	if len(g.Rules.Replacements) > 0 && g.replace("destroy", x, NoObj, 0) {
		return
	}
	g.emitObj(EvDestroy, rule, x, 0)
	g.move(x, ZoneGraveyard, int(o.Owner))
}

// Cease makes x cease to exist (tokens and copies out of place).
func (g Exec) Cease(x ObjID, rule string) {
	if !g.valid(x) {
		return // no object (game.trigger_recipient outside a damage trigger): nothing happens
	}
	o := &g.Objs[x]
	if o.Zone == ZoneNone {
		return
	}
	g.emitObj(EvCease, rule, x, 0)
	g.move(x, ZoneNone, int(o.Owner))
}

// Unattach makes x stop being attached to anything.
func (g Exec) Unattach(x ObjID, rule string) {
	if !g.valid(x) {
		return // no object (game.trigger_recipient outside a damage trigger): nothing happens
	}
	o := &g.Objs[x]
	if o.AttachedTo == NoObj {
		return
	}
	g.emitObj(EvUnattach, rule, x, 0)
	o.AttachedTo = NoObj
}

// Attach attaches x to y (an Aura spell resolving, or a fixture's setup
// with no rule, which is not logged). Nothing for no object. (An Aura
// attached to itself is the rules' to deal with.)
func (g Exec) Attach(x, y ObjID, rule string) {
	if !g.valid(x) || !g.valid(y) {
		return
	}
	if rule != "" {
		g.emit(Event{Kind: EvAttach, Rule: rule, Player: g.Objs[x].Controller, Obj: x, Other: int32(y)})
	}
	g.Objs[x].AttachedTo = y
	g.touch(ChangeAll)
}

// ObjEnchants reports whether x's enchant ability allows it to enchant t:
// x has none (Enchant 0: anything), or t has one of its card types.
func ObjEnchants(g Exec, x, t ObjID) bool {
	if !g.valid(x) || !g.valid(t) {
		return false
	}
	e := g.Objs[x].Enchant
	return e == 0 || g.Objs[t].Types&e != 0
}

// Move puts x into its owner's zone z.
func (g Exec) Move(x ObjID, z Zone, rule string) {
	if !g.valid(x) {
		return // no object (game.trigger_recipient outside a damage trigger): nothing happens
	}
	if g.Objs[x].Zone == z {
		return
	}
	g.emit(Event{Kind: EvMove, Rule: rule, Player: g.Objs[x].Controller, Obj: x, Name: z.String()})
	g.move(x, z, int(g.Objs[x].Owner))
	if z == ZoneBattlefield {
		g.entered(x, rule)
	}
}

// maxTokensAtOnce bounds the tokens one statement creates (a number the
// rules compute may be huge): past it, no more are created.
const maxTokensAtOnce = 256

// CreateToken creates n tokens of the token the rules declare named name
// (a token declaration: Rules.Card): each a new object, owned by player p
// and on the battlefield under p's control (logged as a move there), which
// entered the battlefield. Nothing for no player, one who has left the
// game, or a name the rules declare no token of.
func (g Exec) CreateToken(p int, name string, n int32, rule string) {
	if !g.IsPlayer(p) || g.Players[p].Lost {
		return
	}
	c, ok := g.Rules.Card(name)
	if !ok || !c.Token {
		return
	}
	kw, timing, err := g.Rules.cardBits(c)
	if err != nil {
		return
	}
	for i := int32(0); i < min(n, maxTokensAtOnce); i++ {
		x := g.place(g.newObject(c, p, kw, timing), p, ZoneBattlefield)
		g.emit(Event{Kind: EvMove, Rule: rule, Player: int8(p), Obj: x, Name: ZoneBattlefield.String()})
		g.entered(x, rule)
	}
}

// Lose makes player p lose the game. Whether the game ends is the rules'
// (the game_won and game_drawn mechanisms, see settle): asked after all
// the results of a check of state-based actions (their losses are
// simultaneous), at once for a loss the rules give elsewhere (a statement
// of a stack object or an effect).
func (g Exec) Lose(p int, rule string) {
	if !g.IsPlayer(p) {
		return // no player (a player value of the rules that names none)
	}
	if g.Players[p].Lost {
		return
	}
	g.Players[p].Lost = true
	g.emitPlayer(EvLose, rule, p, 0)
	if g.batch == 0 {
		g.settle()
	}
}

// settle runs the rules' statements that say, after losses, whether a
// player has won the game, then whether it is a draw.
func (g *Game) settle() {
	for _, m := range [...]Mechanism{MechGameWon, MechGameDrawn} {
		if proc := &g.Rules.Procedures[m]; proc.Run != nil && !g.over {
			proc.Run(g.exec())
		}
	}
}

// Win is the statement that makes p win the game: the game is over.
func (g Exec) Win(p int, rule string) {
	if !g.IsPlayer(p) || g.over {
		return // no player, or the game is over already
	}
	g.end(p, rule)
	g.Players[p].Won = true
	g.emitPlayer(EvWin, rule, p, 0)
}

// DrawGame is the statement that ends the game in a draw, for p (a player
// of the game, whether in it or not) and every other player.
func (g Exec) DrawGame(p int, rule string) {
	if !g.IsPlayer(p) || g.over {
		return
	}
	g.end(-1, rule)
	g.emitPlayer(EvDrawGame, rule, -1, 0)
}

// end records the end of the game: its winner (-1: none) and the rule.
func (g *Game) end(winner int, rule string) {
	g.over, g.winner, g.endRule = true, winner, rule
	g.pending = Decision{}
}
