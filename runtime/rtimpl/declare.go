package rtimpl

import "slices"

// Declarations of attackers and blockers and damage assignment orders. A
// declaration is checked whole against the rules' predicates and applied
// at once, or refused citing the rule it breaks with nothing changed.

// PlayerCode is the code of player p in Answer.Targets and Event.Other.
func PlayerCode(p int) int32 { return int32(-1 - p) }

// defendingPlayer is the player p's creatures attack when a declaration
// names no target: the one the function choose_attackers is given names
// (Default: the rules' defending player), -1 if it names no player of the
// game (declShape then refuses a declaration naming no target).
func (g *Game) defendingPlayer(p int) int {
	if q := int(g.fnValue(g.Combat.Atk.Default, ObjID(p), NoObj)); g.exec().IsPlayer(q) {
		return q
	}
	return -1
}

// Defender is the defending player chosen this combat (ChooseDefender),
// or -1 before one is.
func (g Exec) Defender() int {
	if g.Combat.DefenderChosen {
		return int(g.Combat.Defender)
	}
	return -1
}

// ChooseDefender has player p choose the defending player this combat
// among the players q for whom the rules' function may holds of (p, q)
// (given(p, q, holds(can_attack_player, p, q)): an opponent in the game),
// listed in turn
// order from p (Decision.From): asked when there are several; with one it
// is that one; with none, none is chosen. What that means for attacks is
// the rules' (game.defender in an attack restriction).
func (g Exec) ChooseDefender(p int, may FnID, rule string) bool {
	if !g.IsPlayer(p) {
		return true // no player (a player value of the rules that names none)
	}
	if g.Combat.DefenderChosen {
		return true
	}
	m := g.Mark()
	for i := 1; i <= len(g.Players); i++ { // in turn order from p
		if q := (p + i) % len(g.Players); g.fnHolds(may, ObjID(p), ObjID(q)) {
			g.Push(int32(q))
		}
	}
	cands := g.Selected(m)
	switch len(cands) {
	case 0:
		g.Release(m) // none: the rules name no one p may attack
		return true
	case 1:
		g.Combat.Defender, g.Combat.DefenderChosen = int8(cands[0]), true
		g.Release(m)
		return true
	}
	from := make([]ObjID, len(cands))
	for i, q := range cands {
		from[i] = ObjID(q)
	}
	g.Release(m)
	g.pending = Decision{Kind: DecideDefender, Player: p, Rule: rule, Obj: NoObj, From: from}
	return false
}

func (g *Game) submitDefender(d *Decision, a *Answer) error {
	if a.Kind != Declare || len(a.Targets) != 1 || a.Targets[0] >= 0 {
		return refuse(d.Rule, "%s must choose one opponent as the defending player", g.PlayerName(d.Player))
	}
	q := int(-1 - a.Targets[0])
	if !slices.Contains(d.From, ObjID(q)) {
		return refuse(d.Rule, "%s can't be chosen as the defending player: %s may attack only %s", g.PlayerName(q), g.PlayerName(d.Player), g.playerNames(d.From))
	}
	g.Combat.Defender, g.Combat.DefenderChosen = int8(q), true
	g.emit(Event{Kind: EvDefender, Rule: d.Rule, Player: int8(d.Player), Obj: NoObj, Other: PlayerCode(q)})
	g.pending = Decision{}
	return nil
}

func (g *Game) submitAttackers(d *Decision, a *Answer) error {
	if s := g.decl; s == nil || !s.checked.holds(g, a) {
		if err := g.checkClauses(d, a, false); err != nil {
			return err
		}
	}
	g.recordAttackers(d.Player, a)
	return nil
}

