package compiler

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mtgc-dev/mtgc/grammar"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// The checker of expressions and statements: it resolves every name of a
// clause, types it, and returns the IR (ir.go). It is the only place that
// reports name and type errors.

// scope maps .mtg variables to their slots.
type scope struct {
	parent *scope
	vars   map[string]*Var
}

func newScope() *scope { return &scope{vars: map[string]*Var{}} }

func (s *scope) child() *scope { return &scope{parent: s, vars: map[string]*Var{}} }

func (s *scope) lookup(name string) (*Var, bool) {
	for ; s != nil; s = s.parent {
		if v, ok := s.vars[name]; ok {
			return v, true
		}
	}
	return nil, false
}

// reserved names cannot be variables: they are builtins.
var reserved = map[string]bool{"active": true, "game": true, "true": true, "false": true}

// resolver checks one clause.
type resolver struct {
	c        *checker
	rule     string // the rule events cite
	choiceOK bool
	// choiceFirst: the block is an action's, whose first statement may
	// ask a player (the action runs again from the start once answered).
	choiceFirst bool
	// repeatAsk: the block is in an until unchanged loop that stands
	// where a statement may ask: each of its statements may.
	repeatAsk bool
	what      string
	pred      string // the kind of the predicate being checked, if any
	position  bool   // the clause read the game's position (active, game.*)
	reads     Reads
	slots     int
	stated    []string // the statements stating clauses met so far (Builtin.States)
}

func (c *checker) resolver(rule, what string) *resolver {
	return &resolver{c: c, rule: rule, what: what}
}

// clause finishes a clause's IR with its frame size.
func (r *resolver) clause(params []*Var, stmts []Stmt, e Expr) Clause {
	return Clause{Params: params, Stmts: stmts, Expr: e, Slots: r.slots}
}

func (r *resolver) newVar(name string, t Type, sc *scope) *Var {
	v := &Var{Name: name, Slot: r.slots, T: t}
	r.slots++
	sc.vars[name] = v
	return v
}

// declare checks and declares a variable.
func (r *resolver) declare(id grammar.Ident, t Type, sc *scope) *Var {
	if !r.c.name(id, "variable") {
		return r.newVar("_", t, &scope{vars: map[string]*Var{}})
	}
	if reserved[id.Name] {
		r.c.errorf(id.Pos, "%s is a builtin name and cannot be a variable", id.Name)
	} else if _, ok := sc.lookup(id.Name); ok {
		r.c.errorf(id.Pos, "variable %s already declared in an enclosing scope", id.Name)
	}
	return r.newVar(id.Name, t, sc)
}

func bad(pos grammar.Pos) Expr { return &Lit{typed: typed{node{pos}, Invalid}} }

func mk(pos grammar.Pos, t Type) typed { return typed{node{pos}, t} }

// typed checks e and that it has type want.
func (r *resolver) typed(e grammar.Expr, sc *scope, want Type, what string) Expr {
	x := r.expr(e, sc)
	if t := x.Type(); t != Invalid && t != want {
		r.c.errorf(e.Position(), "%s must be %s, not %s", what, want, t)
		// A stand-in of the type wanted, so that the parts around it are
		// still checked (the program has an error: its IR is not used).
		return &Lit{typed: mk(e.Position(), want)}
	}
	return x
}

// expr checks an expression. On error it reports once and returns an
// expression of type Invalid, which silences errors about the parts that
// contain it.
func (r *resolver) expr(e grammar.Expr, sc *scope) Expr {
	c := r.c
	switch e := e.(type) {
	case *grammar.IntLit:
		if e.Value > 1<<30 {
			c.errorf(e.Pos, "%s is too large", e.Text)
			return bad(e.Pos)
		}
		return &Lit{typed: mk(e.Pos, Int), Int: int32(e.Value)}
	case *grammar.StringLit:
		return &Lit{typed: mk(e.Pos, Str), Str: e.Value}
	case *grammar.ParenExpr:
		x := r.expr(e.X, sc)
		if x.Type() == Invalid {
			return x
		}
		return &Paren{typed: mk(e.Pos, x.Type()), X: x}
	case *grammar.Ident:
		return r.ident(e, sc)
	case *grammar.Unary:
		x := r.expr(e.X, sc)
		switch t := x.Type(); {
		case t == Invalid:
			return x
		case e.Op == "not" && t == Bool:
			return &Unary{typed: mk(e.Pos, Bool), Op: OpNot, X: x}
		case e.Op == "-" && t == Int:
			return &Unary{typed: mk(e.Pos, Int), Op: OpNeg, X: x}
		}
		c.errorf(e.Pos, "%s cannot apply to %s", e.Op, x.Type())
		return bad(e.Pos)
	case *grammar.Binary:
		return r.binary(e, sc)
	case *grammar.Selector:
		return r.selector(e, sc)
	case *grammar.HasExpr:
		x := r.expr(e.X, sc)
		k, ok := c.keywords[e.Keyword.Name]
		if v, isVar := sc.lookup(e.Keyword.Name); !ok && isVar && v.T == KeywordT {
			if x.Type() != Object {
				c.errorf(e.Pos, "only objects have keywords, not %s", x.Type())
				return bad(e.Pos)
			}
			return &HasKeyword{typed: mk(e.Pos, Bool), X: x, Keyword: -1, Name: e.Keyword.Name, Var: v}
		}
		if !ok {
			c.errorf(e.Keyword.Pos, "unknown keyword %s%s", e.Keyword.Name, didYouMean(closest(e.Keyword.Name, keys(c.keywords), 1)))
			return bad(e.Pos)
		}
		if x.Type() == Invalid {
			return x
		}
		if x.Type() != Object {
			c.errorf(e.Pos, "only objects have keywords, not %s", x.Type())
			return bad(e.Pos)
		}
		return &HasKeyword{typed: mk(e.Pos, Bool), X: x, Keyword: k, Name: e.Keyword.Name}
	case *grammar.CallExpr:
		return r.callExpr(e, sc)
	case *grammar.CondExpr:
		return r.condExpr(e, sc)
	}
	c.errorf(e.Position(), "unsupported expression")
	return bad(e.Position())
}

