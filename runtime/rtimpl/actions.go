package rtimpl

import (
	"fmt"
	"strings"
)

// The priority actions (playing a land, casting a spell, activating an
// ability, tapping a permanent for mana) are legal as the rules say: each
// action mechanism's declaration lists its conditions in order (`mechanism
// cast "RULE" { require COND else "MESSAGE" ... }`), over the player who
// would act (player), the object (x) and, for an ability, its number
// (ability). The runtime evaluates them: the first that does not hold is
// the refusal, and all holding make the action legal. One evaluation
// (Requirements.Test, compiled) answers Options, mayAct, LegalActions and
// Check (allocation-free) and the refusal of CanCast and the others.

// Cite says whom a condition's refusal cites when its line gives no rule:
// the declaration its condition consulted (a step's permission, a timing,
// an effect's targets, a predicate), or the mechanism.
type Cite uint8

const (
	CiteMechanism Cite = iota // the mechanism's first rule
	CiteLine                  // the line's own rule (Requirement.Rule)
	CiteLand                  // the step's permission to play a land (its allow clause)
	CiteSorcery               // the step's permission to cast a sorcery-speed spell
	CiteTiming                // the timing of the card or of the ability
	CiteEffect                // the effect whose targets or costs are chosen
	CitePred                  // the predicates of kind Pred (holding, or, of a kind that must all hold, failing)
)

// Requirement is one condition of an action: its refusal.
type Requirement struct {
	Rule string // the line's rule, if it gives one (Cite is CiteLine)
	Cite Cite
	Pred PredKind // CitePred: the kind its condition consults
	// PredArgs are the roles of the arguments its condition gives the
	// predicates of kind Pred: p the player, x the object, s the source of
	// the ability (game.ability_source).
	PredArgs string
	// Else is the refusal's message, with {p} (the player), {x} (the
	// object), {ability} (its label), {n} (its number), {cost} (the cost
	// of the spell or ability), {types} (the object's card types) and
	// {zone} (where the ability functions) replaced.
	Else string
	Pos  string
	Text string // the condition as the .mtg says it
}

// Requirements are an action's conditions, in order: Test reports the
// index of the first that does not hold for (player, x, ability), or -1.
type Requirements struct {
	Lines []Requirement
	Test  func(g Exec, player int, x ObjID, ability int32) int
	// Next, if not nil, is the position of the next object of objs,
	// from position from (and, for an action of abilities, the next of
	// its abilities, from number ability), for which every condition
	// holds, and that ability (-1 for an action of objects); -1 if none:
	// the conditions compiled as one loop (the options run it).
	Next func(g Exec, player int, objs []ObjID, from int, ability int32) (int, int32)
	// From are the zones the action takes its objects from, for the
	// options of a player holding priority: ZoneHand (the player's hand),
	// ZoneBattlefield.
	From []Zone
	// Any, if not nil, is the conjunction of the conditions that read no
	// object (step_allows_land(player)): when it does not hold, no object
	// makes the action legal, and Test's loop (rules without Next) skips
	// them all.
	Any func(g Exec, player int) bool
	// Controlled: a condition requires the player to control the object
	// (x.controller == player, a term of its conjunction): the options
	// look only at the objects the player controls.
	Controlled bool
	// Guard, if not 0, are card types one of which the object must have
	// (a condition's term x.TYPE); Excluded, card types it must not have
	// (a term not x.TYPE): the options skip the others.
	Guard, Excluded TypeSet
}

// actionTest is the index of the first condition of action m that does not
// hold, or -1 (no conditions declared: -1, the action unrestricted but by
// the object's validity). An object that is none fails the first.
func (g *Game) actionTest(m Mechanism, p int, x ObjID, i int) int {
	if !g.valid(x) {
		return 0
	}
	test := g.actions().of[m].test
	if test == nil {
		return -1
	}
	return test(g.exec(), p, x, int32(i))
}