// checkClauses refuses a declaration a of attackers (blocks: of
// blockers) that the declaration's clauses forbid, changing nothing: its
// shape first (declShape), then each clause in the order the rules stated
// it (DeclFns.Order): the clauses of a pair for each pair in turn (its
// creature meeting Each; meeting Against with what it is declared against,
// an object; declared against at most AtMost things), and of attackers
// what p's creatures may attack (checkTarget: choose_attackers' own
// functions, after the clauses stated before it); then those of the whole
// (Forbidden for no permanent with it made: declRestricted; no declaration
// meeting these obeying more requirements: declRequirements; its total
// Cost payable: payableDeclaration).
func (g *Game) checkClauses(d *Decision, a *Answer, blocks bool) error {
	p := d.Player
	fns := g.declOf(blocks)
	ix := &g.declBufs().ix
	ix.build(len(g.Objs), a.Objs)
	defer ix.clear()
	if err := g.declShape(d, a, ix, blocks); err != nil {
		return err
	}
	dflt, ok := g.defaultTarget(p, a, blocks)
	if !ok {
		return refuse(d.Rule, "name what each creature attacks: the rules name no defending player")
	}
	pairs, whole := g.declBufs().orderOf(fns, blocks)
	verb := declVerb(blocks)
	for i, x := range a.Objs {
		t := declaredAgainst(a, i, dflt)
		for _, k := range pairs {
			switch k {
			case ClauseEach:
				if ok, held := g.fnCond(fns.Each, x, NoObj, false); !ok {
					return g.refuseFn(fns.Each, held, d.Rule, "%s can't %s", g.nameOf(x), verb)
				}
			case ClauseAgainst:
				if t < 0 {
					continue // a player: Against is of two objects
				}
				if ok, held := g.fnCond(fns.Against, x, ObjID(t), true); !ok {
					return g.refuseFn(fns.Against, held, d.Rule, "%s can't %s %s", g.nameOf(x), verb, g.nameOf(ObjID(t)))
				}
			case ClauseAtMost:
				if ix.at(x) == int32(i+1) && fns.AtMost == 0 {
					continue // a creature's first pair: within one, the most none stated allows
				}
				if n := ix.before(i, x, nil, 0, true); int32(n) >= g.declAtMost(x, blocks) {
					return g.refuseAtMost(d.Rule, x, blocks)
				}
			}
		}
		if !blocks && (i == 0 || t != declaredAgainst(a, i-1, dflt)) { // (what p's creatures may attack: once per target in a row)
			if err := g.checkTarget(d, p, x, t); err != nil {
				return err
			}
		}
	}
	ix.clear() // (the checks below index their own)
	for _, k := range whole {
		switch k {
		case ClauseForbidden:
			if bad, held := g.declRestricted(p, a.Objs, a.Targets, blocks, true); bad != NoObj {
				return g.refuseRestriction(fns.Forbidden, bad, held)
			}
		case ClauseRequires:
			if err := g.declRequirements(p, a.Objs, a.Targets, blocks); err != nil {
				return err
			}
		case ClauseCost:
			if err := g.payableDeclaration(d, p, a, dflt, blocks); err != nil {
				return err
			}
		}
	}
	return nil
}

// defaultTarget is what player p's creatures declared in an attack a
// naming no targets attack: the defending player (PlayerCode), evaluated
// once; 0 when a names them, or declares blockers. ok is false when the
// rules name no defending player for such an attack.
func (g *Game) defaultTarget(p int, a *Answer, blocks bool) (t int32, ok bool) {
	if blocks || len(a.Targets) > 0 || len(a.Objs) == 0 {
		return 0, true
	}
	q := g.defendingPlayer(p)
	return PlayerCode(q), q >= 0
}

// declaredAgainst is what a.Objs[i] is declared against: of blockers the
// attacker, of attackers the target answered (none: dflt, the defending
// player's code).
func declaredAgainst(a *Answer, i int, dflt int32) int32 {
	if len(a.Targets) > 0 {
		return a.Targets[i]
	}
	return dflt
}

// payableDeclaration refuses declaration a of player p (of attackers, or
// of blockers) if p can't pay the total of what its cost clause
// (DeclFns.Cost) gives for each creature in it, once each, or can't once
// the rules have it paid (the declaration made in a trial game); dflt is
// what an attack naming no targets attacks. The calls are direct: a
// function value would make every Submit's answer escape.
func (g *Game) payableDeclaration(d *Decision, p int, a *Answer, dflt int32, blockers bool) error {
	var cost Cost
	fn := g.fn(g.declOf(blockers).Cost)
	if fn == nil || fn.Cost2 == nil {
		return nil // no cost stated
	}
	e := g.exec()
	for i, x := range a.Objs {
		if blockers && slices.Contains(a.Objs[:i], x) {
			continue // a creature in several pairs: once
		}
		cost = cost.Add(fn.Cost2(e, x, ObjID(attackedPlayer(declaredAgainst(a, i, dflt)))))
	}
	if cost.ManaValue() == 0 {
		return nil
	}
	verb := "attack"
	if blockers {
		verb = "block"
	}
	if !g.canPay(p, cost) {
		return refuse(d.Rule, "%s can't pay %s, the total cost to %s with these creatures", g.PlayerName(p), cost, verb)
	}
	if ok, rule := g.payableAfter(func(s *Game) {
		if blockers {
			s.recordBlockers(p, a)
		} else {
			s.recordAttackers(p, a)
		}
	}); !ok {
		return refuse(rule, "%s can't pay %s, the total cost to %s with these creatures, when the rules have it paid", g.PlayerName(p), cost, verb)
	}
	return nil
}

