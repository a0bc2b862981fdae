package grammar

import (
	"fmt"
	"strconv"
)

// converter turns participle's parse structs into the public syntax tree,
// reporting the few errors the grammar cannot express.
type converter struct {
	errs ErrorList
}

func (c *converter) errorf(pos Pos, format string, args ...any) {
	c.errs = append(c.errs, &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

func (c *converter) file(path string, p *pFile) *File {
	f := &File{Path: path, Edition: c.edition(p.Edition), Decls: c.decls(p.Decls)}
	f.Pos = f.Edition.Pos
	return f
}

func (c *converter) edition(p *pEdition) *Edition {
	e := &Edition{Pos: toPos(p.Pos), Name: ident(p.Name), Title: c.unquote(p.Title)}
	if p.Extends != nil {
		id := ident(*p.Extends)
		e.Extends = &id
	}
	return e
}

func (c *converter) decls(ps []*pDecl) []Decl {
	var out []Decl
	for _, p := range ps {
		out = append(out, c.decl(p))
	}
	return out
}

func (c *converter) decl(p *pDecl) Decl {
	switch {
	case p.Player != nil:
		d := &PlayerDecl{Pos: toPos(p.Player.Pos)}
		for _, s := range p.Player.Settings {
			d.Settings = append(d.Settings, &Setting{Pos: toPos(s.Pos), Name: ident(s.Name), Value: c.expr(s.Value)})
		}
		return d
	case p.Keyword != nil:
		d := &KeywordDecl{Pos: toPos(p.Keyword.Pos), Name: ident(p.Keyword.Name), Rules: c.rules(p.Keyword.Rules)}
		for _, pr := range p.Keyword.Params {
			d.Params = append(d.Params, Param{Type: Ident{Pos: toPos(pr.Type.Pos), Name: pr.Type.Name}, Name: ident(pr.Name), Target: pr.Mod == "target", Cost: pr.Mod == "cost", Or: pr.Or, Where: c.optExpr(pr.Where)})
		}
		if k := p.Keyword.Static; k != nil {
			d.Kind = &KeywordKind{Pos: toPos(k.Pos), Rules: c.rules(k.Rules)}
		}
		if k := p.Keyword.Triggered; k != nil {
			d.Kind = c.kwTriggered(k)
		}
		if k := p.Keyword.Redundant; k != nil {
			d.Redundant = &KeywordPart{Pos: toPos(k.Pos), Rules: c.rules(k.Rules)}
		}
		if p.Keyword.Prevents != nil {
			id := ident(*p.Keyword.Prevents)
			d.Prevents, d.PreventRules = &id, c.rules(p.Keyword.PreventRules)
		}
		return d
	case p.Type != nil:
		d := &CardTypeDecl{Pos: toPos(p.Type.Pos), Name: ident(p.Type.Name), Rules: c.rules(p.Type.Rules)}
		for _, id := range p.Type.Props {
			d.Props = append(d.Props, ident(id))
		}
		return d
	case p.Counter != nil:
		name := Ident{Pos: toPos(p.Counter.Name.Pos), Name: c.unquote(p.Counter.Name)}
		return &CounterDecl{Pos: toPos(p.Counter.Pos), Name: name, Rules: c.rules(p.Counter.Rules)}
	case p.LandMana != nil:
		return &LandManaDecl{Pos: toPos(p.LandMana.Pos), Name: ident(p.LandMana.Name), Rules: c.rules(p.LandMana.Rules), Color: ident(p.LandMana.Color)}
	case p.State != nil:
		d := &StateDecl{Pos: toPos(p.State.Pos), Name: ident(p.State.Name), Kind: Ident{Pos: toPos(p.State.Kind.Pos), Name: p.State.Kind.Name}, Rules: c.rules(p.State.Rules)}
		if h := p.State.Holder; h != nil {
			d.Holder = &Ident{Pos: toPos(h.Pos), Name: h.Name}
		}
		return d
	case p.Kind != nil:
		k := p.Kind
		d := &KindDecl{Pos: toPos(k.Pos), Name: ident(k.Name), Every: k.Every, Doc: c.unquote(k.Doc)}
		for _, pr := range k.Params {
			d.Params = append(d.Params, Param{Type: Ident{Pos: toPos(pr.Type.Pos), Name: pr.Type.Name}, Name: ident(pr.Name), Target: pr.Mod == "target", Cost: pr.Mod == "cost", Or: pr.Or, Where: c.optExpr(pr.Where)})
		}
		if k.Result != nil {
			d.Result = &Ident{Pos: toPos(k.Result.Pos), Name: k.Result.Name}
		}
		return d
	case p.Char != nil:
		return &CharacteristicDecl{Pos: toPos(p.Char.Pos), Name: ident(p.Char.Name), Rules: c.rules(p.Char.Rules), Param: ident(p.Char.Param), Value: c.expr(p.Char.Value)}
	case p.Turn != nil:
		return c.turn(p.Turn)
	case p.Every != nil:
		d := &EveryDecl{Pos: toPos(p.Every.Pos), Kind: Ident{Pos: toPos(p.Every.Kind.Pos), Name: p.Every.Kind.Name}}
		for _, it := range p.Every.Items {
			d.Items = append(d.Items, c.clause(it))
		}
		return d
	case p.Phase != nil:
		d := &PhaseDecl{Pos: toPos(p.Phase.Pos), Name: ident(p.Phase.Name), Rules: c.rules(p.Phase.Rules)}
		for _, it := range p.Phase.Items {
			if it.Step != nil {
				d.Items = append(d.Items, c.step(it.Step))
			} else {
				d.Items = append(d.Items, c.clause(it.Clause))
			}
		}
		return d
	default:
		return &SbaDecl{Pos: toPos(p.Sba.Pos), Watch: p.Sba.Kind == "watch", Rules: c.rules(p.Sba.Rules), Body: c.block(p.Sba.Body)}
	case p.Card != nil:
		return c.card(p.Card)
	case p.Pred != nil:
		return c.pred(p.Pred)
	case p.Timing != nil:
		t := p.Timing
		return &TimingDecl{Pos: toPos(t.Pos), Name: ident(t.Name), Rules: c.rules(t.Rules), Param: ident(t.Param), If: c.expr(t.If)}
	case p.Mech != nil:
		d := &MechanismDecl{Pos: toPos(p.Mech.Pos), Name: ident(p.Mech.Name), Rules: c.rules(p.Mech.Rules)}
		for _, z := range p.Mech.From {
			d.From = append(d.From, ident(z))
		}
		if p.Mech.Body != nil {
			d.Body = c.block(p.Mech.Body)
		}
		return d
	case p.Stack != nil:
		s := p.Stack
		d := &StackObjectDecl{Pos: toPos(s.Pos), Effect: s.Kind == "effect", Name: ident(s.Name), Rules: c.rules(s.Rules), Body: c.block(s.Body)}
		for _, pr := range s.Params {
			d.Params = append(d.Params, Param{Type: Ident{Pos: toPos(pr.Type.Pos), Name: pr.Type.Name}, Name: ident(pr.Name), Target: pr.Mod == "target", Cost: pr.Mod == "cost", Or: pr.Or, Where: c.optExpr(pr.Where)})
		}
		return d
	case p.Event != nil:
		e := p.Event
		d := &TriggerEventDecl{Pos: toPos(e.Pos), Name: ident(e.Name), Rules: c.rules(e.Rules)}
		for _, on := range e.On {
			o := EventOn{Kind: ident(on.Kind)}
			if on.Name != nil {
				n := ident(*on.Name)
				o.Name = &n
			}
			d.On = append(d.On, o)
		}
		for _, pr := range e.Params {
			d.Params = append(d.Params, Param{Type: Ident{Pos: toPos(pr.Type.Pos), Name: pr.Type.Name}, Name: ident(pr.Name)})
		}
		if e.If != nil {
			d.If = c.expr(e.If)
		}
		if e.Value != nil {
			d.Value = c.expr(e.Value)
		}
		return d
	case p.Damage != nil:
		s := p.Damage
		d := &DamageDecl{Pos: toPos(s.Pos), To: Ident{Pos: toPos(s.To.Pos), Name: s.To.Name}, Rules: c.rules(s.Rules), Body: c.block(s.Body)}
		for _, id := range s.Params {
			d.Params = append(d.Params, ident(id))
		}
		return d
	case p.OnEvent != nil:
		s := p.OnEvent
		d := &EventDecl{Pos: toPos(s.Pos), Kind: ident(s.Kind), Rules: c.rules(s.Rules), Body: c.block(s.Body)}
		if s.Name != nil {
			n := ident(*s.Name)
			d.Name = &n
		}
		for _, id := range s.Params {
			d.Params = append(d.Params, ident(id))
		}
		return d
	case p.Replace != nil:
		return c.replace(p.Replace)
	case p.Override != nil:
		return c.override(p.Override)
	case p.Remove != nil:
		r := p.Remove
		return &RemoveDecl{Pos: toPos(r.Pos), ClauseRef: c.clauseRef(r.Kind, r.Name, r.Rule, r.In)}
	case p.Add != nil:
		d := &AddDecl{Pos: toPos(p.Add.Pos)}
		if s := p.Add.Step; s != nil {
			anchor := ident(s.Anchor)
			d.Step, d.Where, d.Anchor = c.step(s.Step), s.Where, &anchor
			return d
		}
		a := p.Add.Clause
		in := ident(a.In)
		d.Clause, d.In = c.clause(a.Clause), &in
		switch {
		case a.First:
			d.Where = "first"
		case a.Where != "":
			d.Where = a.Where
			if rule := c.rules([]pString{*a.Anchor}); len(rule) == 1 {
				d.AnchorRule = &rule[0]
			}
		}
		return d
	case p.Recite != nil:
		r := p.Recite
		return &ReciteDecl{Pos: toPos(r.Pos), ClauseRef: c.clauseRef(r.Kind, r.Name, r.Rule, r.In), Rules: c.rules(r.Rules)}
	case p.Renumber != nil:
		d := &RenumberDecl{Pos: toPos(p.Renumber.Pos)}
		for _, pr := range p.Renumber.Pairs {
			from, to := c.rules([]pString{pr.From}), c.rules([]pString{pr.To})
			if len(from) == 1 && len(to) == 1 {
				d.Pairs = append(d.Pairs, Renumbering{From: from[0], To: to[0]})
			}
		}
		return d
	}
}

// clauseRef converts what names a clause of the base.
func (c *converter) clauseRef(kind pRemoveKind, name *pForKind, rule *pString, in *pIdent) ClauseRef {
	ref := ClauseRef{Kind: Ident{Pos: toPos(kind.Pos), Name: kind.Name}}
	if name != nil {
		ref.Name = &Ident{Pos: toPos(name.Pos), Name: name.Name}
	}
	if rule != nil {
		if rs := c.rules([]pString{*rule}); len(rs) == 1 {
			ref.Rule = &rs[0]
		}
	}
	if in != nil {
		id := ident(*in)
		ref.In = &id
	}
	return ref
}

// override converts `override CLAUSE`; an override of an override, or of
// another delta declaration, is refused.
func (c *converter) override(p *pOverride) *OverrideDecl {
	d := &OverrideDecl{Pos: toPos(p.Pos)}
	switch {
	case p.Step != nil:
		d.Decl = c.step(p.Step)
	case p.Clause != nil:
		d.Decl = c.clause(p.Clause)
		if p.In != nil {
			in := ident(*p.In)
			d.In = &in
		}
	default:
		inner := c.decl(p.Decl)
		switch inner.(type) {
		case *OverrideDecl, *RemoveDecl, *AddDecl, *RenumberDecl, *ReciteDecl:
			c.errorf(inner.Position(), "override takes a clause, not another change")
		}
		d.Decl = inner
	}
	return d
}

// turn merges the turn's items, which the grammar lets come in any order
// and number, into the single order and extra_turns lines the AST holds.
func (c *converter) turn(p *pTurn) *TurnDecl {
	d := &TurnDecl{Pos: toPos(p.Pos), Rules: c.rules(p.Rules)}
	for _, it := range p.Items {
		pos := toPos(it.Pos)
		if it.Order != nil {
			if d.Order != nil {
				c.errorf(pos, "turn already has an order line (at %s)", d.OrderPos)
				continue
			}
			d.OrderPos = pos
			for _, id := range it.Order {
				d.Order = append(d.Order, ident(id))
			}
			continue
		}
		if d.ExtraMode != nil {
			c.errorf(pos, "turn already has an extra_turns line")
			continue
		}
		d.ExtraRules = c.rules(it.ExtraRules)
		mode := ident(*it.ExtraMode)
		d.ExtraMode = &mode
	}
	return d
}

func (c *converter) step(p *pStep) *StepDecl {
	d := &StepDecl{Pos: toPos(p.Pos), Name: ident(p.Name), Rules: c.rules(p.Rules)}
	for _, cl := range p.Clauses {
		d.Clauses = append(d.Clauses, c.clause(cl))
	}
	return d
}

func (c *converter) clause(p *pClause) Clause {
	switch {
	case p.Action != nil:
		return &Action{Pos: toPos(p.Action.Pos), Rules: c.rules(p.Action.Rules), Body: c.block(p.Action.Body)}
	case p.Priority != nil:
		return &Priority{Pos: toPos(p.Priority.Pos), Rules: c.rules(p.Priority.Rules),
			Player: c.expr(p.Priority.Player), If: c.optExpr(p.Priority.If)}
	case p.NoPriority != nil:
		return &NoPriority{Pos: toPos(p.NoPriority.Pos), Rules: c.rules(p.NoPriority.Rules)}
	case p.Skip != nil:
		return &Skip{Pos: toPos(p.Skip.Pos), Rules: c.rules(p.Skip.Rules), If: c.expr(p.Skip.If)}
	case p.Repeat != nil:
		return &Repeat{Pos: toPos(p.Repeat.Pos), Rules: c.rules(p.Repeat.Rules), If: c.expr(p.Repeat.If)}
	case p.Allow != nil:
		a := &Allow{Pos: toPos(p.Allow.Pos), Rules: c.rules(p.Allow.Rules), What: ident(p.Allow.What)}
		if p.Allow.If != nil {
			a.If = c.expr(p.Allow.If)
		}
		return a
	default:
		return c.onEnd(p.OnEnd)
	}
}

func (c *converter) onEnd(p *pOnEnd) *OnEnd {
	return &OnEnd{Pos: toPos(p.Pos), Begin: p.Kind == "on_begin", Rules: c.rules(p.Rules), Body: c.block(p.Body)}
}

func (c *converter) block(p *pBlock) *Block {
	b := &Block{Pos: toPos(p.Pos), End: toPos(p.End.Pos)}
	for _, s := range p.Stmts {
		b.Stmts = append(b.Stmts, c.stmt(s))
	}
	return b
}

func (c *converter) stmt(p *pStmt) Stmt {
	switch {
	case p.Req != nil:
		r := &RequireStmt{Pos: toPos(p.Req.Pos), Cond: c.expr(p.Req.Cond), Else: c.unquote(p.Req.Else)}
		if p.Req.Rule != nil {
			r.Rule = &Rule{Pos: toPos(p.Req.Rule.Pos), Number: c.unquote(*p.Req.Rule)}
		}
		return r
	case p.Pay != nil:
		return &PayStmt{Pos: toPos(p.Pay.Pos), Body: c.block(p.Pay.Body)}
	case p.For != nil:
		return &ForStmt{Pos: toPos(p.For.Pos), Kind: Ident{Pos: toPos(p.For.Kind.Pos), Name: p.For.Kind.Name},
			Var: ident(p.For.Var), By: c.optExpr(p.For.By), UpTo: c.optExpr(p.For.UpTo), Where: c.optExpr(p.For.Where), Body: c.block(p.For.Body)}
	case p.If != nil:
		return c.ifStmt(p.If)
	case p.Unt != nil:
		return &UntilStmt{Pos: toPos(p.Unt.Pos), Body: c.block(p.Unt.Body)}
	case p.Let != nil:
		return &LetStmt{Pos: toPos(p.Let.Pos), Name: ident(p.Let.Name), Value: c.expr(p.Let.Value)}
	default:
		s := &CallStmt{Pos: toPos(p.Call.Pos), Verb: ident(p.Call.Verb)}
		if len(p.Call.Args) == 1 && emptyParens(p.Call.Args[0]) {
			return s
		}
		for _, a := range p.Call.Args {
			s.Args = append(s.Args, c.expr(a))
		}
		return s
	}
}

func (c *converter) ifStmt(p *pIf) *IfStmt {
	s := &IfStmt{Pos: toPos(p.Pos), Cond: c.expr(p.Cond), Then: c.block(p.Then)}
	if p.ElseIf != nil {
		s.ElseIf = c.ifStmt(p.ElseIf)
	} else if p.Else != nil {
		s.Else = c.block(p.Else)
	}
	return s
}

func (c *converter) rules(ps []pString) []Rule {
	var out []Rule
	for _, p := range ps {
		out = append(out, Rule{Pos: toPos(p.Pos), Number: c.unquote(p)})
	}
	return out
}

// unquote returns the value of a string token. The scanner has already
// reported malformed strings, and ParseFile returns no tree for them.
func (c *converter) unquote(p pString) string {
	s, err := strconv.Unquote(p.Raw)
	if err != nil {
		return p.Raw
	}
	return s
}

func (c *converter) optExpr(p *pExpr) Expr {
	if p == nil {
		return nil
	}
	return c.expr(p)
}

func (c *converter) expr(p *pExpr) Expr {
	e := &exprParser{c: c, operands: []*pOperand{p.X}, ops: p.Rest}
	for _, t := range p.Rest {
		e.operands = append(e.operands, t.Y)
	}
	return e.or()
}

// exprParser applies precedence to a flat expression, by recursive descent
// over its operands and operators, one method per level of the grammar.
type exprParser struct {
	c        *converter
	operands []*pOperand
	ops      []*pTail // ops[i] comes after operands[i]
	next     int      // index of the next operand to read
	nots     int      // how many nots of operands[next] are applied
	pending  bool     // ops[next-1] is not read yet
}

// peek returns the operator after the last operand read, or "".
func (e *exprParser) peek() string {
	if !e.pending {
		return ""
	}
	return e.ops[e.next-1].Op
}

// take reads the operator peek returned.
func (e *exprParser) take() *pTail {
	e.pending = false
	return e.ops[e.next-1]
}

func (e *exprParser) or() Expr {
	x := e.and()
	for e.peek() == "or" {
		e.take()
		x = binary("or", x, e.and())
	}
	return x
}

func (e *exprParser) and() Expr {
	x := e.not()
	for e.peek() == "and" {
		e.take()
		x = binary("and", x, e.not())
	}
	return x
}

func (e *exprParser) not() Expr {
	if o := e.operands[e.next]; e.nots < len(o.Nots) {
		pos := toPos(o.Nots[e.nots].Pos)
		e.nots++
		return &Unary{Pos: pos, Op: "not", X: e.not()}
	}
	return e.cmp()
}

func (e *exprParser) cmp() Expr {
	x := e.sum()
	chained := false
	for cmpOps[e.peek()] {
		t := e.take()
		if chained {
			e.c.errorf(toPos(t.Pos), "unexpected %q: comparisons do not chain, use parentheses", t.Op)
		}
		chained = true
		x = binary(t.Op, x, e.sum())
	}
	return x
}

func (e *exprParser) sum() Expr {
	x := e.term()
	for op := e.peek(); op == "+" || op == "-"; op = e.peek() {
		e.take()
		x = binary(op, x, e.term())
	}
	return x
}

func (e *exprParser) term() Expr {
	x := e.operand()
	for e.peek() == "*" {
		e.take()
		x = binary("*", x, e.operand())
	}
	return x
}

// operand reads the next operand. Its nots, if any are left, come after an
// operator that binds tighter than not, as in `a == not b`.
func (e *exprParser) operand() Expr {
	o := e.operands[e.next]
	if e.nots < len(o.Nots) {
		e.c.errorf(toPos(o.Nots[e.nots].Pos), `"not" after %q needs parentheses`, e.ops[e.next-1].Op)
	}
	e.next++
	e.nots = 0
	e.pending = e.next-1 < len(e.ops)
	x := e.c.primary(o.X)
	for _, s := range o.Sels {
		x = &Selector{Pos: x.Position(), X: x, Sel: Ident{Pos: toPos(s.Pos), Name: s.Name}}
	}
	if o.Has != nil {
		x = &HasExpr{Pos: x.Position(), X: x, Keyword: ident(*o.Has)}
	}
	for i := len(o.Negs) - 1; i >= 0; i-- {
		x = &Unary{Pos: toPos(o.Negs[i].Pos), Op: "-", X: x}
	}
	return x
}

func (c *converter) primary(p *pPrimary) Expr {
	pos := toPos(p.Pos)
	switch {
	case p.Int != nil:
		v, err := strconv.ParseInt(*p.Int, 10, 64)
		if err != nil {
			c.errorf(pos, "integer %s is too large", *p.Int)
		}
		return &IntLit{Pos: pos, Value: v, Text: *p.Int}
	case p.Str != nil:
		return &StringLit{Pos: pos, Value: c.unquote(pString{Pos: p.Pos, Raw: *p.Str})}
	case p.Name != nil && p.Call:
		e := &CallExpr{Pos: pos, Fun: Ident{Pos: pos, Name: *p.Name}}
		for _, a := range p.Args {
			e.Args = append(e.Args, c.expr(a))
		}
		return e
	case p.Name != nil:
		return &Ident{Pos: pos, Name: *p.Name}
	case p.Noun != nil:
		return &Ident{Pos: pos, Name: *p.Noun}
	case p.Cond != nil:
		return &CondExpr{Pos: toPos(p.Cond.Pos), Cond: c.expr(p.Cond.If), Then: c.expr(p.Cond.Then), Else: c.expr(p.Cond.Else)}
	case p.Paren == nil:
		c.errorf(pos, "() is no value: only a statement with no arguments is written with it (end_step())")
		return &ParenExpr{Pos: pos, X: &Ident{Pos: pos, Name: "_"}}
	default:
		return &ParenExpr{Pos: pos, X: c.expr(p.Paren)}
	}
}

// emptyParens reports whether e is "()" alone: a statement's arguments
// when it has none (end_step()).
func emptyParens(e *pExpr) bool {
	x := e.X
	return len(e.Rest) == 0 && len(x.Nots) == 0 && len(x.Negs) == 0 && len(x.Sels) == 0 && x.Has == nil &&
		x.X.Open && x.X.Paren == nil
}

var cmpOps = map[string]bool{"==": true, "!=": true, "<": true, "<=": true, ">": true, ">=": true}

func binary(op string, x, y Expr) Expr {
	return &Binary{Pos: x.Position(), Op: op, X: x, Y: y}
}

func ident(p pIdent) Ident {
	return Ident{Pos: toPos(p.Pos), Name: p.Name}
}

// kwTriggered converts a triggered ability (a keyword's, a card's).
func (c *converter) kwTriggered(k *pKwTriggered) *KeywordKind {
	d := &KeywordKind{Pos: toPos(k.Pos), Triggered: true, Rules: c.rules(k.Rules), Event: ident(k.Event), ArgNum: k.ArgInt, Effect: ident(k.Effect), Args: k.Args}
	if k.ArgName != nil {
		// The argument's position is not kept by participle for a bare
		// string capture: the event's is close enough.
		id := Ident{Pos: toPos(k.Event.Pos), Name: *k.ArgName}
		d.Arg = &id
	}
	return d
}

func (c *converter) replace(s *pReplace) *ReplaceDecl {
	d := &ReplaceDecl{Pos: toPos(s.Pos), Prevent: s.Kind == "prevent", Event: ident(s.Event), Name: ident(s.Name), Rules: c.rules(s.Rules), Body: c.block(s.Body)}
	for _, id := range s.Params {
		d.Params = append(d.Params, ident(id))
	}
	if s.If != nil {
		d.If = c.expr(s.If)
	}
	return d
}
