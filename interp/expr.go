package interp

import (
	"fmt"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/grammar"
	rt "github.com/mtgc-dev/mtgc/runtime"
)

// Evaluators. fp is the clause's frame: its variables live on the game's
// scratch stack from index fp (see frame), so that evaluation allocates
// nothing and several games can share one *rt.Rules.
type (
	intFn  func(g *rt.Game, fp int) int32
	boolFn func(g *rt.Game, fp int) bool
	plFn   func(g *rt.Game, fp int) int
	objFn  func(g *rt.Game, fp int) rt.ObjID
	strFn  func(g *rt.Game, fp int) string
	// stmtFn runs a statement; false means it stopped for a decision.
	stmtFn func(g *rt.Game, fp int) bool
)

// value is a built expression: its type and the evaluator of that type.
type value struct {
	t compiler.Type
	i intFn
	b boolFn
	p plFn
	o objFn
	s strFn
}

// variable is a .mtg variable: a slot of the frame.
type variable struct {
	slot int
	t    compiler.Type
}

// scope maps names to variables, like the compiler's scope.
type scope struct {
	parent *scope
	vars   map[string]variable
}

func (s *scope) child() *scope { return &scope{parent: s, vars: map[string]variable{}} }

func (s *scope) lookup(name string) (variable, bool) {
	for ; s != nil; s = s.parent {
		if v, ok := s.vars[name]; ok {
			return v, true
		}
	}
	return variable{}, false
}

// clause builds the evaluators of one clause (an action, a condition, an
// sba) and counts the frame slots it needs.
type clause struct {
	b     *builder
	rule  string // the rule events cite
	slots int
}

func (c *clause) declare(sc *scope, name string, t compiler.Type) variable {
	v := variable{slot: c.slots, t: t}
	c.slots++
	sc.vars[name] = v
	return v
}

func errorf(pos grammar.Pos, format string, args ...any) error {
	return fmt.Errorf("%s: %s", pos, fmt.Sprintf(format, args...))
}

// slotValue reads a variable.
func slotValue(v variable) value {
	s := v.slot
	switch v.t {
	case compiler.Int:
		return value{t: v.t, i: func(g *rt.Game, fp int) int32 { return int32(g.Selected(fp)[s]) }}
	case compiler.Bool:
		return value{t: v.t, b: func(g *rt.Game, fp int) bool { return g.Selected(fp)[s] != 0 }}
	case compiler.Player:
		return value{t: v.t, p: func(g *rt.Game, fp int) int { return int(g.Selected(fp)[s]) }}
	default:
		return value{t: v.t, o: func(g *rt.Game, fp int) rt.ObjID { return g.Selected(fp)[s] }}
	}
}

// store writes a value into a variable's slot.
func store(v variable, x value) stmtFn {
	s := v.slot
	switch x.t {
	case compiler.Int:
		f := x.i
		return func(g *rt.Game, fp int) bool { g.Selected(fp)[s] = rt.ObjID(f(g, fp)); return true }
	case compiler.Bool:
		f := x.b
		return func(g *rt.Game, fp int) bool {
			var b rt.ObjID
			if f(g, fp) {
				b = 1
			}
			g.Selected(fp)[s] = b
			return true
		}
	case compiler.Player:
		f := x.p
		return func(g *rt.Game, fp int) bool { g.Selected(fp)[s] = rt.ObjID(f(g, fp)); return true }
	default:
		f := x.o
		return func(g *rt.Game, fp int) bool { g.Selected(fp)[s] = f(g, fp); return true }
	}
}

func (c *clause) typed(e grammar.Expr, sc *scope, want compiler.Type, what string) (value, error) {
	v, err := c.expr(e, sc)
	if err != nil {
		return v, err
	}
	if v.t != want {
		return v, errorf(e.Position(), "%s must be %s, not %s", what, want, v.t)
	}
	return v, nil
}

