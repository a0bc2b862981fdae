package rtimpl

import (
	"fmt"
	"strconv"
	"strings"
)

// EventKind says what happened.
type EventKind uint8

const (
	EvTurn EventKind = iota + 1
	EvBeginPhase
	EvEndPhase
	EvBeginStep
	EvEndStep
	EvRepeatStep
	EvSkip
	EvNoPriority
	EvPriority
	EvPass
	EvUntap
	EvTap
	EvPhaseOut
	EvPhaseIn
	EvDraw
	EvDrawEmpty
	EvDiscard
	EvRemoveDamage
	EvDamage
	EvEndEffect
	EvEmptyMana
	EvAddMana
	EvPlayLand
	EvCast
	EvTrigger
	EvResolve
	EvLifeGain
	EvLifeLoss
	EvCounters
	EvDestroy
	EvMove
	EvLose
	EvWin
	EvDrawGame
	EvPrevented
	EvReplaced // an event was replaced (Name: the rules' replacement)
	EvCease
	EvUnattach
	EvAttack
	EvBlock
	EvOrder
	EvCombatDamage
	EvLeaveCombat
	EvDefender
	EvActivate
	EvPreventDamage
	EvPutOnStack
	EvProtector
	// EvDealtDamage: a source has dealt damage in one damage event (N:
	// all it dealt, however many recipients). Matched against the
	// rules' trigger events and hooks, not logged: the damage events
	// are.
	EvDealtDamage
	// EvStartEffect: a statement of the rules started a continuous
	// effect on Obj (Name: its label; modify, grant).
	EvStartEffect
	// EvTarget: the controller of the ability of Obj chose Other as a
	// target (Name: the ability's label).
	EvTarget
	// EvNoTarget: the ability of Obj (Name: its label) left the stack, or
	// did nothing as it resolved, for want of a legal target.
	EvNoTarget
	// EvEnter: Obj entered the battlefield (Name "battlefield"): a
	// permanent spell resolved, a land was played, or a statement moved
	// it there. Matched once it is there (its own abilities look), not
	// logged: the resolution, the land played or the move is.
	EvEnter
	// EvAttach: Obj became attached to object Other (an Aura spell
	// resolving).
	EvAttach
)

// Event is one entry of the game log. Every event cites the rule that caused
// it; events caused by .mtg code cite the rule number the .mtg gave.
type Event struct {
	Kind   EventKind
	Rule   string
	Player int8  // the player concerned, or the object's controller at the time
	Obj    ObjID // NoObj when none
	N      int32
	Name   string // a phase, step, zone or effect name
	// Other is the second party of a combat event: an ObjID, or -1-p for
	// player p (see Target).
	Other int32
}

// emit logs an event, then runs the rules' hooks of its kind (on_event).
func (g *Game) emit(e Event) {
	if g.listens>>(uint(e.Kind)&63)&1 != 0 {
		g.match(&e)
	}
	// Logged. Every change to the game is logged, so events other than
	// priority and passing also mark the state as changed (see Touch).
	if g.folded > 0 {
		g.touch(ChangeAll)
	} else {
		g.record(&e)
		switch e.Kind {
		case EvPriority, EvPass, EvPrevented:
		case EvTurn, EvBeginPhase, EvEndPhase, EvBeginStep, EvEndStep, EvRepeatStep, EvSkip, EvNoPriority:
			// The turn moving on changes what the state-based actions look at
			// only if they read the game's position (the active player...).
			if g.Rules.SBAsReadPosition {
				g.touch(ChangePosition)
			}
		case EvTap, EvUntap:
			if g.Rules.SBAsReadTapped {
				g.touch(ChangeTapped)
			}
		case EvAddMana, EvEmptyMana:
			// A land tapped for mana logs only its mana.
			if g.Rules.SBAsReadMana {
				g.touch(ChangeMana)
			}
			if e.Kind == EvAddMana && g.Rules.SBAsReadTapped {
				g.touch(ChangeTapped)
			}
		case EvDraw, EvDrawEmpty, EvDiscard, EvCast, EvResolve, EvPlayLand, EvMove, EvPutOnStack, EvTrigger, EvActivate:
			// Cards moving, and the costs paid from a pool: the move itself
			// says whether the battlefield changed (move).
			g.touch(ChangeZones | ChangePlayers)
		case EvLifeGain, EvLifeLoss, EvLose, EvWin, EvDrawGame:
			g.touch(ChangePlayers)
		case EvAttack, EvBlock, EvLeaveCombat, EvOrder, EvDefender:
			// Who attacks and blocks what: the combat's lists, and each
			// object's index into them and count of blockers.
			g.touch(ChangeCombat)
		default:
			g.touch(ChangeAll)
		}
	}
	if g.hooked>>(uint(e.Kind)&63)&1 != 0 {
		g.onEvent(e)
	}
}

