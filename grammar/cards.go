package grammar

import (
	"strconv"

	"github.com/alecthomas/participle/v2/lexer"
)

// A card declaration: a card's name and its static abilities, written as
// the rules' predicate clauses scoped to the card:
//
//	card phantom_warrior "Phantom Warrior" {
//	  predicate cant_block "509.1b" (b, self) if b.creature
//	}
//
// Each clause names `self` as one of its parameters; it applies only when
// the object bound to self is one of this card's objects (the compiler
// joins `self has IDENT and (...)` to its condition, IDENT being a
// keyword the card declares: see compiler/cards.go).

type pCard struct {
	Pos     lexer.Position
	Ident   pIdent   `parser:"'card' @@"`
	Name    pString  `parser:"@@ '{'"`
	Clauses []*pPred `parser:"@@* '}'"`
}

// CardDecl is `card IDENT "Name" { predicate ... }`.
type CardDecl struct {
	Pos     Pos
	Ident   Ident
	Name    string
	NamePos Pos
	Clauses []*PredicateDecl
}

// Position implements Node.
func (n *CardDecl) Position() Pos { return n.Pos }
func (*CardDecl) declNode()       {}

func (c *converter) card(p *pCard) *CardDecl {
	d := &CardDecl{Pos: toPos(p.Pos), Ident: ident(p.Ident), Name: c.unquote(p.Name), NamePos: toPos(p.Name.Pos)}
	for _, q := range p.Clauses {
		d.Clauses = append(d.Clauses, c.pred(q))
	}
	return d
}

func (c *converter) pred(p *pPred) *PredicateDecl {
	d := &PredicateDecl{Pos: toPos(p.Pos), Kind: ident(p.Kind), Rules: c.rules(p.Rules)}
	if p.Value != nil {
		d.If, d.Value = c.expr(p.Value), true
	} else {
		d.If = c.expr(p.If)
	}
	for _, id := range p.Params {
		d.Params = append(d.Params, ident(id))
	}
	return d
}

func (p *printer) cardDecl(d *CardDecl) {
	p.tok(d.Pos, "card ")
	p.ident(d.Ident)
	p.text(" ")
	p.tok(d.NamePos, strconv.Quote(d.Name))
	p.openBody()
	for _, cl := range d.Clauses {
		p.newLine()
		p.tok(cl.Pos, "predicate ")
		p.ident(cl.Kind)
		p.rules(cl.Rules)
		p.params(cl.Params)
		if cl.Value {
			p.text(") = ")
		} else {
			p.text(") if ")
		}
		p.expr(cl.If, 0)
	}
	p.closeBody(d.Pos)
}
