package compiler

import (
	"flag"
	"go/constant"
	"go/importer"
	"go/token"
	"go/types"
	"os"
	"reflect"
	goruntime "runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	rt "github.com/mtgc-dev/mtgc/runtime"
)

// TestBindings: every row is bound to a function of package runtime, and
// the Go name the generator writes is that function's. The interpreter
// calls the same function value, so the two back ends cannot drift apart
// (as `aura` once did: a bit test in generated code, a subtype search in
// the interpreter).
func TestBindings(t *testing.T) {
	for _, b := range builtins {
		name := goruntime.FuncForPC(reflect.ValueOf(b.Fn).Pointer()).Name()
		want := "rt." + strings.TrimPrefix(name, runtimePkg)
		if b.Method {
			want = "g." + strings.TrimPrefix(name, runtimePkg+"(*Game).")
		}
		if b.Go != want {
			t.Errorf("%s %s: generated code calls %s, the binding is %s", b.Form, b.Name, b.Go, name)
		}
		if b.Doc == "" {
			t.Errorf("%s %s: no Doc", b.Form, b.Name)
		}
		call := goCall(b, nil, "")
		if !strings.HasPrefix(call, b.Go+"(") {
			t.Errorf("%s %s: generated call %s", b.Form, b.Name, call)
		}
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
	pkg, err := importer.ForCompiler(token.NewFileSet(), "source", nil).Import("github.com/mtgc-dev/mtgc/runtime")
	if err != nil {
		t.Skipf("type-checking the runtime: %v", err)
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
	for i, n := range rt.PredKindNames() {
		k, _ := rt.ParsePredKind(n)
		check("predicate "+n, k.Const(), i+1)
	}
}

// TestEnumsComplete: the enum tables list every value of their runtime
// types, once.
func TestEnumsComplete(t *testing.T) {
	counts := map[Type]int{Counter: int(rt.NumCounterKinds)}
	for ty, n := range counts {
		seen := map[int]bool{}
		for _, e := range Enums(ty) {
			if seen[e.Value] {
				t.Errorf("%s %s: value %d twice", ty, e.Name, e.Value)
			}
			seen[e.Value] = true
		}
		if len(seen) != n {
			t.Errorf("%s: %d rows for %d values", ty, len(seen), n)
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
