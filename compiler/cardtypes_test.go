package compiler_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/rules"
)

// TestEditionCardTypes: each edition's card types are its own rules',
// written as a delta over its base (rules/*/characteristics.mtg): 2025's
// kindred and battle, 2017's tribal and no battle, 1999's six (212.1).
func TestEditionCardTypes(t *testing.T) {
	want := map[string][]string{
		"cr2025": {"artifact", "creature", "enchantment", "land", "planeswalker", "instant", "sorcery", "kindred", "battle"},
		"cr2017": {"artifact", "creature", "enchantment", "land", "planeswalker", "instant", "sorcery", "tribal"},
		"cr2008": {"artifact", "creature", "enchantment", "land", "planeswalker", "instant", "sorcery", "tribal"},
		"cr1999": {"artifact", "creature", "enchantment", "land", "instant", "sorcery"},
	}
	for _, e := range rules.Editions() {
		srcs, idx, err := compiler.ReadEdition(rules.FS, e.Dir, e.Shown)
		if err != nil {
			t.Fatal(err)
		}
		p, err := compiler.Compile(srcs, idx)
		if err != nil {
			t.Fatalf("%s: %v", e.Name, err)
		}
		var got []string
		for _, ct := range p.CardTypes {
			got = append(got, ct.Name)
		}
		w, ok := want[e.Name]
		if !ok {
			t.Errorf("edition %s: no card types expected here; add them", e.Name)
			continue
		}
		if d := cmp.Diff(w, got); d != "" {
			t.Errorf("%s card types (-want +got):\n%s", e.Name, d)
		}
	}
}
