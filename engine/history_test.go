package engine_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestTurnHistory checks the queries timings read (began, ended, during)
// through a turn played step by step, a skipped combat phase and StartAt.
func TestTurnHistory(t *testing.T) {
	seg := func(name string) (int, int) {
		for pi, ph := range engine.Rules.Phases {
			if ph.Name == name {
				return pi, -1
			}
			for si, st := range ph.Steps {
				if st.Name == name && !ph.Implicit {
					return pi, si
				}
			}
		}
		t.Fatalf("no step or phase %s", name)
		return 0, 0
	}
	type state struct{ Began, Ended, During []string }
	names := []string{"beginning", "upkeep", "precombat_main", "combat", "beginning_of_combat", "declare_attackers", "declare_blockers", "postcombat_main"}
	look := func(g *rt.Game) state {
		var s state
		for _, n := range names {
			p, st := seg(n)
			if (rt.Exec{Game: g}).Began(p, st) {
				s.Began = append(s.Began, n)
			}
			if (rt.Exec{Game: g}).Ended(p, st) {
				s.Ended = append(s.Ended, n)
			}
			if (rt.Exec{Game: g}).During(p, st) {
				s.During = append(s.During, n)
			}
		}
		return s
	}
	newGame := func() *rt.Game {
		g, err := rt.New(engine.Rules, rt.Config{Players: []rt.PlayerConfig{{Name: "p1", Deck: filler(5)}, {Name: "p2", Deck: filler(5)}}, NoOpeningHand: true, NoShuffle: true})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	// Pass priority until the game is in the named step.
	reach := func(g *rt.Game, step string) {
		for i := 0; i < 200; i++ {
			d := g.Advance()
			if g.CurrentStep() == step && d.Kind == rt.DecidePriority {
				return
			}
			if err := g.Submit(rt.PassPolicy{}.Decide(g, d)); err != nil {
				t.Fatal(err)
			}
		}
		t.Fatalf("never reached %s", step)
	}

	g := newGame()
	if err := g.StartAt(2, 0, "upkeep"); err != nil {
		t.Fatal(err)
	}
	reach(g, "upkeep")
	want := state{Began: []string{"beginning", "upkeep"}, During: []string{"beginning", "upkeep"}}
	if d := cmp.Diff(want, look(g)); d != "" {
		t.Errorf("in the upkeep (-want +got):\n%s", d)
	}
	reach(g, "beginning_of_combat")
	want = state{
		Began:  []string{"beginning", "upkeep", "precombat_main", "combat", "beginning_of_combat"},
		Ended:  []string{"beginning", "upkeep", "precombat_main"},
		During: []string{"combat", "beginning_of_combat"},
	}
	if d := cmp.Diff(want, look(g)); d != "" {
		t.Errorf("in the beginning of combat step (-want +got):\n%s", d)
	}
	// No creature: no attackers, so the declare blockers step is skipped
	// and never begins.
	reach(g, "postcombat_main")
	want = state{
		Began:  []string{"beginning", "upkeep", "precombat_main", "combat", "beginning_of_combat", "declare_attackers", "postcombat_main"},
		Ended:  []string{"beginning", "upkeep", "precombat_main", "combat", "beginning_of_combat", "declare_attackers"},
		During: []string{"postcombat_main"},
	}
	if d := cmp.Diff(want, look(g)); d != "" {
		t.Errorf("in the postcombat main phase (-want +got):\n%s", d)
	}
	// The next turn (p2's) starts over; a skipped combat phase never begins.
	reach(g, "upkeep")
	rt.Exec{Game: g}.AddSkip(1, "combat")
	reach(g, "postcombat_main")
	want = state{
		Began:  []string{"beginning", "upkeep", "precombat_main", "postcombat_main"},
		Ended:  []string{"beginning", "upkeep", "precombat_main"},
		During: []string{"postcombat_main"},
	}
	if d := cmp.Diff(want, look(g)); d != "" {
		t.Errorf("turn 3, combat skipped (-want +got):\n%s", d)
	}
	// StartAt assumes the steps before it happened.
	g = newGame()
	if err := g.StartAt(2, 0, "declare_attackers"); err != nil {
		t.Fatal(err)
	}
	want = state{
		Began:  []string{"beginning", "upkeep", "precombat_main", "combat", "beginning_of_combat"},
		Ended:  []string{"beginning", "upkeep", "precombat_main", "beginning_of_combat"},
		During: []string{"combat", "declare_attackers"},
	}
	if d := cmp.Diff(want, look(g)); d != "" {
		t.Errorf("after StartAt declare_attackers (-want +got):\n%s", d)
	}
}
