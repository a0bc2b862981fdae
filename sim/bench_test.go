package sim_test

import (
	goruntime "runtime"
	"testing"

	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime"
	"github.com/mtgc-dev/mtgc/sim"
)

// BenchmarkRandomGameVanilla plays whole games between two vanilla decks,
// a uniformly random player over the grouped options (runtime.UniformPolicy)
// on both sides, without a log, until the game ends or turn 100.
// Each game is set up by Reset in the same Game; allocs/decision counts
// every allocation, the setup's included.
func BenchmarkRandomGameVanilla(b *testing.B) {
	deck := sim.Vanilla()
	pol := &rt.UniformPolicy{RNG: rt.RNG{State: 1}}
	var decisions, allocs uint64
	var ms goruntime.MemStats
	g := new(rt.Game)
	b.ReportAllocs()
	goruntime.ReadMemStats(&ms)
	allocs = ms.Mallocs
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		err := g.Reset(engine.Rules, rt.Config{
			Players: []rt.PlayerConfig{{Name: "p1", Deck: deck}, {Name: "p2", Deck: deck}},
			Seed:    uint64(i),
			Log:     rt.LogConfig{Mode: rt.LogNone},
		})
		if err != nil {
			b.Fatal(err)
		}
		decisions += uint64(playGame(b, g, pol, 100))
	}
	b.StopTimer()
	goruntime.ReadMemStats(&ms)
	allocs = ms.Mallocs - allocs
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(b.N)/sec, "games/s")
	b.ReportMetric(float64(decisions)/sec, "decisions/s")
	b.ReportMetric(float64(allocs)/float64(decisions), "allocs/decision")
}

func playGame(tb testing.TB, g *rt.Game, pol rt.Policy, turns int32) int {
	n := 0
	for {
		d := g.Advance()
		if d.Kind == rt.DecideGameOver || d.Kind == rt.DecideStuck || g.TurnNum > turns {
			return n
		}
		if err := g.Submit(pol.Decide(g, d)); err != nil {
			tb.Fatalf("decision %d (%v): %v", n, d.Kind, err)
		}
		n++
	}
}
