package engine_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime"
)

// newBench returns a two-player game at the start of turn 1 with perPlayer
// permanents each (half lands, half creatures) and a library to draw from.
func newBench(tb testing.TB, perPlayer int) *rt.Game {
	g, err := engine.New(rt.Config{
		Players:       []rt.PlayerConfig{{Name: "p1", Deck: filler(10)}, {Name: "p2", Deck: filler(10)}},
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

func filler(n int) []rt.Card {
	deck := make([]rt.Card, n)
	for i := range deck {
		deck[i] = rt.Card{Name: "Card", Types: rt.TypeCreature, Power: 1, Toughness: 1}
	}
	return deck
}

// playTurn passes priority until the next turn begins. It returns the
// number of decisions answered.
func playTurn(tb testing.TB, g *rt.Game) int {
	turn := g.TurnNum
	n := 0
	for {
		d := g.Advance()
		if g.TurnNum != turn && turn != 0 {
			return n
		}
		answer := rt.Answer{Kind: rt.Pass}
		switch d.Kind {
		case rt.DecidePriority:
		case rt.DecideAttackers, rt.DecideBlockers:
			answer = rt.Answer{Kind: rt.Declare} // no combat
		default:
			tb.Fatalf("unexpected decision %v", d.Kind)
		}
		if err := g.Submit(answer); err != nil {
			tb.Fatal(err)
		}
		n++
		if turn == 0 {
			turn = g.TurnNum
		}
	}
}

// recycle keeps a benchmark game in a steady state: the drawn cards go
// back to the library, the log is emptied, permanents are tapped again.
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
