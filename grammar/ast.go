package grammar

import "fmt"

// Pos is a source position. Line and Col are 1-based (Col counts bytes);
// Offset is the 0-based byte offset. The zero Pos means "unknown".
type Pos struct {
	File   string
	Line   int
	Col    int
	Offset int
}

// IsValid reports whether p carries a line number.
func (p Pos) IsValid() bool { return p.Line > 0 }

// String formats p as "file:line:col", leaving out the file when it is empty.
func (p Pos) String() string {
	s := p.File
	if p.IsValid() {
		if s != "" {
			s += ":"
		}
		s += fmt.Sprintf("%d:%d", p.Line, p.Col)
	}
	if s == "" {
		s = "-"
	}
	return s
}

// Node is any syntax tree node.
type Node interface{ Position() Pos }

// File is a parsed .mtg file.
type File struct {
	Path     string
	Pos      Pos
	Edition  *Edition
	Decls    []Decl
	Comments []*Comment // every comment of the file, in source order
}

// Comment is a "#" comment; Text includes the '#' but no trailing blanks.
type Comment struct {
	Pos  Pos
	Text string
}

// Edition is the `edition name "title" [extends base]` line that starts
// a file.
type Edition struct {
	Pos     Pos
	Name    Ident
	Title   string
	Extends *Ident // the edition this one is a delta over, or nil
}

// Ident is a name.
type Ident struct {
	Pos  Pos
	Name string
}

// Rule is a Comprehensive Rules reference such as "502.1", stored unquoted.
type Rule struct {
	Pos    Pos
	Number string
}

// Decl is a top-level declaration: *PlayerDecl, *KeywordDecl, *TurnDecl,
// *EveryDecl, *PhaseDecl, *SbaDecl, *PredicateDecl, *TimingDecl or
// *MechanismDecl.
type Decl interface {
	Node
	declNode()
}

// PlayerDecl gives the starting values of a player.
type PlayerDecl struct {
	Pos      Pos
	Settings []*Setting
}

// Setting is one `name = value` line of a player declaration.
type Setting struct {
	Pos   Pos
	Name  Ident
	Value Expr
}

// KeywordDecl declares a keyword ability that rules can test with `has`.
// "prevents EVENT RULE..." says that objects with it are not affected by
// an event ("indestructible" prevents "destroy").
//
// Kind, if set, says what kind of ability it is: `static RULE...` (the
// object has it; the rules' predicates and hooks test it), or `triggered
// RULE... on EVENT [ARG] does EFFECT(N...)` (each instance is a triggered
// ability). Redundant, if set, says that more instances add nothing
// (`redundant RULE...`); without it each instance counts (instances(x, k),
// and a triggered keyword triggers once for each).
type KeywordDecl struct {
	Pos          Pos
	Name         Ident
	Params       []Param // keyword bushido (int n): each instance's number
	Rules        []Rule
	Kind         *KeywordKind // nil when absent
	Redundant    *KeywordPart // nil when absent
	Prevents     *Ident       // nil when absent
	PreventRules []Rule
}

// KeywordKind is a keyword's `static RULE...` or `triggered RULE... on
// EVENT [ARG] does EFFECT(N...)`.
type KeywordKind struct {
	Pos       Pos
	Triggered bool
	Rules     []Rule
	Event     Ident    // triggered: the rules' trigger event
	Arg       *Ident   // triggered: the event's argument, a name (a keyword, a step)
	ArgNum    *string  // triggered: the event's argument, a number
	Effect    Ident    // triggered: the rules' effect it applies as it resolves
	Args      []string // numbers, or the keyword's parameter (its instance's number)
}

// KeywordPart is a keyword's `redundant RULE...`.
type KeywordPart struct {
	Pos   Pos
	Rules []Rule
}

// CardTypeDecl declares a card type: `card_type creature combatant`. Its
// bit in a TypeSet is its place among the card types declared; Props name
// what the runtime's mechanisms do with objects of the type (played,
// nonpermanent, combatant).
type CardTypeDecl struct {
	Pos   Pos
	Name  Ident
	Rules []Rule
	Props []Ident
}

// CounterDecl declares a kind of counter: `counter "+1/+1"`. Name holds
// the name unquoted, at the string's position.
type CounterDecl struct {
	Pos   Pos
	Name  Ident
	Rules []Rule
}

