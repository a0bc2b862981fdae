package runtime

import "slices"

// Combat damage: which creatures deal damage in this step, their
// assignment (decided by the player when there is a choice, checked as a
// whole), and dealing all of it at once.

// CombatDamage runs one combat damage step of the creatures attacking for
// player p and those blocking them. It reports false while it waits for a
// player to divide a creature's damage.
func (g *Game) CombatDamage(p int, rule string) bool {
	c := &g.Combat
	if !slices.ContainsFunc(c.Attacks, func(a Attack) bool { return int(a.Controller) == p }) {
		return true // p attacks with nothing
	}
	if !c.assigning {
		g.beginDamageStep()
	}
	// The assignments that leave no choice are made first, so that a
	// player dividing a creature's damage counts all of them in what is
	// lethal (the lethal damage predicate reads the damage assigned so far
	// in the step), whatever the creatures' order.
	for _, ask := range [2]bool{false, true} {
		for _, at := range c.Attacks {
			x := at.Attacker
			if !c.deals(x) || slices.Contains(c.AssignedSource, x) {
				continue
			}
			if !g.assignAttacker(at, rule, ask) {
				return false
			}
		}
		for _, bl := range c.Blocks {
			x := bl.Blocker
			if !c.deals(x) || slices.Contains(c.AssignedSource, x) {
				continue
			}
			attackers := g.BlockedBy(x)
			n := g.Power(x)
			if n > 0 && len(attackers) >= 2 {
				if !ask {
					continue
				}
				// A blocker of several attackers divides its damage along
				// its damage assignment order: its controller decides.
				g.pending = Decision{Kind: DecideDamage, Player: int(g.Objs[x].Controller), Obj: x, From: attackers, N: int(n), Rule: rule}
				return false
			}
			c.AssignedSource = append(c.AssignedSource, x)
			if n > 0 && len(attackers) == 1 {
				c.Assigned = append(c.Assigned, Assigned{Source: x, To: attackers[0], Amount: n})
			}
		}
	}
	g.dealCombatDamage(rule)
	return true
}

// dealers is the set of creatures that deal damage in the current step.
func (c *Combat) deals(x ObjID) bool { return slices.Contains(c.dealers, x) }

func (g *Game) beginDamageStep() {
	c := &g.Combat
	g.checkLeavesCombat()
	c.assigning = true
	c.DamageSteps++
	c.Assigned, c.AssignedSource, c.dealers = c.Assigned[:0], c.AssignedSource[:0], c.dealers[:0]
	var all []ObjID
	for _, a := range c.Attacks {
		all = append(all, a.Attacker)
	}
	for _, b := range c.Blocks {
		if !slices.Contains(all, b.Blocker) {
			all = append(all, b.Blocker)
		}
	}
	first := func(x ObjID) bool { return g.has(DealsFirst, x) }
	switch {
	case c.DamageSteps == 1 && slices.ContainsFunc(all, first):
		// Only those deal damage now, and a second combat damage step
		// follows this one.
		for _, x := range all {
			if first(x) {
				c.dealers = append(c.dealers, x)
			}
		}
		c.SecondStep = true
		c.DealtFirst = append(c.DealtFirst[:0], c.dealers...)
		if step := g.CurrentStep(); step != "" {
			_ = g.AddExtraStep(step, step, false)
		}
	case c.SecondStep:
		for _, x := range all {
			if g.has(DealsSecond, x) {
				c.dealers = append(c.dealers, x)
			}
		}
	default:
		c.dealers = append(c.dealers, all...)
	}
}

// lethal is the damage that is lethal to blocker b from source s, counting
// damage already marked and damage already assigned this step: none when b
// has lethal damage assigned already, at most 1 from a deathtouch source.
func (g *Game) lethal(s, b ObjID) int32 {
	if g.has(LethalAssigned, b) {
		return 0
	}
	n := max(g.Toughness(b)-g.Objs[b].Damage-g.AssignedDamage(b), 0)
	for i := range g.Rules.Predicates {
		if p := &g.Rules.Predicates[i]; p.Kind == LethalDamage {
			n = max(p.Value2(g, s, b), 0)
			break
		}
	}
	if g.has(Deathtouch, s) {
		return min(n, 1)
	}
	return n
}

