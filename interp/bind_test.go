package interp

import (
	"testing"

	"github.com/mtgc-dev/mtgc/compiler"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestEveryRowBinds: the interpreter has an adapter for the signature of
// every row of the vocabulary (a row added with a new signature fails
// here, not in a user's game).
func TestEveryRowBinds(t *testing.T) {
	arg := func(ty compiler.Type) value {
		return value{t: ty,
			i: func(rt.Exec, int) int32 { return 0 }, b: func(rt.Exec, int) bool { return false },
			p: func(rt.Exec, int) int { return 0 }, o: func(rt.Exec, int) rt.ObjID { return 0 },
			s: func(rt.Exec, int) string { return "" }}
	}
	for _, b := range compiler.Builtins() {
		func() {
			defer func() {
				if e := recover(); e != nil {
					t.Errorf("%s %s: %v", b.Form, b.Name, e)
				}
			}()
			var args []value
			for _, p := range b.Params {
				args = append(args, arg(p))
			}
			switch b.Form {
			case compiler.Attribute:
				if v := attrValue(b, arg(b.Recv)); v.t != b.Result {
					t.Errorf("attribute %s: a %s, the row says %s", b.Name, v.t, b.Result)
				}
			case compiler.Function:
				if v := callValue(b, args); v.t != b.Result {
					t.Errorf("function %s: a %s, the row says %s", b.Name, v.t, b.Result)
				}
			case compiler.Verb:
				if doStmt(b, args, "") == nil {
					t.Errorf("verb %s: no statement", b.Name)
				}
			}
		}()
	}
}