// LandManaDecl says which mana a basic land type makes: `land_mana forest
// "305.6" green`. An object of a played card type (card_type ... played)
// with the subtype Name taps for one mana of Color.
type LandManaDecl struct {
	Pos   Pos
	Name  Ident
	Rules []Rule
	Color Ident
}

// StateDecl declares a value every object holds, of a kind (flag,
// number, object or player): `state phased_indirectly flag "702.26g"`.
// Statements set it (set_flag x, NAME, v); x.NAME reads it; an object that
// changes zones starts over without it (400.7).
//
// With a holder, `state player spells_cast number "502.2"` or `state game
// day flag "502.2"`, it is a value each player holds (p.NAME), or the
// game (game.NAME), set by the same statements (set_number p, NAME, n;
// set_flag game, NAME, v).
type StateDecl struct {
	Pos    Pos
	Holder *Ident // player or game; nil: every object
	Name   Ident
	Kind   Ident
	Rules  []Rule
}

// KindDecl declares a kind of predicate: the name the rules' predicates
// of the kind are declared with and the declarations and conditions that
// consult them read (holds, holding, given), its parameters (objects or
// players), whether every one of its predicates must hold (every) rather
// than any one, and what they give: a condition, or with Result a number
// or a player. `kind can_attack (object a) every "every one must hold for
// a to attack"`.
type KindDecl struct {
	Pos    Pos
	Name   Ident
	Params []Param
	Every  bool
	Result *Ident // number or player; nil: a condition
	Doc    string
}

// CharacteristicDecl derives a characteristic the runtime reads (power,
// toughness) of object Param: `characteristic power (x) = ...`.
type CharacteristicDecl struct {
	Pos   Pos
	Name  Ident
	Rules []Rule
	Param Ident
	Value Expr
}

// TurnDecl gives the order of the phases and how extra turns are taken.
type TurnDecl struct {
	Pos        Pos
	Rules      []Rule
	Order      []Ident
	OrderPos   Pos
	ExtraRules []Rule
	ExtraMode  *Ident // nil when there is no extra_turns line
}

// EveryDecl holds clauses that apply to every step or every phase (the
// checker allows on_end and skip), in source order.
type EveryDecl struct {
	Pos   Pos
	Kind  Ident // "step" or "phase"
	Items []Clause
}

// PhaseDecl declares a phase; Items may include *StepDecl.
type PhaseDecl struct {
	Pos   Pos
	Name  Ident
	Rules []Rule
	Items []Clause
}

// StepDecl declares a step of a phase.
type StepDecl struct {
	Pos     Pos
	Name    Ident
	Rules   []Rule
	Clauses []Clause
}

// Clause is an item of a phase or step: *StepDecl, *Action, *Priority,
// *NoPriority, *Skip, *Repeat, *Allow or *OnEnd.
type Clause interface {
	Node
	clauseNode()
}

// Action is a turn-based action.
type Action struct {
	Pos   Pos
	Rules []Rule
	Body  *Block
}

// Priority says which player receives priority, optionally only if If holds.
type Priority struct {
	Pos    Pos
	Rules  []Rule
	Player Expr
	If     Expr // nil when absent
}

// NoPriority says that no player receives priority.
type NoPriority struct {
	Pos   Pos
	Rules []Rule
}

// Skip says the step or phase is skipped when If holds.
type Skip struct {
	Pos   Pos
	Rules []Rule
	If    Expr
}

// Repeat says the step or phase starts over when If holds.
type Repeat struct {
	Pos   Pos
	Rules []Rule
	If    Expr
}

// Allow permits a kind of play (such as sorcery or land) in the phase or step.
type Allow struct {
	Pos   Pos
	Rules []Rule
	What  Ident
	If    Expr // nil when absent; `player` names the player who would act
}

// OnEnd runs its body as the step or phase ends; written on_begin (Begin),
// as every step or every phase begins.
type OnEnd struct {
	Begin bool
	Pos   Pos
	Rules []Rule
	Body  *Block
}

// SbaDecl is a state-based action, or (Watch) a watch: the same one query,
// matched after every change to the game rather than when a player would
// receive priority, its results performed one by one as they are found.
type SbaDecl struct {
	Pos   Pos
	Watch bool
	Rules []Rule
	Body  *Block
}

