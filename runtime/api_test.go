package runtime_test

import (
	"flag"
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"sort"
	"strings"
	"testing"
)

var updateAPI = flag.Bool("update", false, "rewrite api.txt from the package's exported API")

// TestAPI: api.txt lists every exported identifier of package runtime
// (constants, variables, functions, types, their exported fields and
// methods), one a line as $GOROOT/api/*.txt does. An addition or removal
// fails here until go test ./runtime -run TestAPI -update records it, so
// that every change to the API is reviewed.
func TestAPI(t *testing.T) {
	got, game := exportedAPI(t)
	if *updateAPI {
		if err := os.WriteFile("api.txt", []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile("api.txt")
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != got {
		wl, gl := lineSet(string(want)), lineSet(got)
		for _, l := range sortedKeys(gl) {
			if !wl[l] {
				t.Errorf("added to the API, not in api.txt: %s", l)
			}
		}
		for _, l := range sortedKeys(wl) {
			if !gl[l] {
				t.Errorf("in api.txt, not in the API: %s", l)
			}
		}
		t.Errorf("api.txt is not the package's API: review the change, then go test ./runtime -run TestAPI -update")
	}
	t.Logf("%d exported methods of *Game", game)
	// The host's API is small (issue 21): what the rules' code calls is a
	// method of Exec, not of Game.
	if game > maxHostMethods {
		t.Errorf("*Game has %d exported methods, more than %d: a method only the rules' code (generated engines, the interpreter) calls belongs on Exec", game, maxHostMethods)
	}
}

// maxHostMethods bounds the exported methods of *Game, the host's API.
const maxHostMethods = 40

func lineSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, l := range strings.Split(s, "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			m[l] = true
		}
	}
	return m
}

func sortedKeys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// exportedAPI type-checks the package's files (not its tests) and renders
// its exported API, sorted, and the number of exported methods of *Game.
func exportedAPI(t *testing.T) (string, int) {
	t.Helper()
	bp, err := build.Default.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range bp.GoFiles {
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("github.com/mtgc-dev/mtgc/runtime", fset, files, nil)
	if err != nil {
		t.Fatal(err)
	}
	q := func(p *types.Package) string {
		if p == pkg {
			return ""
		}
		return p.Name()
	}
	ts := func(t types.Type) string { return types.TypeString(t, q) }
	var lines []string
	add := func(format string, args ...any) {
		lines = append(lines, "pkg runtime, "+fmt.Sprintf(format, args...))
	}
	sig := func(s *types.Signature) string {
		return strings.TrimPrefix(types.TypeString(s, q), "func")
	}
	game := 0
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		switch o := obj.(type) {
		case *types.Const:
			add("const %s %s", name, ts(o.Type()))
		case *types.Var:
			add("var %s %s", name, ts(o.Type()))
		case *types.Func:
			add("func %s%s", name, sig(o.Type().(*types.Signature)))
		case *types.TypeName:
			if o.IsAlias() {
				add("type %s = %s", name, ts(o.Type()))
				continue
			}
			n := o.Type().(*types.Named)
			switch u := n.Underlying().(type) {
			case *types.Struct:
				add("type %s struct", name)
				for i := 0; i < u.NumFields(); i++ {
					if f := u.Field(i); f.Exported() {
						if f.Embedded() {
							add("type %s struct, embedded %s", name, ts(f.Type()))
						} else {
							add("type %s struct, %s %s", name, f.Name(), ts(f.Type()))
						}
					}
				}
			case *types.Interface:
				add("type %s interface", name)
				for i := 0; i < u.NumExplicitMethods(); i++ {
					if m := u.ExplicitMethod(i); m.Exported() {
						add("type %s interface, %s%s", name, m.Name(), sig(m.Type().(*types.Signature)))
					}
				}
			default:
				add("type %s %s", name, ts(u))
			}
			for i := 0; i < n.NumMethods(); i++ {
				m := n.Method(i)
				if !m.Exported() {
					continue
				}
				s := m.Type().(*types.Signature)
				recv := name
				if _, ok := s.Recv().Type().(*types.Pointer); ok {
					recv = "*" + name
				}
				add("method (%s) %s%s", recv, m.Name(), sig(s))
				if name == "Game" {
					game++
				}
			}
		}
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n") + "\n", game
}
