package compiler_test

import (
	"flag"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mtgc-dev/mtgc/compiler"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

var updateReadme = flag.Bool("update-readme", false, "rewrite docs/language.md's generated list of names")

const (
	readmeBegin = "<!-- vocabulary: generated from compiler/vocab.go by go test ./compiler -run TestReadmeVocabulary -update-readme; DO NOT EDIT -->"
	readmeEnd   = "<!-- vocabulary end -->"
)

// readmeNames is docs/language.md's list of every name of the language, made
// from the table.
func readmeNames() string {
	v := compiler.Vocab()
	line := func(what string, names []string) string {
		q := make([]string, len(names))
		for i, n := range names {
			q[i] = "`" + n + "`"
		}
		return "- " + what + ": " + strings.Join(q, " ") + "\n"
	}
	var b strings.Builder
	b.WriteString(readmeBegin + "\n")
	b.WriteString("Every name of the language, one row each of compiler/vocab.go, described in\n[docs/vocabulary.md](vocabulary.md):\n\n")
	b.WriteString(line("object attributes (`x.NAME`)", mapKeys(v.ObjectAttrs)))
	b.WriteString(line("player attributes (`p.NAME`)", mapKeys(v.PlayerAttrs)))
	b.WriteString(line("game attributes (`game.NAME`)", mapKeys(v.GameAttrs)))
	b.WriteString(line("statements", mapKeys(v.Verbs)))
	b.WriteString(line("functions and special forms", v.Functions))
	b.WriteString(line("query kinds", mapKeys(v.Kinds)))
	b.WriteString(line("mechanisms", rt.MechanismNames()))
	b.WriteString(readmeEnd)
	return b.String()
}

var readmeBlock = regexp.MustCompile(`(?s)` + regexp.QuoteMeta(readmeBegin) + `.*?` + regexp.QuoteMeta(readmeEnd))

// TestReadmeVocabulary keeps docs/language.md's list of names what the table
// says (-update-readme rewrites it), so that adding a row needs no edit
// of the README.
func TestReadmeVocabulary(t *testing.T) {
	data, err := os.ReadFile("../docs/language.md")
	if err != nil {
		t.Fatal(err)
	}
	want := readmeNames()
	got := readmeBlock.Find(data)
	if *updateReadme && string(got) != want {
		if got == nil {
			t.Fatal("docs/language.md has no generated list of names: add the two marker lines")
		}
		out := readmeBlock.ReplaceAllLiteral(data, []byte(want))
		if err := os.WriteFile("../docs/language.md", out, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if string(got) != want {
		t.Errorf("docs/language.md's list of names is stale: go test ./compiler -run TestReadmeVocabulary -update-readme")
	}
}

func mapKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