// Block is a braced statement list; Pos is its "{" and End its "}".
type Block struct {
	Pos, End Pos
	Stmts    []Stmt
}

// Stmt is a statement: *ForStmt, *IfStmt, *UntilStmt, *LetStmt or *CallStmt.
type Stmt interface {
	Node
	stmtNode()
}

// RequireStmt is `require ["RULE"] COND else "MESSAGE"`, a line of an
// action mechanism's conditions (mechanism cast "117.1a" { ... }): the
// first whose condition does not hold refuses the action, citing RULE (or
// what the condition consulted, or the mechanism's rule) with MESSAGE.
type RequireStmt struct {
	Pos  Pos
	Rule *Rule
	Cond Expr
	Else string
}

// PayStmt is `pay { ... }`, the first statement of an effect with cost
// parameters: what paying its costs does, run once they are chosen.
type PayStmt struct {
	Pos  Pos
	Body *Block
}

// ForStmt is `for each kind var [chosen by P up to N] [where cond] { ... }`.
type ForStmt struct {
	Pos  Pos
	Kind Ident
	Var  Ident
	// By and UpTo, when set, make the loop a choice: player By chooses up
	// to UpTo of the matches (any number of them when UpTo is nil), and
	// the body runs for those.
	By, UpTo Expr
	Where    Expr // nil when absent
	Body     *Block
}

// IfStmt is `if cond { ... }` with at most one of ElseIf and Else set.
type IfStmt struct {
	Pos    Pos
	Cond   Expr
	Then   *Block
	ElseIf *IfStmt
	Else   *Block
}

// UntilStmt is `until unchanged { ... }`: the body runs, and again until
// a run of it changes nothing in the game.
type UntilStmt struct {
	Pos  Pos
	Body *Block
}

// LetStmt is `let name = value`.
type LetStmt struct {
	Pos   Pos
	Name  Ident
	Value Expr
}

// CallStmt is a verb applied to its arguments, as in `move c, graveyard`.
type CallStmt struct {
	Pos  Pos
	Verb Ident
	Args []Expr
}

// Expr is an expression: *Ident, *IntLit, *StringLit, *Binary, *Unary,
// *Selector, *HasExpr, *CallExpr or *ParenExpr.
type Expr interface {
	Node
	exprNode()
}

// IntLit is a decimal integer; Text is its source spelling.
type IntLit struct {
	Pos   Pos
	Value int64
	Text  string
}

// StringLit is a string literal; Value is unquoted.
type StringLit struct {
	Pos   Pos
	Value string
}

// Binary is a binary operation; Op is one of
// or and == != < <= > >= + - *.
type Binary struct {
	Pos  Pos
	Op   string
	X, Y Expr
}

// Unary is `not X` or `-X`.
type Unary struct {
	Pos Pos
	Op  string
	X   Expr
}

// Selector is `X.Sel`.
type Selector struct {
	Pos Pos
	X   Expr
	Sel Ident
}

// HasExpr is `X has Keyword`.
type HasExpr struct {
	Pos     Pos
	X       Expr
	Keyword Ident
}

// CallExpr is `Fun(Args...)`.
type CallExpr struct {
	Pos  Pos
	Fun  Ident
	Args []Expr
}

// ParenExpr is a parenthesized expression.
type ParenExpr struct {
	Pos Pos
	X   Expr
}

