package compiler

import (
	"fmt"
	"strings"

	"github.com/mtgc-dev/mtgc/grammar"
	rt "github.com/mtgc-dev/mtgc/runtime"
)

// expr translates an expression to Go and returns its type. On error it
// reports once and returns Invalid, which silences errors about the parts
// that contain it.
func (g *gen) expr(e grammar.Expr, sc *scope) (string, Type) {
	c := g.c
	switch e := e.(type) {
	case *grammar.IntLit:
		if e.Value > 1<<30 {
			c.errorf(e.Pos, "%s is too large", e.Text)
			return "0", Invalid
		}
		return fmt.Sprint(e.Value), Int
	case *grammar.StringLit:
		return quote(e.Value), Str
	case *grammar.ParenExpr:
		code, t := g.expr(e.X, sc)
		return "(" + code + ")", t
	case *grammar.Ident:
		return g.ident(e, sc)
	case *grammar.Unary:
		code, t := g.expr(e.X, sc)
		switch {
		case t == Invalid:
			return "", Invalid
		case e.Op == "not" && t == Bool:
			return "!(" + code + ")", Bool
		case e.Op == "-" && t == Int:
			return "-(" + code + ")", Int
		}
		c.errorf(e.Pos, "%s cannot apply to %s", e.Op, t)
		return "", Invalid
	case *grammar.Binary:
		return g.binary(e, sc)
	case *grammar.Selector:
		return g.selector(e, sc)
	case *grammar.HasExpr:
		x, t := g.expr(e.X, sc)
		k, ok := c.keywords[e.Keyword.Name]
		if !ok {
			c.errorf(e.Keyword.Pos, "unknown keyword %s%s", e.Keyword.Name, didYouMean(closest(e.Keyword.Name, keys(c.keywords), 1)))
			return "", Invalid
		}
		if t == Invalid {
			return "", Invalid
		}
		if t != Object {
			c.errorf(e.Pos, "only objects have keywords, not %s", t)
			return "", Invalid
		}
		return fmt.Sprintf("g.HasKeyword(%s, %s)", x, keywordConst(c.p.Keywords[k].Name)), Bool
	case *grammar.CallExpr:
		return g.callExpr(e, sc)
	case *grammar.CondExpr:
		return g.condExpr(e, sc)
	}
	c.errorf(e.Position(), "unsupported expression")
	return "", Invalid
}

func keywordConst(name string) string { return "kw_" + name }

// goTypes are the Go types of the values of expressions.
var goTypes = map[Type]string{Int: "int32", Bool: "bool", Player: "int", Object: "rt.ObjID", Str: "string"}

// condExpr translates `if C then A else B` to a function literal the Go
// compiler inlines: only the branch taken is evaluated.
func (g *gen) condExpr(e *grammar.CondExpr, sc *scope) (string, Type) {
	cond := g.c.typedIn(g, e.Cond, sc, Bool, "the condition of if ... then ... else")
	a, ta := g.expr(e.Then, sc)
	b, tb := g.expr(e.Else, sc)
	if ta == Invalid || tb == Invalid {
		return "", Invalid
	}
	gt, ok := goTypes[ta]
	if ta != tb || !ok {
		g.c.errorf(e.Pos, "the branches of if ... then ... else must have the same type (of a value), not %s and %s", ta, tb)
		return "", Invalid
	}
	return fmt.Sprintf("func() %s {\nif %s {\nreturn %s\n}\nreturn %s\n}()", gt, cond, a, b), ta
}

func (g *gen) ident(e *grammar.Ident, sc *scope) (string, Type) {
	if t, ok := sc.lookup(e.Name); ok {
		return goVar(e.Name), t
	}
	switch e.Name {
	case "active":
		g.position = true
		return "g.Active", Player
	case "game":
		g.position = true
		return "", Game
	case "true":
		return "true", Bool
	case "false":
		return "false", Bool
	}
	var names []string
	for s := sc; s != nil; s = s.parent {
		names = append(names, keys(s.vars)...)
	}
	names = append(names, "active", "game")
	g.c.errorf(e.Pos, "undefined: %s%s", e.Name, didYouMean(closest(e.Name, names, 1)))
	return "", Invalid
}

