package engine_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestAttackOptionsAreWhatCheckAccepts: the attackers' options list, for
// each creature, exactly the targets a declaration of that creature alone
// is accepted with, and those are what the rules' can_attack_player and
// can_attack_permanent allow: p1's Bear may attack p2 and p2's
// planeswalker, not p1, not p3 who lost, not p1's own planeswalker, p2's
// creature or a planeswalker in a graveyard; p2's creature attacks nothing.
func TestAttackOptionsAreWhatCheckAccepts(t *testing.T) {
	g, err := rt.New(engine.Rules, rt.Config{Players: []rt.PlayerConfig{{Name: "p1", Deck: filler(5)}, {Name: "p2", Deck: filler(5)}, {Name: "p3", Deck: filler(5)}}, NoOpeningHand: true, NoShuffle: true})
	if err != nil {
		t.Fatal(err)
	}
	bear := rt.Card{Name: "Bear", Types: engine.Rules.Types("creature"), Power: 2, Toughness: 2}
	walker := func(name string) rt.Card {
		return rt.Card{Name: name, Types: engine.Rules.Types("planeswalker"), Subtypes: []string{name}}
	}
	loyalty := engine.Rules.Counter("loyalty")
	var ids []rt.ObjID
	for _, c := range []struct {
		card rt.Card
		p    int
		zone rt.Zone
	}{
		{bear, 0, rt.ZoneBattlefield}, {walker("mine"), 0, rt.ZoneBattlefield},
		{bear, 1, rt.ZoneBattlefield}, {walker("theirs"), 1, rt.ZoneBattlefield},
		{walker("gone"), 1, rt.ZoneGraveyard}, {walker("lost"), 2, rt.ZoneBattlefield},
	} {
		x, err := g.Create(c.card, c.p, c.zone)
		if err != nil {
			t.Fatal(err)
		}
		g.Obj(x).Counters[loyalty] = 3
		ids = append(ids, x)
	}
	g.Players[2].Lost = true
	if err := g.StartAt(2, 0, "declare_attackers"); err != nil {
		t.Fatal(err)
	}
	until(t, g, rt.DecideAttackers)
	listed := map[rt.ObjID][]int32{}
	for _, o := range g.Options(nil, false) {
		listed[o.Obj] = append(listed[o.Obj], o.Target)
	}
	accepted := map[rt.ObjID][]int32{}
	for _, x := range ids {
		for _, tg := range append([]int32{rt.PlayerCode(0), rt.PlayerCode(1), rt.PlayerCode(2)}, objs(ids)...) {
			if g.Check(rt.Answer{Kind: rt.Declare, Objs: []rt.ObjID{x}, Targets: []int32{tg}}) == nil {
				accepted[x] = append(accepted[x], tg)
			}
		}
	}
	want := map[rt.ObjID][]int32{ids[0]: {rt.PlayerCode(1), int32(ids[3])}}
	if d := cmp.Diff(want, listed); d != "" {
		t.Errorf("options (-want +got):\n%s", d)
	}
	if d := cmp.Diff(want, accepted); d != "" {
		t.Errorf("accepted by Check (-want +got):\n%s", d)
	}
}

func objs(ids []rt.ObjID) []int32 {
	out := make([]int32, len(ids))
	for i, x := range ids {
		out[i] = int32(x)
	}
	return out
}
