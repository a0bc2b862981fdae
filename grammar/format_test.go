package grammar_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mtgc-dev/mtgc/grammar"
	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/fmt")

// checkRoundTrip checks that f formats to text that parses back to f and
// formats to the same text again.
func checkRoundTrip(t *testing.T, f *grammar.File) {
	t.Helper()
	out := grammar.Format(f)
	g, err := grammar.ParseFile(f.Path, out)
	if err != nil {
		t.Fatalf("formatted output does not parse: %v\n%s", err, out)
	}
	if diff := cmp.Diff(f, g, ignorePos); diff != "" {
		t.Errorf("tree changed by formatting (-before +after)\n%s\n%s", diff, out)
	}
	if again := grammar.Format(g); !bytes.Equal(out, again) {
		t.Errorf("Format is not idempotent:\n%s", cmp.Diff(string(out), string(again)))
	}
}

func TestRoundTrip(t *testing.T) {
	files, _ := filepath.Glob("../rules/*.mtg")
	more, _ := filepath.Glob("testdata/*.mtg")
	files = append(files, more...)
	if len(files) < 4 {
		t.Fatalf("found only %v", files)
	}
	for _, file := range files {
		t.Run(file, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			f, err := grammar.ParseFile(file, src)
			if err != nil {
				t.Fatal(err)
			}
			checkRoundTrip(t, f)
		})
	}
}

// TestCanonical checks that the files meant to be in canonical form are.
func TestCanonical(t *testing.T) {
	files, _ := filepath.Glob("../rules/*.mtg")
	files = append(files, "testdata/constructs.mtg")
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		out, err := grammar.FormatSource(file, src)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(src, out) {
			t.Errorf("%s is not in canonical form (-file +formatted)\n%s", file, cmp.Diff(string(src), string(out)))
		}
	}
}

