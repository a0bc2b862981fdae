package sim_test

import (
	"strings"
	"testing"

	cardengine "github.com/mtgc-dev/mtgc/cards/engine"
	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime"
	"github.com/mtgc-dev/mtgc/sim"
)

// TestCardDeck: a deck file names the cards of a card library ("COUNT
// NAME card"), and games between such decks run on the library's engine.
func TestCardDeck(t *testing.T) {
	const src = "# the library's cards\n17 Forest land basic sub=forest\n8 Serra_Angel card\n8 Juggernaut card\n7 Mogg_Flunkies card\n"
	deck, err := sim.ReadDeck(cardengine.Rules, strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(deck) != 40 || deck[17].Name != "Serra Angel" || deck[17].Power != 4 || len(deck[17].Keywords) != 2 || deck[25].Declared != "Juggernaut" {
		t.Fatalf("read %d cards: %+v, %+v", len(deck), deck[17], deck[25])
	}
	if _, err := sim.ReadDeck(engine.Rules, strings.NewReader(src)); err == nil || !strings.Contains(err.Error(), "declare no card") {
		t.Fatalf("a card the rules do not declare: %v", err)
	}
	if _, err := sim.ReadDeck(cardengine.Rules, strings.NewReader("4 Soldier_Token card\n")); err == nil || !strings.Contains(err.Error(), "a token of that name, not a card") {
		t.Fatalf("a token in a deck: %v", err)
	}
	s, err := sim.Run(sim.Config{
		Rules:    cardengine.Rules,
		Players:  []rt.PlayerConfig{{Name: "p1", Deck: deck}, {Name: "p2", Deck: deck}},
		Policies: []string{"uniform", "random"},
		Games:    6, Workers: 1, Seed: 7, Turns: 30, Alternate: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	if s.Decisions == 0 || s.Players[0].Wins+s.Players[1].Wins+s.Draws+s.Unfinished != 6 {
		t.Fatalf("implausible summary %+v", s)
	}
}
