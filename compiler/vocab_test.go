package compiler

import (
	"flag"
	"fmt"
	"go/ast"
	"go/constant"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"reflect"
	goruntime "runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mtgc-dev/mtgc/grammar"
)

// TestBindings: the call generated code writes for every row compiles
// against package runtime and has the row's type (checked with go/types on
// the runtime's source), and it is the function the interpreter calls: a
// row's Go name is read off the very function value interp calls, so the
// two back ends cannot drift apart (as `aura` once did: a bit test in
// generated code, a subtype search in the interpreter).
func TestBindings(t *testing.T) {
	arg := map[Type]string{Object: "o", Player: "p", Int: "i", Bool: "b", Str: "s", ZoneT: "z", EndT: "e", Counter: "c", EventT: "ev", CardTypeT: "ty", KeywordT: "kw", PhaseT: "ph", StepT: "st", DurT: "du", StateT: "sk", AttrT: "at", ColorT: "co", FnT: "fn", CostT: "cost"}
	goType := map[Type]string{Int: "int32", Bool: "bool", Player: "int", Object: "rt.ObjID", Str: "string", CostT: "rt.Cost"}
	var src strings.Builder
	src.WriteString("package p\n\nimport rt \"github.com/mtgc-dev/mtgc/runtime/rtimpl\"\n\n")
	src.WriteString("func f(g rt.Exec, o rt.ObjID, p int, i int32, b bool, s string, z rt.Zone, e rt.Ending, c rt.CounterKind, ev rt.EventID, ty rt.TypeSet, kw rt.KeywordID, ph rt.PhaseID, st rt.StepID, du rt.DurationID, sk rt.StateKind, at rt.AttributeID, co rt.Color, fn rt.FnID, cost rt.Cost) {\n")
	for _, bi := range builtins {
		var args []Expr
		params := bi.Params
		if bi.Form == Attribute && bi.Recv != Game {
			params = []Type{bi.Recv}
		}
		for _, pt := range params {
			args = append(args, &VarRef{typed: mk(grammar.Pos{}, pt), Var: &Var{Name: arg[pt], T: pt}})
		}
		call := strings.ReplaceAll(goCall(bi, args, "702.1"), "v_", "")
		switch {
		case bi.Form == Verb && bi.Blocking:
			fmt.Fprintf(&src, "\tvar _ bool = %s // %s\n", call, bi.Name)
		case bi.Form == Verb:
			fmt.Fprintf(&src, "\t%s // %s\n", call, bi.Name)
		default:
			fmt.Fprintf(&src, "\tvar _ %s = %s // %s\n", goType[bi.Result], call, bi.Name)
		}
		name := goruntime.FuncForPC(reflect.ValueOf(bi.Fn).Pointer()).Name()
		if !strings.HasSuffix(name, "."+strings.TrimPrefix(strings.TrimPrefix(bi.Go, "g."), "rt.")) {
			t.Errorf("%s %s: generated code calls %s, the interpreter %s", bi.Form, bi.Name, bi.Go, name)
		}
		if bi.Doc == "" {
			t.Errorf("%s %s: no Doc", bi.Form, bi.Name)
		}
	}
	src.WriteString("}\n")
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "calls.go", src.String(), 0)
	if err != nil {
		t.Fatalf("the generated calls do not parse: %v\n%s", err, src.String())
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	if _, err := conf.Check("p", fset, []*ast.File{file}, nil); err != nil {
		t.Errorf("a generated call does not compile against the runtime: %v", err)
	}
}

// TestChoiceVerbsClassified: a verb that asks players is either a
// procedure (its rules count as the runtime's meaning) or a primitive
// choice, and says why; a new one must be put in one class or the other.
func TestChoiceVerbsClassified(t *testing.T) {
	for _, v := range verbs {
		proc, prim := v.Procedure != "", v.Choice != ""
		if v.Blocking && proc == prim {
			t.Errorf("verb %s asks players: say in its row whether it is a procedure or a primitive choice, not both or neither", v.Name)
		}
		if prim && !v.Blocking {
			t.Errorf("primitive choice %s does not ask players", v.Name)
		}
	}
}

// TestEnumConstants: the Go name of every enum row and query kind is the
// runtime constant of its value (checked with go/types on the runtime's
// source), so that generated code writes what the interpreter uses.
func TestEnumConstants(t *testing.T) {
	pkg, err := importer.ForCompiler(token.NewFileSet(), "source", nil).Import("github.com/mtgc-dev/mtgc/runtime/rtimpl")
	if err != nil {
		t.Fatalf("type-checking the runtime: %v", err)
	}
	check := func(what, goName string, value int) {
		t.Helper()
		c, ok := pkg.Scope().Lookup(goName).(*types.Const)
		if !ok {
			t.Errorf("%s: runtime has no constant %s", what, goName)
			return
		}
		if v, ok := constant.Int64Val(c.Val()); !ok || int(v) != value {
			t.Errorf("%s: %s is %s, the row says %d", what, goName, c.Val(), value)
		}
	}
	for _, ty := range []Type{ZoneT, EndT, Counter, EventT} {
		for _, e := range Enums(ty) {
			check(ty.String()+" "+e.Name, e.Go, e.Value)
		}
	}
	for _, k := range kindTable {
		check("kind "+k.Name, k.OverGo, int(k.Over))
		if k.TypeGo != "" {
			check("kind "+k.Name, k.TypeGo, int(k.Types))
		}
	}
}

var update = flag.Bool("update", false, "rewrite docs/vocabulary.md")

// TestVocabularyDoc keeps docs/vocabulary.md what the table says.
func TestVocabularyDoc(t *testing.T) {
	const path = "../docs/vocabulary.md"
	want := VocabularyDoc()
	if *update {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, string(got)); d != "" {
		t.Errorf("%s is stale: go test ./compiler -run TestVocabularyDoc -update (-want +got):\n%s", path, d)
	}
}
