package meaning_test

import (
	"flag"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/internal/meaning"
	"github.com/mtgc-dev/mtgc/internal/meaning/derive"
	"github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

var update = flag.Bool("update", false, "rewrite runtime.txt from the runtime's code")

// TestDerive: runtime.txt is what the runtime's code says, derived, not
// written by hand. A change to the runtime that adds or removes a decider,
// or what a row reaches, fails here until -update records it, so that it
// is reviewed.
func TestDerive(t *testing.T) {
	var names []string
	seen := map[string]bool{}
	for _, b := range compiler.Builtins() {
		if !seen[b.Go] {
			seen[b.Go] = true
			names = append(names, b.Go)
		}
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := derive.Derive(root, names)
	if err != nil {
		t.Fatal(err)
	}
	got := meaning.Format(tab)
	if *update {
		if err := os.WriteFile("runtime.txt", []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if d := cmp.Diff(meaning.Golden(), got); d != "" {
		t.Errorf("runtime.txt is not what the runtime's code says (go test ./internal/meaning -update rewrites it; review the change) (-file +derived):\n%s", d)
	}
}

// TestNoKindNamed: no function of the runtime that decides reads a
// predicate kind by name (a PredKind constant): the statements are given
// the rules' functions (given(...)), which read the kinds the .mtg names.
// A function naming one is listed in runtime.txt with the constant among
// its marks; this fails until the kind is given by the .mtg instead.
func TestNoKindNamed(t *testing.T) {
	consts := map[string]bool{}
	for _, n := range rtimpl.PredKindNames() {
		k, _ := rtimpl.ParsePredKind(n)
		consts[k.Const()] = true
	}
	for _, d := range meaning.Load().Deciders {
		for _, m := range d.Marks {
			if consts[m] {
				t.Errorf("%s (%s) names the predicate kind %s: give the statement that runs it a function of the rules instead (given(...))", d.Func, d.Pos, m)
			}
		}
	}
	// Nor does one derive.Generic lists (its marks are not kept): no
	// function body of the runtime names a kind; the kinds' table does.
	fset := token.NewFileSet()
	files, err := filepath.Glob("../../runtime/rtimpl/*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && consts[id.Name] {
					t.Errorf("%s: %s names the predicate kind %s", fset.Position(id.Pos()), fd.Name.Name, id.Name)
				}
				return true
			})
		}
	}
}
