package rtimpl

// The priority system (CR 116): who may act, and when a step may end.

func (g *Game) priority() {
	_, st, _ := g.current()
	if !g.prio.on {
		if st.Priority == nil || (st.PriorityIf != nil && !st.PriorityIf(g.exec())) {
			if st.NoPriorityRule != "" {
				g.emit(Event{Kind: EvNoPriority, Rule: st.NoPriorityRule, Player: int8(g.Active), Obj: NoObj, Name: st.Name})
			}
			g.stage = stRepeat
			return
		}
		g.prio = prioState{on: true, holder: st.Priority(g.exec()), rule: st.PriorityRule}
		g.stepHadPriority = true
	}
	if g.prio.passes >= g.NumPlayers() {
		if len(g.Stack) == 0 {
			g.prio = prioState{}
			g.stage = stRepeat
			return
		}
		g.resolveTop()
		if g.resuming {
			return // a player answers as it resolves: it resolves again then
		}
		g.prio.passes = 0
		g.prio.holder = g.Active // after a resolution, the active player
		return
	}
	if len(g.Combat.Places) > 0 && !g.askPlaces() {
		return // a player announces a place in a damage assignment order
	}
	g.watchCheck()
	// State-based actions, then triggered abilities, until neither
	// happens, each time a player would receive priority.
	for {
		for g.exec().CheckSBA() {
			if g.over {
				return
			}
		}
		if g.pending.Kind != DecideNone {
			return // a state-based action waits for a choice
		}
		if g.stackTriggers() {
			if g.pending.Kind != DecideNone {
				return // a player orders their triggered abilities
			}
			continue
		}
		// The targets of the abilities put on the stack; what that
		// changed is checked again (state-based actions) before anyone
		// receives priority.
		asked, changed := g.chooseTargets()
		if asked {
			return // a player chooses a target for an ability
		}
		if !changed {
			break
		}
	}
	if !g.InGame(g.prio.holder) {
		g.prio.holder = g.exec().NextPlayer(g.prio.holder)
	}
	g.emitPlayer(EvPriority, g.prio.rule, g.prio.holder, 0)
	g.pending = Decision{Kind: DecidePriority, Player: g.prio.holder, Rule: g.prio.rule}
}

func (g *Game) submitPriority(d *Decision, a *Answer) error {
	p := d.Player
	switch a.Kind {
	case Pass:
		g.emitPlayer(EvPass, g.Rules.Cite[MechPassPriority], p, 0)
		g.prio.passes++
		g.prio.holder = g.exec().NextPlayer(p)
	case PlayLand:
		if err := g.CanPlayLand(p, a.Obj); err != nil {
			return err
		}
		g.move(a.Obj, ZoneBattlefield, p)
		g.emitObj(EvPlayLand, g.Rules.Cite[MechPlayLand], a.Obj, 0)
		g.entered(a.Obj, g.Rules.Cite[MechPlayLand])
		g.prio.passes = 0 // a special action: the player receives priority again
	case Cast:
		if err := g.CanCast(p, a.Obj); err != nil {
			return err
		}
		g.cast(p, a.Obj)
		g.prio.passes = 0 // the player who acted receives priority again
	case TapMana:
		if err := g.canTapForMana(p, a.Obj); err != nil {
			return err
		}
		g.tapForMana(a.Obj)
	case Activate:
		if err := g.CanActivate(p, a.Obj, a.Ability); err != nil {
			return err
		}
		g.activate(p, a.Obj, a.Ability)
		g.prio.passes = 0 // the player who acted receives priority again
	default:
		return refuse(g.Rules.Cite[MechHoldPriority], "%s holds priority: pass, play a land, cast a spell, activate an ability or tap a land for mana", g.PlayerName(p))
	}
	g.pending = Decision{}
	return nil
}

