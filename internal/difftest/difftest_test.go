package difftest_test

import (
	"errors"
	"flag"
	"strings"
	"testing"
	"time"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/engine"
	"github.com/mtgc-dev/mtgc/engine/all"
	"github.com/mtgc-dev/mtgc/internal/difftest"
	"github.com/mtgc-dev/mtgc/interp"
	"github.com/mtgc-dev/mtgc/rules"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

var (
	games = flag.Int("difftest.games", 16, "random games to compare per edition (a campaign: mtgc difftest -games 1000, or -difftest.games=1000)")
	first = flag.Uint64("difftest.seed", 1, "seed of the first game (a divergence names the seed to reproduce it: -difftest.seed=N -difftest.games=1)")
	turns = flag.Int("difftest.turns", 60, "turns per game at most")
)

// The games these tests play check the runtime's caches as they go: what
// the game remembers while unchanged is counted again and compared.
func init() { rt.VerifyCaches(true) }

// engines pairs the default edition's generated engine (package engine) with
// its rules interpreted.
func engines(t testing.TB) (difftest.Engine, difftest.Engine, *compiler.Index) {
	t.Helper()
	a, b, p := pair(t, rules.Default)
	return a, b, p.Index
}

// pair returns an edition's generated engine (engine/all, in the order of
// rules.Editions) and the interpreter of the same edition's embedded rules.
// An engine generated from other rules fails the test: it never skips, so a
// comparison that cannot run is red, not silent (go generate ./... and the
// CI's staleness step keep them equal).
func pair(t testing.TB, name string) (difftest.Engine, difftest.Engine, *compiler.Program) {
	t.Helper()
	ed, ok := rules.Lookup(name)
	if !ok {
		t.Fatalf("edition %s is not embedded (%s)", name, rules.Names())
	}
	var compiled *rt.Rules
	for _, r := range all.Engines {
		if r.Edition == name {
			compiled = r
		}
	}
	if compiled == nil {
		t.Fatalf("no generated engine for edition %s in engine/all: run go generate ./...", name)
	}
	p, err := compiler.LoadAs(rules.FS, ed.Dir, ed.Shown)
	if err != nil {
		t.Fatal(err)
	}
	if p.Hash != compiled.SourceHash {
		t.Fatalf("the %s engine was generated from other rules (engine %s, rules %s): run go generate ./...", name, compiled.SourceHash, p.Hash)
	}
	r, err := interp.Rules(p)
	if err != nil {
		t.Fatal(err)
	}
	return difftest.Engine{Name: "compiled", Rules: compiled}, difftest.Engine{Name: "interpreted", Rules: r}, p
}

// TestDifferential: seeded random games (random decks, random legal
// answers, chaos between them) give the same events, decisions and states
// on the compiled engine and the interpreter, and break no invariant.
func TestDifferential(t *testing.T) {
	// The editions whose damage does not use the stack; cr1999 and cr2008
	// are TestDifferentialEditions'.
	for _, name := range []string{rules.Default, "cr2017"} {
		t.Run(name, func(t *testing.T) { differential(t, name) })
	}
}

func differential(t *testing.T, name string) {
	a, b, p := pair(t, name)
	idx := p.Index
	n := *games
	if testing.Short() {
		n = min(n, 40)
	}
	start := time.Now()
	var events, answers, over, stopped int
	for seed := *first; seed < *first+uint64(n); seed++ {
		opt := difftest.Options{Turns: int32(*turns), Chaos: seed%4 != 0, Index: idx}
		if seed%16 == 1 {
			opt.StateEvery = 1 // a few games compare every state
		}
		res, err := difftest.Compare(a, b, seed, opt)
		if err != nil {
			t.Fatalf("%v\nreproduce: go test ./internal/difftest -run TestDifferential/%s -difftest.seed=%d -difftest.games=1", err, name, seed)
		}
		events += res.Events
		answers += res.Answers
		if res.Over {
			over++
		}
		if res.Stopped != "" {
			stopped++
			if stopped == 1 {
				t.Logf("seed %d stopped: no legal answer found: %s", seed, res.Stopped)
			}
		}
	}
	t.Logf("%d games (%d over before %d turns, %d stopped for want of a legal answer), %d answers, %d events in %v", n, over, *turns, stopped, answers, events, time.Since(start).Round(time.Millisecond))
	if over == 0 {
		t.Errorf("no game ended: the random games do not reach the end of a game")
	}
}

// TestDivergenceReported: a difference between the engines is reported
// with the seed and the first differing event.
func TestDivergenceReported(t *testing.T) {
	a, b, idx := engines(t)
	broken := *b.Rules
	broken.Phases = append([]rt.Phase(nil), broken.Phases...)
	ph := broken.Phases[0]
	ph.Steps = append([]rt.Step(nil), ph.Steps...)
	// The draw step's action draws nothing.
	for i := range ph.Steps {
		if ph.Steps[i].Name == "draw" {
			ph.Steps[i].Actions = []rt.Action{{Rules: []string{"504.1"}, Run: func(rt.Exec) bool { return true }}}
		}
	}
	broken.Phases[0] = ph
	b.Rules = &broken
	_, err := difftest.Compare(a, b, 7, difftest.Options{Index: idx})
	var d *difftest.Divergence
	if !errors.As(err, &d) {
		t.Fatalf("no divergence reported: %v", err)
	}
	for _, want := range []string{"seed 7", "first differing event", "compiled:", "504.1 draw", "interpreted:"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the report lacks %q:\n%v", want, err)
		}
	}
}

