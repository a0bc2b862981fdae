package engine_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// logless compares states whatever their log control.
var logless = append(append([]cmp.Option(nil), stateOpts...), cmpopts.IgnoreFields(rt.Game{}, "Log", "logc", "logBase", "logOwn"))

// playUniform plays a seeded game with the uniform policy for the given
// number of turns and returns the game.
func playUniform(t testing.TB, g *rt.Game, seed uint64, turns int32) *rt.Game {
	pol := &rt.UniformPolicy{RNG: rt.RNG{State: seed}}
	for g.TurnNum <= turns {
		d := g.Advance()
		if d.Kind == rt.DecideGameOver || d.Kind == rt.DecideStuck {
			break
		}
		if err := g.Submit(pol.Decide(g, d)); err != nil {
			t.Fatalf("seed %d: the uniform policy's answer was refused: %v", seed, err)
		}
	}
	return g
}

func sampleConfig(seed uint64, log rt.LogConfig) rt.Config {
	return rt.Config{
		Players: []rt.PlayerConfig{{Name: "p1", Deck: rt.SampleDeck(engine.Rules, "green")}, {Name: "p2", Deck: rt.SampleDeck(engine.Rules, "red")}},
		Seed:    seed, Log: log,
	}
}

// TestLogControl: the same game under each log control ends in the same
// state; a capped log holds the last events of the full one, a stream sees
// them all, none keeps none, and Logged counts them in every mode.
func TestLogControl(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		newGame := func(c rt.LogConfig) *rt.Game {
			g, err := rt.New(engine.Rules, sampleConfig(seed, c))
			if err != nil {
				t.Fatal(err)
			}
			return playUniform(t, g, seed, 12)
		}
		keep := newGame(rt.LogConfig{})
		var streamed []rt.Event
		stream := newGame(rt.LogConfig{Mode: rt.LogStream, Stream: func(_ *rt.Game, e rt.Event) { streamed = append(streamed, e) }})
		capped := newGame(rt.LogConfig{Mode: rt.LogCap, Cap: 50})
		none := newGame(rt.LogConfig{Mode: rt.LogNone})
		all := keep.Log
		if len(all) < 100 {
			t.Fatalf("seed %d: only %d events", seed, len(all))
		}
		if d := cmp.Diff(all, streamed); d != "" {
			t.Errorf("seed %d: streamed events differ:\n%s", seed, d)
		}
		if n := len(capped.Log); n < 25 || n > 50 {
			t.Errorf("seed %d: capped log holds %d events, want 25..50", seed, n)
		}
		if d := cmp.Diff(all[len(all)-len(capped.Log):], capped.Log); d != "" {
			t.Errorf("seed %d: the capped log is not the last events:\n%s", seed, d)
		}
		if len(none.Log) != 0 || len(stream.Log) != 0 {
			t.Errorf("seed %d: none kept %d events, stream %d", seed, len(none.Log), len(stream.Log))
		}
		for _, g := range []*rt.Game{stream, capped, none} {
			if g.Logged() != len(all) {
				t.Errorf("seed %d: Logged() = %d, want %d", seed, g.Logged(), len(all))
			}
			if d := cmp.Diff(keep, g, logless...); d != "" {
				t.Errorf("seed %d: the game played differently:\n%s", seed, d)
			}
		}
	}
}

// TestCappedLogClone: a clone of a game with a capped log keeps its own
// events when the original's buffer is rewritten.
func TestCappedLogClone(t *testing.T) {
	g, err := rt.New(engine.Rules, sampleConfig(3, rt.LogConfig{Mode: rt.LogCap, Cap: 20}))
	if err != nil {
		t.Fatal(err)
	}
	playUniform(t, g, 3, 2)
	c := g.Clone()
	want := append([]rt.Event(nil), c.Log...)
	playUniform(t, g, 3, 6)
	if d := cmp.Diff(want, c.Log); d != "" {
		t.Errorf("the clone's log changed:\n%s", d)
	}
}

