// Package mutate is rule-level mutation testing of a .mtg ruleset: it
// changes one thing in one rule's clause (negates or drops a condition,
// flips a comparison, changes a constant, deletes or reorders a statement,
// swaps the active player for the others), checks the mutant with the
// compiler, runs it on the interpreter against the conformance scripts that
// cover the rule, and reports which mutants no script noticed. Mutants live
// in memory: the .mtg files are only read.
package mutate

import (
	"fmt"
	"strings"
	"sync"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/grammar"
)

// clauseRef is the clause a mutation site belongs to: the rules it cites.
type clauseRef struct {
	Rules []string
}

// site is one mutation: apply changes the tree in place and returns the
// undo; show, called while applied, prints the mutated line.
type site struct {
	clause *clauseRef
	pos    grammar.Pos
	op     string
	apply  func() (undo func())
	show   func() string
}

type walker struct {
	clause *clauseRef
	sites  []site
	fresh  int // for the names of variables mutations introduce
}

func (w *walker) add(pos grammar.Pos, op string, show grammar.Node, apply func() func()) {
	w.sites = append(w.sites, site{clause: w.clause, pos: pos, op: op, apply: apply, show: func() string {
		return firstLine(grammar.FormatNode(show))
	}})
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return strings.TrimSpace(line)
}

func ruleNumbers(rs []grammar.Rule) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.Number)
	}
	return out
}

// sitesOf lists the mutations of a file, in source order.
func sitesOf(f *grammar.File) []site {
	w := &walker{}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *grammar.TurnDecl:
			w.clause = &clauseRef{Rules: ruleNumbers(d.Rules)}
			for i := 0; i+1 < len(d.Order); i++ {
				i := i
				w.add(d.Order[i].Pos, fmt.Sprintf("swap phases %s and %s", d.Order[i].Name, d.Order[i+1].Name), d, func() func() {
					d.Order[i], d.Order[i+1] = d.Order[i+1], d.Order[i]
					return func() { d.Order[i], d.Order[i+1] = d.Order[i+1], d.Order[i] }
				})
			}
			if d.ExtraMode != nil {
				w.clause = &clauseRef{Rules: ruleNumbers(d.ExtraRules)}
				old := d.ExtraMode.Name
				other := map[string]string{"newest_first": "oldest_first", "oldest_first": "newest_first"}[old]
				w.add(d.ExtraMode.Pos, "extra turns "+other, d, func() func() {
					d.ExtraMode.Name = other
					return func() { d.ExtraMode.Name = old }
				})
			}
		case *grammar.KeywordDecl:
			if d.Prevents != nil {
				w.clause = &clauseRef{Rules: ruleNumbers(d.PreventRules)}
				w.add(d.Prevents.Pos, "drop the prevention", d, func() func() {
					p, r := d.Prevents, d.PreventRules
					d.Prevents, d.PreventRules = nil, nil
					return func() { d.Prevents, d.PreventRules = p, r }
				})
			}
		case *grammar.EveryDecl:
			w.clauses(&d.Items)
		case *grammar.PhaseDecl:
			w.clauses(&d.Items)
		case *grammar.SbaDecl:
			w.clause = &clauseRef{Rules: ruleNumbers(d.Rules)}
			if len(d.Body.Stmts) == 1 {
				if f, ok := d.Body.Stmts[0].(*grammar.ForStmt); ok {
					w.forStmt(f, false)
				}
			}
		case *grammar.PredicateDecl:
			w.clause = &clauseRef{Rules: ruleNumbers(d.Rules)}
			w.cond(&d.If, d, true)
		case *grammar.TimingDecl:
			w.clause = &clauseRef{Rules: ruleNumbers(d.Rules)}
			w.cond(&d.If, d, true)
		case *grammar.MechanismDecl:
			w.clause = &clauseRef{Rules: ruleNumbers(d.Rules)}
			w.mechanism(d, f.Decls)
			if d.Body != nil {
				// A mechanism given as statements (stack_triggers): mutated as an action's body.
				w.block(d.Body)
			}
		case *grammar.DamageDecl:
			w.clause = &clauseRef{Rules: ruleNumbers(d.Rules)}
			w.block(d.Body)
		case *grammar.EventDecl:
			w.clause = &clauseRef{Rules: ruleNumbers(d.Rules)}
			w.block(d.Body)
		case *grammar.StackObjectDecl:
			w.clause = &clauseRef{Rules: ruleNumbers(d.Rules)}
			w.block(d.Body)
		}
	}
	return w.sites
}