func (c *clause) expr(e grammar.Expr, sc *scope) (value, error) {
	switch e := e.(type) {
	case *grammar.IntLit:
		n := int32(e.Value)
		return value{t: compiler.Int, i: func(*rt.Game, int) int32 { return n }}, nil
	case *grammar.StringLit:
		s := e.Value
		return value{t: compiler.Str, s: func(*rt.Game, int) string { return s }}, nil
	case *grammar.ParenExpr:
		return c.expr(e.X, sc)
	case *grammar.CondExpr:
		return c.condExpr(e, sc)
	case *grammar.Ident:
		return c.ident(e, sc)
	case *grammar.Unary:
		x, err := c.expr(e.X, sc)
		if err != nil {
			return x, err
		}
		switch {
		case e.Op == "not" && x.t == compiler.Bool:
			f := x.b
			return value{t: compiler.Bool, b: func(g *rt.Game, fp int) bool { return !f(g, fp) }}, nil
		case e.Op == "-" && x.t == compiler.Int:
			f := x.i
			return value{t: compiler.Int, i: func(g *rt.Game, fp int) int32 { return -f(g, fp) }}, nil
		}
		return value{}, errorf(e.Pos, "%s cannot apply to %s", e.Op, x.t)
	case *grammar.Binary:
		return c.binary(e, sc)
	case *grammar.Selector:
		return c.selector(e, sc)
	case *grammar.HasExpr:
		x, err := c.typed(e.X, sc, compiler.Object, "the object of has")
		if err != nil {
			return x, err
		}
		k, ok := c.b.keywords[e.Keyword.Name]
		if !ok {
			return value{}, errorf(e.Keyword.Pos, "unknown keyword %s", e.Keyword.Name)
		}
		o := x.o
		return value{t: compiler.Bool, b: func(g *rt.Game, fp int) bool { return g.HasKeyword(o(g, fp), k) }}, nil
	case *grammar.CallExpr:
		return c.callExpr(e, sc)
	}
	return value{}, errorf(e.Position(), "unsupported expression")
}

func (c *clause) ident(e *grammar.Ident, sc *scope) (value, error) {
	if v, ok := sc.lookup(e.Name); ok {
		return slotValue(v), nil
	}
	switch e.Name {
	case "active":
		return value{t: compiler.Player, p: func(g *rt.Game, _ int) int { return g.Active }}, nil
	case "game":
		return value{t: compiler.Game}, nil
	case "true", "false":
		b := e.Name == "true"
		return value{t: compiler.Bool, b: func(*rt.Game, int) bool { return b }}, nil
	}
	return value{}, errorf(e.Pos, "undefined: %s", e.Name)
}

func (c *clause) selector(e *grammar.Selector, sc *scope) (value, error) {
	x, err := c.expr(e.X, sc)
	if err != nil {
		return x, err
	}
	name := e.Sel.Name
	switch x.t {
	case compiler.Object:
		a, ok := objectAttrs[name]
		if !ok {
			break
		}
		o := x.o
		switch a.t {
		case compiler.Int:
			f := a.i
			return value{t: a.t, i: func(g *rt.Game, fp int) int32 { return f(g, o(g, fp)) }}, nil
		case compiler.Bool:
			f := a.b
			return value{t: a.t, b: func(g *rt.Game, fp int) bool { return f(g, o(g, fp)) }}, nil
		case compiler.Player:
			f := a.p
			return value{t: a.t, p: func(g *rt.Game, fp int) int { return f(g, o(g, fp)) }}, nil
		case compiler.Str:
			f := a.s
			return value{t: a.t, s: func(g *rt.Game, fp int) string { return f(g, o(g, fp)) }}, nil
		}
	case compiler.Player:
		a, ok := playerAttrs[name]
		if !ok {
			break
		}
		p := x.p
		switch a.t {
		case compiler.Int:
			f := a.i
			return value{t: a.t, i: func(g *rt.Game, fp int) int32 { return f(g, p(g, fp)) }}, nil
		case compiler.Bool:
			f := a.b
			return value{t: a.t, b: func(g *rt.Game, fp int) bool { return f(g, p(g, fp)) }}, nil
		}
	case compiler.Game:
		a, ok := gameAttrs[name]
		if !ok {
			break
		}
		switch a.t {
		case compiler.Int:
			f := a.i
			return value{t: a.t, i: func(g *rt.Game, _ int) int32 { return f(g) }}, nil
		case compiler.Bool:
			f := a.b
			return value{t: a.t, b: func(g *rt.Game, _ int) bool { return f(g) }}, nil
		case compiler.Player:
			f := a.p
			return value{t: a.t, p: func(g *rt.Game, _ int) int { return f(g) }}, nil
		}
	}
	return value{}, errorf(e.Sel.Pos, "%s has no attribute %s", x.t, name)
}

