package rtimpl

import (
	"fmt"
	"strconv"
	"strings"
)

// Rules is what generated code hands the runtime: the turn structure, the
// turn-based actions, the state-based actions and the defaults of one
// edition, each carrying the rule numbers and .mtg positions it came from.
// The runtime interprets the shape (phases made of steps, actions that run
// in order, priority, repeats, skips); the meaning is all in the functions.
type Rules struct {
	Edition    string
	Title      string
	SourceHash string // hash of the .mtg sources the tables were generated from
	// Index is the edition's rule index the rules were checked against,
	// as its .tsv file (edition_date, rule_number, short_title): an
	// engine carries its own, so that its conformance scripts are checked
	// against the rules it was generated from.
	Index string

	Defaults PlayerDefaults
	Keywords []string // bit i of a KeywordSet

	// Cards are the cards the rules declare (a card library compiled
	// with them), as an object made from each starts: its keywords
	// include the one naming its abilities. The runtime reads nothing
	// in them; hosts and scripts create objects from them (Card).
	Cards []Card

	// CardTypes are the declared card types (card_type): bit i of a
	// TypeSet. Counters are the declared counter kinds (counter):
	// CounterKind i.
	CardTypes []string
	Counters  []string
	// States are the names of the values the rules declare each object
	// holds (state), in declaration order; StateKinds their kinds.
	States     []string
	StateKinds []StateKind
	// HeldStates are the values the rules declare each player or the
	// game holds (state player|game NAME KIND), in declaration order.
	HeldStates []HeldState
	// What the runtime's own mechanisms do with objects of some types,
	// as the card_type declarations' properties say:
	//   - PlayedTypes (played): played as a special action, not cast; it
	//     taps for the mana of its subtypes (LandMana);
	//   - NonpermanentTypes (nonpermanent): as a spell of it resolves it
	//     goes to its owner's graveyard, not onto the battlefield;
	//   - CombatantTypes (combatant): what dies-abilities and card effects
	//     on "each creature" look at, and what the random policy attacks
	//     and blocks with.
	PlayedTypes, NonpermanentTypes, CombatantTypes TypeSet
	// LandMana are the subtypes whose objects tap for mana (land_mana),
	// in declaration order: an object of PlayedTypes taps for one mana
	// of the color of the first of its subtypes listed here.
	LandMana []LandMana
	// Power and Toughness derive an object's power and toughness
	// (characteristic power, characteristic toughness); nil: printed.
	Power, Toughness func(g Exec, x ObjID) int32
	// Characteristics are the other characteristics the rules derive
	// (characteristic NAME (x) = ...: an object's colors from its mana
	// cost), read as x.NAME: AttributeID i, a number (a condition is 1
	// or 0).
	Characteristics []func(g Exec, x ObjID) int32
	// CharacteristicNames name them, AttributeID i.
	CharacteristicNames []string

	TurnRule              string // cited when a turn begins
	ExtraTurnsRule        string
	ExtraTurnsNewestFirst bool

	Phases []Phase // in turn order

	EveryStep  SegmentHooks
	EveryPhase SegmentHooks

	SBAs []SBA
	// MatchOn, if set, evaluates against x the conditions of the sbas
	// whose indexes are set in cand (all of them over over), in the
	// rules' order, appending a hit for each that holds; with first, it
	// returns at the first. It is their Match functions compiled together
	// (generated code); without it, the runtime calls each sba's Match
	// (the interpreter). What is matched against what, and when, is the
	// runtime's one pass (matchSBAsNow).
	MatchOn func(g Exec, over Over, x int32, cand uint64, first bool, hits []SBAHit) []SBAHit
	// SBAsReadPosition says whether an SBA looks at the game's position
	// (active player, turn, step): then the turn moving on is a change
	// after which they must be checked again.
	SBAsReadPosition bool
	// SBAsReadTapped and SBAsReadMana say whether an SBA reads whether
	// permanents are tapped, or mana pools: if not, tapping, untapping
	// and mana (a land tapped for mana) change nothing they look at.
	SBAsReadTapped bool
	SBAsReadMana   bool

	// Kinds are the kinds of predicate the rules declare, by PredKind
	// (Kinds[0] is none): what the predicates of each give and how they
	// combine.
	Kinds []PredSpec
	// Predicates are the rules' predicates, each of a kind of Kinds.
	Predicates []Predicate
	// Fns are the functions the rules give statements as arguments
	// (given(s, b, EXPR) in the .mtg: a condition or a value of the
	// statement's parameters), by FnID: Kind is none, Text says what the
	// .mtg wrote (or, for a predicate value called alone, its name), and
	// Test2 or Value2 evaluates it. The runtime only evaluates them.
	Fns []Predicate
	// Watches are matched after every change to the game (watch
	// declarations), in source order: the same queries as SBAs, each
	// result performed as it is found (what leaves combat is removed from
	// it at once). The runtime knows them by their place alone.
	Watches []SBA

	// Damage are the rules' hooks of what damage does, in source order.
	Damage []DamageHook
	// OnEvents are the rules' statements run at once as the runtime logs
	// an event of theirs (on_event declarations), in source order.
	OnEvents []EventHook
	// StackObjects are the objects the rules' statements put on the stack.
	StackObjects []StackObject
	// Effects are the rules' effects, applied at once (RunEffect), or as
	// an ability naming one resolves (Trigger.Effect).
	Effects []RulesEffect
	// TriggerEvents are the events abilities may trigger on
	// (Trigger.Event), matched against the events the runtime logs and
	// fired by the rules' trigger statement.
	TriggerEvents []TriggerEvent

	// Timings are the named timing restrictions spells and activated
	// abilities may carry (Card.Timing, Ability.Timing).
	Timings []Timing

	// Prevent lists keywords that stop an event from happening to the
	// object that has them ("indestructible" prevents "destroy").
	Prevent []Prevention
	// Replacements are the rules' replacement effects (replace
	// declarations), in source order: the first that applies to an event
	// replaces it.
	Replacements []Replacement
	// Redundant are the keywords of which more instances add nothing
	// (declared redundant): an object has one or none. Each instance of
	// another keyword counts (KeywordInstances).
	Redundant KeywordSet
	// Parameterized are the keywords declared with a parameter (keyword
	// bushido (int n)): each instance has its number (Face.KeywordArgs,
	// Effect.KeywordArg).
	Parameterized KeywordSet
	// KeywordTriggers are the abilities of the triggered keywords (declared
	// triggered): an object with the keyword has the ability once for each
	// instance of it.
	KeywordTriggers []KeywordTrigger

	// Cite is the rule each mechanism of the runtime cites (see Mechanism),
	// as the edition's mechanism declarations give it.
	Cite [NumMechanisms]string
	// Procedures are the rules' statements for the mechanisms that take
	// them (Mechanism.Procedure): run again from the start after a
	// decision, as an action is. Run nil: the runtime's own procedure.
	Procedures [NumMechanisms]Action
	// Requires are the conditions of the action mechanisms (play_land,
	// cast, activate, tap_mana), in order: actions.go.
	Requires [NumMechanisms]Requirements

	// The first rules that allow playing lands and sorcery-speed spells,
	// cited when such an action is refused outside the steps that allow it.
	LandRule    string
	SorceryRule string
}

