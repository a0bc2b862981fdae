package rtimpl

import "strconv"

// maxTransitions bounds one Advance call, so that rules that never end a
// step (a step that always repeats) stop with an error instead of hanging.
const maxTransitions = 1 << 20

// Advance plays the game until a decision is needed or the game is over,
// and returns that decision.
func (g *Game) Advance() Decision { return *g.AdvanceRef() }

// AdvanceRef is Advance returning the pending decision itself, not a copy:
// for a view of the game (runtime.Game) that copies it once. It holds
// until the game next changes, and must not be written.
func (g *Game) AdvanceRef() *Decision {
	turn, passes := g.TurnNum, 0
	for n := 0; g.pending.Kind == DecideNone; n++ {
		if g.over {
			g.pending = Decision{Kind: DecideGameOver, Player: g.winner, Rule: g.endRule}
			break
		}
		if n == maxTransitions {
			g.pending = Decision{Kind: DecideStuck, Player: g.Active}
			break
		}
		g.transition()
		if g.autoOrder && g.pending.Kind == DecideTriggers {
			d := g.pending
			g.pending = Decision{}
			g.stackWaiting(d.Player, nil, d.Rule)
		}
		// Config.AutoPass: a forced pass is answered here, as Submit
		// would; a new turn's first decision goes to the host.
		if g.autoPass && g.pending.Kind == DecidePriority && g.TurnNum == turn && passes < maxTransitions && g.Forced() {
			d := g.pending
			g.submitPriority(&d, &Answer{})
			n, passes = 0, passes+1
		}
	}
	return &g.pending
}

func (g *Game) transition() {
	if g.jumpTo > 0 && (g.stage == stActions || g.stage == stPriority || g.stage == stRepeat) {
		// GoToStep: the current step ends now, no player receiving
		// priority in it again.
		g.prio, g.repeat = prioState{}, false
		g.stage, g.ai = stEndStep, 0
	}
	switch g.stage {
	case stNewTurn:
		g.beginTurn()
	case stBeginSeg:
		g.beginSegment()
	case stActions:
		_, st, _ := g.current()
		if !g.runActions(st.Actions) {
			return
		}
		g.stage = stPriority
	case stPriority:
		g.priority()
	case stRepeat:
		_, st, _ := g.current()
		g.repeat = st.Repeat != nil && st.Repeat(g.exec())
		g.stage, g.ai = stEndStep, 0
	case stEndStep:
		g.endStep()
	case stEndStepEvery:
		g.endStepEvery()
	case stEndPhase:
		g.endPhase()
	case stEndPhaseEvery:
		g.endPhaseEvery()
	}
}

// runActions runs list from g.ai on; false means it stopped for a decision.
func (g *Game) runActions(list []Action) bool {
	for g.ai < len(list) {
		m := g.exec().Mark()
		if !list[g.ai].Run(g.exec()) {
			g.exec().Release(m) // it may have stopped inside a for each loop
			return false
		}
		g.ai++
		if g.over {
			return false
		}
		if g.jumpTo > 0 && g.stage == stActions {
			break // GoToStep: the step ends without its other actions
		}
	}
	g.ai = 0
	return true
}

// runBegin runs the rules' hooks of a step or phase beginning: they ask no
// player, so each runs to its end.
func (g *Game) runBegin(list []Action) {
	for i := range list {
		m := g.exec().Mark()
		list[i].Run(g.exec())
		g.exec().Release(m)
	}
}

func (g *Game) beginTurn() {
	p, extra := g.nextTurn()
	// A turn an effect skips (skip_turn) is passed over as though it did
	// not exist: each skip is used up by the one turn it skips.
	for n := 0; n <= 2*len(g.Players)+len(g.ExtraTurns) && len(g.Skips) > 0; n++ {
		rule, ok := g.useTurnSkip(p)
		if !ok {
			break
		}
		g.emit(Event{Kind: EvSkip, Rule: rule, Player: int8(p), Obj: NoObj, N: 2, Name: "turn"})
		p, extra = g.nextTurn()
	}
	g.TurnNum++
	g.Active = p
	if extra == "" {
		g.emitPlayer(EvTurn, g.Rules.TurnRule, p, g.TurnNum)
	} else {
		// An extra turn cites the rules' rule for extra turns, and says
		// which one it is.
		rule := g.Rules.ExtraTurnsRule
		if rule == "" {
			rule = g.Rules.TurnRule
		}
		g.emit(Event{Kind: EvTurn, Rule: rule, Player: int8(p), Obj: NoObj, N: g.TurnNum, Name: extra})
	}
	g.segBegan, g.segEnded = segSet{}, segSet{}
	g.buildPlan()
	g.pos, g.inPhase, g.stage = 0, false, stBeginSeg
}

