package interp_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/engine"
	"github.com/mtgc-dev/mtgc/internal/difftest"
	"github.com/mtgc-dev/mtgc/interp"
	"github.com/mtgc-dev/mtgc/rules"
	rt "github.com/mtgc-dev/mtgc/runtime"
)

// The benchmarks of engine/engine_test.go, each run on the compiled engine
// and on the interpreter with the same code, so that benchstat compares
// them line by line: go test -bench . -count 10 ./interp | benchstat -col /engine -

type side struct {
	name  string
	rules func(testing.TB) *rt.Rules
}

var sides = []side{
	{"engine=compiled", func(testing.TB) *rt.Rules { return engine.Rules }},
	{"engine=interpreted", interpRules},
}

// newBench mirrors engine_test.newBench: two players, perPlayer permanents
// each (half lands, half creatures) and a library to draw from.
func newBench(tb testing.TB, r *rt.Rules, perPlayer int) *rt.Game {
	deck := make([]rt.Card, 10)
	for i := range deck {
		deck[i] = rt.Card{Name: "Card", Types: rt.TypeCreature, Power: 1, Toughness: 1}
	}
	g, err := rt.New(r, rt.Config{
		Players:       []rt.PlayerConfig{{Name: "p1", Deck: deck}, {Name: "p2", Deck: deck}},
		NoOpeningHand: true,
	})
	if err != nil {
		tb.Fatal(err)
	}
	for p := 0; p < 2; p++ {
		for i := 0; i < perPlayer; i++ {
			c := rt.Card{Name: "Forest", Types: rt.TypeLand, Subtypes: []string{"forest"}}
			if i%2 == 1 {
				c = rt.Card{Name: "Bears", Types: rt.TypeCreature, Power: 2, Toughness: 2}
			}
			if _, err := g.Create(c, p, rt.ZoneBattlefield); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return g
}

// playTurn passes priority until the next turn begins (attacking and
// blocking with nothing).
func playTurn(tb testing.TB, g *rt.Game) {
	turn := g.TurnNum
	for {
		d := g.Advance()
		if g.TurnNum != turn && turn != 0 {
			return
		}
		a := rt.Answer{Kind: rt.Pass}
		switch d.Kind {
		case rt.DecidePriority:
		case rt.DecideCards:
			a = rt.PassPolicy{}.Decide(g, d)
		default:
			a = rt.Answer{Kind: rt.Declare}
		}
		if err := g.Submit(a); err != nil {
			tb.Fatal(err)
		}
		if turn == 0 {
			turn = g.TurnNum
		}
	}
}

// recycle keeps a game in a steady state: drawn cards go back, the log is
// emptied, permanents are tapped again.
func recycle(g *rt.Game) {
	for p := range g.Players {
		pl := g.P(p)
		for len(pl.Hand) > 0 {
			x := pl.Hand[len(pl.Hand)-1]
			pl.Hand = pl.Hand[:len(pl.Hand)-1]
			pl.Library = append(pl.Library, x)
			g.Obj(x).Zone = rt.ZoneLibrary
		}
	}
	for _, x := range g.Battlefield {
		g.Obj(x).Tapped = true
	}
	g.Log = g.Log[:0]
	g.Touch()
}

func benchTurns(b *testing.B, perPlayer int) {
	for _, s := range sides {
		b.Run(s.name, func(b *testing.B) {
			g := newBench(b, s.rules(b), perPlayer)
			playTurn(b, g)
			playTurn(b, g)
			recycle(g)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				playTurn(b, g)
				recycle(g)
			}
		})
	}
}

// BenchmarkTurnEmptyBoard: one whole turn, every priority pass, nothing on
// the battlefield.
func BenchmarkTurnEmptyBoard(b *testing.B) { benchTurns(b, 0) }

// BenchmarkTurn20Permanents: one whole turn with 20 tapped permanents per
// player.
func BenchmarkTurn20Permanents(b *testing.B) { benchTurns(b, 20) }

// BenchmarkPriorityPass: one priority pass and the engine's reaction.
func BenchmarkPriorityPass(b *testing.B) {
	for _, s := range sides {
		b.Run(s.name, func(b *testing.B) {
			g := newBench(b, s.rules(b), 0)
			playTurn(b, g)
			recycle(g)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				d := g.Advance()
				a := rt.Answer{Kind: rt.Pass}
				if d.Kind != rt.DecidePriority {
					a = rt.Answer{Kind: rt.Declare}
				}
				if err := g.Submit(a); err != nil {
					b.Fatal(err)
				}
				if g.CurrentStep() == "end" {
					recycle(g)
				}
			}
		})
	}
}

// BenchmarkClone40: cloning a game with 40 permanents (the engine does not
// matter: Clone is the runtime's).
func BenchmarkClone40(b *testing.B) {
	g := newBench(b, engine.Rules, 20)
	playTurn(b, g)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = g.Clone()
	}
}

// BenchmarkSBACheck: a forced state-based-action check of 40 permanents
// where nothing applies.
func BenchmarkSBACheck(b *testing.B) {
	for _, s := range sides {
		b.Run(s.name, func(b *testing.B) {
			g := newBench(b, s.rules(b), 20)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				g.Touch()
				if g.CheckSBA() {
					b.Fatal("a state-based action applied")
				}
			}
		})
	}
}

// BenchmarkRandomGame: one whole random game of the built-in random decks
// (difftest's, with chaos), invariants not checked: games per second per
// core is 1e9 / ns/op.
func BenchmarkRandomGame(b *testing.B) {
	for _, s := range sides {
		b.Run(s.name, func(b *testing.B) {
			e := difftest.Engine{Name: s.name, Rules: s.rules(b)}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := difftest.Play(e, uint64(i%64)+1, difftest.Options{Chaos: true, NoInvariants: true}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkCheckGen: mtgc check + gen of the rules folder, in process:
// reading, parsing, checking and generating gofmt'd Go.
func BenchmarkCheckGen(b *testing.B) {
	srcs, idx, err := compiler.ReadDirAs(rules.FS, ".", rules.Dir)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		p, err := compiler.Compile(srcs, idx)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := compiler.Generate(p, compiler.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckInterp: what mtgc test does before running a changed
// ruleset: check it and build the interpreter's rules.
func BenchmarkCheckInterp(b *testing.B) {
	srcs, idx, err := compiler.ReadDirAs(rules.FS, ".", rules.Dir)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		p, err := compiler.Compile(srcs, idx)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := interp.Rules(p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCorpus: the whole conformance corpus, in process, as mtgc test
// runs it.
func BenchmarkCorpus(b *testing.B) {
	scripts, err := conformance.ReadCorpus("../conformance/testdata")
	if err != nil {
		b.Fatal(err)
	}
	for _, s := range sides {
		b.Run(s.name, func(b *testing.B) {
			r := s.rules(b)
			for i := 0; i < b.N; i++ {
				conformance.RunScripts(conformance.Config{Rules: r}, scripts, false)
			}
		})
	}
}

// TestTurnAllocatesNothing: the interpreter keeps its variables on the
// game's scratch stack, so a whole turn allocates nothing, as the compiled
// engine's does.
func TestTurnAllocatesNothing(t *testing.T) {
	g := newBench(t, interpRules(t), 20)
	playTurn(t, g)
	playTurn(t, g)
	recycle(g)
	allocs := testing.AllocsPerRun(50, func() {
		playTurn(t, g)
		recycle(g)
	})
	if allocs != 0 {
		t.Errorf("an interpreted turn allocates %.1f times, want 0", allocs)
	}
}
