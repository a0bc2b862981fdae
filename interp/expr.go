package interp

import (
	"fmt"

	"github.com/mtgc-dev/mtgc/compiler"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// Evaluators. fp is the clause's frame: its variables live on the game's
// scratch stack from index fp (see frame), so that evaluation allocates
// nothing and several games can share one *rt.Rules.
type (
	intFn  func(g rt.Exec, fp int) int32
	boolFn func(g rt.Exec, fp int) bool
	plFn   func(g rt.Exec, fp int) int
	objFn  func(g rt.Exec, fp int) rt.ObjID
	strFn  func(g rt.Exec, fp int) string
	costFn func(g rt.Exec, fp int) rt.Cost
	// stmtFn runs a statement; false means it stopped for a decision.
	stmtFn func(g rt.Exec, fp int) bool
)

// value is a built expression: its type and the evaluator of that type
// (enum: the value of an enum name, a constant).
type value struct {
	t    compiler.Type
	i    intFn
	b    boolFn
	p    plFn
	o    objFn
	s    strFn
	c    costFn
	enum int
}

func boolV(f boolFn) value { return value{t: compiler.Bool, b: f} }
func intV(f intFn) value   { return value{t: compiler.Int, i: f} }

// objArg is argument i of a predicate kind's, as the kind takes it: an
// object, or a player as ObjID(p).
func (c *clause) objArg(k *compiler.PredKind, i int, e compiler.Expr) objFn {
	v := c.expr(e)
	if !k.PlayerParam(i) {
		return v.o
	}
	p := v.p
	return func(g rt.Exec, fp int) rt.ObjID { return rt.ObjID(p(g, fp)) }
}

// checkerBug reports an IR node the interpreter does not know: the
// checker let through what it should have refused.
func checkerBug(what any) string {
	return fmt.Sprintf("interp: %T in a checked program (a checker bug)", what)
}

// slotValue reads a variable.
func slotValue(v *compiler.Var) value {
	s := v.Slot
	switch v.T {
	case compiler.Int:
		return intV(func(g rt.Exec, fp int) int32 { return int32(g.Selected(fp)[s]) })
	case compiler.Bool:
		return boolV(func(g rt.Exec, fp int) bool { return g.Selected(fp)[s] != 0 })
	case compiler.Player:
		return value{t: v.T, p: func(g rt.Exec, fp int) int { return int(g.Selected(fp)[s]) }}
	}
	return value{t: v.T, o: func(g rt.Exec, fp int) rt.ObjID { return g.Selected(fp)[s] }}
}

// store writes a value into a variable's slot.
func store(v *compiler.Var, x value) stmtFn {
	s := v.Slot
	switch x.t {
	case compiler.Int:
		f := x.i
		return func(g rt.Exec, fp int) bool { g.Selected(fp)[s] = rt.ObjID(f(g, fp)); return true }
	case compiler.Bool:
		f := x.b
		return func(g rt.Exec, fp int) bool {
			var b rt.ObjID
			if f(g, fp) {
				b = 1
			}
			g.Selected(fp)[s] = b
			return true
		}
	case compiler.Player:
		f := x.p
		return func(g rt.Exec, fp int) bool { g.Selected(fp)[s] = rt.ObjID(f(g, fp)); return true }
	}
	f := x.o
	return func(g rt.Exec, fp int) bool { g.Selected(fp)[s] = f(g, fp); return true }
}

func (c *clause) expr(e compiler.Expr) value {
	switch e := e.(type) {
	case *compiler.Lit:
		switch e.T {
		case compiler.Int:
			n := e.Int
			return intV(func(rt.Exec, int) int32 { return n })
		case compiler.Str:
			s := e.Str
			return value{t: compiler.Str, s: func(rt.Exec, int) string { return s }}
		}
		b := e.Bool
		return boolV(func(rt.Exec, int) bool { return b })
	case *compiler.Paren:
		return c.expr(e.X)
	case *compiler.VarRef:
		return slotValue(e.Var)
	case *compiler.Active:
		return value{t: compiler.Player, p: func(g rt.Exec, _ int) int { return g.Active }}
	case *compiler.EnumLit:
		return value{t: e.T, enum: e.E.Value}
	case *compiler.Unary:
		x := c.expr(e.X)
		if e.Op == compiler.OpNot {
			f := x.b
			return boolV(func(g rt.Exec, fp int) bool { return !f(g, fp) })
		}
		f := x.i
		return intV(func(g rt.Exec, fp int) int32 { return -f(g, fp) })
	case *compiler.Binary:
		return c.binary(e)
	case *compiler.CondExpr:
		return c.condExpr(e)
	case *compiler.AttrRef:
		var x value
		if e.X != nil {
			x = c.expr(e.X)
		}
		return attrValue(e.B, x)
	case *compiler.Call:
		return callValue(e.B, c.exprs(e.Args))
	case *compiler.HasKeyword:
		if e.Var != nil {
			o, s := c.expr(e.X).o, e.Var.Slot
			return boolV(func(g rt.Exec, fp int) bool { return g.HasKeyword(o(g, fp), int(g.Selected(fp)[s])) })
		}
		o, k := c.expr(e.X).o, e.Keyword
		return boolV(func(g rt.Exec, fp int) bool { return g.HasKeyword(o(g, fp), k) })
	case *compiler.MinMax:
		return minMax(e.Max, c.exprs(e.Args))
	case *compiler.Segment:
		ph, st := e.Phase, e.Step
		switch e.Fn {
		case compiler.Began:
			return boolV(func(g rt.Exec, _ int) bool { return g.Began(ph, st) })
		case compiler.Ended:
			return boolV(func(g rt.Exec, _ int) bool { return g.Ended(ph, st) })
		}
		return boolV(func(g rt.Exec, _ int) bool { return g.During(ph, st) })
	case *compiler.Holds:
		k, x := e.Pred.ID, c.objArg(e.Pred, 0, e.X)
		if e.Y != nil {
			y := c.objArg(e.Pred, 1, e.Y)
			return boolV(func(g rt.Exec, fp int) bool { return g.Holds2(k, x(g, fp), y(g, fp)) })
		}
		return boolV(func(g rt.Exec, fp int) bool { return g.Holds(k, x(g, fp)) })
	case *compiler.Holding:
		k, x := e.Pred.ID, c.objArg(e.Pred, 0, e.X)
		if e.Y != nil {
			y := c.objArg(e.Pred, 1, e.Y)
			return intV(func(g rt.Exec, fp int) int32 { return g.Holding2(k, x(g, fp), y(g, fp)) })
		}
		return intV(func(g rt.Exec, fp int) int32 { return g.Holding(k, x(g, fp)) })
	case *compiler.PredValue:
		k, x := e.Pred.ID, c.objArg(e.Pred, 0, e.Args[0])
		if len(e.Args) == 2 {
			y := c.objArg(e.Pred, 1, e.Args[1])
			return intV(func(g rt.Exec, fp int) int32 { return g.PredValue2(k, x(g, fp), y(g, fp)) })
		}
		if e.T == compiler.Player {
			return value{t: compiler.Player, p: func(g rt.Exec, fp int) int { return int(g.PredValue(k, x(g, fp))) }}
		}
		return intV(func(g rt.Exec, fp int) int32 { return g.PredValue(k, x(g, fp)) })
	case *compiler.Quant:
		return c.quant(e)
	case *compiler.Choice:
		q, p, x := c.query(e.Q), c.expr(e.P).p, c.expr(e.X).o
		if e.Chosen {
			return q.chosen(p, x, e.Rule)
		}
		return boolV(q.keeps(p, x, e.Rule))
	}
	panic(checkerBug(e))
}

func (c *clause) exprs(es []compiler.Expr) []value {
	out := make([]value, len(es))
	for i, e := range es {
		out[i] = c.expr(e)
	}
	return out
}

func minMax(isMax bool, a []value) value {
	args := make([]intFn, len(a))
	for i := range a {
		args[i] = a[i].i
	}
	return intV(func(g rt.Exec, fp int) int32 {
		m := args[0](g, fp)
		for _, f := range args[1:] {
			if v := f(g, fp); (!isMax && v < m) || (isMax && v > m) {
				m = v
			}
		}
		return m
	})
}

func (c *clause) binary(e *compiler.Binary) value {
	x, y := c.expr(e.X), c.expr(e.Y)
	if e.T == compiler.CostT { // costs add
		fx, fy := x.c, y.c
		return value{t: compiler.CostT, c: func(g rt.Exec, fp int) rt.Cost { return fx(g, fp).Add(fy(g, fp)) }}
	}
	switch e.Op {
	case compiler.OpOr:
		fx, fy := x.b, y.b
		return boolV(func(g rt.Exec, fp int) bool { return fx(g, fp) || fy(g, fp) })
	case compiler.OpAnd:
		fx, fy := x.b, y.b
		return boolV(func(g rt.Exec, fp int) bool { return fx(g, fp) && fy(g, fp) })
	case compiler.OpEq, compiler.OpNe:
		eq := equal(x, y)
		if e.Op == compiler.OpNe {
			return boolV(func(g rt.Exec, fp int) bool { return !eq(g, fp) })
		}
		return boolV(eq)
	}
	fx, fy := x.i, y.i
	switch e.Op {
	case compiler.OpLt:
		return boolV(func(g rt.Exec, fp int) bool { return fx(g, fp) < fy(g, fp) })
	case compiler.OpLe:
		return boolV(func(g rt.Exec, fp int) bool { return fx(g, fp) <= fy(g, fp) })
	case compiler.OpGt:
		return boolV(func(g rt.Exec, fp int) bool { return fx(g, fp) > fy(g, fp) })
	case compiler.OpGe:
		return boolV(func(g rt.Exec, fp int) bool { return fx(g, fp) >= fy(g, fp) })
	case compiler.OpAdd:
		if e.Sat {
			w := c.wide(e)
			return intV(func(g rt.Exec, fp int) int32 { return rt.Clamp32(w(g, fp)) })
		}
		return intV(func(g rt.Exec, fp int) int32 { return fx(g, fp) + fy(g, fp) })
	case compiler.OpSub:
		if e.Sat {
			w := c.wide(e)
			return intV(func(g rt.Exec, fp int) int32 { return rt.Clamp32(w(g, fp)) })
		}
		return intV(func(g rt.Exec, fp int) int32 { return fx(g, fp) - fy(g, fp) })
	case compiler.OpMul:
		if e.Sat {
			return intV(func(g rt.Exec, fp int) int32 { return rt.MulSat(fx(g, fp), fy(g, fp)) })
		}
		return intV(func(g rt.Exec, fp int) int32 { return fx(g, fp) * fy(g, fp) })
	}
	panic(checkerBug(e))
}

// equal builds x == y for two values of the same comparable type.
func equal(x, y value) boolFn {
	switch x.t {
	case compiler.Int:
		fx, fy := x.i, y.i
		return func(g rt.Exec, fp int) bool { return fx(g, fp) == fy(g, fp) }
	case compiler.Bool:
		fx, fy := x.b, y.b
		return func(g rt.Exec, fp int) bool { return fx(g, fp) == fy(g, fp) }
	case compiler.Player:
		fx, fy := x.p, y.p
		return func(g rt.Exec, fp int) bool { return fx(g, fp) == fy(g, fp) }
	case compiler.Object:
		fx, fy := x.o, y.o
		return func(g rt.Exec, fp int) bool { return fx(g, fp) == fy(g, fp) }
	case compiler.Str:
		fx, fy := x.s, y.s
		return func(g rt.Exec, fp int) bool { return fx(g, fp) == fy(g, fp) }
	}
	panic(checkerBug(x.t))
}

// condExpr evaluates `if C then A else B`, only the branch taken.
func (c *clause) condExpr(e *compiler.CondExpr) value {
	cf, a, b := c.expr(e.Cond).b, c.expr(e.Then), c.expr(e.Else)
	switch a.t {
	case compiler.Int:
		return intV(pick(cf, a.i, b.i))
	case compiler.Bool:
		return boolV(pick(cf, a.b, b.b))
	case compiler.Player:
		return value{t: compiler.Player, p: pick(cf, a.p, b.p)}
	case compiler.Object:
		return value{t: compiler.Object, o: pick(cf, a.o, b.o)}
	case compiler.CostT:
		return value{t: compiler.CostT, c: pick(cf, a.c, b.c)}
	}
	return value{t: compiler.Str, s: pick(cf, a.s, b.s)}
}

// pick is if cf then x else y, of evaluators of one type.
func pick[F ~func(rt.Exec, int) T, T any](cf boolFn, x, y F) F {
	return func(g rt.Exec, fp int) T {
		if cf(g, fp) {
			return x(g, fp)
		}
		return y(g, fp)
	}
}

// wide builds the int64 value of a saturating sum or difference e, each
// term widened: the chain is clamped once, as the generated code does
// (compiler.SatChain).
func (c *clause) wide(e compiler.Expr) func(rt.Exec, int) int64 {
	b, ok := compiler.SatChain(e)
	if !ok {
		f := c.expr(e).i
		return func(g rt.Exec, fp int) int64 { return int64(f(g, fp)) }
	}
	fx, fy := c.wide(b.X), c.wide(b.Y)
	if b.Op == compiler.OpSub {
		return func(g rt.Exec, fp int) int64 { return fx(g, fp) - fy(g, fp) }
	}
	return func(g rt.Exec, fp int) int64 { return fx(g, fp) + fy(g, fp) }
}