// declShape refuses an answer to a declaration of attackers (blockers:
// of blockers) that is not one, whatever the rules: of another kind; of
// attackers, with targets neither none nor one per creature, a creature
// named twice, a target that is no player or object of the game; of
// blockers, without the attacker each blocks, naming as one a creature
// that is not attacking, or a blocker and an attacker twice; naming
// anything but a permanent on the battlefield. ix indexes a.Objs. Which
// creature may be declared, and against what, is the rules' (the checks
// that follow).
func (g *Game) declShape(d *Decision, a *Answer, ix *declIndex, blockers bool) error {
	switch {
	case !blockers && a.Kind != Declare:
		return refuse(d.Rule, "%s must declare attackers (possibly none)", g.PlayerName(d.Player))
	case !blockers && len(a.Targets) != 0 && len(a.Targets) != len(a.Objs):
		return refuse(d.Rule, "give one target per attacker, or none")
	case blockers && (a.Kind != Declare || len(a.Targets) != len(a.Objs)):
		return refuse(d.Rule, "%s must declare blockers with the attacker each blocks (possibly none)", g.PlayerName(d.Player))
	}
	for i, x := range a.Objs {
		if !g.valid(x) || g.Objs[x].Zone != ZoneBattlefield || g.Objs[x].PhasedOut {
			return refuse(d.Rule, "%s is not a permanent on the battlefield", g.nameOf(x))
		}
		if !blockers {
			if ix.at(x) != int32(i+1) {
				return refuse(d.Rule, "%s is declared twice", g.nameOf(x))
			}
			if i >= len(a.Targets) {
				continue // no targets: the defending player
			}
			if t := a.Targets[i]; t < 0 && int(-1-t) >= len(g.Players) {
				return refuse(d.Rule, "%s can't attack player %d: there is no such player", g.nameOf(x), -1-t)
			} else if t >= 0 && !g.valid(ObjID(t)) {
				return refuse(d.Rule, "%s can't attack object %d: there is no such object", g.nameOf(x), t)
			}
			continue
		}
		at := ObjID(a.Targets[i])
		if ix.before(i, x, a.Targets, int32(at), false) > 0 {
			return refuse(d.Rule, "%s blocks %s twice", g.nameOf(x), g.nameOf(at))
		}
		if g.attackIndex(at) < 0 {
			return refuse(d.Rule, "%s is not an attacking creature", g.nameOf(at))
		}
	}
	return nil
}

// recordAttackers records p's declaration of attackers a, answered.
func (g *Game) recordAttackers(p int, a *Answer) {
	c := &g.Combat
	c.AttackersDone = true
	c.DeclaredAttackers = int32(len(a.Objs))
	c.Declared, c.Declaring = c.Declared[:0], DeclaringAttackers
	// Grown once to the declaration's size, not by doubling (allocations
	// on a big board); likewise the attacks it makes.
	n := max(len(a.Objs), len(g.Objs)) // (to a bound: a later, bigger declaration grows nothing)
	c.Declared, c.Attacks = slices.Grow(c.Declared, n), slices.Grow(c.Attacks, n)
	dflt, _ := g.defaultTarget(p, a, false) // (checked: checkClauses)
	for i, x := range a.Objs {
		t := declaredAgainst(a, i, dflt)
		c.Declared = append(c.Declared, Declared{Obj: x, Target: t, By: int8(p), Defender: int8(g.defenderOf(t))})
	}
	g.pending = Decision{}
}

