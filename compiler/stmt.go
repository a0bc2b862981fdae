package compiler

import (
	"fmt"
	"strings"

	"github.com/mtgc-dev/mtgc/grammar"
)

// scope maps .mtg variables to their types and Go names. Go names are the
// .mtg names (checked to be identifiers) behind a prefix, so that no .mtg
// name can collide with a Go keyword or with generated names.
type scope struct {
	parent *scope
	vars   map[string]Type
}

func newScope() *scope { return &scope{vars: map[string]Type{}} }

func (s *scope) child() *scope { return &scope{parent: s, vars: map[string]Type{}} }

func (s *scope) lookup(name string) (Type, bool) {
	for ; s != nil; s = s.parent {
		if t, ok := s.vars[name]; ok {
			return t, true
		}
	}
	return Invalid, false
}

func (s *scope) declare(name string, t Type) string {
	s.vars[name] = t
	return goVar(name)
}

func goVar(name string) string { return "v_" + name }

// reserved names cannot be variables: they are builtins.
var reserved = map[string]bool{"active": true, "game": true, "true": true, "false": true}

// gen translates statements and expressions to Go.
type gen struct {
	c        *checker
	rule     string // the rule events cite
	choiceOK bool
	// choiceFirst: the block is an action's, whose first statement may
	// ask a player (the action runs again from the start once answered).
	choiceFirst bool
	what        string
	pred        string // the kind of the predicate being checked, if any
	position    bool   // the code read the game's position (active, game.*)
}

func (g *gen) block(b *grammar.Block, sc *scope) string {
	var w strings.Builder
	first := g.choiceFirst
	g.choiceFirst = false
	for i, s := range b.Stmts {
		g.choiceOK = first && i == 0
		w.WriteString(g.stmt(s, sc))
		w.WriteByte('\n')
	}
	g.choiceOK = false
	return w.String()
}

func (g *gen) declare(id grammar.Ident, t Type, sc *scope) string {
	if !g.c.name(id, "variable") {
		return "_"
	}
	if reserved[id.Name] {
		g.c.errorf(id.Pos, "%s is a builtin name and cannot be a variable", id.Name)
	} else if _, ok := sc.lookup(id.Name); ok {
		g.c.errorf(id.Pos, "variable %s already declared in an enclosing scope", id.Name)
	}
	return sc.declare(id.Name, t)
}

func (g *gen) stmt(s grammar.Stmt, sc *scope) string {
	switch s := s.(type) {
	case *grammar.ForStmt:
		return g.forStmt(s, sc)
	case *grammar.IfStmt:
		return g.ifStmt(s, sc)
	case *grammar.LetStmt:
		code, t := g.expr(s.Value, sc)
		if t == Bool || t == Int || t == Player || t == Object {
			v := g.declare(s.Name, t, sc)
			return fmt.Sprintf("%s := %s\n_ = %s", v, code, v)
		}
		if t != Invalid {
			g.c.errorf(s.Value.Position(), "let wants an int, bool, player or object value, not %s", t)
		}
		g.declare(s.Name, Invalid, sc)
		return ""
	case *grammar.CallStmt:
		return g.call(s, sc)
	}
	return ""
}

func (g *gen) forStmt(s *grammar.ForStmt, sc *scope) string {
	k, ok := kinds[s.Kind.Name]
	if !ok {
		g.c.errorf(s.Kind.Pos, "unknown kind %s (want one of %s)%s", s.Kind.Name, strings.Join(keys(kinds), ", "), didYouMean(closest(s.Kind.Name, keys(kinds), 1)))
		return ""
	}
	inner := sc.child()
	t := Object
	if k.over == "OverPlayers" {
		t = Player
	}
	v := g.declare(s.Var, t, inner)
	cond := "true"
	if s.Where != nil {
		cond = g.c.typedIn(g, s.Where, inner, Bool, "a where condition")
	}
	// A loop that is an action's first statement may ask a player for
	// each match when asking is all it does: the action runs again from
	// the start once answered, and the choice asked already is not asked
	// again.
	if g.choiceOK && len(s.Body.Stmts) == 1 {
		g.choiceFirst = true
	}
	body := g.block(s.Body, inner)
	var w strings.Builder
	w.WriteString("{\n")
	// `for each attacker a where blocks(b, a) ...` (b named outside the
	// loop): the attackers b blocks are listed first, so that each
	// attacker, in the loop's order still, is tested against that short
	// list before the condition runs (not every attacker against every
	// block).
	blocker := blockedByFilter(k, s, sc)
	if blocker != "" {
		fmt.Fprintf(&w, "blk_%s := g.Mark()\ng.PushBlockedBy(%s)\n", v, blocker)
	}
	w.WriteString("mark := g.Mark()\n")
	switch {
	case k.over == "OverPlayers":
		fmt.Fprintf(&w, "g.PushPlayers()\nn := 0\nfor _, x := range g.Selected(mark) {\n%s := int(x)\n_ = %[1]s\nif %s {\ng.Selected(mark)[n] = x\nn++\n}\n}\ng.Release(mark + n)\n", v, cond)
	case blocker != "":
		cond = fmt.Sprintf("g.InScratch(blk_%s, mark, %[1]s) && (%s)", v, cond)
		w.WriteString(loopOver(k, v, cond, "g.Push(int32("+v+"))"))
	default:
		w.WriteString(loopOver(k, v, cond, "g.Push(int32("+v+"))"))
	}
	conv := "x"
	if t == Player {
		conv = "int(x)"
	}
	fmt.Fprintf(&w, "for _, x := range g.Selected(mark) {\n%s := %s\n_ = %s\n%s}\ng.Release(mark)\n", v, conv, v, body)
	if blocker != "" {
		fmt.Fprintf(&w, "g.Release(blk_%s)\n", v)
	}
	w.WriteString("}")
	return w.String()
}