// sorceryTiming checks a permission of the current step: the rules allow
// what (a land, a sorcery-speed spell) in it, on their conditions.
func (g *Game) sorceryTiming(p int, allowed string, cond func(Exec, int) bool, rule, what string) error {
	if allowed == "" {
		return refuse(rule, "%s can't be played during the %s", what, g.CurrentStep())
	}
	if cond != nil && !cond(g.exec(), p) {
		return refuse(allowed, "%s can't play %s now (not the active player, the stack not empty, or no land play left)", g.PlayerName(p), what)
	}
	return nil
}

func (g *Game) holds(p int) error {
	if g.pending.Kind != DecidePriority || g.pending.Player != p {
		return refuse(g.Rules.Cite[MechHoldPriority], "%s does not hold priority", g.PlayerName(p))
	}
	return nil
}

func (g *Game) inZone(x ObjID, p int, z Zone) bool {
	if x < 0 || int(x) >= len(g.Objs) {
		return false
	}
	o := &g.Objs[x]
	return o.Zone == z && int(o.Owner) == p
}

func (g *Game) tapForMana(x ObjID) {
	o := &g.Objs[x]
	c, _ := g.manaColor(o)
	o.Tapped = true
	g.Players[o.Controller].Mana[c]++
	g.emitObj(EvAddMana, g.Rules.Cite[MechTapMana], x, int32(c))
}

// pay taps lands as needed and pays cost from p's pool; canPay must hold.
func (g *Game) pay(p int, cost Cost) {
	need := cost.Colored
	pool := &g.Players[p].Mana
	// Tap for colored needs the pool can't cover, then for generic.
	for x := range g.manaSourcesOf(p) {
		if c, _ := g.manaColor(&g.Objs[x]); pool[c] < need[c] {
			g.tapForMana(x)
		}
	}
	for c := Color(0); c < 5; c++ {
		pool[c] -= need[c]
	}
	generic := cost.Generic
	for x := range g.manaSourcesOf(p) {
		if pool.Total() >= generic {
			break
		}
		g.tapForMana(x)
	}
	for c := Colorless; generic > 0; c-- {
		take := min(pool[c], generic)
		pool[c] -= take
		generic -= take
		if c == 0 {
			break
		}
	}
}

func (g *Game) cast(p int, x ObjID) {
	g.pay(p, g.face(x).Cost)
	g.move(x, ZoneStack, p)
	it := StackItem{Source: x, Controller: int8(p)}
	it.Args = g.face(x).Spell.Args // its numbers; its targets are chosen next
	g.markTargets(&it)
	g.Stack = append(g.Stack, it)
	g.emitObj(EvCast, g.Rules.Cite[MechCast], x, 0)
}

// LegalActions appends to buf every legal answer to a priority decision
// but tapping lands for mana (Options lists those too): passing first,
// then what priorityOptions finds, in its order.
func (g *Game) LegalActions(buf []Answer) []Answer {
	d := g.pending
	if d.Kind != DecidePriority {
		return buf
	}
	buf = append(buf, Answer{Kind: Pass})
	g.priorityOptions(d.Player, func(o Option) bool {
		if o.Kind != TapMana {
			buf = append(buf, Answer{Kind: o.Kind, Obj: o.Obj, Ability: int(o.Ability)})
		}
		return true
	})
	return buf
}

// watchCheck is the check of the rules' watches as a player would
// receive priority: skipped when the game has not changed since the last
// one found nothing, and every watch reads only its object's own state
// (which changes only by a change the game counts: Game.changes).
func (g *Game) watchCheck() {
	a := g.aux
	if a != nil && a.watchedAt != 0 && a.watchedAt == g.changes+1 && g.watchClean {
		if len(g.Effects) > 0 {
			g.exec().endLapsed() // (checkWatches does it otherwise: a condition may read what changes count not)
		}
		return
	}
	g.checkWatches(NoObj, false)
	if len(g.Rules.Watches) > 0 && g.watchClean && g.watchesOwn() {
		g.auxOf().watchedAt = g.changes + 1
	}
}
