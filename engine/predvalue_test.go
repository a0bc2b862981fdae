package engine_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestPredValue: a value predicate called by name (assigns_damage(a),
// lethal_damage(s, b)) is the value of the rules' first predicate of the
// kind; a kind that is not a number of that many objects, or out of range
// (a loaded state's), or no object, gives 0 rather than a panic.
func TestPredValue(t *testing.T) {
	g, ids := combatAt(t, [2][]rt.Card{
		{{Name: "A", Types: engine.Rules.Types("creature"), Power: 3, Toughness: 2}},
		{{Name: "B", Types: engine.Rules.Types("creature"), Power: 1, Toughness: 4}},
	})
	g.Obj(ids[1][0]).Damage = 1
	a, b := ids[0][0], ids[1][0]
	x := rt.Exec{Game: g}
	got := map[string]int32{
		"assigns_damage(a)":     x.PredValue(kind("assigns_damage"), a),
		"lethal_damage(a, b)":   x.PredValue2(kind("lethal_damage"), a, b),
		"assigns_damage(a, b)":  x.PredValue2(kind("assigns_damage"), a, b),
		"lethal_damage(a)":      x.PredValue(kind("lethal_damage"), a),
		"trample(a)":            x.PredValue(kind("trample"), a),
		"defender_of(a)":        x.PredValue(kind("defender_of"), a),
		"out of range":          x.PredValue(rt.PredKind(200), a),
		"out of range 2":        x.PredValue2(rt.PredKind(200), a, b),
		"assigns_damage(none)":  x.PredValue(kind("assigns_damage"), rt.NoObj),
		"lethal_damage(a, 999)": x.PredValue2(kind("lethal_damage"), a, 999),
	}
	want := map[string]int32{
		"assigns_damage(a)":   3,
		"lethal_damage(a, b)": 3, // toughness 4, 1 damage marked (cr2017)
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			want[k] = 0
		}
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}
