package rtimpl

import (
	"fmt"
	"slices"
	"strings"
)

// DecisionKind says what the engine is waiting for.
type DecisionKind uint8

const (
	DecideNone      DecisionKind = iota
	DecidePriority               // Player holds priority: pass, or take an action
	DecideCards                  // Player chooses exactly N cards from their Zone
	DecideGameOver               // the game has ended; Player is the winner, -1 for a draw
	DecideStuck                  // the rules never reached a decision (a step repeating forever)
	DecideAttackers              // Player declares attackers: Objs, with Targets
	DecideBlockers               // Player declares blockers: Objs, with the attacker each blocks in Targets
	DecideOrder                  // Player orders From (the blockers of Obj): Objs
	DecideDamage                 // Player divides the combat damage of each of Groups (the first is Obj, N, From): Damage, or Objs with Amounts for one
	DecideDefender               // Player chooses the defending player among From (player indexes, in turn order): Targets[0] = PlayerCode
	DecidePlayer                 // Player chooses one of the players From (indexes) for Obj: Targets[0] = PlayerCode
	DecideTriggers               // Player orders their N waiting triggered abilities (From: their sources): Targets, indexes of From, the first to go on the stack first
	DecidePlace                  // Player announces the place of Obj in Of's damage assignment order (From: the others, in order), one of N: Targets[0], 0 first
)

var decisionNames = [...]string{"none", "priority", "cards", "game over", "stuck", "attackers", "blockers", "order", "damage", "defender", "player", "triggers", "place"}

func (k DecisionKind) String() string {
	if int(k) < len(decisionNames) {
		return decisionNames[k]
	}
	return fmt.Sprintf("decision%d", k) // from a hostile saved state
}

// Decision is a question the engine asks a player.
type Decision struct {
	// (Fields are ordered to pack: a Decision is copied at every priority.)
	Kind   DecisionKind
	Zone   Zone  // where they come from, for DecideCards
	Obj    ObjID // the creature an order or a damage assignment is for; the one placed, for DecidePlace
	Of     ObjID // for DecidePlace: the creature whose damage assignment order Obj is placed in
	Player int
	N      int     // how many cards, for DecideCards
	UpTo   bool    // DecideCards: at most N (none is an answer: "you may")
	Verb   string  // what happens to them ("discard", "keep")
	Rule   string  // the rule that asks
	From   []ObjID // the candidates, when not the whole Zone
	// Groups: for DecideDamage, every creature of Player whose combat
	// damage must be divided in this step, all announced together (the rules
	// counts each one's damage in what is lethal for the others). Obj, N
	// and From are the first of them.
	Groups []DamageGroup
}

// DamageGroup is one creature's combat damage to divide: N among From, in
// damage assignment order (NoObj stands for the player or planeswalker it
// attacks, with trample).
type DamageGroup struct {
	Source ObjID
	From   []ObjID
	N      int
}

// Division is how one creature's combat damage is divided: Amounts[i] to
// To[i].
type Division struct {
	Source  ObjID
	To      []ObjID
	Amounts []int32
}

// AnswerKind is the shape of an answer.
type AnswerKind uint8

const (
	Pass     AnswerKind = iota // pass priority
	PlayLand                   // play Obj as the turn's land (a special action)
	Cast                       // cast Obj, paying with the pool and untapped lands
	TapMana                    // tap land Obj for mana
	Choose                     // the cards Objs, for DecideCards
	Declare                    // attackers, blockers, an order or a damage assignment
	Activate                   // activate the activated ability Ability of Obj
)

// Answer answers the pending decision.
type Answer struct {
	Kind AnswerKind
	Obj  ObjID
	Objs []ObjID
	// Targets: for DecideAttackers, what each of Objs attacks (a
	// planeswalker's ObjID, or -1-p for player p; empty: the defending
	// player); for DecideBlockers, the attacker each of Objs blocks.
	Targets []int32
	// Amounts: for DecideDamage with one group, the damage assigned to
	// each of Objs (NoObj in Objs stands for the player or planeswalker
	// attacked).
	Amounts []int32
	// Damage: for DecideDamage, one division per group (required when the
	// decision has several).
	Damage []Division
	// Ability: for Activate, the index of the ability among Obj's.
	Ability int
}

// Pending is the decision the engine waits for (Kind DecideNone if Advance
// has not been called since the last answer).
func (g *Game) Pending() Decision { return g.pending }

