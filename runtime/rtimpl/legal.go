package rtimpl

// The legality of playing a land, casting a spell, activating an ability
// and tapping a permanent for mana is one test each, the rules' require
// lines (actions.go): Options, mayAct, LegalActions and Check ask it for
// yes or no (it allocates nothing), and CanPlayLand, CanCast, CanActivate
// and the check of TapMana turn its answer into the refusal that says why.
// A test and its refusal cannot disagree, as the two copies that were
// held equal by a test once could.

// landTest reports whether p may play land x now.
func (g *Game) landTest(p int, x ObjID) bool { return g.actionTest(MechPlayLand, p, x, -1) < 0 }

// castTest reports whether p may cast x now.
func (g *Game) castTest(p int, x ObjID) bool { return g.actionTest(MechCast, p, x, -1) < 0 }

// activateTest reports whether p may activate ability i of x now.
func (g *Game) activateTest(p int, x ObjID, i int) bool {
	return g.actionTest(MechActivate, p, x, i) < 0
}

// choosable reports whether every parameter of it's effect chosen as it
// goes on the stack has an object to choose: its cost parameters only
// (an ability's: one whose targets are all gone leaves the stack), or
// every one (a spell's: it can't be cast without its targets).
func (g *Game) choosable(it *StackItem, costsOnly bool) bool {
	e := g.effectOf(it)
	if e == nil {
		return true
	}
	for k := 0; k < len(e.Targets); k = groupEnd(e, k) {
		if costsOnly && !e.Targets[k].Cost {
			continue
		}
		var buf [1]ObjID
		if len(g.targetCandidates(it, e, k, buf[:0], true)) == 0 {
			return false
		}
	}
	return true
}

// manaTest reports whether p may tap x for mana now, and the color of
// mana x makes: the one test of a mana source that canTapForMana,
// Options, available and pay ask.
func (g *Game) manaTest(p int, x ObjID) (Color, bool) {
	if g.actionTest(manaMechanism, p, x, -1) >= 0 {
		return 0, false
	}
	c, _ := g.manaColor(&g.Objs[x])
	return c, true
}

// CanPlayLand reports why player p may not play land x now, or nil.
func (g *Game) CanPlayLand(p int, x ObjID) error { return g.canAct(MechPlayLand, p, x, -1) }

// CanCast reports why player p may not cast x now, or nil.
func (g *Game) CanCast(p int, x ObjID) error { return g.canAct(MechCast, p, x, -1) }

// CanActivate reports why player p may not activate ability i of x now,
// or nil.
func (g *Game) CanActivate(p int, x ObjID, i int) error { return g.canAct(MechActivate, p, x, i) }

// canTapForMana reports why player p may not tap x for mana now, or nil.
func (g *Game) canTapForMana(p int, x ObjID) error { return g.canAct(MechTapMana, p, x, -1) }

// canAct reports why player p may not take action m with x (and its
// ability i) now, or nil: the refusal of the first of the rules'
// conditions that does not hold.
func (g *Game) canAct(m Mechanism, p int, x ObjID, i int) error {
	if err := g.holds(p); err != nil {
		return err
	}
	if k := g.actionTest(m, p, x, i); k >= 0 {
		return g.actionRefusal(m, k, p, x, i)
	}
	return nil
}

// canPay reports whether p's pool plus p's untapped lands cover cost.
func (g *Game) canPay(p int, cost Cost) bool {
	avail := g.availFor(p)
	return covers(&avail, cost)
}
