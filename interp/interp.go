// Package interp runs a checked .mtg program without generating Go: Rules
// builds an *runtime.Rules whose functions evaluate the program's checked
// AST. It is the same runtime as a generated engine, so it has the same
// decision API and the same trace; it exists so that a rules maintainer can
// run an edited ruleset at once (mtgc test, mtgc play), and as the second,
// independent execution that differential and mutation testing need.
//
// Names, kinds and verbs are resolved once, when Rules builds a tree of
// closures; evaluation does no lookups. A clause's variables live on the
// game's scratch stack (runtime.Game.Mark/Push/Selected/Release) for the
// duration of the clause, so that evaluation allocates nothing and one
// *Rules serves any number of games at once.
package interp

import (
	"fmt"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/grammar"
	rt "github.com/mtgc-dev/mtgc/runtime"
)

type builder struct {
	p        *compiler.Program
	keywords map[string]int
	tick     func()
}

// Options tune the rules Rules builds.
type Options struct {
	// Tick, if set, is called each time the runtime calls into the rules
	// (an action, a condition, a state-based action, a predicate): a
	// watchdog can count the calls and stop rules that never end (mtgc
	// mutate does, with runtime.Goexit, as testing's FailNow does).
	Tick func()
}

// Rules builds the runtime rules of p, evaluating its checked AST. The
// result has the same tables as the engine compiler.Generate would emit for
// p (the same rules, positions and order); only the functions differ.
func Rules(p *compiler.Program) (*rt.Rules, error) { return RulesWith(p, Options{}) }

// RulesWith is Rules with options.
func RulesWith(p *compiler.Program, opt Options) (*rt.Rules, error) {
	b := &builder{p: p, keywords: map[string]int{}, tick: opt.Tick}
	for i, k := range p.Keywords {
		b.keywords[k.Name] = i
	}
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
	r.Subtypes = append([]string(nil), compiler.BitSubtypes...)
	for _, m := range p.Mechanisms {
		r.Cite[m.Mech] = first(m.Rules)
	}
	for _, k := range p.Keywords {
		r.Keywords = append(r.Keywords, k.Name)
		if k.Prevents != "" {
			r.Prevent = append(r.Prevent, rt.Prevention{Keyword: b.keywords[k.Name], Event: k.Prevents, Rule: first(k.PreventRules)})
		}
	}
	var err error
	for _, ph := range p.Phases {
		rp, e := b.phase(ph)
		if e != nil {
			return nil, e
		}
		r.Phases = append(r.Phases, rp)
	}
	if r.EveryStep, err = b.every(&p.EveryStep); err != nil {
		return nil, err
	}
	if r.EveryPhase, err = b.every(&p.EveryPhase); err != nil {
		return nil, err
	}
	for _, s := range p.SBAs {
		rs, err := b.sba(s)
		if err != nil {
			return nil, err
		}
		r.SBAs = append(r.SBAs, rs)
	}
	if len(r.SBAs) > 0 {
		r.MatchSBAs = matchAll(r.SBAs)
	}
	for _, pr := range p.Predicates {
		rp, err := b.predicate(pr)
		if err != nil {
			return nil, err
		}
		r.Predicates = append(r.Predicates, rp)
	}
	for _, t := range p.Timings {
		f, err := b.playerCond(t.Decl.If, t.Decl.Param.Name, "a timing condition")
		if err != nil {
			return nil, err
		}
		r.Timings = append(r.Timings, rt.Timing{Name: t.Name, Rules: t.Rules, Pos: where(t.Pos), Allows: f})
	}
	if err := b.hooks(r); err != nil {
		return nil, err
	}
	return r, nil
}

func first(ss []string) string {
	if len(ss) == 0 {
		return ""
	}
	return ss[0]
}

// where is a position as the generated tables give it: "file:line".
func where(pos grammar.Pos) string { return fmt.Sprintf("%s:%d", pos.File, pos.Line) }