// TestFormatGolden formats the in.mtg section of each testdata/fmt/*.txtar
// and compares the result with its want.mtg section. With -update, it
// rewrites want.mtg instead.
func TestFormatGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/fmt/*.txtar")
	if len(files) == 0 {
		t.Fatal("no golden files")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			in, want := section(ar, "in.mtg"), section(ar, "want.mtg")
			if in == nil || want == nil {
				t.Fatal("need in.mtg and want.mtg sections")
			}
			got, err := grammar.FormatSource("in.mtg", in.Data)
			if err != nil {
				t.Fatal(err)
			}
			if *update {
				want.Data = got
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if !bytes.Equal(got, want.Data) {
				t.Errorf("(-want +got)\n%s", cmp.Diff(string(want.Data), string(got)))
			}
			if again, err := grammar.FormatSource("want.mtg", got); err != nil || !bytes.Equal(again, got) {
				t.Errorf("formatting the output again: %v\n%s", err, cmp.Diff(string(got), string(again)))
			}
		})
	}
}

func section(ar *txtar.Archive, name string) *txtar.File {
	for i := range ar.Files {
		if ar.Files[i].Name == name {
			return &ar.Files[i]
		}
	}
	return nil
}

// TestFormatBuilt prints trees built by hand, where the printer has to add
// the parentheses that the tree structure requires.
func TestFormatBuilt(t *testing.T) {
	a, b, c := id("a"), id("b"), id("c")
	tests := []struct {
		expr grammar.Expr
		want string
	}{
		{bin("or", a, bin("or", b, c)), "a or (b or c)"},
		{bin("or", bin("or", a, b), c), "a or b or c"},
		{bin("and", bin("or", a, b), c), "(a or b) and c"},
		{bin("-", a, bin("-", b, c)), "a - (b - c)"},
		{bin("*", bin("+", a, b), c), "(a + b) * c"},
		{bin("==", bin("==", a, b), c), "(a == b) == c"},
		{bin("==", a, &grammar.Unary{Op: "not", X: b}), "a == (not b)"},
		{&grammar.Unary{Op: "not", X: bin("and", a, b)}, "not (a and b)"},
		{&grammar.Unary{Op: "not", X: bin("<", a, b)}, "not a < b"},
		{&grammar.Unary{Op: "-", X: bin("+", a, b)}, "-(a + b)"},
		{&grammar.Unary{Op: "-", X: &grammar.Unary{Op: "-", X: a}}, "--a"},
		{&grammar.Selector{X: bin("+", a, b), Sel: grammar.Ident{Name: "x"}}, "(a + b).x"},
		{&grammar.Selector{X: &grammar.HasExpr{X: a, Keyword: grammar.Ident{Name: "k"}}, Sel: grammar.Ident{Name: "x"}}, "(a has k).x"},
		{&grammar.HasExpr{X: &grammar.Unary{Op: "-", X: a}, Keyword: grammar.Ident{Name: "k"}}, "(-a) has k"},
		{&grammar.IntLit{Value: 12, Text: "12"}, "12"},
		{&grammar.StringLit{Value: "say \"hi\"\n"}, `"say \"hi\"\n"`},
		{&grammar.CallExpr{Fun: grammar.Ident{Name: "f"}, Args: []grammar.Expr{bin("or", a, b), c}}, "f(a or b, c)"},
	}
	for _, tt := range tests {
		f := &grammar.File{
			Edition: &grammar.Edition{Name: grammar.Ident{Name: "e"}, Title: "t"},
			Decls: []grammar.Decl{&grammar.SbaDecl{Rules: []grammar.Rule{{Number: "1"}}, Body: &grammar.Block{
				Stmts: []grammar.Stmt{&grammar.LetStmt{Name: grammar.Ident{Name: "v"}, Value: tt.expr}},
			}}},
		}
		out := string(grammar.Format(f))
		want := "edition e \"t\"\n\nsba \"1\" {\n  let v = " + tt.want + "\n}\n"
		if out != want {
			t.Errorf("got\n%s\nwant\n%s", out, want)
			continue
		}
		g, err := grammar.ParseFile("", []byte(out))
		if err != nil {
			t.Errorf("%s: %v", tt.want, err)
			continue
		}
		got := g.Decls[0].(*grammar.SbaDecl).Body.Stmts[0].(*grammar.LetStmt).Value
		if diff := cmp.Diff(tt.expr, stripParens(got), ignorePos); diff != "" {
			t.Errorf("%s: tree changed (-built +parsed)\n%s", tt.want, diff)
		}
	}
}

// stripParens removes the ParenExpr nodes the printer added.
func stripParens(e grammar.Expr) grammar.Expr {
	switch x := e.(type) {
	case *grammar.ParenExpr:
		return stripParens(x.X)
	case *grammar.Binary:
		x.X, x.Y = stripParens(x.X), stripParens(x.Y)
	case *grammar.Unary:
		x.X = stripParens(x.X)
	case *grammar.Selector:
		x.X = stripParens(x.X)
	case *grammar.HasExpr:
		x.X = stripParens(x.X)
	case *grammar.CallExpr:
		for i := range x.Args {
			x.Args[i] = stripParens(x.Args[i])
		}
	}
	return e
}

// A priority's player that starts with a string must not be read back as
// one more rule.
func TestFormatPriorityString(t *testing.T) {
	f := &grammar.File{
		Edition: &grammar.Edition{Name: grammar.Ident{Name: "e"}, Title: "t"},
		Decls: []grammar.Decl{&grammar.PhaseDecl{Name: grammar.Ident{Name: "p"}, Rules: []grammar.Rule{{Number: "1"}},
			Items: []grammar.Clause{&grammar.Priority{Rules: []grammar.Rule{{Number: "2"}},
				Player: &grammar.Selector{X: &grammar.StringLit{Value: "x"}, Sel: grammar.Ident{Name: "y"}}}}}},
	}
	out := grammar.Format(f)
	if !strings.Contains(string(out), `priority "2" ("x".y)`) {
		t.Errorf("got\n%s", out)
	}
}

func TestPrint(t *testing.T) {
	src := []byte("edition e \"t\"\n\nkeyword k\n")
	f, err := grammar.ParseFile("x.mtg", src)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := grammar.Print(&b, f); err != nil || !bytes.Equal(b.Bytes(), src) {
		t.Errorf("Print = %q, %v; want %q", b.Bytes(), err, src)
	}
	if _, err := grammar.FormatSource("x.mtg", []byte("edition")); err == nil {
		t.Error("FormatSource of a broken file succeeded")
	}
}
