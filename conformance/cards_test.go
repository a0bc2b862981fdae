package conformance_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/cards"
	cardengine "github.com/mtgc-dev/mtgc/cards/engine"
	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/interp"
)

// TestCardLibrary runs the scripts of the card library (../cards, written
// over the default edition) on both back ends: the interpreter, from the
// library compiled with the rules, and the engine mtgc gen made of the
// same program (cards/engine). Each card's clauses are predicate clauses
// each back end evaluates as it evaluates the rules'; each script names
// its cards (battlefield p1 Juggernaut card), which the rules list.
func TestCardLibrary(t *testing.T) {
	t.Run("interp", func(t *testing.T) {
		p, err := cards.Load()
		if err != nil {
			t.Fatal(err)
		}
		r, err := interp.Rules(p)
		if err != nil {
			t.Fatal(err)
		}
		conformance.Run(t, r, "../testdata/cards/scripts", false)
	})
	t.Run("engine", func(t *testing.T) {
		conformance.Run(t, cardengine.Rules, "../testdata/cards/scripts", false)
	})
}