func (c *clause) binary(e *grammar.Binary, sc *scope) (value, error) {
	x, err := c.expr(e.X, sc)
	if err != nil {
		return x, err
	}
	y, err := c.expr(e.Y, sc)
	if err != nil {
		return y, err
	}
	bad := errorf(e.Pos, "mismatched types %s %s %s", x.t, e.Op, y.t)
	switch e.Op {
	case "or", "and":
		if x.t != compiler.Bool || y.t != compiler.Bool {
			return value{}, bad
		}
		fx, fy := x.b, y.b
		if e.Op == "or" {
			return boolV(func(g *rt.Game, fp int) bool { return fx(g, fp) || fy(g, fp) }), nil
		}
		return boolV(func(g *rt.Game, fp int) bool { return fx(g, fp) && fy(g, fp) }), nil
	case "==", "!=":
		if x.t != y.t {
			return value{}, bad
		}
		eq, ok := equal(x, y)
		if !ok {
			return value{}, bad
		}
		if e.Op == "!=" {
			return boolV(func(g *rt.Game, fp int) bool { return !eq(g, fp) }), nil
		}
		return boolV(eq), nil
	case "<", "<=", ">", ">=":
		if x.t != compiler.Int || y.t != compiler.Int {
			return value{}, bad
		}
		fx, fy := x.i, y.i
		switch e.Op {
		case "<":
			return boolV(func(g *rt.Game, fp int) bool { return fx(g, fp) < fy(g, fp) }), nil
		case "<=":
			return boolV(func(g *rt.Game, fp int) bool { return fx(g, fp) <= fy(g, fp) }), nil
		case ">":
			return boolV(func(g *rt.Game, fp int) bool { return fx(g, fp) > fy(g, fp) }), nil
		default:
			return boolV(func(g *rt.Game, fp int) bool { return fx(g, fp) >= fy(g, fp) }), nil
		}
	case "+", "-", "*":
		if x.t != compiler.Int || y.t != compiler.Int {
			return value{}, bad
		}
		fx, fy := x.i, y.i
		switch e.Op {
		case "+":
			return intV(func(g *rt.Game, fp int) int32 { return fx(g, fp) + fy(g, fp) }), nil
		case "-":
			return intV(func(g *rt.Game, fp int) int32 { return fx(g, fp) - fy(g, fp) }), nil
		default:
			return intV(func(g *rt.Game, fp int) int32 { return fx(g, fp) * fy(g, fp) }), nil
		}
	}
	return value{}, errorf(e.Pos, "unknown operator %s", e.Op)
}

func boolV(f boolFn) value { return value{t: compiler.Bool, b: f} }
func intV(f intFn) value   { return value{t: compiler.Int, i: f} }

// equal builds x == y for two values of the same comparable type.
func equal(x, y value) (boolFn, bool) {
	switch x.t {
	case compiler.Int:
		fx, fy := x.i, y.i
		return func(g *rt.Game, fp int) bool { return fx(g, fp) == fy(g, fp) }, true
	case compiler.Bool:
		fx, fy := x.b, y.b
		return func(g *rt.Game, fp int) bool { return fx(g, fp) == fy(g, fp) }, true
	case compiler.Player:
		fx, fy := x.p, y.p
		return func(g *rt.Game, fp int) bool { return fx(g, fp) == fy(g, fp) }, true
	case compiler.Object:
		fx, fy := x.o, y.o
		return func(g *rt.Game, fp int) bool { return fx(g, fp) == fy(g, fp) }, true
	case compiler.Str:
		fx, fy := x.s, y.s
		return func(g *rt.Game, fp int) bool { return fx(g, fp) == fy(g, fp) }, true
	}
	return nil, false
}