// assignAttacker assigns attacker at's damage, or asks its controller
// when there is a choice and ask is set (reporting true, doing nothing,
// when there is a choice and ask is not set).
func (g *Game) assignAttacker(at Attack, rule string, ask bool) bool {
	c := &g.Combat
	x := at.Attacker
	power := g.Power(x)
	target, toPlayer := at.Target, at.Player
	if target != NoObj && (g.Objs[target].Zone != ZoneBattlefield || g.Objs[target].PhasedOut || g.Objs[target].Types&TypePlaneswalker == 0) {
		target, toPlayer = NoObj, -1 // what it attacked is gone, or no longer a planeswalker
	}
	done := func(to ObjID, p int8, n int32) bool {
		c.AssignedSource = append(c.AssignedSource, x)
		if n > 0 && (to != NoObj || p >= 0) {
			c.Assigned = append(c.Assigned, Assigned{Source: x, To: to, ToPlayer: p, Amount: n})
		}
		return true
	}
	if power <= 0 {
		return done(NoObj, -1, 0)
	}
	if !at.Blocked {
		return done(target, toPlayer, power)
	}
	blockers := g.Blockers(x)
	trample := g.has(Trample, x)
	switch {
	case len(blockers) == 0 && trample:
		return done(target, toPlayer, power)
	case len(blockers) == 0:
		return done(NoObj, -1, 0)
	case len(blockers) == 1 && !trample:
		return done(blockers[0], -1, power)
	}
	if !ask {
		return true
	}
	from := blockers
	if trample {
		from = append(from, NoObj)
	}
	g.pending = Decision{Kind: DecideDamage, Player: int(g.Objs[x].Controller), Obj: x, From: from, N: int(power), Rule: rule}
	return false
}

// DefaultDamage is the assignment a simple caller can accept: lethal
// damage to each blocker in order, the rest to the last one, or with
// trample to the player or planeswalker attacked.
func (g *Game) DefaultDamage(d Decision) Answer {
	a := Answer{Kind: Declare, Objs: d.From, Amounts: make([]int32, len(d.From))}
	left := int32(d.N)
	for i, b := range d.From {
		if b == NoObj {
			a.Amounts[i] = left
			left = 0
			break
		}
		n := min(g.lethal(d.Obj, b), left)
		a.Amounts[i] = n
		left -= n
	}
	if left > 0 {
		a.Amounts[len(d.From)-1] += left
	}
	return a
}

func (g *Game) submitDamage(d Decision, a Answer) error {
	x := d.Obj
	if a.Kind != Declare || len(a.Objs) != len(a.Amounts) {
		return refuse(d.Rule, "assign %s's %d damage: give an amount for each recipient", g.nameOf(x), d.N)
	}
	amount := make([]int32, len(d.From))
	var total int32
	for i, to := range a.Objs {
		j := slices.Index(d.From, to)
		if j < 0 {
			return refuse(d.Rule, "%s can't assign damage to %s", g.nameOf(x), g.nameOf(to))
		}
		if a.Amounts[i] < 0 {
			return refuse(d.Rule, "damage amounts can't be negative")
		}
		amount[j] += a.Amounts[i]
		total += a.Amounts[i]
	}
	if total != int32(d.N) {
		return refuse(d.Rule, "%s assigns exactly %d damage, not %d", g.nameOf(x), d.N, total)
	}
	// Lethal damage to each blocker in order before any to the next, or
	// (with trample) to the player or planeswalker.
	for i, to := range d.From {
		if amount[i] == 0 {
			continue
		}
		for j := 0; j < i; j++ {
			if need := g.lethal(x, d.From[j]); amount[j] < need {
				what := "the next blocker"
				if to == NoObj {
					what = "the player or planeswalker it attacks"
				}
				return refuse(d.Rule, "%s must assign lethal damage (%d) to %s before assigning any to %s", g.nameOf(x), need, g.nameOf(d.From[j]), what)
			}
		}
	}
	c := &g.Combat
	for i, to := range d.From {
		if amount[i] == 0 {
			continue
		}
		if to == NoObj { // trample: the player or planeswalker attacked
			at := c.Attacks[g.attackIndex(x)]
			c.Assigned = append(c.Assigned, Assigned{Source: x, To: at.Target, ToPlayer: at.Player, Amount: amount[i]})
			continue
		}
		c.Assigned = append(c.Assigned, Assigned{Source: x, To: to, ToPlayer: -1, Amount: amount[i]})
	}
	c.AssignedSource = append(c.AssignedSource, x)
	g.pending = Decision{}
	return nil
}