// payableAfter reports whether, with the answer recorded (record, on a
// copy of the game), the rules' statements that follow in this step can
// pay the declaration's costs: the step's actions run on the copy until
// they end or ask a decision, and a payment of declared costs that can't
// be made (the rules may tap the creatures first) refuses the answer,
// citing the rule of that payment.
func (g *Game) payableAfter(record func(s *Game)) (ok bool, rule string) {
	if g.stage != stActions {
		return true, ""
	}
	ok = true
	g.tryOn(func(s *Game) bool {
		record(s)
		s.Combat.payFailed = ""
		_, st, _ := s.current()
		s.runActions(st.Actions)
		if s.Combat.payFailed != "" {
			ok, rule = false, s.Combat.payFailed
		}
		return true
	})
	return ok, rule
}

// checkTarget refuses x's attack on t (a PlayerCode or a permanent) unless
// the rules let p's creatures attack it (the functions they give
// choose_attackers: of p and the target) and, for a permanent, name who
// defends it; what that means (an opponent, in the game, on the
// battlefield...) is theirs.
func (g *Game) checkTarget(d *Decision, p int, x ObjID, t int32) error {
	f, y := g.Combat.Atk.Permanent, ObjID(t)
	if t < 0 {
		f, y = g.Combat.Atk.Player, ObjID(-1-t)
	}
	if ok, held := g.fnCond(f, ObjID(p), y, true); !ok {
		what := g.PlayerName(int(y))
		if t >= 0 {
			what = g.nameOf(y)
		}
		return g.refuseFn(f, held, d.Rule, "%s can't attack %s", g.nameOf(x), what)
	}
	if t >= 0 && !g.exec().IsPlayer(g.defenderOf(t)) {
		_, held := g.fnEval(g.Combat.Atk.Defender, y, NoObj)
		return g.refuseFn(g.Combat.Atk.Defender, held, d.Rule, "%s can't attack %s: the rules name no player who defends it", g.nameOf(x), g.nameOf(y))
	}
	return nil
}

// defenderOf is the player who defends t, a PlayerCode (that player) or
// a permanent (the rules' function Defender; -1 if they give none).
func (g *Game) defenderOf(t int32) int {
	if t < 0 {
		return int(-1 - t)
	}
	if g.Combat.Atk.Defender == 0 {
		return -1
	}
	return int(g.fnValue(g.Combat.Atk.Defender, ObjID(t), NoObj))
}

// attackOn is the attack of x, controlled by p, on t (a PlayerCode or a
// permanent) defended by player d.
func attackOn(p int, x ObjID, t int32, d int) Attack {
	at := Attack{Attacker: x, Target: NoObj, Controller: int8(p), Player: int8(d)}
	if t >= 0 {
		at.Target = ObjID(t)
	}
	return at
}

// CardAttackCost is x's card's own cost to attack (none: it has none, or
// x is no object). What a creature's cost to attack is, with a
// permanent's tax, is the rules' (rules/combat.mtg: declaration_cost,
// attack_cost).
func (g Exec) CardAttackCost(x ObjID) Cost {
	if !g.valid(x) {
		return Cost{} // no object
	}
	return g.face(x).AttackCost
}

// CardBlockCost is x's card's own cost to block (none: it has none, or x
// is no object).
func (g Exec) CardBlockCost(x ObjID) Cost {
	if !g.valid(x) {
		return Cost{} // no object
	}
	return g.face(x).BlockCost
}

// GenericMana is a cost of n generic mana (none if n is not positive).
func (g Exec) GenericMana(n int32) Cost { return Cost{Generic: max(n, 0)} }

// CostManaValue is the mana value of cost c: the total amount of mana it
// asks for.
func (g Exec) CostManaValue(c Cost) int32 { return c.ManaValue() }

// attackedPlayer is the player a creature declared against t attacks:
// t's player for a PlayerCode, none (-1) for a permanent, or for the
// attacker a blocker blocks.
func attackedPlayer(t int32) int {
	if t >= 0 {
		return -1
	}
	return int(-1 - t)
}

func (g *Game) valid(x ObjID) bool { return x >= 0 && int(x) < len(g.Objs) }

func (g *Game) submitBlockers(d *Decision, a *Answer) error {
	if s := g.decl; s == nil || !s.checked.holds(g, a) {
		if err := g.checkClauses(d, a, true); err != nil {
			return err
		}
	}
	g.recordBlockers(d.Player, a)
	return nil
}

