package compiler

import (
	"fmt"

	"github.com/mtgc-dev/mtgc/grammar"
)

// What coverage reads of the IR to say where a rule's meaning lives
// (docs/coverage.md, "Where the meaning lives"): each construct that cites
// rules, the vocabulary rows its IR uses, and its decisions.

// Construct is one construct of the program that cites rules: a phase, a
// step, a clause of one, an sba, a predicate, a timing, a stack object, an
// effect, a damage hook, a keyword, a mechanism, an action's require line.
type Construct struct {
	What  string // as Cite.What: "action", "predicate", "keyword", ...
	Pos   grammar.Pos
	Rules []string
	// Rows are the vocabulary rows its IR uses (verbs, attributes,
	// functions), each once, in the order first used.
	Rows []*Builtin
	// Stmts: it has statements; OnlyRows: every statement is a verb (Do)
	// and there is nothing else (no expression, no condition): the
	// construct says when its rows run, nothing more.
	Stmts, OnlyRows bool
	// Decisions counts its IR's decisions, as the runtime's branch points
	// are counted (internal/meaning): each if (else if included),
	// conditional expression, and, or, where condition, loop (for each,
	// count, any, all, sum, keeps, chosen), and the construct's own
	// condition if it is one (a skip, repeat or allow condition, an sba,
	// a timing, a predicate, a require line). not is none (it inverts one; Go's ! is
	// none either).
	Decisions int
	// Kind is, for a keyword, what kind of ability its line says it is
	// ("static", "triggered"), or "" if it does not say.
	Kind string
}

// Constructs lists the program's constructs that cite rules, in the
// order of the program's tables.
func (p *Program) Constructs() []Construct {
	var out []Construct
	add := func(what string, pos grammar.Pos, rules []string, cond bool, cl *Clause) {
		c := Construct{What: what, Pos: pos, Rules: rules}
		if cond {
			c.Decisions++
		}
		if cl != nil {
			w := &irWalk{seen: map[*Builtin]bool{}}
			for _, s := range cl.Stmts {
				w.stmt(s)
			}
			if cl.Expr != nil {
				w.expr(cl.Expr)
			}
			c.Rows, c.Decisions = w.rows, c.Decisions+w.decisions
			c.Stmts = len(cl.Stmts) > 0
			c.OnlyRows = c.Stmts && cl.Expr == nil && w.onlyDo(cl.Stmts)
		}
		out = append(out, c)
	}
	code := func(what string, c *Code, cond bool) {
		if c != nil {
			add(what, c.Pos, c.Rules, cond && c.Expr != nil, &c.Clause)
		}
	}
	for _, k := range p.Keywords {
		add("keyword", k.CitePos, k.Rules, false, nil)
		out[len(out)-1].Kind = k.Kind
		if len(k.KindRules) > 0 {
			add(k.Kind, k.KindPos, k.KindRules, false, nil)
		}
		if len(k.RedundantRules) > 0 {
			add("redundant", k.RedundantPos, k.RedundantRules, false, nil)
		}
		if len(k.PreventRules) > 0 {
			add("prevents", k.Pos, k.PreventRules, false, nil)
		}
	}
	if len(p.TurnRules) > 0 && len(p.Phases) > 0 {
		add("turn", grammar.Pos{}, p.TurnRules, false, nil)
	}
	for _, ph := range p.Phases {
		add("phase", ph.Pos, ph.Rules, false, nil)
		code("skip", ph.Skip, true)
		for _, c := range ph.OnEnd {
			code("on_end", c, false)
		}
		for _, st := range ph.Steps {
			if !ph.Implicit {
				add("step", st.Pos, st.Rules, false, nil)
			}
			code("skip", st.Skip, true)
			for _, c := range st.Actions {
				code("action", c, false)
			}
			code("no_priority", st.NoPriority, false)
			if c := st.Priority; c != nil {
				// The player, and the condition if any (its rules are the
				// priority clause's, cited once).
				cl := c.Clause
				if st.PriorityIf != nil {
					cl.Stmts = []Stmt{&If{Cond: st.PriorityIf.Expr}}
				}
				add("priority", c.Pos, c.Rules, false, &cl)
			}
			code("repeat", st.Repeat, true)
			code("allow", st.AllowLand, true)
			code("allow", st.AllowSpell, true)
			for _, c := range st.OnEnd {
				code("on_end", c, false)
			}
		}
	}
	for _, ev := range []Every{p.EveryStep, p.EveryPhase} {
		code("skip", ev.Skip, true)
		for _, c := range ev.OnBegin {
			code("on_begin", c, false)
		}
		for _, c := range ev.OnEnd {
			code("on_end", c, false)
		}
	}
	for _, s := range p.SBAs {
		add("sba", s.Pos, s.Rules, true, &Clause{Stmts: s.Do, Expr: s.Match})
	}
	for _, s := range p.Watches {
		add("watch", s.Pos, s.Rules, true, &Clause{Stmts: s.Do, Expr: s.Match})
	}
	for _, pr := range p.Predicates {
		add("predicate", pr.Pos, pr.Rules, true, &Clause{Expr: pr.Expr})
	}
	for _, fn := range p.Fns {
		add("given", fn.Pos, fn.Rules, true, &Clause{Expr: fn.Expr})
	}
	for _, t := range p.Timings {
		add("timing", t.Pos, t.Rules, true, &Clause{Expr: t.Expr})
	}
	for _, so := range p.StackObjects {
		add("stack object", so.Pos, so.Rules, false, &Clause{Stmts: so.Body})
	}
	for _, so := range p.Effects {
		add("effect", so.Pos, so.Rules, false, &Clause{Stmts: so.Body})
	}
	for _, d := range p.Damage {
		add("on_damage", d.Pos, d.Rules, false, &Clause{Stmts: d.Body})
	}
	for _, d := range p.OnEvents {
		add("on_event", d.Pos, d.Rules, false, &Clause{Stmts: d.Body})
	}
	for _, d := range p.Replacements {
		add("replace", d.Pos, d.Rules, d.If != nil, &Clause{Stmts: d.Body, Expr: d.If})
	}
	// Derived characteristics (506.5's "alone", attached legally, colors,
	// power and toughness) and trigger events' conditions are the rules'
	// decisions too; a land type's mana is one (which color a land of
	// that type makes).
	for _, d := range p.Derived {
		add("characteristic", d.Pos, d.Rules, false, &Clause{Expr: d.Expr})
	}
	for _, t := range p.TriggerEvents {
		if t.If != nil {
			add("trigger_event", t.Pos, t.Rules, true, &Clause{Expr: t.If})
		}
		if t.Value != nil {
			add("trigger_event", t.Pos, t.Rules, false, &Clause{Expr: t.Value})
		}
	}
	for _, l := range p.LandMana {
		add("land_mana", l.Pos, l.Rules, true, nil)
	}
	for _, m := range p.Mechanisms {
		var cl *Clause
		if m.Proc != nil {
			cl = &m.Proc.Clause
		}
		add("mechanism", m.Pos, m.Rules, false, cl)
		// An action's conditions: each require line is a decision of
		// the rules (which refuses), citing its own rule or, if it gives
		// none, the mechanism's.
		for _, q := range m.Requires {
			rules := m.Rules
			if q.Rule != "" {
				rules = []string{q.Rule}
			}
			add("require", q.Pos, rules, true, &Clause{Expr: q.Cond})
		}
	}
	return out
}

