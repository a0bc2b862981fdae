package rtimpl

import (
	"fmt"
	"slices"
)

// Combat damage: which creatures deal damage in this step, their
// assignment (decided by the player when there is a choice, checked as a
// whole), and dealing all of it at once.

// attacksWith reports whether creatures attack for player p.
func (g *Game) attacksWith(p int) bool {
	return slices.ContainsFunc(g.Combat.Attacks, func(a Attack) bool { return int(a.Controller) == p })
}

// divider is a creature whose N combat damage its controller divides in
// this step among the creatures it is in combat with, in order, and with
// Attacked what it attacks after them.
type divider struct {
	Source   ObjID
	Attacked bool
	By       int8 // the player who divides it
	N        int32
}

// MayDivide makes creature x, in combat with creatures, one whose n combat
// damage in this step player p divides among them, in order, as
// DivideCombatDamage asks (the rules say which creatures have a choice,
// how much they assign and who divides it); its controller if p is no
// player in the game. Nothing if x is one already (the first says how
// much, by whom, and whether with what it attacks); 0 or less is none.
func (g Exec) MayDivide(x ObjID, n int32, p int, rule string) { g.markDivider(x, n, p, false) }

// MayDivideToAttacked is MayDivide, with what x attacks (the player or
// permanent) after the creatures blocking it.
func (g Exec) MayDivideToAttacked(x ObjID, n int32, p int, rule string) {
	g.markDivider(x, n, p, true)
}

func (g *Game) markDivider(x ObjID, n int32, p int, attacked bool) {
	c := &g.Combat
	if !g.valid(x) || attacked && !g.exec().Attacking(x) || slices.ContainsFunc(c.dividers, func(d divider) bool { return d.Source == x }) {
		return
	}
	if !g.exec().IsPlayer(p) {
		p = int(g.Objs[x].Controller)
	}
	c.dividers = append(reserve(c.dividers, g.combatants()), divider{Source: x, Attacked: attacked, By: int8(p), N: max(n, 0)})
}

// DivideCombatDamage asks player p to divide, all at once, the combat
// damage of their creatures the rules made dividers (MayDivide) in this
// step; the answer is refused if the rules' function restrict (a
// condition of a source and a recipient: given(s, b, holds(
// division_restriction, s, b))) holds for a source and one of its
// recipients, and a division made makes its creature no longer a divider.
// The rules' function figure (a value of the two: lethal_damage) is what
// the host is told of each recipient (Options) and refusals quote. It
// reports false while it waits.
func (g Exec) DivideCombatDamage(p int, restrict, figure FnID, rule string) bool {
	c := &g.Combat
	b := g.auxOf()
	// Grown once to what the groups may hold: every blocker once, and
	// what each divider attacks.
	b.from, b.groups = slices.Grow(b.from[:0], len(c.Blocks)+len(c.dividers)+g.combatants()), slices.Grow(b.groups[:0], max(len(c.dividers), g.combatants()))
	for _, d := range c.dividers {
		x := d.Source
		if !g.valid(x) || int(d.By) != p {
			continue
		}
		if from, n := g.recipients(d); len(from) > 0 && n > 0 {
			b.groups = append(b.groups, DamageGroup{Source: x, From: from, N: int(n)})
		}
	}
	groups := b.groups[:len(b.groups):len(b.groups)]
	if len(groups) == 0 {
		return true
	}
	g.pending = Decision{Kind: DecideDamage, Player: p, Obj: groups[0].Source, From: groups[0].From, N: groups[0].N, Groups: groups, Rule: rule}
	c.divRestrict, c.divFigure = restrict, figure
	return false
}

// recipients returns what divider d divides among, in order (NoObj
// standing for what it attacks), and how much damage.
// The list is appended to the game's damage buffer (gameAux.from).
func (g *Game) recipients(d divider) ([]ObjID, int32) {
	x := d.Source
	b := g.aux
	start := len(b.from)
	switch {
	case g.exec().Attacking(x):
		b.from = g.appendBlockers(b.from, x)
		if d.Attacked {
			b.from = append(b.from, NoObj) // what it attacks, if still there (addDivision)
		}
	case g.exec().Blocking(x):
		b.from = g.appendOrdered(b.from, func(bl *Block) (ObjID, int16, bool) {
			return bl.Attacker, bl.BOrder, bl.Blocker == x && bl.Attacker != NoObj
		}) // BlockedBy(x)
	}
	if len(b.from) == start {
		return nil, d.N
	}
	return b.from[start:len(b.from):len(b.from)], d.N // appends reallocate, never overwrite a neighbour
}

