package engine_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/mtgc-dev/mtgc/engine/cr2017"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestRequirementSearchOracle checks the requirement maximisation of
// 508.1d and 509.1c against brute force, on random boards with the
// restrictions and requirements of the rules (can't attack alone, no more
// than one attacker, attacks each combat if able, menace, can't block
// alone, blocks each combat if able, an additional blocker, flying and
// reach, costs): every declaration a player could make is tried; those
// refused only by a requirement, and those accepted, are the ones that
// break no restriction; the engine must accept exactly those of them that
// obey the most requirements (each creature under "attacks (blocks) each
// combat if able" with no cost to pay, in a declaration, obeys one).
func TestRequirementSearchOracle(t *testing.T) {
	rng := rt.RNG{State: 7}
	boards := 200
	if testing.Short() {
		boards = 40
	}
	atkKw := []string{"attacks_each_combat", "attacks_each_combat", "cant_attack_alone", "one_attacker_each_combat", "flying", "menace", ""}
	blkKw := []string{"blocks_each_combat", "blocks_each_combat", "cant_block_alone", "blocks_additional_creature", "reach", "flying", ""}
	card := func(side []string, i int) rt.Card {
		c := rt.Card{Name: fmt.Sprintf("C%d", rng.Intn(3)), Types: cr2017.Rules.Types("creature"), Power: 1, Toughness: 1}
		for k := 0; k < 2; k++ {
			if kw := side[rng.Intn(len(side))]; kw != "" {
				c.Keywords = append(c.Keywords, kw)
			}
		}
		if rng.Intn(6) == 0 {
			c.AttackCost, c.BlockCost = rt.Cost{Generic: 1}, rt.Cost{Generic: 1}
		}
		c.Name += strings.Join(c.Keywords, "+") // identical cards share a name
		if c.AttackCost.ManaValue() > 0 {
			c.Name += "$"
		}
		_ = i
		return c
	}
	checked := [2]int{}
	for n := 0; n < boards; n++ {
		var sides [2][]rt.Card
		for i, k := 0, 1+rng.Intn(5); i < k; i++ {
			sides[0] = append(sides[0], card(atkKw, i))
		}
		for i, k := 0, 1+rng.Intn(4); i < k; i++ {
			sides[1] = append(sides[1], card(blkKw, i))
		}
		g, ids := combatAt(t, sides)
		until(t, g, rt.DecideAttackers)
		// Attacks: every subset of p1's creatures.
		var attacks []rt.Answer
		for mask := 0; mask < 1<<len(ids[0]); mask++ {
			a := rt.Answer{Kind: rt.Declare}
			for i, x := range ids[0] {
				if mask&(1<<i) != 0 {
					a.Objs = append(a.Objs, x)
				}
			}
			attacks = append(attacks, a)
		}
		weight := func(a rt.Answer, kw string) int {
			w := 0
			for i, x := range a.Objs {
				if seen := func() bool {
					for _, y := range a.Objs[:i] {
						if y == x {
							return true
						}
					}
					return false
				}(); seen {
					continue
				}
				f := rt.Exec{Game: g}.Face(x)
				cost := f.AttackCost
				if kw == "blocks_each_combat" {
					cost = f.BlockCost
				}
				if (rt.Exec{Game: g}).HasKeywordNamed(x, kw) && cost.ManaValue() == 0 {
					w++
				}
			}
			return w
		}
		board := fmt.Sprintf("board %d: %v against %v", n, names(sides[0]), names(sides[1]))
		// A creature with a cost can't attack or block here (no mana):
		// a declaration with one is illegal, whatever the engine says first.
		costly := func(a rt.Answer, block bool) bool {
			for _, x := range a.Objs {
				if c := (rt.Exec{Game: g}).Face(x).AttackCost; block {
					if (rt.Exec{Game: g}).Face(x).BlockCost.ManaValue() > 0 {
						return true
					}
				} else if c.ManaValue() > 0 {
					return true
				}
			}
			return false
		}
		checked[0] += oracle(t, g, attacks, func(a rt.Answer) int { return weight(a, "attacks_each_combat") }, func(a rt.Answer) bool { return costly(a, false) }, "must_attack", board)
		// Blocks: after the default attack, every choice of each blocker.
		a := rt.PassPolicy{}.Decide(g, g.Advance())
		if err := g.Submit(a); err != nil {
			t.Fatalf("%s: the default attack %v is refused: %v", board, a.Objs, err)
		}
		d := g.Advance()
		for d.Kind == rt.DecidePriority {
			if err := g.Submit(rt.Answer{Kind: rt.Pass}); err != nil {
				t.Fatal(err)
			}
			d = g.Advance()
		}
		if d.Kind != rt.DecideBlockers {
			continue
		}
		// Each blocker: nothing, one attacker, or two.
		var choices [][]rt.ObjID
		choices = append(choices, nil)
		for i, x := range a.Objs {
			choices = append(choices, []rt.ObjID{x})
			for _, y := range a.Objs[i+1:] {
				choices = append(choices, []rt.ObjID{x, y})
			}
		}
		var blocks []rt.Answer
		var build func(i int, cur rt.Answer)
		build = func(i int, cur rt.Answer) {
			if i == len(ids[1]) {
				blocks = append(blocks, rt.Answer{Kind: rt.Declare, Objs: append([]rt.ObjID(nil), cur.Objs...), Targets: append([]int32(nil), cur.Targets...)})
				return
			}
			for _, c := range choices {
				next := cur
				next.Objs, next.Targets = append([]rt.ObjID(nil), cur.Objs...), append([]int32(nil), cur.Targets...)
				for _, at := range c {
					next.Objs, next.Targets = append(next.Objs, ids[1][i]), append(next.Targets, int32(at))
				}
				build(i+1, next)
			}
		}
		build(0, rt.Answer{Kind: rt.Declare})
		checked[1] += oracle(t, g, blocks, func(a rt.Answer) int { return weight(a, "blocks_each_combat") }, func(a rt.Answer) bool { return costly(a, true) }, "must_block", board)
	}
	if checked[0] == 0 || checked[1] == 0 {
		t.Fatalf("declarations checked against the oracle: %d attacks, %d blocks", checked[0], checked[1])
	}
	t.Logf("checked %d attack and %d block declarations that break no restriction", checked[0], checked[1])
}

