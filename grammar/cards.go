package grammar

import (
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// A card declaration: a card's characteristics and its static abilities,
// written as the rules' predicate clauses scoped to the card:
//
//	card juggernaut "Juggernaut" {
//	  cost "{4}"
//	  types artifact, creature
//	  subtypes "juggernaut"
//	  power 5 toughness 5
//	  keywords flying, bushido 2
//	  predicate must_attack "508.1d" (self) if not self.attack_cost
//	}
//
// cost, types, subtypes, power, toughness and keywords are words of the
// card's body alone (not reserved: x.power still reads an attribute).
// Each clause names `self` as one of its parameters; it applies only when
// the object bound to self is one of this card's objects (the compiler
// joins `is_card(self, "Name") and (...)` to its condition: see
// compiler/cards.go).

type pCard struct {
	Pos   lexer.Position
	Token bool         `parser:"( 'card' | @'token' )"`
	Ident pIdent       `parser:"@@"`
	Name  pString      `parser:"@@ '{'"`
	Items []*pCardItem `parser:"@@* '}'"`
}

type pCardItem struct {
	Pos       lexer.Position
	Cost      *pString      `parser:"  'cost' @@"`
	Types     []pIdent      `parser:"| 'types' @@ ( ',' @@ )*"`
	Subtypes  []pString     `parser:"| 'subtypes' @@ ( ',' @@ )*"`
	Power     *pSignedInt   `parser:"| 'power' @@"`
	Toughness *pSignedInt   `parser:"| 'toughness' @@"`
	Keywords  []*pCardKWord `parser:"| 'keywords' @@ ( ',' @@ )*"`
	Enchant   []pIdent      `parser:"| 'enchant' @@ ( ',' @@ )*"`
	Triggered *pKwTriggered `parser:"| @@"`
	Activated *pActivated   `parser:"| @@"`
	Spell     *pSpell       `parser:"| @@"`
	Char      *pChar        `parser:"| @@"`
	Clause    *pPred        `parser:"| @@"`
	Replace   *pReplace     `parser:"| @@"`
}

type pSpell struct {
	Pos    lexer.Position
	Rules  []pString `parser:"'spell' @@*"`
	Effect pIdent    `parser:"'does' @@"`
	Args   []string  `parser:"( '(' ( ( @Int | @Ident ) ( ',' ( @Int | @Ident ) )* )? ')' )?"`
}

// CardSpell is what an instant or a sorcery does as it resolves: `spell
// RULE... does EFFECT[(N...)]`, one of the rules' effects given its
// numbers, its targets chosen as it is cast.
type CardSpell struct {
	Pos    Pos
	Rules  []Rule
	Effect Ident
	Args   []string
}

type pActivated struct {
	Pos    lexer.Position
	Rules  []pString `parser:"'activated' @@*"`
	From   *pIdent   `parser:"( 'from' @@ )?"`
	Cost   *pString  `parser:"( 'cost' @@ )?"`
	Tap    bool      `parser:"@'tap'?"`
	Timing *pIdent   `parser:"( 'timing' @@ )?"`
	Effect pIdent    `parser:"'does' @@"`
	Args   []string  `parser:"( '(' ( ( @Int | @Ident ) ( ',' ( @Int | @Ident ) )* )? ')' )?"`
}

// CardActivated is a card's activated ability: `activated RULE... [from ZONE] [cost
// "{1}{R}"] [tap] [timing NAME] does EFFECT[(N...)]`: its mana cost, {T},
// a timing of the rules restricting when, and the effect it applies as it
// resolves (targets chosen as it goes on the stack).
type CardActivated struct {
	Pos    Pos
	Rules  []Rule
	From   *Ident // the zone it functions from (hand); nil: the battlefield
	Cost   *CardString
	Tap    bool
	Timing *Ident
	Effect Ident
	Args   []string
}

type pSignedInt struct {
	Pos lexer.Position
	Neg bool   `parser:"@'-'?"`
	N   string `parser:"@Int"`
}

type pCardKWord struct {
	Name pIdent      `parser:"@@"`
	Arg  *pSignedInt `parser:"@@?"`
}

// CardDecl is `card IDENT "Name" { ... }`, or `token IDENT "Name" { ...
// }`: what a token a statement creates is (create_token: its name and
// characteristics, 111.3), not a card of the library.
type CardDecl struct {
	Pos     Pos
	Token   bool
	Ident   Ident
	Name    string
	NamePos Pos
	// The card's characteristics; nil or empty when not given.
	Cost      *CardString
	Types     []Ident
	Subtypes  []CardString
	Power     *CardInt
	Toughness *CardInt
	Keywords  []CardKeyword
	// Enchant: an Aura's enchant ability (702.5a), the card types of
	// what it may target as a spell and enchant as a permanent.
	Enchant []Ident
	Clauses []*PredicateDecl
	// Characteristics are its characteristic-defining abilities
	// (604.3): `characteristic NAME RULE... (self) = EXPR`, the value of a
	// characteristic the rules derive (x.NAME) for the card's objects, in
	// every zone (compiler/cards.go folds it into the rules' own).
	Characteristics []*CharacteristicDecl
	// Triggers are its triggered abilities: `triggered RULE... on EVENT
	// [ARG] does EFFECT[(N...)]`, as a triggered keyword writes them (the
	// event one of the rules' trigger events, the effect one of their
	// effects, its targets chosen as it goes on the stack).
	Triggers []*KeywordKind
	// Activated are its activated abilities, in order (Ability i).
	Activated []*CardActivated
	// Spell is what it does as it resolves (an instant, a sorcery); nil:
	// nothing of its own.
	Spell *CardSpell
	// Replacements are its replacement effects (614): `replace EVENT
	// NAME RULE... (PARAMS) [if COND] {...}`, scoped to the card as its
	// predicate clauses are.
	Replacements []*ReplaceDecl
}

// CardString is a string of a card's body (its cost, a subtype).
type CardString struct {
	Pos   Pos
	Value string
}

// CardInt is a number of a card's body (its power, its toughness).
type CardInt struct {
	Pos Pos
	N   int64
}

// CardKeyword is one of a card's keywords, with its number if it takes
// one (bushido 2).
type CardKeyword struct {
	Name Ident
	Arg  *CardInt
}

// Position implements Node.
func (n *CardDecl) Position() Pos { return n.Pos }
func (*CardDecl) declNode()       {}

func (c *converter) card(p *pCard) *CardDecl {
	d := &CardDecl{Pos: toPos(p.Pos), Token: p.Token, Ident: ident(p.Ident), Name: c.unquote(p.Name), NamePos: toPos(p.Name.Pos)}
	twice := func(pos lexer.Position, what string) {
		c.errorf(toPos(pos), "card %s: %s given twice", d.Ident.Name, what)
	}
	for _, it := range p.Items {
		switch {
		case it.Cost != nil:
			if d.Cost != nil {
				twice(it.Pos, "cost")
			}
			d.Cost = &CardString{Pos: toPos(it.Cost.Pos), Value: c.unquote(*it.Cost)}
		case it.Types != nil:
			d.Types = idents(d.Types, it.Types, func() { twice(it.Pos, "types") })
		case it.Subtypes != nil:
			if d.Subtypes != nil {
				twice(it.Pos, "subtypes")
			}
			d.Subtypes = []CardString{}
			for _, s := range it.Subtypes {
				d.Subtypes = append(d.Subtypes, CardString{Pos: toPos(s.Pos), Value: c.unquote(s)})
			}
		case it.Power != nil:
			if d.Power != nil {
				twice(it.Pos, "power")
			}
			d.Power = c.cardInt(it.Power)
		case it.Toughness != nil:
			if d.Toughness != nil {
				twice(it.Pos, "toughness")
			}
			d.Toughness = c.cardInt(it.Toughness)
		case it.Keywords != nil:
			if d.Keywords != nil {
				twice(it.Pos, "keywords")
			}
			d.Keywords = []CardKeyword{}
			for _, k := range it.Keywords {
				kw := CardKeyword{Name: ident(k.Name)}
				if k.Arg != nil {
					kw.Arg = c.cardInt(k.Arg)
				}
				d.Keywords = append(d.Keywords, kw)
			}
		case it.Enchant != nil:
			d.Enchant = idents(d.Enchant, it.Enchant, func() { twice(it.Pos, "enchant") })
		case it.Triggered != nil:
			d.Triggers = append(d.Triggers, c.kwTriggered(it.Triggered))
		case it.Activated != nil:
			a := it.Activated
			ad := &CardActivated{Pos: toPos(a.Pos), Rules: c.rules(a.Rules), Tap: a.Tap, Effect: ident(a.Effect), Args: a.Args}
			if a.Cost != nil {
				ad.Cost = &CardString{Pos: toPos(a.Cost.Pos), Value: c.unquote(*a.Cost)}
			}
			if a.Timing != nil {
				id := ident(*a.Timing)
				ad.Timing = &id
			}
			if a.From != nil {
				id := ident(*a.From)
				ad.From = &id
			}
			d.Activated = append(d.Activated, ad)
		case it.Spell != nil:
			if d.Spell != nil {
				twice(it.Pos, "spell")
			}
			sp := it.Spell
			d.Spell = &CardSpell{Pos: toPos(sp.Pos), Rules: c.rules(sp.Rules), Effect: ident(sp.Effect), Args: sp.Args}
		case it.Char != nil:
			ch := it.Char
			d.Characteristics = append(d.Characteristics, &CharacteristicDecl{Pos: toPos(ch.Pos), Name: ident(ch.Name), Rules: c.rules(ch.Rules), Param: ident(ch.Param), Value: c.expr(ch.Value)})
		case it.Clause != nil:
			d.Clauses = append(d.Clauses, c.pred(it.Clause))
		case it.Replace != nil:
			d.Replacements = append(d.Replacements, c.replace(it.Replace))
		}
	}
	return d
}

// idents is a card item's identifiers (types, enchant); given twice
// (had not nil), twice reports it.
func idents(had []Ident, ps []pIdent, twice func()) []Ident {
	if had != nil {
		twice()
	}
	out := []Ident{}
	for _, t := range ps {
		out = append(out, ident(t))
	}
	return out
}

func (c *converter) cardInt(p *pSignedInt) *CardInt {
	n, err := strconv.ParseInt(p.N, 10, 32)
	if err != nil {
		c.errorf(toPos(p.Pos), "%s is not a number a card can print", p.N)
	}
	if p.Neg {
		n = -n
	}
	return &CardInt{Pos: toPos(p.Pos), N: n}
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

// identList prints a card item of identifiers on a line of its own
// (types creature, land), if there are any.
func (p *printer) identList(word string, ids []Ident) {
	if len(ids) == 0 {
		return
	}
	p.newLine()
	p.tok(ids[0].Pos, word)
	for i, t := range ids {
		if i > 0 {
			p.text(", ")
		}
		p.ident(t)
	}
}

// cardDecl prints a card's body in one order: cost, types, subtypes,
// power and toughness (on one line), keywords, then its clauses.
func (p *printer) cardDecl(d *CardDecl) {
	if d.Token {
		p.tok(d.Pos, "token ")
	} else {
		p.tok(d.Pos, "card ")
	}
	p.ident(d.Ident)
	p.text(" ")
	p.tok(d.NamePos, strconv.Quote(d.Name))
	p.openBody()
	if d.Cost != nil {
		p.newLine()
		p.tok(d.Cost.Pos, "cost ")
		p.text(strconv.Quote(d.Cost.Value))
	}
	p.identList("types ", d.Types)
	if len(d.Subtypes) > 0 {
		p.newLine()
		p.tok(d.Subtypes[0].Pos, "subtypes ")
		for i, s := range d.Subtypes {
			if i > 0 {
				p.text(", ")
			}
			p.tok(s.Pos, strconv.Quote(s.Value))
		}
	}
	if d.Power != nil || d.Toughness != nil {
		p.newLine()
		if d.Power != nil {
			p.tok(d.Power.Pos, "power "+strconv.FormatInt(d.Power.N, 10))
		}
		if d.Toughness != nil {
			if d.Power != nil {
				p.text(" ")
			}
			p.tok(d.Toughness.Pos, "toughness "+strconv.FormatInt(d.Toughness.N, 10))
		}
	}
	if len(d.Keywords) > 0 {
		p.newLine()
		p.tok(d.Keywords[0].Name.Pos, "keywords ")
		for i, k := range d.Keywords {
			if i > 0 {
				p.text(", ")
			}
			p.ident(k.Name)
			if k.Arg != nil {
				p.text(" " + strconv.FormatInt(k.Arg.N, 10))
			}
		}
	}
	p.identList("enchant ", d.Enchant)
	for _, ch := range d.Characteristics {
		p.newLine()
		p.characteristic(ch.Pos, ch.Name, ch.Rules, ch.Param, ch.Value)
	}
	for _, k := range d.Triggers {
		p.newLine()
		p.tok(k.Pos, "triggered")
		p.triggeredTail(k)
	}
	for _, a := range d.Activated {
		p.newLine()
		p.tok(a.Pos, "activated")
		p.rules(a.Rules)
		if a.From != nil {
			p.text(" from ")
			p.ident(*a.From)
		}
		if a.Cost != nil {
			p.text(" cost " + strconv.Quote(a.Cost.Value))
		}
		if a.Tap {
			p.text(" tap")
		}
		if a.Timing != nil {
			p.text(" timing ")
			p.ident(*a.Timing)
		}
		p.text(" does ")
		p.ident(a.Effect)
		if len(a.Args) > 0 {
			p.text("(" + strings.Join(a.Args, ", ") + ")")
		}
	}
	if s := d.Spell; s != nil {
		p.newLine()
		p.tok(s.Pos, "spell")
		p.rules(s.Rules)
		p.text(" does ")
		p.ident(s.Effect)
		if len(s.Args) > 0 {
			p.text("(" + strings.Join(s.Args, ", ") + ")")
		}
	}
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
	for _, rp := range d.Replacements {
		p.newLine()
		p.replaceDecl(rp)
	}
	p.closeBody(d.Pos)
}