func (n *File) Position() Pos        { return n.Pos }
func (n *Comment) Position() Pos     { return n.Pos }
func (n *Edition) Position() Pos     { return n.Pos }
func (n *Ident) Position() Pos       { return n.Pos }
func (n *Rule) Position() Pos        { return n.Pos }
func (n *PlayerDecl) Position() Pos  { return n.Pos }
func (n *Setting) Position() Pos     { return n.Pos }
func (n *KeywordDecl) Position() Pos { return n.Pos }
func (n *TurnDecl) Position() Pos    { return n.Pos }
func (n *EveryDecl) Position() Pos   { return n.Pos }
func (n *PhaseDecl) Position() Pos   { return n.Pos }
func (n *StepDecl) Position() Pos    { return n.Pos }
func (n *Action) Position() Pos      { return n.Pos }
func (n *Priority) Position() Pos    { return n.Pos }
func (n *NoPriority) Position() Pos  { return n.Pos }
func (n *Skip) Position() Pos        { return n.Pos }
func (n *Repeat) Position() Pos      { return n.Pos }
func (n *Allow) Position() Pos       { return n.Pos }
func (n *OnEnd) Position() Pos       { return n.Pos }
func (n *SbaDecl) Position() Pos     { return n.Pos }
func (n *Block) Position() Pos       { return n.Pos }
func (n *ForStmt) Position() Pos     { return n.Pos }
func (n *PayStmt) Position() Pos     { return n.Pos }
func (n *IfStmt) Position() Pos      { return n.Pos }
func (n *UntilStmt) Position() Pos   { return n.Pos }
func (n *LetStmt) Position() Pos     { return n.Pos }
func (n *RequireStmt) Position() Pos { return n.Pos }
func (n *CallStmt) Position() Pos    { return n.Pos }
func (n *IntLit) Position() Pos      { return n.Pos }
func (n *StringLit) Position() Pos   { return n.Pos }
func (n *Binary) Position() Pos      { return n.Pos }
func (n *Unary) Position() Pos       { return n.Pos }
func (n *Selector) Position() Pos    { return n.Pos }
func (n *HasExpr) Position() Pos     { return n.Pos }
func (n *CallExpr) Position() Pos    { return n.Pos }
func (n *ParenExpr) Position() Pos   { return n.Pos }

func (*PlayerDecl) declNode()  {}
func (*KeywordDecl) declNode() {}

// Position implements Node.
func (n *CardTypeDecl) Position() Pos { return n.Pos }
func (*CardTypeDecl) declNode()       {}

// Position implements Node.
func (n *KindDecl) Position() Pos    { return n.Pos }
func (*KindDecl) declNode()          {}
func (n *CounterDecl) Position() Pos { return n.Pos }
func (*CounterDecl) declNode()       {}

func (n *LandManaDecl) Position() Pos { return n.Pos }
func (*LandManaDecl) declNode()       {}
func (n *StateDecl) Position() Pos    { return n.Pos }
func (*StateDecl) declNode()          {}

// Position implements Node.
func (n *CharacteristicDecl) Position() Pos { return n.Pos }
func (*CharacteristicDecl) declNode()       {}
func (*TurnDecl) declNode()                 {}
func (*EveryDecl) declNode()                {}
func (*PhaseDecl) declNode()                {}
func (*SbaDecl) declNode()                  {}

func (*StepDecl) clauseNode()   {}
func (*Action) clauseNode()     {}
func (*Priority) clauseNode()   {}
func (*NoPriority) clauseNode() {}
func (*Skip) clauseNode()       {}
func (*Repeat) clauseNode()     {}
func (*Allow) clauseNode()      {}
func (*OnEnd) clauseNode()      {}

func (*ForStmt) stmtNode()     {}
func (*PayStmt) stmtNode()     {}
func (*IfStmt) stmtNode()      {}
func (*UntilStmt) stmtNode()   {}
func (*LetStmt) stmtNode()     {}
func (*RequireStmt) stmtNode() {}
func (*CallStmt) stmtNode()    {}

func (*Ident) exprNode()     {}
func (*IntLit) exprNode()    {}
func (*StringLit) exprNode() {}
func (*Binary) exprNode()    {}
func (*Unary) exprNode()     {}
func (*Selector) exprNode()  {}
func (*HasExpr) exprNode()   {}
func (*CallExpr) exprNode()  {}
func (*ParenExpr) exprNode() {}
func (*CondExpr) exprNode()  {}

// CondExpr is `if Cond then Then else Else`: Then when Cond holds, else
// Else (the branches have the same type).
type CondExpr struct {
	Pos              Pos
	Cond, Then, Else Expr
}

// Position implements Node.
func (n *CondExpr) Position() Pos { return n.Pos }

// PredicateDecl is a predicate the engine consults, e.g. which creatures
// can attack: `predicate can_attack "508.1a" (a) if not a.tapped`.
type PredicateDecl struct {
	Pos    Pos
	Kind   Ident
	Rules  []Rule
	Params []Ident
	If     Expr // the condition, or the value when Value is set
	Value  bool // "= expr": a value (e.g. lethal_damage) rather than "if cond"
}