// KeywordTrigger is the triggered ability a keyword is: what it triggers
// on and what it does (Trigger.Label names the keyword).
type KeywordTrigger struct {
	Keyword int
	Trigger Trigger
	// ArgParam, if not 0, is 1 + the index of Trigger.Args that each
	// instance's parameter goes to (bushido N: the effect's n): each
	// instance triggers with its own.
	ArgParam int8
}

// KeywordArg is one instance of a keyword with a parameter (bushido 2).
type KeywordArg struct {
	Keyword int16
	N       int32
}

// Characteristic is the AttributeID of the characteristic the rules
// derive by that name (characteristic NAME (x) = ...).
func (r *Rules) Characteristic(name string) (AttributeID, bool) {
	for i, n := range r.CharacteristicNames {
		if n == name {
			return AttributeID(i), true
		}
	}
	return 0, false
}

// State is the kind of the state the rules declare by that name.
func (r *Rules) State(name string) (StateKind, bool) {
	for i, n := range r.States {
		if n == name && i < len(r.StateKinds) {
			return r.StateKinds[i], true
		}
	}
	return 0, false
}

// HeldState is the state the rules declare a player or the game holds
// by that name.
func (r *Rules) HeldState(name string) (HeldState, bool) {
	for _, s := range r.HeldStates {
		if s.Name == name {
			return s, true
		}
	}
	return HeldState{}, false
}