func (c *clause) callExpr(e *grammar.CallExpr, sc *scope) (value, error) {
	switch e.Fun.Name {
	case "min", "max":
		if len(e.Args) < 2 {
			return value{}, errorf(e.Pos, "%s takes at least 2 arguments", e.Fun.Name)
		}
		var args []intFn
		for i, a := range e.Args {
			v, err := c.typed(a, sc, compiler.Int, fmt.Sprintf("argument %d of %s", i+1, e.Fun.Name))
			if err != nil {
				return v, err
			}
			args = append(args, v.i)
		}
		isMin := e.Fun.Name == "min"
		return intV(func(g *rt.Game, fp int) int32 {
			m := args[0](g, fp)
			for _, f := range args[1:] {
				if v := f(g, fp); (isMin && v < m) || (!isMin && v > m) {
					m = v
				}
			}
			return m
		}), nil
	case "counters":
		if len(e.Args) != 2 {
			return value{}, errorf(e.Pos, "counters takes 2 arguments (object, \"kind\")")
		}
		x, err := c.typed(e.Args[0], sc, compiler.Object, "argument 1 of counters")
		if err != nil {
			return x, err
		}
		k, err := enumArg(e.Args[1], counters, "counter kind", true)
		if err != nil {
			return value{}, err
		}
		o := x.o
		return intV(func(g *rt.Game, fp int) int32 { return g.Objs[o(g, fp)].Counters[k] }), nil
	case "subtype":
		if len(e.Args) != 2 {
			return value{}, errorf(e.Pos, "subtype takes 2 arguments (object, \"subtype\")")
		}
		x, err := c.typed(e.Args[0], sc, compiler.Object, "argument 1 of subtype")
		if err != nil {
			return x, err
		}
		s, err := c.typed(e.Args[1], sc, compiler.Str, "argument 2 of subtype")
		if err != nil {
			return s, err
		}
		o, str := x.o, s.s
		return boolV(func(g *rt.Game, fp int) bool { return g.HasSubtype(o(g, fp), str(g, fp)) }), nil
	case "shares_subtype", "blocks":
		if len(e.Args) != 2 {
			return value{}, errorf(e.Pos, "%s takes 2 objects", e.Fun.Name)
		}
		x, err := c.typed(e.Args[0], sc, compiler.Object, "argument 1 of "+e.Fun.Name)
		if err != nil {
			return x, err
		}
		y, err := c.typed(e.Args[1], sc, compiler.Object, "argument 2 of "+e.Fun.Name)
		if err != nil {
			return y, err
		}
		fx, fy := x.o, y.o
		if e.Fun.Name == "blocks" {
			return boolV(func(g *rt.Game, fp int) bool { return g.BlocksAttacker(fx(g, fp), fy(g, fp)) }), nil
		}
		return boolV(func(g *rt.Game, fp int) bool { return g.SharesSubtype(fx(g, fp), fy(g, fp)) }), nil
	case "holds":
		if len(e.Args) != 2 {
			return value{}, errorf(e.Pos, "holds takes a predicate kind and an object")
		}
		id, ok := e.Args[0].(*grammar.Ident)
		if !ok {
			return value{}, errorf(e.Args[0].Position(), "argument 1 of holds must be a predicate kind")
		}
		k, ok := rt.ParsePredKind(id.Name)
		if !ok || k.Arity() != 1 || k.IsValue() {
			return value{}, errorf(id.Pos, "holds wants a predicate kind of one object that is a condition, not %s", id.Name)
		}
		x, err := c.typed(e.Args[1], sc, compiler.Object, "argument 2 of holds")
		if err != nil {
			return x, err
		}
		fx := x.o
		return boolV(func(g *rt.Game, fp int) bool { return g.Holds(k, fx(g, fp)) }), nil
	case "assigns":
		if len(e.Args) != 1 {
			return value{}, errorf(e.Pos, "assigns takes 1 object")
		}
		x, err := c.typed(e.Args[0], sc, compiler.Object, "argument 1 of assigns")
		if err != nil {
			return x, err
		}
		fx := x.o
		return intV(func(g *rt.Game, fp int) int32 { return g.Assigns(fx(g, fp)) }), nil
	case "assigning", "lethal":
		if len(e.Args) != 2 {
			return value{}, errorf(e.Pos, "%s takes 2 objects (source, recipient)", e.Fun.Name)
		}
		x, err := c.typed(e.Args[0], sc, compiler.Object, "argument 1 of "+e.Fun.Name)
		if err != nil {
			return x, err
		}
		y, err := c.typed(e.Args[1], sc, compiler.Object, "argument 2 of "+e.Fun.Name)
		if err != nil {
			return y, err
		}
		fx, fy := x.o, y.o
		if e.Fun.Name == "lethal" {
			return intV(func(g *rt.Game, fp int) int32 { return g.Lethal(fx(g, fp), fy(g, fp)) }), nil
		}
		return intV(func(g *rt.Game, fp int) int32 { return g.Assigning(fx(g, fp), fy(g, fp)) }), nil
	case "began", "ended", "during":
		var name *grammar.Ident
		if len(e.Args) == 1 {
			name, _ = e.Args[0].(*grammar.Ident)
		}
		if name == nil {
			return value{}, errorf(e.Pos, "%s takes the name of a step or phase", e.Fun.Name)
		}
		ph, st, ok := c.b.p.Segment(name.Name)
		if !ok {
			return value{}, errorf(name.Pos, "unknown step or phase %s", name.Name)
		}
		switch e.Fun.Name {
		case "began":
			return boolV(func(g *rt.Game, _ int) bool { return g.Began(ph, st) }), nil
		case "ended":
			return boolV(func(g *rt.Game, _ int) bool { return g.Ended(ph, st) }), nil
		}
		return boolV(func(g *rt.Game, _ int) bool { return g.During(ph, st) }), nil
	case "count":
		if len(e.Args) != 3 {
			return value{}, errorf(e.Pos, "count takes 3 arguments: count(KIND, variable, condition)")
		}
		q, err := c.query(e.Args[0], e.Args[1], e.Args[2], sc, "count")
		if err != nil {
			return value{}, err
		}
		return intV(q.count()), nil
	case "any", "all", "sum":
		return c.quantifier(e, sc)
	case "keeps":
		if len(e.Args) != 5 {
			return value{}, errorf(e.Pos, "keeps takes 5 arguments")
		}
		p, err := c.typed(e.Args[0], sc, compiler.Player, "argument 1 of keeps")
		if err != nil {
			return p, err
		}
		x, err := c.typed(e.Args[1], sc, compiler.Object, "argument 2 of keeps")
		if err != nil {
			return x, err
		}
		q, err := c.query(e.Args[2], e.Args[3], e.Args[4], sc, "keeps")
		if err != nil {
			return value{}, err
		}
		return boolV(q.keeps(p.p, x.o, c.rule)), nil
	case "chosen":
		if len(e.Args) != 5 {
			return value{}, errorf(e.Pos, "chosen takes 5 arguments")
		}
		p, err := c.typed(e.Args[0], sc, compiler.Player, "argument 1 of chosen")
		if err != nil {
			return p, err
		}
		x, err := c.typed(e.Args[1], sc, compiler.Object, "argument 2 of chosen")
		if err != nil {
			return x, err
		}
		q, err := c.query(e.Args[2], e.Args[3], e.Args[4], sc, "chosen")
		if err != nil {
			return value{}, err
		}
		if q.kind.over != rt.OverPlayers {
			return value{}, errorf(e.Args[2].Position(), "chosen chooses among players")
		}
		return q.chosen(p.p, x.o, c.rule), nil
	}
	return value{}, errorf(e.Fun.Pos, "unknown function %s", e.Fun.Name)
}

