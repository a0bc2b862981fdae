package conformance_test

import (
	"strings"
	"testing"

	"github.com/mtgc-dev/mtgc/cards"
	cardengine "github.com/mtgc-dev/mtgc/cards/engine"
	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/interp"
)

// TestCardLibrary runs the scripts of the card library (../cards, written
// over the default edition) on both back ends: the interpreter, from the
// library compiled with the rules, and the engine mtgc gen made of the
// same program (cards/engine). Each card's clauses are predicate clauses
// each back end evaluates as it evaluates the rules'; each script names
// its cards (battlefield p1 Juggernaut card), which the rules list. A
// script that declares its own cards (-- cards.mtg --, testdata/cards/own)
// runs on the interpreter alone: its cards are compiled with the
// library's program.
func TestCardLibrary(t *testing.T) {
	t.Run("interp", func(t *testing.T) {
		p, err := cards.Load()
		if err != nil {
			t.Fatal(err)
		}
		r, err := interp.Rules(p)
		if err != nil {
			t.Fatal(err)
		}
		srcs, idx, err := cards.Sources()
		if err != nil {
			t.Fatal(err)
		}
		cfg := conformance.Config{Rules: r, Cards: conformance.CompileCards(srcs, idx, interp.Rules)}
		conformance.RunWith(t, cfg, "../testdata/cards/scripts")
		// Scripts declaring their own cards (-- cards.mtg --).
		conformance.RunWith(t, cfg, "../testdata/cards/own")
	})
	t.Run("engine", func(t *testing.T) {
		conformance.Run(t, cardengine.Rules, "../testdata/cards/scripts", false)
	})
}

// TestScriptCardsGenerated: a generated engine skips a script that
// declares its own cards (its cards are compiled into it), saying why.
func TestScriptCardsGenerated(t *testing.T) {
	scripts, err := conformance.ReadCorpus("../testdata/cards/own")
	if err != nil || len(scripts) == 0 {
		t.Fatalf("%d scripts: %v", len(scripts), err)
	}
	for _, r := range conformance.RunScripts(conformance.Config{Rules: cardengine.Rules}, scripts, true) {
		if !r.Skipped || r.Failed || !strings.Contains(r.Log, "declares its own cards") {
			t.Errorf("%s: skipped %v, failed %v: %s", r.Script.Name, r.Skipped, r.Failed, r.Log)
		}
	}
}

// TestScriptCardsErrors: a script's cards get a rules file's positioned
// errors, at the lines of its cards.mtg (the edition line the harness
// adds above them is not counted).
func TestScriptCardsErrors(t *testing.T) {
	srcs, idx, err := cards.Sources()
	if err != nil {
		t.Fatal(err)
	}
	compile := conformance.CompileCards(srcs, idx, interp.Rules)
	_, err = compile("cards.mtg", []byte("# a card\ncard a \"A\" {\n  types creature\n  keywords flyng\n}\n"))
	if err == nil || !strings.Contains(err.Error(), "cards.mtg:4:12: card a: unknown keyword flyng") || !strings.Contains(err.Error(), "did you mean flying?") {
		t.Fatalf("got %v", err)
	}
	_, err = compile("cards.mtg", []byte("card juggernaut \"Juggernaut\" {\n}\n"))
	if err == nil || !strings.Contains(err.Error(), "cards.mtg:1:") {
		t.Fatalf("a card the library declares, declared again: got %v", err)
	}
	r, err := compile("cards.mtg", []byte("card a \"A\" {\n  types creature\n  power 1 toughness 1\n}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := r.Card("A"); !ok {
		t.Fatal("no card A")
	}
	if _, ok := r.Card("Juggernaut"); !ok {
		t.Fatal("the library's cards are gone")
	}
}
