package engine_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestSaveLoad: over random games, at random points, Load(Save(g)) is
// equal to g and plays on identically.
func TestSaveLoad(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		g, err := rt.New(engine.Rules, sampleConfig(seed, rt.LogConfig{}))
		if err != nil {
			t.Fatal(err)
		}
		pol := &rt.UniformPolicy{RNG: rt.RNG{State: seed}}
		stop := rt.RNG{State: seed * 7}
		for i := 0; i < 3 && !g.Over(); i++ {
			for n := 50 + stop.Intn(400); n > 0; n-- {
				d := g.Advance()
				if d.Kind == rt.DecideGameOver || d.Kind == rt.DecideStuck {
					break
				}
				if err := g.Submit(pol.Decide(g, d)); err != nil {
					t.Fatal(err)
				}
			}
			var b bytes.Buffer
			if err := g.Save(&b); err != nil {
				t.Fatal(err)
			}
			l, err := rt.Load(engine.Rules, &b)
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if d := cmp.Diff(g, l, stateOpts...); d != "" {
				t.Fatalf("seed %d: Load(Save(g)) differs:\n%s", seed, d)
			}
			// Both play on with the same policy state, to the same events.
			pa, pb := *pol, *pol
			c := g.Clone()
			from := len(c.Log)
			playUniformWith(t, c, &pa, g.TurnNum+3)
			playUniformWith(t, l, &pb, g.TurnNum+3)
			if d := cmp.Diff(c.Trace(from), l.Trace(from)); d != "" {
				t.Fatalf("seed %d: the loaded game plays differently:\n%s", seed, d)
			}
		}
	}
}

func playUniformWith(t *testing.T, g *rt.Game, pol *rt.UniformPolicy, turns int32) {
	for g.TurnNum <= turns {
		d := g.Advance()
		if d.Kind == rt.DecideGameOver || d.Kind == rt.DecideStuck {
			return
		}
		if err := g.Submit(pol.Decide(g, d)); err != nil {
			t.Fatal(err)
		}
	}
}

// TestLoadRefuses: other rules, another version, broken references and
// junk are refused.
func TestLoadRefuses(t *testing.T) {
	g, _ := rt.New(engine.Rules, sampleConfig(1, rt.LogConfig{}))
	var b bytes.Buffer
	g.Save(&b)
	good := b.String()
	for name, c := range map[string]struct{ text, want string }{
		"rules":   {strings.Replace(good, `"rules_hash":"`, `"rules_hash":"x`, 1), "saved under rules"},
		"version": {strings.Replace(good, `"mtgc_state":1`, `"mtgc_state":9`, 1), "another mtgc"},
		"junk":    {`{"mtgc_state":`, "not a saved game"},
		"object":  {strings.Replace(good, `"Battlefield":[]`, `"Battlefield":[99999]`, 1), "does not exist"},
		"field":   {strings.Replace(good, `"TurnNum":`, `"Extra":1,"TurnNum":`, 1), "fields this runtime does not know"},
		"type":    {strings.Replace(good, `"TurnNum":0`, `"TurnNum":"zero"`, 1), "is not a int32"},
		"attack": {strings.Replace(good, `"Attacks":null`, `"Attacks":[{"Attacker":99999,"Controller":0,"Player":1,"Target":-1,"Blocked":false,"Declared":true,"Nothing":false}]`, 1),
			"the combat names"},
		"face": {strings.Replace(good, `"face":0`, `"face":99`, 1), "no such owner, controller, protector, attachment or face"},
		"declared": {strings.Replace(good, `"Declared":null`, `"Declared":[{"Obj":1,"Target":-9,"By":0,"Repeated":false,"Defender":-1}]`, 1),
			"the combat names"},
	} {
		_, err := rt.Load(engine.Rules, strings.NewReader(c.text))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", name, err, c.want)
		}
	}
}

// TestLoadDecidingPlayerAndKeyOrder: a negative deciding player is
// refused (Options panicked after it), and a valid state whose top-level
// keys come in another order is loaded as it is.
func TestLoadDecidingPlayerAndKeyOrder(t *testing.T) {
	g, _ := rt.New(engine.Rules, sampleConfig(1, rt.LogConfig{}))
	g.Advance()
	var b bytes.Buffer
	if err := g.Save(&b); err != nil {
		t.Fatal(err)
	}
	good := b.String()
	if !strings.Contains(good, `"Kind":1,"N":0,"Obj":0,"Of":0,"Player":0,`) {
		t.Fatalf("the saved decision is not as expected: the test needs updating")
	}
	for _, p := range []string{"-1", "-2", "-128"} {
		bad := strings.Replace(good, `"Kind":1,"N":0,"Obj":0,"Of":0,"Player":0,`, `"Kind":1,"N":0,"Obj":0,"Of":0,"Player":`+p+`,`, 1)
		if _, err := rt.Load(engine.Rules, strings.NewReader(bad)); err == nil || !strings.Contains(err.Error(), "no such active or deciding player") {
			t.Errorf("deciding player %s: %v", p, err)
		}
	}
	body := strings.TrimSpace(good)
	body = body[1 : len(body)-1]
	i := strings.Index(body, `,"game":`)
	header, game := body[:i], body[i+1:]
	reordered := "{" + game + "," + header + "}"
	h, err := rt.Load(engine.Rules, strings.NewReader(reordered))
	if err != nil {
		t.Fatalf("the keys reordered: %v\n%.120s", err, reordered)
	}
	var b2 bytes.Buffer
	h.Save(&b2)
	if b2.String() != good {
		t.Errorf("the state loaded from reordered keys saves differently")
	}
}
