// Package benchgame builds the steady-state games the turn benchmarks of
// the compiled engine and of the interpreter share, so that both measure
// exactly the same play.
package benchgame

import (
	"testing"

	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// New returns a two-player game under r at the start of turn 1 with
// perPlayer permanents each (half lands, half creatures) and a library of
// ten cards each to draw from.
func New(tb testing.TB, r *rt.Rules, perPlayer int) *rt.Game {
	deck := make([]rt.Card, 10)
	for i := range deck {
		deck[i] = rt.Card{Name: "Card", Types: r.Types("creature"), Power: 1, Toughness: 1}
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
			c := rt.Card{Name: "Forest", Types: r.Types("land"), Subtypes: []string{"forest"}}
			if i%2 == 1 {
				c = rt.Card{Name: "Bears", Types: r.Types("creature"), Power: 2, Toughness: 2}
			}
			if _, err := g.Create(c, p, rt.ZoneBattlefield); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return g
}

// PlayTurn passes priority until the next turn begins, attacking and
// blocking with nothing, and returns the number of answers it gave.
func PlayTurn(tb testing.TB, g *rt.Game) int {
	turn := g.TurnNum
	n := 0
	for {
		d := g.Advance()
		if g.TurnNum != turn && turn != 0 {
			return n
		}
		a := rt.Answer{Kind: rt.Pass}
		switch d.Kind {
		case rt.DecidePriority:
		case rt.DecideAttackers, rt.DecideBlockers, rt.DecideCards, rt.DecideDefender:
			a = rt.PassPolicy{}.Decide(g, d)
		default:
			tb.Fatalf("unexpected decision %v", d.Kind)
		}
		if err := g.Submit(a); err != nil {
			tb.Fatal(err)
		}
		n++
		if turn == 0 {
			turn = g.TurnNum
		}
	}
}

// Recycle keeps a game in a steady state: drawn cards go back to the
// library, the log is emptied, the permanents are tapped again.
func Recycle(g *rt.Game) {
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
