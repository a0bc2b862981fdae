package interp_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/interp"
	"github.com/mtgc-dev/mtgc/rules"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestSBAsReadHeld: a value the game holds (state game NAME KIND) changing
// is a change the state-based actions that read it see (rt.ChangeHeld),
// and only those: rules whose sba reads game.night (a made-up "frail": a
// frail creature is destroyed at night) destroy it at the first check
// after it becomes night (502.2, in the untap step: nothing else on the
// battlefield changed since the last check); 704.5b reads such a value
// (p.drew_from_empty), 704.5g none.
func TestSBAsReadHeld(t *testing.T) {
	const frail = `edition cr2025 "t"
keyword frail
sba "704.5" {
  for each creature c where game.night and c has frail {
    destroy c
  }
}
`
	e := rules.Editions()[0]
	srcs, idx, err := compiler.ReadEdition(rules.FS, e.Dir, e.Shown)
	if err != nil {
		t.Fatal(err)
	}
	p, err := compiler.Compile(append(srcs, compiler.Source{Name: "rules/frail.mtg", Data: []byte(frail)}), idx)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range p.SBAs {
		switch {
		case s.Pos.File == "rules/frail.mtg" && s.Reads&rt.ChangeHeld == 0:
			t.Errorf("the sba reading game.night reads %b: not the values the game holds", s.Reads)
		case s.Rules[0] == "704.5b" && s.Reads&rt.ChangeHeld == 0:
			t.Errorf("sba 704.5b reads %b: not p.drew_from_empty, a value a player holds", s.Reads)
		case s.Rules[0] == "704.5g" && s.Reads&rt.ChangeHeld != 0:
			t.Errorf("sba 704.5g reads %b: the values players and the game hold, which it does not read", s.Reads)
		}
	}
	r, err := interp.Rules(p)
	if err != nil {
		t.Fatal(err)
	}
	deck := []rt.Card{{Name: "Bear", Types: r.Types("creature"), Power: 2, Toughness: 2}}
	g, err := rt.New(r, rt.Config{Players: []rt.PlayerConfig{{Name: "p1", Deck: deck}, {Name: "p2", Deck: deck}}, NoOpeningHand: true})
	if err != nil {
		t.Fatal(err)
	}
	dryad, err := g.Create(rt.Card{Name: "Dryad", Types: r.Types("creature"), Power: 1, Toughness: 1, Keywords: []string{"frail"}}, 1, rt.ZoneBattlefield)
	if err != nil {
		t.Fatal(err)
	}
	day, ok := r.HeldState("day")
	if !ok {
		t.Fatal("the rules hold no day")
	}
	if err := g.StartAt(1, 0, "end"); err != nil {
		t.Fatal(err)
	}
	g.States[day.Slot] = 1 // day; p1 casts no spell this turn: night as turn 2 begins
	for n := 0; ; n++ {
		d := g.Advance()
		if g.TurnNum == 2 && g.CurrentStep() == "upkeep" && d.Kind == rt.DecidePriority {
			break
		}
		if n > 100 || d.Kind == rt.DecideGameOver || d.Kind == rt.DecideStuck {
			t.Fatalf("no priority in turn 2's upkeep (turn %d, %s, %v)", g.TurnNum, g.CurrentStep(), d.Kind)
		}
		if err := g.Submit(rt.Answer{Kind: rt.Pass}); err != nil {
			t.Fatal(err)
		}
	}
	night, _ := r.HeldState("night")
	if g.States[night.Slot] == 0 {
		t.Fatal("it did not become night")
	}
	if z := g.Objs[dryad].Zone; z != rt.ZoneGraveyard {
		t.Errorf("at night, the frail Dryad is in the %v, want the graveyard", z)
	}
}
