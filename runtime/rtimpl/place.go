package rtimpl

// A player announces where a creature that joined a combat after the
// declarations goes in another's damage assignment order (ChoosePlace):
// the rules' effects run at once and can't wait for a decision, so the
// announcement is queued (Combat.Places) and asked, in the order queued,
// before any player next receives priority, before state-based actions.
// The relative order of the other creatures is unchanged.

// Place is a queued announcement: Player places New in Of's damage
// assignment order (among Of's blockers if Of attacks, among the
// attackers Of blocks if it blocks).
type Place struct {
	New, Of ObjID
	Player  int8
	Rule    string
}

// ChoosePlace queues p's announcement of x's place in a's damage
// assignment order, x blocking a or a blocking x. Until it is answered x
// stays where it is (last, as block puts it). Nothing is queued when the
// order has one place only (x alone in it), or when x and a are not in
// combat with each other.
func (g Exec) ChoosePlace(p int, x, a ObjID, rule string) {
	if !g.IsPlayer(p) || !g.valid(x) || !g.valid(a) {
		return
	}
	switch {
	case g.BlocksAttacker(x, a):
		if g.numBlockers(a) < 2 {
			return // its only blocker: one place
		}
	case g.BlocksAttacker(a, x):
		if g.numBlockedBy(a) < 2 {
			return
		}
	default:
		return
	}
	g.Combat.Places = append(g.Combat.Places, Place{New: x, Of: a, Player: int8(p), Rule: rule})
}

// placeOrder appends to out the creatures of pl.Of's order other than
// pl.New, in order, and reports whether pl.New is in that order.
func (g *Game) placeOrder(out []ObjID, pl *Place) ([]ObjID, bool) {
	var order []ObjID
	switch {
	case g.exec().BlocksAttacker(pl.New, pl.Of):
		order = g.exec().Blockers(pl.Of)
	case g.exec().BlocksAttacker(pl.Of, pl.New):
		order = g.exec().BlockedBy(pl.Of)
	default:
		return out, false
	}
	for _, y := range order {
		if y != pl.New {
			out = append(out, y)
		}
	}
	return out, true
}

// askPlaces asks the first queued announcement that has a choice and
// reports false, or reports true when none is left. An announcement that
// no longer applies (the creatures are no longer in combat with each
// other) or has one place only is dropped.
func (g *Game) askPlaces() bool {
	for len(g.Combat.Places) > 0 {
		pl := g.Combat.Places[0]
		others, ok := g.placeOrder(nil, &pl)
		if !ok || len(others) == 0 || !g.exec().IsPlayer(int(pl.Player)) {
			g.Combat.Places = append(g.Combat.Places[:0], g.Combat.Places[1:]...)
			continue
		}
		g.pending = Decision{Kind: DecidePlace, Player: int(pl.Player), Obj: pl.New, Of: pl.Of, N: len(others) + 1, Rule: pl.Rule, From: others}
		return false
	}
	return true
}

// submitPlace takes the place of the pending announcement: Targets[0],
// from 0 (first) to N-1 (last).
func (g *Game) submitPlace(d *Decision, a *Answer) error {
	if len(g.Combat.Places) == 0 || g.Combat.Places[0].New != d.Obj || g.Combat.Places[0].Of != d.Of {
		return refuse(d.Rule, "no place of %s in %s's damage assignment order is to be announced", g.nameOf(d.Obj), g.nameOf(d.Of)) // a saved state's
	}
	pl := g.Combat.Places[0]
	others, ok := g.placeOrder(nil, &pl)
	if !ok || len(others)+1 != d.N {
		return refuse(d.Rule, "%s's damage assignment order has changed", g.nameOf(d.Of)) // a saved state's
	}
	if a.Kind != Declare || len(a.Targets) != 1 {
		return refuse(d.Rule, "%s must announce one place for %s in %s's damage assignment order", g.PlayerName(d.Player), g.nameOf(d.Obj), g.nameOf(d.Of))
	}
	k := a.Targets[0]
	if k < 0 || int(k) >= d.N {
		return refuse(d.Rule, "%s's damage assignment order has places 1 to %d, not %d", g.nameOf(d.Of), d.N, int64(k)+1)
	}
	attacker := g.exec().BlocksAttacker(pl.New, pl.Of) // else Of blocks New
	for j := range g.Combat.Blocks {
		bl := &g.Combat.Blocks[j]
		var y ObjID
		var key *int16
		switch {
		case attacker && bl.Attacker == pl.Of:
			y, key = bl.Blocker, &bl.Order
		case !attacker && bl.Blocker == pl.Of && bl.Attacker != NoObj:
			y, key = bl.Attacker, &bl.BOrder
		default:
			continue
		}
		if y == pl.New {
			*key = int16(k)
			continue
		}
		for r, z := range others {
			if z == y {
				*key = int16(r)
				if r >= int(k) {
					*key++
				}
			}
		}
	}
	g.Combat.Places = append(g.Combat.Places[:0], g.Combat.Places[1:]...)
	g.pending = Decision{}
	g.emit(Event{Kind: EvOrder, Rule: d.Rule, Player: int8(d.Player), Obj: pl.Of, N: k + 1, Other: int32(pl.New)})
	return nil
}
