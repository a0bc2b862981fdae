package engine_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// triggerGame is the 20-permanent bench game where one permanent of each
// player has a triggered ability: p1's "whenever this becomes untapped,
// gain 1 life", p2's "at the beginning of your upkeep, gain 1 life". Every
// event of a turn is matched against the rules' trigger events; each turn
// one ability triggers, goes on the stack and resolves.
func triggerGame(tb testing.TB) *rt.Game {
	g := newBench(tb, 20)
	r := engine.Rules
	gain := int16(r.EffectIndex("gain") + 1)
	untap, yours := r.TriggerEventIndex("untap"), r.TriggerEventIndex("your_begin")
	if gain == 0 || untap == 0 || yours == 0 {
		tb.Fatalf("the rules lack the effect gain or the trigger events untap, your_begin (%v)", r.TriggerEventNames())
	}
	var mine, theirs bool
	for _, x := range g.Battlefield {
		o := g.Obj(x)
		e := rt.Exec{Game: g}
		f := e.Face(x)
		switch {
		case o.Owner == 0 && !mine:
			f.Triggers = []rt.Trigger{{Triggered: rt.Triggered{Label: "untap", Event: untap, Effect: gain, Args: [rt.MaxStackArgs]int32{1}}}}
			e.SetFace(x, f)
			mine = true
		case o.Owner == 1 && !theirs:
			f.Triggers = []rt.Trigger{{Triggered: rt.Triggered{Label: "upkeep", Event: yours, Segment: "upkeep", Effect: gain, Args: [rt.MaxStackArgs]int32{1}}}}
			e.SetFace(x, f)
			theirs = true
		}
	}
	g.Touch()
	return g
}

// TestTriggeredTurnAllocatesNothing: matching the event stream against the
// trigger events, and the abilities that trigger going on the stack and
// resolving, allocate nothing in the steady state.
func TestTriggeredTurnAllocatesNothing(t *testing.T) {
	g := triggerGame(t)
	recycle(g) // every permanent tapped: the active player's untap
	life := g.P(0).Life + g.P(1).Life
	playTurn(t, g)
	recycle(g)
	playTurn(t, g)
	recycle(g)
	if got := g.P(0).Life + g.P(1).Life; got != life+2 {
		t.Fatalf("life totals %d after two turns, want %d: each turn's ability resolves once", got, life+2)
	}
	allocs := testing.AllocsPerRun(50, func() {
		playTurn(t, g)
		recycle(g)
	})
	if allocs != 0 {
		t.Errorf("a turn with triggers allocates %.1f times, want 0", allocs)
	}
}

// BenchmarkTurnTriggers: one whole turn of the 20-permanent game with an
// untap and an upkeep trigger (see triggerGame).
func BenchmarkTurnTriggers(b *testing.B) {
	g := triggerGame(b)
	playTurn(b, g)
	playTurn(b, g)
	recycle(g)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		playTurn(b, g)
		recycle(g)
	}
}
