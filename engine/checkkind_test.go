package engine_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestCheckKeysOnKind: after Check accepts a declaration, Submit with the
// same objects but another answer kind is refused, as it is without the
// check remembered.
func TestCheckKeysOnKind(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		g, err := rt.New(engine.Rules, sampleConfig(seed, rt.LogConfig{}))
		if err != nil {
			t.Fatal(err)
		}
		pol := &rt.UniformPolicy{RNG: rt.RNG{State: seed}}
		for g.TurnNum <= 12 {
			d := g.Advance()
			if d.Kind == rt.DecideGameOver || d.Kind == rt.DecideStuck {
				break
			}
			a := pol.Decide(g, d)
			if (d.Kind == rt.DecideAttackers || d.Kind == rt.DecideBlockers) && a.Kind == rt.Declare {
				if err := g.Check(a); err != nil {
					t.Fatalf("seed %d: the policy's declaration fails Check: %v", seed, err)
				}
				for _, k := range []rt.AnswerKind{rt.Pass, rt.Cast, 7, 255} {
					b := a
					b.Kind = k
					if err := g.Submit(b); err == nil {
						t.Fatalf("seed %d: after Check accepted a declaration, Submit accepted it with kind %d", seed, k)
					}
				}
				if err := g.Submit(a); err != nil {
					t.Fatalf("seed %d: the checked declaration was refused: %v", seed, err)
				}
				return
			}
			if err := g.Submit(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no declaration met in 20 games")
}
