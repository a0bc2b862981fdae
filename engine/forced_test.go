package engine_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
	"github.com/mtgc-dev/mtgc/sim"
)

// forcedDecks are the decks of the forced-decision tests: the sample
// decks (abilities, instants, combat keywords) and the vanilla one.
var forcedDecks = [][2][]rt.Card{
	{rt.SampleDeck(engine.Rules, "green"), rt.SampleDeck(engine.Rules, "red")},
	{sim.Vanilla(engine.Rules), sim.Vanilla(engine.Rules)},
}

// TestForcedIsOneOption: at every decision of random games, Forced says
// whether Options (grouped or not) lists the pass alone, with and without
// tap-mana options; Options lists no tap-mana option under NoTapOptions.
func TestForcedIsOneOption(t *testing.T) {
	for _, notap := range []bool{false, true} {
		for di, decks := range forcedDecks {
			for seed := uint64(1); seed <= 12; seed++ {
				g, err := rt.New(engine.Rules, rt.Config{
					Players:      []rt.PlayerConfig{{Name: "p1", Deck: decks[0]}, {Name: "p2", Deck: decks[1]}},
					Seed:         seed,
					Log:          rt.LogConfig{Mode: rt.LogNone},
					NoTapOptions: notap,
				})
				if err != nil {
					t.Fatal(err)
				}
				pol := &rt.UniformPolicy{RNG: rt.RNG{State: seed}}
				forced := 0
				for n := 0; n < 3000 && g.TurnNum <= 40; n++ {
					d := g.Advance()
					if d.Kind == rt.DecideGameOver || d.Kind == rt.DecideStuck {
						break
					}
					flat, grouped := g.Options(nil, false), g.Options(nil, true)
					want := d.Kind == rt.DecidePriority && len(flat) == 1
					if got := g.Forced(); got != want || want && len(grouped) != 1 {
						t.Fatalf("notap %v, decks %d, seed %d, decision %d (%v): Forced %v, %d options %v", notap, di, seed, n, d.Kind, got, len(flat), flat)
					}
					if want {
						forced++
					}
					for _, o := range flat {
						if notap && o.Kind == rt.TapMana {
							t.Fatalf("a tap-mana option under NoTapOptions: %v", o)
						}
					}
					if err := g.Submit(pol.Decide(g, d)); err != nil {
						t.Fatalf("seed %d: %v", seed, err)
					}
				}
				if forced == 0 {
					t.Errorf("notap %v, decks %d, seed %d: no decision was forced", notap, di, seed)
				}
			}
		}
	}
}

// TestAutoPassSameTrace: with Config.AutoPass, Advance answers the forced
// passes itself, and the game's trace is byte for byte the one of a host
// that is asked every pass and passes (the uniform policy draws nothing
// for a forced pass), with and without tap-mana options.
func TestAutoPassSameTrace(t *testing.T) {
	for _, notap := range []bool{false, true} {
		for di, decks := range forcedDecks {
			for seed := uint64(1); seed <= 25; seed++ {
				var traces [2]string
				var asked [2]int
				for i, auto := range []bool{false, true} {
					g, err := rt.New(engine.Rules, rt.Config{
						Players:      []rt.PlayerConfig{{Name: "p1", Deck: decks[0]}, {Name: "p2", Deck: decks[1]}},
						Seed:         seed,
						AutoPass:     auto,
						NoTapOptions: notap,
					})
					if err != nil {
						t.Fatal(err)
					}
					pol := &rt.UniformPolicy{RNG: rt.RNG{State: seed * 7}}
					for g.TurnNum <= 30 {
						d := g.Advance()
						if d.Kind == rt.DecideGameOver || d.Kind == rt.DecideStuck {
							break
						}
						asked[i]++
						if err := g.Submit(pol.Decide(g, d)); err != nil {
							t.Fatalf("seed %d: %v", seed, err)
						}
					}
					var b strings.Builder
					for _, e := range g.Log {
						fmt.Fprintln(&b, g.Format(e))
					}
					fmt.Fprintf(&b, "over %v winner %d turn %d\n", g.Over(), g.Winner(), g.TurnNum)
					traces[i] = b.String()
				}
				if traces[0] != traces[1] {
					a, b := strings.Split(traces[0], "\n"), strings.Split(traces[1], "\n")
					for i := 0; i < min(len(a), len(b)); i++ {
						if a[i] != b[i] {
							t.Fatalf("notap %v, decks %d, seed %d: line %d differs:\nevery pass: %s\nauto pass:  %s", notap, di, seed, i+1, a[i], b[i])
						}
					}
					t.Fatalf("notap %v, decks %d, seed %d: traces of %d and %d lines", notap, di, seed, len(a), len(b))
				}
				if asked[1] >= asked[0] {
					t.Errorf("notap %v, decks %d, seed %d: AutoPass asked %d decisions, every pass %d", notap, di, seed, asked[1], asked[0])
				}
			}
		}
	}
}
