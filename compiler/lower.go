package compiler

import (
	"fmt"
	"strings"

	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// The Go back end of the IR: each node becomes the Go expression or
// statements of the engine. It resolves nothing and reports nothing: a
// node it does not know is a checker bug.

func goExpr(e Expr) string {
	switch e := e.(type) {
	case *Lit:
		switch e.T {
		case Int:
			return fmt.Sprint(e.Int)
		case Str:
			return quote(e.Str)
		}
		return fmt.Sprint(e.Bool)
	case *Paren:
		return "(" + goExpr(e.X) + ")"
	case *VarRef:
		return e.Var.GoName()
	case *Active:
		return "g.Active"
	case *Unary:
		return e.Op.Go() + "(" + goExpr(e.X) + ")"
	case *Binary:
		if e.Type() == CostT {
			return "(" + goExpr(e.X) + ").Add(" + goExpr(e.Y) + ")" // costs add
		}
		if e.Sat && (e.Op == OpAdd || e.Op == OpSub) {
			return "rt.Clamp32(" + goWide(e) + ")"
		}
		if e.Sat {
			fn := map[Op]string{OpAdd: "rt.AddSat", OpSub: "rt.SubSat", OpMul: "rt.MulSat"}[e.Op]
			return fn + "(" + goExpr(e.X) + ", " + goExpr(e.Y) + ")"
		}
		return goBinary(e)
	case *CondExpr:
		return goCond(e)
	case *AttrRef:
		if e.X == nil {
			return goCall(e.B, nil, "")
		}
		return goCall(e.B, []Expr{e.X}, "")
	case *Call:
		return goCall(e.B, e.Args, "")
	case *EnumLit:
		if e.E.Local {
			return e.E.Go
		}
		return "rt." + e.E.Go
	case *HasKeyword:
		if e.Var != nil {
			return fmt.Sprintf("g.HasKeyword(%s, int(%s))", goExpr(e.X), e.Var.GoName())
		}
		return fmt.Sprintf("g.HasKeyword(%s, %s)", goExpr(e.X), keywordConst(e.Name))
	case *MinMax:
		fn := "min"
		if e.Max {
			fn = "max"
		}
		return fn + "(" + goList(e.Args) + ")"
	case *Segment:
		method := [...]string{Began: "Began", Ended: "Ended", During: "During"}[e.Fn]
		return fmt.Sprintf("g.%s(%d, %d)", method, e.Phase, e.Step)
	case *typedHolds:
		return e.goExpr()
	case *Holding:
		if e.Y != nil {
			return fmt.Sprintf("g.Holding2(%s, %s, %s)", e.Pred.Const(), predArg(e.Pred, 0, e.X), predArg(e.Pred, 1, e.Y))
		}
		return fmt.Sprintf("g.Holding(%s, %s)", e.Pred.Const(), goExpr(e.X))
	case *Holds:
		if e.Y != nil {
			return fmt.Sprintf("g.Holds2(%s, %s, %s)", e.Pred.Const(), predArg(e.Pred, 0, e.X), predArg(e.Pred, 1, e.Y))
		}
		return fmt.Sprintf("g.Holds(%s, %s)", e.Pred.Const(), goExpr(e.X))
	case *PredValue:
		if len(e.Args) == 2 {
			return fmt.Sprintf("g.PredValue2(%s, %s, %s)", e.Pred.Const(), predArg(e.Pred, 0, e.Args[0]), predArg(e.Pred, 1, e.Args[1]))
		}
		if e.T == Player {
			return fmt.Sprintf("int(g.PredValue(%s, %s))", e.Pred.Const(), predArg(e.Pred, 0, e.Args[0]))
		}
		return fmt.Sprintf("g.PredValue(%s, %s)", e.Pred.Const(), predArg(e.Pred, 0, e.Args[0]))
	case *Quant:
		return goQuant(e)
	case *Choice:
		loop := goLoop(e.Q, goExpr(e.Q.Where), "g.Push(int32("+e.Q.Var.GoName()+"))")
		if e.Chosen {
			return fmt.Sprintf("func() int {\nmark := g.Mark()\n%sk := g.ChoosePlayer(%s, g.Selected(mark), %s, %s)\ng.Release(mark)\nreturn k\n}()", loop, goExpr(e.P), goExpr(e.X), quote(e.Rule))
		}
		return fmt.Sprintf("func() bool {\nmark := g.Mark()\n%sk := g.Keeps(%s, g.Selected(mark), %s, %s)\ng.Release(mark)\nreturn k\n}()", loop, goExpr(e.P), goExpr(e.X), quote(e.Rule))
	}
	panic(fmt.Sprintf("compiler: no Go for %T (a checker bug)", e))
}

// goTypes are the Go types of the values of expressions.
var goTypes = map[Type]string{Int: "int32", Bool: "bool", Player: "int", Object: "rt.ObjID", Str: "string", CostT: "rt.Cost"}

func keywordConst(name string) string { return "kw_" + name }

func goList(es []Expr) string {
	s := make([]string, len(es))
	for i, e := range es {
		s[i] = goExpr(e)
	}
	return strings.Join(s, ", ")
}

// goCall calls a row's runtime function: g.M(args) or rt.F(g, args), the
// cited rule last for a verb.
func goCall(b *Builtin, args []Expr, rule string) string {
	list := goList(args)
	if b.Form == Verb {
		if list != "" {
			list += ", "
		}
		list += quote(rule)
	}
	if !b.Method {
		if list == "" {
			list = "g"
		} else {
			list = "g, " + list
		}
	}
	return b.Go + "(" + list + ")"
}

func goQuant(e *Quant) string {
	cond := goExpr(e.Q.Where)
	switch e.Fn {
	case Count:
		return "func() int32 {\nn := int32(0)\n" + goLoop(e.Q, cond, "n++") + "return n\n}()"
	case Sum:
		return "func() int32 {\nn := int32(0)\n" + goLoop(e.Q, cond, "n += "+goExpr(e.Val)) + "return n\n}()"
	case All:
		// Every one matches: no one fails the condition.
		return "func() bool {\n" + goLoop(e.Q, "!(("+cond+"))", "return false") + "return true\n}()"
	}
	return "func() bool {\n" + goLoop(e.Q, cond, "return true") + "return false\n}()"
}

// goLoop is a Go loop running stmt for each object or player of the
// query's kind for which cond holds. Players come in seat order.
func goLoop(q *Query, cond, stmt string) string {
	var w strings.Builder
	k, v := q.Kind, q.Var.GoName()
	switch {
	case k.Over == rt.OverPlayers:
		fmt.Fprintf(&w, "for %s := range g.Players {\nif g.Players[%[1]s].Lost {\ncontinue\n}\n", v)
	case k.Over == rt.OverPlayersAPNAP:
		fmt.Fprintf(&w, "for i_%[1]s, n_%[1]s := 0, len(g.Players); i_%[1]s < n_%[1]s; i_%[1]s++ {\n%[1]s := (g.Active + i_%[1]s) %% n_%[1]s\nif g.Players[%[1]s].Lost {\ncontinue\n}\n", v)
	case k.Over == rt.OverAnything:
		fmt.Fprintf(&w, "for i := range g.Objs {\n%s := rt.ObjID(i)\nif g.Objs[%[1]s].Zone == rt.ZoneNone {\ncontinue\n}\n", v)
	case k.Combat:
		// Index names of the variable's own: loops nest, and count's
		// total is named n.
		fmt.Fprintf(&w, "for i_%[2]s, n_%[2]s := 0, g.CombatLen(rt.%[1]s); i_%[2]s < n_%[2]s; i_%[2]s++ {\n%[2]s, ok := g.CombatAt(rt.%[1]s, i_%[2]s)\nif !ok {\ncontinue\n}\n", k.OverGo, v)
	default:
		fmt.Fprintf(&w, "for _, %s := range g.Battlefield {\n", v)
		if k.Over == rt.OverPermanents {
			fmt.Fprintf(&w, "if g.Objs[%s].PhasedOut {\ncontinue\n}\n", v)
		}
		if k.TypeGo != "" {
			fmt.Fprintf(&w, "if !g.Is(%s, %s) {\ncontinue\n}\n", v, k.TypeGo)
		}
	}
	fmt.Fprintf(&w, "if %s {\n%s\n}\n}\n", cond, stmt)
	return w.String()
}

func goStmts(list []Stmt) string {
	var w strings.Builder
	for _, s := range list {
		w.WriteString(goStmt(s))
		w.WriteByte('\n')
	}
	return w.String()
}

func goStmt(s Stmt) string {
	switch s := s.(type) {
	case *For:
		return goFor(s)
	case *If:
		return goIf(s)
	case *Until:
		return fmt.Sprintf("for n := 0; n < %d; n++ {\nchanges := g.Changes()\n%sif g.Changes() == changes {\nbreak\n}\n}", MaxRepeats, goStmts(s.Body))
	case *Let:
		v := s.Var.GoName()
		return fmt.Sprintf("%s := %s\n_ = %s", v, goExpr(s.X), v)
	case *Do:
		call := goCall(s.B, s.Args, s.Rule)
		if s.B.Blocking {
			return "if !" + call + " {\nreturn false\n}"
		}
		return call
	case *PutOnStack:
		vals := []string{"0", "0", "0"}
		for i, a := range s.Args {
			vals[i] = "int32(" + goExpr(a) + ")"
		}
		fn := "PutOnStack"
		if s.Triggered {
			fn = "PutTriggered"
		}
		return fmt.Sprintf("g.%s(%d, %s, %s)", fn, s.Object.Index, goExpr(s.P), strings.Join(vals, ", "))
	}
	panic(fmt.Sprintf("compiler: no Go for %T (a checker bug)", s))
}

// MaxRepeats bounds an until unchanged loop: rules whose statements
// change the game each time they run stop instead of hanging.
const MaxRepeats = 1 << 16

func goIf(s *If) string {
	out := fmt.Sprintf("if %s {\n%s}", goExpr(s.Cond), goStmts(s.Then))
	if len(s.Else) == 1 {
		if elif, ok := s.Else[0].(*If); ok && elif.ElseIf {
			return out + " else " + goIf(elif)
		}
	}
	if s.Else != nil {
		out += fmt.Sprintf(" else {\n%s}", goStmts(s.Else))
	}
	return out
}

// goFor selects the matches first (a snapshot on the scratch stack), then
// runs the body for each.
func goFor(s *For) string {
	k, v := s.Q.Kind, s.Q.Var.GoName()
	cond := "true"
	if s.Q.Where != nil {
		cond = goExpr(s.Q.Where)
	}
	var w strings.Builder
	w.WriteString("{\nmark := g.Mark()\n")
	// `for each attacker a where blocks(b, a) ...` and `for each blocker
	// b where blocks(b, a) ...` (the other creature named outside the
	// loop): the runtime pushes the candidates through its combat index,
	// in the loop's order, and the condition runs on those (not every
	// attacker against every block).
	filter := FilterOf(s.Q)
	switch {
	case k.Over == rt.OverPlayers || filter != nil:
		push := "g.PushPlayers()"
		if filter != nil {
			push = filter.GoPush()
		}
		conv := "x"
		if s.Q.Var.T == Player {
			conv = "int(x)"
		}
		if s.Q.Where == nil {
			w.WriteString(push + "\n") // every candidate pushed: nothing to filter
			break
		}
		fmt.Fprintf(&w, "%[1]s\nn := 0\nfor _, x := range g.Selected(mark) {\n%[2]s := %[3]s\n_ = %[2]s\nif %[4]s {\ng.Selected(mark)[n] = x\nn++\n}\n}\ng.Release(mark + n)\n", push, v, conv, cond)
	default:
		w.WriteString(goLoop(s.Q, cond, "g.Push(int32("+v+"))"))
	}
	if s.By != nil {
		// A choice: the player keeps up to N of the matches, or the
		// action (or effect) waits for them.
		upTo := "rt.AnyNumber"
		if s.UpTo != nil {
			upTo = goExpr(s.UpTo)
		}
		fmt.Fprintf(&w, "if !g.ChooseSelected(mark, %s, %s, %s) {\nreturn false\n}\n", goExpr(s.By), upTo, quote(s.Rule))
	}
	conv := "x"
	if s.Q.Var.T == Player {
		conv = "int(x)"
	}
	fmt.Fprintf(&w, "for _, x := range g.Selected(mark) {\n%s := %s\n_ = %s\n%s}\ng.Release(mark)\n", v, conv, v, goStmts(s.Body))
	w.WriteString("}")
	return w.String()
}

// Filter is how the runtime finds the candidates of a loop over a
// combat list whose condition begins with an indexed relation (a row's
// Rel: blocks(b, a)) of the loop's creature and another named outside the
// loop (FilterOf): for each attacker a where blocks(b, a) ... walks the
// attackers b blocks (the relation's Seconds), for each blocker b where
// blocks(b, a) ... a's blockers (its Firsts).
type Filter struct {
	Push   func(rt.Exec, rt.ObjID) // pushes the candidates, given Other's creature
	Go     string                  // how generated code calls Push: "g.PushBlockersOf"
	Method bool                    // Go is a method of the game (else a function taking it first)
	Other  *Var                    // the creature named outside the loop
}

// GoPush is the generated call of f's push function.
func (f *Filter) GoPush() string {
	if f.Method {
		return f.Go + "(" + f.Other.GoName() + ")"
	}
	return f.Go + "(g, " + f.Other.GoName() + ")"
}

// FilterOf returns the filter of query q; nil if its loop walks its whole
// list. Which loops a relation filters (its Over1, Over2) and how, are the
// runtime's (rt.IndexedRelations), read through the row's derived Rel.
// The interpreter walks a filtered loop the compiler's way.
func FilterOf(q *Query) *Filter {
	if q.Where == nil {
		return nil
	}
	call, ok := leftmostAnd(q.Where).(*Call)
	if !ok || call.B.Rel == nil || len(call.Args) != 2 {
		return nil
	}
	r := call.B.Rel
	x, ok1 := call.Args[0].(*VarRef)
	y, ok2 := call.Args[1].(*VarRef)
	if !ok1 || !ok2 || x.Var == y.Var || x.Var.T != Object || y.Var.T != Object {
		return nil
	}
	switch {
	case q.Kind.Over == r.Over1 && x.Var == q.Var:
		return &Filter{Push: r.Firsts, Go: r.FirstsGo, Method: r.FirstsMethod, Other: y.Var}
	case q.Kind.Over == r.Over2 && y.Var == q.Var:
		return &Filter{Push: r.Seconds, Go: r.SecondsGo, Method: r.SecondsMethod, Other: x.Var}
	}
	return nil
}

// predArg is argument i of a predicate kind's: an object, or a player as
// ObjID(p).
func predArg(k *PredKind, i int, e Expr) string {
	if k.PlayerParam(i) {
		return "rt.ObjID(" + goExpr(e) + ")"
	}
	return goExpr(e)
}

// SatChain reports whether e is a saturating sum or difference: a chain of
// them is summed wide (int64) and clamped once, so that terms that cancel
// do not saturate one by one.
func SatChain(e Expr) (*Binary, bool) {
	b, ok := e.(*Binary)
	return b, ok && b.Sat && (b.Op == OpAdd || b.Op == OpSub)
}

// goWide is the int64 Go expression of the saturating chain e, each term
// widened.
func goWide(e Expr) string {
	b, ok := SatChain(e)
	if !ok {
		return "int64(" + goExpr(e) + ")"
	}
	y := goWide(b.Y)
	if _, chain := SatChain(b.Y); chain {
		y = "(" + y + ")"
	}
	return goWide(b.X) + " " + b.Op.Go() + " " + y
}

// goBinary is a chain of plain binary operations (x op y op z ..., the left
// operand of each the next), written left to right into one builder:
// concatenating at each level would copy the whole left operand again
// (quadratic in the terms of a long "a and b and c ...").
func goBinary(e *Binary) string {
	var spine []*Binary
	x := Expr(e)
	for {
		b, ok := x.(*Binary)
		if !ok || b.Sat {
			break
		}
		spine = append(spine, b)
		x = b.X
	}
	var sb strings.Builder
	sb.WriteString(goExpr(x))
	for i := len(spine) - 1; i >= 0; i-- {
		sb.WriteString(" ")
		sb.WriteString(spine[i].Op.Go())
		sb.WriteString(" ")
		sb.WriteString(goExpr(spine[i].Y))
	}
	return sb.String()
}

// goCond is a chain of conditional expressions (if c then x else if ...,
// each the else of the one before), each a function literal returning from
// the next, written into one builder as goBinary's chains are.
func goCond(e *CondExpr) string {
	var sb strings.Builder
	n := 0
	x := Expr(e)
	for {
		c, ok := x.(*CondExpr)
		if !ok {
			break
		}
		fmt.Fprintf(&sb, "func() %s {\nif %s {\nreturn %s\n}\nreturn ", goTypes[c.T], goExpr(c.Cond), goExpr(c.Then))
		n++
		x = c.Else
	}
	sb.WriteString(goExpr(x))
	for range n {
		sb.WriteString("\n}()")
	}
	return sb.String()
}