// nextTurn is the player whose turn comes next, and the identity of that
// turn if it is an extra one (which it takes from the extra turns).
func (g *Game) nextTurn() (int, string) {
	if len(g.ExtraTurns) > 0 {
		i := 0
		if g.Rules.ExtraTurnsNewestFirst {
			i = len(g.ExtraTurns) - 1
		}
		p, extra := int(g.ExtraTurns[i].Player), g.ExtraTurns[i].Name
		g.ExtraTurns = append(g.ExtraTurns[:i], g.ExtraTurns[i+1:]...)
		return p, extra
	}
	p := g.Starting
	if g.started {
		p = g.exec().NextPlayer(g.lastNormal)
	}
	g.lastNormal = p
	g.started = true
	return p, ""
}

// useTurnSkip uses up an effect skipping player p's next turn, if there
// is one, and reports the rule that made it.
func (g *Game) useTurnSkip(p int) (string, bool) {
	for i, s := range g.Skips {
		if s.Turn && int(s.Player) == p {
			g.Skips = append(g.Skips[:i], g.Skips[i+1:]...)
			return s.Rule, true
		}
	}
	return "", false
}

func (g *Game) beginSegment() {
	if g.pos >= g.planLen {
		g.stage = stNewTurn
		return
	}
	e := g.plan[g.pos]
	ph := &g.Rules.Phases[e.Ref.Phase]
	st := &ph.Steps[e.Ref.Step]
	if !g.inPhase {
		if rule, skip := g.skipped(ph.Name, ph.Skip, ph.SkipRule, &g.Rules.EveryPhase); skip {
			g.emit(Event{Kind: EvSkip, Rule: rule, Player: int8(g.Active), Obj: NoObj, N: 1, Name: ph.Name})
			for g.pos < g.planLen && !g.plan[g.pos].PhaseEnd {
				g.pos++
			}
			g.pos++
			return
		}
		g.inPhase = true
		g.segBegan.add(int(e.Ref.Phase), -1)
		g.emit(Event{Kind: EvBeginPhase, Rule: first(ph.Rules), Player: int8(g.Active), Obj: NoObj, Name: ph.Name})
		g.runBegin(g.Rules.EveryPhase.OnBegin)
	}
	if !ph.Implicit {
		if rule, skip := g.skipped(st.Name, st.Skip, st.SkipRule, &g.Rules.EveryStep); skip {
			g.emit(Event{Kind: EvSkip, Rule: rule, Player: int8(g.Active), Obj: NoObj, Name: st.Name})
			g.ai = 0
			if e.PhaseEnd {
				g.stage = stEndPhase
			} else {
				g.pos++
			}
			return
		}
		g.segBegan.add(int(e.Ref.Phase), int(e.Ref.Step))
		g.emit(Event{Kind: EvBeginStep, Rule: first(st.Rules), Player: int8(g.Active), Obj: NoObj, Name: st.Name})
		g.runBegin(g.Rules.EveryStep.OnBegin)
	}
	g.stepHadPriority = false
	g.repeat = false
	g.stage, g.ai = stActions, 0
}