// mechanism: the mechanism cites the rule the next mechanism of the file
// cites (the first that differs), as a maintainer copying a line would.
func (w *walker) mechanism(d *grammar.MechanismDecl, decls []grammar.Decl) {
	if len(d.Rules) == 0 {
		return
	}
	var others []string // the first rules of the mechanisms after d, then before
	for _, pass := range []bool{true, false} {
		after := false
		for _, o := range decls {
			if o == grammar.Decl(d) {
				after = true
				continue
			}
			if m, ok := o.(*grammar.MechanismDecl); ok && after == pass && len(m.Rules) > 0 {
				others = append(others, m.Rules[0].Number)
			}
		}
	}
	old := d.Rules[0].Number
	for _, other := range others {
		if other != old {
			w.add(d.Rules[0].Pos, fmt.Sprintf("cite %s instead of %s", other, old), d, func() func() {
				d.Rules[0].Number = other
				return func() { d.Rules[0].Number = old }
			})
			return
		}
	}
}

// clauses visits a list of clauses: each can be deleted, and its
// conditions and statements mutated.
func (w *walker) clauses(list *[]grammar.Clause) {
	for i, c := range *list {
		if st, ok := c.(*grammar.StepDecl); ok {
			w.clauses(&st.Clauses)
			continue
		}
		var rules []grammar.Rule
		switch c := c.(type) {
		case *grammar.Action:
			rules = c.Rules
		case *grammar.OnEnd:
			rules = c.Rules
		case *grammar.Skip:
			rules = c.Rules
		case *grammar.Repeat:
			rules = c.Rules
		case *grammar.Priority:
			rules = c.Rules
		case *grammar.NoPriority:
			rules = c.Rules
		case *grammar.Allow:
			rules = c.Rules
		}
		w.clause = &clauseRef{Rules: ruleNumbers(rules)}
		i, c := i, c
		w.add(c.Position(), "delete the clause", c, func() func() {
			old := *list
			*list = append(append([]grammar.Clause(nil), old[:i]...), old[i+1:]...)
			return func() { *list = old }
		})
		switch c := c.(type) {
		case *grammar.Action:
			w.block(c.Body)
		case *grammar.OnEnd:
			w.block(c.Body)
		case *grammar.Skip:
			w.cond(&c.If, c, true)
		case *grammar.Repeat:
			w.cond(&c.If, c, true)
		case *grammar.Priority:
			if c.If != nil {
				w.cond(&c.If, c, true)
			}
		case *grammar.Allow:
			if c.If != nil {
				w.cond(&c.If, c, true)
			}
		}
	}
}

// block visits statements: each can be deleted or swapped with the next.
func (w *walker) block(b *grammar.Block) {
	for i, s := range b.Stmts {
		i, s := i, s
		w.add(s.Position(), "delete the statement", s, func() func() {
			old := b.Stmts
			b.Stmts = append(append([]grammar.Stmt(nil), old[:i]...), old[i+1:]...)
			return func() { b.Stmts = old }
		})
		// Two statements stating clauses of a later one (declarable...)
		// say the same in either order (compiler.Builtin.States): a swap
		// would be an equivalent mutant.
		if i+1 < len(b.Stmts) && !(statesClause(s) && statesClause(b.Stmts[i+1])) {
			w.add(s.Position(), "swap with the next statement", s, func() func() {
				old := b.Stmts
				b.Stmts = append([]grammar.Stmt(nil), old...)
				b.Stmts[i], b.Stmts[i+1] = b.Stmts[i+1], b.Stmts[i]
				return func() { b.Stmts = old }
			})
		}
		w.stmt(&b.Stmts[i])
	}
}