// Card returns the card the rules declare with the given name.
func (r *Rules) Card(name string) (Card, bool) {
	for _, c := range r.Cards {
		if c.Name == name {
			c.Subtypes = append([]string(nil), c.Subtypes...)
			c.Keywords = append([]string(nil), c.Keywords...)
			return c, true
		}
	}
	return Card{}, false
}

// ParseKeyword reads a keyword as cards and effects name it: "flying",
// or "bushido:2" for a keyword the rules declare with a parameter
// (Rules.Parameterized). It returns the keyword's index and its
// parameter.
func (r *Rules) ParseKeyword(s string) (int, int32, error) {
	name, arg, hasArg := strings.Cut(s, ":")
	k := r.Keyword(name)
	if k < 0 {
		return -1, 0, fmt.Errorf("unknown keyword %q (the rules declare %v)", name, r.Keywords)
	}
	param := r.Parameterized.Has(k)
	switch {
	case param && !hasArg:
		return -1, 0, fmt.Errorf("keyword %s takes a number: %s:N", name, name)
	case !param && hasArg:
		return -1, 0, fmt.Errorf("keyword %s takes no number", name)
	case !param:
		return k, 0, nil
	}
	n, err := strconv.ParseInt(arg, 10, 32)
	if err != nil || n < 0 || n > 1<<20 {
		return -1, 0, fmt.Errorf("keyword %s: %q is not a number from 0 to %d", name, arg, 1<<20)
	}
	return k, int32(n), nil
}

// Prevention: objects with Keyword are not affected by Event; Rule is cited.
type Prevention struct {
	Keyword int
	Event   string
	Rule    string
}

// LandMana is a subtype whose objects have the mana ability "{T}: Add one
// mana of Color" (land_mana SUBTYPE RULE COLOR): Subtype in lower case.
type LandMana struct {
	Subtype string
	Color   Color
}

// PlayerDefaults are the starting values from the .mtg player block.
type PlayerDefaults struct {
	Life        int32
	MaxHandSize int32
	LandPlays   int32
	OpeningHand int32
}

// SegmentHooks apply to every step or every phase.
type SegmentHooks struct {
	Skip     func(Exec) bool
	SkipRule string
	// OnBegin runs as each one begins, before its begin triggers and its
	// own actions; it asks no player (the checker refuses choices there).
	OnBegin []Action
	OnEnd   []Action
}

// Phase is one phase of the turn. A phase without steps of its own gets one
// step with the phase's name (Implicit), which carries its clauses.
type Phase struct {
	Name     string
	Rules    []string
	Pos      string
	Implicit bool
	Steps    []Step
	Skip     func(Exec) bool
	SkipRule string
	OnEnd    []Action
}

// Step is one step: actions run in order when it begins, then priority if
// any, then it may repeat.
type Step struct {
	Name  string
	Rules []string
	Pos   string

	Skip     func(Exec) bool
	SkipRule string

	Actions []Action

	NoPriorityRule string
	Priority       func(Exec) int // the player who receives priority first; nil: nobody
	PriorityIf     func(Exec) bool
	PriorityRule   string

	Repeat     func(Exec) bool
	RepeatRule string

	AllowLand    string // rule that allows playing lands in this step
	AllowSorcery string // rule that allows sorcery-speed spells in this step
	// LandIf and SorceryIf, if set, are the further conditions of those
	// permissions for the player who would act.
	LandIf    func(g Exec, player int) bool
	SorceryIf func(g Exec, player int) bool

	OnEnd []Action
}

// Action is a block of generated code. Run returns false when it needs a
// decision; it is then run again from the start once the decision is
// answered, so it must not change the game before asking.
type Action struct {
	Rules []string
	Pos   string
	Run   func(Exec) bool
}

// Over says what a state-based action's query ranges over.
type Over uint8

