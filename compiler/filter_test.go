package compiler

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	goruntime "runtime"
	"strings"
	"testing"

	"github.com/mtgc-dev/mtgc/grammar"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

func funcPtr(fn any) uintptr { return reflect.ValueOf(fn).Pointer() }

// filterQuery is `for each KIND v where ROW(args...)`, its arguments the
// variables named.
func filterQuery(kind string, row *Builtin, loop *Var, args ...*Var) *Query {
	var es []Expr
	for _, a := range args {
		es = append(es, &VarRef{typed: mk(grammar.Pos{}, a.T), Var: a})
	}
	return &Query{Kind: kinds[kind], Var: loop, Where: &Call{typed: mk(grammar.Pos{}, Bool), B: row, Args: es}}
}

// TestFilterDerived: which rows filter a loop is derived from the
// runtime's table of indexed relations, never asserted: blocks is one (its
// function is rt.IndexedRelations' BlocksAttacker), a row is one exactly
// when its function is a relation's Holds, and no other row of two
// objects filters any loop. FilterOf takes the loops and the push
// functions from the relation, and the call generated code writes is the
// very function the interpreter calls.
func TestFilterDerived(t *testing.T) {
	blocks := functions["blocks"]
	if blocks == nil || blocks.Rel == nil {
		t.Fatal("the blocks row is not derived as an indexed relation")
	}
	if funcPtr(blocks.Rel.Holds) != funcPtr(rt.Exec.BlocksAttacker) {
		t.Fatal("the blocks row's relation is not BlocksAttacker's")
	}
	holds := map[uintptr]bool{}
	for _, r := range rt.IndexedRelations {
		holds[funcPtr(r.Holds)] = true
	}
	for _, b := range builtins {
		if want := holds[funcPtr(b.Fn)]; (b.Rel != nil) != want {
			t.Errorf("%s %s: Rel %v, its function a relation's Holds %v", b.Form, b.Name, b.Rel != nil, want)
		}
	}

	a, b := &Var{Name: "a", T: Object}, &Var{Name: "b", T: Object}
	for _, row := range builtins {
		if row.Form != Function || len(row.Params) != 2 || row.Params[0] != Object || row.Params[1] != Object {
			continue
		}
		for _, k := range kindTable {
			for _, q := range []*Query{filterQuery(k.Name, row, b, b, a), filterQuery(k.Name, row, a, b, a)} {
				f := FilterOf(q)
				if row.Rel == nil {
					if f != nil {
						t.Errorf("%s: a loop over %s is filtered by %s, no indexed relation", row.Name, k.Name, f.Go)
					}
					continue
				}
				r := row.Rel
				var want func(rt.Exec, rt.ObjID)
				var other *Var
				switch {
				case q.Var == q.Where.(*Call).Args[0].(*VarRef).Var && k.Over == r.Over1:
					want, other = r.Firsts, a
				case q.Var == q.Where.(*Call).Args[1].(*VarRef).Var && k.Over == r.Over2:
					want, other = r.Seconds, b
				}
				switch {
				case want == nil && f != nil:
					t.Errorf("%s: a loop over %s is filtered by %s", row.Name, k.Name, f.Go)
				case want != nil && f == nil:
					t.Errorf("%s: a loop over %s is not filtered", row.Name, k.Name)
				case want != nil && (funcPtr(f.Push) != funcPtr(want) || f.Other != other):
					t.Errorf("%s: a loop over %s pushes through %s of %s", row.Name, k.Name, f.Go, f.Other.Name)
				}
				if f != nil {
					if g, m, err := goName(reflect.ValueOf(f.Push)); err != nil || g != f.Go || m != f.Method {
						t.Errorf("%s: a loop over %s: generated code calls %s, the interpreter %s", row.Name, k.Name, f.Go, g)
					}
				}
			}
		}
	}
	// blocks in the two loops it filters, as generated code writes them.
	if got := FilterOf(filterQuery("attacker", blocks, a, b, a)); got == nil || got.GoPush() != "g.PushAttackersAmong(v_b)" {
		t.Errorf("for each attacker a where blocks(b, a): %+v", got)
	}
	if got := FilterOf(filterQuery("blocker", blocks, b, b, a)); got == nil || got.GoPush() != "g.PushBlockersOf(v_a)" {
		t.Errorf("for each blocker b where blocks(b, a): %+v", got)
	}
	// Only a condition that starts with the relation, of two variables.
	q := filterQuery("attacker", blocks, a, b, a)
	tru := &Lit{typed: mk(grammar.Pos{}, Bool), Bool: true}
	rel := q.Where
	q.Where = &Binary{typed: mk(grammar.Pos{}, Bool), Op: OpAnd, X: rel, Y: tru}
	if f := FilterOf(q); f == nil {
		t.Error("for each attacker a where blocks(b, a) and true: not filtered")
	}
	q.Where = &Binary{typed: mk(grammar.Pos{}, Bool), Op: OpAnd, X: tru, Y: rel}
	if f := FilterOf(q); f != nil {
		t.Errorf("for each attacker a where true and blocks(b, a): filtered by %s", f.Go)
	}
}

