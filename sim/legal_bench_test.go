package sim_test

import (
	goruntime "runtime"
	"testing"

	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime"
	"github.com/mtgc-dev/mtgc/sim"
)

// legalPlayer is the random player of the first measurement (before issue
// 12's API): uniform over LegalActions (passing included) at priority,
// runtime.RandomPolicy otherwise. It played the games of that measurement
// move for move, so BenchmarkRandomGameVanillaLegal compared the runtime
// before and after on the same games, until RandomPolicy's declarations
// of attackers and blockers were drawn over Game.Options (issue 38): the
// games differ from then on (the same workload, other draws).
type legalPlayer struct {
	rng rt.RNG
	buf []rt.Answer
	rp  rt.RandomPolicy
}

func (u *legalPlayer) Decide(g *rt.Game, d rt.Decision) rt.Answer {
	if d.Kind == rt.DecidePriority {
		u.buf = g.LegalActions(u.buf[:0])
		return u.buf[u.rng.Intn(len(u.buf))]
	}
	return u.rp.Decide(g, d)
}

// BenchmarkRandomGameVanillaLegal: the games of the first measurement
// (legalPlayer, New and a kept log per game, as then), on today's runtime.
func BenchmarkRandomGameVanillaLegal(b *testing.B) {
	deck := sim.Vanilla(engine.Rules)
	pol := &legalPlayer{rng: rt.RNG{State: 1}, rp: rt.RandomPolicy{RNG: rt.RNG{State: 2}}}
	var decisions uint64
	var ms goruntime.MemStats
	b.ReportAllocs()
	goruntime.ReadMemStats(&ms)
	allocs := ms.Mallocs
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g, err := engine.New(rt.Config{
			Players: []rt.PlayerConfig{{Name: "p1", Deck: deck}, {Name: "p2", Deck: deck}},
			Seed:    uint64(i),
		})
		if err != nil {
			b.Fatal(err)
		}
		decisions += uint64(playGame(b, g, pol, 100))
	}
	b.StopTimer()
	goruntime.ReadMemStats(&ms)
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(b.N)/sec, "games/s")
	b.ReportMetric(float64(decisions)/sec, "decisions/s")
	b.ReportMetric(float64(ms.Mallocs-allocs)/float64(decisions), "allocs/decision")
}