// dealCombatDamage deals all assigned combat damage at once, logged in the
// order of the creatures (attackers, then blockers), whatever the order in
// which their damage was assigned.
func (g *Game) dealCombatDamage(rule string) {
	c := &g.Combat
	slices.SortStableFunc(c.Assigned, func(a, b Assigned) int { return g.dealerRank(a.Source) - g.dealerRank(b.Source) })
	for _, a := range c.Assigned {
		other := int32(a.To)
		if a.To == NoObj {
			other = PlayerCode(int(a.ToPlayer))
		}
		g.emit(Event{Kind: EvCombatDamage, Rule: rule, Player: g.Objs[a.Source].Controller, Obj: a.Source, N: a.Amount, Other: other})
		switch {
		case a.To == NoObj:
			g.Players[a.ToPlayer].Life -= a.Amount
		case g.Objs[a.To].Types&TypeCreature != 0:
			g.Objs[a.To].Damage += a.Amount
			if g.has(Deathtouch, a.Source) {
				g.Objs[a.To].DeathtouchHit = true
			}
		case g.Objs[a.To].Types&TypePlaneswalker != 0:
			g.Objs[a.To].Counters[CounterLoyalty] = max(0, g.Objs[a.To].Counters[CounterLoyalty]-a.Amount)
		}
	}
	// Lifelink: each source's controller gains the damage it dealt.
	for i, a := range c.Assigned {
		if !g.has(Lifelink, a.Source) || slices.ContainsFunc(c.Assigned[:i], func(b Assigned) bool { return b.Source == a.Source }) {
			continue
		}
		var n int32
		for _, b := range c.Assigned[i:] {
			if b.Source == a.Source {
				n += b.Amount
			}
		}
		_, lrule := g.pred(Lifelink, a.Source, false)
		g.GainLife(int(g.Objs[a.Source].Controller), n, lrule)
	}
	c.Assigned, c.AssignedSource = c.Assigned[:0], c.AssignedSource[:0]
	c.assigning = false
}

// dealerRank places combat damage source x among the creatures in combat:
// the attackers in order, then the blockers.
func (g *Game) dealerRank(x ObjID) int {
	c := &g.Combat
	if i := g.attackIndex(x); i >= 0 {
		return i
	}
	for j, bl := range c.Blocks {
		if bl.Blocker == x {
			return len(c.Attacks) + j
		}
	}
	return len(c.Attacks) + len(c.Blocks)
}

// DealDamage has source s deal n noncombat damage to creature x, wherever s
// is: deathtouch and lifelink (the rules' predicates) apply from any zone.
func (g *Game) DealDamage(s, x ObjID, n int32, rule string) {
	if n <= 0 {
		return
	}
	g.emit(Event{Kind: EvCombatDamage, Rule: rule, Player: g.Objs[s].Owner, Obj: s, N: n, Other: int32(x), Name: "noncombat"})
	g.Objs[x].Damage += n
	if ok, _ := g.pred(Deathtouch, s, false); ok {
		g.Objs[x].DeathtouchHit = true
	}
	if ok, lrule := g.pred(Lifelink, s, false); ok {
		g.GainLife(int(g.Objs[s].Owner), n, lrule)
	}
}
