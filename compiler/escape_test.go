package compiler

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"strings"
	"testing"

	"github.com/mtgc-dev/mtgc/rules"
)

// TestNoInjectionThroughNames (issue 26, item 2): a .mtg file name with a
// newline, and a title with U+FEFF, NUL or invalid UTF-8, cannot add Go
// code to the engine or make it invalid Go: they are escaped in comments.
func TestNoInjectionThroughNames(t *testing.T) {
	mech, err := fs.ReadFile(rules.FS, "priority.mtg")
	if err != nil {
		t.Fatal(err)
	}
	chars, err := fs.ReadFile(rules.FS, "characteristics.mtg") // the card types priority.mtg's trigger events read
	if err != nil {
		t.Fatal(err)
	}
	kinds, err := fs.ReadFile(rules.FS, "kinds.mtg") // the kinds priority.mtg's conditions read
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ file, title string }{
		{"rules/a\nfunc init() { panic(1) }\n//.mtg", "x"},
		{"rules/a\r\nfunc init() { panic(1) }\n//.mtg", "x"},
		{"rules/bom.mtg", "title \ufeff with a BOM"},
		{"rules/nul.mtg", "title \x00 \u2028 end"},
		{"rules/bad\xff.mtg", "x"},
		{"rules/bom\ufeff.mtg", "x\\ny"},
	} {
		src := "edition " + rules.Root + " \"" + strings.ReplaceAll(c.title, `\`, `\\`) + "\"\nplayer { life = 20 }\nturn \"500.1\" { order main }\nphase main \"505\" {\n  priority \"505.4\" active\n}\n"
		p, err := Compile([]Source{{Name: c.file, Data: []byte(src)}, {Name: "rules/priority.mtg", Data: mech}, {Name: "rules/characteristics.mtg", Data: chars}, {Name: "rules/kinds.mtg", Data: kinds}}, rootIndex(t))
		if err != nil {
			t.Fatalf("%q: %v", c.file, err)
		}
		out, err := Generate(p, Options{Package: "engine"})
		if err != nil {
			t.Fatalf("%q %q: %v", c.file, c.title, err)
		}
		f, err := parser.ParseFile(token.NewFileSet(), "engine_gen.go", out, parser.ParseComments)
		if err != nil {
			t.Fatalf("%q %q: generated code does not parse: %v", c.file, c.title, err)
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "init" {
				t.Errorf("%q: an init function was injected", c.file)
			}
		}
		if strings.ContainsAny(string(out), "\ufeff\x00\r") {
			t.Errorf("%q %q: a raw BOM, NUL or CR in the generated Go", c.file, c.title)
		}
	}
}

func TestCommentText(t *testing.T) {
	for in, want := range map[string]string{
		"rules/turn.mtg": "rules/turn.mtg",
		"a\nb":           `a\nb`,
		"a\\nb":          `a\\nb`,
		"\ufeff":         `\ufeff`,
		"\xff":           `\xff`,
		"é ü":            "é ü",
	} {
		if got := commentText(in); got != want {
			t.Errorf("commentText(%q) = %q, want %q", in, got, want)
		}
	}
}
