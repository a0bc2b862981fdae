package rtimpl

import (
	"reflect"
	"slices"
	"testing"
)

// TestRemoveFromCombatIndex: RemoveFromCombat, keeping the index in step
// as entries move up, leaves the lists and every object's index as
// building the index again (indexCombat) does, and x in no attack or
// block, on random combats: attackers blocked by several blockers,
// blockers blocking several attackers, attackers that also block, a
// creature attacking twice.
func TestRemoveFromCombatIndex(t *testing.T) {
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
		slow.Combat.repeated = true // builds the index again; indexCombat computes it again
		if c := &g.Combat; !c.repeated && !c.dupAtk {
			fast++
		}
		Exec{&g}.RemoveFromCombat(x, "")
		Exec{slow}.RemoveFromCombat(x, "")
		for _, at := range g.Combat.Attacks {
			if at.Attacker == x {
				t.Fatalf("trial %d, removing %d: still attacking: %+v", trial, x, g.Combat.Attacks)
			}
		}
		for _, b := range g.Combat.Blocks {
			if b.Blocker == x || b.Attacker == x {
				t.Fatalf("trial %d, removing %d: still in a block: %+v", trial, x, g.Combat.Blocks)
			}
		}
		if !reflect.DeepEqual(g.Combat.Attacks, slow.Combat.Attacks) || !reflect.DeepEqual(g.Combat.Blocks, slow.Combat.Blocks) ||
			g.Combat.repeated != slow.Combat.repeated || g.Combat.dupAtk != slow.Combat.dupAtk || g.Combat.nAtk != slow.Combat.nAtk || g.Combat.nBlk != slow.Combat.nBlk {
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
		t.Fatalf("the index was kept in step %d times in 3000, want most", fast)
	}
}

func cloneCombatGame(g *Game) *Game {
	s := &Game{Objs: slices.Clone(g.Objs), Combat: g.Combat}
	s.Combat.Attacks, s.Combat.Blocks = slices.Clone(g.Combat.Attacks), slices.Clone(g.Combat.Blocks)
	return s
}

// TestCombatLists: the lists the combat index gives a filtered loop
// (every entry of IndexedRelations, checkIndexedRelations;
// PushAttackersAmong, PushBlockersOf, PushBlockedBy) and the lookups
// through it (BlocksAttacker, AttackersBlocked) equal a brute-force scan
// of the lists, on random combats: indexed at once (indexCombat) or attack
// by attack and block by block (addAttack, addBlock), repeated blockers,
// a creature attacking twice (a trial's), blocks of nothing, and lists
// changed from outside after indexing (then the index is out of step).
func TestCombatLists(t *testing.T) {
	rng := RNG{State: 29}
	brute := func(g *Game, b, a ObjID) bool {
		for _, bl := range g.Combat.Blocks {
			if bl.Blocker == b && bl.Attacker == a {
				return true
			}
		}
		return false
	}
	for trial := 0; trial < 5000; trial++ {
		n := 2 + rng.Intn(14)
		var g Game
		g.Objs = make([]Object, n)
		atks := make([]Attack, 0, n)
		for i := rng.Intn(n); i > 0; i-- {
			if x := ObjID(rng.Intn(n)); !slices.ContainsFunc(atks, func(a Attack) bool { return a.Attacker == x }) || rng.Intn(8) == 0 {
				atks = append(atks, Attack{Attacker: x, Target: NoObj})
			}
		}
		var blks []Block
		for i := rng.Intn(2 * n); i > 0 && len(atks) > 0; i-- {
			b := ObjID(rng.Intn(n))
			a := atks[rng.Intn(len(atks))].Attacker
			switch rng.Intn(8) {
			case 0:
				a = NoObj
			case 1:
				a = ObjID(rng.Intn(n)) // perhaps not attacking
			}
			seen := slices.ContainsFunc(blks, func(bl Block) bool { return bl.Blocker == b })
			if !seen || rng.Intn(4) == 0 {
				blks = append(blks, Block{Blocker: b, Attacker: a, Repeated: seen})
			}
		}
		if rng.Intn(2) == 0 {
			g.Combat.Attacks, g.Combat.Blocks = atks, blks
			g.indexCombat()
		} else {
			for _, at := range atks {
				g.addAttack(at)
			}
			for _, bl := range blks {
				g.addBlock(bl)
			}
		}
		if rng.Intn(5) == 0 && len(g.Combat.Blocks) > 0 {
			g.Combat.Blocks = g.Combat.Blocks[:len(g.Combat.Blocks)-1] // changed from outside
		}
		if rng.Intn(5) == 0 && len(g.Combat.Attacks) > 0 {
			g.Combat.Attacks = g.Combat.Attacks[1:]
		}
		x := Exec{&g}
		checkIndexedRelations(t, trial, x, n)
		for y := ObjID(0); int(y) < n; y++ {
			var want []ObjID
			for _, at := range g.Combat.Attacks {
				if at.Attacker != NoObj && brute(&g, y, at.Attacker) {
					want = append(want, at.Attacker)
				}
			}
			mark := x.Mark()
			x.PushAttackersAmong(y)
			if got := x.Selected(mark); !slices.Equal(got, want) {
				t.Fatalf("trial %d: attackers among those %d blocks: %v, want %v (combat %+v)", trial, y, got, want, g.Combat)
			}
			x.Release(mark)
			want = want[:0]
			for _, bl := range g.Combat.Blocks {
				if !bl.Repeated && brute(&g, bl.Blocker, y) {
					want = append(want, bl.Blocker)
				}
			}
			x.PushBlockersOf(y)
			if got := x.Selected(mark); !slices.Equal(got, want) {
				t.Fatalf("trial %d: blockers of %d: %v, want %v (combat %+v)", trial, y, got, want, g.Combat)
			}
			x.Release(mark)
			want = want[:0]
			count := int32(0)
			for _, bl := range g.Combat.Blocks {
				if bl.Blocker == y && bl.Attacker != NoObj {
					want = append(want, bl.Attacker)
					count++
				}
			}
			x.PushBlockedBy(y)
			if got := x.Selected(mark); !slices.Equal(got, want) {
				t.Fatalf("trial %d: blocked by %d: %v, want %v (combat %+v)", trial, y, got, want, g.Combat)
			}
			x.Release(mark)
			if got := x.AttackersBlocked(y); got != count {
				t.Fatalf("trial %d: %d blocks %d attackers, want %d (combat %+v)", trial, y, got, count, g.Combat)
			}
			for a := NoObj; int(a) < n; a++ {
				if got, want := x.BlocksAttacker(y, a), brute(&g, y, a); got != want {
					t.Fatalf("trial %d: blocks(%d, %d) = %v, want %v (combat %+v)", trial, y, a, got, want, g.Combat)
				}
			}
		}
		if len(g.scratch) != 0 {
			t.Fatalf("trial %d: %d left on the scratch stack", trial, len(g.scratch))
		}
	}
}

