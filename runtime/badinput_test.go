package runtime_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime"
)

// TestHostBadInput: what a host passes a game is untrusted; an object,
// player, zone or index that is none is answered (a zero value, an error),
// never a panic, and changes nothing.
func TestHostBadInput(t *testing.T) {
	g, err := engine.New(sampleConfig(1))
	if err != nil {
		t.Fatal(err)
	}
	g.Advance()
	before := g.Trace(0)
	objs := []rt.ObjID{-5, -1, rt.NoObj, 1 << 20, 1<<31 - 1}
	players := []int{-3, -1, 2, 99}
	for _, x := range objs {
		call(t, "Obj", func() { g.Obj(x) })
		call(t, "Power", func() { g.Power(x) })
		call(t, "Toughness", func() { g.Toughness(x) })
		call(t, "ObjName", func() { g.ObjName(x) })
		call(t, "CanCast", func() { g.CanCast(0, x) })
		call(t, "CanPlayLand", func() { g.CanPlayLand(0, x) })
		call(t, "CanActivate", func() { g.CanActivate(0, x, 3) })
		call(t, "Format", func() { g.Format(rt.Event{Kind: rt.EvDamage, Obj: x, Other: int32(x), Player: -9}) })
		call(t, "EventJSON", func() { g.EventJSON(-4, rt.Event{Kind: 250, Obj: x, Player: 100}) })
	}
	for _, p := range players {
		call(t, "P", func() { g.P(p) })
		call(t, "Zone", func() { g.Zone(rt.ZoneHand, p, nil) })
		call(t, "CanCast", func() { g.CanCast(p, 0) })
		call(t, "CanActivate", func() { g.CanActivate(p, 0, -1) })
		call(t, "CanPlayLand", func() { g.CanPlayLand(p, 0) })
	}
	call(t, "Zone", func() { g.Zone(rt.Zone(200), 0, nil) })
	for _, from := range []int{-10, 0, 1 << 30} {
		call(t, "Events", func() { g.Events(from, nil) })
		call(t, "Trace", func() { g.Trace(from) })
	}
	if after := g.Trace(0); len(after) != len(before) {
		t.Errorf("reads logged %d events", len(after)-len(before))
	}
	c := g.Clone()
	call(t, "Create", func() {
		if _, err := c.Create(rt.Card{Name: "X"}, 7, rt.ZoneHand); err == nil {
			t.Error("Create for no player: accepted")
		}
	})
	call(t, "StartAt", func() {
		if err := c.StartAt(1, -2, "nowhere"); err == nil {
			t.Error("StartAt for no player and no step: accepted")
		}
	})
}

// sampleConfig is a two-player game of the built-in green and red decks.
func sampleConfig(seed uint64) rt.Config {
	return rt.Config{Seed: seed, Players: []rt.PlayerConfig{
		{Name: "p1", Deck: rt.SampleDeck(engine.Rules, "green")},
		{Name: "p2", Deck: rt.SampleDeck(engine.Rules, "red")}}}
}

func call(t *testing.T, what string, f func()) {
	t.Helper()
	defer func() {
		if p := recover(); p != nil {
			t.Errorf("%s: panic: %v", what, p)
		}
	}()
	f()
}

// TestZeroGame: a game never started (the zero Game) plays nothing, saves
// nothing and reads as empty: no method panics.
func TestZeroGame(t *testing.T) {
	var z rt.Game
	call(t, "Advance", func() {
		if d := z.Advance(); d.Kind != rt.DecideNone {
			t.Errorf("Advance of a zero Game: %v", d.Kind)
		}
	})
	call(t, "Run", func() { z.Run(rt.PassPolicy{}, 3) })
	call(t, "Submit", func() {
		if err := z.Submit(rt.Answer{}); err == nil {
			t.Error("Submit to a zero Game: accepted")
		}
	})
	call(t, "Save", func() {
		if err := z.Save(nil); err != rt.ErrNotStarted {
			t.Errorf("Save of a zero Game: %v", err)
		}
	})
	for name, f := range map[string]func(){
		"Options": func() { z.Options(nil, true) }, "LegalActions": func() { z.LegalActions(nil) },
		"Obj": func() { z.Obj(0) }, "P": func() { z.P(0) }, "Zone": func() { z.Zone(rt.ZoneHand, -1, nil) },
		"CurrentStep": func() { z.CurrentStep() }, "Clone": func() { z.Clone() }, "Check": func() { z.Check(rt.Answer{}) },
		"Power": func() { z.Power(0) }, "Toughness": func() { z.Toughness(0) }, "Forced": func() { z.Forced() },
		"Plan": func() { z.Plan() }, "Create": func() { z.Create(rt.Card{}, 0, rt.ZoneHand) },
		"StartAt": func() { z.StartAt(1, 0, "x") }, "Events": func() { z.Events(0, nil) }, "Trace": func() { z.Trace(0) },
	} {
		call(t, name, f)
	}
}
