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

// TestNoKindNamed: the runtime knows no kind of predicate by name. The
// rules declare the kinds (kind, rules/kinds.mtg) and the statements are
// given the rules' functions (given(...)), which read the kinds the .mtg
// names; the runtime evaluates them by index (Rules.Kinds). So
// runtime/rtimpl declares no constant of type PredKind, and no identifier
// or string of its code, or of the interpreter's, is the name of a kind an
// edition declares (as a Go constant, CanAttack, or as the .mtg says it,
// "can_attack").
func TestNoKindNamed(t *testing.T) {
	names := map[string]bool{}
	mtg, err := filepath.Glob("../../rules/*.mtg")
	if err != nil {
		t.Fatal(err)
	}
	more, _ := filepath.Glob("../../rules/*/*.mtg")
	for _, name := range append(mtg, more...) {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			if f := strings.Fields(line); len(f) > 1 && f[0] == "kind" {
				names[f[1]] = true
				names[goName(f[1])] = true
			}
		}
	}
	if !names["can_attack"] || !names["CanAttack"] {
		t.Fatalf("found no kind declarations in rules/ (want can_attack among them): %v", names)
	}
	fset := token.NewFileSet()
	files, err := filepath.Glob("../../runtime/rtimpl/*.go")
	if err != nil {
		t.Fatal(err)
	}
	// Nor does the interpreter, the other back end: it evaluates the kinds
	// the program declares, by index.
	more, _ = filepath.Glob("../../interp/*.go")
	for _, name := range append(files, more...) {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				if id, ok := n.Type.(*ast.Ident); ok && id.Name == "PredKind" {
					t.Errorf("%s: the runtime declares a constant or variable of type PredKind (%s): the kinds are the rules'", fset.Position(n.Pos()), n.Names[0].Name)
				}
			case *ast.Ident:
				if names[n.Name] {
					t.Errorf("%s: %s is the name of a kind the rules declare", fset.Position(n.Pos()), n.Name)
				}
			case *ast.BasicLit:
				if n.Kind == token.STRING && names[strings.Trim(n.Value, "\"`")] {
					t.Errorf("%s: %s is the name of a kind the rules declare", fset.Position(n.Pos()), n.Value)
				}
			}
			return true
		})
	}
}

// goName is a .mtg name as a Go constant: can_attack, CanAttack.
func goName(s string) string {
	var b strings.Builder
	for _, w := range strings.Split(s, "_") {
		if w != "" {
			b.WriteString(strings.ToUpper(w[:1]) + w[1:])
		}
	}
	return b.String()
}

// TestNoDeciderInCombatFiles: no function of the runtime's combat files
// decides a rule by the definition (docs/coverage.md): what may be
// declared, what a declaration costs, whom it attacks, how damage is
// divided and dealt are the .mtg's, which these files only evaluate
// (issue 38). A function that starts to decide there fails here, whether
// it is moved to .mtg, listed with its reason, or left for review.
func TestNoDeciderInCombatFiles(t *testing.T) {
	combat := []string{"combat.go", "damage.go", "declaration.go", "declare.go", "place.go", "restrict.go"}
	for _, d := range meaning.Load().Deciders {
		file := filepath.Base(strings.SplitN(d.Pos, ":", 2)[0])
		for _, f := range combat {
			if file == f {
				t.Errorf("%s (%s, %d branch points, %v) decides a rule in a combat file", d.Func, d.Pos, d.Branches, d.Marks)
			}
		}
	}
}
