package sim

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	rt "github.com/mtgc-dev/mtgc/runtime"
)

// Vanilla is issue 12's deck: 24 Forest and 36 vanilla 2/2 creatures
// costing {1}{G}, under rules that declare the card types land and
// creature.
func Vanilla(r *rt.Rules) []rt.Card {
	deck := make([]rt.Card, 0, 60)
	for i := 0; i < 24; i++ {
		deck = append(deck, rt.Card{Name: "Forest", Types: r.Types("land"), Super: rt.SuperBasic, Subtypes: []string{"forest"}})
	}
	for i := 0; i < 36; i++ {
		deck = append(deck, rt.Card{Name: "Bear", Types: r.Types("creature"), Power: 2, Toughness: 2,
			Cost: rt.Cost{Generic: 1, Colored: rt.Mana{rt.Green: 1}}})
	}
	return deck
}

// BuiltinDecks are the decks a name selects: vanilla, green, red.
var BuiltinDecks = map[string]func(*rt.Rules) []rt.Card{
	"vanilla": Vanilla,
	"green":   func(r *rt.Rules) []rt.Card { return rt.SampleDeck(r, "green") },
	"red":     func(r *rt.Rules) []rt.Card { return rt.SampleDeck(r, "red") },
}

// MaxDeckLines bounds a deck file.
const MaxDeckLines = 1000

// ReadDeck reads a deck: a JSON list of runtime.Card (as replays hold
// them) if it starts with '[', else lines of
//
//	COUNT NAME WORD...
//
// where NAME uses '_' for spaces and each WORD is a card type or supertype
// (creature, land, basic, legendary...), P/T ("2/2"), cost=COST ("1G"),
// sub=SUBTYPE, kw=KEYWORD or timing=NAME, or card: the card the rules
// declare by that name (a card library's: "4 Serra_Angel card"), with its
// characteristics and abilities. '#' starts a comment. At most
// MaxReplayCards cards. Card types are those the rules declare.
func ReadDeck(rules *rt.Rules, r io.Reader) ([]rt.Card, error) {
	br := bufio.NewReader(io.LimitReader(r, 1<<20))
	if b, err := br.Peek(1); err == nil && b[0] == '[' {
		var deck []rt.Card
		if err := json.NewDecoder(br).Decode(&deck); err != nil {
			return nil, fmt.Errorf("deck: %v", err)
		}
		if len(deck) > rt.MaxReplayCards {
			return nil, fmt.Errorf("deck of %d cards: at most %d", len(deck), rt.MaxReplayCards)
		}
		return deck, nil
	}
	var deck []rt.Card
	sc := bufio.NewScanner(br)
	line := 0
	for sc.Scan() {
		line++
		if line > MaxDeckLines {
			return nil, fmt.Errorf("deck: more than %d lines", MaxDeckLines)
		}
		text, _, _ := strings.Cut(sc.Text(), "#")
		f := strings.Fields(text)
		if len(f) == 0 {
			continue
		}
		if len(f) < 2 {
			return nil, fmt.Errorf("deck:%d: want COUNT NAME WORD...", line)
		}
		count, err := strconv.Atoi(f[0])
		if err != nil || count < 1 || len(deck)+count > rt.MaxReplayCards {
			return nil, fmt.Errorf("deck:%d: count %q: want 1 to %d cards in all", line, f[0], rt.MaxReplayCards)
		}
		c := rt.Card{Name: strings.ReplaceAll(f[1], "_", " ")}
		words := f[2:]
		if i := slices.Index(words, "card"); i >= 0 {
			// A card the rules declare (a card library): its
			// characteristics and abilities; the other words add to them.
			lib, ok := rules.Card(c.Name)
			if !ok {
				return nil, fmt.Errorf("deck:%d: %s card: these rules declare no card of that name (mtgc sim -rules DIR names a card library)", line, c.Name)
			}
			if lib.Token {
				return nil, fmt.Errorf("deck:%d: %s card: the rules declare a token of that name, not a card: a deck holds cards (a statement creates the token)", line, c.Name)
			}
			c, words = lib, slices.Delete(slices.Clone(words), i, i+1)
		}
		for _, w := range words {
			if err := cardWord(rules, &c, w); err != nil {
				return nil, fmt.Errorf("deck:%d: %v", line, err)
			}
		}
		for i := 0; i < count; i++ {
			deck = append(deck, c)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("deck: %v", err)
	}
	if len(deck) == 0 {
		return nil, fmt.Errorf("deck: no cards")
	}
	return deck, nil
}

func cardWord(r *rt.Rules, c *rt.Card, w string) error {
	if t, ok := r.ParseType(w); ok {
		c.Types |= t
		return nil
	}
	if s, ok := rt.ParseSuper(w); ok {
		c.Super |= s
		return nil
	}
	if k, v, ok := strings.Cut(w, "="); ok {
		switch k {
		case "cost":
			cost, ok := rt.ParseCost(v)
			if !ok {
				return fmt.Errorf("cost %q: want a cost like 1G or 2WW", v)
			}
			c.Cost = cost
		case "sub":
			c.Subtypes = append(c.Subtypes, v)
		case "kw":
			c.Keywords = append(c.Keywords, v)
		case "timing":
			c.Timing = v
		default:
			return fmt.Errorf("unknown %s= (want cost=, sub=, kw= or timing=)", k)
		}
		return nil
	}
	if p, t, ok := strings.Cut(w, "/"); ok {
		pw, err1 := strconv.Atoi(p)
		tg, err2 := strconv.Atoi(t)
		if err1 != nil || err2 != nil || pw < -1000 || pw > 1000 || tg < -1000 || tg > 1000 {
			return fmt.Errorf("power/toughness %q: want two numbers like 2/2", w)
		}
		c.Power, c.Toughness = int32(pw), int32(tg)
		return nil
	}
	return fmt.Errorf("unknown word %q (a card type, supertype, P/T, cost=, sub=, kw= or timing=)", w)
}