// valueTypes are the types of values (of variables, branches).
var valueTypes = map[Type]bool{Int: true, Bool: true, Player: true, Object: true, Str: true}

func (r *resolver) condExpr(e *grammar.CondExpr, sc *scope) Expr {
	cond := r.typed(e.Cond, sc, Bool, "the condition of if ... then ... else")
	a := r.expr(e.Then, sc)
	b := r.expr(e.Else, sc)
	if a.Type() == Invalid || b.Type() == Invalid {
		return bad(e.Pos)
	}
	if a.Type() != b.Type() || !valueTypes[a.Type()] && a.Type() != CostT {
		r.c.errorf(e.Pos, "the branches of if ... then ... else must have the same type (of a value, or a cost), not %s and %s", a.Type(), b.Type())
		return bad(e.Pos)
	}
	return &CondExpr{typed: mk(e.Pos, a.Type()), Cond: cond, Then: a, Else: b}
}

// gameNS is the `game` namespace: only its attributes are values.
type gameNS struct{ typed }

func (r *resolver) ident(e *grammar.Ident, sc *scope) Expr {
	if v, ok := sc.lookup(e.Name); ok {
		return &VarRef{typed: mk(e.Pos, v.T), Var: v}
	}
	switch e.Name {
	case "active":
		r.position = true
		return &Active{mk(e.Pos, Player)}
	case "game":
		r.position = true
		return &gameNS{mk(e.Pos, Game)}
	case "true", "false":
		return &Lit{typed: mk(e.Pos, Bool), Bool: e.Name == "true"}
	}
	var names []string
	for s := sc; s != nil; s = s.parent {
		names = append(names, keys(s.vars)...)
	}
	names = append(names, "active", "game")
	r.c.errorf(e.Pos, "undefined: %s%s", e.Name, didYouMean(closest(e.Name, names, 1)))
	return bad(e.Pos)
}

func (r *resolver) selector(e *grammar.Selector, sc *scope) Expr {
	x := r.expr(e.X, sc)
	var table map[string]*Builtin
	switch t := x.Type(); t {
	case Invalid:
		return x
	case Object:
		table = objectAttrs
	case Player:
		table = playerAttrs
	case Game:
		table = gameAttrs
	default:
		r.c.errorf(e.Sel.Pos, "%s has no attributes", t)
		return bad(e.Pos)
	}
	b, ok := table[e.Sel.Name]
	if !ok {
		if call, ok := r.stateAttr(x, e.Sel); ok {
			return call
		}
	}
	if !ok && x.Type() == Object {
		if call, ok := r.typeAttr(x, e.Sel); ok {
			return call
		}
		if call, ok := r.derivedAttr(x, e.Sel); ok {
			return call
		}
	}
	if _, kw := r.c.keywords[e.Sel.Name]; !ok && kw && x.Type() == Object {
		r.c.errorf(e.Sel.Pos, "object has no attribute %s (%s is a keyword: write %s has %s)", e.Sel.Name, e.Sel.Name, grammar.FormatNode(e.X), e.Sel.Name)
		return bad(e.Pos)
	}
	if !ok {
		r.c.errorf(e.Sel.Pos, "%s has no attribute %s%s", x.Type(), e.Sel.Name, didYouMean(closest(e.Sel.Name, keys(table), 2)))
		return bad(e.Pos)
	}
	r.reads |= b.Reads
	if x.Type() == Game {
		return &AttrRef{typed: mk(e.Pos, b.Result), B: b}
	}
	return &AttrRef{typed: mk(e.Pos, b.Result), B: b, X: x}
}