// skipped evaluates a segment's own skip clause, then the clause shared by
// every segment of its kind; a skip effect on the segment is consumed.
func (g *Game) skipped(name string, own func(Exec) bool, ownRule string, every *SegmentHooks) (string, bool) {
	g.skipName = name
	defer func() { g.skipName = "" }()
	rule, skip := "", false
	if own != nil && own(g.exec()) {
		rule, skip = ownRule, true
	} else if every.Skip != nil && every.Skip(g.exec()) {
		rule, skip = every.SkipRule, true
	}
	if skip {
		for i, s := range g.Skips {
			if !s.Turn && s.Name == name && int(s.Player) == g.Active {
				g.Skips = append(g.Skips[:i], g.Skips[i+1:]...)
				break
			}
		}
	}
	return rule, skip
}

func (g *Game) endStep() {
	ph, st, _ := g.current()
	if !g.runActions(st.OnEnd) {
		return
	}
	if !ph.Implicit {
		g.stage = stEndStepEvery
		return
	}
	g.finishStep(st)
}

func (g *Game) endStepEvery() {
	_, st, _ := g.current()
	if !g.runActions(g.Rules.EveryStep.OnEnd) {
		return
	}
	ref := g.plan[g.pos].Ref
	g.segEnded.add(int(ref.Phase), int(ref.Step))
	g.emit(Event{Kind: EvEndStep, Rule: first(st.Rules), Player: int8(g.Active), Obj: NoObj, Name: st.Name})
	g.finishStep(st)
}

func (g *Game) finishStep(st *Step) {
	if to := g.jumpTo - 1; to >= 0 {
		g.repeat = false
		if !g.phaseEndsBefore(g.pos, to) { // (to == g.pos: the step begins again)
			g.jumpOn()
			g.stage, g.ai = stBeginSeg, 0
			return
		}
		g.stage, g.ai = stEndPhase, 0 // its phase ends too
		return
	}
	if g.repeat {
		g.repeat = false
		g.emit(Event{Kind: EvRepeatStep, Rule: st.RepeatRule, Player: int8(g.Active), Obj: NoObj, Name: st.Name})
		g.stage, g.ai = stBeginSeg, 0
		return
	}
	if !g.plan[g.pos].PhaseEnd {
		g.pos++
		g.stage, g.ai = stBeginSeg, 0
		return
	}
	g.stage, g.ai = stEndPhase, 0
}

func (g *Game) endPhase() {
	ph, _, _ := g.current()
	if !g.runActions(ph.OnEnd) {
		return
	}
	g.stage = stEndPhaseEvery
}

func (g *Game) endPhaseEvery() {
	ph, _, _ := g.current()
	if !g.runActions(g.Rules.EveryPhase.OnEnd) {
		return
	}
	g.segEnded.add(int(g.plan[g.pos].Ref.Phase), -1)
	g.emit(Event{Kind: EvEndPhase, Rule: first(ph.Rules), Player: int8(g.Active), Obj: NoObj, Name: ph.Name})
	g.inPhase = false
	if g.jumpTo > 0 {
		g.jumpOn()
	} else {
		g.pos++
	}
	g.stage, g.ai = stBeginSeg, 0
}

// GoToStep is the statement that ends the current step at once (and its
// phase, if step s is in another) and goes on with the turn's next step s,
// every step and phase between them skipped; with no later step s and s
// the current step, a new one begins. Nothing happens if the turn has no
// step s left. The step ends as the resolution or action that said it
// does: no player receives priority in it again.
func (g Exec) GoToStep(s StepID, rule string) {
	ref := stepRefOf(s)
	if !g.validStep(ref) || g.stage == stNewTurn || g.pos >= g.planLen {
		return
	}
	to := -1
	for i := g.pos + 1; i < g.planLen; i++ {
		if g.plan[i].Ref == ref {
			to = i
			break
		}
	}
	if to < 0 && g.plan[g.pos].Ref == ref {
		to = g.pos
	}
	if to < 0 {
		return
	}
	g.jumpTo, g.jumpRule = to+1, rule
	g.touch(ChangeAll)
}