// gameAux holds what a game keeps that is not its state: Save skips it,
// CopyFrom keeps the destination's, and no two games share one.
//
// The buffers of the combat damage decisions: the pending decision's
// groups and their recipients, DefaultDamage's answer, Submit's scratch
// (CopyFrom copies the pending decision into the destination's). A
// damage decision's From and Groups, and the slices of DefaultDamage's
// answer, hold until the game's next damage decision (or DefaultDamage).
type gameAux struct {
	copies  []bool // Reset's: whether each card of the decks is a copy of the one before
	from    []ObjID
	groups  []DamageGroup
	amounts []int32    // DefaultDamage's answer
	divs    []Division // DefaultDamage's answer
	cards   []ObjID    // PassPolicy's answer to DecideCards
	sub     []int32    // submitDamage's amounts
	subOf   [][]int32
	// tokCopy says whether some object is a token or a copy (which it is
	// from its creation on): 0 not known (look), 1 none, 2 some.
	tokCopy int8
	// dealMark[x] == dealGen: x is one of Combat.dealers (deals in O(1)
	// on a big board); renewed (dealGen moved on) when the list is
	// emptied or copied (forgetDealers), kept by addDealer.
	dealMark []uint32
	dealGen  uint32
	keys     []int16 // appendOrdered's, of many blocks
	try      *Game   // the scratch copy the game tries things on (tryGame)
	tryBusy  bool
	// why is the note of the clause that decided a function of the rules
	// fnEval evaluates (Game.why points to it meanwhile).
	why whyNote
	// attKnown is Game.changes+1 when attached was found (anyAttached),
	// 0 when it is not known (CopyFrom, Reset: another game's changes).
	attKnown uint32
	attached bool
	// availAt is Game.changes+1 when avail, the mana player availP may
	// pay with, was counted (availFor); 0 when not known.
	availAt uint32
	availP  int
	avail   Mana
	// watchedAt is Game.changes+1 after a check of the rules' watches
	// found nothing (watchCheck); 0 when not known.
	watchedAt uint32
	// tough is the toughness memo of a state-based-action match
	// (matchSBAs; on while toughOn): tough[x].at == toughGen when its v
	// is x's toughness at Game.changes toughAt.
	tough    []toughMemo
	toughGen uint32
	toughAt  uint32
	toughOn  bool
}

// combatants is what the combat buffers of one entry per creature are
// grown to at once (reserve): the game's number of objects, which the
// game's later combats, however big, don't exceed.
func (g *Game) combatants() int { return len(g.Objs) }

// reserve returns s with room for one more element: when it is full,
// grown at once to n (a bound the caller knows), not by doubling, so that
// a game's buffers reach their size in one allocation.
func reserve[T any](s []T, n int) []T {
	if len(s) < cap(s) {
		return s
	}
	return slices.Grow(s, max(n-len(s), 1))
}

// forgetDealers makes the marks of Combat.dealers those of the list as
// it is now (emptied, copied from another game, loaded): whenever the
// list is not empty, every one of its creatures is marked.
func (g *Game) forgetDealers() {
	if a := g.aux; len(g.Combat.dealers) > 0 || a != nil && len(a.dealMark) > 0 {
		g.markDealers()
	}
}

// markDealers marks every one of Combat.dealers under a new generation,
// the table grown to the game's objects.
func (g *Game) markDealers() {
	a := g.auxOf()
	if n := len(g.Objs); len(a.dealMark) < n {
		a.dealMark, a.dealGen = make([]uint32, n+n/4+1), 0
	}
	a.dealGen++
	if a.dealGen == 0 { // wrapped: no mark may look current
		clear(a.dealMark)
		a.dealGen = 1
	}
	for _, d := range g.Combat.dealers {
		if uint(d) >= uint(len(a.dealMark)) {
			a.dealMark = nil
			g.markDealers() // (an object made since: grown)
			return
		}
		a.dealMark[d] = a.dealGen
	}
}