// blockedByFilter returns the Go name of b when loop s is `for each
// attacker a where blocks(b, a) [and ...]` with b a variable of an
// enclosing scope, else "".
func blockedByFilter(k kind, s *grammar.ForStmt, sc *scope) string {
	if k.over != "OverAttackers" || s.Where == nil {
		return ""
	}
	call, ok := leftmostAnd(s.Where).(*grammar.CallExpr)
	if !ok || call.Fun.Name != "blocks" || len(call.Args) != 2 {
		return ""
	}
	b, ok1 := call.Args[0].(*grammar.Ident)
	a, ok2 := call.Args[1].(*grammar.Ident)
	if !ok1 || !ok2 || a.Name != s.Var.Name || b.Name == s.Var.Name {
		return ""
	}
	if t, ok := sc.lookup(b.Name); !ok || t != Object {
		return ""
	}
	return goVar(b.Name)
}

func (g *gen) ifStmt(s *grammar.IfStmt, sc *scope) string {
	cond := g.c.typedIn(g, s.Cond, sc, Bool, "an if condition")
	out := fmt.Sprintf("if %s {\n%s}", cond, g.block(s.Then, sc.child()))
	switch {
	case s.ElseIf != nil:
		out += " else " + g.ifStmt(s.ElseIf, sc)
	case s.Else != nil:
		out += fmt.Sprintf(" else {\n%s}", g.block(s.Else, sc.child()))
	}
	return out
}

func (g *gen) call(s *grammar.CallStmt, sc *scope) string {
	if s.Verb.Name == "put_on_stack" {
		return g.putOnStack(s, sc)
	}
	v, ok := verbs[s.Verb.Name]
	if !ok {
		if how, gone := removedVerbs[s.Verb.Name]; gone {
			g.c.errorf(s.Verb.Pos, "%s is no longer a statement: %s (rules/combat.mtg shows how)", s.Verb.Name, how)
			return ""
		}
		g.c.errorf(s.Verb.Pos, "unknown statement %s%s", s.Verb.Name, didYouMean(closest(s.Verb.Name, keys(verbs), 2)))
		return ""
	}
	if v.blocking && !g.choiceOK {
		if g.what == "action" {
			g.c.errorf(s.Pos, "%s asks a player to choose: it must be the first statement of its action", s.Verb.Name)
		} else {
			g.c.errorf(s.Pos, "%s asks a player to choose: it is allowed only in an action, not in %s", s.Verb.Name, g.what)
		}
	}
	if len(s.Args) != len(v.args) {
		g.c.errorf(s.Verb.Pos, "%s takes %d argument(s) (%s), not %d", s.Verb.Name, len(v.args), typeList(v.args), len(s.Args))
		return ""
	}
	args := make([]any, 0, len(v.args)+1)
	for i, a := range s.Args {
		args = append(args, g.arg(a, v.args[i], sc, s.Verb.Name, i+1))
	}
	args = append(args, quote(g.rule))
	return fmt.Sprintf(v.code, args...)
}

func typeList(ts []Type) string {
	var s []string
	for _, t := range ts {
		s = append(s, t.String())
	}
	return strings.Join(s, ", ")
}

// arg translates a verb argument; enum arguments are names, not expressions.
func (g *gen) arg(e grammar.Expr, want Type, sc *scope, verb string, n int) string {
	enum := func(m map[string]string, what string) string {
		if id, ok := e.(*grammar.Ident); ok {
			if code, ok := m[id.Name]; ok {
				return code
			}
			g.c.errorf(id.Pos, "unknown %s %s (want one of %s)%s", what, id.Name, strings.Join(keys(m), ", "), didYouMean(closest(id.Name, keys(m), 1)))
			return "0"
		}
		if s, ok := e.(*grammar.StringLit); ok && what == "counter kind" {
			if code, ok := m[s.Value]; ok {
				return code
			}
			g.c.errorf(s.Pos, "unknown counter kind %q (want one of %s)", s.Value, strings.Join(keys(m), ", "))
			return "0"
		}
		g.c.errorf(e.Position(), "argument %d of %s must be a %s name", n, verb, what)
		return "0"
	}
	switch want {
	case ZoneT:
		return enum(zones, "zone")
	case EndT:
		return enum(endings, "ending")
	case Counter:
		return enum(counters, "counter kind")
	case EventT:
		return enum(events, "trigger event")
	}
	return g.c.typedIn(g, e, sc, want, fmt.Sprintf("argument %d of %s", n, verb))
}

func (c *checker) typedIn(g *gen, e grammar.Expr, sc *scope, want Type, what string) string {
	code, t := g.expr(e, sc)
	if t != Invalid && t != want {
		c.errorf(e.Position(), "%s must be %s, not %s", what, want, t)
	}
	return code
}
