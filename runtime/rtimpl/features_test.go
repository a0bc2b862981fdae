package rtimpl

import "testing"

// TestFeatureOf: each function FeatureOf names holds only for an object
// that has one of the features it gives (features), whatever else the
// object has: the guard the compiler derives from it never skips an sba
// that would match. Each function is tried on objects with every
// supertype and subtype bit, attached or not, with counters over a
// maximum or none, set one at a time and all at once; it must hold for
// some (the entry is not vacuous).
func TestFeatureOf(t *testing.T) {
	fns := map[string]func(Exec, ObjID) bool{
		"rt.ObjLegendary":     ObjLegendary,
		"rt.ObjWorld":         ObjWorld,
		"rt.ObjBasic":         ObjBasic,
		"rt.ObjAura":          ObjAura,
		"rt.ObjEquipment":     ObjEquipment,
		"rt.ObjFortification": ObjFortification,
		"g.Attached":          Exec.Attached,
		"g.OverCounterMax":    Exec.OverCounterMax,
	}
	if len(fns) != len(FeatureOf) {
		t.Fatalf("the test tries %d functions, FeatureOf names %d: add the new one", len(fns), len(FeatureOf))
	}
	capped := Face{Capped: 1 << 2}
	capped.CounterMax[2] = 1
	var objs []Object
	// Each object twice: with a face whose counters have no maximum, and
	// with one whose counters of kind 2 may be at most 1.
	add := func(o Object) {
		o.face = 0
		objs = append(objs, o)
		o.face = 1
		objs = append(objs, o)
	}
	for b := 0; b < 8; b++ {
		add(Object{Super: SuperSet(1 << b), AttachedTo: NoObj})
		add(Object{SubBits: 1 << b, AttachedTo: NoObj})
	}
	add(Object{AttachedTo: 0})
	over := Object{AttachedTo: NoObj}
	over.Counters[2] = 3
	add(over)
	all := Object{Super: ^SuperSet(0), SubBits: ^uint64(0), AttachedTo: 0, Flags: ^uint32(0)}
	all.Counters[2] = 3
	add(all)
	add(Object{AttachedTo: NoObj}) // nothing
	g := &Game{Objs: objs, faces: []Face{{}, capped}}
	for name, f := range fns {
		want, ok := FeatureOf[name]
		if !ok {
			t.Errorf("FeatureOf has no %s", name)
			continue
		}
		held := false
		for x := range g.Objs {
			if !f(g.exec(), ObjID(x)) {
				continue
			}
			held = true
			if features(&g.Objs[x], want) == 0 {
				t.Errorf("%s holds for object %d (%+v), which has none of its features %#x", name, x, g.Objs[x], want)
			}
		}
		if !held {
			t.Errorf("%s holds for none of the objects tried", name)
		}
	}
}