// deals reports whether x is one of Combat.dealers (Combat.deals: a scan
// on a big board): dealMark[x] == dealGen. With no dealer there may be
// no table.
func (g *Game) deals(x ObjID) bool {
	a := g.aux
	return a != nil && uint(x) < uint(len(a.dealMark)) && a.dealMark[x] == a.dealGen
}

// addDealer adds x to Combat.dealers, marked.
func (g *Game) addDealer(x ObjID) {
	c := &g.Combat
	c.dealers = append(reserve(c.dealers, g.combatants()), x)
	if a := g.aux; a != nil && uint(x) < uint(len(a.dealMark)) && a.dealGen != 0 {
		a.dealMark[x] = a.dealGen
	} else {
		g.markDealers()
	}
}

// auxOf returns g's gameAux, made on first use.
func (g *Game) auxOf() *gameAux {
	if g.aux == nil {
		g.aux = new(gameAux)
	}
	return g.aux
}

// rehomeDamage copies the pending damage decision's slices into g's own
// buffers (after CopyFrom, they are the source's).
func (g *Game) rehomeDamage() {
	d := &g.pending
	if d.Kind != DecideDamage || len(d.From) == 0 && len(d.Groups) == 0 {
		return
	}
	b := g.auxOf()
	firstIsFrom := len(d.Groups) > 0 && len(d.Groups[0].From) == len(d.From) && len(d.From) > 0 && &d.Groups[0].From[0] == &d.From[0]
	b.from, b.groups = b.from[:0], b.groups[:0]
	take := func(s []ObjID) []ObjID {
		if s == nil {
			return nil
		}
		start := len(b.from)
		b.from = append(b.from, s...)
		return b.from[start:len(b.from):len(b.from)]
	}
	for _, gr := range d.Groups {
		gr.From = take(gr.From)
		b.groups = append(b.groups, gr)
	}
	if d.Groups != nil {
		d.Groups = b.groups[:len(b.groups):len(b.groups)]
	}
	if firstIsFrom {
		d.From = d.Groups[0].From
	} else {
		d.From = take(d.From)
	}
}

// DealsCombatDamage reports whether x deals combat damage in this combat
// damage step.
func (g Exec) DealsCombatDamage(x ObjID) bool { return g.deals(x) }

// AssignToAttacked records that attacking creature x assigns n combat
// damage in this step to what it attacks: the player, or the permanent
// while it can still be attacked (else to nothing). Which creatures deal
// damage in the step is the rules' (x.deals_combat_damage). Nothing if x
// has assigned its damage in this step already; 0 or less is none.
func (g Exec) AssignToAttacked(x ObjID, n int32, rule string) {
	_ = rule // the damage cites the rule that deals it
	c := &g.Combat
	ai := g.attackIndex(x)
	if ai < 0 || slices.Contains(c.AssignedSource, x) {
		return
	}
	c.AssignedSource = append(reserve(c.AssignedSource, g.combatants()), x)
	if t, p := g.attackedNow(c.Attacks[ai]); n > 0 && (t != NoObj || p >= 0) {
		c.Assigned = append(reserve(c.Assigned, 2*g.combatants()), Assigned{Source: x, To: t, ToPlayer: p, Amount: n})
	}
}

// AssignTo records that creature x assigns n combat damage in this step
// to creature y on the battlefield. Nothing if x has assigned its damage
// in this step already; 0 or less is none.
func (g Exec) AssignTo(x, y ObjID, n int32, rule string) {
	_ = rule
	c := &g.Combat
	if !g.valid(x) || !g.valid(y) || slices.Contains(c.AssignedSource, x) {
		return
	}
	c.AssignedSource = append(reserve(c.AssignedSource, g.combatants()), x)
	if n > 0 && g.Objs[y].Zone == ZoneBattlefield {
		c.Assigned = append(reserve(c.Assigned, 2*g.combatants()), Assigned{Source: x, To: y, ToPlayer: -1, Amount: n})
	}
}

// startDamageStep begins a combat damage step's assignment: creatures
// that left combat are removed, the step is counted, nothing is assigned
// and nobody deals damage yet.
func (g *Game) startDamageStep() {
	c := &g.Combat
	g.checkWatches(NoObj, false)
	c.DamageSteps++
	c.Assigned, c.AssignedSource, c.dealers, c.dividers = c.Assigned[:0], c.AssignedSource[:0], c.dealers[:0], c.dividers[:0]
	g.forgetDealers()
}