func (r *resolver) binary(e *grammar.Binary, sc *scope) Expr {
	x := r.expr(e.X, sc)
	y := r.expr(e.Y, sc)
	op, ok := binaryOp(e.Op)
	if !ok {
		r.c.errorf(e.Pos, "unknown operator %s", e.Op)
		return bad(e.Pos)
	}
	tx, ty := x.Type(), y.Type()
	if tx == Invalid || ty == Invalid {
		return bad(e.Pos)
	}
	out := func(t Type) Expr { return &Binary{typed: mk(e.Pos, t), Op: op, X: x, Y: y} }
	switch op {
	case OpOr, OpAnd:
		if tx == Bool && ty == Bool {
			return out(Bool)
		}
	case OpEq, OpNe:
		if tx == ty && valueTypes[tx] {
			return out(Bool)
		}
	case OpLt, OpLe, OpGt, OpGe:
		if tx == Int && ty == Int {
			return out(Bool)
		}
	default:
		if tx == Int && ty == Int {
			return out(Int)
		}
		if op == OpAdd && tx == CostT && ty == CostT {
			return out(CostT) // costs add
		}
	}
	if tx == CostT || ty == CostT {
		r.c.errorf(e.Pos, "mismatched types %s %s %s (costs only add: mana_value(c) is the amount of mana a cost asks for, generic(n) a cost of n generic mana)", tx, e.Op, ty)
		return bad(e.Pos)
	}
	r.c.errorf(e.Pos, "mismatched types %s %s %s", tx, e.Op, ty)
	return bad(e.Pos)
}

// args checks the arguments of a row against its parameters.
func (r *resolver) args(b *Builtin, args []grammar.Expr, sc *scope) ([]Expr, bool) {
	out := make([]Expr, len(args))
	ok := true
	fns := 0
	for i, a := range args {
		if b.Params[i] == FnT && fns < len(b.FnArgs) {
			out[i] = r.given(a, b.FnArgs[fns], b.Name, i+1, sc)
			fns++
		} else {
			out[i] = r.arg(a, b.Params[i], sc, b.Name, i+1)
		}
		if out[i].Type() == Invalid {
			ok = false
		}
	}
	return out, ok
}

// given checks a function argument of verb (its n-th), given(x, y, EXPR):
// the names bound to the parameters the runtime evaluates it for (spec),
// EXPR of spec's result type, reading nothing of the statement around it
// (its own frame: only its names and the game). It becomes a function of
// the program (Program.Fns), the argument its FnID.
func (r *resolver) given(e grammar.Expr, spec FnArg, verb string, n int, outer *scope) Expr {
	want := fmt.Sprintf("given(%s, %s)", strings.Join(spec.Names, ", "), map[Type]string{Bool: "CONDITION", Int: "NUMBER", Player: "PLAYER", CostT: "COST"}[spec.Result])
	call, ok := e.(*grammar.CallExpr)
	if !ok || call.Fun.Name != "given" || len(call.Args) != len(spec.Params)+1 {
		r.c.errorf(e.Position(), "argument %d of %s is a function of the rules: write %s, the names standing for %s", n, verb, want, strings.Join(spec.Params, " and "))
		return bad(e.Position())
	}
	g := r.c.resolver(r.rule, "given")
	sc := newScope()
	fn := &Predicate{Kind: "given", Rules: []string{r.rule}, Pos: call.Pos}
	for i, a := range call.Args[:len(spec.Params)] {
		id, ok := a.(*grammar.Ident)
		if !ok {
			r.c.errorf(a.Position(), "argument %d of given names what stands for %s: a name, not an expression", i+1, spec.Params[i])
			return bad(e.Position())
		}
		t := Object
		if i < len(spec.Types) {
			t = spec.Types[i]
		}
		fn.Params = append(fn.Params, g.declare(*id, t, sc))
	}
	body := call.Args[len(spec.Params)]
	// A name of the statement around it (a loop's variable) is not the
	// function's: say so, rather than "undefined".
	captured := false
	var visit func(x grammar.Node) bool
	visit = func(x grammar.Node) bool {
		switch x := x.(type) {
		case *grammar.Selector: // x.FIELD: the field is no name
			grammar.Inspect(x.X, visit)
			return false
		case *grammar.HasExpr: // x has KEYWORD
			grammar.Inspect(x.X, visit)
			return false
		case *grammar.CallExpr: // f(...): the function is no name
			for _, a := range x.Args {
				grammar.Inspect(a, visit)
			}
			return false
		case *grammar.Ident:
			_, own := sc.lookup(x.Name)
			if _, theirs := outer.lookup(x.Name); !own && theirs && !captured {
				r.c.errorf(x.Pos, "given(...) reads only its own names (%s) and the game, not %s of the statement around it: the runtime evaluates it later, for what it gives", strings.Join(spec.Names, ", "), x.Name)
				captured = true
			}
		}
		return !captured
	}
	grammar.Inspect(body, visit)
	if captured {
		return bad(e.Position())
	}
	what := map[Type]string{Bool: "a condition", Int: "a number", Player: "a player", CostT: "a cost"}[spec.Result]
	calls := len(r.c.predCalls)
	fn.Expr = g.typed(body, sc, spec.Result, "the expression of given (argument "+fmt.Sprint(n)+" of "+verb+", "+what+")")
	if spec.Undeclared {
		r.c.predCalls = r.c.predCalls[:calls] // (see FnArg.Undeclared)
	}
	if spec.Declared {
		eachExpr(fn.Expr, func(x Expr) {
			switch x := x.(type) {
			case *Holds:
				r.c.predCalls = append(r.c.predCalls, predCall{Kind: x.Pred, Pos: x.Pos, Arg: verb})
			case *Holding:
				r.c.predCalls = append(r.c.predCalls, predCall{Kind: x.Pred, Pos: x.Pos, Arg: verb})
			}
		})
	}
	fn.IsValue = spec.Result == Int || spec.Result == Player
	fn.IsCost = spec.Result == CostT
	fn.Kinds, _ = zeroUnless(fn.Expr)
	fn.Is, fn.IsOp = fnIs(fn.Expr, fn.Params)
	fn.Slots = g.slots
	fn.Label = grammar.FormatNode(body)
	if pv, ok := fn.Expr.(*PredValue); ok && len(pv.Args) == len(fn.Params) {
		fn.Label = strings.ReplaceAll(pv.Pred.String(), "_", " ")
	}
	r.c.p.Fns = append(r.c.p.Fns, fn)
	id := len(r.c.p.Fns)
	return &EnumLit{typed: mk(call.Pos, FnT), E: &Enum{Name: "given", Value: id, Go: fmt.Sprintf("rt.FnID(%d)", id), Local: true}}
}

