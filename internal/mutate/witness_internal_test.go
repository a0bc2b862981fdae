package mutate

import (
	"testing"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/interp"
	"github.com/mtgc-dev/mtgc/rules"
)

// TestWitnessBudget: the original rules, as their own mutant, are never
// "a random game never ends" under the witness's budget. cr2017's eight
// games take more work than its whole corpus, so a budget from the corpus
// alone reported every survivor of its 509.6 so (docs/mutation.md).
func TestWitnessBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 16 random games")
	}
	srcs, idx, err := compiler.ReadEdition(rules.FS, "cr2017", "rules/cr2017")
	if err != nil {
		t.Fatal(err)
	}
	p, err := compiler.Compile(srcs, idx)
	if err != nil {
		t.Fatal(err)
	}
	base, err := interp.Rules(p)
	if err != nil {
		t.Fatal(err)
	}
	const games = 8
	limit, err := gameBudget(p, base, games)
	if err != nil {
		t.Fatal(err)
	}
	if got := witness(base, p, games, limit); got != "" {
		t.Errorf("the original rules against themselves: %q, want no difference", got)
	}
	// The watchdog still ends games that take too long.
	if got := witness(base, p, games, limit/40); got != "a random game never ends" {
		t.Errorf("with a twentieth of the original's work: %q, want the watchdog", got)
	}
}