// addDamageStep adds a second combat damage step after this one; the
// creatures dealing damage now are those that dealt it in the first.
func (g *Game) addDamageStep() {
	c := &g.Combat
	c.SecondStep = true
	c.DealtFirst = append(c.DealtFirst[:0], c.dealers...)
	if step := g.CurrentStep(); step != "" {
		_ = g.exec().AddExtraStep(step, step, false)
	}
}

// StartCombatDamage begins one combat damage step of the creatures
// attacking for player p and those blocking them (creatures that left
// combat removed, the step counted, nothing assigned); which creatures
// deal damage in it, and whether a second step follows, the rules say
// (DealsDamageNow, AddCombatDamageStep).
func (g Exec) StartCombatDamage(p int, rule string) {
	if g.attacksWith(p) {
		g.startDamageStep()
	}
}

// DealsDamageNow makes creature x, in combat, one that deals combat damage
// in this step.
func (g Exec) DealsDamageNow(x ObjID, rule string) {
	if g.valid(x) && (g.Attacking(x) || g.Blocking(x)) && !g.deals(x) {
		g.addDealer(x)
	}
}

// AddCombatDamageStep adds a second combat damage step after this one, in
// the combat of player p, once: the creatures dealing damage now are
// those that deal it in the first (x.in_first_step).
func (g Exec) AddCombatDamageStep(p int, rule string) {
	if g.attacksWith(p) && !g.Combat.SecondStep {
		g.addDamageStep()
	}
}

// CombatDamageStep is the number of the combat damage step of this
// combat (1, 2 after first strikers), 0 before one.
func (g Exec) CombatDamageStep() int32 { return int32(g.Combat.DamageSteps) }

// SecondCombatDamageStep reports whether a second combat damage step was
// added in this combat.
func (g Exec) SecondCombatDamageStep() bool { return g.Combat.SecondStep }

// attackedNow is what attacker at attacks, as a recipient of its damage:
// nothing (NoObj, -1) once what it attacked was removed from combat (when
// is the rules': remove_attacked).
func (g *Game) attackedNow(at Attack) (ObjID, int8) {
	if at.Nothing {
		return NoObj, -1
	}
	return at.Target, at.Player
}

// DefaultDamage is the assignment a simple caller can accept: for each
// creature in turn, to each recipient in order the least that lets the
// rest go on past it under the restriction the decision was posed with
// (counting the damage of the creatures before it), the rest to the last
// one, or with trample to the player or planeswalker attacked.
//
// The answer's slices are the game's (gameAux): they hold until the
// game's next DefaultDamage or damage decision.
func (g *Game) DefaultDamage(d Decision) Answer {
	var one [1]DamageGroup
	groups := groupsOf(&d, &one)
	c := &g.Combat
	base := len(c.Assigned)
	a := Answer{Kind: Declare}
	buf := g.auxOf()
	buf.amounts = g.amountsFor(buf.amounts, groups)
	buf.divs = slices.Grow(buf.divs[:0], max(len(groups), g.combatants()))
	for _, gr := range groups {
		start := len(buf.amounts)
		buf.amounts = append(buf.amounts, make([]int32, len(gr.From))...)
		amounts := buf.amounts[start:len(buf.amounts):len(buf.amounts)]
		left := int32(gr.N)
		beyond := gr.From[len(gr.From)-1] == NoObj // the division may go past the creatures, to what it attacks
		for i, b := range gr.From {
			if b == NoObj {
				amounts[i], left = left, 0
				break
			}
			if i == len(gr.From)-1 {
				break // the last one takes the rest
			}
			// The least that lets the division go on past b: with the
			// rest to the next recipient (with trample, to what the
			// creature attacks), no restriction holds for b.
			next := i + 1
			if beyond {
				next = len(gr.From) - 1
			}
			n := int32(0)
			for ; n < left; n++ {
				amounts[i], amounts[next] = n, left-n
				if !g.divisionRefused(gr, amounts, i) {
					break
				}
			}
			amounts[next] = 0
			amounts[i] = n
			left -= n
		}
		if left > 0 {
			amounts[len(gr.From)-1] = addSat(amounts[len(gr.From)-1], left)
		}
		g.addDivision(gr, amounts)
		buf.divs = append(buf.divs, Division{Source: gr.Source, To: gr.From, Amounts: amounts})
	}
	a.Damage = buf.divs[:len(buf.divs):len(buf.divs)]
	c.Assigned = c.Assigned[:base]
	if len(a.Damage) == 1 {
		a.Objs, a.Amounts = a.Damage[0].To, a.Damage[0].Amounts
	}
	return a
}

