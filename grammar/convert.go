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
	return &Edition{Pos: toPos(p.Pos), Name: ident(p.Name), Title: c.unquote(p.Title)}
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
		return &KeywordDecl{Pos: toPos(p.Keyword.Pos), Name: ident(p.Keyword.Name), Rules: c.rules(p.Keyword.Rules)}
	case p.Turn != nil:
		return c.turn(p.Turn)
	case p.Every != nil:
		d := &EveryDecl{Pos: toPos(p.Every.Pos), Kind: Ident{Pos: toPos(p.Every.Kind.Pos), Name: p.Every.Kind.Name}}
		for _, o := range p.Every.OnEnd {
			d.OnEnd = append(d.OnEnd, c.onEnd(o))
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
		return &SbaDecl{Pos: toPos(p.Sba.Pos), Rules: c.rules(p.Sba.Rules), Body: c.block(p.Sba.Body)}
	}
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
		return &Allow{Pos: toPos(p.Allow.Pos), Rules: c.rules(p.Allow.Rules), What: ident(p.Allow.What)}
	default:
		return c.onEnd(p.OnEnd)
	}
}

func (c *converter) onEnd(p *pOnEnd) *OnEnd {
	return &OnEnd{Pos: toPos(p.Pos), Rules: c.rules(p.Rules), Body: c.block(p.Body)}
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
	case p.For != nil:
		return &ForStmt{Pos: toPos(p.For.Pos), Kind: Ident{Pos: toPos(p.For.Kind.Pos), Name: p.For.Kind.Name},
			Var: ident(p.For.Var), Where: c.optExpr(p.For.Where), Body: c.block(p.For.Body)}
	case p.If != nil:
		return c.ifStmt(p.If)
	case p.Let != nil:
		return &LetStmt{Pos: toPos(p.Let.Pos), Name: ident(p.Let.Name), Value: c.expr(p.Let.Value)}
	default:
		s := &CallStmt{Pos: toPos(p.Call.Pos), Verb: ident(p.Call.Verb)}
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
	x := c.and(p.X)
	for _, t := range p.Rest {
		x = binary(t.Op, x, c.and(t.Y))
	}
	return x
}

func (c *converter) and(p *pAnd) Expr {
	x := c.not(p.X)
	for _, t := range p.Rest {
		x = binary(t.Op, x, c.not(t.Y))
	}
	return x
}

func (c *converter) not(p *pNot) Expr {
	if p.Not != nil {
		return &Unary{Pos: toPos(p.Pos), Op: "not", X: c.not(p.Not)}
	}
	x := c.sum(p.Cmp.X)
	if p.Cmp.Op != "" {
		x = binary(p.Cmp.Op, x, c.sum(p.Cmp.Y))
	}
	return x
}

func (c *converter) sum(p *pSum) Expr {
	x := c.term(p.X)
	for _, t := range p.Rest {
		x = binary(t.Op, x, c.term(t.Y))
	}
	return x
}

func (c *converter) term(p *pTerm) Expr {
	x := c.unary(p.X)
	for _, t := range p.Rest {
		x = binary(t.Op, x, c.unary(t.Y))
	}
	return x
}

func (c *converter) unary(p *pUnary) Expr {
	if p.Neg != nil {
		return &Unary{Pos: toPos(p.Pos), Op: "-", X: c.unary(p.Neg)}
	}
	x := c.primary(p.X.X)
	for _, s := range p.X.Sels {
		x = &Selector{Pos: x.Position(), X: x, Sel: Ident{Pos: toPos(s.Pos), Name: s.Name}}
	}
	if p.X.Has != nil {
		x = &HasExpr{Pos: x.Position(), X: x, Keyword: ident(*p.X.Has)}
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
	default:
		return &ParenExpr{Pos: pos, X: c.expr(p.Paren)}
	}
}

func binary(op string, x, y Expr) Expr {
	return &Binary{Pos: x.Position(), Op: op, X: x, Y: y}
}

func ident(p pIdent) Ident {
	return Ident{Pos: toPos(p.Pos), Name: p.Name}
}