// recordBlockers adds player q's declaration of blockers a, answered, to
// the declaration.
func (g *Game) recordBlockers(q int, a *Answer) {
	c := &g.Combat
	c.BlockersDone |= 1 << q
	if c.Declaring != DeclaringBlockers {
		c.Declared, c.Declaring = c.Declared[:0], DeclaringBlockers
	}
	n := max(len(a.Objs), len(g.Objs))
	c.Declared, c.Blocks = slices.Grow(c.Declared, n), slices.Grow(c.Blocks, n) // as recordAttackers
	ix := &g.declBufs().ix
	ix.build(len(g.Objs), a.Objs)
	for i, b := range a.Objs {
		first := ix.at(b) == int32(i+1)
		if first {
			c.DeclaredBlockers++
		}
		c.Declared = append(c.Declared, Declared{Obj: b, Target: a.Targets[i], By: int8(q), Repeated: !first})
	}
	ix.clear()
	g.pending = Decision{}
}

func (g *Game) submitOrder(d *Decision, a *Answer) error {
	what := "blockers of"
	if !g.exec().Attacking(d.Obj) {
		what = "attackers blocked by"
	}
	if a.Kind != Declare || len(a.Objs) != len(d.From) {
		return refuse(d.Rule, "put all %d %s %s in order", len(d.From), what, g.nameOf(d.Obj))
	}
	for i, b := range a.Objs {
		if !slices.Contains(d.From, b) || slices.Contains(a.Objs[:i], b) {
			return refuse(d.Rule, "the order must list each of the %s %s once", what, g.nameOf(d.Obj))
		}
	}
	attacker := g.exec().Attacking(d.Obj) // else the order of a blocker's attackers
	for i, y := range a.Objs {
		for j := range g.Combat.Blocks {
			bl := &g.Combat.Blocks[j]
			switch {
			case attacker && bl.Blocker == y && bl.Attacker == d.Obj:
				bl.Order = int16(i)
			case !attacker && bl.Blocker == d.Obj && bl.Attacker == y:
				bl.BOrder = int16(i)
			}
		}
		g.emit(Event{Kind: EvOrder, Rule: d.Rule, Player: int8(d.Player), Obj: d.Obj, N: int32(i + 1), Other: int32(y)})
	}
	g.Combat.Ordered = append(g.Combat.Ordered, d.Obj)
	g.pending = Decision{}
	return nil
}

// AttackersDeclared and BlockersDeclared say whether those declarations
// were made in this combat (timing windows "after attackers are declared").
func (g Exec) AttackersDeclared() bool { return g.Combat.AttackersDone }

// BlockersDeclared reports whether some player declared blockers this combat.
func (g Exec) BlockersDeclared() bool { return g.Combat.BlockersDone != 0 }

// BlockedBy returns the attackers blocker b blocks, in its damage
// assignment order.
func (g Exec) BlockedBy(b ObjID) []ObjID {
	n := g.numBlockedBy(b)
	if n == 0 {
		return nil
	}
	return g.appendOrdered(make([]ObjID, 0, n), func(bl *Block) (ObjID, int16, bool) {
		return bl.Attacker, bl.BOrder, bl.Blocker == b && bl.Attacker != NoObj
	})
}

// DeclaredAttackerCount is the number of creatures declared as attackers
// this combat.
func (g Exec) DeclaredAttackerCount() int32 { return g.Combat.DeclaredAttackers }

// DeclaredBlockerCount is the number of creatures declared as blockers
// this combat.
func (g Exec) DeclaredBlockerCount() int32 { return g.Combat.DeclaredBlockers }

// AttackedPlayer is the player attacking creature x attacks; -1 if it
// attacks a permanent (a planeswalker, a battle) or is not attacking.
func (g Exec) AttackedPlayer(x ObjID) int {
	if i := g.attackIndex(x); i >= 0 {
		if a := &g.Combat.Attacks[i]; a.Target == NoObj && !a.Nothing {
			return int(a.Player)
		}
	}
	return -1
}

// AttackedPermanent is the permanent (a planeswalker, a battle) x
// attacks; NoObj if it attacks a player or is not attacking.
func (g Exec) AttackedPermanent(x ObjID) ObjID {
	if i := g.attackIndex(x); i >= 0 {
		if a := &g.Combat.Attacks[i]; !a.Nothing {
			return a.Target
		}
	}
	return NoObj
}

// DefendingPlayer is the player x attacks, or who defends the permanent
// it attacks; -1 if it is not attacking.
func (g Exec) DefendingPlayer(x ObjID) int {
	if i := g.attackIndex(x); i >= 0 {
		return int(g.Combat.Attacks[i].Player)
	}
	return -1
}