// addDivision records group gr's damage, amounts[i] to gr.From[i].
func (g *Game) addDivision(gr DamageGroup, amounts []int32) {
	c := &g.Combat
	for i, to := range gr.From {
		if amounts[i] == 0 {
			continue
		}
		if to == NoObj { // trample: the player or planeswalker attacked
			if ai := g.attackIndex(gr.Source); ai >= 0 {
				if t, p := g.attackedNow(c.Attacks[ai]); t != NoObj || p >= 0 {
					c.Assigned = append(reserve(c.Assigned, 2*g.combatants()), Assigned{Source: gr.Source, To: t, ToPlayer: p, Amount: amounts[i]})
				}
			}
			continue
		}
		c.Assigned = append(reserve(c.Assigned, 2*g.combatants()), Assigned{Source: gr.Source, To: to, ToPlayer: -1, Amount: amounts[i]})
	}
}

func (g *Game) submitDamage(d *Decision, a *Answer) error {
	var one [1]DamageGroup
	groups := groupsOf(d, &one)
	amounts, err := g.divisions(d, a, groups)
	if err != nil {
		return err
	}
	// Every division answered is assigned while each is checked: what the
	// rules' functions read of the damage assigned (the others', for what
	// is lethal) includes them all; refused, none is.
	c := &g.Combat
	base := len(c.Assigned)
	for gi, gr := range groups {
		g.addDivision(gr, amounts[gi])
	}
	for gi, gr := range groups {
		if err := g.checkDivision(gr, amounts[gi]); err != nil {
			c.Assigned = c.Assigned[:base]
			return err
		}
	}
	for _, gr := range groups {
		c.AssignedSource = append(reserve(c.AssignedSource, g.combatants()), gr.Source)
		c.dividers = slices.DeleteFunc(c.dividers, func(d divider) bool { return d.Source == gr.Source })
	}
	g.pending = Decision{}
	return nil
}

// divisions validates the shape of damage answer a against the groups of
// the decision posed (one division for each group, each once, each a
// division of its group's damage: division) and returns the amounts of
// each group, in the order of groups (the game's buffers: gameAux).
func (g *Game) divisions(d *Decision, a *Answer, groups []DamageGroup) ([][]int32, error) {
	divs := a.Damage
	var oneDiv [1]Division
	if len(divs) == 0 && len(groups) == 1 {
		oneDiv[0] = Division{Source: groups[0].Source, To: a.Objs, Amounts: a.Amounts}
		divs = oneDiv[:]
	}
	if a.Kind != Declare || len(divs) != len(groups) {
		return nil, refuse(d.Rule, "%s assigns the combat damage of %s at once: give one division for each", g.PlayerName(d.Player), g.names(groupSources(groups)))
	}
	buf := g.auxOf()
	buf.sub = g.amountsFor(buf.sub, groups) // division carves each group's amounts from it
	buf.subOf = append(slices.Grow(buf.subOf[:0], max(len(groups), g.combatants())), make([][]int32, len(groups))...)
	amounts := buf.subOf
	for _, dv := range divs {
		gi := slices.IndexFunc(groups, func(gr DamageGroup) bool { return gr.Source == dv.Source })
		if gi < 0 || amounts[gi] != nil {
			return nil, refuse(d.Rule, "%s assigns the combat damage of %s, each once, not of %s", g.PlayerName(d.Player), g.names(groupSources(groups)), g.nameOf(dv.Source))
		}
		var err error
		if amounts[gi], err = g.division(groups[gi], dv, d.Rule); err != nil {
			return nil, err
		}
	}
	return amounts, nil
}

// groupsOf is the groups of damage decision d: its Groups, or the one
// group its Obj, From and N make (one holds it).
func groupsOf(d *Decision, one *[1]DamageGroup) []DamageGroup {
	if len(d.Groups) > 0 {
		return d.Groups
	}
	one[0] = DamageGroup{Source: d.Obj, From: d.From, N: d.N}
	return one[:]
}

