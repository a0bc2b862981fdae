package engine_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// sbaBoard builds two players with 20 permanents each on which no
// state-based action applies: creatures (some with +1/+1 counters),
// lands, a legend, an aura and an equipment legally attached, a
// planeswalker with loyalty.
func sbaBoard(tb testing.TB) *rt.Game {
	g, err := rt.New(engine.Rules, rt.Config{Players: []rt.PlayerConfig{{Name: "p1"}, {Name: "p2"}}, NoOpeningHand: true})
	if err != nil {
		tb.Fatal(err)
	}
	mk := func(c rt.Card, p int) rt.ObjID {
		x, err := g.Create(c, p, rt.ZoneBattlefield)
		if err != nil {
			tb.Fatal(err)
		}
		return x
	}
	for p := 0; p < 2; p++ {
		var bear rt.ObjID
		for i := 0; i < 8; i++ {
			bear = mk(rt.Card{Name: "Bears", Types: engine.Rules.Types("creature"), Power: 2, Toughness: 2}, p)
			if i%3 == 0 {
				g.Obj(bear).Counters[engine.Rules.Counter("+1/+1")] = 1
				g.Obj(bear).Damage = 1
			}
		}
		for i := 0; i < 8; i++ {
			mk(rt.Card{Name: "Forest", Types: engine.Rules.Types("land"), Super: rt.SuperBasic, Subtypes: []string{"forest"}}, p)
		}
		mk(rt.Card{Name: "Legend", Types: engine.Rules.Types("creature"), Super: rt.SuperLegendary, Power: 3, Toughness: 3}, p)
		aura := mk(rt.Card{Name: "Aura", Types: engine.Rules.Types("enchantment"), Subtypes: []string{"aura"}, Enchant: engine.Rules.Types("creature")}, p)
		rt.Exec{Game: g}.Attach(aura, bear, "")
		eq := mk(rt.Card{Name: "Sword", Types: engine.Rules.Types("artifact"), Subtypes: []string{"equipment"}}, p)
		rt.Exec{Game: g}.Attach(eq, bear, "")
		w := mk(rt.Card{Name: "Walker", Types: engine.Rules.Types("planeswalker"), Subtypes: []string{"jace"}}, p)
		g.Obj(w).Counters[engine.Rules.Counter("loyalty")] = 3
	}
	g.Touch()
	return g
}

// BenchmarkSBACheck: the generated state-based-action check on a board of
// 40 permanents where nothing applies (the check is forced every time).
func BenchmarkSBACheck(b *testing.B) {
	g := sbaBoard(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g.Touch()
		if (rt.Exec{Game: g}).CheckSBA() {
			b.Fatal("a state-based action applied")
		}
	}
}

// BenchmarkSBAHandWritten: the same checks written by hand, the reference
// the generated code is measured against.
func BenchmarkSBAHandWritten(b *testing.B) {
	g := sbaBoard(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if handSBA(g) {
			b.Fatal("a state-based action applied")
		}
	}
}

// attachedLegally is the rules' characteristic (704.5m), derived as the
// generated check derives it.
var attachedLegally, _ = engine.Rules.Characteristic("attached_legally")

// ruleState is the rules' state named name; the reference must not read
// another state's slot if the rules rename it.
func ruleState(g *rt.Game, name string) rt.StateKind {
	k, ok := g.Rules.State(name)
	if !ok {
		panic("the rules declare no state " + name + ": the reference reads it")
	}
	return k
}

// playerState is the slot of the state players hold named name (state
// player NAME KIND), as ruleState.
func playerState(g *rt.Game, name string) rt.StateKind {
	h, ok := g.Rules.HeldState(name)
	if !ok || h.Holder != rt.HeldByPlayer {
		panic("the rules declare no state players hold named " + name + ": the reference reads it")
	}
	return h.Slot
}

