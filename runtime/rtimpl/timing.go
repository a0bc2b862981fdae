package rtimpl

import (
	"fmt"
	"strings"
)

// Timing restrictions and the turn's history they read. A spell or an
// activated ability may carry a named timing ("cast only before blockers
// are declared"); the rules define what each name allows, usually in terms
// of which steps and phases have begun or ended this turn.

// Timing is a restriction on when something that carries it may be used,
// over the player who would use it.
type Timing struct {
	Name   string
	Rules  []string
	Pos    string
	Allows func(g Exec, player int) bool
}

// Timing returns the index of the named timing, or -1.
func (r *Rules) Timing(name string) int {
	for i := range r.Timings {
		if r.Timings[i].Name == name {
			return i
		}
	}
	return -1
}

// TimingNames lists the names of the timing restrictions.
func (r *Rules) TimingNames() []string {
	out := make([]string, len(r.Timings))
	for i := range r.Timings {
		out[i] = r.Timings[i].Name
	}
	return out
}

// Ability is an activated ability printed on an object: activating it pays
// Cost (mana) and, if Tap is set, taps the object ({T}: the rules' can_tap
// predicate must allow it), then puts Effect on the stack (its Event is 0:
// it triggers on nothing). Timing names a timing restriction of the rules,
// or is empty.
type Ability struct {
	Label  string
	Timing string
	Cost   Cost
	Tap    bool
	Effect Trigger
	// Zone is where it functions: ZoneNone for the battlefield (its
	// controller activates it), ZoneHand or ZoneGraveyard for a card
	// there (its owner activates it).
	Zone Zone
}

// segSet records steps and phases of the current turn: bit segBit(p, s).
type segSet [4]uint64

// segBit is the bit of step s of phase p; s < 0 stands for the phase
// itself. New checks the rules fit (at most 16 phases of 15 steps).
func segBit(p, s int) uint { return uint(p*16 + s + 1) }

func (b *segSet) add(p, s int)      { i := segBit(p, s); b[i/64] |= 1 << (i % 64) }
func (b *segSet) has(p, s int) bool { i := segBit(p, s); return b[i/64]&(1<<(i%64)) != 0 }

func checkLimits(r *Rules) error {
	if len(r.SBAs) > MaxSBAs {
		return fmt.Errorf("the rules have %d state-based actions: at most %d are supported", len(r.SBAs), MaxSBAs)
	}
	if len(r.Phases) > 16 {
		return fmt.Errorf("the rules have %d phases: at most 16 are supported", len(r.Phases))
	}
	for _, ph := range r.Phases {
		if len(ph.Steps) > 15 {
			return fmt.Errorf("phase %s has %d steps: at most 15 are supported", ph.Name, len(ph.Steps))
		}
	}
	return nil
}

// Began reports whether step s of phase p (the phase itself if s < 0) has
// begun this turn; a skipped step or phase never begins.
func (g Exec) Began(p, s int) bool { return g.segBegan.has(p, s) }

// Ended reports whether step s of phase p (the phase if s < 0) has ended
// this turn.
func (g Exec) Ended(p, s int) bool { return g.segEnded.has(p, s) }

// During reports whether the game is in phase p (and in its step s, if
// s >= 0).
func (g Exec) During(p, s int) bool {
	if g.stage == stNewTurn || g.pos >= g.planLen || !g.inPhase {
		return false
	}
	ref := g.plan[g.pos].Ref
	return int(ref.Phase) == p && (s < 0 || int(ref.Step) == s)
}

// timingAllows checks timing restriction i (an index in Rules.Timings)
// for player p, about to do what ("cast 'Shock'").
func (g *Game) timingAllows(i, p int, what string) error {
	if i < 0 || i >= len(g.Rules.Timings) {
		return refuse(g.Rules.Cite[MechUndeclaredTiming], "%s has a timing restriction the rules do not declare", what)
	}
	t := &g.Rules.Timings[i]
	if !t.Allows(g.exec(), p) {
		return refuse(first(t.Rules), "%s can't %s now: its timing %s (%s) does not allow it", g.PlayerName(p), what, t.Name, strings.Join(t.Rules, ", "))
	}
	return nil
}

func (g *Game) activate(p int, x ObjID, i int) {
	a := &g.face(x).Abilities[i]
	if a.Tap {
		g.exec().Tap(x, g.Rules.Cite[MechActivate])
	}
	g.pay(p, a.Cost)
	it := StackItem{Source: x, Controller: int8(p), Trigger: a.Effect, About: NoObj, Recipient: NoObj}
	g.markTargets(&it)
	g.Stack = append(g.Stack, it)
	g.emit(Event{Kind: EvActivate, Rule: g.Rules.Cite[MechActivate], Player: int8(p), Obj: x, Name: a.Label})
	if it.Unchosen == 0 {
		g.payCosts(&g.Stack[len(g.Stack)-1], g.effectOf(&it))
	}
}
