package rtimpl

// SampleDeck returns a small built-in deck: basic lands of one type and
// vanilla creatures of that color, for sample and random games, under
// rules that declare the card types land and creature.
func SampleDeck(r *Rules, color string) []Card {
	land, c := "forest", "G"
	names := []string{"Grizzly Bears", "Trained Armodon", "Craw Wurm"}
	if color == "red" {
		land, c = "mountain", "R"
		names = []string{"Goblin Piker", "Hill Giant", "Fire Elemental"}
	}
	landName := "Forest"
	if land == "mountain" {
		landName = "Mountain"
	}
	var deck []Card
	for i := 0; i < 17; i++ {
		deck = append(deck, Card{Name: landName, Types: r.Types("land"), Super: SuperBasic, Subtypes: []string{land}})
	}
	stats := [][3]int32{{2, 2, 2}, {3, 3, 3}, {6, 6, 4}}
	for i := 0; i < 23; i++ {
		s := stats[i%3]
		generic := s[0] - 1
		deck = append(deck, Card{
			Name: names[i%3], Types: r.Types("creature"), Power: s[1], Toughness: s[2],
			Cost: Cost{Generic: generic, Colored: colored(c)},
		})
	}
	return deck
}

func colored(c string) Mana {
	m, _ := ParseMana(c)
	return m
}
