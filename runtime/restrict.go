package runtime

import "slices"

// Restrictions and requirements over a whole declaration. The rules say
// what makes a declaration illegal with predicates of kind
// AttackRestriction and BlockRestriction, over each creature with the
// declaration made ("it can't attack alone", "it can't be blocked except by
// two or more creatures", "no more than one creature can attack"); the
// runtime makes a proposed declaration for the time of the check, asks
// them, and takes it back. Requirements (MustAttack, MustBlock) are obeyed
// as far as the restrictions allow: a declaration is refused when a
// creature it leaves out could be added to it, alone, with one companion or
// in place of a creature no requirement names, without breaking a
// restriction (a local search: the restrictions of the rules in scope never
// need more).

// attackRestricted makes p's proposed attack (objs, attacking the players
// or planeswalkers of targets, or the defending player) for the time of the
// check and returns a creature a restriction forbids it for, with the
// restriction's rule; NoObj if none.
func (g *Game) attackRestricted(p int, objs []ObjID, targets []int32) (ObjID, int) {
	if !g.hasPred(AttackRestriction) {
		return NoObj, -1
	}
	c := &g.Combat
	// The slices are restored as they were (nil stays nil): a refused
	// declaration must leave Save's bytes as they were.
	a0, d0 := c.Attacks, c.DeclaredAttackers
	for i, x := range objs {
		t := PlayerCode(g.defendingPlayer(p))
		if i < len(targets) {
			t = targets[i]
		}
		at := g.attackOn(p, x, t)
		at.Declared = true
		g.addAttack(at)
	}
	c.DeclaredAttackers = int32(len(objs))
	bad, rule := g.restricted(AttackRestriction)
	g.unindexCombat(len(a0), len(c.Blocks))
	c.Attacks, c.DeclaredAttackers = a0, d0
	c.nAtk = min(c.nAtk, len(a0)) // the indexes of those kept still hold
	return bad, rule
}

// blockRestricted is attackRestricted for q's proposed blocks (objs[i]
// blocking targets[i]).
func (g *Game) blockRestricted(q int, objs []ObjID, targets []int32) (ObjID, int) {
	if !g.hasPred(BlockRestriction) {
		return NoObj, -1
	}
	c := &g.Combat
	b0, d0, f0, r0 := c.Blocks, c.DeclaredBlockers, g.flipBuf, c.repeated
	flipped := g.flipBuf[:0]
	for i, b := range objs {
		at := ObjID(targets[i])
		g.addBlock(Block{Blocker: b, Attacker: at, Controller: int8(q), Repeated: g.exec().Blocking(b)})
		if !slices.Contains(objs[:i], b) {
			c.DeclaredBlockers++
		}
		if ai := g.attackIndex(at); ai >= 0 && !c.Attacks[ai].Blocked {
			c.Attacks[ai].Blocked = true
			flipped = append(flipped, int32(ai))
		}
	}
	bad, rule := g.restricted(BlockRestriction)
	for _, ai := range flipped {
		c.Attacks[ai].Blocked = false
	}
	if f0 != nil {
		g.flipBuf = flipped[:0] // reused; a nil one stays nil (Save's bytes)
	}
	g.unindexCombat(len(c.Attacks), len(b0))
	c.Blocks, c.DeclaredBlockers = b0, d0
	c.nBlk, c.repeated = min(c.nBlk, len(b0)), r0
	return bad, rule
}

// restricted returns the first permanent on the battlefield for which a
// restriction of kind k holds, and the restriction (its index in
// Rules.Predicates).
func (g *Game) restricted(k PredKind) (ObjID, int) {
	for _, x := range g.Battlefield {
		if g.Objs[x].PhasedOut {
			continue
		}
		for _, i := range g.predsOf(k) {
			if g.Rules.Predicates[i].Test(g.exec(), x) {
				return x, int(i)
			}
		}
	}
	return NoObj, -1
}

// refuseRestriction is the refusal of a declaration that restriction i
// forbids for x, quoting it.
func (g *Game) refuseRestriction(x ObjID, i int) *Refusal {
	p := &g.Rules.Predicates[i]
	r := refuse(p.Rule, "the declaration breaks a restriction on %s", g.nameOf(x))
	if p.Text != "" {
		r.Why = p.Kind.String() + ", " + p.Pos + ": " + p.Text
	}
	return r
}

// hasPred reports whether the rules declare a predicate of kind k.
func (g *Game) hasPred(k PredKind) bool { return len(g.predsOf(k)) > 0 }

// mayAttack: x, a creature of p, is able to attack on its own (the
// restrictions on single creatures).
func (g *Game) mayAttack(p int, x ObjID) bool {
	o := &g.Objs[x]
	return int(o.Controller) == p && !o.PhasedOut && g.can(CanAttack, x) && !g.has(CantAttack, x)
}