// amountsFor is buf emptied, with room for an amount for every recipient
// of groups: grown once to a bound (every block and attack), not by
// doubling.
func (g *Game) amountsFor(buf []int32, groups []DamageGroup) []int32 {
	total := 0
	for _, gr := range groups {
		total += len(gr.From)
	}
	if cap(buf) < total {
		buf = make([]int32, 0, max(total, 2*g.combatants()))
	}
	return buf[:0]
}

func groupSources(groups []DamageGroup) []ObjID {
	out := make([]ObjID, len(groups))
	for i, gr := range groups {
		out[i] = gr.Source
	}
	return out
}

// division checks that dv gives exactly gr.N damage to gr's recipients and
// returns the amount for each of gr.From.
func (g *Game) division(gr DamageGroup, dv Division, rule string) ([]int32, error) {
	x := gr.Source
	if len(dv.To) != len(dv.Amounts) {
		return nil, refuse(rule, "assign %s's %d damage: give an amount for each recipient", g.nameOf(x), gr.N)
	}
	b := g.auxOf()
	start := len(b.sub)
	b.sub = append(b.sub, make([]int32, len(gr.From))...)
	amount := b.sub[start:len(b.sub):len(b.sub)]
	var total int64
	for i, to := range dv.To {
		j := slices.Index(gr.From, to)
		if j < 0 {
			what := g.nameOf(to)
			if to == NoObj { // a player's code: only a trampler may reach what it attacks
				what = "the player or planeswalker it attacks"
			}
			return nil, refuse(rule, "%s can't assign damage to %s", g.nameOf(x), what)
		}
		if slices.Contains(dv.To[:i], to) {
			return nil, refuse(rule, "%s's division names %s twice: give each recipient one amount", g.nameOf(x), g.nameOf(to))
		}
		if dv.Amounts[i] < 0 {
			return nil, refuse(rule, "damage amounts can't be negative")
		}
		amount[j] = dv.Amounts[i]
		total += int64(dv.Amounts[i])
	}
	if total != int64(gr.N) {
		return nil, refuse(rule, "%s assigns exactly %d damage, not %d", g.nameOf(x), gr.N, total)
	}
	return amount, nil
}

// checkDivision refuses gr's division (amount[i] to gr.From[i]) if the
// rules' restriction on the decision (a function of the source and a
// recipient, divide_combat_damage's) holds for its source and one of its
// recipients, taken in the order posed (what it attacks, no object,
// among them: which the function asks of is the rules'); the refusal
// cites the clause of the rules' predicates found holding (else the
// restriction's own rule) and quotes the decision's figure for that
// recipient.
func (g *Game) checkDivision(gr DamageGroup, amount []int32) error {
	c := &g.Combat
	for j, b := range gr.From { // (the player or planeswalker attacked too, NoObj: the rules' function says)
		ok, held := g.divisionRestricted(gr, amount, j, true)
		if !ok {
			continue
		}
		fig := ""
		if f := g.fn(c.divFigure); f != nil {
			fig = fmt.Sprintf(", %s is %d", f.Text, g.fnValue(c.divFigure, gr.Source, b))
		}
		return g.refuseFn(c.divRestrict, held, "", "%s can't divide its combat damage so: %s holds for %s (it assigns %d%s)", g.nameOf(gr.Source), g.Rules.clauseName(g.decidedBy(c.divRestrict, held)), g.nameOf(b), amount[j], fig)
	}
	return nil
}

// divisionRefused reports whether the rules' restriction on the pending
// damage decision refuses gr's division amount for its j-th recipient:
// what DefaultDamage's search asks.
func (g *Game) divisionRefused(gr DamageGroup, amount []int32, j int) bool {
	refused, _ := g.divisionRestricted(gr, amount, j, false)
	return refused
}

// divisionRestricted evaluates the rules' restriction on the pending
// damage decision (Combat.divRestrict) for the source of gr and its j-th
// recipient, with gr's division being amount (the rules read it through
// assigning, assigning_attacked, place and the recipient kind); held
// (cite: for a refusal) is the clause of the rules' predicates found
// holding, -1 if none.
func (g *Game) divisionRestricted(gr DamageGroup, amount []int32, j int, cite bool) (refused bool, held int32) {
	c := &g.Combat
	c.dividing, c.dividingAmounts = gr, amount
	held = -1
	if cite {
		var v int32
		v, held = g.fnEval(c.divRestrict, gr.Source, gr.From[j])
		refused = v != 0
	} else {
		refused = g.fnHolds(c.divRestrict, gr.Source, gr.From[j])
	}
	c.dividing, c.dividingAmounts = DamageGroup{}, nil
	return refused, held
}