// TestMechanismCitesCompared: the engines' events carry the rules their
// mechanisms cite (Rules.Cite, from the .mtg), so an engine whose passing
// priority cites another rule diverges at the first pass.
func TestMechanismCitesCompared(t *testing.T) {
	a, b, idx := engines(t)
	broken := *b.Rules
	broken.Cite[rt.MechPassPriority] = broken.Cite[rt.MechResolve]
	b.Rules = &broken
	_, err := difftest.Compare(a, b, 7, difftest.Options{Index: idx})
	var d *difftest.Divergence
	if !errors.As(err, &d) {
		t.Fatalf("no divergence reported: %v", err)
	}
	if want := a.Rules.Cite[rt.MechPassPriority] + " pass"; !strings.Contains(err.Error(), want) {
		t.Errorf("the report lacks %q:\n%v", want, err)
	}
}

func newGame(t *testing.T) *rt.Game {
	t.Helper()
	g, err := rt.New(engine.Rules, rt.Config{Players: []rt.PlayerConfig{{Name: "p1"}, {Name: "p2"}}, NoShuffle: true, NoOpeningHand: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []rt.Card{
		{Name: "Bears", Types: engine.Rules.Types("creature"), Power: 2, Toughness: 2},
		{Name: "Forest", Types: engine.Rules.Types("land"), Subtypes: []string{"forest"}},
	} {
		if _, err := g.Create(c, 0, rt.ZoneBattlefield); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := g.Create(rt.Card{Name: "Card", Types: engine.Rules.Types("creature")}, 1, rt.ZoneLibrary); err != nil {
		t.Fatal(err)
	}
	return g
}

// TestInvariantsCatch: each invariant fails on a game that breaks it, and
// holds on the same game left alone.
func TestInvariantsCatch(t *testing.T) {
	idx, err := conformance.DefaultIndex("cr2017")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name   string
		break_ func(g *rt.Game)
		want   string // "" : no violation
	}{
		{"untouched", func(g *rt.Game) {}, ""},
		{"logged life loss", func(g *rt.Game) { rt.Exec{Game: g}.LoseLife(0, 3, "116.4") }, ""},
		{"logged counters", func(g *rt.Game) { rt.Exec{Game: g}.AddCounters(0, engine.Rules.Counter("+1/+1"), 2, "116.4") }, ""},
		{"card in two zones", func(g *rt.Game) { g.P(0).Hand = append(g.P(0).Hand, 0) }, "zone"},
		{"card in no zone", func(g *rt.Game) { g.Battlefield = g.Battlefield[1:] }, "in 0 zone lists"},
		{"card in another's library", func(g *rt.Game) {
			g.P(0).Library, g.P(1).Library = g.P(1).Library, nil
		}, "library"},
		{"life changed silently", func(g *rt.Game) { g.P(1).Life-- }, "life went from 20 to 19"},
		{"counters changed silently", func(g *rt.Game) { g.Obj(0).Counters[engine.Rules.Counter("-1/-1")] = 1 }, "-1/-1 counters"},
		{"event citing no rule", func(g *rt.Game) { rt.Exec{Game: g}.GainLife(0, 1, "") }, "cites no rule"},
		{"event citing a rule outside the index", func(g *rt.Game) { rt.Exec{Game: g}.GainLife(0, 1, "999.9") }, "not in the cr2017 index"},
		{"state-based action pending at priority", func(g *rt.Game) { rt.Exec{Game: g}.MarkDamage(0, 2, "116.4") }, "state-based action is pending"},
		{"trigger waiting at priority", func(g *rt.Game) {
			rt.Exec{Game: g}.AddWaiting(0, rt.Trigger{Triggered: rt.Triggered{Label: "t", Event: 1, Effect: 1, Args: [rt.MaxStackArgs]int32{1}}})
		}, "wait to be put on the stack"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := newGame(t)
			inv := difftest.NewInvariants(idx)
			if err := inv.Check(g, g.Pending()); err != nil {
				t.Fatalf("a new game breaks an invariant: %v", err)
			}
			c.break_(g)
			err := inv.Check(g, rt.Decision{Kind: rt.DecidePriority, Player: 0})
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("unexpected violation: %v", err)
			case c.want != "" && err == nil:
				t.Fatalf("no violation reported, want one about %q", c.want)
			case c.want != "" && !strings.Contains(err.Error(), c.want):
				t.Fatalf("violation %q, want one about %q", err, c.want)
			}
		})
	}
}

// TestGameOverCitesRule: a game that ends passes; one declared over with
// no result event does not.
func TestGameOverCitesRule(t *testing.T) {
	g := newGame(t)
	inv := difftest.NewInvariants(nil)
	for i := 0; i < 10000; i++ {
		d := g.Advance()
		if err := inv.Check(g, d); err != nil {
			t.Fatal(err)
		}
		if d.Kind == rt.DecideGameOver {
			break
		}
		if err := g.Submit(rt.PassPolicy{}.Decide(g, d)); err != nil {
			t.Fatal(err)
		}
	}
	if !g.Over() {
		t.Fatal("p2 with one card in library never lost")
	}
	g2 := newGame(t)
	if err := difftest.NewInvariants(nil).Check(g2, rt.Decision{Kind: rt.DecideGameOver, Player: -1}); err == nil {
		t.Fatal("a game over without a result passed")
	}
}

// TestFoundSeeds: games that once broke an invariant, played again. Seed
// 20633 declared attackers while a creature put into combat attacking was
// one of them: the combat's index must keep its first attack (issue 23).
func TestFoundSeeds(t *testing.T) {
	a, b, idx := engines(t)
	for _, seed := range []uint64{20633} {
		opt := difftest.Options{Turns: 60, Chaos: seed%4 != 0, Index: idx}
		if _, err := difftest.Compare(a, b, seed, opt); err != nil {
			t.Errorf("seed %d: %v", seed, err)
		}
	}
}