// TestFilterNotAsserted: nothing in the compiler sets a row's Rel but the
// derivation from its function (b.Rel = relationOf(b.Fn)): no setter, no
// Rel: in a literal, so that a filter cannot be written by hand.
func TestFilterNotAsserted(t *testing.T) {
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	derived := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if sel, ok := l.(*ast.SelectorExpr); ok && sel.Sel.Name == "Rel" {
						if call, ok := n.Rhs[i].(*ast.CallExpr); ok && len(n.Lhs) == len(n.Rhs) && isIdent(call.Fun, "relationOf") {
							derived++
							continue
						}
						t.Errorf("%s: Rel set other than by relationOf", fset.Position(n.Pos()))
					}
				}
			case *ast.KeyValueExpr:
				if isIdent(n.Key, "Rel") {
					t.Errorf("%s: Rel in a literal", fset.Position(n.Pos()))
				}
			case *ast.UnaryExpr:
				if sel, ok := n.X.(*ast.SelectorExpr); ok && n.Op == token.AND && sel.Sel.Name == "Rel" {
					t.Errorf("%s: the address of a Rel", fset.Position(n.Pos()))
				}
			}
			return true
		})
	}
	if derived != 1 {
		t.Errorf("Rel derived in %d places, want 1 (init's b.Rel = relationOf(b.Fn))", derived)
	}
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// TestRelationPushNames: the push calls generated code writes for every
// indexed relation compile against the runtime's source with the type of
// the relation's push functions, and name those very functions (read off
// them: a mismatch between the table's function values and the names
// emitted cannot arise).
func TestRelationPushNames(t *testing.T) {
	if len(relations) != len(rt.IndexedRelations) || len(relations) == 0 {
		t.Fatalf("%d relations, the runtime has %d", len(relations), len(rt.IndexedRelations))
	}
	var src strings.Builder
	src.WriteString("package p\n\nimport rt \"github.com/mtgc-dev/mtgc/runtime/rtimpl\"\n\nfunc f(g rt.Exec, v_o rt.ObjID) {\n")
	o := &Var{Name: "o", T: Object}
	for _, r := range relations {
		for _, f := range []*Filter{
			{Push: r.Firsts, Go: r.FirstsGo, Method: r.FirstsMethod, Other: o},
			{Push: r.Seconds, Go: r.SecondsGo, Method: r.SecondsMethod, Other: o},
		} {
			name := goruntime.FuncForPC(funcPtr(f.Push)).Name()
			want := runtimePkg + strings.TrimPrefix(strings.Replace(f.Go, "g.", "Exec.", 1), "rt.")
			if name != want {
				t.Errorf("generated code calls %s, the interpreter %s", f.Go, name)
			}
			src.WriteString("\t" + f.GoPush() + "\n")
		}
	}
	src.WriteString("}\n")
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "push.go", src.String(), 0)
	if err != nil {
		t.Fatalf("the generated pushes do not parse: %v\n%s", err, src.String())
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	if _, err := conf.Check("p", fset, []*ast.File{file}, nil); err != nil {
		t.Errorf("a generated push does not compile against the runtime: %v\n%s", err, src.String())
	}
}