func (r *resolver) callExpr(e *grammar.CallExpr, sc *scope) Expr {
	name := e.Fun.Name
	switch name {
	case "min", "max":
		if len(e.Args) < 2 {
			r.c.errorf(e.Pos, "%s takes at least 2 arguments", name)
			return bad(e.Pos)
		}
		m := &MinMax{typed: mk(e.Pos, Int), Max: name == "max"}
		for i, a := range e.Args {
			m.Args = append(m.Args, r.typed(a, sc, Int, fmt.Sprintf("argument %d of %s", i+1, name)))
		}
		return m
	case "began", "ended", "during":
		return r.segmentQuery(e)
	case "holds", "holding":
		return r.holds(e, sc)
	case "count", "any", "all", "sum":
		return r.quantifier(e, sc)
	case "keeps", "chosen":
		return r.choice(e, sc)
	}
	b, ok := functions[name]
	if !ok {
		if k := r.c.p.Kind(name); k != nil && k.IsValue() {
			return r.predValue(e, k, sc)
		}
		r.c.errorf(e.Fun.Pos, "unknown function %s%s", name, didYouMean(closest(name, functionNames(), 1)))
		return bad(e.Pos)
	}
	if len(e.Args) != len(b.Params) {
		r.c.errorf(e.Pos, "%s takes %s", name, b.usage())
		return bad(e.Pos)
	}
	if b.OnlyIn != "" && r.pred != b.OnlyIn {
		r.c.errorf(e.Pos, "%s() reads the division being checked: it can be used only in a %s predicate", name, b.OnlyIn)
		return bad(e.Pos)
	}
	args, _ := r.args(b, e.Args, sc)
	r.stateReadArgs(b, args)
	return &Call{typed: mk(e.Pos, b.Result), B: b, Args: args}
}

// segmentQuery: began(S) and ended(S), whether step or phase S has begun
// (ended) this turn; during(S), whether the game is in it now.
func (r *resolver) segmentQuery(e *grammar.CallExpr) Expr {
	var name *grammar.Ident
	if len(e.Args) == 1 {
		name, _ = e.Args[0].(*grammar.Ident)
	}
	if name == nil {
		r.c.errorf(e.Pos, "%s takes the name of a step or phase, e.g. %s(declare_blockers)", e.Fun.Name, e.Fun.Name)
		return bad(e.Pos)
	}
	seg, ok := r.c.segments()[name.Name]
	if !ok {
		r.c.errorf(name.Pos, "unknown step or phase %s%s", name.Name, didYouMean(closest(name.Name, keys(r.c.segments()), 1)))
		return bad(e.Pos)
	}
	r.position = true
	fn := map[string]SegFn{"began": Began, "ended": Ended, "during": During}[e.Fun.Name]
	return &Segment{typed: mk(e.Pos, Bool), Fn: fn, Phase: seg[0], Step: seg[1]}
}

// predValue checks a call of a value predicate by name, assigns_damage(a)
// or lethal_damage(s, b): the value of the rules' first predicate of the
// kind. Whether the rules declare one, and that a predicate read by
// another reads none itself (so none loops), is checked once all are
// known (checker.predCalls).
func (r *resolver) predValue(e *grammar.CallExpr, k *PredKind, sc *scope) Expr {
	if len(e.Args) != k.Arity() {
		r.c.errorf(e.Pos, "%s takes %d object(s), not %d", k, k.Arity(), len(e.Args))
		return bad(e.Pos)
	}
	r.c.predCalls = append(r.c.predCalls, predCall{In: r.pred, Kind: k, Pos: e.Pos})
	t := Int
	if k.IsPlayer() {
		t = Player // defender_of(t)
	}
	out := &PredValue{typed: mk(e.Pos, t), Pred: k}
	for i, a := range e.Args {
		want := Object
		if k.PlayerParam(i) {
			want = Player // attack_tax(a, q)
		}
		out.Args = append(out.Args, r.typed(a, sc, want, fmt.Sprintf("argument %d of %s", i+1, k)))
	}
	return out
}

