package sim_test

import (
	"fmt"
	goruntime "runtime"
	"testing"
	"time"

	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime"
	"github.com/mtgc-dev/mtgc/sim"
)

// BenchmarkBoard plays the vanilla game (issue 23's workload: uniform over
// the real choices, no tap-mana options, forced passes answered by
// Advance) from a board where each player starts with N untapped 2/2
// creatures and N Forests on the battlefield, for 6 turns or until the
// game ends: the cost model against the board's size. It reports ns per
// decision, ns per attack and per block declaration (the policy's answer,
// Submit and the Advance that makes it) and allocations per decision
// (after a first game, not measured, has grown the buffers).
func BenchmarkBoard(b *testing.B) {
	for _, n := range []int{0, 5, 20, 50, 100, 200} {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) { benchBoard(b, n) })
	}
}

// boardConfig is the runtime's options of BenchmarkBoard.
var boardConfig = rt.Config{AutoPass: true, NoTapOptions: true}

func setupBoard(b testing.TB, g *rt.Game, deck []rt.Card, n int, seed uint64) {
	forest, bear := deck[0], deck[len(deck)-1] // the deck's own cards
	cfg := boardConfig
	cfg.Players = []rt.PlayerConfig{{Name: "p1", Deck: deck}, {Name: "p2", Deck: deck}}
	cfg.Seed, cfg.Log = seed, rt.LogConfig{Mode: rt.LogNone}
	if err := g.Reset(engine.Rules, cfg); err != nil {
		b.Fatal(err)
	}
	for p := 0; p < 2; p++ {
		for i := 0; i < n; i++ {
			for _, c := range []rt.Card{bear, forest} {
				_, err := g.Create(c, p, rt.ZoneBattlefield)
				if err != nil {
					b.Fatal(err)
				}
			}
		}
	}
}

func benchBoard(b *testing.B, n int) {
	pol := &rt.UniformPolicy{RNG: rt.RNG{State: 1}}
	g := new(rt.Game)
	deck := sim.Vanilla(engine.Rules)
	var decisions, attacks, blocks, allocs uint64
	var inDecl [2]time.Duration
	var ms goruntime.MemStats
	// One game first, not measured: the reused Game's and policy's
	// buffers grow to the board's size (allocs/decision is of the steady
	// state, every game after it).
	setupBoard(b, g, deck, n, ^uint64(0))
	for d := g.Advance(); d.Kind != rt.DecideGameOver && d.Kind != rt.DecideStuck && g.Turn() <= 6; d = g.Advance() {
		if err := g.Submit(pol.Decide(g, d)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		setupBoard(b, g, deck, n, uint64(i))
		goruntime.ReadMemStats(&ms)
		before := ms.Mallocs
		b.StartTimer()
		d := g.Advance()
		for d.Kind != rt.DecideGameOver && d.Kind != rt.DecideStuck && g.Turn() <= 6 {
			var t0 time.Time
			decl := d.Kind == rt.DecideAttackers || d.Kind == rt.DecideBlockers
			if decl {
				t0 = time.Now()
			}
			if err := g.Submit(pol.Decide(g, d)); err != nil {
				b.Fatalf("decision %d (%v): %v", decisions, d.Kind, err)
			}
			decisions++
			next := g.Advance()
			if decl {
				k := 0
				if d.Kind == rt.DecideBlockers {
					k = 1
				}
				inDecl[k] += time.Since(t0)
				if k == 0 {
					attacks++
				} else {
					blocks++
				}
			}
			d = next
		}
		b.StopTimer()
		goruntime.ReadMemStats(&ms)
		allocs += ms.Mallocs - before
		b.StartTimer()
	}
	b.StopTimer()
	sec := b.Elapsed().Seconds()
	b.ReportMetric(sec*1e9/float64(decisions), "ns/decision")
	if attacks > 0 {
		b.ReportMetric(float64(inDecl[0].Nanoseconds())/float64(attacks), "ns/attack")
	}
	if blocks > 0 {
		b.ReportMetric(float64(inDecl[1].Nanoseconds())/float64(blocks), "ns/block")
	}
	b.ReportMetric(float64(allocs)/float64(decisions), "allocs/decision")
	b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
}
