package compiler

import "github.com/mtgc-dev/mtgc/grammar"

// The resolved, typed IR the checker produces. Every identifier is bound
// to a variable slot or a vocabulary row, every expression has its type,
// every enum argument is resolved. The back ends (gen.go, package interp)
// only translate it: a name or type error there is a checker bug.

// Expr is a checked expression.
type Expr interface {
	Type() Type
	Position() grammar.Pos
}

// Stmt is a checked statement.
type Stmt interface{ Position() grammar.Pos }

// Var is a variable of a clause: a slot of its frame.
type Var struct {
	Name string
	Slot int
	T    Type
}

// GoName is the variable's name in generated code: the .mtg name (an
// identifier) behind a prefix, so that it collides with nothing.
func (v *Var) GoName() string { return goVar(v.Name) }

func goVar(name string) string { return "v_" + name }

type node struct{ Pos grammar.Pos }

func (n node) Position() grammar.Pos { return n.Pos }

type typed struct {
	node
	T Type
}

func (t typed) Type() Type { return t.T }

// Expressions.
type (
	// Lit is a constant int, bool or string.
	Lit struct {
		typed
		Int  int32
		Bool bool
		Str  string
	}
	// VarRef reads a variable.
	VarRef struct {
		typed
		Var *Var
	}
	// Active is the active player.
	Active struct{ typed }
	// Unary is not X or -X.
	Unary struct {
		typed
		Op Op
		X  Expr
	}
	// Binary is X op Y.
	Binary struct {
		typed
		Op   Op
		X, Y Expr
		// Sat: +, - and * saturate at the bounds of int32 (in a
		// characteristic's derivation).
		Sat bool
	}
	// CondExpr is if C then A else B.
	CondExpr struct {
		typed
		Cond, Then, Else Expr
	}
	// AttrRef is x.NAME, p.NAME or game.NAME (X nil).
	AttrRef struct {
		typed
		B *Builtin
		X Expr
	}
	// Call is a function row applied to its arguments.
	Call struct {
		typed
		B    *Builtin
		Args []Expr
	}
	// EnumLit is a name of an enum (a zone, counter kind...).
	EnumLit struct {
		typed
		E *Enum
	}
	// HasKeyword is x has KEYWORD.
	HasKeyword struct {
		typed
		X       Expr
		Keyword int // the keyword's bit
		Name    string
		// Var, if set, holds the keyword instead (a trigger event's
		// keyword parameter: x has k).
		Var *Var
	}
	// MinMax is min(...) or max(...).
	MinMax struct {
		typed
		Max  bool
		Args []Expr
	}
	// Segment is began(S), ended(S) or during(S).
	Segment struct {
		typed
		Fn          SegFn
		Phase, Step int // Program.Phases index, step index or -1
	}
	// PredValue is a value predicate called by name: assigns_damage(a),
	// or a player value, defender_of(t) (of type Player).
	PredValue struct {
		typed
		Pred *PredKind
		Args []Expr // one or two objects (the kind's arity)
	}
	// Holds is holds(KIND, x) or holds(KIND, x, y) (Y set: a kind of two
	// parameters).
	Holds struct {
		typed
		Pred *PredKind
		X, Y Expr
	}
	// Holding is holding(KIND, x) (and y): how many of the rules'
	// predicates of KIND hold (each a requirement of its own).
	Holding struct {
		typed
		Pred *PredKind
		X, Y Expr
	}
	// Quant is count, any, all and sum over a query (Val: sum's value).
	Quant struct {
		typed
		Fn  QuantFn
		Q   *Query
		Val Expr
	}
	// Choice is keeps(P, x, KIND, v, COND) and chosen(P, x, player, v, COND).
	Choice struct {
		typed
		Chosen bool // chosen: a player; keeps: a condition
		P, X   Expr
		Q      *Query
		Rule   string
	}
)

// Op is an operator.
type Op uint8

const (
	OpNot Op = iota + 1
	OpNeg
	OpOr
	OpAnd
	OpEq
	OpNe
	OpLt
	OpLe
	OpGt
	OpGe
	OpAdd
	OpSub
	OpMul
)

var ops = [...]struct{ mtg, goOp string }{
	OpNot: {"not", "!"}, OpNeg: {"-", "-"}, OpOr: {"or", "||"}, OpAnd: {"and", "&&"},
	OpEq: {"==", "=="}, OpNe: {"!=", "!="}, OpLt: {"<", "<"}, OpLe: {"<=", "<="}, OpGt: {">", ">"}, OpGe: {">=", ">="},
	OpAdd: {"+", "+"}, OpSub: {"-", "-"}, OpMul: {"*", "*"},
}

func (o Op) String() string { return ops[o].mtg }

// Go is the operator in Go.
func (o Op) Go() string { return ops[o].goOp }

func binaryOp(s string) (Op, bool) {
	for o := OpOr; o <= OpMul; o++ {
		if ops[o].mtg == s {
			return o, true
		}
	}
	return 0, false
}

// SegFn is began, ended or during.
type SegFn uint8

const (
	Began SegFn = iota + 1
	Ended
	During
)

// QuantFn is count, any, all or sum.
type QuantFn uint8

const (
	Count QuantFn = iota + 1
	Any
	All
	Sum
)

// Query is KIND v [where COND].
type Query struct {
	Kind  *Kind
	Var   *Var
	Where Expr // nil: every one
}

// Statements.
type (
	// For is for each KIND v [chosen by P up to N] where COND { Body }.
	For struct {
		node
		Q    *Query
		Body []Stmt
		// By and UpTo, when set, make the loop a choice (UpTo nil: any
		// number of the matches): player By
		// chooses up to UpTo of the matches (a cards decision, skipped
		// when nothing matches) and Body runs for those; the loop asks
		// a player, like a blocking verb.
		By, UpTo Expr
		Rule     string // the rule that asks (By set)
	}
	// If is if C { Then } else { Else } (else if: an If alone in Else).
	If struct {
		node
		Cond   Expr
		Then   []Stmt
		Else   []Stmt
		ElseIf bool // written "else if" (the If of an "else if" chain)
	}
	// Until is until unchanged { Body }: Body runs, and again until a
	// run of it changes nothing in the game (rt.Exec.Changes), at most
	// MaxRepeats times.
	Until struct {
		node
		Body []Stmt
	}
	// Let is let v = X.
	Let struct {
		node
		Var *Var
		X   Expr
	}
	// Do is a verb row applied to its arguments, citing Rule.
	Do struct {
		node
		B    *Builtin
		Args []Expr
		Rule string
	}
	// PutOnStack is put_on_stack NAME, P, ARGS..., or with Triggered
	// put_triggered (it waits with the triggered abilities).
	PutOnStack struct {
		node
		Object    *StackObject
		P         Expr
		Args      []Expr // as ints, at most rt.MaxStackArgs
		Triggered bool
	}
)

// Clause is a checked block of statements or a condition with the slots
// its variables need.
type Clause struct {
	Params []*Var // bound by the caller, in order (slots 0...)
	Stmts  []Stmt
	Expr   Expr
	Slots  int
}

// Paren is (X): kept so that generated code keeps the source's grouping.
type Paren struct {
	typed
	X Expr
}