// enumArg resolves a name argument (a zone, an ending, a counter kind); a
// counter kind may also be a string literal.
func enumArg[T any](e grammar.Expr, m map[string]T, what string, str bool) (T, error) {
	var zero T
	switch e := e.(type) {
	case *grammar.Ident:
		if v, ok := m[e.Name]; ok {
			return v, nil
		}
		return zero, errorf(e.Pos, "unknown %s %s", what, e.Name)
	case *grammar.StringLit:
		if v, ok := m[e.Value]; ok && str {
			return v, nil
		}
		return zero, errorf(e.Pos, "unknown %s %q", what, e.Value)
	}
	return zero, errorf(e.Position(), "want a %s name", what)
}

// condExpr evaluates `if C then A else B`, only the branch taken.
func (c *clause) condExpr(e *grammar.CondExpr, sc *scope) (value, error) {
	cv, err := c.typed(e.Cond, sc, compiler.Bool, "the condition of if ... then ... else")
	if err != nil {
		return cv, err
	}
	a, err := c.expr(e.Then, sc)
	if err != nil {
		return a, err
	}
	b, err := c.expr(e.Else, sc)
	if err != nil {
		return b, err
	}
	if a.t != b.t {
		return value{}, errorf(e.Pos, "the branches of if ... then ... else must have the same type (of a value), not %s and %s", a.t, b.t)
	}
	cf := cv.b
	switch a.t {
	case compiler.Int:
		x, y := a.i, b.i
		return intV(func(g *rt.Game, fp int) int32 {
			if cf(g, fp) {
				return x(g, fp)
			}
			return y(g, fp)
		}), nil
	case compiler.Bool:
		x, y := a.b, b.b
		return boolV(func(g *rt.Game, fp int) bool {
			if cf(g, fp) {
				return x(g, fp)
			}
			return y(g, fp)
		}), nil
	case compiler.Player:
		x, y := a.p, b.p
		return value{t: compiler.Player, p: func(g *rt.Game, fp int) int {
			if cf(g, fp) {
				return x(g, fp)
			}
			return y(g, fp)
		}}, nil
	case compiler.Object:
		x, y := a.o, b.o
		return value{t: compiler.Object, o: func(g *rt.Game, fp int) rt.ObjID {
			if cf(g, fp) {
				return x(g, fp)
			}
			return y(g, fp)
		}}, nil
	case compiler.Str:
		x, y := a.s, b.s
		return value{t: compiler.Str, s: func(g *rt.Game, fp int) string {
			if cf(g, fp) {
				return x(g, fp)
			}
			return y(g, fp)
		}}, nil
	}
	return value{}, errorf(e.Pos, "the branches of if ... then ... else must have the same type (of a value), not %s and %s", a.t, b.t)
}