func (g *gen) selector(e *grammar.Selector, sc *scope) (string, Type) {
	x, t := g.expr(e.X, sc)
	var table map[string]attr
	switch t {
	case Invalid:
		return "", Invalid
	case Object:
		table = objectAttrs
	case Player:
		table = playerAttrs
	case Game:
		table = gameAttrs
	default:
		g.c.errorf(e.Sel.Pos, "%s has no attributes", t)
		return "", Invalid
	}
	a, ok := table[e.Sel.Name]
	if _, kw := g.c.keywords[e.Sel.Name]; !ok && kw && t == Object {
		g.c.errorf(e.Sel.Pos, "object has no attribute %s (%s is a keyword: write %s has %s)", e.Sel.Name, e.Sel.Name, grammar.FormatNode(e.X), e.Sel.Name)
		return "", Invalid
	}
	if !ok {
		g.c.errorf(e.Sel.Pos, "%s has no attribute %s%s", t, e.Sel.Name, didYouMean(closest(e.Sel.Name, keys(table), 2)))
		return "", Invalid
	}
	if t == Game {
		return a.code, a.t
	}
	return fmt.Sprintf(a.code, x), a.t
}

var goOps = map[string]string{"or": "||", "and": "&&", "==": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">=", "+": "+", "-": "-", "*": "*"}

func (g *gen) binary(e *grammar.Binary, sc *scope) (string, Type) {
	x, tx := g.expr(e.X, sc)
	y, ty := g.expr(e.Y, sc)
	op, ok := goOps[e.Op]
	if !ok {
		g.c.errorf(e.Pos, "unknown operator %s", e.Op)
		return "", Invalid
	}
	if tx == Invalid || ty == Invalid {
		return "", Invalid
	}
	code := x + " " + op + " " + y
	switch e.Op {
	case "or", "and":
		if tx == Bool && ty == Bool {
			return code, Bool
		}
	case "==", "!=":
		if tx == ty && (tx == Int || tx == Bool || tx == Player || tx == Object || tx == Str) {
			return code, Bool
		}
	case "<", "<=", ">", ">=":
		if tx == Int && ty == Int {
			return code, Bool
		}
	default:
		if tx == Int && ty == Int {
			return code, Int
		}
	}
	g.c.errorf(e.Pos, "mismatched types %s %s %s", tx, e.Op, ty)
	return "", Invalid
}

func (g *gen) callExpr(e *grammar.CallExpr, sc *scope) (string, Type) {
	switch e.Fun.Name {
	case "min", "max":
		if len(e.Args) < 2 {
			g.c.errorf(e.Pos, "%s takes at least 2 arguments", e.Fun.Name)
			return "", Invalid
		}
		var args []string
		for i, a := range e.Args {
			args = append(args, g.c.typedIn(g, a, sc, Int, fmt.Sprintf("argument %d of %s", i+1, e.Fun.Name)))
		}
		return e.Fun.Name + "(" + strings.Join(args, ", ") + ")", Int
	case "counters":
		if len(e.Args) != 2 {
			g.c.errorf(e.Pos, "counters takes 2 arguments (object, \"kind\")")
			return "", Invalid
		}
		x := g.c.typedIn(g, e.Args[0], sc, Object, "argument 1 of counters")
		k := g.arg(e.Args[1], Counter, sc, "counters", 2)
		return fmt.Sprintf("g.Objs[%s].Counters[%s]", x, k), Int
	case "subtype":
		if len(e.Args) != 2 {
			g.c.errorf(e.Pos, "subtype takes 2 arguments (object, \"subtype\")")
			return "", Invalid
		}
		x := g.c.typedIn(g, e.Args[0], sc, Object, "argument 1 of subtype")
		s := g.c.typedIn(g, e.Args[1], sc, Str, "argument 2 of subtype")
		return fmt.Sprintf("g.HasSubtype(%s, %s)", x, s), Bool
	case "shares_subtype", "blocks":
		// blocks(b, a): blocker b blocks attacker a.
		if len(e.Args) != 2 {
			g.c.errorf(e.Pos, "%s takes 2 objects", e.Fun.Name)
			return "", Invalid
		}
		x := g.c.typedIn(g, e.Args[0], sc, Object, "argument 1 of "+e.Fun.Name)
		y := g.c.typedIn(g, e.Args[1], sc, Object, "argument 2 of "+e.Fun.Name)
		method := map[string]string{"shares_subtype": "SharesSubtype", "blocks": "BlocksAttacker"}[e.Fun.Name]
		return fmt.Sprintf("g.%s(%s, %s)", method, x, y), Bool
	case "began", "ended", "during":
		return g.segmentQuery(e)
	case "holds":
		// holds(KIND, x): the rules' predicates of KIND hold for x, as the
		// runtime reads them; not inside a predicate (no predicate reads
		// another, so none can loop).
		return g.holds(e, sc)
	case "assigns":
		// assigns(s): the value of assigns_damage.
		if len(e.Args) != 1 {
			g.c.errorf(e.Pos, "assigns takes 1 object")
			return "", Invalid
		}
		if g.pred == "assigns_damage" || g.pred == "lethal_damage" {
			g.c.errorf(e.Pos, "assigns() can't be used in %s: assigns_damage and lethal_damage may not read each other", g.pred)
			return "", Invalid
		}
		return fmt.Sprintf("g.Assigns(%s)", g.c.typedIn(g, e.Args[0], sc, Object, "argument 1 of assigns")), Int
	case "assigning", "lethal":
		// assigning(s, b): the damage s is dividing to b in the division
		// being checked; lethal(s, b): the value of lethal_damage.
		if len(e.Args) != 2 {
			g.c.errorf(e.Pos, "%s takes 2 objects (source, recipient)", e.Fun.Name)
			return "", Invalid
		}
		if e.Fun.Name == "lethal" && g.pred == "lethal_damage" {
			g.c.errorf(e.Pos, "lethal() can't be used in lethal_damage, which defines it")
			return "", Invalid
		}
		if e.Fun.Name == "lethal" && g.pred == "assigns_damage" {
			g.c.errorf(e.Pos, "lethal() can't be used in assigns_damage: assigns_damage and lethal_damage may not read each other")
			return "", Invalid
		}
		s := g.c.typedIn(g, e.Args[0], sc, Object, "argument 1 of "+e.Fun.Name)
		b := g.c.typedIn(g, e.Args[1], sc, Object, "argument 2 of "+e.Fun.Name)
		method := map[string]string{"assigning": "Assigning", "lethal": "Lethal"}[e.Fun.Name]
		return fmt.Sprintf("g.%s(%s, %s)", method, s, b), Int
	case "count":
		return g.count(e, sc)
	case "any", "all", "sum":
		return g.quantifier(e, sc)
	case "keeps":
		return g.keeps(e, sc)
	case "chosen":
		return g.chosen(e, sc)
	}
	g.c.errorf(e.Fun.Pos, "unknown function %s%s", e.Fun.Name, didYouMean(closest(e.Fun.Name, functions, 1)))
	return "", Invalid
}