func (b *builder) phase(ph *compiler.Phase) (rt.Phase, error) {
	out := rt.Phase{Name: ph.Name, Rules: ph.Rules, Pos: where(ph.Pos), Implicit: ph.Implicit}
	var err error
	if ph.Skip != nil {
		if out.Skip, err = b.cond(ph.Skip); err != nil {
			return out, err
		}
		out.SkipRule = first(ph.Skip.Rules)
	}
	if out.OnEnd, err = b.actions(ph.OnEnd); err != nil {
		return out, err
	}
	for _, st := range ph.Steps {
		s, err := b.step(st)
		if err != nil {
			return out, err
		}
		out.Steps = append(out.Steps, s)
	}
	return out, nil
}

func (b *builder) step(st *compiler.Step) (rt.Step, error) {
	out := rt.Step{Name: st.Name, Rules: st.Rules, Pos: where(st.Pos)}
	var err error
	if st.Skip != nil {
		if out.Skip, err = b.cond(st.Skip); err != nil {
			return out, err
		}
		out.SkipRule = first(st.Skip.Rules)
	}
	if out.Actions, err = b.actions(st.Actions); err != nil {
		return out, err
	}
	if st.NoPriority != nil {
		out.NoPriorityRule = first(st.NoPriority.Rules)
	}
	if st.Priority != nil {
		if out.Priority, err = b.player(st.Priority); err != nil {
			return out, err
		}
		out.PriorityRule = first(st.Priority.Rules)
		if st.PriorityIf != nil {
			if out.PriorityIf, err = b.cond(st.PriorityIf); err != nil {
				return out, err
			}
		}
	}
	if st.Repeat != nil {
		if out.Repeat, err = b.cond(st.Repeat); err != nil {
			return out, err
		}
		out.RepeatRule = first(st.Repeat.Rules)
	}
	if st.AllowLand != nil {
		out.AllowLand = first(st.AllowLand.Rules)
		if out.LandIf, err = b.allowIf(st.AllowLand); err != nil {
			return out, err
		}
	}
	if st.AllowSpell != nil {
		out.AllowSorcery = first(st.AllowSpell.Rules)
		if out.SorceryIf, err = b.allowIf(st.AllowSpell); err != nil {
			return out, err
		}
	}
	if out.OnEnd, err = b.actions(st.OnEnd); err != nil {
		return out, err
	}
	return out, nil
}

func (b *builder) every(ev *compiler.Every) (rt.SegmentHooks, error) {
	var out rt.SegmentHooks
	var err error
	if ev.Skip != nil {
		if out.Skip, err = b.cond(ev.Skip); err != nil {
			return out, err
		}
		out.SkipRule = first(ev.Skip.Rules)
	}
	out.OnEnd, err = b.actions(ev.OnEnd)
	return out, err
}

// frame calls the watchdog, reserves a clause's variable slots on the scratch stack and
// returns the frame pointer; the caller releases it.
func (b *builder) frame(g *rt.Game, slots int) int {
	if b.tick != nil {
		b.tick()
	}
	fp := g.Mark()
	for i := 0; i < slots; i++ {
		g.Push(0)
	}
	return fp
}

func (b *builder) actions(list []*compiler.Code) ([]rt.Action, error) {
	var out []rt.Action
	for _, a := range list {
		if a.Block == nil {
			return nil, errorf(a.Pos, "no checked statements")
		}
		c := &clause{b: b, rule: first(a.Rules)}
		body, err := c.block(a.Block, &scope{vars: map[string]variable{}})
		if err != nil {
			return nil, err
		}
		slots := c.slots
		run := func(g *rt.Game) bool {
			fp := b.frame(g, slots)
			ok := body(g, fp)
			g.Release(fp)
			return ok
		}
		out = append(out, rt.Action{Rules: a.Rules, Pos: where(a.Pos), Run: run})
	}
	return out, nil
}

// allowIf builds the condition of an allow clause, over the player who
// would act (nil when the clause has none).
func (b *builder) allowIf(code *compiler.Code) (func(*rt.Game, int) bool, error) {
	if code.Cond == nil {
		return nil, nil
	}
	return b.playerCond(code.Cond, "player", "an allow condition")
}

