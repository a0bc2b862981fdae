package compiler_test

import (
	"os"
	"regexp"
	"slices"
	"testing"

	"github.com/mtgc-dev/mtgc/compiler"
	rt "github.com/mtgc-dev/mtgc/runtime"
)

// TestReadmeVocabulary keeps the language summary of README.md complete:
// every attribute, verb, function, query kind, predicate and mechanism the checker
// accepts is named there.
func TestReadmeVocabulary(t *testing.T) {
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	v := compiler.Vocab()
	names := map[string][]string{
		"object attribute": mapKeys(v.ObjectAttrs),
		"player attribute": mapKeys(v.PlayerAttrs),
		"game attribute":   mapKeys(v.GameAttrs),
		"verb":             mapKeys(v.Verbs),
		"kind":             mapKeys(v.Kinds),
		"function":         v.Functions,
		"predicate":        rt.PredKindNames(),
		"mechanism":        rt.MechanismNames(),
	}
	for what, list := range names {
		for _, n := range list {
			if !regexp.MustCompile(`\b` + regexp.QuoteMeta(n) + `\b`).Match(data) {
				t.Errorf("README.md does not name the %s %s", what, n)
			}
		}
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
