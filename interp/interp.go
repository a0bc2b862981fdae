// Package interp runs a checked .mtg program without generating Go: Rules
// builds an *runtime.Rules whose functions evaluate the program's checked
// AST. It is the same runtime as a generated engine, so it has the same
// decision API and the same trace; it exists so that a rules maintainer can
// run an edited ruleset at once (mtgc test, mtgc play), and as the second,
// independent execution that differential and mutation testing need.
//
// It translates the checker's IR (compiler.Clause): names are resolved,
// types checked and every call bound to its vocabulary row before it sees
// a program, so it reports no error of its own; it builds a tree of
// closures once, and evaluation does no lookups. A clause's variables live on the
// game's scratch stack (runtime.Game.Mark/Push/Selected/Release) for the
// duration of the clause, so that evaluation allocates nothing and one
// *Rules serves any number of games at once.
package interp

import (
	"fmt"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/grammar"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

type builder struct {
	p    *compiler.Program
	tick func()
}

// Options tune the rules Rules builds.
type Options struct {
	// Tick, if set, is called each time the runtime calls into the rules
	// (an action, a condition, a state-based action, a predicate): a
	// watchdog can count the calls and stop rules that never end (mtgc
	// mutate does, with runtime.Goexit, as testing's FailNow does).
	Tick func()
}

// Rules builds the runtime rules of p, translating its checked IR. The
// result has the same tables as the engine compiler.Generate would emit for
// p (the same rules, positions and order); only the functions differ. The
// error is for the API's sake: a checked program always builds, and one
// that does not is a checker bug, reported as such.
func Rules(p *compiler.Program) (*rt.Rules, error) { return RulesWith(p, Options{}) }

// RulesWith is Rules with options.
func RulesWith(p *compiler.Program, opt Options) (r *rt.Rules, err error) {
	defer func() {
		if e := recover(); e != nil {
			r, err = nil, fmt.Errorf("%v", e)
		}
	}()
	return build(p, opt), nil
}

func build(p *compiler.Program, opt Options) *rt.Rules {
	b := &builder{p: p, tick: opt.Tick}
	r := &rt.Rules{
		Edition:    p.Edition,
		Title:      p.Title,
		SourceHash: p.Hash,
		Index:      p.IndexData,
		Defaults: rt.PlayerDefaults{
			Life: int32(p.Defaults.Life), MaxHandSize: int32(p.Defaults.MaxHandSize),
			LandPlays: int32(p.Defaults.LandPlays), OpeningHand: int32(p.Defaults.OpeningHand),
		},
		TurnRule:              first(p.TurnRules),
		ExtraTurnsRule:        first(p.ExtraRules),
		ExtraTurnsNewestFirst: p.NewestFirst,
		LandRule:              p.LandRule,
		SorceryRule:           p.SorceryRule,
		SBAsReadPosition:      p.SBAsReadPosition,
		SBAsReadTapped:        p.SBAsReadTapped,
		SBAsReadMana:          p.SBAsReadMana,
	}
	for _, m := range p.Mechanisms {
		r.Cite[m.Mech] = first(m.Rules)
		if m.Proc != nil {
			r.Procedures[m.Mech] = b.actions([]*compiler.Code{m.Proc})[0]
		}
		if len(m.Requires) > 0 {
			r.Requires[m.Mech] = b.requires(m)
		}
	}
	for i, k := range p.Keywords {
		r.Keywords = append(r.Keywords, k.Name)
		if k.Prevents != "" {
			r.Prevent = append(r.Prevent, rt.Prevention{Keyword: i, Event: k.Prevents, Rule: first(k.PreventRules)})
		}
		if k.Redundant {
			r.Redundant |= 1 << uint(i)
		}
		if k.Param != "" {
			r.Parameterized |= 1 << uint(i)
		}
		if k.Kind == "triggered" {
			r.KeywordTriggers = append(r.KeywordTriggers, rt.KeywordTrigger{Keyword: i, Trigger: rt.Trigger{Triggered: k.Trigger}, ArgParam: k.ArgParam})
		}
	}
	for _, t := range p.CardTypes {
		r.CardTypes = append(r.CardTypes, t.Name)
	}
	for _, c := range p.Cards {
		r.Cards = append(r.Cards, c.Card)
	}
	r.PlayedTypes = p.TypeMask("played")
	r.NonpermanentTypes, r.CombatantTypes = p.TypeMask("nonpermanent"), p.TypeMask("combatant")
	for _, k := range p.Counters {
		r.Counters = append(r.Counters, k.Name)
	}
	if len(p.Kinds) > 0 {
		r.Kinds = p.KindSpecs()
	}
	for _, m := range p.LandMana {
		r.LandMana = append(r.LandMana, rt.LandMana{Subtype: m.Subtype, Color: rt.Color(m.Color.Value)})
	}
	for _, s := range p.States {
		if s.Holder != 0 {
			r.HeldStates = append(r.HeldStates, rt.HeldState{Name: s.Name, Holder: s.Holder, Slot: rt.StateKind(s.Enum.Value), Kind: s.KindName()})
			continue
		}
		r.States, r.StateKinds = append(r.States, s.Name), append(r.StateKinds, rt.StateKind(s.Enum.Value))
	}
	for _, a := range p.Derived {
		r.Characteristics, r.CharacteristicNames = append(r.Characteristics, b.derived(a)), append(r.CharacteristicNames, a.Name)
	}
	if p.Power != nil {
		r.Power = b.characteristic(p.Power)
	}
	if p.Toughness != nil {
		r.Toughness = b.characteristic(p.Toughness)
	}
	for _, ph := range p.Phases {
		r.Phases = append(r.Phases, b.phase(ph))
	}
	r.EveryStep = b.every(&p.EveryStep)
	r.EveryPhase = b.every(&p.EveryPhase)
	for _, s := range p.SBAs {
		r.SBAs = append(r.SBAs, b.sba(s))
	}
	for _, s := range p.Watches {
		sb := b.sba(s)
		sb.Reads, sb.Own = 0, s.Own
		r.Watches = append(r.Watches, sb)
	}
	for _, pr := range p.Predicates {
		r.Predicates = append(r.Predicates, b.predicate(pr))
	}
	for _, fn := range p.Fns {
		r.Fns = append(r.Fns, b.predicate(fn))
	}
	for _, t := range p.Timings {
		f := b.playerCond(t.Param, t.Expr, t.Slots)
		r.Timings = append(r.Timings, rt.Timing{Name: t.Name, Rules: t.Rules, Pos: where(t.Pos), Allows: f})
	}
	b.hooks(r)
	for _, te := range p.TriggerEvents {
		r.TriggerEvents = append(r.TriggerEvents, b.triggerEvent(te))
	}
	return r
}

// triggerEvent builds a trigger event: its condition and value run with
// the event's object, the ability's source and its argument in their
// parameters' slots.
func (b *builder) triggerEvent(te *compiler.TriggerEvent) rt.TriggerEvent {
	out := rt.TriggerEvent{Name: te.Name, Rules: te.Rules, Pos: where(te.Pos), On: te.On, Watch: te.Watch, Param: te.Param, Recipient: te.R != nil}
	slot := func(v *compiler.Var) int {
		if v == nil {
			return -1
		}
		return v.Slot
	}
	sx, sw, sn, sa, sr, slots := slot(te.X), slot(te.W), slot(te.N), slot(te.A), slot(te.R), te.Slots
	bind := func(g rt.Exec, x, w rt.ObjID, n int32) int {
		fp := b.frame(g, slots)
		sel := g.Selected(fp)
		if sx >= 0 {
			sel[sx] = x
		}
		if sw >= 0 {
			sel[sw] = w
		}
		if sn >= 0 {
			sel[sn] = rt.ObjID(n)
		}
		if sa >= 0 {
			sel[sa] = rt.ObjID(g.EventNumber())
		}
		if sr >= 0 {
			sel[sr] = g.EventRecipient()
		}
		return fp
	}
	c := &clause{b: b}
	if te.If != nil {
		f := c.expr(te.If).b
		out.If = func(g rt.Exec, x, w rt.ObjID, n int32) bool {
			fp := bind(g, x, w, n)
			r := f(g, fp)
			g.Release(fp)
			return r
		}
	}
	if te.Value != nil {
		f := c.expr(te.Value).i
		out.Value = func(g rt.Exec, x, w rt.ObjID, n int32) int32 {
			fp := bind(g, x, w, n)
			r := f(g, fp)
			g.Release(fp)
			return r
		}
	}
	return out
}

func first(ss []string) string {
	if len(ss) == 0 {
		return ""
	}
	return ss[0]
}

// where is a position as the generated tables give it: "file:line".
func where(pos grammar.Pos) string { return fmt.Sprintf("%s:%d", pos.File, pos.Line) }

func (b *builder) phase(ph *compiler.Phase) rt.Phase {
	out := rt.Phase{Name: ph.Name, Rules: ph.Rules, Pos: where(ph.Pos), Implicit: ph.Implicit}
	if ph.Skip != nil {
		out.Skip, out.SkipRule = b.cond(ph.Skip), first(ph.Skip.Rules)
	}
	out.OnEnd = b.actions(ph.OnEnd)
	for _, st := range ph.Steps {
		out.Steps = append(out.Steps, b.step(st))
	}
	return out
}

func (b *builder) step(st *compiler.Step) rt.Step {
	out := rt.Step{Name: st.Name, Rules: st.Rules, Pos: where(st.Pos)}
	if st.Skip != nil {
		out.Skip, out.SkipRule = b.cond(st.Skip), first(st.Skip.Rules)
	}
	out.Actions = b.actions(st.Actions)
	if st.NoPriority != nil {
		out.NoPriorityRule = first(st.NoPriority.Rules)
	}
	if st.Priority != nil {
		out.Priority, out.PriorityRule = b.player(st.Priority), first(st.Priority.Rules)
		if st.PriorityIf != nil {
			out.PriorityIf = b.cond(st.PriorityIf)
		}
	}
	if st.Repeat != nil {
		out.Repeat, out.RepeatRule = b.cond(st.Repeat), first(st.Repeat.Rules)
	}
	if st.AllowLand != nil {
		out.AllowLand, out.LandIf = first(st.AllowLand.Rules), b.allowIf(st.AllowLand)
	}
	if st.AllowSpell != nil {
		out.AllowSorcery, out.SorceryIf = first(st.AllowSpell.Rules), b.allowIf(st.AllowSpell)
	}
	out.OnEnd = b.actions(st.OnEnd)
	return out
}

func (b *builder) every(ev *compiler.Every) rt.SegmentHooks {
	var out rt.SegmentHooks
	if ev.Skip != nil {
		out.Skip, out.SkipRule = b.cond(ev.Skip), first(ev.Skip.Rules)
	}
	out.OnBegin = b.actions(ev.OnBegin)
	out.OnEnd = b.actions(ev.OnEnd)
	return out
}

// frame calls the watchdog, reserves a clause's variable slots on the scratch stack and
// returns the frame pointer; the caller releases it.
func (b *builder) frame(g rt.Exec, slots int) int {
	if b.tick != nil {
		b.tick()
	}
	fp := g.Mark()
	for i := 0; i < slots; i++ {
		g.Push(0)
	}
	return fp
}

func (b *builder) actions(list []*compiler.Code) []rt.Action {
	var out []rt.Action
	for _, a := range list {
		c := &clause{b: b}
		body, slots := c.block(a.Stmts), a.Slots
		run := func(g rt.Exec) bool {
			fp := b.frame(g, slots)
			ok := body(g, fp)
			g.Release(fp)
			return ok
		}
		out = append(out, rt.Action{Rules: a.Rules, Pos: where(a.Pos), Run: run})
	}
	return out
}

// allowIf builds the condition of an allow clause, over the player who
// would act (nil when the clause has none).
func (b *builder) allowIf(code *compiler.Code) func(rt.Exec, int) bool {
	if code.Expr == nil {
		return nil
	}
	return b.playerCond(code.Params[0], code.Expr, code.Slots)
}

// playerCond builds a condition over one player, the variable param.
func (b *builder) playerCond(param *compiler.Var, cond compiler.Expr, slots int) func(rt.Exec, int) bool {
	c := &clause{b: b}
	s, f := param.Slot, c.expr(cond).b
	return func(g rt.Exec, p int) bool {
		fp := b.frame(g, slots)
		g.Selected(fp)[s] = rt.ObjID(p)
		r := f(g, fp)
		g.Release(fp)
		return r
	}
}

// requires builds an action's conditions: Test evaluates them in order
// with the player, the object and the ability's number in their slots.
func (b *builder) requires(m *compiler.Mechanism) rt.Requirements {
	c := &clause{b: b}
	out := rt.Requirements{From: m.From, Controlled: m.Controlled, Guard: m.Guard, Excluded: m.Excluded}
	conds := make([]func(rt.Exec, int) bool, len(m.Requires))
	for i, q := range m.Requires {
		conds[i] = c.expr(q.Cond).b
		out.Lines = append(out.Lines, rt.Requirement{Rule: q.Rule, Cite: q.Cite, Pred: compiler.KindID(q.Pred), PredArgs: q.PredArgs, Else: q.Else, Pos: where(q.Pos), Text: grammar.FormatNode(q.Decl.Cond)})
	}
	sp, sx, sa, slots := m.Player.Slot, m.X.Slot, m.Ability.Slot, m.Slots
	out.Test = func(g rt.Exec, p int, x rt.ObjID, i int32) int {
		fp := b.frame(g, slots)
		sel := g.Selected(fp)
		sel[sp], sel[sx], sel[sa] = rt.ObjID(p), x, rt.ObjID(i)
		failed := firstFailing(conds, g, fp)
		g.Release(fp)
		return failed
	}
	var none []func(rt.Exec, int) bool
	for i, q := range m.Requires {
		if q.NoObject {
			none = append(none, conds[i])
		}
	}
	if len(none) > 0 {
		out.Any = func(g rt.Exec, p int) bool {
			fp := b.frame(g, slots)
			g.Selected(fp)[sp] = rt.ObjID(p)
			ok := firstFailing(none, g, fp) < 0
			g.Release(fp)
			return ok
		}
	}
	return out
}

// firstFailing is the index of the first of conds that does not hold in
// frame fp, or -1.
func firstFailing(conds []func(rt.Exec, int) bool, g rt.Exec, fp int) int {
	for k, f := range conds {
		if !f(g, fp) {
			return k
		}
	}
	return -1
}

// characteristic builds a derivation of power or toughness.
func (b *builder) characteristic(ch *compiler.Characteristic) func(rt.Exec, rt.ObjID) int32 {
	c := &clause{b: b}
	return b.characteristicOf(ch, c.expr(ch.Expr).i)
}

// characteristicOf evaluates f with the characteristic's object bound.
func (b *builder) characteristicOf(ch *compiler.Characteristic, f func(rt.Exec, int) int32) func(rt.Exec, rt.ObjID) int32 {
	s, slots := ch.Param.Slot, ch.Slots
	return func(g rt.Exec, x rt.ObjID) int32 {
		fp := b.frame(g, slots)
		g.Selected(fp)[s] = x
		r := f(g, fp)
		g.Release(fp)
		return r
	}
}

// derived builds a characteristic the rules derive for their own reading:
// a number, or a condition as 1 or 0.
func (b *builder) derived(a *compiler.Characteristic) func(rt.Exec, rt.ObjID) int32 {
	if a.Type != compiler.Bool {
		return b.characteristic(a)
	}
	c := &clause{b: b}
	f := c.expr(a.Expr).b
	return b.characteristicOf(a, func(g rt.Exec, fp int) int32 {
		if f(g, fp) {
			return 1
		}
		return 0
	})
}

// cond builds a condition clause (skip, repeat, priority if).
func (b *builder) cond(code *compiler.Code) func(rt.Exec) bool {
	c := &clause{b: b}
	f, slots := c.expr(code.Expr).b, code.Slots
	if slots == 0 && b.tick == nil {
		return func(g rt.Exec) bool { return f(g, 0) }
	}
	return func(g rt.Exec) bool {
		fp := b.frame(g, slots)
		r := f(g, fp)
		g.Release(fp)
		return r
	}
}

// player builds the expression of a priority clause.
func (b *builder) player(code *compiler.Code) func(rt.Exec) int {
	c := &clause{b: b}
	f, slots := c.expr(code.Expr).p, code.Slots
	return func(g rt.Exec) int {
		fp := b.frame(g, slots)
		r := f(g, fp)
		g.Release(fp)
		return r
	}
}

func (b *builder) sba(s *compiler.SBA) rt.SBA {
	out := rt.SBA{Rule: first(s.Rules), Pos: where(s.Pos), Over: s.Kind.Over, Types: s.Kind.Types, Reads: s.Reads, TokensOnly: s.TokensOnly, Features: s.Features}
	c := &clause{b: b}
	cond, body := c.expr(s.Match).b, c.block(s.Do)
	slot, slots := s.Var.Slot, s.Slots
	out.Match = func(g rt.Exec, x int32) bool {
		fp := b.frame(g, slots)
		g.Selected(fp)[slot] = rt.ObjID(x)
		r := cond(g, fp)
		g.Release(fp)
		return r
	}
	out.Do = func(g rt.Exec, x int32) {
		fp := b.frame(g, slots)
		g.Selected(fp)[slot] = rt.ObjID(x)
		body(g, fp)
		g.Release(fp)
	}
	return out
}

// predicate builds a combat predicate: a condition over one object
// (Test) or two (Test2), or a value (Value, Value2), its parameters.
func (b *builder) predicate(pr *compiler.Predicate) rt.Predicate {
	out := rt.Predicate{Rule: first(pr.Rules), Pos: where(pr.Pos), Kind: compiler.KindID(pr.Pred), Own: pr.Own, Guard: pr.Guard, GuardCard: pr.GuardCard, TypeGuard: pr.TypeGuard, Kinds: compiler.KindIDs(pr.Kinds), Is: compiler.KindID(pr.Is), IsOp: pr.IsOp}
	if pr.Decl != nil {
		out.Text = grammar.FormatNode(pr.Decl.If)
	} else {
		out.Text = pr.Label // a function of the rules (given)
	}
	c := &clause{b: b}
	v, slots := c.expr(pr.Expr), pr.Slots
	if pr.Pred.IsPlayer() || pr.Expr.Type() == compiler.Player {
		p := v.p
		v.i = func(g rt.Exec, fp int) int32 { return int32(p(g, fp)) }
	}
	s := pr.Params[0].Slot
	t := s
	if len(pr.Params) == 2 {
		t = pr.Params[1].Slot
	}
	f, fi := v.b, v.i
	switch {
	case pr.IsCost:
		fc := v.c
		out.Cost2 = func(g rt.Exec, x, y rt.ObjID) rt.Cost {
			fp := b.frame(g, slots)
			g.Selected(fp)[s], g.Selected(fp)[t] = x, y
			r := fc(g, fp)
			g.Release(fp)
			return r
		}
	case pr.IsValue && len(pr.Params) == 2:
		out.Value2 = func(g rt.Exec, x, y rt.ObjID) int32 {
			fp := b.frame(g, slots)
			g.Selected(fp)[s], g.Selected(fp)[t] = x, y
			r := fi(g, fp)
			g.Release(fp)
			return r
		}
	case pr.IsValue:
		out.Value = func(g rt.Exec, x rt.ObjID) int32 {
			fp := b.frame(g, slots)
			g.Selected(fp)[s] = x
			r := fi(g, fp)
			g.Release(fp)
			return r
		}
	case len(pr.Params) == 2:
		out.Test2 = func(g rt.Exec, x, y rt.ObjID) bool {
			fp := b.frame(g, slots)
			g.Selected(fp)[s], g.Selected(fp)[t] = x, y
			r := f(g, fp)
			g.Release(fp)
			return r
		}
	default:
		out.Test = func(g rt.Exec, x rt.ObjID) bool {
			fp := b.frame(g, slots)
			g.Selected(fp)[s] = x
			r := f(g, fp)
			g.Release(fp)
			return r
		}
	}
	return out
}

// clause builds the evaluators of one clause (an action, a condition, an
// sba); its variables are the slots the checker gave them.
type clause struct {
	b *builder
}