// Position implements Node.
func (n *PredicateDecl) Position() Pos { return n.Pos }
func (*PredicateDecl) declNode()       {}

// StackObjectDecl is an object the rules put on the stack (with the
// put_on_stack statement): as it resolves, Body runs with the parameters
// bound to what the statement gave it: `stack_object combat_damage "310.4"
// (player p) { deal_combat_damage p }`. With Effect, it is an effect
// instead (`effect put_attacking "508.3" (object x, player p) {...}`):
// it does not go on the stack, its statements run at once when the engine
// is asked to apply it (an effect of a card: Game.RunEffect).
type StackObjectDecl struct {
	Pos    Pos
	Effect bool
	Name   Ident
	Rules  []Rule
	Params []Param
	Body   *Block
}

// Param is a typed parameter: `player p`, `object x`, `int n`.
type Param struct {
	Type Ident
	Name Ident
	// Target: an effect's parameter written `target object t where COND`,
	// chosen by the ability's controller as it is put on the stack among
	// the objects for which Where holds, and checked again as it resolves.
	Target bool
	// Cost: an effect's parameter written `cost object r where COND`,
	// chosen as a target is but not targeted, and acted on by the
	// effect's `pay { ... }` statements once chosen.
	Cost bool
	// Or: a target parameter written `or target player p where COND`
	// after another target: an alternative of it, the two one target
	// ("any target": a creature, a planeswalker or a player).
	Or    bool
	Where Expr
}

// Position implements Node.
func (n *StackObjectDecl) Position() Pos { return n.Pos }
func (*StackObjectDecl) declNode()       {}

// DamageDecl says what damage does: Body runs for each amount of damage
// dealt to a player or an object (To "player", "object"; Params source,
// recipient, amount), or once per source of a damage event with all it
// dealt (To "source"; Params source, amount).
type DamageDecl struct {
	Pos    Pos
	To     Ident
	Rules  []Rule
	Params []Ident
	Body   *Block
}

// Position implements Node.
func (n *DamageDecl) Position() Pos { return n.Pos }
func (*DamageDecl) declNode()       {}

// EventDecl says what the rules do, at once, as the runtime logs one of
// its events: `on_event draw_empty "102.2" (p) { lose p }`. Kind is a kind
// of the runtime's events (those a trigger_event may be `on`), Name the
// name it must have (a zone, a step); Params bind the event's player or
// object and, if a second is given, its number. Body runs without the
// stack, before anything else happens.
type EventDecl struct {
	Pos    Pos
	Kind   Ident
	Name   *Ident
	Rules  []Rule
	Params []Ident
	Body   *Block
}

// Position implements Node.
func (n *EventDecl) Position() Pos { return n.Pos }
func (*EventDecl) declNode()       {}

// ReplaceDecl is a replacement effect of the rules or of a card: `replace
// destroy regenerate "419.6b" (x) if x.shields > 0 { use_shield x ... }`.
// Event is a kind of event the runtime lets the rules replace (destroy,
// damage), Name the replacement's name (what the log says happened
// instead), Params the event's participants: the object it would happen
// to, then what the kind of event adds (damage: its source and amount).
// If the condition holds as the event would happen, Body happens instead
// of it.
type ReplaceDecl struct {
	Pos Pos
	// Prevent: written `prevent damage NAME ...`: a prevention effect
	// (615.1a) of the same form, whose event is damage; the log says the
	// damage was prevented.
	Prevent bool
	Event   Ident
	Name    Ident
	Rules   []Rule
	Params  []Ident
	If      Expr
	Body    *Block
}

// Position implements Node.
func (n *ReplaceDecl) Position() Pos { return n.Pos }
func (*ReplaceDecl) declNode()       {}

// TriggerEventDecl declares an event abilities may trigger on: `trigger_event
// blocked_by_count "509.3e" (object x, int n) if x.blockers == n`. Without
// On, the rules' trigger statement fires it about an object; with On, it
// is one of the runtime's own events (On: `on begin`, `on destroy, move
// graveyard`). Params give each name its role: object (the event's
// object), source (the source of an ability looking: with one, every
// permanent's abilities look, else only the object's), and at most one
// argument an ability gives: int, keyword, or segment (a step or phase the
// event must name); amount, the number of the runtime's event (the damage
// dealt, on damage). If must hold for an ability to trigger; Value is the
// number it remembers as it triggers.
type TriggerEventDecl struct {
	Pos    Pos
	Name   Ident
	Rules  []Rule
	On     []EventOn
	Params []Param
	If     Expr
	Value  Expr
}

