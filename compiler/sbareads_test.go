package compiler_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/rules"
	rt "github.com/mtgc-dev/mtgc/runtime"
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
		"704.5b": rt.ChangePlayers,
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
