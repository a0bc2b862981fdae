package interp_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/interp"
	"github.com/mtgc-dev/mtgc/rules"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestDeclarationCombinesInMtg: how the kinds combine for a declaration is
// the .mtg's, in the clauses its statements state (declarable...), not the
// runtime's. With the 2025 rules a creature with defender (702.3b, a
// cant_attack) is refused as an attacker; the same rules with the
// declarable clause of the attackers written without "and not
// holds(cant_attack, a)" let it attack, with no Go changed.
func TestDeclarationCombinesInMtg(t *testing.T) {
	const who = "given(a, holds(can_attack, a) and not holds(cant_attack, a))"
	for _, c := range []struct {
		name    string
		edit    func([]byte) []byte
		refused bool
	}{
		{"rules as written", func(b []byte) []byte { return b }, true},
		{"cant_attack left out", func(b []byte) []byte {
			return bytes.Replace(b, []byte(who), []byte("given(a, holds(can_attack, a))"), 1)
		}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := rules.Editions()[0]
			srcs, idx, err := compiler.ReadEdition(rules.FS, e.Dir, e.Shown)
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for i := range srcs {
				if bytes.Contains(srcs[i].Data, []byte(who)) {
					srcs[i].Data, found = c.edit(bytes.Clone(srcs[i].Data)), true
				}
			}
			if !found {
				t.Fatalf("no source says %s", who)
			}
			p, err := compiler.Compile(srcs, idx)
			if err != nil {
				t.Fatal(err)
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
			wall, err := g.Create(rt.Card{Name: "Wall", Types: r.Types("creature"), Power: 0, Toughness: 4, Keywords: []string{"defender"}}, 0, rt.ZoneBattlefield)
			if err != nil {
				t.Fatal(err)
			}
			// A creature that may attack, so that the declaration is asked.
			if _, err := g.Create(rt.Card{Name: "Bear", Types: r.Types("creature"), Power: 2, Toughness: 2}, 0, rt.ZoneBattlefield); err != nil {
				t.Fatal(err)
			}
			if err := g.StartAt(2, 0, "declare_attackers"); err != nil {
				t.Fatal(err)
			}
			d := g.Advance()
			for n := 0; d.Kind != rt.DecideAttackers; n++ {
				if n > 50 || d.Kind == rt.DecideGameOver || d.Kind == rt.DecideStuck {
					t.Fatalf("no declaration of attackers asked (%v, %s)", d.Kind, g.CurrentStep())
				}
				if err := g.Submit(rt.Answer{Kind: rt.Pass}); err != nil {
					t.Fatal(err)
				}
				d = g.Advance()
			}
			err = g.Submit(rt.Answer{Kind: rt.Declare, Objs: []rt.ObjID{wall}})
			var ref *rt.Refusal
			switch {
			case c.refused && (err == nil || !errors.As(err, &ref) || ref.Rule != "702.3b"):
				t.Errorf("the Wall with defender attacking: %v, want refused citing 702.3b", err)
			case !c.refused && err != nil:
				t.Errorf("the Wall with defender attacking, cant_attack left out of who may attack: refused (%v), want it to attack", err)
			}
		})
	}
}
