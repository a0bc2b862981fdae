package rtimpl

import "fmt"

// The legality of playing a land, casting a spell, activating an ability
// and tapping a land for mana is one test each: Options, mayAct,
// LegalActions and Check ask it for yes or no (it allocates nothing), and
// CanPlayLand, CanCast, CanActivate and the check of TapMana turn its
// answer into the refusal that says why. A test and its refusal cannot
// disagree, as the two copies that were held equal by a test once could.

// illegal is why an action is refused; zero is legal.
type illegal uint8

const (
	legal        illegal = iota
	notCard              // not such a card in the player's hand
	notAllowed           // the step does not allow it (sorcery timing, a land)
	notTiming            // the card's or ability's timing does not allow it
	notPayable           // the cost can't be paid
	noSuchObj            // no such object
	notYours             // not a permanent the player controls (that makes mana)
	noAbility            // no such activated ability
	isTapped             // already tapped
	cantTapNow           // the rules' can_tap predicates refuse it
	noCostChoice         // nothing to choose for a cost parameter of its effect
	noTarget             // a spell's target parameter has no legal target
	forbidden            // the rules' cant_cast or cant_activate predicates forbid it
)

// landTest is the test of playing land x; allowed is g.permissions(p)'s land.
func (g *Game) landTest(p int, x ObjID, allowed bool) illegal {
	if !g.inZone(x, p, ZoneHand) {
		return notCard
	}
	return g.landCardTest(&g.Objs[x], allowed)
}

// landCardTest is landTest of o, a card in the player's hand.
func (g *Game) landCardTest(o *Object, allowed bool) illegal {
	if o.Types&g.Rules.PlayedTypes == 0 {
		return notCard
	}
	if !allowed {
		return notAllowed
	}
	return legal
}

// castTest is the test of casting x with mana avail; sorcery is
// g.permissions(p)'s sorcery-speed permission.
func (g *Game) castTest(p int, x ObjID, avail *Mana, sorcery bool) illegal {
	if !g.inZone(x, p, ZoneHand) {
		return notCard
	}
	o := &g.Objs[x]
	if w := g.castCardTest(p, x, sorcery); w != legal {
		return w
	}
	if !covers(avail, g.faceOf(o).Cost) {
		return notPayable
	}
	if g.faceOf(o).Spell.Effect != 0 && !g.choosable(&StackItem{Source: x, Controller: int8(p)}, false) {
		return noTarget
	}
	return legal
}

// castCardTest is castTest of x, a card in p's hand, but for its cost
// and targets: whether it is a spell p may cast now. Without the step's
// sorcery-speed permission, a spell may be cast only if the rules say it
// may be cast any time (cast_any_time: an instant, flash); the rules'
// cant_cast predicates may forbid it.
func (g *Game) castCardTest(p int, x ObjID, sorcery bool) illegal {
	o := &g.Objs[x]
	if o.Types&g.Rules.PlayedTypes != 0 {
		return notCard
	}
	if !sorcery && !g.has(CastAnyTime, x) {
		return notAllowed
	}
	if o.Timing != 0 && !g.timingOK(int(o.Timing)-1, p) {
		return notTiming
	}
	if no, _ := g.pred2(CantCast, ObjID(p), x); no {
		return forbidden
	}
	return legal
}