// jumpOn goes on with the plan entry GoToStep named, logging as skipped
// each step and phase between (a phase whole, or its steps).
func (g *Game) jumpOn() {
	to, rule := g.jumpTo-1, g.jumpRule
	g.jumpTo, g.jumpRule = 0, ""
	for i := g.pos + 1; i < to; i++ {
		e := g.plan[i]
		ph := &g.Rules.Phases[e.Ref.Phase]
		if e.PhaseStart && g.phaseEndsBefore(i, to) { // the phase whole
			g.emit(Event{Kind: EvSkip, Rule: rule, Player: int8(g.Active), Obj: NoObj, N: 1, Name: ph.Name})
			for i < to && !g.plan[i].PhaseEnd {
				i++
			}
			continue
		}
		if !ph.Implicit {
			g.emit(Event{Kind: EvSkip, Rule: rule, Player: int8(g.Active), Obj: NoObj, Name: ph.Steps[e.Ref.Step].Name})
		}
	}
	g.pos = to
}

// phaseEndsBefore reports whether a phase of the plan ends between
// entries from (included) and to.
func (g *Game) phaseEndsBefore(from, to int) bool {
	for i := from; i < to; i++ {
		if g.plan[i].PhaseEnd {
			return true
		}
	}
	return false
}

// SkipEffect reports whether an effect asked to skip the segment whose skip
// clauses are being evaluated.
func (g Exec) SkipEffect() bool {
	for _, s := range g.Skips {
		if !s.Turn && s.Name == g.skipName && int(s.Player) == g.Active {
			return true
		}
	}
	return false
}

// AddSkip records an effect that skips the next segment called name of
// player p's turns.
func (g Exec) AddSkip(p int, name string) {
	g.Skips = append(g.Skips, skipReq{Player: int8(p), Name: name})
}

// SkipTurn is the statement that skips player p's next turn (the rules: it
// is passed over as though it did not exist); each such statement skips
// one turn. It does nothing for no player.
func (g Exec) SkipTurn(p int, rule string) {
	if !g.IsPlayer(p) {
		return
	}
	g.Skips = append(g.Skips, skipReq{Player: int8(p), Turn: true, Rule: rule})
	g.touch(ChangeAll)
}

// ExtraTurn is the statement that gives player p an extra turn after this
// one (the rules' turn says in which order extra turns are taken), known
// by the name of the source of the ability or spell resolving. It does
// nothing for no player.
func (g Exec) ExtraTurn(p int, rule string) {
	_ = rule // the turn's event cites the rules' rule for extra turns
	if !g.IsPlayer(p) {
		return
	}
	source := "" // the turn is known by the name of the resolving ability's source
	if x := g.AbilitySource(); x != NoObj && g.valid(x) {
		source = g.face(x).Name
	}
	g.AddExtraTurnFrom(p, source)
	g.touch(ChangeAll)
}

// AddExtraTurn gives player p an extra turn after this one, known by its
// number among the game's extra turns.
func (g Exec) AddExtraTurn(p int) { g.AddExtraTurnFrom(p, "") }

// AddExtraTurnFrom gives player p an extra turn after this one, created by
// the effect named source (its identity in the turn's event; its number if
// source is empty).
func (g Exec) AddExtraTurnFrom(p int, source string) {
	g.extraMade++
	if source == "" {
		source = "#" + strconv.Itoa(int(g.extraMade))
	}
	g.ExtraTurns = append(g.ExtraTurns, ExtraTurn{Player: int8(p), Name: source})
}

// PhaseID names a phase of the rules (its index in Rules.Phases) as a
// statement's argument (add_phase).
type PhaseID int16

// StepID names a step of the rules as a statement's argument (add_step):
// its phase's index times 16 plus its own.
type StepID int16

// AddPhase is the statement that adds phase ph after the next (or current)
// occurrence of phase after this turn: the added phase is that phase, for
// the rules' triggers, timings and durations. With no such phase left, it
// does nothing.
func (g Exec) AddPhase(ph, after PhaseID, rule string) {
	_ = g.addPhase(int(ph), int(after), "")
}

// AddStep is the statement that adds step s directly after the next (or
// current) occurrence of step after this turn, in after's phase. With no
// such step left, or steps of two phases, it does nothing.
func (g Exec) AddStep(s, after StepID, rule string) {
	ref, aref := stepRefOf(s), stepRefOf(after)
	if !g.validStep(ref) || !g.validStep(aref) {
		return
	}
	_ = g.addStep(ref, aref, false, "", "")
}