// holds checks holds(KIND, x): KIND a predicate kind of one object that
// is a condition; not inside a predicate (no predicate reads another, so
// none can loop).
func (r *resolver) holds(e *grammar.CallExpr, sc *scope) Expr {
	fn := e.Fun.Name
	if r.what == "predicate" {
		r.c.errorf(e.Pos, "%s() can't be used in a predicate: a predicate may not read another", fn)
		return bad(e.Pos)
	}
	if len(e.Args) < 2 || len(e.Args) > 3 {
		r.c.errorf(e.Pos, "%s takes a predicate kind and its parameters, e.g. %s(trample, a)", fn, fn)
		return bad(e.Pos)
	}
	id, ok := e.Args[0].(*grammar.Ident)
	if !ok {
		r.c.errorf(e.Args[0].Position(), "argument 1 of %s must be a predicate kind", fn)
		return bad(e.Pos)
	}
	k := r.c.p.Kind(id.Name)
	n := len(e.Args) - 1
	switch {
	case k == nil || k.Arity() != n || k.IsValue():
		want := "a predicate kind of one object that is a condition"
		if n == 2 {
			want = "a predicate kind of two parameters that is a condition"
		}
		r.c.errorf(id.Pos, "%s wants %s, not %s%s", fn, want, id.Name, didYouMean(closest(id.Name, r.c.p.kindNames(), 1)))
		return bad(e.Pos)
	}
	arg := func(i int) Expr {
		t := Object
		if k.PlayerParam(i) {
			t = Player
		}
		return r.typed(e.Args[i+1], sc, t, fmt.Sprintf("argument %d of %s", i+2, fn))
	}
	if fn == "holding" {
		h := &Holding{typed: mk(e.Pos, Int), Pred: k, X: arg(0)}
		if n == 2 {
			h.Y = arg(1)
		}
		return h
	}
	h := &Holds{typed: mk(e.Pos, Bool), Pred: k, X: arg(0)}
	if n == 2 {
		h.Y = arg(1)
	}
	return h
}

// choice checks keeps(P, x, KIND, v, CONDITION) (player P chooses one of
// the objects of KIND for which CONDITION holds to keep; true if x is the
// one kept; only in sba conditions, where the choice is made before any
// result is performed) and chosen(P, x, player, v, CONDITION) (P chooses,
// for x, among the players for which CONDITION holds; the only one if
// there is one, no player if none; only in sbas).
func (r *resolver) choice(e *grammar.CallExpr, sc *scope) Expr {
	fn := e.Fun.Name
	if fn == "keeps" {
		if r.what != "sba" {
			r.c.errorf(e.Pos, "keeps is allowed only in an sba condition")
			return bad(e.Pos)
		}
		if len(e.Args) != 5 {
			r.c.errorf(e.Pos, "keeps takes 5 arguments: keeps(player, object, KIND, variable, condition)")
			return bad(e.Pos)
		}
	} else {
		if r.what != "sba" {
			r.c.errorf(e.Pos, "chosen is allowed only in an sba")
			return bad(e.Pos)
		}
		if len(e.Args) != 5 {
			r.c.errorf(e.Pos, "chosen takes 5 arguments: chosen(player, object, player, variable, condition)")
			return bad(e.Pos)
		}
		if id, ok := e.Args[2].(*grammar.Ident); !ok || id.Name != "player" {
			r.c.errorf(e.Args[2].Position(), "chosen chooses among players: its third argument is the kind player")
			return bad(e.Pos)
		}
	}
	p := r.typed(e.Args[0], sc, Player, "argument 1 of "+fn)
	x := r.typed(e.Args[1], sc, Object, "argument 2 of "+fn)
	q, ok := r.query(e.Args[2], e.Args[3], e.Args[4], sc, fn)
	if !ok {
		return bad(e.Pos)
	}
	t := Bool
	if fn == "chosen" {
		t = Player
	}
	return &Choice{typed: mk(e.Pos, t), Chosen: fn == "chosen", P: p, X: x, Q: q, Rule: r.rule}
}