// oracle submits each answer to a copy of g and checks that exactly those
// breaking no restriction with the most requirements obeyed (weight) are
// accepted; it returns how many broke no restriction.
func oracle(t *testing.T, g *rt.Game, answers []rt.Answer, weight func(rt.Answer) int, unpayable func(rt.Answer) bool, must, board string) int {
	t.Helper()
	type result struct {
		a   rt.Answer
		err error
	}
	var legal []result
	best := -1
	for _, a := range answers {
		err := g.Clone().Submit(a)
		var r *rt.Refusal
		switch {
		case unpayable(a):
			if err == nil {
				t.Errorf("%s: %v: accepted, with a cost that can't be paid", board, a.Objs)
			}
			continue
		case err == nil:
		case errors.As(err, &r) && strings.HasPrefix(r.Why, must+","):
		case errors.As(err, &r) && strings.Contains(r.Msg, "not decided"):
			t.Fatalf("%s: %v: the search reached its bound: %v", board, a, err)
		default:
			continue // a restriction, or a creature that can't on its own
		}
		legal = append(legal, result{a, err})
		best = max(best, weight(a))
	}
	for _, r := range legal {
		if want := weight(r.a) == best; want != (r.err == nil) {
			t.Errorf("%s: %v %v (obeys %d of the %d possible): accepted %v, want %v (%v)", board, r.a.Objs, r.a.Targets, weight(r.a), best, r.err == nil, want, r.err)
		}
	}
	return len(legal)
}

func names(cs []rt.Card) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Name)
	}
	return out
}
