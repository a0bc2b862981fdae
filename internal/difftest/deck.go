// Package difftest plays seeded random games on two engines in lockstep
// and reports the first difference in their traces, decisions or states,
// checking invariants of the runtime after every answer on the way. The
// compiled engine and the interpreter are the intended pair: each is the
// other's oracle.
package difftest

import (
	"fmt"
	"strconv"

	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// Deck returns a seeded random deck of 40 cards in one color: 17 basic
// lands and 23 spells, mostly creatures with random power, toughness and
// keywords (among the rules' keywords), plus the odd permanent that state-
// based actions care about: legends sharing a name, planeswalkers (if the
// rules have them), world enchantments, Auras, Equipment, a token and a copy of a card;
// with rules that declare cards (a card library), half the creatures are
// those cards.
func Deck(rules *rt.Rules, rng *rt.RNG, keywords []string, color string) []rt.Card {
	ty := rules.Types
	land, sub, c := "Forest", "forest", "G"
	if color == "red" {
		land, sub, c = "Mountain", "mountain", "R"
	}
	colored, _ := rt.ParseMana(c)
	var lib []rt.Card // the library's cards, not its tokens (which no deck holds)
	for _, c := range rules.Cards {
		if !c.Token {
			lib = append(lib, c)
		}
	}
	var deck []rt.Card
	for i := 0; i < 17; i++ {
		deck = append(deck, rt.Card{Name: land, Types: ty("land"), Super: rt.SuperBasic, Subtypes: []string{sub}})
	}
	cost := func() rt.Cost { return rt.Cost{Generic: int32(rng.Intn(4)), Colored: colored} }
	for i := 0; i < 23; i++ {
		card := rt.Card{Cost: cost()}
		switch r := rng.Intn(20); {
		case r < 13 && len(lib) > 0 && rng.Intn(2) == 0:
			// A card the rules declare (a card library), at the deck's
			// cost so that it can be cast.
			card, _ = rules.Card(lib[rng.Intn(len(lib))].Name)
			card.Cost = cost()
		case r < 13:
			card.Name = fmt.Sprintf("%s Creature %d", color, i)
			card.Types = ty("creature")
			card.Power, card.Toughness = int32(rng.Intn(6)), int32(rng.Intn(6))
			for n := rng.Intn(3); n > 0 && len(keywords) > 0; n-- {
				k := keywords[rng.Intn(len(keywords))]
				if i := rules.Keyword(k); i >= 0 && rules.Parameterized.Has(i) {
					k += ":" + strconv.Itoa(1+rng.Intn(3)) // bushido:2
				}
				card.Keywords = append(card.Keywords, k)
			}
		case r < 15:
			card.Name = "Legend " + color
			card.Types, card.Super = ty("creature"), rt.SuperLegendary
			card.Power, card.Toughness = 2, 2
		case r < 16:
			sub := []string{"jace", "chandra"}[rng.Intn(2)]
			if walker, ok := rules.ParseType("planeswalker"); ok {
				card.Name = fmt.Sprintf("%s Walker %d", color, i)
				card.Types, card.Subtypes = walker, []string{sub}
			} else {
				// An edition without planeswalkers (cr1999, 212.1): a
				// vanilla creature in its place.
				card.Name = fmt.Sprintf("%s Creature %d", color, i)
				card.Types = ty("creature")
				card.Power, card.Toughness = 1, 1
			}
		case r < 17:
			card.Name = fmt.Sprintf("%s World %d", color, i)
			card.Types, card.Super = ty("enchantment"), rt.SuperWorld
		case r < 18:
			card.Name = fmt.Sprintf("%s Aura %d", color, i)
			card.Types, card.Subtypes = ty("enchantment"), []string{"aura"}
			card.Enchant = ty("creature")
		case r < 19:
			card.Name = fmt.Sprintf("%s Equipment %d", color, i)
			card.Types, card.Subtypes = ty("artifact"), []string{"equipment"}
		default:
			card.Name = fmt.Sprintf("%s Oddity %d", color, i)
			card.Types = ty("creature")
			card.Power, card.Toughness = 1, 1
			if rng.Intn(2) == 0 {
				card.Token = true // ceases to exist at the first check (704.5d)
			} else {
				card.Copy = rt.CardCopy // the same (704.5e)
			}
		}
		deck = append(deck, card)
	}
	return deck
}

// GameConfig is the configuration of the random game of a seed: two
// players with random decks of two colors (or, for one seed in four,
// three players), shuffled with the seed.
func GameConfig(r *rt.Rules, seed uint64) rt.Config {
	rng := rt.RNG{State: seed ^ 0xdec4}
	n := 2
	if rng.Intn(4) == 0 {
		n = 3
	}
	cfg := rt.Config{Seed: seed, Starting: rng.Intn(n)}
	for i := 0; i < n; i++ {
		color := []string{"green", "red"}[i%2]
		cfg.Players = append(cfg.Players, rt.PlayerConfig{Name: fmt.Sprintf("p%d", i+1), Deck: Deck(r, &rng, r.Keywords, color)})
	}
	return cfg
}