// quantifier checks count(KIND, v, COND), any(KIND, v, COND) (some
// match), all(KIND, v, COND) (every one of the kind matches) and
// sum(KIND, v, COND, VALUE) (the total of VALUE over the matches; v names
// each in COND and VALUE).
func (r *resolver) quantifier(e *grammar.CallExpr, sc *scope) Expr {
	fn := e.Fun.Name
	want := 3
	if fn == "sum" {
		want = 4
	}
	if len(e.Args) != want {
		switch fn {
		case "sum":
			r.c.errorf(e.Pos, "sum takes 4 arguments: sum(KIND, variable, condition, value)")
		case "count":
			r.c.errorf(e.Pos, "count takes 3 arguments: count(KIND, variable, condition)")
		default:
			r.c.errorf(e.Pos, "%s takes 3 arguments: %[1]s(KIND, variable, condition)", fn)
		}
		return bad(e.Pos)
	}
	qf := map[string]QuantFn{"count": Count, "any": Any, "all": All, "sum": Sum}[fn]
	t := Bool
	if qf == Count || qf == Sum {
		t = Int
	}
	var val Expr
	q, ok := r.queryIn(e.Args[0], e.Args[1], e.Args[2], sc, fn, func(inner *scope) {
		if qf == Sum {
			val = r.typed(e.Args[3], inner, Int, "the value of sum")
		}
	})
	if !ok {
		return bad(e.Pos)
	}
	return &Quant{typed: mk(e.Pos, t), Fn: qf, Q: q, Val: val}
}

// query checks "KIND, v, CONDITION" arguments.
func (r *resolver) query(kindE, varE, condE grammar.Expr, sc *scope, fn string) (*Query, bool) {
	return r.queryIn(kindE, varE, condE, sc, fn, func(*scope) {})
}

// queryIn is query with more checked in the query's scope.
func (r *resolver) queryIn(kindE, varE, condE grammar.Expr, sc *scope, fn string, more func(inner *scope)) (*Query, bool) {
	kid, ok1 := kindE.(*grammar.Ident)
	vid, ok2 := varE.(*grammar.Ident)
	if !ok1 || !ok2 {
		r.c.errorf(kindE.Position(), "%s wants a kind and a variable name, e.g. %s(..., permanent, y, y.legendary)", fn, fn)
		return nil, false
	}
	k, ok := r.c.kinds[kid.Name]
	if !ok {
		r.c.errorf(kid.Pos, "unknown kind %s%s", kid.Name, didYouMean(closest(kid.Name, keys(r.c.kinds), 1)))
		return nil, false
	}
	if !r.kindOK(k, kid.Pos) {
		return nil, false
	}
	inner := sc.child()
	q := &Query{Kind: k, Var: r.declare(*vid, k.Var(), inner)}
	q.Where = r.typed(condE, inner, Bool, "the condition of "+fn)
	more(inner)
	return q, true
}

// block checks a block of statements.
func (r *resolver) block(b *grammar.Block, sc *scope) []Stmt {
	var out []Stmt
	first := r.choiceFirst
	r.choiceFirst = false
	lead := first // only statements stating clauses so far (Builtin.States)
	for _, s := range b.Stmts {
		r.choiceOK = lead || r.repeatAsk
		lead = lead && r.states(s)
		if st := r.stmt(s, sc); st != nil {
			out = append(out, st)
		}
	}
	r.choiceOK = false
	return out
}

// states reports whether s is a statement that only states a clause of a
// later one (Builtin.States): those before it in an action may precede a
// statement that asks.
func (r *resolver) states(s grammar.Stmt) bool {
	c, ok := s.(*grammar.CallStmt)
	if !ok {
		return false
	}
	v, ok := verbs[c.Verb.Name]
	return ok && v.States
}

func (r *resolver) stmt(s grammar.Stmt, sc *scope) Stmt {
	switch s := s.(type) {
	case *grammar.ForStmt:
		return r.forStmt(s, sc)
	case *grammar.IfStmt:
		return r.ifStmt(s, sc)
	case *grammar.UntilStmt:
		// Where a statement may ask, so may each in the loop: it runs
		// again from the start once answered, as repeating it would.
		saved := r.repeatAsk
		r.repeatAsk = r.repeatAsk || r.choiceOK
		out := &Until{node: node{s.Pos}, Body: r.block(s.Body, sc.child())}
		r.repeatAsk = saved
		return out
	case *grammar.LetStmt:
		x := r.expr(s.Value, sc)
		if t := x.Type(); t == Bool || t == Int || t == Player || t == Object {
			return &Let{node: node{s.Pos}, Var: r.declare(s.Name, t, sc), X: x}
		}
		if x.Type() != Invalid {
			r.c.errorf(s.Value.Position(), "let wants an int, bool, player or object value, not %s", x.Type())
		}
		r.declare(s.Name, Invalid, sc)
		return nil
	case *grammar.CallStmt:
		return r.call(s, sc)
	case *grammar.PayStmt:
		r.c.errorf(s.Pos, "pay { ... } is the first statement of an effect with a cost parameter, not a statement of %s", r.what)
	}
	return nil
}

// kindOK reports whether a query may range over kind k here: a kind
// that exists only during a check (the recipients of a division) only in
// the predicates of that check.
func (r *resolver) kindOK(k *Kind, pos grammar.Pos) bool {
	if k.OnlyIn != "" && r.pred != k.OnlyIn {
		r.c.errorf(pos, "%s is the division being checked: a query can range over it only in a %s predicate", k.Name, k.OnlyIn)
		return false
	}
	return true
}

