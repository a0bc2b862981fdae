package interp_test

import (
	"os"
	"reflect"
	"slices"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/engine"
	"github.com/mtgc-dev/mtgc/interp"
	"github.com/mtgc-dev/mtgc/rules"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

func program(t testing.TB) *compiler.Program {
	t.Helper()
	p, err := compiler.LoadAs(rules.FS, ".", rules.Dir)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func interpRules(t testing.TB) *rt.Rules {
	t.Helper()
	r, err := interp.Rules(program(t))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestConformanceInterp runs the whole corpus on the interpreter, with the
// same known failures as the compiled engine.
func TestConformanceInterp(t *testing.T) {
	lists, err := conformance.ReadLists(os.DirFS("../conformance"), ".", "conformance")
	if err != nil {
		t.Fatal(err)
	}
	conformance.RunWith(t, conformance.Config{Rules: interpRules(t), Known: lists.Known()}, "../conformance/testdata")
}

// TestTablesMatchGenerated: the interpreter's rules have the same tables
// (phases, steps, rules cited, positions, keywords, sbas) as the generated
// engine; only the functions differ.
func TestTablesMatchGenerated(t *testing.T) {
	p := program(t)
	if p.Hash != engine.SourceHash {
		t.Fatalf("engine/engine_gen.go is stale (engine %s, rules %s): run go generate ./...", engine.SourceHash, p.Hash)
	}
	got := interpRules(t)
	funcs := cmp.FilterPath(func(path cmp.Path) bool {
		return path.Last().Type().Kind() == reflect.Func
	}, cmp.Ignore())
	if d := cmp.Diff(engine.Rules, got, funcs, cmpopts.EquateEmpty()); d != "" {
		t.Errorf("interpreted tables differ from the generated ones (-generated +interpreted):\n%s", d)
	}
	// Ignoring functions must not hide a missing one.
	present := func(r *rt.Rules) []string {
		var out []string
		var walk func(path string, v reflect.Value)
		walk = func(path string, v reflect.Value) {
			switch v.Kind() {
			case reflect.Pointer:
				if !v.IsNil() {
					walk(path, v.Elem())
				}
			case reflect.Struct:
				for i := 0; i < v.NumField(); i++ {
					walk(path+"."+v.Type().Field(i).Name, v.Field(i))
				}
			case reflect.Slice:
				for i := 0; i < v.Len(); i++ {
					walk(path+"[]", v.Index(i))
				}
			case reflect.Func:
				if !v.IsNil() {
					out = append(out, path)
				}
			}
		}
		walk("", reflect.ValueOf(r))
		sort.Strings(out)
		return out
	}
	// MatchOn is the sbas' conditions compiled together (the generated
	// engine's alone); the interpreter's rules have each sba's Match.
	generated := slices.DeleteFunc(present(engine.Rules), func(f string) bool { return f == ".MatchOn" })
	if d := cmp.Diff(generated, present(got)); d != "" {
		t.Errorf("functions set differ (-generated +interpreted):\n%s", d)
	}
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// cr2017With compiles the cr2017 rules with one source more (a made-up
// test's, named rules/NAME) and starts a two-player game of them, with no
// opening hands, on the interpreter.
func cr2017With(t testing.TB, name, src string) (*compiler.Program, *rt.Rules, *rt.Game) {
	t.Helper()
	srcs, idx, err := compiler.ReadEdition(rules.FS, "cr2017", rules.Dir+"/cr2017")
	if err != nil {
		t.Fatal(err)
	}
	p, err := compiler.Compile(append(srcs, compiler.Source{Name: "rules/" + name, Data: []byte(src)}), idx)
	if err != nil {
		t.Fatal(err)
	}
	r, err := interp.Rules(p)
	if err != nil {
		t.Fatal(err)
	}
	g, err := rt.New(r, rt.Config{Players: []rt.PlayerConfig{{Name: "p1"}, {Name: "p2"}}, NoOpeningHand: true})
	if err != nil {
		t.Fatal(err)
	}
	return p, r, g
}
