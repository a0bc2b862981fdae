package runtime

import "slices"

// Combat damage: which creatures deal damage in this step, their
// assignment (decided by the player when there is a choice, checked as a
// whole), and dealing all of it at once.

// attacksWith reports whether creatures attack for player p.
func (g *Game) attacksWith(p int) bool {
	return slices.ContainsFunc(g.Combat.Attacks, func(a Attack) bool { return int(a.Controller) == p })
}

// DivideCombatDamage has each player, the attacking player p first,
// divide the combat damage of the creatures that deal damage in this step,
// have a choice and have not assigned it yet (a creature the rules did not
// assign and that has no choice assigns none: AssignToAttacked and
// AssignTo are the rules' no-choice assignments). It reports false while
// it waits for a player.
func (g *Game) DivideCombatDamage(p int, rule string) bool {
	if !g.attacksWith(p) {
		return true
	}
	return g.divide(p, rule)
}

// DealsCombatDamage reports whether x deals combat damage in this combat
// damage step.
func (g *Game) DealsCombatDamage(x ObjID) bool { return g.Combat.deals(x) }

// AssignToAttacked records that attacking creature x assigns n combat
// damage in this step to what it attacks: the player, or the permanent
// while it can still be attacked (else to nothing). Which creatures deal
// damage in the step is the rules' (x.deals_combat_damage). Nothing if x
// has assigned its damage in this step already; 0 or less is none.
func (g *Game) AssignToAttacked(x ObjID, n int32, rule string) {
	_ = rule // the damage cites the rule that deals it
	c := &g.Combat
	ai := g.attackIndex(x)
	if ai < 0 || slices.Contains(c.AssignedSource, x) {
		return
	}
	c.AssignedSource = append(c.AssignedSource, x)
	if t, p := g.attackedNow(c.Attacks[ai]); n > 0 && (t != NoObj || p >= 0) {
		c.Assigned = append(c.Assigned, Assigned{Source: x, To: t, ToPlayer: p, Amount: n})
	}
}

// AssignTo records that creature x assigns n combat damage in this step
// to creature y on the battlefield. Nothing if x has assigned its damage
// in this step already; 0 or less is none.
func (g *Game) AssignTo(x, y ObjID, n int32, rule string) {
	_ = rule
	c := &g.Combat
	if !g.valid(x) || !g.valid(y) || slices.Contains(c.AssignedSource, x) {
		return
	}
	c.AssignedSource = append(c.AssignedSource, x)
	if n > 0 && g.Objs[y].Zone == ZoneBattlefield {
		c.Assigned = append(c.Assigned, Assigned{Source: x, To: y, ToPlayer: -1, Amount: n})
	}
}

// Assigns is the combat damage x assigns (the rules' assigns_damage; 0
// or less is none).
func (g *Game) Assigns(x ObjID) int32 { return g.assigns(x) }

// divide asks each player, p first, to divide the damage of their
// creatures that have a choice and have not assigned theirs.
func (g *Game) divide(p int, rule string) bool {
	c := &g.Combat
	n := len(g.Players)
	for i := 0; i < n; i++ {
		q := (p + i) % n
		var groups []DamageGroup
		for _, at := range c.Attacks {
			if x := at.Attacker; int(g.Objs[x].Controller) == q && c.deals(x) && !slices.Contains(c.AssignedSource, x) {
				if from, power := g.attackerDamage(at); from != nil {
					groups = append(groups, DamageGroup{Source: x, From: from, N: int(power)})
				}
			}
		}
		for _, bl := range c.Blocks {
			x := bl.Blocker
			if int(g.Objs[x].Controller) == q && c.deals(x) && !slices.Contains(c.AssignedSource, x) &&
				!slices.ContainsFunc(groups, func(gr DamageGroup) bool { return gr.Source == x }) {
				if from, power := g.blockerDamage(x); from != nil {
					groups = append(groups, DamageGroup{Source: x, From: from, N: int(power)})
				}
			}
		}
		if len(groups) > 0 {
			g.pending = Decision{Kind: DecideDamage, Player: q, Obj: groups[0].Source, From: groups[0].From, N: groups[0].N, Groups: groups, Rule: rule}
			return false
		}
	}
	c.assigning = false
	return true
}

