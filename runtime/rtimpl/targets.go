package rtimpl

import "math/bits"

// Targets. An ability whose effect has target parameters
// (RulesEffect.Targets) has them chosen by its controller as it is put on
// the stack, among the objects the effect's conditions allow and no
// cant_be_targeted predicate protects from the ability's source; an
// ability with no legal target for one leaves the stack. As it resolves
// each target is checked again: one no longer legal is not affected (its
// parameter names no object), and an ability whose targets are all
// illegal does nothing. The rules the effect cites are the rules of its
// targets too: the runtime names none.

// The verbs of the decisions of what is chosen as an ability is put on
// the stack: its targets, and what its costs act on.
const (
	verbTarget = "target"
	verbCost   = "choose for a cost"
)

// effectOf is the rules' effect the ability it applies, or the spell
// (Face.Spell); nil for a rules' stack object, a permanent spell or an
// ability that applies none.
func (g *Game) effectOf(it *StackItem) *RulesEffect {
	if it.Object != 0 {
		return nil
	}
	e := int(it.Trigger.Effect) - 1
	if it.IsSpell() {
		if !g.valid(it.Source) {
			return nil
		}
		e = int(g.face(it.Source).Spell.Effect) - 1
	}
	if e < 0 || e >= len(g.Rules.Effects) {
		return nil
	}
	return &g.Rules.Effects[e]
}

// argsOf is where the arguments of its effect are: a spell's are the
// item's own (Args), an ability's its trigger's.
func argsOf(it *StackItem) *[MaxStackArgs]int32 {
	if it.IsSpell() {
		return &it.Args
	}
	return &it.Trigger.Args
}

// markTargets marks the targets of it to choose, as it goes on the stack.
func (g *Game) markTargets(it *StackItem) {
	if e := g.effectOf(it); e != nil && len(e.Targets) > 0 && len(e.Targets) <= 8 {
		it.Unchosen = uint8(1<<len(e.Targets) - 1)
	}
}

// legalTarget reports whether x may be the k-th target of it (e its effect):
// an object for which the rules' require lines of what any target (or,
// for a cost parameter, any object chosen for a cost) must be hold
// (MechTarget, MechChooseForCost: over the ability's controller and x, the
// ability's source and event given), and the effect's condition, the
// ability's other arguments given; for a player target (Player), x is
// the player's code (PlayerCode) of a player in the game, and the
// effect's condition holds.
func (g *Game) legalTarget(it *StackItem, e *RulesEffect, k int, x ObjID) bool {
	args := *argsOf(it)
	t := &e.Targets[k]
	if t.Player {
		q := int(-1 - x)
		if x >= 0 || !g.exec().IsPlayer(q) || g.Players[q].Lost {
			return false // (no player of the game)
		}
		args[t.Param] = int32(q)
	} else {
		args[t.Param] = int32(x)
	}
	defer g.asChoosing(it).restore() // the ability's source and event, for the conditions
	return (t.Player || g.chosenLegal(t.Cost, int(it.Controller), x)) && t.Legal(g.exec(), args)
}

// chosenLegal reports whether the rules' require lines of what any
// object chosen as a target (cost: for a cost) must be hold for x, chosen
// by player p: none declared, no object may be.
func (g *Game) chosenLegal(cost bool, p int, x ObjID) bool {
	m := chosenBy(cost)
	return g.Rules.Requires[m].Test != nil && g.actionTest(m, p, x, -1) < 0
}

// chosenBy is the mechanism whose require lines say what any object
// chosen for a target (cost: for a cost) must be.
func chosenBy(cost bool) Mechanism {
	if cost {
		return MechChooseForCost
	}
	return MechTarget
}

// noTarget runs the rules' statements for a spell or ability with no
// legal choice for one of its targets (mechanism no_target, over it:
// game.ability_source, game.choosing_spell) and reports whether they
// have it leave the stack (leave_stack).
func (g *Game) noTarget(it *StackItem) bool {
	proc := &g.Rules.Procedures[MechNoTarget]
	if proc.Run == nil {
		return false
	}
	saved := g.asChoosing(it)
	g.leaving = ""
	proc.Run(g.exec())
	saved.restore()
	return g.leaving != ""
}

// leaveStack removes the i-th item of the stack, which the rules'
// statements had leave it (leave_stack, citing g.leaving): an ability
// ceases to exist, a spell's card is put into its owner's graveyard.
func (g *Game) leaveStack(i int) {
	it := g.Stack[i]
	g.emit(Event{Kind: EvNoTarget, Rule: g.leaving, Player: it.Controller, Obj: it.Source, Name: it.Trigger.Label})
	g.leaving = ""
	g.Stack = append(g.Stack[:i], g.Stack[i+1:]...)
	if it.IsSpell() && g.valid(it.Source) && g.Objs[it.Source].Zone == ZoneStack {
		g.move(it.Source, ZoneGraveyard, int(g.Objs[it.Source].Owner))
	}
}

