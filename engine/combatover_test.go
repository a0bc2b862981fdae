package engine_test

import (
	"strings"
	"testing"

	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestCombatOverWithoutEndStep: a combat is over as its phase ends, even
// when its end of combat step does not happen: skipped by an effect
// (500.11), or the turn ended from inside it (723.1, Time Stop: go_to_step
// cleanup). The defending player chosen in it (507.1) is then not taken
// as the next combat's: with three players, p1's choice of p2 kept into
// p2's turn made p2 its own defending player, every attack broke 506.2a,
// and a creature that must attack left no legal declaration (mtgc
// difftest -rules cards, seed 190: stopped for want of a legal answer).
func TestCombatOverWithoutEndStep(t *testing.T) {
	for _, how := range []string{"end_of_combat skipped", "turn ended"} {
		t.Run(how, func(t *testing.T) {
			ps := []rt.PlayerConfig{{Name: "p1", Deck: filler(20)}, {Name: "p2", Deck: filler(20)}, {Name: "p3", Deck: filler(20)}}
			g, err := rt.New(engine.Rules, rt.Config{Players: ps, NoOpeningHand: true, NoShuffle: true})
			if err != nil {
				t.Fatal(err)
			}
			if err := g.StartAt(2, 0, "beginning_of_combat"); err != nil {
				t.Fatal(err)
			}
			d := g.Advance()
			if d.Kind != rt.DecideDefender || d.Player != 0 {
				t.Fatalf("p1's beginning of combat: %+v, want p1 to choose the defending player", d)
			}
			if err := g.Submit(rt.Answer{Kind: rt.Declare, Targets: []int32{rt.PlayerCode(1)}}); err != nil {
				t.Fatal(err)
			}
			if d := g.Advance(); d.Kind != rt.DecidePriority || g.CurrentStep() != "beginning_of_combat" {
				t.Fatalf("after the choice: %v in %s", d.Kind, g.CurrentStep())
			}
			switch how {
			case "end_of_combat skipped":
				rt.Exec{Game: g}.AddSkip(0, "end_of_combat")
			default:
				rt.Exec{Game: g}.GoToStep(stepID(t, "cleanup"), "723.1d")
			}
			// On to p2's turn, everyone passing, no one attacking.
			for i := 0; g.TurnNum == 2 || g.CurrentStep() != "beginning_of_combat"; i++ {
				if i > 500 {
					t.Fatalf("p2's combat never came: turn %d, %s", g.TurnNum, g.CurrentStep())
				}
				d := g.Advance()
				if d.Kind == rt.DecideGameOver || d.Kind == rt.DecideStuck {
					t.Fatalf("the game ended: %v", d.Kind)
				}
				if g.TurnNum != 2 && g.CurrentStep() == "beginning_of_combat" {
					break
				}
				if err := g.Submit(rt.PassPolicy{}.Decide(g, d)); err != nil {
					t.Fatalf("turn %d, %s: %v", g.TurnNum, g.CurrentStep(), err)
				}
			}
			if g.Active != 1 {
				t.Fatalf("turn %d is p%d's, want p2's", g.TurnNum, g.Active+1)
			}
			if d := g.Pending(); d.Kind != rt.DecideDefender || d.Player != 1 {
				t.Errorf("p2's beginning of combat: %+v (game.defender p%d), want p2 to choose its defending player (p1's choice of p2 forgotten)", d, rt.Exec{Game: g}.Defender()+1)
			}
		})
	}
}

// TestOwnDefendingPlayerLeavesNoAttack: when the defending player is the
// attacking player itself (the state TestCombatOverWithoutEndStep no
// longer reaches), every attack breaks 506.2a, so a creature that must
// attack can't: declaring none is legal. The search for a declaration
// obeying more requirements tried the creature attacking its own
// controller, which Check refuses, and refused every declaration.
func TestOwnDefendingPlayerLeavesNoAttack(t *testing.T) {
	ps := []rt.PlayerConfig{{Name: "p1", Deck: filler(5)}, {Name: "p2", Deck: filler(5)}, {Name: "p3", Deck: filler(5)}}
	g, err := rt.New(engine.Rules, rt.Config{Players: ps, NoOpeningHand: true, NoShuffle: true})
	if err != nil {
		t.Fatal(err)
	}
	x, err := g.Create(rt.Card{Name: "A", Types: engine.Rules.Types("creature"), Power: 1, Toughness: 1, Keywords: []string{"attacks_each_combat"}}, 0, rt.ZoneBattlefield)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.StartAt(2, 0, "declare_attackers"); err != nil {
		t.Fatal(err)
	}
	g.Combat.Defender, g.Combat.DefenderChosen = 0, true
	d := g.Advance()
	if d.Kind != rt.DecideAttackers || d.Player != 0 {
		t.Fatalf("%+v, want p1's declaration of attackers", d)
	}
	for _, q := range []int{1, 2} {
		if err := g.Check(rt.Answer{Kind: rt.Declare, Objs: []rt.ObjID{x}, Targets: []int32{rt.PlayerCode(q)}}); err == nil || !strings.Contains(err.Error(), "506.2a") {
			t.Errorf("A attacking p%d: %v, want refused by 506.2a", q+1, err)
		}
	}
	if err := g.Check(rt.Answer{Kind: rt.Declare}); err != nil {
		t.Errorf("no attacker: %v, want legal (no attack breaks no restriction)", err)
	}
	if a := g.DefaultDeclare(d); len(a.Objs) != 0 || g.Check(a) != nil {
		t.Errorf("the default declaration %+v: %v, want none, legal", a, g.Check(a))
	}
}