type irWalk struct {
	rows      []*Builtin
	seen      map[*Builtin]bool
	decisions int
}

func (w *irWalk) use(b *Builtin) {
	if b != nil && !w.seen[b] {
		w.seen[b] = true
		w.rows = append(w.rows, b)
	}
}

func (w *irWalk) onlyDo(ss []Stmt) bool {
	for _, s := range ss {
		if _, ok := s.(*Do); !ok {
			return false
		}
	}
	return true
}

func (w *irWalk) query(q *Query) {
	w.decisions++ // the loop
	if q.Where != nil {
		w.decisions++
		w.expr(q.Where)
	}
}

func (w *irWalk) stmt(s Stmt) {
	switch s := s.(type) {
	case *For:
		w.query(s.Q)
		for _, t := range s.Body {
			w.stmt(t)
		}
	case *If:
		w.decisions++
		w.expr(s.Cond)
		for _, t := range s.Then {
			w.stmt(t)
		}
		for _, t := range s.Else {
			w.stmt(t)
		}
	case *Until:
		w.decisions++ // the loop
		for _, t := range s.Body {
			w.stmt(t)
		}
	case *Let:
		w.expr(s.X)
	case *Do:
		w.use(s.B)
		for _, a := range s.Args {
			w.expr(a)
		}
	case *PutOnStack:
		w.expr(s.P)
		for _, a := range s.Args {
			w.expr(a)
		}
	default:
		panic(fmt.Sprintf("compiler: Constructs: statement %T", s))
	}
}

func (w *irWalk) expr(e Expr) {
	switch e := e.(type) {
	case nil, *Lit, *VarRef, *Active, *EnumLit, *Segment:
	case *Unary:
		w.expr(e.X) // not inverts a decision; Go's ! is no branch point either
	case *Binary:
		if e.Op == OpAnd || e.Op == OpOr {
			w.decisions++
		}
		w.expr(e.X)
		w.expr(e.Y)
	case *CondExpr:
		w.decisions++
		w.expr(e.Cond)
		w.expr(e.Then)
		w.expr(e.Else)
	case *AttrRef:
		w.use(e.B)
		w.expr(e.X)
	case *Call:
		w.use(e.B)
		for _, a := range e.Args {
			w.expr(a)
		}
	case *HasKeyword:
		w.expr(e.X)
	case *MinMax:
		for _, a := range e.Args {
			w.expr(a)
		}
	case *Holds:
		w.expr(e.X)
		if e.Y != nil {
			w.expr(e.Y)
		}
	case *Holding:
		w.expr(e.X)
		if e.Y != nil {
			w.expr(e.Y)
		}
	case *PredValue:
		for _, a := range e.Args {
			w.expr(a)
		}
	case *Quant:
		w.query(e.Q)
		w.expr(e.Val)
	case *Choice:
		w.expr(e.P)
		w.expr(e.X)
		w.query(e.Q)
	case *Paren:
		w.expr(e.X)
	default:
		panic(fmt.Sprintf("compiler: Constructs: expression %T", e))
	}
}