// actionRefusal is the refusal of action m by its condition k (an index of
// its Lines), for player p, object x and ability i.
func (g *Game) actionRefusal(m Mechanism, k, p int, x ObjID, i int) error {
	lines := g.Rules.Requires[m].Lines
	if k < 0 || k >= len(lines) {
		return refuse(g.Rules.Cite[m], "%s can't do that now", g.PlayerName(p))
	}
	l := &lines[k]
	msg := g.actionMessage(l.Else, p, x, i)
	switch l.Cite {
	case CiteLine:
		return refuse(l.Rule, "%s", msg)
	case CiteLand, CiteSorcery:
		_, st, _ := g.current()
		if l.Cite == CiteLand {
			return g.sorceryTiming(p, st.AllowLand, st.LandIf, g.Rules.LandRule, msg)
		}
		return g.sorceryTiming(p, st.AllowSorcery, st.SorceryIf, g.Rules.SorceryRule, msg)
	case CiteTiming:
		if !g.valid(x) {
			break
		}
		t := -1
		if a := g.exec().abilityOf(x, int32(i)); m.takesAbility() {
			if a != nil && a.Timing != "" {
				t = g.Rules.Timing(a.Timing)
			}
		} else if g.Objs[x].Timing != 0 {
			t = int(g.Objs[x].Timing) - 1
		}
		return g.timingAllows(t, p, msg)
	case CiteEffect:
		if e := g.actionEffect(m, p, x, i); e != nil {
			return refuse(ruleOfEffect(e), "%s", msg)
		}
	case CitePred:
		k := l.Pred
		s := g.Rules.Kind(k)
		var rule string
		if s.Params == 2 && len(l.PredArgs) == 2 {
			a, b := g.predArg(l.PredArgs[0], p, x), g.predArg(l.PredArgs[1], p, x)
			_, rule = g.pred2(k, a, b)
			return g.refusePredOn(k, rule, a, b, !s.All, "%s", msg)
		}
		if len(l.PredArgs) == 1 {
			x = g.predArg(l.PredArgs[0], p, x)
		}
		_, rule = g.pred(k, x, s.All)
		return g.refusePred(k, rule, "%s", msg)
	}
	return refuse(g.Rules.Cite[m], "%s", msg)
}

// predArg is the argument a refusal gives a predicate by its role
// (Requirement.PredArgs): the player p, the object x, or the source of the
// ability resolving or being put on the stack.
func (g *Game) predArg(role byte, p int, x ObjID) ObjID {
	switch role {
	case 'p':
		return ObjID(p)
	case 's':
		return g.resolving.Source
	}
	return x
}

// actionEffect is the effect action m of x puts on the stack: a spell's,
// or ability i's.
func (g *Game) actionEffect(m Mechanism, p int, x ObjID, i int) *RulesEffect {
	if !m.takesAbility() {
		return g.effectOf(&StackItem{Source: x, Controller: int8(p)})
	}
	if a := g.exec().abilityOf(x, int32(i)); a != nil {
		return g.effectOf(&StackItem{Trigger: a.Effect})
	}
	return nil
}

// takesAbility reports whether action m's object is an activated ability.
func (m Mechanism) takesAbility() bool { return m < NumMechanisms && mechanisms[m].Ability }

// TakesAbility reports whether the objects of action m are activated
// abilities (an object and the number of one of its abilities).
func (m Mechanism) TakesAbility() bool { return m.takesAbility() }

// actionMessage fills in a refusal's message.
func (g *Game) actionMessage(msg string, p int, x ObjID, i int) string {
	if !strings.Contains(msg, "{") {
		return msg
	}
	var label, cost, zone string
	if g.valid(x) {
		cost = g.face(x).Cost.String()
		if as := g.face(x).Abilities; i >= 0 && i < len(as) {
			label, cost = as[i].Label, as[i].Cost.String()
			zone = as[i].Zone.String()
		}
	}
	types := ""
	if g.valid(x) {
		types = g.Rules.TypeString(g.Objs[x].Types)
	}
	return strings.NewReplacer("{p}", g.PlayerName(p), "{x}", g.nameOf(x), "{ability}", label, "{n}", fmt.Sprint(i),
		"{cost}", cost, "{types}", types, "{zone}", zone).Replace(msg)
}

// The vocabulary of the actions' conditions.

// StepAllowsLand reports whether the current step allows p to play a land
// now (its allow land clause, on its condition).
func (g Exec) StepAllowsLand(p int) bool {
	if c := &g.opt; c.who == p+1 {
		return c.land // known once for the enumeration of the options
	}
	land, _ := g.permissions(p)
	return land
}

// StepAllowsSorcery reports whether the current step allows p to cast a
// sorcery-speed spell now (its allow sorcery clause, on its condition).
func (g Exec) StepAllowsSorcery(p int) bool {
	if c := &g.opt; c.who == p+1 {
		return c.sorcery // known once for the enumeration of the options
	}
	_, sorcery := g.permissions(p)
	return sorcery
}

