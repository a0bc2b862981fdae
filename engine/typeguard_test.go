package engine_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestTypeGuards: the evaluator's card-type shortcuts (a predicate's
// TypeGuard, and a kind's union of them) change no answer. At every
// decision of random games with the sample decks (instants, abilities,
// creatures, lands), every kind of one object that gives a condition is
// asked of every object through Exec.Holds and recomputed by calling
// every predicate of the kind, guards ignored.
func TestTypeGuards(t *testing.T) {
	guarded := 0
	for i := range engine.Rules.Predicates {
		if engine.Rules.Predicates[i].TypeGuard != 0 {
			guarded++
		}
	}
	if guarded == 0 {
		t.Fatal("no predicate of the rules has a type guard: nothing to test")
	}
	for seed := uint64(1); seed <= 6; seed++ {
		g, err := rt.New(engine.Rules, rt.Config{
			Players: []rt.PlayerConfig{{Name: "p1", Deck: rt.SampleDeck(engine.Rules, "green")}, {Name: "p2", Deck: rt.SampleDeck(engine.Rules, "red")}},
			Seed:    seed,
			Log:     rt.LogConfig{Mode: rt.LogNone},
		})
		if err != nil {
			t.Fatal(err)
		}
		pol := &rt.UniformPolicy{RNG: rt.RNG{State: seed}}
		e := rt.Exec{Game: g}
		asked := 0
		for n := 0; n < 1500 && g.TurnNum <= 30; n++ {
			d := g.Advance()
			if d.Kind == rt.DecideGameOver || d.Kind == rt.DecideStuck {
				break
			}
			for i := 1; i < len(g.Rules.Kinds); i++ {
				k, s := rt.PredKind(i), &g.Rules.Kinds[i]
				if s.Params != 1 || s.Value {
					continue
				}
				for x := range g.Objs {
					want, any := s.All, false
					for i := range g.Rules.Predicates {
						if p := &g.Rules.Predicates[i]; p.Kind == k {
							any = true
							if h := p.Test(e, rt.ObjID(x)); s.All {
								want = want && h
							} else if h {
								want = true
							}
						}
					}
					if !any {
						want = s.All
					}
					if got := e.Holds(k, rt.ObjID(x)); got != want {
						t.Fatalf("seed %d, decision %d: holds(%s, object %d) = %v, calling every predicate %v", seed, n, s.Name, x, got, want)
					}
					asked++
				}
			}
			if err := g.Submit(pol.Decide(g, d)); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
		if asked == 0 {
			t.Fatalf("seed %d: nothing asked", seed)
		}
	}
}