func (r *resolver) forStmt(s *grammar.ForStmt, sc *scope) Stmt {
	k, ok := r.c.kinds[s.Kind.Name]
	if !ok {
		r.c.errorf(s.Kind.Pos, "unknown kind %s (want one of %s)%s", s.Kind.Name, strings.Join(keys(r.c.kinds), ", "), didYouMean(closest(s.Kind.Name, keys(r.c.kinds), 1)))
		return nil
	}
	if !r.kindOK(k, s.Kind.Pos) {
		return nil
	}
	inner := sc.child()
	q := &Query{Kind: k, Var: r.declare(s.Var, k.Var(), inner)}
	if s.Where != nil {
		q.Where = r.typed(s.Where, inner, Bool, "a where condition")
	}
	out := &For{node: node{s.Pos}, Q: q}
	if s.By != nil {
		// A choice: it asks a player, where a blocking verb may.
		r.mayAsk(s.Pos, "a loop chosen by a player")
		out.By = r.typed(s.By, sc, Player, "the player who chooses")
		if s.UpTo != nil {
			out.UpTo = r.typed(s.UpTo, sc, Int, "how many may be chosen")
		}
		out.Rule = r.rule
		r.choiceOK = false
	}
	// A loop that is an action's first statement may ask a player for
	// each match as its body's first statement: the action runs again
	// from the start once answered. A choice asked already must not be
	// asked again: asking is all the body does, or the loop's condition
	// leaves out what the body has done (what it records in a state).
	if r.choiceOK && out.By == nil && (len(s.Body.Stmts) == 1 || len(s.Body.Stmts) > 1 && s.Where != nil) {
		r.choiceFirst = true
	}
	out.Body = r.block(s.Body, inner)
	return out
}

func (r *resolver) ifStmt(s *grammar.IfStmt, sc *scope) *If {
	out := &If{node: node{s.Pos}, Cond: r.typed(s.Cond, sc, Bool, "an if condition")}
	// An if that is its action's first statement may ask a player as
	// the first statement of either branch: nothing has happened before
	// it, so it takes the same branch when the action runs again from the
	// start once answered.
	ask := r.choiceOK
	r.choiceFirst = ask
	out.Then = r.block(s.Then, sc.child())
	switch {
	case s.ElseIf != nil:
		r.choiceOK = ask
		elif := r.ifStmt(s.ElseIf, sc)
		elif.ElseIf = true
		out.Else = []Stmt{elif}
	case s.Else != nil:
		r.choiceFirst = ask
		out.Else = r.block(s.Else, sc.child())
	}
	r.choiceFirst = false
	return out
}

// mayAsk reports an error unless a statement that asks a player (what:
// a blocking verb, a loop chosen by a player) stands where one may: first
// in an action or an effect (which runs again from the start once
// answered).
func (r *resolver) mayAsk(pos grammar.Pos, what string) {
	switch {
	case r.choiceOK:
	case r.what == "action" || r.what == "mechanism" || r.what == "an effect":
		r.c.errorf(pos, "%s asks a player to choose: it must be the first statement of its %s", what, strings.TrimPrefix(r.what, "an "))
	default:
		r.c.errorf(pos, "%s asks a player to choose: it is allowed only in an action or an effect, not in %s", what, r.what)
	}
}

func (r *resolver) call(s *grammar.CallStmt, sc *scope) Stmt {
	if s.Verb.Name == "put_on_stack" || s.Verb.Name == "put_triggered" {
		return r.putOnStack(s, sc)
	}
	v, ok := verbs[s.Verb.Name]
	if !ok {
		if how, gone := removedVerbs[s.Verb.Name]; gone {
			r.c.errorf(s.Verb.Pos, "%s is no longer a statement: %s (rules/combat.mtg shows how)", s.Verb.Name, how)
			return nil
		}
		r.c.errorf(s.Verb.Pos, "unknown statement %s%s", s.Verb.Name, didYouMean(closest(s.Verb.Name, keys(verbs), 2)))
		return nil
	}
	v, sargs := r.heldVerb(v, s.Args)
	if v == nil {
		return nil
	}
	if v.Blocking {
		r.mayAsk(s.Pos, s.Verb.Name)
	}
	if v.States {
		r.stated = append(r.stated, v.Name)
	}
	if v.Needs != "" && !slices.Contains(r.stated, v.Needs) {
		r.c.errorf(s.Verb.Pos, "%s needs a %s clause stated before it in its %s: without one nothing could be declared", s.Verb.Name, v.Needs, strings.TrimPrefix(r.what, "an "))
	}
	if len(sargs) != len(v.Params) {
		r.c.errorf(s.Verb.Pos, "%s takes %d argument(s) (%s), not %d", s.Verb.Name, len(v.Params), typeList(v.Params), len(s.Args))
		return nil
	}
	var args []Expr
	if v.Name == s.Verb.Name {
		args, _ = r.args(v, sargs, sc)
	} else { // set_number p, S, n standing for set_player_number: its arguments, as written
		skip := len(s.Args) - len(sargs)
		for i, a := range sargs {
			args = append(args, r.arg(a, v.Params[i], sc, s.Verb.Name, i+1+skip))
		}
	}
	r.stateArgs(v, args)
	if v.TokenArg > 0 {
		r.tokenArg(v, s.Args[v.TokenArg-1])
	}
	return &Do{node: node{s.Pos}, B: v, Args: args, Rule: r.rule}
}

