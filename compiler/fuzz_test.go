package compiler

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"testing"

	"golang.org/x/tools/txtar"
)

// FuzzCheck: parsing and checking never panic; whatever checks cleanly
// generates Go that parses.
func FuzzCheck(f *testing.F) {
	for _, s := range defaultSources(f) {
		f.Add(string(s.Data))
	}
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
	idx := index(f)
	f.Fuzz(func(t *testing.T, src string) {
		p, err := Compile([]Source{{Name: "rules/fuzz.mtg", Data: []byte(src)}}, idx)
		if err != nil {
			return
		}
		out, err := Generate(p, Options{Package: "engine"})
		if err != nil {
			t.Fatalf("checked rules failed to generate: %v", err)
		}
		if _, err := parser.ParseFile(token.NewFileSet(), "gen.go", out, 0); err != nil {
			t.Fatalf("generated Go does not parse: %v", err)
		}
	})
}
