package engine_test

import (
	"testing"

	cards "github.com/mtgc-dev/mtgc/cards/engine"
	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestGuardedPredicatesLive: a predicate guarded by a keyword no object
// of the game has is not evaluated, and becomes evaluated as soon as an
// object may have it, with no Touch: given by an effect (AddEffect), or
// printed on an object made during the game (Create). Without the
// runtime noting the keyword, Holds would go on reading the predicate
// list derived before (the harness's Touch after each command would hide
// it from the scripts).
func TestGuardedPredicatesLive(t *testing.T) {
	trample := engine.Rules.Keyword("trample")
	if trample < 0 {
		t.Fatal("no keyword trample")
	}
	g, err := rt.New(engine.Rules, rt.Config{Players: []rt.PlayerConfig{{Name: "p1", Deck: filler(5)}, {Name: "p2", Deck: filler(5)}}, NoOpeningHand: true, NoShuffle: true})
	if err != nil {
		t.Fatal(err)
	}
	x := rt.Exec{Game: g}
	lib := g.Players[0].Library
	a, b := lib[0], lib[1]
	if x.Holds(kind("trample"), a) {
		t.Fatal("trample holds for a card with no trample")
	}
	x.AddEffect(rt.Effect{Target: a, Label: "t", Keywords: 1 << uint(trample), Dur: rt.Duration{Kind: rt.UntilEndOfTurn}})
	if !x.Holds(kind("trample"), a) {
		t.Error("trample given by an effect: the trample predicate does not hold")
	}
	if x.Holds(kind("trample"), b) {
		t.Error("trample holds for a card no effect gave it")
	}

	g, err = rt.New(engine.Rules, rt.Config{Players: []rt.PlayerConfig{{Name: "p1", Deck: filler(5)}, {Name: "p2", Deck: filler(5)}}, NoOpeningHand: true, NoShuffle: true})
	if err != nil {
		t.Fatal(err)
	}
	x = rt.Exec{Game: g}
	if x.Holds(kind("trample"), g.Players[0].Library[0]) {
		t.Fatal("trample holds for a card with no trample")
	}
	tok, err := g.Create(rt.Card{Name: "Rhino", Types: engine.Rules.Types("creature"), Power: 4, Toughness: 4, Keywords: []string{"trample"}, Token: true}, 0, rt.ZoneBattlefield)
	if err != nil {
		t.Fatal(err)
	}
	if !x.Holds(kind("trample"), tok) {
		t.Error("a token made with trample: the trample predicate does not hold")
	}
}

// TestCardGuardedPredicatesLive: a card's clause (scoped by is_card) is
// not evaluated while no object of the game was made from the card, and
// is from the moment one is made, with no Touch.
func TestCardGuardedPredicatesLive(t *testing.T) {
	deck := func() []rt.Card {
		d := make([]rt.Card, 5)
		for i := range d {
			d[i] = rt.Card{Name: "Card", Types: cards.Rules.Types("creature"), Power: 1, Toughness: 1}
		}
		return d
	}
	g, err := rt.New(cards.Rules, rt.Config{Players: []rt.PlayerConfig{{Name: "p1", Deck: deck()}, {Name: "p2", Deck: deck()}}, NoOpeningHand: true, NoShuffle: true})
	if err != nil {
		t.Fatal(err)
	}
	x := rt.Exec{Game: g}
	b := g.Players[0].Library[0]
	if x.Holds(kind("must_attack"), b) {
		t.Fatal("a vanilla creature must attack")
	}
	jug, ok := cards.Rules.Card("Juggernaut")
	if !ok {
		t.Fatal("no Juggernaut in the card library")
	}
	a, err := g.Create(jug, 0, rt.ZoneBattlefield)
	if err != nil {
		t.Fatal(err)
	}
	if !x.Holds(kind("must_attack"), a) {
		t.Error("Juggernaut made during the game: its \"attacks each combat if able\" clause does not hold")
	}
}
