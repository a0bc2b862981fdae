package engine_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestRunEffect: the rules' effects run through Game.RunEffect, which
// reports whether anything changed, and refuses arguments that name no
// object or player, or the wrong number of them, without running.
func TestRunEffect(t *testing.T) {
	c := func(name string) rt.Card {
		return rt.Card{Name: name, Types: engine.Rules.Types("creature"), Power: 1, Toughness: 1}
	}
	g, ids := combatAt(t, [2][]rt.Card{{c("A"), c("B")}, {c("X")}})
	until(t, g, rt.DecideAttackers)
	if err := g.Submit(rt.Answer{Kind: rt.Declare, Objs: ids[0][:1]}); err != nil {
		t.Fatal(err)
	}
	g.Advance()
	put := engine.Rules.EffectIndex("put_attacking")
	if put < 0 || engine.Rules.EffectIndex("no_such_effect") != -1 {
		t.Fatalf("EffectIndex: put_attacking at %d", put)
	}
	bad := [][]int32{
		{int32(ids[0][1])},           // too few
		{int32(ids[0][1]), 1, 0},     // too many
		{-5, 1},                      // no object
		{int32(len(g.Objs) + 10), 1}, // no object
		{int32(ids[0][1]), 7},        // no player
		{int32(ids[0][1]), -1},       // no player
	}
	for _, args := range bad {
		if (rt.Exec{Game: g}).RunEffect(put, args...) {
			t.Errorf("RunEffect(put_attacking, %v) changed the game", args)
		}
	}
	if (rt.Exec{Game: g}).Attacking(ids[0][1]) {
		t.Fatal("B attacks after refused effects")
	}
	if (rt.Exec{Game: g}).RunEffect(-1) || (rt.Exec{Game: g}).RunEffect(len(engine.Rules.Effects)) {
		t.Error("RunEffect of no effect changed the game")
	}
	if !(rt.Exec{Game: g}).RunEffect(put, int32(ids[0][1]), 1) || !(rt.Exec{Game: g}).Attacking(ids[0][1]) {
		t.Fatal("put_attacking B p2: not attacking")
	}
	if (rt.Exec{Game: g}).RunEffect(put, int32(ids[0][1]), 1) {
		t.Error("put_attacking an attacking creature again changed the game")
	}
}