// blockerDamage returns the attackers among which blocker x divides its
// combat damage, and how much, when it has a choice: it blocks several
// (nil otherwise: the rules assign what leaves no choice).
func (g *Game) blockerDamage(x ObjID) ([]ObjID, int32) {
	if n := g.assigns(x); n > 0 && g.numBlockedBy(x) >= 2 {
		return g.BlockedBy(x), n
	}
	return nil, 0
}

// startDamageStep begins a combat damage step's assignment: creatures
// that left combat are removed, the step is counted, nothing is assigned
// and nobody deals damage yet.
func (g *Game) startDamageStep() {
	c := &g.Combat
	g.checkLeavesCombat()
	c.assigning = true
	c.DamageSteps++
	c.Assigned, c.AssignedSource, c.dealers = c.Assigned[:0], c.AssignedSource[:0], c.dealers[:0]
}

// addDamageStep adds a second combat damage step after this one; the
// creatures dealing damage now are those that dealt it in the first.
func (g *Game) addDamageStep() {
	c := &g.Combat
	c.SecondStep = true
	c.DealtFirst = append(c.DealtFirst[:0], c.dealers...)
	if step := g.CurrentStep(); step != "" {
		_ = g.AddExtraStep(step, step, false)
	}
}

// StartCombatDamage begins one combat damage step of the creatures
// attacking for player p and those blocking them (creatures that left
// combat removed, the step counted, nothing assigned); which creatures
// deal damage in it, and whether a second step follows, the rules say
// (DealsDamageNow, AddCombatDamageStep).
func (g *Game) StartCombatDamage(p int, rule string) {
	if g.attacksWith(p) {
		g.startDamageStep()
	}
}

// DealsDamageNow makes creature x, in combat, one that deals combat damage
// in this step.
func (g *Game) DealsDamageNow(x ObjID, rule string) {
	c := &g.Combat
	if g.valid(x) && (g.Attacking(x) || g.Blocking(x)) && !c.deals(x) {
		c.dealers = append(c.dealers, x)
	}
}

// AddCombatDamageStep adds a second combat damage step after this one, in
// the combat of player p, once: the creatures dealing damage now are
// those that deal it in the first (x.in_first_step).
func (g *Game) AddCombatDamageStep(p int, rule string) {
	if g.attacksWith(p) && !g.Combat.SecondStep {
		g.addDamageStep()
	}
}

// CombatDamageStep is the number of the combat damage step of this
// combat (1, 2 after first strikers), 0 before one.
func (g *Game) CombatDamageStep() int32 { return int32(g.Combat.DamageSteps) }

// SecondCombatDamageStep reports whether a second combat damage step was
// added in this combat.
func (g *Game) SecondCombatDamageStep() bool { return g.Combat.SecondStep }

// dealers is the set of creatures that deal damage in the current step.
func (c *Combat) deals(x ObjID) bool { return slices.Contains(c.dealers, x) }

// lethal is the damage that is lethal to b from source s: the rules'
// lethal_damage predicate (the checker requires it of rules that deal
// combat damage; without one, nothing is needed).
func (g *Game) lethal(s, b ObjID) int32 {
	if ix := g.predsOf(LethalDamage); len(ix) > 0 {
		return max(g.Rules.Predicates[ix[0]].Value2(g, s, b), 0)
	}
	return 0
}

// attackedNow is what attacker at attacks, as a recipient of its damage:
// nothing (NoObj, -1) if that permanent is gone or can no longer be
// attacked (a planeswalker no longer one).
func (g *Game) attackedNow(at Attack) (ObjID, int8) {
	if t := at.Target; t != NoObj && (g.Objs[t].Zone != ZoneBattlefield || g.Objs[t].PhasedOut || !g.has(CanBeAttacked, t)) {
		return NoObj, -1
	}
	return at.Target, at.Player
}

// attackerDamage returns the recipients among which attacker at divides
// its combat damage (NoObj standing for what it attacks, with trample),
// and how much, when it has a choice: blocked by several, or by one with
// trample (nil otherwise: the rules assign what leaves no choice).
func (g *Game) attackerDamage(at Attack) ([]ObjID, int32) {
	x := at.Attacker
	power := g.assigns(x)
	if power <= 0 || !at.Blocked {
		return nil, 0
	}
	trample := g.has(Trample, x)
	nb := g.numBlockers(x)
	if nb == 0 || nb == 1 && !trample {
		return nil, 0
	}
	from := g.appendBlockers(make([]ObjID, 0, nb+1), x)
	if trample {
		from = append(from, NoObj)
	}
	return from, power
}

