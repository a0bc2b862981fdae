package difftest_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/engine/all"
	"github.com/mtgc-dev/mtgc/internal/difftest"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestCachesUnchangedGame plays random games of every edition with the
// mana sources not offered (NoTapOptions: the mana a player may pay with
// is counted by the conditions that read it, and remembered while the
// game is unchanged) and passing for players with nothing else to do
// (AutoPass), the way the benchmarks play; VerifyCaches (on in this
// package) counts again each time a remembered count is read and panics
// if a change the game did not count made it stale.
func TestCachesUnchangedGame(t *testing.T) {
	n := uint64(12)
	if testing.Short() {
		n = 4
	}
	for _, r := range all.Engines {
		for seed := uint64(1); seed <= n; seed++ {
			cfg := difftest.GameConfig(r, seed)
			cfg.NoTapOptions, cfg.AutoPass = true, true
			g, err := rt.New(r, cfg)
			if err != nil {
				t.Fatal(err)
			}
			pol := &rt.RandomPolicy{RNG: rt.RNG{State: seed}}
			for i := 0; i < 20000; i++ {
				d := g.Advance()
				if d.Kind == rt.DecideGameOver || d.Kind == rt.DecideStuck || g.TurnNum > 40 {
					break
				}
				if err := g.Submit(pol.Decide(g, d)); err != nil {
					t.Fatalf("%s seed %d: %v", r.Edition, seed, err)
				}
			}
		}
	}
}