// handSBA is a plain Go version of the 704.5 conditions of rules/sba.mtg:
// it reports whether any would apply.
func handSBA(g *rt.Game) bool {
	poison := g.Rules.Counter("poison")
	drew, deathtouch := playerState(g, "drew_from_empty"), ruleState(g, "deathtouch_damage")
	for i := range g.Players {
		p := &g.Players[i]
		if !p.Lost && (p.Life <= 0 || rt.PlayerStateFlag(rt.Exec{Game: g}, i, drew) || p.Counters[poison] >= 10) {
			return true
		}
	}
	for i := range g.Objs {
		o := &g.Objs[i]
		if o.Zone == rt.ZoneNone {
			continue
		}
		if o.Token && (o.Zone != rt.ZoneBattlefield || o.PhasedOut) {
			return true
		}
		if (o.Copy == rt.SpellCopy && o.Zone != rt.ZoneStack) || (o.Copy == rt.CardCopy && o.Zone != rt.ZoneStack && o.Zone != rt.ZoneBattlefield) {
			return true
		}
	}
	for _, x := range g.Battlefield {
		o := &g.Objs[x]
		if o.PhasedOut {
			continue
		}
		if o.Types&engine.Rules.Types("creature") != 0 {
			t := g.Toughness(x)
			if t <= 0 || o.Damage >= t || rt.ObjStateFlag(rt.Exec{Game: g}, x, deathtouch) {
				return true
			}
		}
		if o.Types&engine.Rules.Types("planeswalker") != 0 && o.Counters[engine.Rules.Counter("loyalty")] <= 0 {
			return true
		}
		legal := rt.ObjDerivedHolds(rt.Exec{Game: g}, x, attachedLegally)
		aura, equip, fort := rt.Exec{Game: g}.HasSubtype(x, "aura"), rt.Exec{Game: g}.HasSubtype(x, "equipment"), rt.Exec{Game: g}.HasSubtype(x, "fortification")
		if aura && !legal {
			return true
		}
		if o.AttachedTo != rt.NoObj {
			if equip && !(legal && (rt.Exec{Game: g}).AttachedToIs(x, engine.Rules.Types("creature"))) ||
				fort && !(legal && rt.Exec{Game: g}.AttachedToIs(x, engine.Rules.Types("land"))) ||
				!aura && !equip && !fort {
				return true
			}
		}
		if o.Counters[engine.Rules.Counter("+1/+1")] > 0 && o.Counters[engine.Rules.Counter("-1/-1")] > 0 || (rt.Exec{Game: g}).OverCounterMax(x) {
			return true
		}
		if o.Super&(rt.SuperLegendary|rt.SuperWorld) == 0 && o.Types&engine.Rules.Types("planeswalker") == 0 {
			continue
		}
		for _, y := range g.Battlefield {
			q := &g.Objs[y]
			if y == x || q.PhasedOut || q.Controller != o.Controller {
				continue
			}
			if o.Super&rt.SuperLegendary != 0 && q.Super&rt.SuperLegendary != 0 && (rt.Exec{Game: g}).SameName(x, y) {
				return true
			}
			if o.Types&q.Types&engine.Rules.Types("planeswalker") != 0 && (rt.Exec{Game: g}).SharesSubtype(x, y) {
				return true
			}
			if o.Super&q.Super&rt.SuperWorld != 0 && q.Timestamp >= o.Timestamp {
				return true
			}
		}
	}
	return false
}

// TestSBAReference: the generated check and the hand-written one agree on
// boards where nothing applies and on each single change that makes one
// state-based action apply.
func TestSBAReference(t *testing.T) {
	changes := map[string]func(g *rt.Game){
		"nothing":       func(*rt.Game) {},
		"life 0":        func(g *rt.Game) { g.P(1).Life = 0 },
		"poison 10":     func(g *rt.Game) { g.P(0).Counters[g.Rules.Counter("poison")] = 10 },
		"lethal damage": func(g *rt.Game) { g.Obj(0).Damage = 5 },
		"toughness 0":   func(g *rt.Game) { g.Obj(0).Toughness = -1 },
		"drew from empty": func(g *rt.Game) {
			rt.Exec{Game: g}.SetPlayerFlag(1, playerState(g, "drew_from_empty"), true, "")
		},
		"deathtouch": func(g *rt.Game) {
			k := ruleState(g, "deathtouch_damage")
			rt.Exec{Game: g}.SetFlag(1, k, true, "")
		},
		"both counters": func(g *rt.Game) {
			g.Obj(1).Counters[engine.Rules.Counter("-1/-1")] = 1
			g.Obj(1).Counters[engine.Rules.Counter("+1/+1")] = 1
		},
		"aura detached": func(g *rt.Game) { g.Obj(17).AttachedTo = rt.NoObj },
		"second legend": func(g *rt.Game) {
			e := rt.Exec{Game: g}
			f := e.Face(2)
			f.Name = "Legend"
			e.SetFace(2, f)
			g.Obj(2).Super = rt.SuperLegendary
		},
		"loyalty 0":      func(g *rt.Game) { g.Obj(19).Counters[engine.Rules.Counter("loyalty")] = 0 },
		"token in grave": func(g *rt.Game) { g.Obj(3).Token = true; rt.Exec{Game: g}.Destroy(3, "test") },
	}
	for name, change := range changes {
		g := sbaBoard(t)
		change(g)
		g.Touch()
		want := handSBA(g)
		got := rt.Exec{Game: g}.SBAPending()
		if got != want {
			t.Errorf("%s: generated check says %v, hand-written says %v", name, got, want)
		}
		if (name == "nothing") == got {
			t.Errorf("%s: pending = %v", name, got)
		}
	}
}

// TestSBACheckAllocatesNothing guards the hot path.
func TestSBACheckAllocatesNothing(t *testing.T) {
	g := sbaBoard(t)
	if n := testing.AllocsPerRun(100, func() { g.Touch(); (rt.Exec{Game: g}).CheckSBA() }); n != 0 {
		t.Errorf("the check allocates %.1f times", n)
	}
}