// LeaveStack is the statement that has the spell or ability whose
// targets are being chosen (mechanism no_target), from source x
// (game.ability_source), leave the stack; nothing at another time or for
// another source.
func (g Exec) LeaveStack(x ObjID, rule string) {
	if g.targeting && x == g.resolving.Source && rule != "" {
		g.leaving = rule
	}
}

// ChoosingSpell is the card of the spell whose targets are being chosen
// (game.choosing_spell, in mechanism no_target), or no object: for an
// ability, or at another time.
func (g Exec) ChoosingSpell() ObjID {
	if g.targeting && g.resolving.IsSpell() && g.valid(g.resolving.Source) {
		return g.resolving.Source
	}
	return NoObj
}

// chosenRefusal is the refusal of x, not among the candidates of the
// pending target (or cost) decision d, by the first of the rules' require
// lines of what any object chosen must be that x fails (MechTarget,
// MechChooseForCost), for the ability whose target is being chosen; nil
// if x fails none of them (the effect's own condition refuses it).
func (g *Game) chosenRefusal(d *Decision, x ObjID) error {
	if d.Verb != verbTarget && d.Verb != verbCost || !g.valid(x) {
		return nil
	}
	it, e, k := g.choosing()
	if e == nil || k >= len(e.Targets) || e.Targets[k].Player {
		return nil
	}
	m := chosenBy(e.Targets[k].Cost)
	defer g.asChoosing(it).restore()
	if line := g.actionTest(m, int(it.Controller), x, -1); line >= 0 {
		return g.actionRefusal(m, line, int(it.Controller), x, -1)
	}
	return nil
}

// groupEnd is the end of the group of targets the k-th heads: k and the
// alternatives (Or) that follow it, chosen as one target.
func groupEnd(e *RulesEffect, k int) int {
	j := k + 1
	for j < len(e.Targets) && e.Targets[j].Or {
		j++
	}
	return j
}

// targetCandidates appends to from what may be chosen for the group of
// targets the k-th heads: the objects of the zones the rules' mechanism of
// what any must be takes them from (chosenBy: from battlefield), and the
// players (their codes, PlayerCode) for a player target, legal by
// legalTarget; first only: it stops at the first one found.
func (g *Game) targetCandidates(it *StackItem, e *RulesEffect, k int, from []ObjID, first bool) []ObjID {
	for j := k; j < groupEnd(e, k); j++ {
		if e.Targets[j].Player {
			for q := range g.Players {
				if x := ObjID(PlayerCode(q)); g.legalTarget(it, e, j, x) {
					if from = append(from, x); first {
						return from
					}
				}
			}
			continue
		}
		for _, z := range g.Rules.Requires[chosenBy(e.Targets[j].Cost)].From {
			for _, x := range g.objectsIn(z, int(it.Controller)) {
				if g.legalTarget(it, e, j, x) {
					if from = append(from, x); first {
						return from
					}
				}
			}
		}
	}
	return from
}

// nothingFor is what a target parameter names when it names nothing: no
// object, or no player.
func nothingFor(t *EffectTarget) int32 {
	if t.Player {
		return -1
	}
	return int32(NoObj)
}

// targetName names a candidate of a target decision: an object, or a
// player by their code.
func (g *Game) targetName(x ObjID) string {
	if x < 0 && g.exec().IsPlayer(int(-1-x)) {
		return g.PlayerName(int(-1 - x))
	}
	return g.nameOf(x)
}

func ruleOfEffect(e *RulesEffect) string {
	if len(e.Rules) > 0 {
		return e.Rules[0]
	}
	return ""
}

// chooseTargets has the controllers of the abilities on the stack choose
// the targets still to choose, from the bottom of the stack: with no legal
// target the ability leaves the stack; with one, it is chosen at once.
// It reports whether it asks a player (DecideCards, Verb "target"), and
// whether it chose or removed anything.
func (g *Game) chooseTargets() (asked, changed bool) {
	for i := 0; i < len(g.Stack); i++ {
		it := &g.Stack[i]
		for it.Unchosen != 0 {
			e := g.effectOf(it)
			k := bits.TrailingZeros8(it.Unchosen)
			if e == nil || k >= len(e.Targets) {
				it.Unchosen = 0 // a saved state's
				break
			}
			from := g.targetCandidates(it, e, k, nil, false)
			switch {
			case len(from) == 0 && g.noTarget(it):
				changed = true
				g.leaveStack(i)
				i--
				it = &StackItem{} // ends the inner loop
			case len(from) == 0:
				// What the rules' statements (no_target) leave on the
				// stack names nothing for the group.
				changed = true
				for j := k; j < groupEnd(e, k); j++ {
					argsOf(it)[e.Targets[j].Param] = nothingFor(&e.Targets[j])
					it.Unchosen &^= 1 << j
				}
			case len(from) == 1:
				changed = true
				g.setTarget(it, e, k, from[0])
			default:
				verb := verbTarget
				if e.Targets[k].Cost {
					verb = verbCost
				}
				g.pending = Decision{Kind: DecideCards, Player: int(it.Controller), N: 1, Zone: ZoneBattlefield, Verb: verb, Rule: ruleOfEffect(e), From: from, Obj: it.Source}
				return true, changed
			}
		}
	}
	return false, changed
}

