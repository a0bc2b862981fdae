package interp

import (
	"fmt"

	"github.com/mtgc-dev/mtgc/compiler"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// Calls of the vocabulary's runtime functions (compiler.Builtin.Fn): one
// adapter per function signature, chosen by the function's type, never by
// its name. A row whose signature has no adapter here fails
// TestEveryRowBinds.

// attrValue reads an attribute row of the value x (nil for the game's).
func attrValue(b *compiler.Builtin, x value) value {
	o, p := x.o, x.p
	switch f := b.Fn.(type) {
	case func(rt.Exec, rt.ObjID) int32:
		return intV(func(g rt.Exec, fp int) int32 { return f(g, o(g, fp)) })
	case func(rt.Exec, rt.ObjID) bool:
		return boolV(func(g rt.Exec, fp int) bool { return f(g, o(g, fp)) })
	case func(rt.Exec, rt.ObjID) int:
		return value{t: compiler.Player, p: func(g rt.Exec, fp int) int { return f(g, o(g, fp)) }}
	case func(rt.Exec, rt.ObjID) string:
		return value{t: compiler.Str, s: func(g rt.Exec, fp int) string { return f(g, o(g, fp)) }}
	case func(rt.Exec, rt.ObjID) rt.ObjID:
		return value{t: compiler.Object, o: func(g rt.Exec, fp int) rt.ObjID { return f(g, o(g, fp)) }}
	case func(rt.Exec, rt.ObjID) rt.Cost:
		return value{t: compiler.CostT, c: func(g rt.Exec, fp int) rt.Cost { return f(g, o(g, fp)) }}
	case func(rt.Exec, int) int32:
		return intV(func(g rt.Exec, fp int) int32 { return f(g, p(g, fp)) })
	case func(rt.Exec, int) bool:
		return boolV(func(g rt.Exec, fp int) bool { return f(g, p(g, fp)) })
	case func(rt.Exec, int) int:
		return value{t: compiler.Player, p: func(g rt.Exec, fp int) int { return f(g, p(g, fp)) }}
	case func(rt.Exec) int32:
		return intV(func(g rt.Exec, _ int) int32 { return f(g) })
	case func(rt.Exec) bool:
		return boolV(func(g rt.Exec, _ int) bool { return f(g) })
	case func(rt.Exec) int:
		return value{t: compiler.Player, p: func(g rt.Exec, _ int) int { return f(g) }}
	case func(rt.Exec) rt.ObjID:
		return value{t: compiler.Object, o: func(g rt.Exec, _ int) rt.ObjID { return f(g) }}
	}
	panic(noAdapter(b))
}

// callValue applies a function row to its arguments.
func callValue(b *compiler.Builtin, a []value) value {
	switch f := b.Fn.(type) {
	case func(rt.Exec, int32) rt.Cost:
		n := a[0].i
		return value{t: compiler.CostT, c: func(g rt.Exec, fp int) rt.Cost { return f(g, n(g, fp)) }}
	case func(rt.Exec, rt.Cost) int32:
		c := a[0].c
		return intV(func(g rt.Exec, fp int) int32 { return f(g, c(g, fp)) })
	case func(rt.Exec, int) bool:
		p := a[0].p
		return boolV(func(g rt.Exec, fp int) bool { return f(g, p(g, fp)) })
	case func(rt.Exec, int, rt.ObjID) bool:
		p, x := a[0].p, a[1].o
		return boolV(func(g rt.Exec, fp int) bool { return f(g, p(g, fp), x(g, fp)) })
	case func(rt.Exec, int, rt.ObjID, int32) bool:
		p, x, n := a[0].p, a[1].o, a[2].i
		return boolV(func(g rt.Exec, fp int) bool { return f(g, p(g, fp), x(g, fp), n(g, fp)) })
	case func(rt.Exec, rt.ObjID, int32) bool:
		x, n := a[0].o, a[1].i
		return boolV(func(g rt.Exec, fp int) bool { return f(g, x(g, fp), n(g, fp)) })
	case func(rt.Exec, rt.ObjID) bool:
		x := a[0].o
		return boolV(func(g rt.Exec, fp int) bool { return f(g, x(g, fp)) })
	case func(rt.Exec, rt.ObjID) int32:
		x := a[0].o
		return intV(func(g rt.Exec, fp int) int32 { return f(g, x(g, fp)) })
	case func(rt.Exec, rt.ObjID, rt.ObjID) int32:
		x, y := a[0].o, a[1].o
		return intV(func(g rt.Exec, fp int) int32 { return f(g, x(g, fp), y(g, fp)) })
	case func(rt.Exec, rt.ObjID, rt.ObjID) bool:
		x, y := a[0].o, a[1].o
		return boolV(func(g rt.Exec, fp int) bool { return f(g, x(g, fp), y(g, fp)) })
	case func(rt.Exec, rt.ObjID, string) bool:
		x, s := a[0].o, a[1].s
		return boolV(func(g rt.Exec, fp int) bool { return f(g, x(g, fp), s(g, fp)) })
	case func(rt.Exec, rt.ObjID, rt.AttributeID) int32:
		x, k := a[0].o, rt.AttributeID(a[1].enum)
		return intV(func(g rt.Exec, fp int) int32 { return f(g, x(g, fp), k) })
	case func(rt.Exec, rt.ObjID, rt.AttributeID) bool:
		x, k := a[0].o, rt.AttributeID(a[1].enum)
		return boolV(func(g rt.Exec, fp int) bool { return f(g, x(g, fp), k) })
	case func(rt.Exec, rt.ObjID, rt.Color) int32:
		x, k := a[0].o, rt.Color(a[1].enum)
		return intV(func(g rt.Exec, fp int) int32 { return f(g, x(g, fp), k) })
	case func(rt.Exec, rt.ObjID, int32) int32:
		x, n := a[0].o, a[1].i
		return intV(func(g rt.Exec, fp int) int32 { return f(g, x(g, fp), n(g, fp)) })
	case func(rt.Exec, rt.ObjID, rt.Color, bool) bool:
		x, k, d := a[0].o, rt.Color(a[1].enum), a[2].b
		return boolV(func(g rt.Exec, fp int) bool { return f(g, x(g, fp), k, d(g, fp)) })
	case func(rt.Exec, rt.ObjID, rt.StateKind) int32:
		x, k := a[0].o, rt.StateKind(a[1].enum)
		return intV(func(g rt.Exec, fp int) int32 { return f(g, x(g, fp), k) })
	case func(rt.Exec, rt.ObjID, rt.StateKind) bool:
		x, k := a[0].o, rt.StateKind(a[1].enum)
		return boolV(func(g rt.Exec, fp int) bool { return f(g, x(g, fp), k) })
	case func(rt.Exec, rt.ObjID, rt.StateKind) rt.ObjID:
		x, k := a[0].o, rt.StateKind(a[1].enum)
		return value{t: compiler.Object, o: func(g rt.Exec, fp int) rt.ObjID { return f(g, x(g, fp), k) }}
	case func(rt.Exec, rt.ObjID, rt.StateKind) int:
		x, k := a[0].o, rt.StateKind(a[1].enum)
		return value{t: compiler.Player, p: func(g rt.Exec, fp int) int { return f(g, x(g, fp), k) }}
	case func(rt.Exec, int, rt.StateKind) int32:
		p, k := a[0].p, rt.StateKind(a[1].enum)
		return intV(func(g rt.Exec, fp int) int32 { return f(g, p(g, fp), k) })
	case func(rt.Exec, int, rt.StateKind) bool:
		p, k := a[0].p, rt.StateKind(a[1].enum)
		return boolV(func(g rt.Exec, fp int) bool { return f(g, p(g, fp), k) })
	case func(rt.Exec, int, rt.StateKind) int:
		p, k := a[0].p, rt.StateKind(a[1].enum)
		return value{t: compiler.Player, p: func(g rt.Exec, fp int) int { return f(g, p(g, fp), k) }}
	case func(rt.Exec, rt.StateKind) int32:
		k := rt.StateKind(a[0].enum)
		return intV(func(g rt.Exec, _ int) int32 { return f(g, k) })
	case func(rt.Exec, rt.StateKind) bool:
		k := rt.StateKind(a[0].enum)
		return boolV(func(g rt.Exec, _ int) bool { return f(g, k) })
	case func(rt.Exec, rt.StateKind) int:
		k := rt.StateKind(a[0].enum)
		return value{t: compiler.Player, p: func(g rt.Exec, _ int) int { return f(g, k) }}
	case func(rt.Exec, rt.ObjID, rt.CounterKind) int32:
		x, k := a[0].o, rt.CounterKind(a[1].enum)
		return intV(func(g rt.Exec, fp int) int32 { return f(g, x(g, fp), k) })
	case func(rt.Exec, int, rt.CounterKind) int32:
		p, k := a[0].p, rt.CounterKind(a[1].enum)
		return intV(func(g rt.Exec, fp int) int32 { return f(g, p(g, fp), k) })
	case func(rt.Exec, rt.ObjID, rt.TypeSet) bool:
		x, t := a[0].o, rt.TypeSet(a[1].enum)
		return boolV(func(g rt.Exec, fp int) bool { return f(g, x(g, fp), t) })
	case func(rt.Exec, rt.ObjID, rt.KeywordID) int32:
		x, k := a[0].o, rt.KeywordID(a[1].enum)
		return intV(func(g rt.Exec, fp int) int32 { return f(g, x(g, fp), k) })
	case func(rt.Exec, rt.ObjID, rt.EventID) int32:
		x, e := a[0].o, rt.EventID(a[1].enum)
		return intV(func(g rt.Exec, fp int) int32 { return f(g, x(g, fp), e) })
	case func(rt.Exec, rt.ObjID, rt.EventID) bool:
		x, e := a[0].o, rt.EventID(a[1].enum)
		return boolV(func(g rt.Exec, fp int) bool { return f(g, x(g, fp), e) })
	}
	panic(noAdapter(b))
}

// doStmt applies a verb row to its arguments, citing rule. The statement
// reports false while a blocking verb waits for a decision.
func doStmt(b *compiler.Builtin, a []value, rule string) stmtFn {
	switch f := b.Fn.(type) {
	case func(rt.Exec, string):
		return func(g rt.Exec, fp int) bool { f(g, rule); return true }
	case func(rt.Exec, string) bool:
		return func(g rt.Exec, fp int) bool { return f(g, rule) }
	case func(rt.Exec, rt.ObjID, string):
		x := a[0].o
		return func(g rt.Exec, fp int) bool { f(g, x(g, fp), rule); return true }
	case func(rt.Exec, int, string):
		p := a[0].p
		return func(g rt.Exec, fp int) bool { f(g, p(g, fp), rule); return true }
	case func(rt.Exec, int, string) bool:
		p := a[0].p
		return func(g rt.Exec, fp int) bool { return f(g, p(g, fp), rule) }
	case func(rt.Exec, int, int32, string):
		p, n := a[0].p, a[1].i
		return func(g rt.Exec, fp int) bool { f(g, p(g, fp), n(g, fp), rule); return true }
	case func(rt.Exec, int, int32, string) bool:
		p, n := a[0].p, a[1].i
		return func(g rt.Exec, fp int) bool { return f(g, p(g, fp), n(g, fp), rule) }
	case func(rt.Exec, int, rt.FnID, rt.FnID, rt.FnID, rt.FnID, string) bool:
		p := a[0].p
		var k [4]rt.FnID
		for i := range k {
			k[i] = rt.FnID(a[1+i].enum)
		}
		return func(g rt.Exec, fp int) bool { return f(g, p(g, fp), k[0], k[1], k[2], k[3], rule) }
	case func(rt.Exec, rt.FnID, string):
		f1 := rt.FnID(a[0].enum)
		return func(g rt.Exec, fp int) bool { f(g, f1, rule); return true }
	case func(rt.Exec, int, rt.FnID, string) bool:
		p, f1 := a[0].p, rt.FnID(a[1].enum)
		return func(g rt.Exec, fp int) bool { return f(g, p(g, fp), f1, rule) }
	case func(rt.Exec, int, rt.FnID, rt.FnID, string) bool:
		p, f1, f2 := a[0].p, rt.FnID(a[1].enum), rt.FnID(a[2].enum)
		return func(g rt.Exec, fp int) bool { return f(g, p(g, fp), f1, f2, rule) }
	case func(rt.Exec, int, rt.ObjID, rt.StateKind, string) bool:
		p, x, k := a[0].p, a[1].o, rt.StateKind(a[2].enum)
		return func(g rt.Exec, fp int) bool { return f(g, p(g, fp), x(g, fp), k, rule) }
	case func(rt.Exec, int, int32, rt.StateKind, string) bool:
		p, n, k := a[0].p, a[1].i, rt.StateKind(a[2].enum)
		return func(g rt.Exec, fp int) bool { return f(g, p(g, fp), n(g, fp), k, rule) }
	case func(rt.Exec, int, rt.ObjID, string) bool:
		p, x := a[0].p, a[1].o
		return func(g rt.Exec, fp int) bool { return f(g, p(g, fp), x(g, fp), rule) }
	case func(rt.Exec, rt.ObjID, int32, string):
		x, n := a[0].o, a[1].i
		return func(g rt.Exec, fp int) bool { f(g, x(g, fp), n(g, fp), rule); return true }
	case func(rt.Exec, rt.ObjID, int32, int, string):
		x, n, p := a[0].o, a[1].i, a[2].p
		return func(g rt.Exec, fp int) bool { f(g, x(g, fp), n(g, fp), p(g, fp), rule); return true }
	case func(rt.Exec, rt.ObjID, int, string):
		x, p := a[0].o, a[1].p
		return func(g rt.Exec, fp int) bool { f(g, x(g, fp), p(g, fp), rule); return true }
	case func(rt.Exec, rt.ObjID, rt.ObjID, string):
		x, y := a[0].o, a[1].o
		return func(g rt.Exec, fp int) bool { f(g, x(g, fp), y(g, fp), rule); return true }
	case func(rt.Exec, rt.ObjID, rt.ObjID, int32, string):
		x, y, n := a[0].o, a[1].o, a[2].i
		return func(g rt.Exec, fp int) bool { f(g, x(g, fp), y(g, fp), n(g, fp), rule); return true }
	case func(rt.Exec, rt.ObjID, rt.ObjID, int, string):
		x, y, p := a[0].o, a[1].o, a[2].p
		return func(g rt.Exec, fp int) bool { f(g, x(g, fp), y(g, fp), p(g, fp), rule); return true }
	case func(rt.Exec, int, rt.ObjID, rt.ObjID, string):
		p, x, y := a[0].p, a[1].o, a[2].o
		return func(g rt.Exec, fp int) bool { f(g, p(g, fp), x(g, fp), y(g, fp), rule); return true }
	case func(rt.Exec, rt.ObjID, int32, int32, rt.DurationID, string):
		x, n, m, d := a[0].o, a[1].i, a[2].i, rt.DurationID(a[3].enum)
		return func(g rt.Exec, fp int) bool { f(g, x(g, fp), n(g, fp), m(g, fp), d, rule); return true }
	case func(rt.Exec, rt.ObjID, int32, rt.DurationID, string):
		x, n, d := a[0].o, a[1].i, rt.DurationID(a[2].enum)
		return func(g rt.Exec, fp int) bool { f(g, x(g, fp), n(g, fp), d, rule); return true }
	case func(rt.Exec, int, int32, rt.DurationID, string):
		p, n, d := a[0].p, a[1].i, rt.DurationID(a[2].enum)
		return func(g rt.Exec, fp int) bool { f(g, p(g, fp), n(g, fp), d, rule); return true }
	case func(rt.Exec, rt.ObjID, rt.KeywordID, rt.DurationID, string):
		x, k, d := a[0].o, rt.KeywordID(a[1].enum), rt.DurationID(a[2].enum)
		return func(g rt.Exec, fp int) bool { f(g, x(g, fp), k, d, rule); return true }
	case func(rt.Exec, rt.ObjID, rt.DurationID, string):
		x, d := a[0].o, rt.DurationID(a[1].enum)
		return func(g rt.Exec, fp int) bool { f(g, x(g, fp), d, rule); return true }
	case func(rt.Exec, int, rt.DurationID, string):
		p, d := a[0].p, rt.DurationID(a[1].enum)
		return func(g rt.Exec, fp int) bool { f(g, p(g, fp), d, rule); return true }
	case func(rt.Exec, rt.DurationID, string):
		d := rt.DurationID(a[0].enum)
		return func(g rt.Exec, fp int) bool { f(g, d, rule); return true }
	case func(rt.Exec, rt.ObjID, int, int32, string):
		x, p, n := a[0].o, a[1].p, a[2].i
		return func(g rt.Exec, fp int) bool { f(g, x(g, fp), p(g, fp), n(g, fp), rule); return true }
	case func(rt.Exec, rt.ObjID, rt.Color, rt.DurationID, string):
		x, c, d := a[0].o, rt.Color(a[1].enum), rt.DurationID(a[2].enum)
		return func(g rt.Exec, fp int) bool { f(g, x(g, fp), c, d, rule); return true }
	case func(rt.Exec, rt.ObjID, rt.TypeSet, rt.DurationID, string):
		x, t, d := a[0].o, rt.TypeSet(a[1].enum), rt.DurationID(a[2].enum)
		return func(g rt.Exec, fp int) bool { f(g, x(g, fp), t, d, rule); return true }
	case func(rt.Exec, rt.PhaseID, rt.PhaseID, string):
		a1, a2 := rt.PhaseID(a[0].enum), rt.PhaseID(a[1].enum)
		return func(g rt.Exec, fp int) bool { f(g, a1, a2, rule); return true }
	case func(rt.Exec, rt.StepID, rt.StepID, string):
		a1, a2 := rt.StepID(a[0].enum), rt.StepID(a[1].enum)
		return func(g rt.Exec, fp int) bool { f(g, a1, a2, rule); return true }
	case func(rt.Exec, rt.Ending, string):
		e := rt.Ending(a[0].enum)
		return func(g rt.Exec, fp int) bool { f(g, e, rule); return true }
	case func(rt.Exec, rt.StepID, string):
		st := rt.StepID(a[0].enum)
		return func(g rt.Exec, fp int) bool { f(g, st, rule); return true }
	case func(rt.Exec, rt.Zone, string):
		z := rt.Zone(a[0].enum)
		return func(g rt.Exec, fp int) bool { f(g, z, rule); return true }
	case func(rt.Exec, rt.ObjID, rt.Zone, string):
		x, z := a[0].o, rt.Zone(a[1].enum)
		return func(g rt.Exec, fp int) bool { f(g, x(g, fp), z, rule); return true }
	case func(rt.Exec, rt.ObjID, rt.EventID, rt.ObjID, string):
		x, on, y := a[0].o, rt.EventID(a[1].enum), a[2].o
		return func(g rt.Exec, fp int) bool { f(g, x(g, fp), on, y(g, fp), rule); return true }
	case func(rt.Exec, rt.ObjID, rt.EventID, string):
		x, on := a[0].o, rt.EventID(a[1].enum)
		return func(g rt.Exec, fp int) bool { f(g, x(g, fp), on, rule); return true }
	case func(rt.Exec, rt.ObjID, rt.CounterKind, int32, string):
		x, k, n := a[0].o, rt.CounterKind(a[1].enum), a[2].i
		return func(g rt.Exec, fp int) bool { f(g, x(g, fp), k, n(g, fp), rule); return true }
	case func(rt.Exec, int, string, int32, string):
		p, name, n := a[0].p, a[1].s, a[2].i
		return func(g rt.Exec, fp int) bool { f(g, p(g, fp), name(g, fp), n(g, fp), rule); return true }
	case func(rt.Exec, int, rt.CounterKind, int32, string):
		p, k, n := a[0].p, rt.CounterKind(a[1].enum), a[2].i
		return func(g rt.Exec, fp int) bool { f(g, p(g, fp), k, n(g, fp), rule); return true }
	case func(rt.Exec, rt.ObjID, rt.StateKind, int32, string):
		x, k, n := a[0].o, rt.StateKind(a[1].enum), a[2].i
		return func(g rt.Exec, fp int) bool { f(g, x(g, fp), k, n(g, fp), rule); return true }
	case func(rt.Exec, rt.ObjID, rt.StateKind, bool, string):
		x, k, v := a[0].o, rt.StateKind(a[1].enum), a[2].b
		return func(g rt.Exec, fp int) bool { f(g, x(g, fp), k, v(g, fp), rule); return true }
	case func(rt.Exec, rt.ObjID, rt.StateKind, rt.ObjID, string):
		x, k, y := a[0].o, rt.StateKind(a[1].enum), a[2].o
		return func(g rt.Exec, fp int) bool { f(g, x(g, fp), k, y(g, fp), rule); return true }
	case func(rt.Exec, rt.ObjID, rt.StateKind, int, string):
		x, k, p := a[0].o, rt.StateKind(a[1].enum), a[2].p
		return func(g rt.Exec, fp int) bool { f(g, x(g, fp), k, p(g, fp), rule); return true }
	case func(rt.Exec, int, rt.StateKind, int32, string):
		p, k, n := a[0].p, rt.StateKind(a[1].enum), a[2].i
		return func(g rt.Exec, fp int) bool { f(g, p(g, fp), k, n(g, fp), rule); return true }
	case func(rt.Exec, int, rt.StateKind, bool, string):
		p, k, v := a[0].p, rt.StateKind(a[1].enum), a[2].b
		return func(g rt.Exec, fp int) bool { f(g, p(g, fp), k, v(g, fp), rule); return true }
	case func(rt.Exec, int, rt.StateKind, int, string):
		p, k, q := a[0].p, rt.StateKind(a[1].enum), a[2].p
		return func(g rt.Exec, fp int) bool { f(g, p(g, fp), k, q(g, fp), rule); return true }
	case func(rt.Exec, rt.StateKind, int32, string):
		k, n := rt.StateKind(a[0].enum), a[1].i
		return func(g rt.Exec, fp int) bool { f(g, k, n(g, fp), rule); return true }
	case func(rt.Exec, rt.StateKind, bool, string):
		k, v := rt.StateKind(a[0].enum), a[1].b
		return func(g rt.Exec, fp int) bool { f(g, k, v(g, fp), rule); return true }
	case func(rt.Exec, rt.StateKind, int, string):
		k, q := rt.StateKind(a[0].enum), a[1].p
		return func(g rt.Exec, fp int) bool { f(g, k, q(g, fp), rule); return true }
	}
	panic(noAdapter(b))
}

func noAdapter(b *compiler.Builtin) string {
	return fmt.Sprintf("interp: no adapter for the signature of %s %s (%T): add one to interp/bind.go", b.Form, b.Name, b.Fn)
}