// playerCond builds a condition over one player, named param.
func (b *builder) playerCond(cond grammar.Expr, param, what string) (func(*rt.Game, int) bool, error) {
	c := &clause{b: b}
	sc := &scope{vars: map[string]variable{}}
	s := c.declare(sc, param, compiler.Player).slot
	v, err := c.typed(cond, sc, compiler.Bool, what)
	if err != nil {
		return nil, err
	}
	f, slots := v.b, c.slots
	return func(g *rt.Game, p int) bool {
		fp := b.frame(g, slots)
		g.Selected(fp)[s] = rt.ObjID(p)
		r := f(g, fp)
		g.Release(fp)
		return r
	}, nil
}

// cond builds a condition clause (skip, repeat, priority if).
func (b *builder) cond(code *compiler.Code) (func(*rt.Game) bool, error) {
	if code.Cond == nil {
		return nil, errorf(code.Pos, "no checked condition")
	}
	c := &clause{b: b}
	v, err := c.typed(code.Cond, &scope{vars: map[string]variable{}}, compiler.Bool, "a condition")
	if err != nil {
		return nil, err
	}
	f, slots := v.b, c.slots
	if slots == 0 && b.tick == nil {
		return func(g *rt.Game) bool { return f(g, 0) }, nil
	}
	return func(g *rt.Game) bool {
		fp := b.frame(g, slots)
		r := f(g, fp)
		g.Release(fp)
		return r
	}, nil
}

// player builds the expression of a priority clause.
func (b *builder) player(code *compiler.Code) (func(*rt.Game) int, error) {
	if code.Cond == nil {
		return nil, errorf(code.Pos, "no checked player")
	}
	c := &clause{b: b}
	v, err := c.typed(code.Cond, &scope{vars: map[string]variable{}}, compiler.Player, "the player who receives priority")
	if err != nil {
		return nil, err
	}
	f, slots := v.p, c.slots
	return func(g *rt.Game) int {
		fp := b.frame(g, slots)
		r := f(g, fp)
		g.Release(fp)
		return r
	}, nil
}

func (b *builder) sba(s *compiler.SBA) (rt.SBA, error) {
	out := rt.SBA{Rule: first(s.Rules), Pos: where(s.Pos)}
	if s.For == nil {
		return out, errorf(s.Pos, "no checked query")
	}
	c := &clause{b: b, rule: first(s.Rules)}
	q, inner, err := c.newQuery(s.For.Kind, s.For.Var, s.For.Where, &scope{vars: map[string]variable{}})
	if err != nil {
		return out, err
	}
	if q.cond == nil {
		return out, errorf(s.Pos, "an sba needs a where condition")
	}
	body, err := c.block(s.For.Body, inner)
	if err != nil {
		return out, err
	}
	out.Over, out.Types = q.kind.over, q.kind.types
	slot, cond, slots := q.v.slot, q.cond, c.slots
	out.Match = func(g *rt.Game, x int32) bool {
		fp := b.frame(g, slots)
		g.Selected(fp)[slot] = rt.ObjID(x)
		r := cond(g, fp)
		g.Release(fp)
		return r
	}
	out.Do = func(g *rt.Game, x int32) {
		fp := b.frame(g, slots)
		g.Selected(fp)[slot] = rt.ObjID(x)
		body(g, fp)
		g.Release(fp)
	}
	return out, nil
}

