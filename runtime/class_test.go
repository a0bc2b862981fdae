package runtime

import "testing"

// TestSameClass: an object differing from another in any one
// characteristic is not sameClass, and derive gives it another class;
// copies of one object share theirs, after other objects or not.
func TestSameClass(t *testing.T) {
	subs, trig, abil := []string{"bear"}, []Trigger{{}}, []Ability{{}}
	base := Object{Name: "Bear", Types: TypeSet(1 << 1), Power: 2, Toughness: 2, Subtypes: subs, Triggers: trig, Abilities: abil,
		Cost: Cost{Generic: 1, Colored: Mana{Green: 1}}}
	changes := map[string]func(o *Object){
		"Name": func(o *Object) { o.Name = "Wolf" }, "Types": func(o *Object) { o.Types = TypeSet(1 << 0) },
		"Super": func(o *Object) { o.Super = SuperBasic }, "Timing": func(o *Object) { o.Timing = 1 },
		"Copy": func(o *Object) { o.Copy = CardCopy }, "Capped": func(o *Object) { o.Capped = 1 },
		"Power": func(o *Object) { o.Power = 3 }, "Toughness": func(o *Object) { o.Toughness = 3 },
		"Keywords": func(o *Object) { o.Keywords = 1 }, "SubBits": func(o *Object) { o.SubBits = 1 },
		"Enchant": func(o *Object) { o.Enchant = TypeSet(1 << 1) }, "Subtypes": func(o *Object) { o.Subtypes = []string{"wolf"} },
		"Triggers": func(o *Object) { o.Triggers = nil }, "Abilities": func(o *Object) { o.Abilities = nil },
		"Cost": func(o *Object) { o.Cost.Generic = 2 }, "AttackCost": func(o *Object) { o.AttackCost.Generic = 1 },
		"BlockCost": func(o *Object) { o.BlockCost.Colored[Red] = 1 },
		"Token":     func(o *Object) { o.Token = true },
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
// on random objects drawn from a few shapes, with stale classes before
// and something on the scratch stack that must stay.
func TestDeriveAll(t *testing.T) {
	rng := RNG{State: 31}
	subs := [][]string{nil, {"bear"}, {"wolf"}}
	names := []string{"Bear", "Wolf", "Forest"}
	for trial := 0; trial < 2000; trial++ {
		n := rng.Intn(40)
		objs := make([]Object, n)
		for i := range objs {
			objs[i] = Object{Name: names[rng.Intn(len(names))], Power: int32(rng.Intn(2)), Toughness: int32(rng.Intn(2)),
				Subtypes: subs[rng.Intn(len(subs))], Tapped: rng.Intn(2) == 0, class: uint64(rng.Intn(50))}
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