var functions = []string{"all", "any", "assigning", "assigns", "began", "blocks", "chosen", "count", "counters", "during", "ended", "holds", "keeps", "lethal", "max", "min", "shares_subtype", "subtype", "sum"}

// segmentQuery: began(S) and ended(S), whether step or phase S has begun
// (ended) this turn; during(S), whether the game is in it now.
func (g *gen) segmentQuery(e *grammar.CallExpr) (string, Type) {
	var name *grammar.Ident
	if len(e.Args) == 1 {
		name, _ = e.Args[0].(*grammar.Ident)
	}
	if name == nil {
		g.c.errorf(e.Pos, "%s takes the name of a step or phase, e.g. %s(declare_blockers)", e.Fun.Name, e.Fun.Name)
		return "", Invalid
	}
	seg, ok := g.c.segments()[name.Name]
	if !ok {
		g.c.errorf(name.Pos, "unknown step or phase %s%s", name.Name, didYouMean(closest(name.Name, keys(g.c.segments()), 1)))
		return "", Invalid
	}
	g.position = true
	method := map[string]string{"began": "Began", "ended": "Ended", "during": "During"}[e.Fun.Name]
	return fmt.Sprintf("g.%s(%d, %d)", method, seg[0], seg[1]), Bool
}

// keeps(P, x, KIND, v, CONDITION): player P chooses one of the objects of
// KIND for which CONDITION holds (v names each) to keep; true if x is the
// one kept. Allowed only in sba conditions, where the choice is made
// before any result is performed.
func (g *gen) keeps(e *grammar.CallExpr, sc *scope) (string, Type) {
	if g.what != "sba" {
		g.c.errorf(e.Pos, "keeps is allowed only in an sba condition")
		return "", Invalid
	}
	if len(e.Args) != 5 {
		g.c.errorf(e.Pos, "keeps takes 5 arguments: keeps(player, object, KIND, variable, condition)")
		return "", Invalid
	}
	p := g.c.typedIn(g, e.Args[0], sc, Player, "argument 1 of keeps")
	x := g.c.typedIn(g, e.Args[1], sc, Object, "argument 2 of keeps")
	loop, ok := g.query(e.Args[2], e.Args[3], e.Args[4], sc, "keeps", func(v string) string { return "g.Push(int32(" + v + "))" })
	if !ok {
		return "", Invalid
	}
	return fmt.Sprintf("func() bool {\nmark := g.Mark()\n%sk := g.Keeps(%s, g.Selected(mark), %s, %s)\ng.Release(mark)\nreturn k\n}()", loop, p, x, quote(g.rule)), Bool
}

