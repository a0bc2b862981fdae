package compiler

import (
	"github.com/mtgc-dev/mtgc/grammar"
	"github.com/mtgc-dev/mtgc/rules"
)

// Card is a card a ruleset declares (`card IDENT "Name" {...}`): Keyword
// is the keyword its objects carry, so that its clauses, joined to the
// rules' clauses of the same predicates, apply to them alone.
type Card struct {
	Name    string
	Keyword string
	Pos     grammar.Pos
}

// expandCards replaces each card declaration by what it means in the
// language the checker already knows: a keyword named by the card's
// identifier, and each of its clauses as a predicate clause whose
// condition also requires `self has IDENT`. The checker then checks the
// clauses (names, types, positions, did-you-mean) and both back ends
// evaluate them as they evaluate the rules' clauses: no Go per card.
func expandCards(files []*grammar.File, before []Card) ([]*grammar.File, []Card, grammar.ErrorList) {
	var cards []Card
	var errs grammar.ErrorList
	names := map[string]grammar.Pos{}
	for _, c := range before {
		names[c.Name] = c.Pos
	}
	out, copied := files, false
	for i, f := range files {
		has := false
		for _, d := range f.Decls {
			if _, ok := d.(*grammar.CardDecl); ok {
				has = true
				break
			}
		}
		if !has {
			continue
		}
		if !copied {
			out, copied = append([]*grammar.File(nil), files...), true
		}
		g := *f
		g.Decls = nil
		for _, d := range f.Decls {
			cd, ok := d.(*grammar.CardDecl)
			if !ok {
				g.Decls = append(g.Decls, d)
				continue
			}
			if cd.Name == "" {
				errs = append(errs, &grammar.Error{Pos: cd.NamePos, Msg: "card " + cd.Ident.Name + ": want its name, e.g. \"Phantom Warrior\""})
			}
			if p, dup := names[cd.Name]; dup {
				errs = append(errs, &grammar.Error{Pos: cd.NamePos, Msg: "card " + quoteName(cd.Name) + " declared twice (first at " + p.String() + ")"})
			}
			names[cd.Name] = cd.NamePos
			cards = append(cards, Card{Name: cd.Name, Keyword: cd.Ident.Name, Pos: cd.Pos})
			g.Decls = append(g.Decls, &grammar.KeywordDecl{Pos: cd.Pos, Name: cd.Ident})
			for _, cl := range cd.Clauses {
				self := -1
				for j, id := range cl.Params {
					if id.Name == "self" {
						self = j
					}
				}
				if self < 0 {
					errs = append(errs, &grammar.Error{Pos: cl.Pos, Msg: "card " + cd.Ident.Name + ": a card's clause names self among its parameters, the card's object it applies to (e.g. predicate cant_block \"509.1b\" (self, a) if ...)"})
					continue
				}
				if cl.Value {
					errs = append(errs, &grammar.Error{Pos: cl.Pos, Msg: "card " + cd.Ident.Name + ": predicate " + cl.Kind.Name + " = ...: a card's clause is a condition (if ...), not a value"})
					continue
				}
				sp := cl.Params[self].Pos
				scoped := *cl
				scoped.If = &grammar.Binary{Pos: sp, Op: "and",
					X: &grammar.HasExpr{Pos: sp, X: &grammar.Ident{Pos: sp, Name: "self"}, Keyword: cd.Ident},
					Y: &grammar.ParenExpr{Pos: cl.If.Position(), X: cl.If}}
				g.Decls = append(g.Decls, &scoped)
			}
		}
		out[i] = &g
	}
	return out, cards, errs
}

func quoteName(s string) string { return "\"" + s + "\"" }

// embeddedBase reads the embedded edition base, and the editions it
// extends, as the layers from layer on: the base of a directory (a card
// library) that has no copy of its rules beside it.
func embeddedBase(base string, layer int) ([]Source, map[string][]byte, bool) {
	e, ok := rules.Lookup(base)
	if !ok {
		return nil, nil, false
	}
	srcs, idx, err := ReadEdition(rules.FS, e.Dir, e.Shown)
	if err != nil {
		return nil, nil, false
	}
	for i := range srcs {
		srcs[i].Layer += layer
	}
	return srcs, idx, true
}
