package interp_test

import (
	"bytes"
	"strings"
	"testing"

	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestDeclarationCostIsTheRules: what a declaration costs is the rules'
// clause (declaration_cost, a cost the rules give for each creature);
// the runtime totals it, each creature once, and refuses a declaration
// its player can't pay. Here every blocker costs {1}: a Bear blocking two
// Ogres costs {1} in all (paid with the one Forest: the Forest is tapped
// once the blocks are made); without the Forest the block is refused;
// with the clause not stated, it costs nothing; a cost the rules compute
// (if ... then ... else of costs) is the branch that holds.
func TestDeclarationCostIsTheRules(t *testing.T) {
	const head = "edition cr2017 \"t\"\noverride action \"509.1\" \"509.1b\" \"509.1d\" \"703.4j\" {\n" +
		"      declarable given(b, holds(can_block, b))\n" +
		"      declarable_at_most given(b, 2)\n"
	const cost = "      declaration_cost given(b, q, generic(1))\n"
	const tail = "      for each player q where q.attacked {\n        choose_blockers q\n      }\n    }\n"
	for _, tc := range []struct {
		name, src string
		forest    bool
		want      string // a refusal's words; "" accepted
	}{
		{"paid once for two blocks", head + cost + tail, true, ""},
		{"refused without mana", head + cost + tail, false, "can't pay 1, the total cost to block"},
		{"no cost stated", head + tail, false, ""},
		{"a cost computed", head + "      declaration_cost given(b, q, if b.power >= 2 then generic(1) + b.card_block_cost else generic(5))\n" + tail, true, ""},
		{"a cost computed, unpaid", head + "      declaration_cost given(b, q, if b.power >= 3 then generic(1) else generic(5))\n" + tail, true, "can't pay 5"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, r, g := cr2017With(t, "cost.mtg", tc.src)
			var ogres []rt.ObjID
			for range 2 {
				o, err := g.Create(rt.Card{Name: "Ogre", Types: r.Types("creature"), Power: 3, Toughness: 3}, 0, rt.ZoneBattlefield)
				if err != nil {
					t.Fatal(err)
				}
				ogres = append(ogres, o)
			}
			bear, err := g.Create(rt.Card{Name: "Bear", Types: r.Types("creature"), Power: 2, Toughness: 2}, 1, rt.ZoneBattlefield)
			if err != nil {
				t.Fatal(err)
			}
			forest := rt.NoObj
			if tc.forest {
				if forest, err = g.Create(rt.Card{Name: "Forest", Types: r.Types("land"), Subtypes: []string{"forest"}}, 1, rt.ZoneBattlefield); err != nil {
					t.Fatal(err)
				}
			}
			toBlockers(t, g, ogres)
			var before, after bytes.Buffer
			if err := g.Save(&before); err != nil {
				t.Fatal(err)
			}
			err = g.Submit(rt.Answer{Kind: rt.Declare, Objs: []rt.ObjID{bear, bear}, Targets: []int32{int32(ogres[0]), int32(ogres[1])}})
			if tc.want != "" {
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("refusal %v, want one saying %q", err, tc.want)
				}
				if err := g.Save(&after); err != nil || !bytes.Equal(after.Bytes(), before.Bytes()) {
					t.Error("a refused declaration changed the game")
				}
				return
			}
			if err != nil {
				t.Fatalf("the block refused: %v", err)
			}
			g.Advance()
			if tc.forest && !g.Objs[forest].Tapped {
				t.Error("the Forest is untapped: the block's cost was not paid")
			}
		})
	}
}
