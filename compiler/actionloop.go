package compiler

import (
	"fmt"
	"strings"
)

// The compiled loop of an action's require lines: next_NAME finds, from a
// position in a list of objects, the next object (and, for an action of
// abilities, the next of its abilities) for which every line holds
// (Requirements.Next). What reads no object is evaluated once per call,
// before the loop: a line that reads no object decides for every object,
// and the parts of a line that read neither x nor ability are hoisted
// into variables (v_0_hoisted...).

// actionNext writes the next function of action m, named name.
func (w *writer) actionNext(m *Mechanism, name string, abilities bool) {
	var pre, body strings.Builder
	var hoisted []string
	for _, q := range m.Requires {
		if q.NoObject {
			fmt.Fprintf(&pre, "if !(%s) {\nreturn -1, 0\n}\n", goExpr(q.Cond))
			continue
		}
		e := hoistExpr(q.Cond, m.Player, &hoisted)
		fmt.Fprintf(&body, "if !(%s) {\ncontinue\n}\n", goExpr(e))
	}
	for i, h := range hoisted {
		fmt.Fprintf(&pre, "%s := %s\n", goVar(hoistName(i)), h)
	}
	x, ab := m.X.GoName(), m.Ability.GoName()
	fmt.Fprintf(&w.fns, "// %s is the next object of objs from position from (and ability, from\n// ability from_ability) for which %s's require lines hold, or -1.\n", name, m.Name)
	fmt.Fprintf(&w.fns, "func %s(g rt.Exec, %s int, objs []rt.ObjID, from int, from_ability int32) (int, int32) {\n", name, m.Player.GoName())
	fmt.Fprintf(&w.fns, "if from >= len(objs) {\nreturn -1, 0\n}\n%s", pre.String())
	if abilities {
		fmt.Fprintf(&w.fns, "for i := from; i < len(objs); i++ {\n%s := objs[i]\n%s := int32(0)\nif i == from {\n%[2]s = from_ability\n}\nfor n := g.NumAbilities(%[1]s); %[2]s < n; %[2]s++ {\n%s\nreturn i, %[2]s\n}\n}\nreturn -1, 0\n}\n\n", x, ab, body.String())
		return
	}
	fmt.Fprintf(&w.fns, "for i := from; i < len(objs); i++ {\n%s := objs[i]\n%s := int32(-1)\n_ = %[2]s\n%s\nreturn i, -1\n}\nreturn -1, 0\n}\n\n", x, ab, body.String())
}

// hoistName is the name of the i-th hoisted value: no .mtg identifier
// (they begin with a letter), so that it collides with no variable.
func hoistName(i int) string { return fmt.Sprintf("%d_hoisted", i) }

// hoistExpr is e with its largest parts that read no variable but player
// (and are not constants or variables themselves) replaced by the
// variables hoistName(0), hoistName(1)... whose Go expressions it appends to hoisted.
func hoistExpr(e Expr, player *Var, hoisted *[]string) Expr {
	if hoistable(e, player) {
		v := &Var{Name: hoistName(len(*hoisted)), T: e.Type()}
		*hoisted = append(*hoisted, goExpr(e))
		return &VarRef{typed: typed{T: e.Type()}, Var: v}
	}
	switch e := e.(type) {
	case *Holds:
		if e.Y == nil && !e.Pred.All() && !hoistable(e.X, player) {
			// The card types the predicates of its kind may hold for,
			// once: an object of none is refused without a call.
			v := &Var{Name: hoistName(len(*hoisted)), T: Int}
			*hoisted = append(*hoisted, fmt.Sprintf("g.PredTypes(%s)", e.Pred.Const()))
			return &typedHolds{Holds: e, Types: v}
		}
	case *Paren:
		c := *e
		c.X = hoistExpr(e.X, player, hoisted)
		return &c
	case *Unary:
		c := *e
		c.X = hoistExpr(e.X, player, hoisted)
		return &c
	case *Binary:
		if e.Op == OpAnd || e.Op == OpOr {
			c := *e
			c.X = hoistExpr(e.X, player, hoisted)
			c.Y = hoistExpr(e.Y, player, hoisted)
			return &c
		}
	}
	return e
}

// hoistable reports whether e may be evaluated once for every object: it
// reads no variable but player, and it is worth a variable (not a
// constant, a variable or a parenthesis).
func hoistable(e Expr, player *Var) bool {
	switch e.(type) {
	case *Lit, *VarRef, *EnumLit, *Paren:
		return false
	}
	ok := true
	eachExpr(e, func(x Expr) {
		if v, isVar := x.(*VarRef); isVar && v.Var != player {
			ok = false
		}
	})
	return ok
}

// typedHolds is holds(KIND, x) behind the test of x's card types against
// those the predicates of KIND may hold for (Types, hoisted).
type typedHolds struct {
	*Holds
	Types *Var
}

func (h *typedHolds) goExpr() string {
	return fmt.Sprintf("(rt.ObjIs(g, %s, %s) && %s)", goExpr(h.X), h.Types.GoName(), goExpr(h.Holds))
}