// activateTest is the test of activating ability i of x with mana avail.
func (g *Game) activateTest(p int, x ObjID, i int, avail *Mana) illegal {
	if !g.valid(x) {
		return noSuchObj
	}
	o := &g.Objs[x]
	abilities := g.faceOf(o).Abilities
	if i >= 0 && i < len(abilities) && abilities[i].Zone != ZoneNone {
		if o.Zone != abilities[i].Zone || int(o.Owner) != p {
			return notYours
		}
	} else if o.Zone != ZoneBattlefield || o.PhasedOut || int(o.Controller) != p {
		return notYours
	}
	if i < 0 || i >= len(abilities) {
		return noAbility
	}
	a := &abilities[i]
	if a.Timing != "" && !g.timingOK(g.Rules.Timing(a.Timing), p) {
		return notTiming
	}
	if no, _ := g.pred2(CantActivate, ObjID(p), x); no {
		return forbidden
	}
	if a.Tap && o.Tapped {
		return isTapped
	}
	if a.Tap && !g.canTap(x) {
		return cantTapNow
	}
	if !covers(avail, a.Cost) {
		return notPayable
	}
	if !g.choosable(&StackItem{Source: x, Controller: int8(p), Trigger: a.Effect, About: NoObj, Recipient: NoObj}, true) {
		return noCostChoice
	}
	return legal
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

// manaTest is the test of p tapping x for mana, and the color of mana x
// makes: the one test of a mana source that canTapForMana, Options,
// available and pay ask.
func (g *Game) manaTest(p int, x ObjID) (Color, illegal) {
	if !g.valid(x) {
		return 0, noSuchObj
	}
	o := &g.Objs[x]
	c, ok := g.manaColor(o)
	if !ok || o.Zone != ZoneBattlefield || int(o.Controller) != p || o.PhasedOut {
		return 0, notYours
	}
	if o.Tapped {
		return c, isTapped
	}
	if !g.canTap(x) {
		return c, cantTapNow
	}
	return c, legal
}

// CanPlayLand reports why player p may not play land x now, or nil.
func (g *Game) CanPlayLand(p int, x ObjID) error {
	if err := g.holds(p); err != nil {
		return err
	}
	land, _ := g.permissions(p)
	switch g.landTest(p, x, land) {
	case notCard:
		return refuse(g.Rules.Cite[MechPlayLand], "%s is not a land card in %s's hand", g.nameOf(x), g.PlayerName(p))
	case notAllowed:
		_, st, _ := g.current()
		return g.sorceryTiming(p, st.AllowLand, st.LandIf, g.Rules.LandRule, "a land")
	}
	return nil
}

// CanCast reports why player p may not cast x now, or nil.
func (g *Game) CanCast(p int, x ObjID) error {
	if err := g.holds(p); err != nil {
		return err
	}
	_, sorcery := g.permissions(p)
	avail := g.available(p)
	switch g.castTest(p, x, &avail, sorcery) {
	case notCard:
		return refuse(g.Rules.Cite[MechCast], "%s is not a spell card in %s's hand", g.nameOf(x), g.PlayerName(p))
	case notAllowed:
		_, st, _ := g.current()
		return g.sorceryTiming(p, st.AllowSorcery, st.SorceryIf, g.Rules.SorceryRule, "a "+g.Rules.TypeString(g.Objs[x].Types)+" spell")
	case notTiming:
		return g.timingAllows(int(g.Objs[x].Timing)-1, p, "cast "+g.nameOf(x))
	case forbidden:
		_, rule := g.pred2(CantCast, ObjID(p), x)
		return g.refusePredOn(CantCast, rule, ObjID(p), x, true, "%s can't cast %s now", g.PlayerName(p), g.nameOf(x))
	case notPayable:
		return refuse(g.Rules.Cite[MechCast], "%s can't pay %s for %s", g.PlayerName(p), g.faceOf(&g.Objs[x]).Cost, g.nameOf(x))
	case noTarget:
		// The rules of the spell's effect say what it may target.
		cite := g.Rules.Cite[MechCast]
		if e := g.effectOf(&StackItem{Source: x, Controller: int8(p)}); e != nil {
			cite = ruleOfEffect(e)
		}
		return refuse(cite, "%s has no legal target for %s", g.PlayerName(p), g.nameOf(x))
	}
	return nil
}

// CanActivate reports why player p may not activate ability i of x now,
// or nil.
func (g *Game) CanActivate(p int, x ObjID, i int) error {
	if err := g.holds(p); err != nil {
		return err
	}
	avail := g.available(p)
	why := g.activateTest(p, x, i, &avail)
	if why == legal {
		return nil
	}
	cite := g.Rules.Cite[MechActivate]
	switch why {
	case noSuchObj:
		return refuse(cite, "no such permanent")
	case notYours:
		if as := g.face(x).Abilities; i >= 0 && i < len(as) && as[i].Zone != ZoneNone {
			return refuse(cite, "%s is not a card in %s's %s", g.nameOf(x), g.PlayerName(p), as[i].Zone)
		}
		return refuse(cite, "%s is not a permanent %s controls", g.nameOf(x), g.PlayerName(p))
	case noAbility:
		return refuse(cite, "%s has no activated ability %d", g.nameOf(x), i)
	}
	a := &g.face(x).Abilities[i]
	switch why {
	case notTiming:
		return g.timingAllows(g.Rules.Timing(a.Timing), p, fmt.Sprintf("activate '%s' of %s", a.Label, g.nameOf(x)))
	case forbidden:
		_, rule := g.pred2(CantActivate, ObjID(p), x)
		return g.refusePredOn(CantActivate, rule, ObjID(p), x, true, "%s can't activate '%s' of %s now", g.PlayerName(p), a.Label, g.nameOf(x))
	case isTapped:
		return refuse(cite, "%s is tapped: '%s' needs it to tap", g.nameOf(x), a.Label)
	case cantTapNow:
		_, rule := g.pred(CanTap, x, true)
		return g.refusePred(CanTap, rule, "%s can't be tapped to activate '%s' now", g.nameOf(x), a.Label)
	case noCostChoice:
		// The effect's rules say what its costs may act on.
		it := StackItem{Trigger: a.Effect}
		if e := g.effectOf(&it); e != nil {
			cite = ruleOfEffect(e)
		}
		return refuse(cite, "%s has nothing to choose for the cost of '%s' of %s", g.PlayerName(p), a.Label, g.nameOf(x))
	}
	return refuse(cite, "%s can't pay %s to activate '%s' of %s", g.PlayerName(p), a.Cost, a.Label, g.nameOf(x))
}

// canTapForMana reports why player p may not tap x for mana now, or nil.
func (g *Game) canTapForMana(p int, x ObjID) error {
	if err := g.holds(p); err != nil {
		return err
	}
	cite := g.Rules.Cite[MechTapMana]
	switch _, why := g.manaTest(p, x); why {
	case noSuchObj:
		return refuse(cite, "no such land")
	case notYours:
		return refuse(cite, "%s is not a land %s controls that makes mana", g.nameOf(x), g.PlayerName(p))
	case isTapped:
		return refuse(cite, "%s is already tapped", g.nameOf(x))
	case cantTapNow:
		_, rule := g.pred(CanTap, x, true)
		return g.refusePred(CanTap, rule, "%s can't be tapped for mana now", g.nameOf(x))
	}
	return nil
}

// canPay reports whether p's pool plus p's untapped lands cover cost.
func (g *Game) canPay(p int, cost Cost) bool {
	avail := g.available(p)
	return covers(&avail, cost)
}