// mayBlock: b, a creature of q, is able to block attacker at on its own.
func (g *Game) mayBlock(q int, b, at ObjID) bool {
	o := &g.Objs[b]
	if int(o.Controller) != q || o.PhasedOut || !g.can(CanBlock, b) {
		return false
	}
	no, _ := g.pred2(CantBlock, b, at)
	return !no
}

// attackRequirements refuses declared when a creature of p that must attack
// and is left out could attack without breaking a restriction: added to
// declared, with a companion that needs no cost paid, or in place of a
// creature no requirement names.
func (g *Game) attackRequirements(p int, declared []ObjID) error {
	var buf [16]ObjID
	for _, x := range g.Battlefield {
		if slices.Contains(declared, x) || !g.mayAttack(p, x) {
			continue
		}
		must, rule := g.pred(MustAttack, x, false)
		if !must {
			continue
		}
		if g.couldAttack(p, declared, x, buf[:0]) {
			return g.refusePred(MustAttack, rule, "%s attacks each combat if able, and it is able", g.nameOf(x))
		}
	}
	return nil
}

// couldAttack reports whether x could be added to declared (see
// attackRequirements); trial is a scratch buffer.
func (g *Game) couldAttack(p int, declared []ObjID, x ObjID, trial []ObjID) bool {
	legal := func(t []ObjID) bool { bad, _ := g.attackRestricted(p, t, nil); return bad == NoObj }
	if legal(append(append(trial[:0], declared...), x)) {
		return true
	}
	for _, y := range g.Battlefield {
		if y == x || slices.Contains(declared, y) || g.exec().HasAttackCost(y) || !g.mayAttack(p, y) {
			continue
		}
		if legal(append(append(trial[:0], declared...), x, y)) {
			return true
		}
	}
	for i, y := range declared {
		if g.has(MustAttack, y) {
			continue
		}
		t := append(append(append(trial[:0], declared[:i]...), declared[i+1:]...), x)
		if legal(t) {
			return true
		}
	}
	return false
}

// blockRequirements is attackRequirements for q's blockers (objs[i]
// blocking targets[i]).
func (g *Game) blockRequirements(q int, objs []ObjID, targets []int32) error {
	for _, b := range g.Battlefield {
		if slices.Contains(objs, b) || int(g.Objs[b].Controller) != q || g.Objs[b].PhasedOut || !g.can(CanBlock, b) {
			continue
		}
		must, rule := g.pred(MustBlock, b, false)
		if !must {
			continue
		}
		if at := g.couldBlock(q, objs, targets, b); at != NoObj {
			return g.refusePred(MustBlock, rule, "%s blocks each combat if able, and it is able to block %s", g.nameOf(b), g.nameOf(at))
		}
	}
	return nil
}

// couldBlock returns an attacker b could be added to the declaration
// blocking (alone, with a companion that needs no cost paid, on the same
// attacker or on another, or in place of a blocker no requirement names),
// or NoObj.
func (g *Game) couldBlock(q int, objs []ObjID, targets []int32, b ObjID) ObjID {
	var ob [16]ObjID
	var tb [16]int32
	legal := func(extra ...ObjID) bool {
		o, t := append(ob[:0], objs...), append(tb[:0], targets...)
		for i := 0; i+1 < len(extra); i += 2 {
			o, t = append(o, extra[i]), append(t, int32(extra[i+1]))
		}
		bad, _ := g.blockRestricted(q, o, t)
		return bad == NoObj
	}
	for _, at := range g.Combat.Attacks {
		a := at.Attacker
		if int(at.Player) != q || !g.mayBlock(q, b, a) {
			continue
		}
		if legal(b, a) {
			return a
		}
		for _, c := range g.Battlefield {
			if c == b || slices.Contains(objs, c) || g.exec().HasBlockCost(c) {
				continue
			}
			if g.mayBlock(q, c, a) && legal(b, a, c, a) {
				return a
			}
			if other := g.firstBlockable(q, c, a); other != NoObj && legal(b, a, c, other) {
				return a
			}
		}
		for i, y := range objs {
			if g.has(MustBlock, y) {
				continue
			}
			o := append(append(ob[:0], objs[:i]...), objs[i+1:]...)
			t := append(append(tb[:0], targets[:i]...), targets[i+1:]...)
			o, t = append(o, b), append(t, int32(a))
			if bad, _ := g.blockRestricted(q, o, t); bad == NoObj {
				return a
			}
		}
	}
	return NoObj
}

// firstBlockable is the first creature attacking q, other than except,
// that c could block on its own; NoObj if none.
func (g *Game) firstBlockable(q int, c, except ObjID) ObjID {
	for _, at := range g.Combat.Attacks {
		if int(at.Player) == q && at.Attacker != except && g.mayBlock(q, c, at.Attacker) {
			return at.Attacker
		}
	}
	return NoObj
}

// BlockerCount is the number of creatures blocking x.
func (g Exec) BlockerCount(x ObjID) int32 { return int32(g.numBlockers(x)) }