// TestReset: a game Reset after another is the game New makes, and plays
// on identically.
func TestReset(t *testing.T) {
	g, err := rt.New(engine.Rules, sampleConfig(1, rt.LogConfig{}))
	if err != nil {
		t.Fatal(err)
	}
	playUniform(t, g, 1, 10)
	c := g.Clone()
	if err := g.Reset(engine.Rules, sampleConfig(2, rt.LogConfig{})); err != nil {
		t.Fatal(err)
	}
	fresh, _ := rt.New(engine.Rules, sampleConfig(2, rt.LogConfig{}))
	if d := cmp.Diff(fresh, g, logless...); d != "" {
		t.Fatalf("Reset differs from New:\n%s", d)
	}
	playUniform(t, g, 2, 10)
	playUniform(t, fresh, 2, 10)
	if d := cmp.Diff(fresh.Trace(0), g.Trace(0)); d != "" {
		t.Errorf("the reset game played differently:\n%s", d)
	}
	if c.Objs[0].Zone == rt.ZoneNone || len(c.Log) == 0 {
		t.Errorf("Reset changed a clone")
	}
	bad := sampleConfig(3, rt.LogConfig{})
	bad.Players[0].Deck = []rt.Card{{Name: "X", Keywords: []string{"nonsense"}}}
	before := g.Clone()
	if err := g.Reset(engine.Rules, bad); err == nil {
		t.Fatal("a deck with an unknown keyword was accepted")
	}
	if d := cmp.Diff(before, g, stateOpts...); d != "" {
		t.Errorf("a refused Reset changed the game:\n%s", d)
	}
}

// TestOptionsAndCheckAllocateNothing: listing the options of a priority
// decision and checking a legal answer allocate nothing once the buffer
// has grown; an illegal answer's refusal is built by Check.
func TestOptionsAndCheckAllocateNothing(t *testing.T) {
	g, _ := rt.New(engine.Rules, sampleConfig(4, rt.LogConfig{}))
	playUniform(t, g, 4, 6)
	var d rt.Decision
	for d = g.Advance(); d.Kind != rt.DecidePriority || g.Forced(); d = g.Advance() {
		g.Submit(rt.PassPolicy{}.Decide(g, d))
	}
	buf := g.Options(nil, true)
	if len(buf) < 2 {
		t.Fatalf("only %d options", len(buf))
	}
	allocs := testing.AllocsPerRun(100, func() {
		buf = g.Options(buf[:0], true)
		buf = g.Options(buf[:0], false)
		for _, o := range buf {
			if err := g.Check(o.Answer()); err != nil {
				t.Fatal(err)
			}
		}
	})
	if allocs != 0 {
		t.Errorf("Options and Check allocate %.1f times, want 0", allocs)
	}
	before := g.Clone()
	bad := rt.Answer{Kind: rt.PlayLand, Obj: g.P(1 - d.Player).Hand[0]}
	err := g.Check(bad)
	if err == nil || err.Error() != g.Submit(bad).Error() {
		t.Errorf("Check says %v, Submit says %v", err, g.Submit(bad))
	}
	if d := cmp.Diff(before, g, stateOpts...); d != "" {
		t.Errorf("Check changed the game:\n%s", d)
	}
}

// TestGroupedOptions: identical cards are one option whose Count is their
// number; the grouped counts add up to the ungrouped list.
func TestGroupedOptions(t *testing.T) {
	g, _ := rt.New(engine.Rules, sampleConfig(5, rt.LogConfig{}))
	playUniform(t, g, 5, 8)
	seen := 0
	for i := 0; i < 200 && !g.Over(); i++ {
		d := g.Advance()
		if d.Kind == rt.DecideGameOver {
			break
		}
		flat, grouped := g.Options(nil, false), g.Options(nil, true)
		total := 0
		for _, o := range grouped {
			total += int(o.Count)
		}
		if total != len(flat) {
			t.Fatalf("%v: grouped counts add to %d, %d options ungrouped", d.Kind, total, len(flat))
		}
		if len(grouped) < len(flat) {
			seen++
		}
		g.Submit((&rt.UniformPolicy{RNG: rt.RNG{State: uint64(i)}}).Decide(g, d))
	}
	if seen == 0 {
		t.Error("no decision grouped anything")
	}
}