// stating is the vocabulary's verbs that state a clause of a later
// statement (compiler.Builtin.States).
var stating = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, b := range compiler.Builtins() {
		if b.States {
			m[b.Name] = true
		}
	}
	return m
})

// statesClause reports whether s is a statement stating a clause.
func statesClause(s grammar.Stmt) bool {
	c, ok := s.(*grammar.CallStmt)
	return ok && stating()[c.Verb.Name]
}

// stmt visits one statement through the slot that holds it.
func (w *walker) stmt(ref *grammar.Stmt) {
	switch s := (*ref).(type) {
	case *grammar.ForStmt:
		w.forStmt(s, true)
	case *grammar.IfStmt:
		w.ifStmt(s)
	case *grammar.UntilStmt:
		// Its body runs once: what the repeat until nothing changes
		// adds is lost.
		w.add(s.Pos, "run the body once, not until unchanged", s, func() func() {
			old := *ref
			*ref = &grammar.IfStmt{Pos: s.Pos, Cond: &grammar.Ident{Pos: s.Pos, Name: "true"}, Then: s.Body}
			return func() { *ref = old }
		})
		w.block(s.Body)
	case *grammar.LetStmt:
		w.expr(&s.Value, s)
	case *grammar.CallStmt:
		w.call(ref, s)
	}
}

var kindSwaps = map[string]string{"permanent": "object", "object": "permanent", "creature": "permanent", "planeswalker": "permanent"}

func (w *walker) forStmt(f *grammar.ForStmt, dropWhere bool) {
	if other, ok := kindSwaps[f.Kind.Name]; ok {
		old := f.Kind.Name
		w.add(f.Kind.Pos, "for each "+other, f, func() func() {
			f.Kind.Name = other
			return func() { f.Kind.Name = old }
		})
	}
	if f.Where != nil {
		if dropWhere {
			w.add(f.Where.Position(), "drop the where condition", f, func() func() {
				old := f.Where
				f.Where = nil
				return func() { f.Where = old }
			})
		}
		w.cond(&f.Where, f, false)
	}
	w.block(f.Body)
}

func (w *walker) ifStmt(s *grammar.IfStmt) {
	w.cond(&s.Cond, s, true)
	w.block(s.Then)
	switch {
	case s.ElseIf != nil:
		w.ifStmt(s.ElseIf)
	case s.Else != nil:
		w.block(s.Else)
		w.add(s.Else.Pos, "drop the else branch", s, func() func() {
			old := s.Else
			s.Else = nil
			return func() { s.Else = old }
		})
	}
}

// cond mutates a condition: negated, and (with consts) replaced by true
// and by false; then its parts.
func (w *walker) cond(ref *grammar.Expr, show grammar.Node, consts bool) {
	e := *ref
	pos := e.Position()
	w.add(pos, "negate the condition", show, replace(ref, negate(e)))
	if consts {
		for _, b := range []string{"true", "false"} {
			w.add(pos, "condition always "+b, show, replace(ref, &grammar.Ident{Pos: pos, Name: b}))
		}
	}
	w.expr(ref, show)
}

func replace(ref *grammar.Expr, with grammar.Expr) func() func() {
	return func() func() {
		old := *ref
		*ref = with
		return func() { *ref = old }
	}
}

func negate(e grammar.Expr) grammar.Expr {
	if u, ok := e.(*grammar.Unary); ok && u.Op == "not" {
		return u.X
	}
	return &grammar.Unary{Pos: e.Position(), Op: "not", X: &grammar.ParenExpr{Pos: e.Position(), X: e}}
}

