package engine_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/mtgc-dev/mtgc/engine/cr2017"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestDeclarationShape: an answer to a declaration of attackers or
// blockers that is not one, whatever the rules say (of another kind,
// without a target per creature, naming what is not a permanent on the
// battlefield, a creature twice, a player or object the game does not
// have, an attacker that is not attacking), is refused citing the
// declaration's rule, by Check and by Submit alike, and the game is
// exactly as before (its saved state byte for byte).
func TestDeclarationShape(t *testing.T) {
	bears := rt.Card{Name: "Bears", Types: cr2017.Rules.Types("creature"), Power: 2, Toughness: 2}
	g, ids := combatAt(t, [2][]rt.Card{{bears, bears}, {bears, bears}})
	inHand, err := g.Create(bears, 0, rt.ZoneHand)
	if err != nil {
		t.Fatal(err)
	}
	a1, a2 := ids[0][0], ids[0][1]
	refuse := func(what string, d rt.Decision, a rt.Answer, want string) {
		t.Helper()
		var before, after bytes.Buffer
		if err := g.Save(&before); err != nil {
			t.Fatal(err)
		}
		for _, err := range []error{g.Check(a), g.Submit(a)} {
			var r *rt.Refusal
			switch {
			case !errors.As(err, &r):
				t.Errorf("%s: %v, want a refusal", what, err)
			case r.Rule != d.Rule || !strings.Contains(r.Msg, want):
				t.Errorf("%s: refused %q citing %s, want %q citing %s", what, r.Msg, r.Rule, want, d.Rule)
			}
		}
		if err := g.Save(&after); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(before.Bytes(), after.Bytes()) {
			t.Errorf("%s: the refused answer changed the game", what)
		}
	}
	d := until(t, g, rt.DecideAttackers)
	for _, c := range []struct {
		what string
		a    rt.Answer
		want string
	}{
		{"a pass", rt.Answer{Kind: rt.Pass}, "must declare attackers"},
		{"targets for some", rt.Answer{Kind: rt.Declare, Objs: []rt.ObjID{a1, a2}, Targets: []int32{rt.PlayerCode(1)}}, "one target per attacker"},
		{"a card in hand", rt.Answer{Kind: rt.Declare, Objs: []rt.ObjID{inHand}}, "not a permanent on the battlefield"},
		{"no object", rt.Answer{Kind: rt.Declare, Objs: []rt.ObjID{-7}}, "not a permanent on the battlefield"},
		{"twice", rt.Answer{Kind: rt.Declare, Objs: []rt.ObjID{a1, a1}}, "declared twice"},
		{"no such player", rt.Answer{Kind: rt.Declare, Objs: []rt.ObjID{a1}, Targets: []int32{rt.PlayerCode(5)}}, "no such player"},
		{"no such object", rt.Answer{Kind: rt.Declare, Objs: []rt.ObjID{a1}, Targets: []int32{9999}}, "no such object"},
	} {
		refuse("attackers, "+c.what, d, c.a, c.want)
	}
	if err := g.Submit(rt.Answer{Kind: rt.Declare, Objs: []rt.ObjID{a1, a2}}); err != nil {
		t.Fatal(err)
	}
	d = until(t, g, rt.DecideBlockers)
	b1, b2 := ids[1][0], ids[1][1]
	for _, c := range []struct {
		what string
		a    rt.Answer
		want string
	}{
		{"a pass", rt.Answer{Kind: rt.Pass}, "must declare blockers"},
		{"no attackers", rt.Answer{Kind: rt.Declare, Objs: []rt.ObjID{b1}}, "must declare blockers with the attacker each blocks"},
		{"twice the same", rt.Answer{Kind: rt.Declare, Objs: []rt.ObjID{b1, b1}, Targets: []int32{int32(a1), int32(a1)}}, "twice"},
		{"a blocker's creature", rt.Answer{Kind: rt.Declare, Objs: []rt.ObjID{b1}, Targets: []int32{int32(b2)}}, "not an attacking creature"},
		{"a card in hand", rt.Answer{Kind: rt.Declare, Objs: []rt.ObjID{inHand}, Targets: []int32{int32(a1)}}, "not a permanent on the battlefield"},
	} {
		refuse("blockers, "+c.what, d, c.a, c.want)
	}
	if err := g.Submit(rt.Answer{Kind: rt.Declare, Objs: []rt.ObjID{b1}, Targets: []int32{int32(a1)}}); err != nil {
		t.Fatal(err)
	}
}