// AssigningAttacked is the damage source s is dividing to what it
// attacks in the division being checked, 0 outside such a check.
func (g Exec) AssigningAttacked(s ObjID) int32 { return g.Assigning(s, NoObj) }

// Place is the place of b in the order of the division being checked of
// source s (1 for the first), 0 if b is not among its recipients.
func (g Exec) Place(s, b ObjID) int32 {
	c := &g.Combat
	if c.dividing.Source != s || s == NoObj || b == NoObj {
		return 0
	}
	return int32(slices.Index(c.dividing.From, b) + 1)
}

// Assigning is the damage source s is dividing to b in the division being
// checked, 0 outside such a check.
func (g Exec) Assigning(s, b ObjID) int32 {
	c := &g.Combat
	if c.dividing.Source != s || s == NoObj {
		return 0
	}
	var n int32
	for i, to := range c.dividing.From {
		if to == b && i < len(c.dividingAmounts) {
			n = addSat(n, c.dividingAmounts[i])
		}
	}
	return n
}

// DealCombatDamage deals all the combat damage assigned and not yet dealt
// at once, logged in the order of the creatures (attackers, then
// blockers), whatever the order in which it was assigned; each amount's
// results are the rules' damage hooks. Only the active player's combat
// has damage to deal: for another player, nothing is dealt.
func (g Exec) DealCombatDamage(p int, rule string) {
	if p != g.Active {
		return // the combat, and its damage, is the active player's
	}
	c := &g.Combat
	// The record is taken out first: what the hooks do (a stack object
	// they put on the stack) starts from no damage assigned.
	dealt := append(g.dealBuf[:0], c.Assigned...)
	c.Assigned, c.AssignedSource = c.Assigned[:0], c.AssignedSource[:0]
	slices.SortStableFunc(dealt, func(a, b Assigned) int { return g.dealerRank(a.Source) - g.dealerRank(b.Source) })
	// Sorted by rank, a source's amounts are in a row unless two sources
	// share a rank (not in combat): only then are the hooks below to look
	// for each source before.
	runs := len(dealt) > 16 // (a short list is scanned)
	for i := 1; runs && i < len(dealt); i++ {
		if s, t := dealt[i-1].Source, dealt[i].Source; s != t && g.dealerRank(s) == g.dealerRank(t) {
			runs = false
			break
		}
	}
	g.dealingCombat = true
	for i := range dealt {
		a := &dealt[i]
		other := int32(a.To)
		if a.To != NoObj && (g.Objs[a.To].Zone != ZoneBattlefield || g.Objs[a.To].PhasedOut) {
			// Its recipient is gone (damage on the stack, dealt later):
			// there is nothing to deal it to.
			a.Amount = 0
			continue
		}
		if a.To == NoObj {
			other = PlayerCode(int(a.ToPlayer))
		}
		if a.Amount = g.prevent(a.Source, other, a.Amount, rule); a.Amount == 0 {
			continue
		}
		if len(g.Rules.Replacements) > 0 && g.replaceDamage(a.Source, other, a.Amount) {
			a.Amount = 0 // replaced: not dealt
			continue
		}
		g.emit(Event{Kind: EvCombatDamage, Rule: rule, Player: g.Objs[a.Source].Controller, Obj: a.Source, N: a.Amount, Other: other})
		g.damageDealt(a.Source, other, a.Amount)
	}
	// Then each source's hooks, with all the damage it dealt.
	for i, a := range dealt {
		if runs && i > 0 && dealt[i-1].Source == a.Source || !runs && slices.ContainsFunc(dealt[:i], func(b Assigned) bool { return b.Source == a.Source }) {
			continue
		}
		var n int32
		for _, b := range dealt[i:] {
			if b.Source == a.Source {
				n = addSat(n, b.Amount)
			} else if runs {
				break
			}
		}
		if n > 0 {
			g.dealtBy(a.Source, n)
		}
	}
	g.dealingCombat = false
	g.dealBuf = dealt[:0]
}

