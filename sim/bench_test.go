package sim_test

import (
	goruntime "runtime"
	"testing"

	cards "github.com/mtgc-dev/mtgc/cards/engine"
	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime"
	"github.com/mtgc-dev/mtgc/sim"
)

// BenchmarkRandomGameVanilla plays whole games between two vanilla decks,
// a uniformly random player over the grouped options (runtime.UniformPolicy)
// on both sides, without a log, until the game ends or turn 100.
// Each game is set up by Reset in the same Game; allocs/decision counts
// every allocation, the setup's included. Every decision goes to the
// policy, forced passes included.
func BenchmarkRandomGameVanilla(b *testing.B) { benchVanilla(b, rt.Config{}) }

// BenchmarkRandomGameVanillaAutoPass plays the same games (the same
// traces), Advance answering the forced passes (Config.AutoPass):
// decisions/s counts the decisions the policy was asked.
func BenchmarkRandomGameVanillaAutoPass(b *testing.B) { benchVanilla(b, rt.Config{AutoPass: true}) }

// BenchmarkRandomGameVanillaNotap is issue 23's workload: no tap-mana
// options (mana paid by the engine when a spell is cast), forced passes
// answered by Advance, uniform over the real choices.
func BenchmarkRandomGameVanillaNotap(b *testing.B) {
	benchVanilla(b, rt.Config{AutoPass: true, NoTapOptions: true})
}

// BenchmarkRandomGameVanillaNotapCards is the Notap workload on the card
// library's engine (cards/engine: the 2025 rules and every card of
// cards/, none of them in the decks): what the library's cards cost a
// game they are not in, against BenchmarkRandomGameVanillaNotap.
func BenchmarkRandomGameVanillaNotapCards(b *testing.B) {
	benchVanillaOn(b, cards.Rules, rt.Config{AutoPass: true, NoTapOptions: true})
}

func benchVanilla(b *testing.B, base rt.Config) { benchVanillaOn(b, engine.Rules, base) }

func benchVanillaOn(b *testing.B, rules *rt.Rules, base rt.Config) {
	deck := sim.Vanilla(rules)
	pol := &rt.UniformPolicy{RNG: rt.RNG{State: 1}}
	var decisions, allocs uint64
	var ms goruntime.MemStats
	g := new(rt.Game)
	b.ReportAllocs()
	goruntime.ReadMemStats(&ms)
	allocs = ms.Mallocs
	b.ResetTimer()
	players := []rt.PlayerConfig{{Name: "p1", Deck: deck}, {Name: "p2", Deck: deck}}
	for i := 0; i < b.N; i++ {
		cfg := base
		cfg.Players = players
		cfg.Seed, cfg.Log = uint64(i), rt.LogConfig{Mode: rt.LogNone}
		if err := g.Reset(rules, cfg); err != nil {
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
	b.ReportMetric(sec*1e9/float64(decisions), "ns/decision")
}

func playGame(tb testing.TB, g *rt.Game, pol rt.Policy, turns int32) int {
	n := 0
	for {
		d := g.Advance()
		if d.Kind == rt.DecideGameOver || d.Kind == rt.DecideStuck || g.Turn() > turns {
			return n
		}
		if err := g.Submit(pol.Decide(g, d)); err != nil {
			tb.Fatalf("decision %d (%v): %v", n, d.Kind, err)
		}
		n++
	}
}
