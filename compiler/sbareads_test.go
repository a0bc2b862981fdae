package compiler_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/cards"
	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/rules"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestSBAReads: what each sba of the 2017 rules reads, derived from its
// match's IR, is what the incremental check relies on: a player's life is
// the players', a creature's damage the battlefield's, a token outside
// the battlefield every zone's; nothing reads everything.
func TestSBAReads(t *testing.T) {
	srcs, idx, err := compiler.ReadEdition(rules.FS, "cr2017", rules.Dir+"/cr2017")
	if err != nil {
		t.Fatal(err)
	}
	p, err := compiler.Compile(srcs, idx)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]rt.Changes{
		"704.5a": rt.ChangePlayers,
		"704.5b": rt.ChangePlayers | rt.ChangeBattlefield | rt.ChangeHeld, // a state players hold (drew_from_empty), read as a function of the player
		"704.5d": rt.ChangeBattlefield | rt.ChangeZones | rt.ChangePlayers,
		"704.5g": rt.ChangeBattlefield,
		"704.5k": rt.ChangeBattlefield,
	}
	for _, s := range p.SBAs {
		if s.Reads == 0 || s.Reads == rt.ChangeAll {
			t.Errorf("sba %s reads %b: want a part of the state", s.Rules[0], s.Reads)
		}
		if w, ok := want[s.Rules[0]]; ok && s.Reads != w {
			t.Errorf("sba %s reads %b, want %b", s.Rules[0], s.Reads, w)
		}
		if s.Reads&rt.ChangeTapped != 0 && !p.SBAsReadTapped {
			t.Errorf("sba %s reads tapped, the program says none does", s.Rules[0])
		}
	}
}

// TestSBAReadsCharacteristics: an sba reading a characteristic the rules
// derive reads what the derivation reads, a card's characteristic-defining
// ability included: with Maro ("power and toughness each equal to the
// number of cards in your hand") in the card library, 704.5f and 704.5g
// are matched again after a player's hand changes (a spell cast), not
// only after a change to the battlefield; the rules alone read the
// battlefield.
func TestSBAReadsCharacteristics(t *testing.T) {
	lib, err := cards.Load()
	if err != nil {
		t.Fatal(err)
	}
	e := rules.Editions()[0]
	srcs, idx, err := compiler.ReadEdition(rules.FS, e.Dir, e.Shown)
	if err != nil {
		t.Fatal(err)
	}
	base, err := compiler.Compile(srcs, idx)
	if err != nil {
		t.Fatal(err)
	}
	reads := func(p *compiler.Program, rule string) rt.Changes {
		for _, s := range p.SBAs {
			if s.Rules[0] == rule {
				return s.Reads
			}
		}
		t.Fatalf("no sba %s", rule)
		return 0
	}
	for _, rule := range []string{"704.5f", "704.5g"} {
		if r := reads(lib, rule); r&rt.ChangePlayers == 0 {
			t.Errorf("card library: sba %s reads %b, not the players' hands (Maro's toughness)", rule, r)
		}
		if r := reads(base, rule); r != rt.ChangeBattlefield {
			t.Errorf("rules: sba %s reads %b, want the battlefield", rule, r)
		}
	}
}

// TestSBAReadsCombat: who attacks and blocks what is a part of the state
// of its own (rt.ChangeCombat): an attack, a block or a creature leaving
// combat asks again only the sbas that read it. In cr2025 that is 704.5w
// (a battle with no protector that is not being attacked, x.attacked);
// 704.5g (lethal damage) and 704.5x (a Siege its controller protects)
// don't read it and are not matched again after a declaration. The
// conformance script 704.5w-battle-without-protector fails if 704.5w
// misses a creature leaving combat.
func TestSBAReadsCombat(t *testing.T) {
	p := defaultProgram(t)
	seen := 0
	for _, s := range p.SBAs {
		combat := s.Reads&rt.ChangeCombat != 0
		switch s.Rules[0] {
		case "704.5w":
			seen++
			if !combat {
				t.Errorf("sba 704.5w reads %b: not the combat (x.attacked)", s.Reads)
			}
		case "704.5g", "704.5x":
			seen++
			if combat {
				t.Errorf("sba %s reads %b: the combat, which it does not read", s.Rules[0], s.Reads)
			}
		}
	}
	if seen != 3 {
		t.Fatalf("found %d of the sbas 704.5w, 704.5g, 704.5x", seen)
	}
}

// TestSBAFeatures: an sba over permanents whose condition needs x to have
// a supertype, a subtype bit, an attachment, counters or a flag says so
// (rt.SBA.Features), and the runtime skips it for an object with none:
// 704.5j (legendary), 704.5q (+1/+1 counters first), 704.5r (counters of
// any kind), 704.5p (attached); 704.5g (lethal damage) and 704.5w (a
// battle, asked of its protector) have none.
func TestSBAFeatures(t *testing.T) {
	p := defaultProgram(t)
	want := map[string]uint64{
		"704.5j": rt.FeatureSuper << 1, // SuperLegendary
		"704.5q": rt.FeatureCounter << 0,
		"704.5r": rt.FeatureCounters,
		"704.5p": rt.FeatureAttached,
		"704.5g": 0,
		"704.5w": 0,
	}
	if rt.SuperLegendary != 1<<1 {
		t.Fatalf("SuperLegendary is %#x: the test's supertype bit is stale", rt.SuperLegendary)
	}
	seen := 0
	for _, s := range p.SBAs {
		if w, ok := want[s.Rules[0]]; ok {
			seen++
			if s.Features != w {
				t.Errorf("sba %s: Features %#x, want %#x", s.Rules[0], s.Features, w)
			}
		}
	}
	if seen != len(want) {
		t.Fatalf("found %d of the %d sbas", seen, len(want))
	}
}
