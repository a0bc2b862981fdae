package sim_test

import (
	"fmt"
	goruntime "runtime"
	"testing"

	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime"
	"github.com/mtgc-dev/mtgc/sim"
)

// TestBoardAllocs holds BenchmarkBoard's steady state to no allocation:
// after a first game has grown the reused Game's buffers, whole games
// from boards of N creatures a side (setup not counted) allocate nothing,
// with either policy that reuses its buffers (UniformPolicy, the
// benchmark's, and RandomPolicy).
// A scratch buffer that Reset forgets shows here as allocations per game.
func TestBoardAllocs(t *testing.T) {
	deck := sim.Vanilla(engine.Rules)
	for _, name := range []string{"uniform", "random"} {
		for _, n := range []int{0, 5, 20, 50} {
			t.Run(fmt.Sprintf("%s/N=%d", name, n), func(t *testing.T) {
				var pol rt.Policy
				var state *rt.RNG
				if name == "uniform" {
					u := &rt.UniformPolicy{RNG: rt.RNG{State: 1}}
					pol, state = u, &u.RNG
				} else {
					r := &rt.RandomPolicy{RNG: rt.RNG{State: 1}}
					pol, state = r, &r.RNG
				}
				g := new(rt.Game)
				setupBoard(t, g, deck, n, ^uint64(0))
				playGame(t, g, pol, 6)
				var ms goruntime.MemStats
				for seed := uint64(0); seed < 4; seed++ {
					// The same game, played again from the same board and
					// policy state, allocates the same: the least of three
					// counts is the game's own (the runtime, under load, may
					// allocate in the background of one of them).
					var got uint64
					var decisions int
					rng := *state
					for try := 0; try < 3; try++ {
						setupBoard(t, g, deck, n, seed)
						*state = rng
						goruntime.ReadMemStats(&ms)
						before := ms.Mallocs
						decisions = playGame(t, g, pol, 6)
						goruntime.ReadMemStats(&ms)
						if c := ms.Mallocs - before; try == 0 || c < got {
							got = c
						}
					}
					if got != 0 {
						t.Errorf("seed %d: %d allocations in a game of %d decisions, want 0", seed, got, decisions)
					}
				}
			})
		}
	}
}