// entered has the rules react to x's entering the battlefield (EvEnter),
// once it is there, when they listen for it.
func (g *Game) entered(x ObjID, rule string) {
	if g.listens>>(uint(EvEnter)&63)&1 != 0 || g.hooked>>(uint(EvEnter)&63)&1 != 0 {
		g.notice(Event{Kind: EvEnter, Rule: rule, Player: g.Objs[x].Controller, Obj: x, Name: ZoneBattlefield.String()})
	}
}

// notice has the rules react to an event that is not logged (an
// EvDealtDamage): their trigger events and hooks.
func (g *Game) notice(e Event) {
	g.match(&e)
	if g.hooked>>(uint(e.Kind)&63)&1 != 0 {
		g.onEvent(e)
	}
}

// match matches e against the rules' trigger events of its kind, when
// something may trigger; its number is the trigger events' amount
// (EventNumber) meanwhile.
func (g *Game) match(e *Event) {
	if g.listens>>(uint(e.Kind)&63)&1 != 0 && (g.withTriggers > 0 || len(g.Delayed) > 0) {
		g.eventN, g.eventOther = e.N, e.Other
		g.react(e.Kind, e.Obj, e.Name)
		g.eventN, g.eventOther = 0, 0
	}
}

// Changes are the parts of the state whose changes the game records for
// the state-based actions (SBA.Reads): an sba is matched again only
// after a change to what it reads.
type Changes uint8

const (
	ChangePosition    Changes = 1 << iota // the turn's position: the active player, the step
	ChangeTapped                          // a permanent tapped or untapped
	ChangeMana                            // a mana pool
	ChangePlayers                         // players: life, poison, losing, cards in their zones, pools
	ChangeBattlefield                     // the battlefield: what is on it and its state, effects
	ChangeZones                           // the other zones and the stack, what waits to go on it
	ChangeHeld                            // the values objects, players and the game hold (state [player|game] NAME KIND)
	ChangeCombat                          // who attacks and blocks what: attacks, blocks, their orders, the defending player

	ChangeAll Changes = 1<<iota - 1
)

// touch records a change of the parts c.
func (g *Game) touch(c Changes) {
	g.changes++
	g.dirty |= c
}

// SBAChanges is what changed since the last state-based-action check
// that found nothing (the state-based-action pass matches only the sbas
// that read it).
func (g Exec) SBAChanges() Changes { return g.dirty }

func (g *Game) emitObj(k EventKind, rule string, x ObjID, n int32) {
	g.emit(Event{Kind: k, Rule: rule, Player: g.Objs[x].Controller, Obj: x, N: n})
}

func (g *Game) emitPlayer(k EventKind, rule string, p int, n int32) {
	g.emit(Event{Kind: k, Rule: rule, Player: int8(p), Obj: NoObj, N: n})
}

// Format renders an event as one trace line: the rule, then what happened.
func (g *Game) Format(e Event) string {
	var b strings.Builder
	if e.Rule != "" {
		b.WriteString(e.Rule)
		b.WriteByte(' ')
	}
	b.WriteString(g.describe(e))
	return b.String()
}