// chosen(P, x, player, v, CONDITION): the player P chooses, for object x,
// among the players for which CONDITION holds (v names each); the only one
// if there is one, no player (-1) if there is none. Allowed only in sbas:
// asked while their conditions are matched, before any result is
// performed, the choice holds for the rest of the check, results included.
func (g *gen) chosen(e *grammar.CallExpr, sc *scope) (string, Type) {
	if g.what != "sba" {
		g.c.errorf(e.Pos, "chosen is allowed only in an sba")
		return "", Invalid
	}
	if len(e.Args) != 5 {
		g.c.errorf(e.Pos, "chosen takes 5 arguments: chosen(player, object, player, variable, condition)")
		return "", Invalid
	}
	if id, ok := e.Args[2].(*grammar.Ident); !ok || id.Name != "player" {
		g.c.errorf(e.Args[2].Position(), "chosen chooses among players: its third argument is the kind player")
		return "", Invalid
	}
	p := g.c.typedIn(g, e.Args[0], sc, Player, "argument 1 of chosen")
	x := g.c.typedIn(g, e.Args[1], sc, Object, "argument 2 of chosen")
	loop, ok := g.query(e.Args[2], e.Args[3], e.Args[4], sc, "chosen", func(v string) string { return "g.Push(int32(" + v + "))" })
	if !ok {
		return "", Invalid
	}
	return fmt.Sprintf("func() int {\nmark := g.Mark()\n%sk := g.ChoosePlayer(%s, g.Selected(mark), %s, %s)\ng.Release(mark)\nreturn k\n}()", loop, p, x, quote(g.rule)), Player
}

// count(KIND, v, CONDITION) counts the objects or players of a kind for
// which the condition holds; v names each in the condition.
func (g *gen) count(e *grammar.CallExpr, sc *scope) (string, Type) {
	if len(e.Args) != 3 {
		g.c.errorf(e.Pos, "count takes 3 arguments: count(KIND, variable, condition)")
		return "", Invalid
	}
	loop, ok := g.query(e.Args[0], e.Args[1], e.Args[2], sc, "count", func(string) string { return "n++" })
	if !ok {
		return "", Invalid
	}
	return "func() int32 {\nn := int32(0)\n" + loop + "return n\n}()", Int
}

// quantifier translates any(KIND, v, COND) (some match), all(KIND, v,
// COND) (every one of the kind matches) and sum(KIND, v, COND, VALUE) (the
// total of VALUE over the matches; v names each in COND and VALUE).
func (g *gen) quantifier(e *grammar.CallExpr, sc *scope) (string, Type) {
	fn := e.Fun.Name
	want := 3
	if fn == "sum" {
		want = 4
	}
	if len(e.Args) != want {
		if fn == "sum" {
			g.c.errorf(e.Pos, "sum takes 4 arguments: sum(KIND, variable, condition, value)")
		} else {
			g.c.errorf(e.Pos, "%s takes 3 arguments: %[1]s(KIND, variable, condition)", fn)
		}
		return "", Invalid
	}
	cond := e.Args[2]
	if fn == "all" {
		// Every one matches: no one fails the condition.
		cond = &grammar.Unary{Pos: cond.Position(), Op: "not", X: &grammar.ParenExpr{Pos: cond.Position(), X: cond}}
	}
	if fn != "sum" {
		found, other := "true", "false" // any: stop at the first match
		if fn == "all" {
			found, other = "false", "true" // all: stop at the first that fails
		}
		loop, ok := g.query(e.Args[0], e.Args[1], cond, sc, fn, func(string) string { return "return " + found })
		if !ok {
			return "", Invalid
		}
		return "func() bool {\n" + loop + "return " + other + "\n}()", Bool
	}
	loop, ok := g.queryIn(e.Args[0], e.Args[1], cond, sc, fn, func(_ string, inner *scope) string {
		return "n += " + g.c.typedIn(g, e.Args[3], inner, Int, "the value of sum")
	})
	if !ok {
		return "", Invalid
	}
	return "func() int32 {\nn := int32(0)\n" + loop + "return n\n}()", Int
}

