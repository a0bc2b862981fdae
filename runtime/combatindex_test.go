package runtime

import (
	"reflect"
	"slices"
	"testing"
)

// TestRemoveIndexed: removing a creature from a combat through the index
// (removeIndexed) leaves the lists and every object's index as the
// general case (the lists rewritten, then indexCombat) does, on random
// combats: attackers blocked by several blockers, blockers blocking
// several attackers, attackers that also block.
func TestRemoveIndexed(t *testing.T) {
	rng := RNG{State: 23}
	fast := 0
	for trial := 0; trial < 3000; trial++ {
		n := 2 + rng.Intn(12)
		var g Game
		g.Objs = make([]Object, n)
		for i := rng.Intn(n); i > 0; i-- {
			if x := ObjID(rng.Intn(n)); !slices.ContainsFunc(g.Combat.Attacks, func(a Attack) bool { return a.Attacker == x }) || rng.Intn(8) == 0 {
				g.Combat.Attacks = append(g.Combat.Attacks, Attack{Attacker: x, Target: NoObj})
			}
		}
		for i := rng.Intn(n); i > 0 && len(g.Combat.Attacks) > 0; i-- {
			b := ObjID(rng.Intn(n))
			a := g.Combat.Attacks[rng.Intn(len(g.Combat.Attacks))].Attacker
			if rng.Intn(6) == 0 {
				a = NoObj
			}
			if !slices.ContainsFunc(g.Combat.Blocks, func(bl Block) bool { return bl.Blocker == b }) || rng.Intn(6) == 0 {
				g.Combat.Blocks = append(g.Combat.Blocks, Block{Blocker: b, Attacker: a})
			}
		}
		g.indexCombat()
		x := ObjID(rng.Intn(n))
		slow := cloneCombatGame(&g)
		slow.Combat.repeated = true // forces the general case; indexCombat computes it again
		if g.removeIndexed(x) {
			fast++
		} else {
			Exec{&g}.RemoveFromCombat(x, "")
		}
		Exec{slow}.RemoveFromCombat(x, "")
		if !reflect.DeepEqual(g.Combat.Attacks, slow.Combat.Attacks) || !reflect.DeepEqual(g.Combat.Blocks, slow.Combat.Blocks) ||
			g.Combat.repeated != slow.Combat.repeated || g.Combat.nAtk != slow.Combat.nAtk || g.Combat.nBlk != slow.Combat.nBlk {
			t.Fatalf("trial %d, removing %d: combat %+v, want %+v", trial, x, g.Combat, slow.Combat)
		}
		for i := range g.Objs {
			a, b := &g.Objs[i], &slow.Objs[i]
			if a.atk != b.atk || a.blk != b.blk || a.blockers != b.blockers {
				t.Fatalf("trial %d, removing %d: object %d indexed %d/%d/%d, want %d/%d/%d", trial, x, i, a.atk, a.blk, a.blockers, b.atk, b.blk, b.blockers)
			}
		}
	}
	if fast < 1000 {
		t.Fatalf("the index removed a creature %d times in 3000, want most", fast)
	}
}

func cloneCombatGame(g *Game) *Game {
	s := &Game{Objs: slices.Clone(g.Objs), Combat: g.Combat}
	s.Combat.Attacks, s.Combat.Blocks = slices.Clone(g.Combat.Attacks), slices.Clone(g.Combat.Blocks)
	return s
}