// loopList is what a loop over over walks (the generated loop's
// CombatLen and CombatAt, skipping what CombatAt skips).
func loopList(g Exec, over Over) []ObjID {
	var l []ObjID
	for i, n := 0, g.CombatLen(over); i < n; i++ {
		if x, ok := g.CombatAt(over, i); ok {
			l = append(l, x)
		}
	}
	return l
}

// checkIndexedRelations: for every indexed relation, and every creature
// (and no creature) y, Firsts(y) pushes the list a loop over Over1 walks,
// kept by Holds(x, y), and Seconds(y) the list a loop over Over2 walks,
// kept by Holds(y, x): the candidates the compiler's filtered loop walks
// are those its unfiltered loop would keep, in its order.
func checkIndexedRelations(t *testing.T, trial int, g Exec, n int) {
	t.Helper()
	if len(IndexedRelations) == 0 {
		t.Fatal("no indexed relations")
	}
	for k, r := range IndexedRelations {
		if r.Holds == nil || r.Firsts == nil || r.Seconds == nil || r.Over1 == 0 || r.Over2 == 0 {
			t.Fatalf("IndexedRelations[%d] is incomplete: %+v", k, r)
		}
		l1, l2 := loopList(g, r.Over1), loopList(g, r.Over2)
		for y := NoObj; int(y) < n; y++ {
			var want []ObjID
			for _, x := range l1 {
				if r.Holds(g, x, y) {
					want = append(want, x)
				}
			}
			mark := g.Mark()
			r.Firsts(g, y)
			if got := g.Selected(mark); !slices.Equal(got, want) {
				t.Fatalf("trial %d: IndexedRelations[%d].Firsts(%d) = %v, want %v (combat %+v)", trial, k, y, got, want, g.Combat)
			}
			g.Release(mark)
			want = want[:0]
			for _, x := range l2 {
				if r.Holds(g, y, x) {
					want = append(want, x)
				}
			}
			r.Seconds(g, y)
			if got := g.Selected(mark); !slices.Equal(got, want) {
				t.Fatalf("trial %d: IndexedRelations[%d].Seconds(%d) = %v, want %v (combat %+v)", trial, k, y, got, want, g.Combat)
			}
			g.Release(mark)
		}
	}
}