func (g *Game) setTarget(it *StackItem, e *RulesEffect, k int, x ObjID) {
	// The target of the group is the alternative of x's kind: an object,
	// or a player (x their code); the others name nothing.
	for j := k; j < groupEnd(e, k); j++ {
		t := &e.Targets[j]
		switch {
		case t.Player && x < 0:
			argsOf(it)[t.Param] = -1 - int32(x)
		case !t.Player && x >= 0:
			argsOf(it)[t.Param] = int32(x)
		default:
			argsOf(it)[t.Param] = nothingFor(t)
		}
		it.Unchosen &^= 1 << j
	}
	g.emit(Event{Kind: EvTarget, Rule: ruleOfEffect(e), Player: it.Controller, Obj: it.Source, Other: int32(x), Name: it.Trigger.Label})
	if it.Unchosen == 0 {
		g.payCosts(it, e)
	}
}

// payCosts runs the effect's Pay statements once what is chosen as the
// ability is put on the stack is chosen (at once if nothing is).
func (g *Game) payCosts(it *StackItem, e *RulesEffect) {
	if e == nil || e.Pay == nil {
		return
	}
	saved := g.resolving
	g.resolving = *it // the ability's source and controller
	e.Pay(g.exec(), *argsOf(it))
	g.resolving = saved
}

// submitTarget takes the target chosen (one of the pending decision's
// From) for the first ability on the stack with a target to choose.
func (g *Game) submitTarget(x ObjID) {
	if it, e, k := g.choosing(); e != nil {
		g.setTarget(it, e, k, x)
	}
}

// choosing is the first item of the stack with a target (or cost
// parameter) still to choose, its effect and the target's index; e is nil
// if there is none.
func (g *Game) choosing() (it *StackItem, e *RulesEffect, k int) {
	for i := range g.Stack {
		if it = &g.Stack[i]; it.Unchosen != 0 {
			return it, g.effectOf(it), bits.TrailingZeros8(it.Unchosen)
		}
	}
	return nil, nil, 0
}

// asChoosing makes it the item whose targets the rules' conditions and
// statements read (game.ability_source, game.choosing_spell...); restore
// what it returns to put back the one before (allocation-free).
func (g *Game) asChoosing(it *StackItem) choosingSaved {
	s := choosingSaved{g: g, item: g.resolving, targeting: g.targeting}
	g.resolving, g.targeting = *it, true
	return s
}

// choosingSaved is what asChoosing replaced.
type choosingSaved struct {
	g         *Game
	item      StackItem
	targeting bool
}

func (s choosingSaved) restore() { s.g.resolving, s.g.targeting = s.item, s.targeting }

// checkTargets checks the targets of the ability about to resolve again:
// one no longer legal names no object. It reports false when every
// target is illegal: the ability does nothing.
func (g *Game) checkTargets(it *StackItem) bool {
	e := g.effectOf(it)
	if e == nil || len(e.Targets) == 0 {
		return true
	}
	legal, targets := 0, 0
	for k := 0; k < len(e.Targets); k = groupEnd(e, k) {
		if e.Targets[k].Cost {
			continue // chosen and paid: not a target
		}
		targets++
		// The alternative of the group chosen is the one that names
		// something; it is checked again.
		for j := k; j < groupEnd(e, k); j++ {
			t := &e.Targets[j]
			v := argsOf(it)[t.Param]
			x := ObjID(v)
			if t.Player {
				if v < 0 {
					continue
				}
				x = ObjID(PlayerCode(int(v)))
			} else if x == NoObj {
				continue
			}
			if g.legalTarget(it, e, j, x) {
				legal++
			} else {
				argsOf(it)[t.Param] = nothingFor(t)
			}
		}
	}
	if legal == 0 && targets > 0 {
		g.emit(Event{Kind: EvNoTarget, Rule: ruleOfEffect(e), Player: it.Controller, Obj: it.Source, Name: it.Trigger.Label})
		return false
	}
	return true
}
