package difftest_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/cards"
	cardengine "github.com/mtgc-dev/mtgc/cards/engine"
	"github.com/mtgc-dev/mtgc/internal/difftest"
	"github.com/mtgc-dev/mtgc/interp"
)

// TestDifferentialCards: random games whose decks hold the card library's
// cards (half their creatures) give the same events, decisions and
// states on the engine mtgc gen made of the library (cards/engine) and
// on the interpreter of the same program.
func TestDifferentialCards(t *testing.T) {
	p, err := cards.Load()
	if err != nil {
		t.Fatal(err)
	}
	r, err := interp.Rules(p)
	if err != nil {
		t.Fatal(err)
	}
	a, b := difftest.Engine{Name: "compiled", Rules: cardengine.Rules}, difftest.Engine{Name: "interpreted", Rules: r}
	n := 12
	if testing.Short() {
		n = 4
	}
	// Seeds a soak once found broken, played whatever -short says: 837,
	// a Saga whose chapter abilities triggered under a player who had
	// left the game; they ceased to exist without the incremental
	// state-based-action check hearing of it, so the sacrifice (704.5s)
	// was missed.
	seeds := []uint64{837}
	for seed := uint64(1); seed <= uint64(n); seed++ {
		seeds = append(seeds, seed)
	}
	over, library := 0, 0
	for _, seed := range seeds {
		for _, pl := range difftest.GameConfig(cardengine.Rules, seed).Players {
			for _, c := range pl.Deck {
				if c.Declared != "" {
					library++
				}
			}
		}
		res, err := difftest.Compare(a, b, seed, difftest.Options{Turns: 40, Chaos: seed%4 != 0, Index: p.Index})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if res.Over {
			over++
		}
	}
	if library == 0 {
		t.Fatal("no deck holds a card of the library")
	}
	if over == 0 {
		t.Error("no game ended")
	}
	t.Logf("%d games, %d over, %d library cards in the decks", n, over, library)
}
