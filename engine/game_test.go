package engine_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

var stateOpts = []cmp.Option{
	cmp.Exporter(func(reflect.Type) bool { return true }),
	cmpopts.IgnoreFields(rt.Game{}, "Rules", "zoneBuf", "scratch", "hits", "optKeys", "aux", "decl", "watchBuf", "preds", "live"), // buffers and what is derived, not state
	cmpopts.EquateEmpty(),
}

func sampleGame(t testing.TB, seed uint64) *rt.Game {
	g, err := rt.New(engine.Rules, rt.Config{
		Players: []rt.PlayerConfig{{Name: "p1", Deck: rt.SampleDeck(engine.Rules, "green")}, {Name: "p2", Deck: rt.SampleDeck(engine.Rules, "red")}},
		Seed:    seed,
	})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// playRandom plays a seeded random game, checking invariants after every
// answer, and returns its trace.
func playRandom(t *testing.T, seed uint64, turns int32) []string {
	g := sampleGame(t, seed)
	pol := &rt.RandomPolicy{RNG: rt.RNG{State: seed}}
	for g.TurnNum <= turns {
		d := g.Advance()
		checkInvariants(t, g, seed)
		if d.Kind == rt.DecideGameOver {
			break
		}
		if d.Kind == rt.DecideStuck {
			t.Fatalf("seed %d: engine stuck", seed)
		}
		if err := g.Submit(pol.Decide(g, d)); err != nil {
			t.Fatalf("seed %d: the random policy's answer was refused: %v", seed, err)
		}
	}
	return g.Trace(0)
}

// checkInvariants: every object is in exactly one zone list matching its
// Zone field, and nothing is lost or duplicated.
func checkInvariants(t *testing.T, g *rt.Game, seed uint64) {
	t.Helper()
	seen := make([]int, len(g.Objs))
	mark := func(list []rt.ObjID, z rt.Zone) {
		for _, x := range list {
			seen[x]++
			if g.Objs[x].Zone != z {
				t.Fatalf("seed %d turn %d: %s listed in %s but its zone is %s", seed, g.TurnNum, rt.Exec{Game: g}.Face(x).Name, z, g.Objs[x].Zone)
			}
		}
	}
	mark(g.Battlefield, rt.ZoneBattlefield)
	for i := range g.Players {
		p := &g.Players[i]
		mark(p.Library, rt.ZoneLibrary)
		mark(p.Hand, rt.ZoneHand)
		mark(p.Graveyard, rt.ZoneGraveyard)
		mark(p.Exile, rt.ZoneExile)
	}
	for _, it := range g.Stack {
		if it.IsSpell() {
			seen[it.Source]++
		}
	}
	for x, n := range seen {
		if n != 1 {
			t.Fatalf("seed %d turn %d: %s is in %d zones", seed, g.TurnNum, rt.Exec{Game: g}.Face(rt.ObjID(x)).Name, n)
		}
	}
}

// TestRandomGames: seeded random games run to the end without refusals,
// stuck steps or lost cards, and the same seed plays the same game.
func TestRandomGames(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 10
	}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		a := playRandom(t, seed, 80)
		if seed <= 3 {
			b := playRandom(t, seed, 80)
			if d := cmp.Diff(a, b); d != "" {
				t.Fatalf("seed %d: two runs differ:\n%s", seed, d)
			}
		}
	}
}

// TestCloneIndependent: a clone plays on without touching the original,
// and plays exactly as the original would.
func TestCloneIndependent(t *testing.T) {
	g := sampleGame(t, 5)
	pol := rt.PassPolicy{}
	g.Run(pol, 40)
	snapshot := g.Clone()
	c := g.Clone()
	c.Run(pol, 200)
	if d := cmp.Diff(snapshot, g, stateOpts...); d != "" {
		t.Fatalf("playing a clone changed the original:\n%s", d)
	}
	g.Run(pol, 200)
	if d := cmp.Diff(c.Trace(0), g.Trace(0)); d != "" {
		t.Fatalf("clone and original played differently:\n%s", d)
	}
}

// TestRefusalsChangeNothing: illegal answers are refused with a rule and
// leave the game exactly as it was.
func TestRefusalsChangeNothing(t *testing.T) {
	g := sampleGame(t, 9)
	d := g.Advance() // upkeep of turn 1: p1 has priority
	if d.Kind != rt.DecidePriority {
		t.Fatalf("want priority, got %v", d.Kind)
	}
	hand := g.P(0).Hand
	var land, creature rt.ObjID = -1, -1
	for _, x := range hand {
		if g.Obj(x).Types&engine.Rules.Types("land") != 0 {
			land = x
		} else {
			creature = x
		}
	}
	other := g.P(1).Hand[0]
	cases := []struct {
		name string
		a    rt.Answer
		rule string
	}{
		{"land in upkeep", rt.Answer{Kind: rt.PlayLand, Obj: land}, "505.6b"},
		{"creature in upkeep", rt.Answer{Kind: rt.Cast, Obj: creature}, "505.6a"},
		{"other player's card", rt.Answer{Kind: rt.PlayLand, Obj: other}, "116.2a"},
		{"cards to a priority decision", rt.Answer{Kind: rt.Choose}, "117.1"},
		{"nonexistent object", rt.Answer{Kind: rt.TapMana, Obj: 9999}, "117.1d"},
	}
	for _, c := range cases {
		before := g.Clone()
		err := g.Submit(c.a)
		if err == nil {
			t.Fatalf("%s: accepted", c.name)
		}
		ref, ok := err.(*rt.Refusal)
		if !ok || ref.Rule != c.rule {
			t.Errorf("%s: refused with %v, want rule %s", c.name, err, c.rule)
		}
		if d := cmp.Diff(before, g, stateOpts...); d != "" {
			t.Errorf("%s: the refusal changed the game:\n%s", c.name, d)
		}
	}
}

func Example() {
	g, _ := rt.New(engine.Rules, rt.Config{
		Players: []rt.PlayerConfig{{Name: "alice", Deck: rt.SampleDeck(engine.Rules, "green")}, {Name: "bob", Deck: rt.SampleDeck(engine.Rules, "red")}},
		Seed:    1,
	})
	for g.TurnNum < 2 {
		d := g.Advance()
		if d.Kind != rt.DecidePriority {
			break
		}
		g.Submit(rt.Answer{Kind: rt.Pass})
	}
	for _, line := range g.Trace(0)[:6] {
		fmt.Println(line)
	}
	fmt.Println(strings.Contains(strings.Join(g.Trace(0), "\n"), "500.11 skip step draw"))
	// Output:
	// 500.1 turn 1 alice
	// 501 begin phase beginning
	// 502 begin step untap
	// 502.4 no priority in untap
	// 502 end step untap
	// 503 begin step upkeep
	// true
}
