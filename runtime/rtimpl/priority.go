package rtimpl

// The priority system (CR 116): who may act, and when a step may end.

func (g *Game) priority() {
	_, st, _ := g.current()
	if !g.prio.on {
		if st.Priority == nil || (st.PriorityIf != nil && !st.PriorityIf(g.exec())) {
			if st.NoPriorityRule != "" {
				g.emit(Event{Kind: EvNoPriority, Rule: st.NoPriorityRule, Player: int8(g.Active), Obj: NoObj, Name: st.Name})
			}
			g.stage = stRepeat
			return
		}
		g.prio = prioState{on: true, holder: st.Priority(g.exec()), rule: st.PriorityRule}
		g.stepHadPriority = true
	}
	if g.prio.passes >= g.NumPlayers() {
		// All passed in succession: what happens is the rules'
		// (all_passed: the step ends, or priority is given again); they
		// run again from the start after an answer.
		g.runPriority(MechAllPassed)
		return
	}
	if len(g.Combat.Places) > 0 && !g.askPlaces() {
		return // a player announces a place in a damage assignment order
	}
	g.watchCheck()
	// What happens before a player receives priority is the rules'
	// (before_priority), which may stop for a player's answer.
	if !g.runPriority(MechBeforePriority) || g.over || !g.prio.on {
		return
	}
	if !g.InGame(g.prio.holder) {
		g.prio.holder = g.exec().NextPlayer(g.prio.holder)
	}
	g.emitPlayer(EvPriority, g.prio.rule, g.prio.holder, 0)
	g.pending = Decision{Kind: DecidePriority, Player: g.prio.holder, Rule: g.prio.rule}
}

// runPriority runs the rules' statements for mechanism m of the priority
// loop; it reports false when they stopped for a player's answer (or
// the game ended). Rules that declare none run nothing.
func (g *Game) runPriority(m Mechanism) bool {
	run := g.Rules.Procedures[m].Run
	if run == nil {
		return true
	}
	mark := len(g.scratch)
	if !run(Exec{g}) {
		g.scratch = g.scratch[:mark] // it may have stopped inside a for each loop
		return false
	}
	return !g.over && g.pending.Kind == DecideNone
}

// priorityAction is the action mechanism an answer to a priority
// decision takes (MechPassPriority for a pass); false for an answer that
// is none.
func priorityAction(k AnswerKind) (Mechanism, bool) {
	if k == Pass {
		return MechPassPriority, true
	}
	for m := range NumMechanisms {
		if mechanisms[m].Action && mechanisms[m].Answer == k {
			return m, true
		}
	}
	return 0, false
}

func (g *Game) submitPriority(d *Decision, a *Answer) error {
	p := d.Player
	m, ok := priorityAction(a.Kind)
	if !ok {
		return refuse(g.Rules.Cite[MechHoldPriority], "%s holds priority: pass, play a land, cast a spell, activate an ability or tap a land for mana", g.PlayerName(p))
	}
	if m != MechPassPriority {
		i := -1
		if mechanisms[m].Ability {
			i = a.Ability
		}
		if err := g.canAct(m, p, a.Obj, i); err != nil {
			return err
		}
	}
	g.pending = Decision{}
	g.act(m, p, a.Obj, a.Ability)
	return nil
}

// act takes priority action m of player p (the answer's object x and
// ability), legal: what the runtime does for it (the move, the payment,
// the stack), then the rules' statements saying who receives priority
// next: pass_priority's after a pass, which is counted; acted's after any
// other answer (give_priority: the passes count from none again).
func (g *Game) act(m Mechanism, p int, x ObjID, ability int) {
	passes := g.prio.passes
	switch m {
	case MechPassPriority:
		g.emitPlayer(EvPass, g.Rules.Cite[MechPassPriority], p, 0)
		g.runPriority(MechPassPriority)
		g.prio.passes = passes + 1
		return
	case MechPlayLand:
		g.move(x, ZoneBattlefield, p)
		g.emitObj(EvPlayLand, g.Rules.Cite[MechPlayLand], x, 0)
		g.entered(x, g.Rules.Cite[MechPlayLand])
	case MechCast:
		g.cast(p, x)
	case MechActivate:
		g.activate(p, x, ability)
	case MechTapMana:
		g.tapForMana(x)
	}
	g.runPriority(MechActed)
}

// sorceryTiming checks a permission of the current step: the rules allow
// what (a land, a sorcery-speed spell) in it, on their conditions.
func (g *Game) sorceryTiming(p int, allowed string, cond func(Exec, int) bool, rule, what string) error {
	if allowed == "" {
		return refuse(rule, "%s can't be played during the %s", what, g.CurrentStep())
	}
	if cond != nil && !cond(g.exec(), p) {
		return refuse(allowed, "%s can't play %s now (not the active player, the stack not empty, or no land play left)", g.PlayerName(p), what)
	}
	return nil
}

func (g *Game) holds(p int) error {
	if g.pending.Kind != DecidePriority || g.pending.Player != p {
		return refuse(g.Rules.Cite[MechHoldPriority], "%s does not hold priority", g.PlayerName(p))
	}
	return nil
}

func (g *Game) inZone(x ObjID, p int, z Zone) bool {
	if x < 0 || int(x) >= len(g.Objs) {
		return false
	}
	o := &g.Objs[x]
	return o.Zone == z && int(o.Owner) == p
}

func (g *Game) tapForMana(x ObjID) {
	o := &g.Objs[x]
	c, _ := g.manaColor(o)
	o.Tapped = true
	g.Players[o.Controller].Mana[c]++
	g.emitObj(EvAddMana, g.Rules.Cite[MechTapMana], x, int32(c))
}

