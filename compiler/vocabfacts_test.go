package compiler

import (
	"os"
	"testing"

	"github.com/mtgc-dev/mtgc/compiler/internal/vocabfacts"
)

// TestVocabFacts keeps vocabfacts_gen.go equal to what the runtime's
// source gives: a runtime function changed so that it reads another
// object (or the tapped flag, a mana pool, the turn's position) changes
// its row's facts, and this fails until go generate ./compiler runs.
func TestVocabFacts(t *testing.T) {
	if len(staleFacts) > 0 {
		t.Errorf("vocabfacts_gen.go has no facts for %v: run go generate ./compiler", staleFacts)
	}
	var funcs []string
	for _, b := range builtins {
		if b.Form != Verb {
			funcs = append(funcs, vocabfacts.FuncName(b.Fn))
		}
	}
	want, err := vocabfacts.Generate(".", funcs)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("vocabfacts_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("vocabfacts_gen.go is stale: run go generate ./compiler (the runtime's readers changed what they read)")
	}
}

// TestVocabFactsRows checks the facts the compiler's fast paths rely on
// most, as the rows have them: a sanity check of the wiring, not a second
// list of facts.
func TestVocabFactsRows(t *testing.T) {
	for _, c := range []struct {
		form  Form
		recv  Type
		name  string
		own   bool
		reads Reads
	}{
		{Attribute, Object, "controller", true, 0},
		{Attribute, Object, "combat_controller", true, ReadsCombat},
		{Attribute, Object, "attacking", true, ReadsCombat},
		{Attribute, Object, "attached_to", false, 0},
		{Attribute, Object, "tapped", false, ReadsTapped},
		{Attribute, Player, "mana", false, ReadsMana},
		{Function, Invalid, "is_type", true, 0},
		{Function, Invalid, "blocks", false, ReadsCombat},
		{Function, Invalid, "game_state_flag", false, ReadsHeld},
		{Function, Invalid, "player_state_number", false, ReadsHeld},
	} {
		b, ok := Lookup(c.form, c.recv, c.name)
		if !ok {
			t.Fatalf("no row %s", c.name)
		}
		if b.Own != c.own || b.Reads != c.reads {
			t.Errorf("%s: Own %v, Reads %d; want %v, %d", c.name, b.Own, b.Reads, c.own, c.reads)
		}
	}
}
