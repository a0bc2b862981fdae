package compiler_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/interp"
	"github.com/mtgc-dev/mtgc/rules"
)

// FuzzCheck: parsing and checking never panic, and whatever checks is
// translated by both back ends: the generator emits Go that parses, and
// the interpreter builds its rules. A failure of either on a checked
// program is a checker bug (the back ends report no errors of their own).
func FuzzCheck(f *testing.F) {
	srcs, _, err := compiler.ReadDirAs(rules.FS, ".", rules.Dir)
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range srcs {
		f.Add(string(s.Data))
	}
	f.Add(oneFile(srcs)) // the whole default ruleset in one file: it checks
	files, _ := filepath.Glob("testdata/check/*.txtar")
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			f.Fatal(err)
		}
		for _, af := range ar.Files {
			f.Add(string(af.Data))
		}
	}
	data, err := fs.ReadFile(rules.FS, "cr2025.tsv")
	if err != nil {
		f.Fatal(err)
	}
	idx := map[string][]byte{"cr2025": data}
	f.Fuzz(func(t *testing.T, src string) {
		p, err := compiler.Compile([]compiler.Source{{Name: "rules/fuzz.mtg", Data: []byte(src)}}, idx)
		if err != nil {
			return
		}
		out, err := compiler.Generate(p, compiler.Options{Package: "engine"})
		if err != nil {
			t.Fatalf("checked rules failed to generate: %v", err)
		}
		if _, err := parser.ParseFile(token.NewFileSet(), "gen.go", out, 0); err != nil {
			t.Fatalf("generated Go does not parse: %v", err)
		}
		if _, err := interp.Rules(p); err != nil {
			t.Fatalf("the interpreter failed on checked rules: %v", err)
		}
	})
}

// TestWholeRulesetTranslates: the seed FuzzCheck relies on checks, so the
// fuzzer starts from a program both back ends translate.
func TestWholeRulesetTranslates(t *testing.T) {
	srcs, _, err := compiler.ReadDirAs(rules.FS, ".", rules.Dir)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := fs.ReadFile(rules.FS, "cr2025.tsv")
	p, err := compiler.Compile([]compiler.Source{{Name: "rules/all.mtg", Data: []byte(oneFile(srcs))}}, map[string][]byte{"cr2025": data})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := interp.Rules(p); err != nil {
		t.Fatal(err)
	}
}

// oneFile joins a ruleset's files into one, its edition declared once.
func oneFile(srcs []compiler.Source) string {
	var b strings.Builder
	for i, s := range srcs {
		for _, line := range strings.SplitAfter(string(s.Data), "\n") {
			if i > 0 && strings.HasPrefix(line, "edition ") {
				continue
			}
			b.WriteString(line)
		}
		b.WriteByte('\n')
	}
	return b.String()
}
