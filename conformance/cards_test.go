package conformance_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/cards"
	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/interp"
)

// TestCardLibrary runs the scripts of the card library (../cards, written
// over the default edition) on the interpreter: each card's clauses are
// predicate clauses the runtime evaluates as it evaluates the rules'.
func TestCardLibrary(t *testing.T) {
	p, err := cards.Load()
	if err != nil {
		t.Fatal(err)
	}
	r, err := interp.Rules(p)
	if err != nil {
		t.Fatal(err)
	}
	conformance.Run(t, r, "../testdata/cards/scripts", false)
}