// CombatDamagePending is how many amounts of combat damage are assigned
// and not yet dealt.
func (g Exec) CombatDamagePending() int32 { return int32(len(g.Combat.Assigned)) }

// CancelCombatDamage removes the combat damage assigned to x and not yet
// dealt: it is not dealt (the rules say to what combat damage can't be
// dealt). Its sources have still assigned their damage.
func (g Exec) CancelCombatDamage(x ObjID, rule string) {
	c := &g.Combat
	c.Assigned = slices.DeleteFunc(c.Assigned, func(a Assigned) bool { return a.To == x && x != NoObj })
}

// dealerRank places combat damage source x among the creatures in combat:
// the attackers in order, then the blockers.
func (g *Game) dealerRank(x ObjID) int {
	c := &g.Combat
	if i := g.attackIndex(x); i >= 0 {
		return i
	}
	if j := g.blockIndex(x); j >= 0 { // its first block
		return len(c.Attacks) + j
	}
	return len(c.Attacks) + len(c.Blocks)
}

// DealDamage has source s deal n noncombat damage to creature x, wherever s
// is; its results are the rules' damage hooks.
func (g Exec) DealDamage(s, x ObjID, n int32, rule string) {
	if !g.valid(s) || !g.valid(x) {
		return // no object (an object value of the rules that names none)
	}
	if n = g.prevent(s, int32(x), n, rule); n <= 0 {
		return
	}
	if len(g.Rules.Replacements) > 0 && g.replaceDamage(s, int32(x), n) {
		return
	}
	g.emit(Event{Kind: EvCombatDamage, Rule: rule, Player: g.Objs[s].Owner, Obj: s, N: n, Other: int32(x), Name: "noncombat"})
	g.damageDealt(s, int32(x), n)
	g.dealtBy(s, n)
}

// DealPlayerDamage has source s deal n noncombat damage to player p,
// wherever s is; its results are the rules' damage hooks. It does nothing
// for no player, or one who has left the game.
func (g Exec) DealPlayerDamage(s ObjID, p int, n int32, rule string) {
	if !g.valid(s) || !g.IsPlayer(p) || g.Players[p].Lost {
		return
	}
	r := PlayerCode(p)
	if n = g.prevent(s, r, n, rule); n <= 0 {
		return
	}
	if len(g.Rules.Replacements) > 0 && g.replaceDamage(s, r, n) {
		return
	}
	g.emit(Event{Kind: EvCombatDamage, Rule: rule, Player: g.Objs[s].Owner, Obj: s, N: n, Other: r, Name: "noncombat"})
	g.damageDealt(s, r, n)
	g.dealtBy(s, n)
}

// replaceDamage applies the first of the rules' replacements of damage
// that applies to the n damage s would deal to r (an object, or a
// player's code), and reports whether one did.
func (g Exec) replaceDamage(s ObjID, r int32, n int32) bool {
	if r < 0 {
		return g.replace("player_damage", ObjID(-1-r), s, n)
	}
	return g.replace("damage", ObjID(r), s, n)
}

// prevent applies the prevention effects to n damage source s is about to
// deal to r (an object, or a player's code), in the order they started,
// and returns what is left to deal: one that prevents all of it, or a
// shield its next damage, used up as it does.
func (g *Game) prevent(s ObjID, r int32, n int32, rule string) int32 {
	if n <= 0 || len(g.Effects) == 0 {
		return n
	}
	for i := range g.Effects {
		e := &g.Effects[i]
		if !g.prevents(e, s, r) {
			continue
		}
		p := n
		if e.Shield > 0 {
			p = min(e.Shield, n)
			if e.Shield -= p; e.Shield == 0 {
				e.Prevent = PreventNone // used up
			}
			g.touch(ChangeAll)
		}
		why := e.Rule
		if why == "" {
			why = rule
		}
		if r < 0 {
			g.emit(Event{Kind: EvPreventDamage, Rule: why, Player: int8(-1 - r), Obj: NoObj, N: p})
		} else {
			g.emit(Event{Kind: EvPreventDamage, Rule: why, Player: g.Objs[r].Controller, Obj: ObjID(r), N: p})
		}
		if n -= p; n == 0 {
			return 0
		}
	}
	return n
}
