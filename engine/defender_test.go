package engine_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestDefenderForgottenAfterCombat: the defending player chosen for a
// combat is forgotten as it ends (clear_combat), even when the attack
// left in the list is another player's (ClearCombat then keeps the rest):
// kept, the next player's combat took it as already chosen, and a player
// was once its own defending player (difftest -rules cards, seed 190).
func TestDefenderForgottenAfterCombat(t *testing.T) {
	deck := rt.SampleDeck(engine.Rules, "green")
	g, err := rt.New(engine.Rules, rt.Config{Players: []rt.PlayerConfig{{Name: "p1", Deck: deck}, {Name: "p2", Deck: deck}, {Name: "p3", Deck: deck}}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	g.Combat.Defender, g.Combat.DefenderChosen = 0, true
	g.Combat.Attacks = append(g.Combat.Attacks, rt.Attack{Attacker: 0, Target: rt.NoObj, Controller: 2, Player: 0})
	rt.Exec{Game: g}.ClearCombat(1, "511.3")
	if g.Combat.DefenderChosen {
		t.Errorf("after p2's combat, the defending player p2 chose is still chosen: the next combat would keep it")
	}
	if e := (rt.Exec{Game: g}); e.Defender() != -1 {
		t.Errorf("game.defender = %d after the combat, want none (-1)", e.Defender())
	}
}