// pay taps lands as needed and pays cost from p's pool; canPay must hold.
func (g *Game) pay(p int, cost Cost) {
	need := cost.Colored
	pool := &g.Players[p].Mana
	// Tap for colored needs the pool can't cover, then for generic.
	for x := range g.manaSourcesOf(p) {
		if c, _ := g.manaColor(&g.Objs[x]); pool[c] < need[c] {
			g.tapForMana(x)
		}
	}
	for c := Color(0); c < 5; c++ {
		pool[c] -= need[c]
	}
	generic := cost.Generic
	for x := range g.manaSourcesOf(p) {
		if pool.Total() >= generic {
			break
		}
		g.tapForMana(x)
	}
	for c := Colorless; generic > 0; c-- {
		take := min(pool[c], generic)
		pool[c] -= take
		generic -= take
		if c == 0 {
			break
		}
	}
}

func (g *Game) cast(p int, x ObjID) {
	g.pay(p, g.face(x).Cost)
	g.move(x, ZoneStack, p)
	it := StackItem{Source: x, Controller: int8(p)}
	it.Args = g.face(x).Spell.Args // its numbers; its targets are chosen next
	g.markTargets(&it)
	g.Stack = append(g.Stack, it)
	g.emitObj(EvCast, g.Rules.Cite[MechCast], x, 0)
}

// LegalActions appends to buf every legal answer to a priority decision
// but tapping lands for mana (Options lists those too): passing first,
// then what priorityOptions finds, in its order.
func (g *Game) LegalActions(buf []Answer) []Answer {
	d := g.pending
	if d.Kind != DecidePriority {
		return buf
	}
	buf = append(buf, Answer{Kind: Pass})
	g.priorityOptions(d.Player, func(o Option) bool {
		if o.Kind != TapMana {
			buf = append(buf, Answer{Kind: o.Kind, Obj: o.Obj, Ability: int(o.Ability)})
		}
		return true
	})
	return buf
}

// watchCheck is the check of the rules' watches as a player would
// receive priority: skipped when the game has not changed since the last
// one found nothing, and every watch reads only its object's own state
// (which changes only by a change the game counts: Game.changes).
func (g *Game) watchCheck() {
	a := g.aux
	if a != nil && a.watchedAt != 0 && a.watchedAt == g.changes+1 && g.watchClean {
		if len(g.Effects) > 0 {
			g.exec().endLapsed() // (checkWatches does it otherwise: a condition may read what changes count not)
		}
		return
	}
	g.checkWatches(NoObj, false)
	if len(g.Rules.Watches) > 0 && g.watchClean && g.watchesOwn() {
		g.auxOf().watchedAt = g.changes + 1
	}
}

// GivePriority is the statement by which player p receives priority next
// in the priority loop (all_passed, pass_priority, acted): the passes
// count from none again. Nothing while no player receives priority in
// the step, or for no player.
func (g Exec) GivePriority(p int, rule string) {
	_ = rule // the mechanism running it cites its own rules
	if g.prio.on && p >= 0 && p < len(g.Players) {
		g.prio.holder, g.prio.passes = p, 0
	}
}

// EndStep is the statement by which the current step ends once its
// priority does (all_passed): no player receives priority in it again,
// its repeat clause is asked. Nothing while no player receives priority
// in it.
func (g Exec) EndStep(rule string) {
	_ = rule
	if g.prio.on && g.stage == stPriority {
		g.prio = prioState{}
		g.stage = stRepeat
	}
}

// PriorityPlayer is the player who holds priority, or would receive it
// (game.priority_player): who passed in pass_priority, who acted in
// acted; no player while none receives priority in the step.
func (g Exec) PriorityPlayer() int {
	if g.prio.on {
		return g.prio.holder
	}
	return -1
}

// ResolveTop is the statement by which the top object of the stack
// resolves (mechanism resolve). It reports false when its resolution
// waits for a player's answer (it goes back on the stack): the
// statements stop, and it resolves again from the start once they run
// again. Nothing on an empty stack.
func (g Exec) ResolveTop(rule string) bool {
	_ = rule // mechanism resolve cites its own rules
	if len(g.Stack) == 0 {
		return true
	}
	g.resolveTop()
	return !g.resuming // (a decision its statements posed otherwise is posed once these end)
}

// StackTriggers is the statement by which the triggered abilities waiting
// go on the stack (mechanism stack_triggers' statements). It reports
// false when a player is asked the order of theirs.
func (g Exec) StackTriggers(rule string) bool {
	_ = rule
	g.stackTriggers()
	return g.pending.Kind == DecideNone
}

// ChooseTargets is the statement by which the controllers of the
// spells and abilities on the stack choose the targets (and cost
// parameters) still to choose, from the bottom of the stack (one legal
// choice: chosen at once; none: mechanism no_target). It reports false
// when a player is asked; what it chose counts as a change of the game.
func (g Exec) ChooseTargets(rule string) bool {
	_ = rule
	asked, changed := g.chooseTargets()
	if changed {
		g.chose++
	}
	return !asked
}

// PerformSBAs is the statement by which state-based actions are checked
// once and every one that applies is performed, all at once (the rules'
// sba declarations). It reports false when one waits for a player's
// choice, or the game ended.
func (g Exec) PerformSBAs(rule string) bool {
	_ = rule // each state-based action cites its own rule
	g.CheckSBA()
	return !g.over && g.pending.Kind == DecideNone
}

// Changes counts the changes of the game so far, targets chosen
// included: statements repeated until a run of them changes nothing
// (until unchanged) compare them.
func (g Exec) Changes() uint32 { return g.changes + g.chose }