// DefaultDamage is the assignment a simple caller can accept: for each
// creature in turn, lethal damage to each recipient in order (counting the
// damage of the creatures before it), the rest to the last one, or with
// trample to the player or planeswalker attacked.
func (g *Game) DefaultDamage(d Decision) Answer {
	groups := d.Groups
	if len(groups) == 0 {
		groups = []DamageGroup{{Source: d.Obj, From: d.From, N: d.N}}
	}
	c := &g.Combat
	base := len(c.Assigned)
	a := Answer{Kind: Declare}
	for _, gr := range groups {
		amounts := make([]int32, len(gr.From))
		left := int32(gr.N)
		for i, b := range gr.From {
			if b == NoObj {
				amounts[i], left = left, 0
				break
			}
			if i == len(gr.From)-1 {
				break // the last one takes the rest
			}
			// The least that lets the division go on past b, to the next
			// blocker and, with trample, on to what the creature attacks
			// (rules where blockers may be passed freely still want
			// lethal damage to each before the player).
			k := AssignPast
			if gr.From[i+1] == NoObj {
				k = TramplePast
			}
			trample := gr.From[len(gr.From)-1] == NoObj
			n := int32(0)
			for ; n < left; n++ {
				amounts[i] = n
				ok, _ := g.mayPass(k, gr, amounts, i)
				if ok && trample && k != TramplePast {
					ok, _ = g.mayPass(TramplePast, gr, amounts, i)
				}
				if ok {
					break
				}
			}
			amounts[i] = n
			left -= n
		}
		if left > 0 {
			amounts[len(gr.From)-1] = addSat(amounts[len(gr.From)-1], left)
		}
		g.addDivision(gr, amounts)
		a.Damage = append(a.Damage, Division{Source: gr.Source, To: gr.From, Amounts: amounts})
	}
	c.Assigned = c.Assigned[:base]
	if len(a.Damage) == 1 {
		a.Objs, a.Amounts = a.Damage[0].To, a.Damage[0].Amounts
	}
	return a
}

// addDivision records group gr's damage, amounts[i] to gr.From[i].
func (g *Game) addDivision(gr DamageGroup, amounts []int32) {
	c := &g.Combat
	for i, to := range gr.From {
		if amounts[i] == 0 {
			continue
		}
		if to == NoObj { // trample: the player or planeswalker attacked
			if ai := g.attackIndex(gr.Source); ai >= 0 {
				if t, p := g.attackedNow(c.Attacks[ai]); t != NoObj || p >= 0 {
					c.Assigned = append(c.Assigned, Assigned{Source: gr.Source, To: t, ToPlayer: p, Amount: amounts[i]})
				}
			}
			continue
		}
		c.Assigned = append(c.Assigned, Assigned{Source: gr.Source, To: to, ToPlayer: -1, Amount: amounts[i]})
	}
}

func (g *Game) submitDamage(d *Decision, a *Answer) error {
	groups := d.Groups
	if len(groups) == 0 {
		groups = []DamageGroup{{Source: d.Obj, From: d.From, N: d.N}}
	}
	divs := a.Damage
	if len(divs) == 0 && len(groups) == 1 {
		divs = []Division{{Source: groups[0].Source, To: a.Objs, Amounts: a.Amounts}}
	}
	if a.Kind != Declare || len(divs) != len(groups) {
		return refuse(d.Rule, "%s assigns the combat damage of %s at once: give one division for each", g.PlayerName(d.Player), g.names(groupSources(groups)))
	}
	amounts := make([][]int32, len(groups))
	for _, dv := range divs {
		gi := slices.IndexFunc(groups, func(gr DamageGroup) bool { return gr.Source == dv.Source })
		if gi < 0 || amounts[gi] != nil {
			return refuse(d.Rule, "%s assigns the combat damage of %s, each once, not of %s", g.PlayerName(d.Player), g.names(groupSources(groups)), g.nameOf(dv.Source))
		}
		var err error
		if amounts[gi], err = g.division(groups[gi], dv, d.Rule); err != nil {
			return err
		}
	}
	// What is lethal counts the damage every other creature is
	// assigning in this step, these included.
	c := &g.Combat
	base := len(c.Assigned)
	for gi, gr := range groups {
		for gj := range groups {
			if gj != gi {
				g.addDivision(groups[gj], amounts[gj])
			}
		}
		err := g.lethalFirst(gr, amounts[gi], d.Rule)
		c.Assigned = c.Assigned[:base]
		if err != nil {
			return err
		}
	}
	for gi, gr := range groups {
		g.addDivision(gr, amounts[gi])
		c.AssignedSource = append(c.AssignedSource, gr.Source)
	}
	g.pending = Decision{}
	return nil
}