func (g *Game) obj(e Event) string {
	if e.Obj == NoObj || int(e.Obj) >= len(g.Objs) {
		return "?"
	}
	return fmt.Sprintf("'%s' (%s)", g.ObjName(e.Obj), g.PlayerName(int(e.Player)))
}

// ObjName is x's name as scripts name it: "Name", or "Name#k" when other
// objects of the game share the name (x is the k-th of them created).
func (g *Game) ObjName(x ObjID) string {
	if x < 0 || int(x) >= len(g.Objs) {
		return "?" // no object
	}
	name := g.face(x).Name
	k, n := 0, 0
	for i := range g.Objs {
		if g.face(ObjID(i)).Name == name {
			n++
			if ObjID(i) <= x {
				k++
			}
		}
	}
	if n < 2 {
		return name
	}
	return name + "#" + strconv.Itoa(k)
}

func (g *Game) describe(e Event) string {
	p := g.PlayerName(int(e.Player))
	switch e.Kind {
	case EvTurn:
		if strings.HasPrefix(e.Name, "#") {
			return fmt.Sprintf("turn %d %s (extra turn %s)", e.N, p, e.Name)
		}
		if e.Name != "" {
			return fmt.Sprintf("turn %d %s (extra turn from '%s')", e.N, p, e.Name)
		}
		return fmt.Sprintf("turn %d %s", e.N, p)
	case EvBeginPhase:
		return "begin phase " + e.Name
	case EvEndPhase:
		return "end phase " + e.Name
	case EvBeginStep:
		return "begin step " + e.Name
	case EvEndStep:
		return "end step " + e.Name
	case EvRepeatStep:
		return "repeat step " + e.Name
	case EvSkip:
		if e.N == 2 {
			return "skip the turn of " + p
		}
		if e.N == 1 {
			return "skip phase " + e.Name
		}
		return "skip step " + e.Name
	case EvNoPriority:
		return "no priority in " + e.Name
	case EvPriority:
		return "priority " + p
	case EvPass:
		return "pass " + p
	case EvUntap:
		return "untap " + g.obj(e)
	case EvTap:
		return "tap " + g.obj(e)
	case EvPhaseOut:
		return "phase out " + g.obj(e)
	case EvPhaseIn:
		return "phase in " + g.obj(e)
	case EvDraw:
		return "draw " + g.obj(e)
	case EvDrawEmpty:
		return "draw from empty library " + p
	case EvDiscard:
		return "discard " + g.obj(e)
	case EvRemoveDamage:
		return fmt.Sprintf("remove %d damage from %s", e.N, g.obj(e))
	case EvDamage:
		return fmt.Sprintf("mark %d damage on %s", e.N, g.obj(e))
	case EvStartEffect:
		if e.Obj == NoObj {
			return fmt.Sprintf("start effect '%s'", e.Name)
		}
		return fmt.Sprintf("start effect '%s' on %s", e.Name, g.obj(e))
	case EvEndEffect:
		if e.Obj == NoObj {
			return fmt.Sprintf("end effect '%s'", e.Name)
		}
		return fmt.Sprintf("end effect '%s' on %s", e.Name, g.obj(e))
	case EvEmptyMana:
		return fmt.Sprintf("empty mana pool %s (%d)", p, e.N)
	case EvAddMana:
		return fmt.Sprintf("add %s from %s", Color(e.N).Letter(), g.obj(e))
	case EvPlayLand:
		return "play land " + g.obj(e)
	case EvCast:
		return "cast " + g.obj(e)
	case EvTrigger:
		return fmt.Sprintf("trigger '%s' of %s", e.Name, g.obj(e))
	case EvTarget:
		return fmt.Sprintf("target %s for '%s' of %s", g.targetName(ObjID(e.Other)), e.Name, g.obj(e))
	case EvNoTarget:
		return fmt.Sprintf("no legal target for '%s' of %s", e.Name, g.obj(e))
	case EvPreventDamage:
		if e.Obj == NoObj {
			return fmt.Sprintf("prevent %d damage to %s", e.N, p)
		}
		return fmt.Sprintf("prevent %d damage to %s", e.N, g.obj(e))
	case EvActivate:
		return fmt.Sprintf("activate '%s' of %s", e.Name, g.obj(e))
	case EvPutOnStack:
		return fmt.Sprintf("put '%s' on the stack (%s)", e.Name, p)
	case EvResolve:
		if e.Obj == NoObj {
			return fmt.Sprintf("resolve '%s' (%s)", e.Name, p)
		}
		if e.Name != "" {
			return fmt.Sprintf("resolve '%s' of %s", e.Name, g.obj(e))
		}
		return "resolve " + g.obj(e)
	case EvLifeGain:
		return fmt.Sprintf("%s gains %d life", p, e.N)
	case EvLifeLoss:
		return fmt.Sprintf("%s loses %d life", p, e.N)
	case EvCounters:
		if e.Obj == NoObj {
			return fmt.Sprintf("%+d %s counters on %s", e.N, e.Name, p)
		}
		return fmt.Sprintf("%+d %s counters on %s", e.N, e.Name, g.obj(e))
	case EvDestroy:
		return "destroy " + g.obj(e)
	case EvMove:
		return fmt.Sprintf("move %s to %s", g.obj(e), e.Name)
	case EvLose:
		return p + " loses the game"
	case EvWin:
		return p + " wins the game"
	case EvDrawGame:
		return "the game is a draw"
	case EvPrevented:
		return "not destroyed " + g.obj(e)
	case EvReplaced:
		return e.Name + " " + g.obj(e)
	case EvCease:
		return "cease to exist " + g.obj(e)
	case EvUnattach:
		return "unattach " + g.obj(e)
	case EvAttach:
		return fmt.Sprintf("attach %s to %s", g.obj(e), g.party(e.Other))
	case EvAttack:
		return fmt.Sprintf("%s attacks %s", g.obj(e), g.party(e.Other))
	case EvBlock:
		if e.Obj == NoObj {
			return g.party(e.Other) + " becomes blocked"
		}
		return fmt.Sprintf("%s blocks %s", g.obj(e), g.party(e.Other))
	case EvOrder:
		return fmt.Sprintf("damage assignment order of %s: %d. %s", g.obj(e), e.N, g.party(e.Other))
	case EvCombatDamage:
		if e.Name == "noncombat" {
			return fmt.Sprintf("%s deals %d damage to %s", g.obj(e), e.N, g.party(e.Other))
		}
		return fmt.Sprintf("%s deals %d combat damage to %s", g.obj(e), e.N, g.party(e.Other))
	case EvDefender:
		return fmt.Sprintf("%s chooses %s as the defending player", p, g.party(e.Other))
	case EvProtector:
		return fmt.Sprintf("%s protects %s", g.party(e.Other), g.obj(e))
	case EvLeaveCombat:
		return "remove from combat " + g.obj(e)
	}
	return fmt.Sprintf("event %d", e.Kind)
}

// Letter is the one-letter name of a color of mana.
func (c Color) Letter() string {
	if c < NumColors {
		return colorLetters[c : c+1]
	}
	return "?"
}

// Trace renders the log from event index from on.
func (g *Game) Trace(from int) []string {
	if from < 0 {
		from = 0
	}
	out := make([]string, 0, len(g.Log)-min(from, len(g.Log)))
	for _, e := range g.Log[min(from, len(g.Log)):] {
		out = append(out, g.Format(e))
	}
	return out
}

// party names an object ('Name' (p1)) or, for -1-p, player p.
func (g *Game) party(code int32) string {
	if code < 0 {
		return g.PlayerName(int(-1 - code))
	}
	if int(code) >= len(g.Objs) {
		return "?"
	}
	o := &g.Objs[code]
	return fmt.Sprintf("'%s' (%s)", g.ObjName(ObjID(code)), g.PlayerName(int(o.Controller)))
}
