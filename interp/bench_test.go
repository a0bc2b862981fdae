package interp_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/engine"
	"github.com/mtgc-dev/mtgc/internal/benchgame"
	"github.com/mtgc-dev/mtgc/internal/difftest"
	"github.com/mtgc-dev/mtgc/interp"
	"github.com/mtgc-dev/mtgc/rules"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
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

func newBench(tb testing.TB, r *rt.Rules, perPlayer int) *rt.Game {
	return benchgame.New(tb, r, perPlayer)
}

func playTurn(tb testing.TB, g *rt.Game) { benchgame.PlayTurn(tb, g) }

func recycle(g *rt.Game) { benchgame.Recycle(g) }

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
				if (rt.Exec{Game: g}).CheckSBA() {
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
	srcs, idx, err := compiler.ReadEdition(rules.FS, "cr2017", rules.Dir+"/cr2017")
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
	srcs, idx, err := compiler.ReadEdition(rules.FS, "cr2017", rules.Dir+"/cr2017")
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
