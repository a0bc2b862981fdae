package engine_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/engine"
	"github.com/mtgc-dev/mtgc/internal/benchgame"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

func newBench(tb testing.TB, perPlayer int) *rt.Game {
	return benchgame.New(tb, engine.Rules, perPlayer)
}

func filler(n int) []rt.Card {
	deck := make([]rt.Card, n)
	for i := range deck {
		deck[i] = rt.Card{Name: "Card", Types: engine.Rules.Types("creature"), Power: 1, Toughness: 1}
	}
	return deck
}

func playTurn(tb testing.TB, g *rt.Game) int { return benchgame.PlayTurn(tb, g) }

func recycle(g *rt.Game) { benchgame.Recycle(g) }

func benchTurns(b *testing.B, perPlayer int) {
	g := newBench(b, perPlayer)
	playTurn(b, g)
	playTurn(b, g)
	recycle(g)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		playTurn(b, g)
		recycle(g)
	}
}

// BenchmarkTurnEmptyBoard: one whole turn (11 steps, every priority pass)
// with nothing on the battlefield.
func BenchmarkTurnEmptyBoard(b *testing.B) { benchTurns(b, 0) }

// BenchmarkTurn20Permanents: one whole turn with 20 permanents per player,
// all tapped, so the untap step untaps the active player's 20.
func BenchmarkTurn20Permanents(b *testing.B) { benchTurns(b, 20) }

// BenchmarkPriorityPass: one priority pass and the engine's reaction to it
// (the next player's priority, or the end of a step and the next one).
func BenchmarkPriorityPass(b *testing.B) {
	g := newBench(b, 0)
	playTurn(b, g)
	recycle(g)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d := g.Advance()
		answer := rt.Answer{Kind: rt.Pass}
		if d.Kind != rt.DecidePriority {
			answer = rt.Answer{Kind: rt.Declare}
		}
		if err := g.Submit(answer); err != nil {
			b.Fatal(err)
		}
		if g.CurrentStep() == "end" {
			recycle(g)
		}
	}
}

// BenchmarkClone40: cloning a game with 40 permanents.
func BenchmarkClone40(b *testing.B) {
	g := newBench(b, 20)
	playTurn(b, g)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = g.Clone()
	}
}

// TestEmptyBoardTurnAllocatesNothing guards the zero-allocation hot path.
func TestEmptyBoardTurnAllocatesNothing(t *testing.T) {
	g := newBench(t, 20)
	playTurn(t, g)
	playTurn(t, g)
	recycle(g)
	allocs := testing.AllocsPerRun(50, func() {
		playTurn(t, g)
		recycle(g)
	})
	if allocs != 0 {
		t.Errorf("a turn allocates %.1f times, want 0", allocs)
	}
}

// BenchmarkCopyFrom40: copying a game with 40 permanents into a game whose
// buffers are reused, as a search does.
func BenchmarkCopyFrom40(b *testing.B) {
	g := newBench(b, 20)
	playTurn(b, g)
	dst := g.Clone()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		dst.CopyFrom(g)
	}
}
