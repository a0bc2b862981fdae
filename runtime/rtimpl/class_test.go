package rtimpl

import "testing"

// TestSameClass: an object differing from another in any one
// characteristic is not sameClass, and derive gives it another class;
// copies of one object share theirs, after other objects or not.
func TestSameClass(t *testing.T) {
	subs, trig, abil := []string{"bear"}, []Trigger{{}}, []Ability{{}}
	baseFace := Face{Name: "Bear", Subtypes: subs, Triggers: trig, Abilities: abil, Cost: Cost{Generic: 1, Colored: Mana{Green: 1}}}
	base := Object{Types: TypeSet(1 << 1), Power: 2, Toughness: 2}
	changes := map[string]func(o *Object){
		"Types": func(o *Object) { o.Types = TypeSet(1 << 0) },
		"Super": func(o *Object) { o.Super = SuperBasic }, "Timing": func(o *Object) { o.Timing = 1 },
		"Copy":  func(o *Object) { o.Copy = CardCopy },
		"Power": func(o *Object) { o.Power = 3 }, "Toughness": func(o *Object) { o.Toughness = 3 },
		"Keywords": func(o *Object) { o.Keywords = 1 }, "SubBits": func(o *Object) { o.SubBits = 1 },
		"Enchant": func(o *Object) { o.Enchant = TypeSet(1 << 1) },
		"Token":   func(o *Object) { o.Token = true },
	}
	faceChanges := map[string]func(f *Face){
		"Name": func(f *Face) { f.Name = "Wolf" }, "Subtypes": func(f *Face) { f.Subtypes = []string{"wolf"} },
		"more Subtypes": func(f *Face) { f.Subtypes = []string{"bear", "wolf"} },
		"Triggers":      func(f *Face) { f.Triggers = nil }, "Abilities": func(f *Face) { f.Abilities = nil },
		"other Triggers": func(f *Face) { f.Triggers = []Trigger{{}} },
		"Cost":           func(f *Face) { f.Cost.Generic = 2 }, "AttackCost": func(f *Face) { f.AttackCost.Generic = 1 },
		"BlockCost": func(f *Face) { f.BlockCost.Colored[Red] = 1 },
		"Capped":    func(f *Face) { f.Capped = 1 }, "CounterMax": func(f *Face) { f.CounterMax[1] = 3 },
	}
	for name, change := range faceChanges {
		f := baseFace
		change(&f)
		changes[name] = func(o *Object) { o.face = 1 }
		g := &Game{}
		if g.internFace(&baseFace) != 0 || g.internFace(&f) != 1 || g.internFace(&baseFace) != 0 || g.internFace(&f) != 1 {
			t.Errorf("%s: internFace does not tell the faces apart", name)
		}
	}
	g := &Game{}
	if g.internFace(&baseFace) != 0 || g.internFace(&Face{Name: "Bear", Subtypes: []string{"bear"}, Triggers: trig, Abilities: abil, Cost: baseFace.Cost}) != 0 {
		t.Errorf("equal subtypes in another slice: another face")
	}
	a := base
	if b := base; !sameClass(&a, &b) {
		t.Fatal("two copies of one object are not of one class")
	}
	for name, change := range changes {
		b := base
		change(&b)
		if sameClass(&a, &b) {
			t.Errorf("%s: sameClass does not compare it", name)
		}
		g := &Game{Objs: []Object{base, b, base, b, b}}
		for x := range g.Objs {
			g.derive(ObjID(x))
		}
		o := g.Objs
		if o[0].class == o[1].class || o[0].class != o[2].class || o[1].class != o[3].class || o[3].class != o[4].class {
			t.Errorf("%s: classes %d %d %d %d %d: want a b a b b", name, o[0].class, o[1].class, o[2].class, o[3].class, o[4].class)
		}
	}
}

// TestDeriveAll: the classes of deriveAll (one pass, the classes found so
// far tried, the last used first) are those of derive object by object,
// on random objects drawn from a few shapes (three faces), with stale classes before
// and something on the scratch stack that must stay.
func TestDeriveAll(t *testing.T) {
	rng := RNG{State: 31}
	for trial := 0; trial < 2000; trial++ {
		n := rng.Intn(40)
		objs := make([]Object, n)
		for i := range objs {
			objs[i] = Object{face: uint32(rng.Intn(3)), Power: int32(rng.Intn(2)), Toughness: int32(rng.Intn(2)),
				Tapped: rng.Intn(2) == 0, class: uint32(rng.Intn(50))}
		}
		want := &Game{Objs: append([]Object(nil), objs...)}
		for x := range want.Objs {
			want.derive(ObjID(x))
		}
		g := &Game{Objs: objs, scratch: []ObjID{7, 8}}
		g.deriveAll()
		for x := range objs {
			if g.Objs[x].class != want.Objs[x].class {
				t.Fatalf("trial %d: object %d of class %d, want %d", trial, x, g.Objs[x].class, want.Objs[x].class)
			}
		}
		if len(g.scratch) != 2 || g.scratch[0] != 7 || g.scratch[1] != 8 {
			t.Fatalf("trial %d: scratch stack %v after, want [7 8]", trial, g.scratch)
		}
	}
}