var flips = map[string][]string{
	"<": {">=", "<="}, "<=": {">", "<"}, ">": {"<=", ">="}, ">=": {"<", ">"},
	"==": {"!="}, "!=": {"=="}, "+": {"-"}, "-": {"+"}, "*": {"+"},
}

// expr mutates the parts of an expression.
func (w *walker) expr(ref *grammar.Expr, show grammar.Node) {
	switch e := (*ref).(type) {
	case *grammar.Binary:
		switch e.Op {
		case "and", "or":
			other := map[string]string{"and": "or", "or": "and"}[e.Op]
			w.add(e.Pos, e.Op+" to "+other, show, setOp(e, other))
			w.add(e.X.Position(), "keep only the left of "+e.Op, show, replace(ref, e.X))
			w.add(e.Y.Position(), "keep only the right of "+e.Op, show, replace(ref, e.Y))
			// A part of a condition is a condition.
			w.add(e.X.Position(), "negate the left of "+e.Op, show, replace(&e.X, negate(e.X)))
			w.add(e.Y.Position(), "negate the right of "+e.Op, show, replace(&e.Y, negate(e.Y)))
		default:
			for _, op := range flips[e.Op] {
				w.add(e.Pos, e.Op+" to "+op, show, setOp(e, op))
			}
		}
		w.expr(&e.X, show)
		w.expr(&e.Y, show)
	case *grammar.Unary:
		w.add(e.Pos, "drop "+e.Op, show, replace(ref, e.X))
		w.expr(&e.X, show)
	case *grammar.ParenExpr:
		w.expr(&e.X, show)
	case *grammar.CondExpr:
		w.add(e.Pos, "swap the branches of if", show, func() func() {
			e.Then, e.Else = e.Else, e.Then
			return func() { e.Then, e.Else = e.Else, e.Then }
		})
		w.add(e.Then.Position(), "keep only the then branch", show, replace(ref, e.Then))
		w.add(e.Else.Position(), "keep only the else branch", show, replace(ref, e.Else))
		w.expr(&e.Cond, show)
		w.expr(&e.Then, show)
		w.expr(&e.Else, show)
	case *grammar.Selector:
		w.expr(&e.X, show)
	case *grammar.HasExpr:
		w.expr(&e.X, show)
	case *grammar.CallExpr:
		for i := range e.Args {
			w.expr(&e.Args[i], show)
		}
	case *grammar.IntLit:
		for _, d := range []int64{1, -1} {
			n := e.Value + d
			if n < 0 {
				continue
			}
			w.add(e.Pos, fmt.Sprintf("%d to %d", e.Value, n), show, replace(ref, &grammar.IntLit{Pos: e.Pos, Value: n, Text: fmt.Sprint(n)}))
		}
	case *grammar.StringLit:
		if other, ok := counterSwaps[e.Value]; ok {
			w.add(e.Pos, fmt.Sprintf("%q to %q", e.Value, other), show, replace(ref, &grammar.StringLit{Pos: e.Pos, Value: other}))
		}
	case *grammar.Ident:
		if other, ok := enumSwaps[e.Name]; ok {
			w.add(e.Pos, e.Name+" to "+other, show, replace(ref, &grammar.Ident{Pos: e.Pos, Name: other}))
		}
	}
}

func setOp(e *grammar.Binary, op string) func() func() {
	return func() func() {
		old := e.Op
		e.Op = op
		return func() { e.Op = old }
	}
}

var counterSwaps = map[string]string{"+1/+1": "-1/-1", "-1/-1": "+1/+1"}

// enumSwaps change a name argument: an ending, a zone.
var enumSwaps = map[string]string{
	"until_end_of_step": "until_end_of_phase", "until_end_of_phase": "until_end_of_step",
	"until_end_of_turn": "this_turn", "this_turn": "until_end_of_turn",
	"graveyard": "exile",
}

