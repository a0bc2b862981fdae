package interp_test

import (
	"io/fs"
	"testing"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/rules"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestSBAsReadTapped: the engine checks state-based actions again only
// after a change they could see. Rules whose sba reads x.tapped (a made-up
// "frail": a tapped frail creature is destroyed) see a land tapped for mana;
// the 2017 rules, whose sbas read neither tapped nor mana, are not asked to.
func TestSBAsReadTapped(t *testing.T) {
	const frail = `edition cr2017 "t"
keyword frail
sba "704.5" {
  for each creature c where c.tapped and c has frail {
    destroy c
  }
}
`
	srcs, idx, err := compiler.ReadEdition(rules.FS, "cr2017", rules.Dir+"/cr2017")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fs.Stat(rules.FS, "cr2017/cr2017.tsv"); err != nil {
		t.Fatal(err)
	}
	plain, err := compiler.Compile(srcs, idx)
	if err != nil {
		t.Fatal(err)
	}
	if plain.SBAsReadTapped || plain.SBAsReadMana {
		t.Errorf("the 2017 rules read tapped %v, mana %v: want neither", plain.SBAsReadTapped, plain.SBAsReadMana)
	}
	p, r, g := cr2017With(t, "frail.mtg", frail)
	if !p.SBAsReadTapped {
		t.Fatal("an sba reads c.tapped, and the program does not say so")
	}
	dryad, err := g.Create(rt.Card{Name: "Dryad", Types: r.Types("creature") | r.Types("land"), Subtypes: []string{"forest"}, Power: 1, Toughness: 1, Keywords: []string{"frail"}}, 0, rt.ZoneBattlefield)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.StartAt(2, 0, "precombat_main"); err != nil {
		t.Fatal(err)
	}
	if d := g.Advance(); d.Kind != rt.DecidePriority {
		t.Fatalf("waiting for %v", d.Kind)
	}
	if err := g.Submit(rt.Answer{Kind: rt.TapMana, Obj: dryad}); err != nil {
		t.Fatal(err)
	}
	g.Advance()
	if z := g.Objs[dryad].Zone; z != rt.ZoneGraveyard {
		t.Errorf("the tapped frail Dryad is in the %v, want the graveyard", z)
	}
}
