package compiler

import (
	"slices"

	"github.com/mtgc-dev/mtgc/grammar"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// Program is a checked ruleset: the .mtg files of one edition, resolved and
// typed. Each piece of behaviour is a Clause of the IR (ir.go), which the
// generator and the interpreter translate.
type Program struct {
	Edition string
	Title   string
	Hash    string // see SourceHash
	Dir     string // the rules directory name used in positions
	Files   []*grammar.File
	Index   *Index
	// IndexData is the index file as read: generated engines carry it
	// (runtime.Rules.Index).
	IndexData string

	Defaults Defaults
	Keywords []*Keyword
	// CardTypes and Counters are the declared card types (bit i of a
	// TypeSet) and counter kinds (CounterKind i), in declaration order.
	CardTypes []*CardType
	Counters  []*CounterKind
	// LandMana are the subtypes whose objects tap for mana (land_mana),
	// in declaration order: rt.Rules.LandMana.
	LandMana []*LandMana
	// States are the values the rules declare objects hold (state), in
	// declaration order: StateKind i.
	States []*State
	// Derived are the characteristics the rules derive other than power
	// and toughness (characteristic NAME (x) = ...), in declaration order:
	// AttributeID i.
	Derived []*Characteristic
	// Power and Toughness derive the characteristics the runtime reads
	// (characteristic declarations); nil when the rules derive none.
	Power, Toughness *Characteristic

	TurnRules   []string
	ExtraRules  []string
	NewestFirst bool

	Phases     []*Phase // in turn order
	EveryStep  Every
	EveryPhase Every
	SBAs       []*SBA
	// Watches are matched after every change to the game (rt.SBA, in Rules.Watches).
	Watches []*SBA
	// SBAsReadPosition: some sba reads the active player or game.*.
	SBAsReadPosition bool
	// SBAsReadTapped, SBAsReadMana: some sba reads x.tapped, p.mana.
	SBAsReadTapped bool
	SBAsReadMana   bool
	// Kinds are the kinds of predicate the rules declare, in declaration
	// order (PredKind.ID from 1).
	Kinds      []*PredKind
	Predicates []*Predicate
	// Fns are the functions the rules give statements as arguments
	// (given(s, b, EXPR)), in source order: rt.Rules.Fns, FnID index+1.
	// Kind is "given", Pred none; Label is what a refusal calls one.
	Fns     []*Predicate
	Cards   []Card // the cards the ruleset declares (cards.go)
	Timings []*Timing
	// Mechanisms are the rules the runtime's mechanisms cite, in source
	// order.
	Mechanisms   []*Mechanism
	StackObjects []*StackObject
	// Effects are the rules' effects (effect declarations): statements
	// the engine runs at once when asked to apply one (Game.RunEffect).
	Effects []*StackObject
	// TriggerEvents are the rules' trigger events (trigger_event
	// declarations), in source order: Rules.TriggerEvents.
	TriggerEvents []*TriggerEvent
	Damage        []*DamageHook
	// OnEvents are the rules' on_event declarations, in source order:
	// Rules.OnEvents.
	OnEvents []*EventHook
	// Replacements are the rules' replace declarations, in source order:
	// Rules.Replacements.
	Replacements []*Replacement

	LandRule    string
	SorceryRule string

	// Cites lists every rule number the .mtg cites, in source order, with
	// where and how: the data behind `mtgc rules` and coverage.
	Cites []Cite

	// An edition that extends another: the editions below it, nearest
	// first; its changes to them, in source order; and each edition's
	// renumbering of its direct base's citations (base number to its own),
	// by edition: Renumber[p.Edition] is the edition's own table.
	Extends  []string
	Changes  []Change
	Renumber map[string]map[string]string
}

// RenumberFrom composes the renumbering tables from edition base (one of
// p.Extends) up to p.Edition: base's rule number to p's, for the numbers
// that change; nil if base is not below p.
func (p *Program) RenumberFrom(base string) map[string]string {
	i := slices.Index(p.Extends, base)
	if i < 0 {
		return nil
	}
	// The editions above base, nearest to base first.
	above := append([]string{p.Edition}, p.Extends[:i]...)
	slices.Reverse(above)
	out := map[string]string{} // base number -> current number
	for _, ed := range above {
		t := p.Renumber[ed]
		into := map[string]string{} // current number -> base number
		for b, cur := range out {
			into[cur] = b
		}
		for from, to := range t {
			b, ok := into[from]
			if !ok {
				if _, moved := out[from]; moved {
					continue // from is no base number any more
				}
				b = from
			}
			out[b] = to
		}
	}
	for b, cur := range out {
		if b == cur {
			delete(out, b)
		}
	}
	return out
}

// Defaults are the values of the player block.
type Defaults struct {
	Life, MaxHandSize, LandPlays, OpeningHand int64
}

// Keyword is a declared keyword; its bit is its index.
type Keyword struct {
	Name  string
	Rules []string
	// Param names the keyword's parameter (keyword bushido (int n)), ""
	// if it has none; ArgParam is 1 + the index of its ability's effect
	// argument that takes each instance's number (0: none).
	Param    string
	ArgParam int8
	Pos      grammar.Pos
	// CitePos is where its first rule is cited: on its line, or on the
	// line of an edition's recite.
	CitePos      grammar.Pos
	Prevents     string // an event objects with the keyword are not affected by
	PreventRules []string
	// Kind is what kind of ability the keyword is, as the .mtg says it:
	// "static", "triggered", or "" (not said: static). KindRules are the
	// rules it cites for that, KindPos where the first is cited (or the
	// kind is said).
	Kind      string
	KindPos   grammar.Pos
	KindRules []string
	// Redundant: more instances add nothing (redundant); otherwise each
	// counts. RedundantPos is where its first rule is cited.
	Redundant      bool
	RedundantPos   grammar.Pos
	RedundantRules []string
	// Trigger is a triggered keyword's ability: its event, argument,
	// effect and numbers (Label is the keyword's name).
	Trigger rt.Triggered
}

// CardType is a declared card type; its bit is 1 << its index.
type CardType struct {
	Name  string
	Rules []string
	Pos   grammar.Pos
	Props []string // what the runtime's mechanisms do with it (cardTypeProps)
	Enum  *Enum    // its value as an argument (is_type, attached_to_type)
}

// CounterKind is a declared kind of counter; its CounterKind is its index.
type CounterKind struct {
	Name  string
	Rules []string
	Pos   grammar.Pos
	Enum  *Enum
}

// State is a declared value every object holds (state NAME KIND); its
// StateKind is its index.
type State struct {
	Name string
	Type Type // Bool (flag), Int (number), Object or Player
	// Holder: 0 for every object's (its Enum a rt.StateKind), else
	// who holds it (state player|game NAME KIND: its Enum a slot).
	Holder rt.Holder
	Rules  []string
	Pos    grammar.Pos
	Enum   *Enum // Value: its rt.StateKind (a flag's is rt.FirstFlag + its bit)
}

// KindName is the kind of value the state holds, as declared: flag,
// number, object or player.
func (s *State) KindName() string {
	for n, k := range stateKinds {
		if k.T == s.Type {
			return n
		}
	}
	return ""
}

// state is the state p declares by that name, nil if none.
func (p *Program) state(name string) *State {
	for _, s := range p.States {
		if s.Name == name {
			return s
		}
	}
	return nil
}

// Characteristic is the derivation of a characteristic of an object: the
// value of Expr with Param bound to it.
type Characteristic struct {
	Name  string
	Rules []string
	Pos   grammar.Pos
	Param *Var
	Expr  Expr
	Slots int
	// Of a derived characteristic other than power and toughness (read as
	// x.NAME): its type (Int or Bool), its index (AttributeID), its value
	// as an argument; resolving guards against a circular derivation.
	Type      Type
	Index     int
	Enum      *Enum
	Decl      *grammar.CharacteristicDecl
	resolving bool
}

// Phase is a checked phase.
type Phase struct {
	Name     string
	Rules    []string
	Pos      grammar.Pos
	Implicit bool // no steps of its own: Steps holds one step with its clauses
	Steps    []*Step
	Skip     *Code
	OnEnd    []*Code
}

// Step is a checked step.
type Step struct {
	Name       string
	Rules      []string
	Pos        grammar.Pos
	Skip       *Code
	Actions    []*Code
	NoPriority *Code // only Rules and Pos are set
	Priority   *Code // Expr is the player
	PriorityIf *Code
	Repeat     *Code
	AllowLand  *Code
	AllowSpell *Code
	OnEnd      []*Code
}

// Every holds clauses shared by every step or every phase.
type Every struct {
	Skip    *Code
	OnBegin []*Code // run as every step (phase) begins, before its own actions
	OnEnd   []*Code
}

// Code is a checked clause: statements (Stmts) or an expression (Expr),
// with the rules it cites and where it is.
type Code struct {
	Rules []string
	Pos   grammar.Pos
	Clause
}

// SBA is a checked state-based action: a query over players or permanents
// and a body run for each match.
type SBA struct {
	// Watch: a watch (Program.Watches), not a state-based action; Own: a
	// watch whose Match reads nothing but its variable's own state (the
	// runtime may match it for a changed object alone).
	Watch, Own bool
	index      int // a watch's place in Program.Watches (its Go names)
	Rules      []string
	Pos        grammar.Pos
	Kind       *Kind // players, objects, permanents (of types) or anything
	Var        *Var  // the query variable (slot 0)
	Match      Expr
	Guard      Expr // a cheap necessary condition of Match (the first of its "and"s), or nil
	// TokensOnly: an sba over anything whose Match holds only for a token
	// or a copy (tokenOrCopy): rt.SBA.TokensOnly.
	TokensOnly bool
	// Features: what x must have one of for Match to hold, of an sba
	// over permanents (sbaFeatures): rt.SBA.Features.
	Features uint64
	Do       []Stmt
	Slots    int
	// Reads is what Match reads (sbaReads): the runtime matches the sba
	// again only after one of these changed (rt.SBA.Reads).
	Reads rt.Changes
}

// Cite is one citation of a rule number.
type Cite struct {
	Rule string
	Pos  grammar.Pos
	What string // "phase", "step", "action", "priority", ...
	// Procedure names a procedure verb (ProcedureVerb) among the citing
	// clause's statements: Go holds that part of the behaviour. Mixed: the
	// clause has other statements too, which the .mtg gives.
	Procedure string
	Mixed     bool
}

// Predicate is a checked combat predicate (see runtime.PredKind).
type Predicate struct {
	Kind    string // e.g. "can_attack"
	Const   string // the generated engine's constant, e.g. "kind_can_attack"
	Rules   []string
	Pos     grammar.Pos
	Pred    *PredKind
	Params  []*Var
	Expr    Expr
	IsValue bool // Expr is an int or a player (Value, Value2), not a condition
	IsCost  bool // Expr is a cost (Cost2: a function of the rules of two parameters)
	// Own: a predicate of one object whose expression reads only that
	// object's own state (Builtin.Own attributes of it, constants): what
	// rt.Predicate.Own says.
	Own bool
	// Guard: keywords one of which the first parameter (Guard[0]) or
	// the second (Guard[1]), or an object an any(...) asks about
	// (Guard[0]), must have for the condition to hold (keywordGuard):
	// what rt.Predicate.Guard says.
	Guard [2]rt.KeywordSet
	// TypeGuard: card types one of which the first parameter must have
	// for the condition to hold (typeGuard): rt.Predicate.TypeGuard.
	TypeGuard rt.TypeSet
	// GuardCard: a card some object of the game must have been made from
	// for the condition to hold (cardGuard): rt.Predicate.GuardCard.
	GuardCard string
	Slots     int
	Decl      *grammar.PredicateDecl
	// Label (of a function of the rules, Program.Fns): what a refusal
	// calls it, the .mtg's expression (a predicate value called alone:
	// its name, in words).
	Label string
	// Kinds (of a function of the rules): it is zero (false) unless a
	// predicate of one of these kinds holds (zeroUnless): while none of
	// them may hold in a game, the runtime need not evaluate it
	// (rt.Predicate.Kinds). Nil: no such kinds.
	Kinds []*PredKind
	// Is, IsOp (of a function of the rules): its expression is exactly
	// holds(Is, its parameters) (IsOp rt.FnHolds), holding(Is, ...)
	// (rt.FnHolding) or the value Is(...) (rt.FnValue): the runtime
	// evaluates it so, without the call (rt.Predicate.Is).
	Is   *PredKind
	IsOp rt.FnOp
}

// StackObject is a checked stack object: its parameters' types and Go
// names, and its body.
type StackObject struct {
	Index  int // in Program.StackObjects (Program.Effects), the runtime's Rules.StackObjects (Rules.Effects)
	Name   string
	Rules  []string
	Pos    grammar.Pos
	Types  []Type
	Params []*Var
	Body   []Stmt
	Slots  int
	Decl   *grammar.StackObjectDecl
	// Targets are an effect's target parameters (target object t where
	// COND), in parameter order: chosen as the ability is put on the
	// stack among the objects for which Cond holds (the other parameters
	// given), and checked again as it resolves.
	Targets []*TargetParam
	// Asks: its first statement asks a player (an effect's).
	Asks bool
	// Pay is what paying its costs does (`pay { ... }`, an effect with
	// cost parameters): nil if it has none.
	Pay []Stmt
}

// hasCost reports whether an effect has a cost parameter.
func (so *StackObject) hasCost() bool {
	for _, t := range so.Targets {
		if t.Cost {
			return true
		}
	}
	return false
}

// TargetParam is an effect's target parameter: its index among the
// parameters and the condition a target must meet.
type TargetParam struct {
	Param int
	Cond  Expr
	Pos   grammar.Pos
	Cost  bool // a cost parameter (cost object r where COND): chosen, not targeted
	// Player: a player target (target player p where COND), chosen among
	// the players in the game. Or: an alternative of the target before
	// it (or target player p ...): the two are one target.
	Player bool
	Or     bool
}

// IsTarget reports whether parameter j is a target.
func (so *StackObject) IsTarget(j int) bool {
	for _, t := range so.Targets {
		if t.Param == j {
			return true
		}
	}
	return false
}

// ParamKinds is the runtime's description of parameter types
// (RulesEffect.Kinds): 'o' object, 'p' player, 'i' int.
func ParamKinds(ts []Type) string {
	b := make([]byte, len(ts))
	for i, t := range ts {
		switch t {
		case Object:
			b[i] = 'o'
		case Player:
			b[i] = 'p'
		default:
			b[i] = 'i'
		}
	}
	return string(b)
}

// DamageHook is a checked on_damage declaration.
type DamageHook struct {
	To     string // "player", "object" or "source"
	Const  string // the runtime constant, e.g. "DamageToPlayer"
	Rules  []string
	Pos    grammar.Pos
	ToKind rt.DamageTo
	Params []*Var // source, recipient (not for "source"), amount
	Body   []Stmt
	Slots  int
	Decl   *grammar.DamageDecl
}

// EventHook is a checked on_event declaration: statements run as the
// runtime logs an event of its kind.
type EventHook struct {
	Kind  string       // the runtime event's name (draw_empty)
	On    []rt.EventOn // the runtime's events it runs on
	OnGo  []string     // the Go names of their kinds (EvDrawEmpty)
	Rules []string
	Pos   grammar.Pos
	Who   *Var // the event's player or object, if named
	N     *Var // the event's number, if named
	Body  []Stmt
	Slots int
	Decl  *grammar.EventDecl
}

// Replacement is a checked replace declaration: as an event of its kind
// would happen to X, if If holds (or is nil), Body happens instead.
type Replacement struct {
	Event string // the event it replaces (destroy, damage)
	// Prevent: a prevention effect (prevent damage ...): the log says the
	// damage was prevented.
	Prevent bool
	Name    string // what the log says happened instead
	Rules   []string
	Pos     grammar.Pos
	X       *Var
	S, N    *Var // damage's source and amount; nil for destroy
	If      Expr
	Body    []Stmt
	Slots   int
	Decl    *grammar.ReplaceDecl
}

// TriggerEvent is a checked trigger_event declaration.
type TriggerEvent struct {
	Index int // in Program.TriggerEvents; its runtime EventID is Index+1
	Name  string
	Rules []string
	Pos   grammar.Pos
	// On are the runtime's events it is (none: the trigger statement
	// fires it), with the Go names of their kinds.
	On     []rt.EventOn
	OnGo   []string
	Watch  bool // a source parameter: every permanent's abilities look
	Param  byte // 0, 'i' (int), 'k' (keyword) or 's' (segment)
	X, W   *Var // the event's object and the ability's source, if declared
	N      *Var // the int or keyword parameter, if declared
	A      *Var // the runtime event's number (amount), if declared
	R      *Var // the runtime event's recipient (recipient), if declared
	If     Expr // nil: always
	Value  Expr // nil: none
	Slots  int
	Decl   *grammar.TriggerEventDecl
	Enum   Enum // its name as an argument of the trigger statement
	Object bool // it is about an object (the trigger statement's, or the runtime event's)
}

// Timing is a checked timing restriction.
type Timing struct {
	Name  string
	Rules []string
	Pos   grammar.Pos
	Param *Var // the player
	Expr  Expr
	Slots int
	Decl  *grammar.TimingDecl
}

// Mechanism is a checked mechanism declaration: the rules a generic
// mechanism of the runtime (runtime.Mechanism) cites.
type Mechanism struct {
	Name  string
	Mech  rt.Mechanism
	Rules []string
	Pos   grammar.Pos
	// Proc is its procedure as the rules give it (a block run as an
	// action: again from the start after a decision), or nil.
	Proc *Code
	// Requires are an action mechanism's conditions (require lines), in
	// order, over Player, X and Ability (Slots slots); nil if it has none.
	Requires           []*Require
	Player, X, Ability *Var
	Slots              int
	// From: the zones the action takes its objects from.
	From []rt.Zone
	// Controlled: a require line's conjunction has x.controller ==
	// player (Requirements.Controlled).
	Controlled bool
	// Guard, Excluded: card types one of which x must have, card types
	// it must not have, for the require lines to hold
	// (Requirements.Guard, Excluded).
	Guard, Excluded rt.TypeSet
}

// Require is one condition of an action: `require ["RULE"] COND else
// "MESSAGE"`. Cite says whom its refusal cites (rt.Cite).
type Require struct {
	Pos  grammar.Pos
	Rule string // its own rule, or ""
	Cond Expr
	Else string
	Cite rt.Cite
	Pred *PredKind // Cite is rt.CitePred
	// PredArgs: the roles of the predicate's arguments (Requirement.PredArgs).
	PredArgs string
	Decl     *grammar.RequireStmt
	// NoObject: the condition reads neither x nor ability (a step's
	// permission): tested once for all objects (Requirements.Any).
	NoObject bool
}

// Segment returns the place in the turn of the named step or phase: the
// index of its phase in Phases and of the step in the phase's Steps (-1
// for a phase). A phase without steps of its own is found as the phase.
func (p *Program) Segment(name string) (phase, step int, ok bool) {
	for pi, ph := range p.Phases {
		if ph.Name == name {
			return pi, -1, true
		}
	}
	for pi, ph := range p.Phases {
		if ph.Implicit {
			continue
		}
		for si, st := range ph.Steps {
			if st.Name == name {
				return pi, si, true
			}
		}
	}
	return 0, 0, false
}