// EventOn is one of the runtime's events a trigger event is: `destroy`,
// or `move graveyard` (a kind and the name the event must have).
type EventOn struct {
	Kind Ident
	Name *Ident
}

// Position implements Node.
func (n *TriggerEventDecl) Position() Pos { return n.Pos }
func (*TriggerEventDecl) declNode()       {}

// TimingDecl names a restriction on when a spell or an activated ability
// may be used, over the player who would use it: `timing before_blockers
// "506.6b" (p) if not game.began(declare_blockers)`. Cards carry it by name.
type TimingDecl struct {
	Pos   Pos
	Name  Ident
	Rules []Rule
	Param Ident
	If    Expr
}

// Position implements Node.
func (n *TimingDecl) Position() Pos { return n.Pos }
func (*TimingDecl) declNode()       {}

// MechanismDecl names the rule a generic mechanism of the runtime cites:
// `mechanism pass_priority "116.3d"`. The runtime knows what passing
// priority does; the edition says which of its rules that is.
//
// A mechanism that takes them may be given its procedure as statements
// (Body, nil if none): `mechanism stack_triggers "116.2a" { ... }`.
type MechanismDecl struct {
	Pos   Pos
	Name  Ident
	Rules []Rule
	// From: the zones an action mechanism takes its objects from
	// (`mechanism cast "117.1a" from hand { require ... }`), or none.
	From []Ident
	Body *Block
}

// Position implements Node.
func (n *MechanismDecl) Position() Pos { return n.Pos }
func (*MechanismDecl) declNode()       {}

// OverrideDecl replaces a clause of the base edition, found by its identity
// (a name, or the first rule it defines). Decl is a Decl, a *StepDecl or a
// Clause.
type OverrideDecl struct {
	Pos  Pos
	Decl Node
	In   *Ident // the step of an overridden step clause, when its identity is not enough
}

// ClauseRef names a clause of the base edition: Kind is the clause's
// keyword ("step", "action", "predicate"...), Name its name (a predicate's
// kind, an on_damage's target), Rule the first rule it cites, In the step
// holding it when its identity is not enough.
type ClauseRef struct {
	Kind Ident
	Name *Ident
	Rule *Rule
	In   *Ident
}

// RemoveDecl removes a clause of the base edition.
type RemoveDecl struct {
	Pos Pos
	ClauseRef
}

// AddDecl adds a step before or after a step of the base (Step, Where
// "after" or "before", Anchor), or a clause to a step (Clause, In; Where
// "first", "after" or "before" AnchorRule, or "" for last).
type AddDecl struct {
	Pos        Pos
	Step       *StepDecl
	Clause     Clause
	Where      string
	Anchor     *Ident
	In         *Ident
	AnchorRule *Rule
}

// RenumberDecl maps the base's rule numbers to the edition's own: every
// citation of an inherited clause follows it.
type RenumberDecl struct {
	Pos   Pos
	Pairs []Renumbering
}

// Renumbering is one `"FROM" = "TO"` line.
type Renumbering struct {
	From, To Rule
}

func (d *OverrideDecl) Position() Pos { return d.Pos }
func (d *RemoveDecl) Position() Pos   { return d.Pos }
func (d *AddDecl) Position() Pos      { return d.Pos }
func (d *RenumberDecl) Position() Pos { return d.Pos }
func (*OverrideDecl) declNode()       {}
func (*RemoveDecl) declNode()         {}
func (*AddDecl) declNode()            {}
func (*RenumberDecl) declNode()       {}

// ReciteDecl gives a clause of the base other rules, its body unchanged:
// `recite action "308.2" as "308.2" "308.2a"`. Kind, Name, Rule and In
// name the clause as a RemoveDecl does.
type ReciteDecl struct {
	Pos Pos
	ClauseRef
	Rules []Rule
}

func (d *ReciteDecl) Position() Pos { return d.Pos }
func (*ReciteDecl) declNode()       {}