// TimingAllows reports whether x's timing (none, or a timing the rules
// declare) allows p to use it now.
func (g Exec) TimingAllows(p int, x ObjID) bool {
	if !g.valid(x) {
		return false
	}
	t := g.Objs[x].Timing
	return t == 0 || g.timingOK(int(t)-1, p)
}

// AbilityTimingAllows reports whether the timing of x's ability i (none,
// or one the rules declare) allows p to activate it now.
func (g Exec) AbilityTimingAllows(p int, x ObjID, i int32) bool {
	a := g.abilityOf(x, i)
	return a != nil && (a.Timing == "" || g.timingOK(g.Rules.Timing(a.Timing), p))
}

func (g Exec) abilityOf(x ObjID, i int32) *Ability {
	if !g.valid(x) {
		return nil
	}
	as := g.face(x).Abilities
	if i < 0 || int(i) >= len(as) {
		return nil
	}
	return &as[i]
}

// NumAbilities is the number of x's activated abilities.
func (g Exec) NumAbilities(x ObjID) int32 {
	if !g.valid(x) {
		return 0
	}
	return int32(len(g.face(x).Abilities))
}

// HasAbility reports whether x has an activated ability numbered i (from 0).
func (g Exec) HasAbility(x ObjID, i int32) bool { return g.abilityOf(x, i) != nil }

// AbilityOnBattlefield reports whether x's ability i functions on the
// battlefield: its card names no other zone (an ability x does not have
// names none either).
func (g Exec) AbilityOnBattlefield(x ObjID, i int32) bool {
	a := g.abilityOf(x, i)
	return a == nil || a.Zone == ZoneNone
}

// InAbilityZone reports whether x is in the zone its ability i functions in.
func (g Exec) InAbilityZone(x ObjID, i int32) bool {
	a := g.abilityOf(x, i)
	if a == nil {
		return false
	}
	z := a.Zone
	if z == ZoneNone {
		z = ZoneBattlefield
	}
	return g.Objs[x].Zone == z
}

// AbilityTaps reports whether x's ability i has {T} in its cost.
func (g Exec) AbilityTaps(x ObjID, i int32) bool {
	a := g.abilityOf(x, i)
	return a != nil && a.Tap
}

// MakesMana reports whether x has a mana ability: it taps for a color.
func (g Exec) MakesMana(x ObjID) bool {
	if !g.valid(x) {
		return false
	}
	_, ok := g.manaColor(&g.Objs[x])
	return ok
}

// CanPayFor reports whether p's mana (the pool, and what p may tap for
// mana) covers x's mana cost.
func (g Exec) CanPayFor(p int, x ObjID) bool {
	if !g.valid(x) {
		return false
	}
	avail := g.availFor(p)
	return covers(&avail, g.face(x).Cost)
}

// CanPayAbility reports whether p's mana covers the cost of x's ability i.
func (g Exec) CanPayAbility(p int, x ObjID, i int32) bool {
	a := g.abilityOf(x, i)
	if a == nil {
		return false
	}
	avail := g.availFor(p)
	return covers(&avail, a.Cost)
}

// availFor is the mana p may pay with, counted once for the game as it
// is (Game.changes): the options, the check of the answer and its
// payment read the same count.
func (g *Game) availFor(p int) Mana {
	a := g.auxOf()
	if a.availAt != g.changes+1 || a.availP != p || a.availAt == 0 {
		a.avail, a.availAt, a.availP = g.available(p), g.changes+1, p
	} else if verifyCaches {
		if fresh := g.available(p); fresh != a.avail {
			panic(fmt.Sprintf("mana of player %d counted %v at change %d, now %v unchanged", p, a.avail, g.changes, fresh))
		}
	}
	return a.avail
}

// verifyCaches makes availFor count again what it remembers, and the
// state-based-action pass match the sbas it skips by their features, and
// panic on a difference (VerifyCaches).
var verifyCaches = false

// VerifyCaches makes the game count again, each time it reads one, what
// it remembers as long as the game does not change (the mana a player may
// pay with), and panic if the count differs: for tests, which play games
// with it on to show that every change that matters is counted.
func VerifyCaches(on bool) { verifyCaches = on }

