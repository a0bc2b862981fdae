package engine_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
	"github.com/mtgc-dev/mtgc/sim"
)

// TestDamageDecisionsOwnBuffers: a damage decision's slices are the game's
// buffers (reused by its next damage decision), so a copy (Clone, CopyFrom)
// must hold its own: over random games, the copy made at each damage
// decision still has that decision after the original has gone on to its
// next one, and answering it in the copy plays as in the original.
func TestDamageDecisionsOwnBuffers(t *testing.T) {
	deck := sim.Vanilla(engine.Rules)
	seen := 0
	for seed := uint64(1); seed <= 40 && seen < 60; seed++ {
		g := new(rt.Game)
		cfg := rt.Config{Seed: seed, Players: []rt.PlayerConfig{{Name: "a", Deck: deck}, {Name: "b", Deck: deck}}}
		if err := g.Reset(engine.Rules, cfg); err != nil {
			t.Fatal(err)
		}
		pol := &rt.UniformPolicy{RNG: rt.RNG{State: seed}}
		var kept []*rt.Game
		var want []rt.Decision
		reused := new(rt.Game)
		for d := g.Advance(); d.Kind != rt.DecideGameOver && d.Kind != rt.DecideStuck && g.Turn() < 60; d = g.Advance() {
			if d.Kind == rt.DecideDamage {
				seen++
				c := g.Clone()
				reused.CopyFrom(g)
				kept = append(kept, c, reused.Clone())
				deep := d
				deep.From = append([]rt.ObjID(nil), d.From...)
				deep.Groups = nil
				for _, gr := range d.Groups {
					gr.From = append([]rt.ObjID(nil), gr.From...)
					deep.Groups = append(deep.Groups, gr)
				}
				want = append(want, deep, deep)
			}
			if err := g.Submit(pol.Decide(g, d)); err != nil {
				t.Fatal(err)
			}
		}
		for i, c := range kept {
			if diff := cmp.Diff(want[i], c.Pending()); diff != "" {
				t.Fatalf("seed %d: copy %d's damage decision changed:\n%s", seed, i, diff)
			}
			a := c.DefaultDamage(c.Pending())
			if err := c.Submit(a); err != nil {
				t.Fatalf("seed %d: copy %d: %v", seed, i, err)
			}
		}
	}
	if seen < 10 {
		t.Fatalf("only %d damage decisions", seen)
	}
}

// TestDamageDecisionsAllocateNothing: once the buffers have grown,
// dividing combat damage (the decision, DefaultDamage, Submit) allocates
// nothing.
func TestDamageDecisionsAllocateNothing(t *testing.T) {
	deck := sim.Vanilla(engine.Rules)
	g := new(rt.Game)
	for seed := uint64(1); seed <= 40; seed++ {
		cfg := rt.Config{Seed: seed, Players: []rt.PlayerConfig{{Name: "a", Deck: deck}, {Name: "b", Deck: deck}}}
		if err := g.Reset(engine.Rules, cfg); err != nil {
			t.Fatal(err)
		}
		pol := &rt.UniformPolicy{RNG: rt.RNG{State: seed}}
		for d := g.Advance(); d.Kind != rt.DecideGameOver && d.Kind != rt.DecideStuck && g.Turn() < 60; d = g.Advance() {
			if d.Kind == rt.DecideDamage {
				s := g.Clone()
				s.CopyFrom(g)
				s.Submit(s.DefaultDamage(s.Pending())) // grow the buffers
				n := testing.AllocsPerRun(20, func() {
					s.CopyFrom(g)
					if err := s.Submit(s.DefaultDamage(s.Pending())); err != nil {
						t.Fatal(err)
					}
				})
				if n != 0 {
					t.Fatalf("seed %d: a damage decision answered allocates %.1f times", seed, n)
				}
				return
			}
			if err := g.Submit(pol.Decide(g, d)); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no damage decision")
}
