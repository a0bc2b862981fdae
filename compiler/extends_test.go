package compiler

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestDelta: an edition over the default rules changes exactly what its
// delta says: an override (the player block), a removal (an sba), a step
// added after another, a clause added first in a step, and a renumbered
// citation; the rest is the base's, at the base's positions.
func TestDelta(t *testing.T) {
	srcs := defaultSources(t)
	for i := range srcs {
		srcs[i].Layer = 1
	}
	delta := `edition hand8 "eight cards" extends cr2017
renumber {
  "514.1" = "503.1a"
}
override player {
  life = 20
  max_hand_size = 8
  land_plays = 1
}
remove sba "704.5j"
add step second_upkeep "503.2" {
  no_priority "503.1"
} after upkeep
add action "504.2" {
  gain_life active, 1
} in draw first
`
	srcs = append(srcs, Source{Name: "hand8/hand8.mtg", Data: []byte(delta)})
	idx := index(t)
	p, err := Compile(srcs, map[string][]byte{"hand8": idx["cr2017"]})
	if err != nil {
		t.Fatal(err)
	}
	if p.Edition != "hand8" || p.Defaults.MaxHandSize != 8 || len(p.Extends) != 1 || p.Extends[0] != "cr2017" {
		t.Errorf("edition %s extends %v, hand size %d", p.Edition, p.Extends, p.Defaults.MaxHandSize)
	}
	for _, s := range p.SBAs {
		if s.Rules[0] == "704.5j" {
			t.Errorf("sba 704.5j was removed, but is at %s", s.Pos)
		}
	}
	var steps []string
	for _, st := range p.Phases[0].Steps {
		steps = append(steps, st.Name)
	}
	if d := cmp.Diff([]string{"untap", "upkeep", "second_upkeep", "draw"}, steps); d != "" {
		t.Errorf("beginning phase steps (-want +got):\n%s", d)
	}
	draw := p.Phases[0].Steps[3]
	if got := draw.Actions[0].Rules[0]; got != "504.2" || draw.Actions[0].Pos.File != "hand8/hand8.mtg" {
		t.Errorf("the draw step's first action is %s at %s", got, draw.Actions[0].Pos)
	}
	if got := draw.Actions[1].Pos.File; got != "rules/turn.mtg" {
		t.Errorf("the inherited draw action is at %s", got)
	}
	cleanup := false
	for _, c := range p.Cites {
		if c.Rule == "514.1" {
			t.Errorf("514.1 is renumbered, but cited at %s", c.Pos)
		}
		cleanup = cleanup || c.Rule == "503.1a" && c.Pos.File == "rules/turn.mtg" && c.What == "action"
	}
	if !cleanup || p.Renumber["514.1"] != "503.1a" {
		t.Errorf("the cleanup's 514.1 is not cited as 503.1a (renumber %v)", p.Renumber)
	}
	var ops []string
	for _, ch := range p.Changes {
		ops = append(ops, ch.Op+" "+ch.Identity)
	}
	want := []string{"override player", `remove sba "704.5j"`, "add step second_upkeep after upkeep", `add action "504.2" in draw`}
	if d := cmp.Diff(want, ops); d != "" {
		t.Errorf("changes (-want +got):\n%s", d)
	}
}
