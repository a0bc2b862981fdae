package engine_test

import (
	"strings"
	"testing"

	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// stepID is the StepID of the rules' step called name.
func stepID(t *testing.T, name string) rt.StepID {
	t.Helper()
	ref, ok := engine.Rules.FindStep(name)
	if !ok {
		t.Fatalf("no step %s", name)
	}
	return rt.StepID(ref.Phase*16 + ref.Step)
}

func pass(t *testing.T, g *rt.Game) {
	t.Helper()
	if err := g.Submit(rt.Answer{Kind: rt.Pass}); err != nil {
		t.Fatal(err)
	}
}

// TestGoToStep: go_to_step ends the current step at once and goes on with
// the named step, what lies between logged as skipped; with no such step
// left in the turn (a step already past), or no such step at all, it does
// nothing and the turn goes on as before.
func TestGoToStep(t *testing.T) {
	start := func(step string) *rt.Game {
		g, err := rt.New(engine.Rules, rt.Config{Players: []rt.PlayerConfig{{Name: "p1", Deck: filler(5)}, {Name: "p2", Deck: filler(5)}}, NoOpeningHand: true, NoShuffle: true})
		if err != nil {
			t.Fatal(err)
		}
		if err := g.StartAt(2, 0, step); err != nil {
			t.Fatal(err)
		}
		if d := g.Advance(); d.Kind != rt.DecidePriority || g.CurrentStep() != step {
			t.Fatalf("at %s: %v in %s", step, d.Kind, g.CurrentStep())
		}
		return g
	}
	skipped := func(g *rt.Game, from int) []string {
		var s []string
		for _, e := range g.Log[from:] {
			if e.Kind == rt.EvSkip {
				s = append(s, e.Name)
			}
		}
		return s
	}

	// From the upkeep to the end step: the draw step, both main phases
	// and combat are skipped; no one receives priority in the upkeep again.
	g := start("upkeep")
	n := len(g.Log)
	(rt.Exec{Game: g}).GoToStep(stepID(t, "end"), "t")
	pass(t, g) // (as a resolution would: the step ends at the next transition)
	if d := g.Advance(); d.Kind != rt.DecidePriority || g.CurrentStep() != "end" || g.TurnNum != 2 {
		t.Fatalf("after go_to_step end: %v in %s, turn %d", d.Kind, g.CurrentStep(), g.TurnNum)
	}
	if got, want := strings.Join(skipped(g, n), " "), "draw precombat_main combat postcombat_main"; got != want {
		t.Errorf("skipped %q, want %q", got, want)
	}

	// A step already past this turn, and no step at all: nothing happens.
	for _, s := range []rt.StepID{stepID(t, "upkeep"), 15*16 + 15} {
		g := start("end")
		(rt.Exec{Game: g}).GoToStep(s, "t")
		pass(t, g)
		if d := g.Advance(); d.Kind != rt.DecidePriority || g.CurrentStep() != "end" || g.TurnNum != 2 {
			t.Errorf("go_to_step %d in the end step: %v in %s, turn %d; want p2's priority in the end step", s, d.Kind, g.CurrentStep(), g.TurnNum)
		}
	}

	// To the step it is in, with none later: a new one begins (the step
	// ends, its end logged, and begins again).
	g = start("end")
	n = len(g.Log)
	(rt.Exec{Game: g}).GoToStep(stepID(t, "end"), "t")
	pass(t, g)
	g.Advance()
	begins := 0
	for _, e := range g.Log[n:] {
		if e.Kind == rt.EvBeginStep && e.Name == "end" {
			begins++
		}
	}
	if begins != 1 || g.CurrentStep() != "end" || len(skipped(g, n)) != 0 {
		t.Errorf("go_to_step end in the end step: %d new end steps, in %s, skipped %v", begins, g.CurrentStep(), skipped(g, n))
	}
}