var verbSwaps = map[string]string{
	"tap": "untap", "untap": "tap", "phase_in": "phase_out", "phase_out": "phase_in", "phase_toggle": "phase_out",
	"gain_life": "lose_life", "lose_life": "gain_life", "add_counters": "remove_counters", "remove_counters": "add_counters",
	"destroy": "cease",
}

func (w *walker) call(ref *grammar.Stmt, s *grammar.CallStmt) {
	if other, ok := verbSwaps[s.Verb.Name]; ok {
		old := s.Verb.Name
		w.add(s.Verb.Pos, s.Verb.Name+" to "+other, s, func() func() {
			s.Verb.Name = other
			return func() { s.Verb.Name = old }
		})
	}
	for i := range s.Args {
		w.expr(&s.Args[i], s)
	}
	// Swap players: the statement done for the active player is done for
	// each other player instead.
	if mentions(s, "active") {
		w.fresh++
		v := fmt.Sprintf("other_%d", w.fresh)
		swapped := cloneCall(s)
		for i := range swapped.Args {
			swapped.Args[i] = renameIdent(swapped.Args[i], "active", v)
		}
		loop := &grammar.ForStmt{Pos: s.Pos, Kind: grammar.Ident{Pos: s.Pos, Name: "player"}, Var: grammar.Ident{Pos: s.Pos, Name: v},
			Where: &grammar.Binary{Pos: s.Pos, Op: "!=", X: &grammar.Ident{Pos: s.Pos, Name: v}, Y: &grammar.Ident{Pos: s.Pos, Name: "active"}},
			Body:  &grammar.Block{Pos: s.Pos, End: s.Pos, Stmts: []grammar.Stmt{swapped}}}
		w.sites = append(w.sites, site{clause: w.clause, pos: s.Pos, op: "the other players instead of the active one",
			apply: func() func() {
				old := *ref
				*ref = loop
				return func() { *ref = old }
			},
			show: func() string {
				return fmt.Sprintf("for each player %s where %s != active { %s }", v, v, grammar.FormatNode(swapped))
			}})
	}
}

func mentions(n grammar.Node, name string) bool {
	found := false
	grammar.Inspect(n, func(n grammar.Node) bool {
		if id, ok := n.(*grammar.Ident); ok && id.Name == name {
			found = true
		}
		return !found
	})
	return found
}

func cloneCall(s *grammar.CallStmt) *grammar.CallStmt {
	c := *s
	c.Args = append([]grammar.Expr(nil), s.Args...)
	return &c
}

// renameIdent returns e with every identifier old renamed, sharing the
// parts that do not change.
func renameIdent(e grammar.Expr, old, name string) grammar.Expr {
	switch x := e.(type) {
	case *grammar.Ident:
		if x.Name == old {
			return &grammar.Ident{Pos: x.Pos, Name: name}
		}
	case *grammar.Selector:
		c := *x
		c.X = renameIdent(x.X, old, name)
		return &c
	case *grammar.Binary:
		c := *x
		c.X, c.Y = renameIdent(x.X, old, name), renameIdent(x.Y, old, name)
		return &c
	case *grammar.Unary:
		c := *x
		c.X = renameIdent(x.X, old, name)
		return &c
	case *grammar.ParenExpr:
		c := *x
		c.X = renameIdent(x.X, old, name)
		return &c
	case *grammar.CondExpr:
		c := *x
		c.Cond, c.Then, c.Else = renameIdent(x.Cond, old, name), renameIdent(x.Then, old, name), renameIdent(x.Else, old, name)
		return &c
	case *grammar.HasExpr:
		c := *x
		c.X = renameIdent(x.X, old, name)
		return &c
	case *grammar.CallExpr:
		c := *x
		c.Args = make([]grammar.Expr, len(x.Args))
		for i, a := range x.Args {
			c.Args[i] = renameIdent(a, old, name)
		}
		return &c
	}
	return e
}