// stepRefOf is the step a StepID names (its phase and place in it).
func stepRefOf(s StepID) StepRef { return StepRef{int16(s) / 16, int16(s) % 16} }

func (g Exec) validStep(r StepRef) bool {
	return int(r.Phase) < len(g.Rules.Phases) && r.Step >= 0 && int(r.Step) < len(g.Rules.Phases[r.Phase].Steps)
}

// AddExtraPhase inserts a phase after the next (or current) occurrence of
// phase after in this turn.
func (g Exec) AddExtraPhase(name, after string) error {
	pi, ok := g.Rules.FindPhase(name)
	if !ok {
		return errorf("no phase %q", name)
	}
	ai, ok := g.Rules.FindPhase(after)
	if !ok {
		return errorf("no phase %q", after)
	}
	return g.addPhase(pi, ai, after)
}

func (g Exec) addPhase(pi, ai int, after string) error {
	if pi < 0 || pi >= len(g.Rules.Phases) || ai < 0 || ai >= len(g.Rules.Phases) {
		return errorf("no such phase")
	}
	if after == "" {
		after = g.Rules.Phases[ai].Name
	}
	at := -1
	for i := g.pos; i < g.planLen; i++ {
		if int(g.plan[i].Ref.Phase) == ai && g.plan[i].PhaseEnd {
			at = i + 1
			break
		}
	}
	if at < 0 {
		return errorf("no %s phase left this turn", after)
	}
	n := len(g.Rules.Phases[pi].Steps)
	if g.planLen+n > maxPlan {
		return errorf("too many extra steps this turn")
	}
	copy(g.plan[at+n:], g.plan[at:g.planLen])
	for si := 0; si < n; si++ {
		g.plan[at+si] = planEntry{Ref: StepRef{int16(pi), int16(si)}, PhaseStart: si == 0, PhaseEnd: si == n-1}
	}
	g.planLen += n
	return nil
}

// AddExtraStep inserts step name directly after (or before) the next
// occurrence of step anchor in this turn, within the anchor's phase.
func (g Exec) AddExtraStep(name, anchor string, before bool) error {
	ref, ok := g.Rules.FindStep(name)
	if !ok {
		return errorf("no step %q", name)
	}
	aref, ok := g.Rules.FindStep(anchor)
	if !ok {
		return errorf("no step %q", anchor)
	}
	return g.addStep(ref, aref, before, name, anchor)
}

func (g Exec) addStep(ref, aref StepRef, before bool, name, anchor string) error {
	if name == "" {
		name, anchor = g.Rules.step(ref).Name, g.Rules.step(aref).Name
	}
	if ref.Phase != aref.Phase || g.Rules.Phases[ref.Phase].Implicit {
		return errorf("step %q is not part of the phase of %q", name, anchor)
	}
	// "After" may name the current step ("after this step"); "before"
	// cannot name a step that has already begun.
	start := g.pos
	if before && g.stage != stBeginSeg {
		start++
	}
	for i := start; i < g.planLen; i++ {
		if g.plan[i].Ref != aref {
			continue
		}
		if g.planLen == maxPlan {
			return errorf("too many extra steps this turn")
		}
		at := i + 1
		if before {
			at = i
		}
		copy(g.plan[at+1:], g.plan[at:g.planLen])
		g.planLen++
		ne := planEntry{Ref: ref}
		if before {
			ne.PhaseStart = g.plan[at+1].PhaseStart
			g.plan[at+1].PhaseStart = false
		} else {
			ne.PhaseEnd = g.plan[i].PhaseEnd
			g.plan[i].PhaseEnd = false
		}
		g.plan[at] = ne
		return nil
	}
	return errorf("no %s step left this turn", anchor)
}

// Plan lists the steps left in this turn, current one first.
func (g *Game) Plan() []string {
	var out []string
	for i := g.pos; i < g.planLen; i++ {
		out = append(out, g.Rules.step(g.plan[i].Ref).Name)
	}
	return out
}

func first(rules []string) string {
	if len(rules) == 0 {
		return ""
	}
	return rules[0]
}