// optCtx is what an enumeration of player p's priority options knows once
// for all its objects: the current step's permissions. Zero outside an
// enumeration.
type optCtx struct {
	who           int // p+1; 0 outside an enumeration
	land, sorcery bool
}

// actionIndex lists the rules' actions (the mechanisms with require
// lines, but the mana mechanism) by the zone they take their objects
// from, in the mechanisms' order: built once with the rules' other
// indexes (indexPredicates).
type actionIndex struct {
	field, hand [NumMechanisms]Mechanism
	nf, nh      int8
	// fieldAbilities: every action of the battlefield is an action of
	// abilities (none has an object when no object has an activated
	// ability).
	fieldAbilities bool
	// of are Requires[m]'s, by mechanism (kept with the game's indexes,
	// read at every test).
	of [NumMechanisms]actionInfo
}

// actionInfo is what the options read of an action's Requirements.
type actionInfo struct {
	next       func(g Exec, player int, objs []ObjID, from int, ability int32) (int, int32)
	test       func(g Exec, player int, x ObjID, ability int32) int
	any        func(g Exec, player int) bool
	guard      TypeSet // Requirements.Guard
	excluded   TypeSet // Requirements.Excluded
	controlled bool    // Requirements.Controlled
	abilities  bool    // its objects are activated abilities
	answer     AnswerKind
}

// testEach is Next by the action's Test and Any, for rules that give no
// Next.
func (a *actionInfo) testEach(g Exec, p int, objs []ObjID, from int, ab int32) (int, int32) {
	if from >= len(objs) || a.any != nil && !a.any(g, p) {
		return -1, 0
	}
	for i := from; i < len(objs); i++ {
		x := objs[i]
		if !g.valid(x) || a.skips(&g.Objs[x], p) {
			continue
		}
		if !a.abilities {
			if a.test(g, p, x, -1) < 0 {
				return i, -1
			}
			continue
		}
		k := int32(0)
		if i == from {
			k = ab
		}
		for n := g.NumAbilities(x); k < n; k++ {
			if a.test(g, p, x, k) < 0 {
				return i, k
			}
		}
	}
	return -1, 0
}

// skips reports whether the action's conditions surely fail for object o
// and player p: they require p to control it, or card types o has not.
func (a *actionInfo) skips(o *Object, p int) bool {
	return a.controlled && int(o.Controller) != p || o.Types&a.excluded != 0 || a.guard != 0 && o.Types&a.guard == 0
}

// actions is the index of the rules' actions.
func (g *Game) actions() *actionIndex {
	if g.preds == nil {
		g.preds = indexPredicates(g.Rules)
	}
	return &g.preds.acts
}

func indexActions(r *Rules) actionIndex {
	ix := actionIndex{fieldAbilities: true}
	for m := Mechanism(0); m < NumMechanisms; m++ {
		q := &r.Requires[m]
		a := &ix.of[m]
		*a = actionInfo{next: q.Next, test: q.Test, any: q.Any, guard: q.Guard, excluded: q.Excluded, controlled: q.Controlled,
			abilities: m.takesAbility(), answer: mechanisms[m].Answer}
		if a.next == nil && a.test != nil {
			a.next = a.testEach // (the interpreter's: its conditions one by one)
		}
		if m == manaMechanism || q.Test == nil || !m.Action() {
			continue // (not a priority action: what any object chosen must be)
		}
		for _, z := range q.From {
			switch z {
			case ZoneBattlefield:
				ix.field[ix.nf] = m
				ix.nf++
				ix.fieldAbilities = ix.fieldAbilities && m.takesAbility()
			case ZoneHand:
				ix.hand[ix.nh] = m
				ix.nh++
			}
		}
	}
	return ix
}

// TargetsChoosable reports whether every target and cost parameter of the
// effect of spell x, cast by p, has an object to choose (true if none).
func (g Exec) TargetsChoosable(p int, x ObjID) bool {
	return !g.valid(x) || g.face(x).Spell.Effect == 0 || g.choosable(&StackItem{Source: x, Controller: int8(p)}, false)
}

// CostChoosable reports whether every cost parameter of the effect of x's
// ability i, activated by p, has an object to choose.
func (g Exec) CostChoosable(p int, x ObjID, i int32) bool {
	a := g.abilityOf(x, i)
	return a == nil || g.choosable(&StackItem{Source: x, Controller: int8(p), Trigger: a.Effect, About: NoObj, Recipient: NoObj}, true)
}
