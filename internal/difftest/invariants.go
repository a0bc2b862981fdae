package difftest

import (
	"fmt"

	"github.com/mtgc-dev/mtgc/compiler"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// Invariants checks a game after every Advance: call Check each time with
// the decision Advance returned. It remembers the previous state, so one
// Invariants follows one game.
type Invariants struct {
	idx *compiler.Index // nil: citations are not checked

	seen     int // events already checked
	life     []int32
	counters [][rt.MaxCounterKinds]int32
	stamp    []uint32
	over     bool
}

// NewInvariants returns a checker for a new game; idx, if not nil, is the
// index every event's rule must be in.
func NewInvariants(idx *compiler.Index) *Invariants { return &Invariants{idx: idx} }

// Check verifies, after an Advance that returned d:
//   - every object that exists is in exactly one zone list, the one its
//     Zone says, of the right player (nothing lost, nothing duplicated);
//   - no state-based action is pending and no trigger waits when a player
//     receives priority (116.5);
//   - life totals and counters changed only through the events logged
//     since the last check;
//   - every event cites a rule (of the index, if there is one);
//   - the game ends only with a win or draw event citing its rule, and
//     nothing happens after.
func (v *Invariants) Check(g *rt.Game, d rt.Decision) error {
	if err := v.zones(g); err != nil {
		return err
	}
	if err := v.events(g); err != nil {
		return err
	}
	if err := v.accounts(g); err != nil {
		return err
	}
	if err := combatIndex(g); err != nil {
		return err
	}
	switch d.Kind {
	case rt.DecidePriority:
		// Every sba matched against the whole state too, not only those
		// whose inputs changed (the engine's incremental check).
		if (rt.Exec{Game: g}).SBAPending() || (rt.Exec{Game: g}).SBAPendingFull() {
			return fmt.Errorf("invariant: %s receives priority while a state-based action is pending (116.5)", g.PlayerName(d.Player))
		}
		if len(g.Waiting) > 0 {
			return fmt.Errorf("invariant: %s receives priority while %d triggered abilities wait to be put on the stack (116.5)", g.PlayerName(d.Player), len(g.Waiting))
		}
	case rt.DecideGameOver:
		if err := v.result(g, d); err != nil {
			return err
		}
	case rt.DecideStuck:
		return fmt.Errorf("invariant: the engine is stuck in the %s step of turn %d (a step that never ends)", g.CurrentStep(), g.TurnNum)
	}
	v.remember(g)
	return nil
}

func (v *Invariants) zones(g *rt.Game) error {
	seen := make([]int, len(g.Objs))
	mark := func(list []rt.ObjID, z rt.Zone, owner int) error {
		for _, x := range list {
			if x < 0 || int(x) >= len(g.Objs) {
				return fmt.Errorf("invariant: object %d listed in %s does not exist", x, z)
			}
			seen[x]++
			o := g.Obj(x)
			if o.Zone != z {
				return fmt.Errorf("invariant: '%s' is listed in %s but its zone is %s", rt.Exec{Game: g}.Face(x).Name, z, o.Zone)
			}
			if owner >= 0 && int(o.Owner) != owner {
				return fmt.Errorf("invariant: '%s' of %s is in %s's %s", rt.Exec{Game: g}.Face(x).Name, g.PlayerName(int(o.Owner)), g.PlayerName(owner), z)
			}
		}
		return nil
	}
	if err := mark(g.Battlefield, rt.ZoneBattlefield, -1); err != nil {
		return err
	}
	for i := range g.Players {
		p := g.P(i)
		for _, l := range []struct {
			list []rt.ObjID
			z    rt.Zone
		}{{p.Library, rt.ZoneLibrary}, {p.Hand, rt.ZoneHand}, {p.Graveyard, rt.ZoneGraveyard}, {p.Exile, rt.ZoneExile}} {
			if err := mark(l.list, l.z, i); err != nil {
				return err
			}
		}
	}
	for _, it := range g.Stack {
		if !it.IsSpell() {
			continue
		}
		if err := mark([]rt.ObjID{it.Source}, rt.ZoneStack, -1); err != nil {
			return err
		}
	}
	for x, n := range seen {
		o := g.Obj(rt.ObjID(x))
		want := 1
		if o.Zone == rt.ZoneNone {
			want = 0
		}
		if n != want {
			return fmt.Errorf("invariant: '%s' (object %d, zone %s) is in %d zone lists", rt.Exec{Game: g}.Face(rt.ObjID(x)).Name, x, o.Zone, n)
		}
	}
	return nil
}

func (v *Invariants) events(g *rt.Game) error {
	if v.over && len(g.Log) > v.seen {
		return fmt.Errorf("invariant: %q logged after the game ended", g.Format(g.Log[v.seen]))
	}
	for _, e := range g.Log[v.seen:] {
		if e.Rule == "" {
			return fmt.Errorf("invariant: %q cites no rule", g.Format(e))
		}
		if v.idx != nil && !v.idx.Has(e.Rule) {
			return fmt.Errorf("invariant: %q cites %s, which is not in the %s index", g.Format(e), e.Rule, v.idx.Edition)
		}
	}
	return nil
}

// movesObject reports whether an event of kind k is about its object
// changing zones (which resets a permanent's counters).
func movesObject(k rt.EventKind) bool {
	switch k {
	case rt.EvMove, rt.EvDestroy, rt.EvCease, rt.EvDraw, rt.EvDiscard, rt.EvPlayLand, rt.EvCast, rt.EvResolve:
		return true
	}
	return false
}

// accounts checks life totals and counters against the events logged
// since the last check, replayed in order: life gained and lost, combat
// damage to players (life) and to planeswalkers (loyalty counters, down to
// zero), counters put and removed.
func (v *Invariants) accounts(g *rt.Game) error {
	if v.life == nil {
		return nil // the first check: nothing to compare with
	}
	life := append([]int32(nil), v.life...)
	// Combat damage to a player is a loss of at most that much life: what
	// it does is the rules' (on_damage player; infect gives poison
	// counters instead), logged as part of the damage event.
	slack := make([]int32, len(life))
	type ctr struct {
		run, sinceMove [rt.MaxCounterKinds]int32
		moved          bool
		// dealt is the combat damage dealt to it: what damage does is the
		// rules' (wither and infect put -1/-1 counters instead of marking
		// it), part of the damage event, logged by nothing of its own.
		dealt int32
	}
	ctrs := map[rt.ObjID]*ctr{}
	get := func(x rt.ObjID) *ctr {
		c := ctrs[x]
		if c == nil {
			c = &ctr{}
			if int(x) < len(v.counters) {
				c.run = v.counters[x]
			}
			ctrs[x] = c
		}
		return c
	}
	for _, e := range g.Log[v.seen:] {
		switch e.Kind {
		case rt.EvLifeGain:
			life[e.Player] += e.N
		case rt.EvLifeLoss:
			life[e.Player] -= e.N
		case rt.EvCombatDamage:
			if e.Other < 0 {
				life[-1-e.Other] -= e.N
				slack[-1-e.Other] += e.N
				break
			}
			get(rt.ObjID(e.Other)).dealt += e.N
			creature, _ := g.Rules.ParseType("creature")
			walker, _ := g.Rules.ParseType("planeswalker")
			loyalty, ok := g.Rules.ParseCounter("loyalty")
			if o := g.Obj(rt.ObjID(e.Other)); ok && o.Types&creature == 0 && o.Types&walker != 0 {
				c := get(rt.ObjID(e.Other))
				c.run[loyalty] = max(0, c.run[loyalty]-e.N)
				c.sinceMove[loyalty] = max(0, c.sinceMove[loyalty]-e.N)
			}
		case rt.EvCounters:
			k, ok := g.Rules.ParseCounter(e.Name)
			if !ok {
				return fmt.Errorf("invariant: %q names no counter kind", g.Format(e))
			}
			if e.Obj == rt.NoObj {
				continue // a player's counters (add_player_counters)
			}
			c := get(e.Obj)
			c.run[k] += e.N
			c.sinceMove[k] += e.N
		default:
			if movesObject(e.Kind) && e.Obj != rt.NoObj {
				c := get(e.Obj)
				c.moved, c.sinceMove = true, [rt.MaxCounterKinds]int32{}
			}
		}
	}
	for p := range g.Players {
		if got := g.P(p).Life; got < life[p] || got > life[p]+slack[p] {
			return fmt.Errorf("invariant: %s's life went from %d to %d, but the events since account for %d (up to %d more: combat damage whose results are not life loss)", g.PlayerName(p), v.life[p], got, life[p], slack[p])
		}
	}
	for x := range g.Objs {
		id := rt.ObjID(x)
		var before [rt.MaxCounterKinds]int32
		if x < len(v.counters) {
			before = v.counters[x]
		}
		c := ctrs[id]
		if c == nil {
			c = &ctr{run: before}
		}
		now := g.Obj(id).Counters
		for k := range now {
			if now[k] == c.run[k] {
				continue
			}
			// Leaving the battlefield resets counters (CR 400.7): then only
			// the events after the last move count.
			moved := c.moved || (x < len(v.stamp) && v.stamp[x] != g.Obj(id).Timestamp)
			if moved && now[k] == c.sinceMove[k] {
				continue
			}
			if d := now[k] - c.run[k]; d > 0 && d <= c.dealt || moved && now[k]-c.sinceMove[k] > 0 && now[k]-c.sinceMove[k] <= c.dealt {
				continue // counters the damage's results put
			}
			return fmt.Errorf("invariant: '%s' has %d %s counters, %d before, and the events since account for %d",
				rt.Exec{Game: g}.Face(id).Name, now[k], g.Rules.CounterName(rt.CounterKind(k)), before[k], c.run[k])
		}
	}
	return nil
}

func (v *Invariants) result(g *rt.Game, d rt.Decision) error {
	if !g.Over() {
		return fmt.Errorf("invariant: game over decided but the game is not over")
	}
	for i := len(g.Log) - 1; i >= 0; i-- {
		e := g.Log[i]
		if e.Kind != rt.EvWin && e.Kind != rt.EvDrawGame {
			continue
		}
		if e.Rule == "" {
			return fmt.Errorf("invariant: the game ended (%q) citing no rule", g.Format(e))
		}
		if e.Kind == rt.EvWin && int(e.Player) != d.Player {
			return fmt.Errorf("invariant: %q but the decision names %s the winner", g.Format(e), g.PlayerName(d.Player))
		}
		for p := range g.Players {
			if lost := g.P(p).Lost; lost == (p == g.Winner()) {
				return fmt.Errorf("invariant: the game is over, winner %s, but %s has lost=%v", g.PlayerName(g.Winner()), g.PlayerName(p), lost)
			}
		}
		v.over = true
		return nil
	}
	return fmt.Errorf("invariant: the game ended without a win or draw event")
}

func (v *Invariants) remember(g *rt.Game) {
	v.seen = len(g.Log)
	v.life = v.life[:0]
	for p := range g.Players {
		v.life = append(v.life, g.P(p).Life)
	}
	v.counters, v.stamp = v.counters[:0], v.stamp[:0]
	for x := range g.Objs {
		v.counters = append(v.counters, g.Objs[x].Counters)
		v.stamp = append(v.stamp, g.Objs[x].Timestamp)
	}
}

// combatIndex checks the runtime's index of the combat (what each
// creature attacks and blocks, O(1)) against the lists themselves.
func combatIndex(g *rt.Game) error {
	c := &g.Combat
	for x := range g.Objs {
		id := rt.ObjID(x)
		atk, blk, ctl := false, false, int(g.Objs[x].Controller)
		for _, a := range c.Attacks {
			if a.Attacker == id {
				atk, ctl = true, int(a.Controller)
				break
			}
		}
		if !atk {
			for _, b := range c.Blocks {
				if b.Blocker == id {
					blk, ctl = true, int(b.Controller)
					break
				}
			}
		} else {
			for _, b := range c.Blocks {
				if b.Blocker == id {
					blk = true
					break
				}
			}
		}
		nb := int32(0)
		for _, b := range c.Blocks {
			if b.Attacker == id {
				nb++
			}
		}
		if got := (rt.Exec{Game: g}).BlockerCount(id); got != nb {
			return fmt.Errorf("invariant: the combat's index says %d creatures block object %d, the lists say %d", got, x, nb)
		}
		if (rt.Exec{Game: g}).Attacking(id) != atk || (rt.Exec{Game: g}).Blocking(id) != blk || (rt.Exec{Game: g}).CombatController(id) != ctl {
			return fmt.Errorf("invariant: the combat's index says object %d attacks %v, blocks %v, controller %d; the lists say %v, %v, %d",
				x, rt.Exec{Game: g}.Attacking(id), rt.Exec{Game: g}.Blocking(id), rt.Exec{Game: g}.CombatController(id), atk, blk, ctl)
		}
	}
	for _, b := range c.Blocks {
		for _, a := range c.Attacks {
			want := false
			for _, b2 := range c.Blocks {
				if b2.Blocker == b.Blocker && b2.Attacker == a.Attacker {
					want = true
				}
			}
			if (rt.Exec{Game: g}).BlocksAttacker(b.Blocker, a.Attacker) != want {
				return fmt.Errorf("invariant: blocks(%d, %d) is %v, the lists say %v", b.Blocker, a.Attacker, !want, want)
			}
		}
	}
	return nil
}