// predicate builds a combat predicate: a condition over one object
// (Test) or two (Test2), its parameters.
func (b *builder) predicate(pr *compiler.Predicate) (rt.Predicate, error) {
	out := rt.Predicate{Rule: first(pr.Rules), Pos: where(pr.Pos)}
	if pr.Decl != nil {
		out.Text = grammar.FormatNode(pr.Decl.If)
	}
	k, ok := rt.ParsePredKind(pr.Kind)
	if !ok || pr.Decl == nil {
		return out, errorf(pr.Pos, "unknown predicate %s", pr.Kind)
	}
	out.Kind = k
	c := &clause{b: b, rule: first(pr.Rules)}
	sc := &scope{vars: map[string]variable{}}
	var params []int
	for _, id := range pr.Decl.Params {
		params = append(params, c.declare(sc, id.Name, compiler.Object).slot)
	}
	want := compiler.Bool
	switch {
	case k.IsPlayer():
		want = compiler.Player
	case k.IsValue():
		want = compiler.Int
	}
	v, err := c.typed(pr.Decl.If, sc, want, "a predicate")
	if err != nil {
		return out, err
	}
	if k.IsPlayer() {
		p := v.p
		v.i = func(g *rt.Game, fp int) int32 { return int32(p(g, fp)) }
	}
	f, slots := v.b, c.slots
	if k.IsValue() && len(params) == 2 {
		s, t, fi := params[0], params[1], v.i
		out.Value2 = func(g *rt.Game, x, y rt.ObjID) int32 {
			fp := b.frame(g, slots)
			g.Selected(fp)[s], g.Selected(fp)[t] = x, y
			r := fi(g, fp)
			g.Release(fp)
			return r
		}
		return out, nil
	}
	if k.IsValue() && len(params) == 1 {
		s, fi := params[0], v.i
		out.Value = func(g *rt.Game, x rt.ObjID) int32 {
			fp := b.frame(g, slots)
			g.Selected(fp)[s] = x
			r := fi(g, fp)
			g.Release(fp)
			return r
		}
		return out, nil
	}
	switch len(params) {
	case 1:
		s := params[0]
		out.Test = func(g *rt.Game, x rt.ObjID) bool {
			fp := b.frame(g, slots)
			g.Selected(fp)[s] = x
			r := f(g, fp)
			g.Release(fp)
			return r
		}
	case 2:
		s, t := params[0], params[1]
		out.Test2 = func(g *rt.Game, x, y rt.ObjID) bool {
			fp := b.frame(g, slots)
			g.Selected(fp)[s], g.Selected(fp)[t] = x, y
			r := f(g, fp)
			g.Release(fp)
			return r
		}
	default:
		return out, errorf(pr.Pos, "predicate %s takes %d parameters", pr.Kind, len(params))
	}
	return out, nil
}

// matchAll matches every state-based action in one pass, in the order of
// the compiler's generated sba_match_all (players, then the battlefield,
// then every object), so that a choice asked while matching (keeps) is
// asked about the same object first as in a generated engine.
func matchAll(sbas []rt.SBA) func(g *rt.Game, hits []rt.SBAHit, first bool) []rt.SBAHit {
	var players, objs, perms, anything []int32
	for i, s := range sbas {
		switch s.Over {
		case rt.OverPlayers:
			players = append(players, int32(i))
		case rt.OverObjects:
			objs = append(objs, int32(i))
		case rt.OverPermanents:
			perms = append(perms, int32(i))
		case rt.OverAnything:
			anything = append(anything, int32(i))
		}
	}
	return func(g *rt.Game, hits []rt.SBAHit, first bool) []rt.SBAHit {
		for p := range g.Players {
			if g.Players[p].Lost {
				continue
			}
			for _, i := range players {
				if sbas[i].Match(g, int32(p)) {
					hits = append(hits, rt.SBAHit{SBA: i, X: int32(p)})
					if first {
						return hits
					}
				}
			}
		}
		if len(objs)+len(perms) > 0 {
			for _, id := range g.Battlefield {
				x := int32(id)
				for _, i := range objs {
					if sbas[i].Match(g, x) {
						hits = append(hits, rt.SBAHit{SBA: i, X: x})
						if first {
							return hits
						}
					}
				}
				if g.Objs[id].PhasedOut {
					continue
				}
				types := g.Objs[id].Types
				for _, i := range perms {
					if t := sbas[i].Types; t != 0 && types&t == 0 {
						continue
					}
					if sbas[i].Match(g, x) {
						hits = append(hits, rt.SBAHit{SBA: i, X: x})
						if first {
							return hits
						}
					}
				}
			}
		}
		if len(anything) > 0 {
			for i := range g.Objs {
				if g.Objs[i].Zone == rt.ZoneNone {
					continue
				}
				x := int32(i)
				for _, s := range anything {
					if sbas[s].Match(g, x) {
						hits = append(hits, rt.SBAHit{SBA: s, X: x})
						if first {
							return hits
						}
					}
				}
			}
		}
		return hits
	}
}