func groupSources(groups []DamageGroup) []ObjID {
	out := make([]ObjID, len(groups))
	for i, gr := range groups {
		out[i] = gr.Source
	}
	return out
}

// division checks that dv gives exactly gr.N damage to gr's recipients and
// returns the amount for each of gr.From.
func (g *Game) division(gr DamageGroup, dv Division, rule string) ([]int32, error) {
	x := gr.Source
	if len(dv.To) != len(dv.Amounts) {
		return nil, refuse(rule, "assign %s's %d damage: give an amount for each recipient", g.nameOf(x), gr.N)
	}
	amount := make([]int32, len(gr.From))
	var total int64
	for i, to := range dv.To {
		j := slices.Index(gr.From, to)
		if j < 0 {
			what := g.nameOf(to)
			if to == NoObj { // a player's code: only a trampler may reach what it attacks
				what = "the player or planeswalker it attacks"
			}
			return nil, refuse(rule, "%s can't assign damage to %s", g.nameOf(x), what)
		}
		if slices.Contains(dv.To[:i], to) {
			return nil, refuse(rule, "%s's division names %s twice: give each recipient one amount", g.nameOf(x), g.nameOf(to))
		}
		if dv.Amounts[i] < 0 {
			return nil, refuse(rule, "damage amounts can't be negative")
		}
		amount[j] = dv.Amounts[i]
		total += int64(dv.Amounts[i])
	}
	if total != int64(gr.N) {
		return nil, refuse(rule, "%s assigns exactly %d damage, not %d", g.nameOf(x), gr.N, total)
	}
	return amount, nil
}

// lethalFirst checks that gr's division gives each recipient enough before
// any to the next: the rules' assign_past predicate says when a division
// may go on past a creature to the next in order, trample_past when past
// the last blocker to the player or planeswalker attacked (the checker
// requires both of rules that deal combat damage).
func (g *Game) lethalFirst(gr DamageGroup, amount []int32, rule string) error {
	x := gr.Source
	for i, to := range gr.From {
		if amount[i] == 0 {
			continue
		}
		k := AssignPast
		if to == NoObj {
			k = TramplePast
		}
		for j := 0; j < i; j++ {
			if ok, prule := g.mayPass(k, gr, amount, j); !ok {
				what := "the next blocker"
				if !g.Attacking(x) {
					what = "the next attacker"
				}
				if to == NoObj {
					what = "the player or planeswalker it attacks"
				}
				if prule == "" {
					prule = rule
				}
				return g.refusePred(k, prule, "%s must assign enough damage to %s (it assigns %d, lethal damage is %d) before assigning any to %s", g.nameOf(x), g.nameOf(gr.From[j]), amount[j], g.lethal(x, gr.From[j]), what)
			}
		}
	}
	return nil
}

// mayPass evaluates predicate kind k (AssignPast or TramplePast) for the
// source of gr and its j-th recipient, with gr's division being amount (the
// rules read it as assigning(s, b)); it returns the rule of a predicate
// that does not hold.
func (g *Game) mayPass(k PredKind, gr DamageGroup, amount []int32, j int) (bool, string) {
	c := &g.Combat
	c.dividing, c.dividingAmounts = gr, amount
	defer func() { c.dividing, c.dividingAmounts = DamageGroup{}, nil }()
	s, b := gr.Source, gr.From[j]
	for _, i := range g.predsOf(k) {
		if p := &g.Rules.Predicates[i]; !p.Test2(g, s, b) {
			return false, p.Rule
		}
	}
	return true, ""
}

// Assigning is the damage source s is dividing to b in the division being
// checked, 0 outside such a check.
func (g *Game) Assigning(s, b ObjID) int32 {
	c := &g.Combat
	if c.dividing.Source != s || s == NoObj {
		return 0
	}
	var n int32
	for i, to := range c.dividing.From {
		if to == b && i < len(c.dividingAmounts) {
			n = addSat(n, c.dividingAmounts[i])
		}
	}
	return n
}

// Lethal is the damage from s that is lethal to b (the rules'
// lethal_damage predicate).
func (g *Game) Lethal(s, b ObjID) int32 { return g.lethal(s, b) }

