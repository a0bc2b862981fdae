package rtimpl

import "testing"

// TestMayTrigger: with rules whose only keyword trigger waits on keyword
// 2, an object may trigger when it has keyword 2 printed, given by an
// effect or kept as it left, or a trigger of its own; not otherwise. An
// effect giving keyword 2 wakes the matching of events (withTriggers)
// even when nothing could trigger before.
func TestMayTrigger(t *testing.T) {
	r := &Rules{KeywordTriggers: []KeywordTrigger{{Keyword: 2, Trigger: Trigger{Triggered: Triggered{Event: 1}}}}, TriggerEvents: []TriggerEvent{{}}}
	g := &Game{Rules: r, Objs: []Object{{}, {Keywords: 1 << 2}, {lkiKeywords: 1 << 2}, {Keywords: 1 << 1}, {face: 1}}}
	g.faces = []Face{{}, {Triggers: []Trigger{{Triggered: Triggered{Event: 1}}}}}
	want := []bool{false, true, true, false, true}
	for x, w := range want {
		if got := g.mayTrigger(&g.Objs[x], ObjID(x)); got != w {
			t.Errorf("object %d: mayTrigger %v, want %v", x, got, w)
		}
	}
	Exec{Game: g}.AddEffect(Effect{Target: 3, Keywords: 1 << 1}) // a keyword nothing waits on
	if g.mayTrigger(&g.Objs[3], 3) || g.withTriggers != 0 {
		t.Errorf("an effect giving keyword 1: mayTrigger %v, withTriggers %d", g.mayTrigger(&g.Objs[3], 3), g.withTriggers)
	}
	Exec{Game: g}.AddEffect(Effect{Target: 0, Keywords: 1 << 2})
	if !g.mayTrigger(&g.Objs[0], 0) || g.withTriggers == 0 {
		t.Errorf("an effect giving keyword 2: mayTrigger %v, withTriggers %d", g.mayTrigger(&g.Objs[0], 0), g.withTriggers)
	}
	// Rules with no keyword trigger: only an object's own triggers count.
	g2 := &Game{Rules: &Rules{}, Objs: []Object{{Keywords: 1 << 2}}, faces: []Face{{}}}
	if g2.mayTrigger(&g2.Objs[0], 0) {
		t.Error("no keyword trigger in the rules, yet a keyword may trigger")
	}
}