// query translates "KIND, v, CONDITION" arguments to a loop that runs the
// statement action(v) for each match.
func (g *gen) query(kindE, varE, condE grammar.Expr, sc *scope, fn string, action func(v string) string) (string, bool) {
	return g.queryIn(kindE, varE, condE, sc, fn, func(v string, _ *scope) string { return action(v) })
}

// queryIn is query with an action translated in the query's scope.
func (g *gen) queryIn(kindE, varE, condE grammar.Expr, sc *scope, fn string, action func(v string, inner *scope) string) (string, bool) {
	kid, ok1 := kindE.(*grammar.Ident)
	vid, ok2 := varE.(*grammar.Ident)
	if !ok1 || !ok2 {
		g.c.errorf(kindE.Position(), "%s wants a kind and a variable name, e.g. %s(..., permanent, y, y.legendary)", fn, fn)
		return "", false
	}
	k, ok := kinds[kid.Name]
	if !ok {
		g.c.errorf(kid.Pos, "unknown kind %s%s", kid.Name, didYouMean(closest(kid.Name, keys(kinds), 1)))
		return "", false
	}
	inner := sc.child()
	t := Object
	if k.over == "OverPlayers" {
		t = Player
	}
	v := g.declare(*vid, t, inner)
	cond := g.c.typedIn(g, condE, inner, Bool, "the condition of "+fn)
	return loopOver(k, v, cond, action(v, inner)), true
}

// loopOver is a Go loop running stmt for each object or player of kind k
// (named v) for which cond holds. Players come in seat order.
func loopOver(k kind, v, cond, stmt string) string {
	var w strings.Builder
	switch k.over {
	case "OverPlayers":
		fmt.Fprintf(&w, "for %s := range g.Players {\nif g.Players[%[1]s].Lost {\ncontinue\n}\n", v)
	case "OverAnything":
		fmt.Fprintf(&w, "for i := range g.Objs {\n%s := rt.ObjID(i)\nif g.Objs[%[1]s].Zone == rt.ZoneNone {\ncontinue\n}\n", v)
	case "OverAttackers", "OverBlockers", "OverDeclared", "OverCombatants":
		// Index names of the variable's own: loops nest, and count's
		// total is named n.
		fmt.Fprintf(&w, "for i_%[2]s, n_%[2]s := 0, g.CombatLen(rt.%[1]s); i_%[2]s < n_%[2]s; i_%[2]s++ {\n%[2]s, ok := g.CombatAt(rt.%[1]s, i_%[2]s)\nif !ok {\ncontinue\n}\n", k.over, v)
	default:
		fmt.Fprintf(&w, "for _, %s := range g.Battlefield {\n", v)
		if k.over == "OverPermanents" {
			fmt.Fprintf(&w, "if g.Objs[%s].PhasedOut {\ncontinue\n}\n", v)
		}
		if k.types != "" {
			fmt.Fprintf(&w, "if !g.Is(%s, %s) {\ncontinue\n}\n", v, k.types)
		}
	}
	fmt.Fprintf(&w, "if %s {\n%s\n}\n}\n", cond, stmt)
	return w.String()
}

// holds checks holds(KIND, x): KIND a predicate kind of one object that
// is a condition.
func (g *gen) holds(e *grammar.CallExpr, sc *scope) (string, Type) {
	if len(e.Args) != 2 {
		g.c.errorf(e.Pos, "holds takes a predicate kind and an object, e.g. holds(trample, a)")
		return "", Invalid
	}
	if g.what == "predicate" {
		g.c.errorf(e.Pos, "holds() can't be used in a predicate: a predicate may not read another")
		return "", Invalid
	}
	id, ok := e.Args[0].(*grammar.Ident)
	if !ok {
		g.c.errorf(e.Args[0].Position(), "argument 1 of holds must be a predicate kind")
		return "", Invalid
	}
	k, ok := rt.ParsePredKind(id.Name)
	if !ok || k.Arity() != 1 || k.IsValue() {
		g.c.errorf(id.Pos, "holds wants a predicate kind of one object that is a condition, not %s%s", id.Name, didYouMean(closest(id.Name, predicateNames(), 1)))
		return "", Invalid
	}
	x := g.c.typedIn(g, e.Args[1], sc, Object, "argument 2 of holds")
	return fmt.Sprintf("g.Holds(rt.%s, %s)", predConst(k), x), Bool
}