// Submit answers the pending decision. An illegal answer is refused with the
// rule it breaks, and the game is left exactly as it was. Every field of
// the answer is untrusted: indexes out of range are refused, not read.
//
// The zero Answer{} is a Pass: it answers a priority decision (the player
// passes) and nothing else; to any other decision it is refused like any
// answer of the wrong kind. An answer with no decision pending is refused
// with ErrNoDecision, one after the game ended with ErrGameOver (citing the
// rule that ended it).
func (g *Game) Submit(a Answer) error {
	d := g.pending
	switch d.Kind {
	case DecideNone:
		return &Refusal{Msg: ErrNoDecision.Error(), Err: ErrNoDecision}
	case DecideGameOver, DecideStuck:
		// The rule that ended the game, if one did (a stuck game has none).
		return &Refusal{Rule: d.Rule, Msg: ErrGameOver.Error(), Err: ErrGameOver}
	case DecidePriority:
		return g.submitPriority(&d, &a)
	case DecideCards:
		return g.submitCards(&d, &a)
	case DecideAttackers:
		return g.submitAttackers(&d, &a)
	case DecideBlockers:
		return g.submitBlockers(&d, &a)
	case DecideOrder:
		return g.submitOrder(&d, &a)
	case DecideDamage:
		return g.submitDamage(&d, &a)
	case DecideDefender:
		return g.submitDefender(&d, &a)
	case DecidePlayer:
		return g.submitPlayer(&d, &a)
	case DecideTriggers:
		return g.submitTriggers(&d, &a)
	case DecidePlace:
		return g.submitPlace(&d, &a)
	}
	return refuse("", "unknown decision")
}

func (g *Game) submitCards(d *Decision, a *Answer) error {
	if a.Kind != Choose {
		return refuse(d.Rule, "%s must choose %d card(s) to %s", g.PlayerName(d.Player), d.N, d.Verb)
	}
	if d.UpTo && len(a.Objs) > d.N {
		return refuse(d.Rule, "%s may choose at most %d card(s) to %s, not %d", g.PlayerName(d.Player), d.N, d.Verb, len(a.Objs))
	}
	if !d.UpTo && len(a.Objs) != d.N {
		return refuse(d.Rule, "%s must choose exactly %d card(s) to %s, not %d", g.PlayerName(d.Player), d.N, d.Verb, len(a.Objs))
	}
	list := d.From
	if list == nil {
		list = *g.zoneList(d.Player, d.Zone)
	}
	for i, x := range a.Objs {
		if !slices.Contains(list, x) {
			if d.From != nil {
				if err := g.chosenRefusal(d, x); err != nil {
					return err // the rules' line of what any object chosen must be that x fails
				}
				return refuse(d.Rule, "%s is not one of the cards %s may %s", g.targetName(x), g.PlayerName(d.Player), d.Verb)
			}
			return refuse(d.Rule, "%s is not in %s's %s", g.nameOf(x), g.PlayerName(d.Player), d.Zone)
		}
		if slices.Contains(a.Objs[:i], x) {
			return refuse(d.Rule, "%s was chosen twice", g.targetName(x))
		}
	}
	g.pending = Decision{}
	if d.Verb == verbTarget || d.Verb == verbCost {
		g.submitTarget(a.Objs[0])
		return nil
	}
	if d.From != nil && d.Verb == "keep" {
		g.kept = append(g.kept, keptChoice{set: d.From, chosen: a.Objs[0]})
		return nil
	}
	g.answer = append(g.answer[:0], a.Objs...)
	g.hasAnswer = true
	return nil
}

// takeAnswer returns the answer to the decision an action asked for, or
// records the decision and reports false.
func (g *Game) takeAnswer(d Decision) ([]ObjID, bool) {
	if g.hasAnswer {
		g.hasAnswer = false
		return g.answer, true
	}
	g.pending = d
	return nil, false
}

// names lists objects' names: 'A', 'B'.
func (g *Game) names(xs []ObjID) string {
	var b strings.Builder
	for i, x := range xs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(g.nameOf(x))
	}
	return b.String()
}

func (g *Game) nameOf(x ObjID) string {
	if x < 0 || int(x) >= len(g.Objs) {
		return "object ?"
	}
	return "'" + g.face(x).Name + "'"
}
