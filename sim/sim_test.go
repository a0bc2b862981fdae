package sim_test

import (
	goruntime "runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/engine"
	"github.com/mtgc-dev/mtgc/interp"
	"github.com/mtgc-dev/mtgc/rules"
	rt "github.com/mtgc-dev/mtgc/runtime"
	"github.com/mtgc-dev/mtgc/sim"
)

func config(games, workers int) sim.Config {
	return sim.Config{
		Rules:    engine.Rules,
		Players:  []rt.PlayerConfig{{Name: "green", Deck: rt.SampleDeck(engine.Rules, "green")}, {Name: "red", Deck: rt.SampleDeck(engine.Rules, "red")}},
		Policies: []string{"uniform", "random"},
		Games:    games, Workers: workers, Seed: 42, Turns: 40, Alternate: true,
	}
}

var timings = cmpopts.IgnoreFields(sim.Summary{}, "Seconds", "GamesPerS", "DecPerS", "Workers")

// TestSameResultsAnyWorkers: the determinism contract for runs: the same
// seed gives the same games whatever the number of workers and GOMAXPROCS.
func TestSameResultsAnyWorkers(t *testing.T) {
	procs := goruntime.GOMAXPROCS(1)
	one, err := sim.Run(config(40, 1))
	goruntime.GOMAXPROCS(procs)
	if err != nil {
		t.Fatal(err)
	}
	if one.Decisions == 0 || one.Players[0].Wins+one.Players[1].Wins+one.Draws+one.Unfinished != 40 {
		t.Fatalf("implausible summary %+v", one)
	}
	for _, k := range []int{2, 7} {
		s, err := sim.Run(config(40, k))
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(one, s, timings); d != "" {
			t.Errorf("%d workers differ from 1:\n%s", k, d)
		}
	}
	other := config(40, 2)
	other.Seed = 43
	if s, _ := sim.Run(other); cmp.Equal(one, s, timings, cmpopts.IgnoreFields(sim.Summary{}, "Seed")) {
		t.Error("another seed gave the same games")
	}
}

// TestCompiledAndInterpretedAgree: the determinism contract across
// engines: the interpreter of the same rules plays the same games.
func TestCompiledAndInterpretedAgree(t *testing.T) {
	ed, _ := rules.Lookup(rules.Default)
	p, err := compiler.LoadAs(rules.FS, ed.Dir, ed.Shown)
	if err != nil {
		t.Fatal(err)
	}
	if p.Hash != engine.SourceHash {
		t.Fatal("engine/engine_gen.go is stale: run go generate ./...")
	}
	r, err := interp.Rules(p)
	if err != nil {
		t.Fatal(err)
	}
	c := config(10, 2)
	a, err := sim.Run(c)
	if err != nil {
		t.Fatal(err)
	}
	c.Rules = r
	b, err := sim.Run(c)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(a, b, timings); d != "" {
		t.Errorf("the engines differ:\n%s", d)
	}
}

func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k, n   int
		lo, hi float64
	}{{0, 10, 0, 0.2775}, {5, 10, 0.2366, 0.7634}, {10, 10, 0.7225, 1}, {50, 100, 0.4038, 0.5962}} {
		lo, hi := sim.Wilson(c.k, c.n)
		if d := lo - c.lo; d > 1e-3 || d < -1e-3 {
			t.Errorf("Wilson(%d, %d) low = %.4f, want %.4f", c.k, c.n, lo, c.lo)
		}
		if d := hi - c.hi; d > 1e-3 || d < -1e-3 {
			t.Errorf("Wilson(%d, %d) high = %.4f, want %.4f", c.k, c.n, hi, c.hi)
		}
	}
}

func TestReadDeck(t *testing.T) {
	deck, err := sim.ReadDeck(engine.Rules, strings.NewReader("# vanilla\n24 Forest land basic sub=forest\n36 Grizzly_Bears creature 2/2 cost=1G kw=trample\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(deck) != 60 || deck[59].Name != "Grizzly Bears" || deck[59].Power != 2 || deck[59].Cost.Generic != 1 || deck[0].Subtypes[0] != "forest" {
		t.Errorf("read %d cards: %+v", len(deck), deck[59])
	}
	for _, bad := range []string{"", "x Forest land", "2 Forest lnd", "2 Bear 2/x", "2 Bear cost=QQ", "2000 Forest land", "3"} {
		if _, err := sim.ReadDeck(engine.Rules, strings.NewReader(bad)); err == nil {
			t.Errorf("%q: accepted", bad)
		}
	}
}

// TestRunRefuses: bad configurations are refused with a reason.
func TestRunRefuses(t *testing.T) {
	for name, mod := range map[string]func(*sim.Config){
		"no games":       func(c *sim.Config) { c.Games = 0 },
		"one player":     func(c *sim.Config) { c.Players = c.Players[:1] },
		"policy":         func(c *sim.Config) { c.Policies = []string{"clever"} },
		"three policies": func(c *sim.Config) { c.Policies = []string{"pass", "pass", "pass"} },
	} {
		c := config(2, 1)
		mod(&c)
		if _, err := sim.Run(c); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// TestStop: a run stopped part way summarizes the games played, says it
// was interrupted, and those games are the first ones of the full run.
func TestStop(t *testing.T) {
	stop := make(chan struct{})
	cfg := config(200, 1)
	cfg.Stop = stop
	cfg.Progress = func(done int) {
		if done == 10 {
			close(stop)
		}
	}
	part, err := sim.Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !part.Interrupted || part.Games != 10 || part.Requested != 200 {
		t.Fatalf("stopped run: games %d of %d, interrupted %v", part.Games, part.Requested, part.Interrupted)
	}
	full, err := sim.Run(config(10, 1))
	if err != nil {
		t.Fatal(err)
	}
	if full.Interrupted || full.Requested != 10 {
		t.Errorf("full run: interrupted %v, requested %d", full.Interrupted, full.Requested)
	}
	if d := cmp.Diff(full, part, timings, cmpopts.IgnoreFields(sim.Summary{}, "Requested", "Interrupted")); d != "" {
		t.Errorf("the 10 games of a stopped run differ from a run of 10 (-full +stopped):\n%s", d)
	}
}