const (
	OverPlayers      Over = iota + 1
	OverObjects           // every object on the battlefield, phased out or not
	OverPermanents        // phased-in permanents whose types intersect SBA.Types (all if 0)
	OverAnything          // every object that exists, in any zone
	OverAttackers         // the attacking creatures (statements and expressions only)
	OverBlockers          // the blocking creatures, each once
	OverDeclared          // the creatures of the declaration being made, each once
	OverCombatants        // the creatures in combat: attackers, then blockers, each once
	OverRecipients        // the creatures the division of combat damage being checked divides among, in its order
	OverPlayersAPNAP      // the players still in the game, the active player first, then in turn order
	OverAttacked          // the permanents being attacked, each once, in any zone
)

// SBA is one state-based action: a query and what to do with each match.
// All SBAs are matched against the same state before any is performed.
type SBA struct {
	Rule  string
	Pos   string
	Over  Over
	Types TypeSet
	Match func(g Exec, x int32) bool
	Do    func(g Exec, x int32)
	// Reads is what its match reads (0: anything): after a check that
	// found nothing, it is matched again only once one of these changed.
	Reads Changes
	// Own (of a watch): Match reads nothing but x's own state, so a
	// change to one object can make it match for that object alone.
	Own bool
	// TokensOnly (of an sba over anything): Match holds only for a token
	// or a copy (the compiler derives it from the condition); in a game
	// with neither, it is not matched.
	TokensOnly bool
	// Features (of an sba over permanents; derived by the compiler from
	// the condition): Match holds only for an object with one of these
	// (features: a supertype, a subtype bit, being attached, counters, a
	// flag); it is not matched for one with none. 0: any object.
	Features uint64
}

// Keyword returns the bit of a keyword name, or -1.
func (r *Rules) Keyword(name string) int {
	for i, k := range r.Keywords {
		if k == name {
			return i
		}
	}
	return -1
}

// StepRef locates a step within the rules.
type StepRef struct{ Phase, Step int16 }

// FindStep finds a step (or an implicit phase step) by name.
func (r *Rules) FindStep(name string) (StepRef, bool) {
	for pi := range r.Phases {
		for si := range r.Phases[pi].Steps {
			if r.Phases[pi].Steps[si].Name == name {
				return StepRef{int16(pi), int16(si)}, true
			}
		}
	}
	return StepRef{}, false
}

// FindPhase finds a phase by name.
func (r *Rules) FindPhase(name string) (int, bool) {
	for pi := range r.Phases {
		if r.Phases[pi].Name == name {
			return pi, true
		}
	}
	return 0, false
}

func (r *Rules) step(s StepRef) *Step { return &r.Phases[s.Phase].Steps[s.Step] }

// ParseType maps a declared card type name to its bit.
func (r *Rules) ParseType(name string) (TypeSet, bool) {
	for i, n := range r.CardTypes {
		if n == name {
			return 1 << uint(i), true
		}
	}
	return 0, false
}

// Types is the set of the named card types; it panics on a name the rules
// do not declare (for fixtures and sample decks: use ParseType on input).
func (r *Rules) Types(names ...string) TypeSet {
	var t TypeSet
	for _, n := range names {
		b, ok := r.ParseType(n)
		if !ok {
			panic("runtime: the rules declare no card type " + n)
		}
		t |= b
	}
	return t
}

// TypeString names the card types of t, in declaration order.
func (r *Rules) TypeString(t TypeSet) string { return setString(uint64(t), r.CardTypes) }

// ParseCounter maps a declared counter kind name such as "+1/+1" to its
// kind.
func (r *Rules) ParseCounter(name string) (CounterKind, bool) {
	for i, n := range r.Counters {
		if n == name {
			return CounterKind(i), true
		}
	}
	return 0, false
}

// CounterName is the name of counter kind k.
func (r *Rules) CounterName(k CounterKind) string {
	if int(k) < len(r.Counters) {
		return r.Counters[k]
	}
	return "counter?"
}

// Counter is the named counter kind; it panics on a name the rules do not
// declare (for fixtures: use ParseCounter on input).
func (r *Rules) Counter(name string) CounterKind {
	k, ok := r.ParseCounter(name)
	if !ok {
		panic("runtime: the rules declare no counter kind " + name)
	}
	return k
}