// DealCombatDamage deals all the combat damage assigned and not yet dealt
// at once, logged in the order of the creatures (attackers, then
// blockers), whatever the order in which it was assigned; each amount's
// results are the rules' damage hooks. Only the active player's combat
// has damage to deal: for another player, nothing is dealt.
func (g *Game) DealCombatDamage(p int, rule string) {
	if p != g.Active {
		return // the combat, and its damage, is the active player's
	}
	c := &g.Combat
	// The record is taken out first: what the hooks do (a stack object
	// they put on the stack) starts from no damage assigned.
	dealt := append(g.dealBuf[:0], c.Assigned...)
	c.Assigned, c.AssignedSource = c.Assigned[:0], c.AssignedSource[:0]
	slices.SortStableFunc(dealt, func(a, b Assigned) int { return g.dealerRank(a.Source) - g.dealerRank(b.Source) })
	g.dealingCombat = true
	for i := range dealt {
		a := &dealt[i]
		other := int32(a.To)
		if a.To != NoObj && (g.Objs[a.To].Zone != ZoneBattlefield || g.Objs[a.To].PhasedOut) {
			// Its recipient is gone (damage on the stack, dealt later):
			// there is nothing to deal it to.
			a.Amount = 0
			continue
		}
		if a.To != NoObj && !g.can(CanBeDealtCombatDamage, a.To) {
			// The rules say it can't be dealt combat damage any more (a
			// recipient no longer a creature, damage on the stack).
			a.Amount = 0
			continue
		}
		if a.To == NoObj {
			other = PlayerCode(int(a.ToPlayer))
		} else if a.Amount = g.prevent(a.To, a.Amount, rule); a.Amount == 0 {
			continue
		}
		g.emit(Event{Kind: EvCombatDamage, Rule: rule, Player: g.Objs[a.Source].Controller, Obj: a.Source, N: a.Amount, Other: other})
		g.damageDealt(a.Source, other, a.Amount)
	}
	// Then each source's hooks, with all the damage it dealt.
	for i, a := range dealt {
		if slices.ContainsFunc(dealt[:i], func(b Assigned) bool { return b.Source == a.Source }) {
			continue
		}
		var n int32
		for _, b := range dealt[i:] {
			if b.Source == a.Source {
				n = addSat(n, b.Amount)
			}
		}
		if n > 0 {
			g.dealtBy(a.Source, n)
		}
	}
	g.dealingCombat = false
	g.dealBuf = dealt[:0]
}

// CombatDamagePending is how many amounts of combat damage are assigned
// and not yet dealt.
func (g *Game) CombatDamagePending() int32 { return int32(len(g.Combat.Assigned)) }

// dealerRank places combat damage source x among the creatures in combat:
// the attackers in order, then the blockers.
func (g *Game) dealerRank(x ObjID) int {
	c := &g.Combat
	if i := g.attackIndex(x); i >= 0 {
		return i
	}
	if j := g.blockIndex(x); j >= 0 { // its first block
		return len(c.Attacks) + j
	}
	return len(c.Attacks) + len(c.Blocks)
}

// DealDamage has source s deal n noncombat damage to creature x, wherever s
// is; its results are the rules' damage hooks.
func (g *Game) DealDamage(s, x ObjID, n int32, rule string) {
	if n = g.prevent(x, n, rule); n <= 0 {
		return
	}
	g.emit(Event{Kind: EvCombatDamage, Rule: rule, Player: g.Objs[s].Owner, Obj: s, N: n, Other: int32(x), Name: "noncombat"})
	g.damageDealt(s, int32(x), n)
	g.dealtBy(s, n)
}

// prevent applies x's prevention shield to n damage about to be dealt to
// it and returns what is left to deal.
func (g *Game) prevent(x ObjID, n int32, rule string) int32 {
	o := &g.Objs[x]
	if o.PreventNext <= 0 || n <= 0 {
		return n
	}
	p := min(o.PreventNext, n)
	o.PreventNext -= p
	g.emit(Event{Kind: EvPreventDamage, Rule: rule, Player: o.Controller, Obj: x, N: p})
	return n - p
}

// assigns is the combat damage x assigns: the rules' assigns_damage
// predicate (required of rules that deal combat damage; without one,
// none); 0 or less is none.
func (g *Game) assigns(x ObjID) int32 {
	if ix := g.predsOf(AssignsDamage); len(ix) > 0 {
		return max(g.Rules.Predicates[ix[0]].Value(g, x), 0)
	}
	return 0
}
