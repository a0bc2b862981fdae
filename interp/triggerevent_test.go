package interp_test

import (
	"testing"

	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestEditionAddsTriggerEvent: an edition adds a trigger event, and what
// an ability does, as declarations, with no Go: "whenever this becomes
// tapped" (one of the runtime's events, tap), and "at the beginning of a
// step, if this is tapped" remembering a number its effect reads. The
// runtime matches them against the events it logs; the abilities go on the
// stack and resolve through the ordinary priority loop.
func TestEditionAddsTriggerEvent(t *testing.T) {
	const src = `edition cr2017 "t"
trigger_event becomes_tapped "116.2a" on tap (object x)
trigger_event begin_tapped "116.2a" on begin (source w, segment s) if w.tapped = 3
effect gain_remembered "116.4" () {
  gain_life game.ability_controller, game.trigger_value
}
`
	_, r, g := cr2017With(t, "tapped.mtg", src)
	tapped, begin := r.TriggerEventIndex("becomes_tapped"), r.TriggerEventIndex("begin_tapped")
	gain, remembered := r.EffectIndex("gain"), r.EffectIndex("gain_remembered")
	if tapped == 0 || begin == 0 || gain < 0 || remembered < 0 {
		t.Fatalf("the rules' trigger events %v and effects %v lack the edition's", r.TriggerEventNames(), r.EffectNames())
	}
	x, err := g.Create(rt.Card{Name: "Relic", Types: r.Types("artifact"), Triggers: []rt.Trigger{
		{Triggered: rt.Triggered{Label: "on tap", Event: tapped, Effect: int16(gain + 1), Args: [rt.MaxStackArgs]int32{2}}},
		{Triggered: rt.Triggered{Label: "upkeep", Event: begin, Segment: "upkeep", Effect: int16(remembered + 1)}},
	}}, 0, rt.ZoneBattlefield)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.StartAt(1, 0, "precombat_main"); err != nil {
		t.Fatal(err)
	}
	settle := func() {
		for i := 0; i < 20 && len(g.Stack)+len(g.Waiting) > 0; i++ {
			if d := g.Advance(); d.Kind != rt.DecidePriority {
				t.Fatalf("waiting for %v, want priority", d.Kind)
			}
			if err := g.Submit(rt.Answer{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	g.Advance()
	rt.Exec{Game: g}.Tap(x, "116.2a")
	if len(g.Waiting) != 1 {
		t.Fatalf("%d abilities wait after the tap, want 1 (on tap)", len(g.Waiting))
	}
	settle()
	if life := g.Players[0].Life; life != 22 {
		t.Errorf("life %d after the tap trigger resolved, want 22", life)
	}
	// Still tapped as an upkeep begins: the second ability triggers,
	// remembering 3 (the trigger event's value), and gains that.
	if err := g.StartAt(3, 0, "upkeep"); err != nil {
		t.Fatal(err)
	}
	if d := g.Advance(); d.Kind != rt.DecidePriority || len(g.Stack) != 1 || g.Stack[0].Value != 3 {
		t.Fatalf("as the upkeep begins: %v, stack %+v, want the upkeep ability with 3 on the stack", d.Kind, g.Stack)
	}
	settle()
	if life := g.Players[0].Life; life != 25 {
		t.Errorf("life %d after the upkeep trigger resolved, want 25", life)
	}
	// Untapped, it does not trigger at the next upkeep.
	rt.Exec{Game: g}.Untap(x, "502.2")
	if err := g.StartAt(5, 0, "upkeep"); err != nil {
		t.Fatal(err)
	}
	g.Advance()
	if n := len(g.Stack) + len(g.Waiting); n != 0 {
		t.Errorf("%d abilities triggered at an upkeep with the relic untapped, want 0", n)
	}
}