// tokenArg checks that e, an argument of verb v, names a token the
// program declares.
func (r *resolver) tokenArg(v *Builtin, e grammar.Expr) {
	s, ok := e.(*grammar.StringLit)
	if !ok {
		r.c.errorf(e.Position(), "argument %d of %s names a token the rules declare: write its name, \"Soldier Token\"", v.TokenArg, v.Name)
		return
	}
	var names []string
	for _, c := range r.c.cards {
		if c.decl != nil && c.decl.Token {
			if c.Name == s.Value {
				return
			}
			names = append(names, c.Name)
		}
	}
	if len(names) == 0 {
		r.c.errorf(s.Pos, "%s: no token %q: the rules declare no token (token IDENT %q {...} declares one)", v.Name, s.Value, s.Value)
		return
	}
	r.c.errorf(s.Pos, "%s: no token %q (the rules declare %s)%s", v.Name, s.Value, strings.Join(names, ", "), didYouMean(closest(s.Value, names, 3)))
}

func typeList(ts []Type) string {
	var s []string
	for _, t := range ts {
		s = append(s, t.String())
	}
	return strings.Join(s, ", ")
}

// arg checks an argument; enum arguments are names, not expressions.
func (r *resolver) arg(e grammar.Expr, want Type, sc *scope, verb string, n int) Expr {
	if want == EventT {
		return r.eventArg(e, n, verb)
	}
	list, what := r.c.enumOf(want)
	if what == "" {
		return r.typed(e, sc, want, fmt.Sprintf("argument %d of %s", n, verb))
	}
	names := make([]string, len(list))
	for i := range list {
		names[i] = list[i].Name
	}
	sortStrings(names)
	find := func(name string) Expr {
		for i := range list {
			if list[i].Name == name {
				return &EnumLit{typed: mk(e.Position(), want), E: &list[i]}
			}
		}
		return nil
	}
	if id, ok := e.(*grammar.Ident); ok {
		if x := find(id.Name); x != nil {
			return x
		}
		r.c.errorf(id.Pos, "unknown %s %s (want one of %s)%s", what, id.Name, strings.Join(names, ", "), didYouMean(closest(id.Name, names, 1)))
		return bad(e.Position())
	}
	if s, ok := e.(*grammar.StringLit); ok && want == Counter {
		if x := find(s.Value); x != nil {
			return x
		}
		r.c.errorf(s.Pos, "unknown counter kind %q (the rules declare %s; declare it: counter %q)", s.Value, strings.Join(names, ", "), s.Value)
		return bad(e.Position())
	}
	r.c.errorf(e.Position(), "argument %d of %s must be a %s name", n, verb, what)
	return bad(e.Position())
}

// zeroUnless reports kinds such that e is zero (false) unless one of the
// rules' predicates of one of them holds: holding(K, ...) and holds(K,
// ...) of a kind any one of which holds, their sums and disjunctions, and
// a conjunction or product with such a side. ok is false for any other e.
func zeroUnless(e Expr) (kinds []*PredKind, ok bool) {
	switch e := e.(type) {
	case *Paren:
		return zeroUnless(e.X)
	case *Holding:
		return []*PredKind{e.Pred}, true
	case *Holds:
		if !e.Pred.All() {
			return []*PredKind{e.Pred}, true
		}
	case *Binary:
		switch e.Op {
		case OpOr, OpAdd:
			a, okA := zeroUnless(e.X)
			b, okB := zeroUnless(e.Y)
			if okA && okB {
				return append(a, b...), true
			}
		case OpAnd, OpMul:
			if a, ok := zeroUnless(e.X); ok {
				return a, true
			}
			return zeroUnless(e.Y)
		}
	}
	return nil, false
}

// fnIs reports the kind and the evaluation a function of the rules whose
// expression e, over params, is exactly holds(K, params...), holding(K,
// params...) or K(params...) (a value): what the runtime may evaluate
// without calling it. Op 0: none.
func fnIs(e Expr, params []*Var) (*PredKind, rt.FnOp) {
	same := func(args ...Expr) bool {
		if len(args) != len(params) {
			return false
		}
		for i, a := range args {
			if v, ok := a.(*VarRef); !ok || v.Var != params[i] {
				return false
			}
		}
		return true
	}
	switch e := e.(type) {
	case *Holds:
		if args := []Expr{e.X}; e.Y == nil && same(args...) || e.Y != nil && same(e.X, e.Y) {
			return e.Pred, rt.FnHolds
		}
	case *Holding:
		if args := []Expr{e.X}; e.Y == nil && same(args...) || e.Y != nil && same(e.X, e.Y) {
			return e.Pred, rt.FnHolding
		}
	case *PredValue:
		if same(e.Args...) {
			return e.Pred, rt.FnValue
		}
	}
	return nil, 0
}
