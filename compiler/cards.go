package compiler

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/mtgc-dev/mtgc/grammar"
	"github.com/mtgc-dev/mtgc/rules"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// Card is a card a ruleset declares (`card IDENT "Name" {...}`). Its
// clauses, joined to the rules' clauses of the same predicates, apply to
// its objects alone: each is scoped by is_card(self, "Name").
type Card struct {
	Name  string
	Ident string
	Pos   grammar.Pos
	// Card is what an object made from the card starts with: its name,
	// cost, types, subtypes, power/toughness and keywords, and Declared,
	// its name, which is_card reads (rt.Rules.Cards; a script's
	// `battlefield p1 'Name' card`). Set once the rules are checked
	// (checkCards).
	Card rt.Card
	decl *grammar.CardDecl
}

// expandCards replaces each card declaration by what it means in the
// language the checker already knows: each of its clauses as a predicate
// clause whose condition also requires `is_card(self, "Name")` (the
// object was made from this card: no keyword bit per card, so the rules'
// 64 keywords do not bound the cards). The checker then checks the
// clauses (names, types, positions, did-you-mean) and both back ends
// evaluate them as they evaluate the rules' clauses: no Go per card.
func expandCards(files []*grammar.File, before []Card) ([]*grammar.File, []Card, []cardValue, grammar.ErrorList) {
	var cards []Card
	var values []cardValue
	var errs grammar.ErrorList
	names := map[string]grammar.Pos{}
	idents := map[string]grammar.Pos{}
	for _, c := range before {
		names[c.Name] = c.Pos
		if c.decl != nil {
			idents[c.decl.Ident.Name] = c.decl.Ident.Pos
		}
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
			if p, dup := idents[cd.Ident.Name]; dup {
				errs = append(errs, &grammar.Error{Pos: cd.Ident.Pos, Msg: "card " + cd.Ident.Name + " declared twice (first at " + p.String() + ")"})
			}
			idents[cd.Ident.Name] = cd.Ident.Pos
			cards = append(cards, Card{Name: cd.Name, Ident: cd.Ident.Name, Pos: cd.Pos, decl: cd})
			for _, cl := range cd.Clauses {
				self := -1
				for j, id := range cl.Params {
					if id.Name == "self" {
						self = j
					}
				}
				if cl.Value {
					// A value: folded into the rules' own once the
					// editions are merged (foldCardValues).
					values = append(values, cardValue{card: cd, pred: cl, self: self})
					continue
				}
				scoped := *cl
				if self < 0 {
					// A static ability of the card's permanents that
					// applies to other objects: it holds while one of
					// them, self, satisfies the condition ("enchanted
					// creature": a == self.attached_to).
					scoped.If = anyOfCard(cl.Pos, cd, cl.If)
					g.Decls = append(g.Decls, &scoped)
					continue
				}
				sp := cl.Params[self].Pos
				scoped.If = &grammar.Binary{Pos: sp, Op: "and",
					X: isCardCall(sp, &grammar.Ident{Pos: sp, Name: "self"}, cd),
					Y: &grammar.ParenExpr{Pos: cl.If.Position(), X: cl.If}}
				g.Decls = append(g.Decls, &scoped)
			}
			for _, rp := range cd.Replacements {
				// A replacement effect of the card (614): as the rules'
				// replacements, scoped to the card's objects.
				scoped := *rp
				if len(rp.Params) > 0 && rp.Params[0].Name == "self" {
					// Of an event that would happen to the card's object.
					sp := rp.Params[0].Pos
					scoped.If = isCardCall(sp, &grammar.Ident{Pos: sp, Name: "self"}, cd)
					if rp.If != nil {
						scoped.If = &grammar.Binary{Pos: sp, Op: "and", X: scoped.If, Y: &grammar.ParenExpr{Pos: rp.If.Position(), X: rp.If}}
					}
				} else {
					// A static ability of the card's permanents that
					// replaces events happening to other objects: it
					// applies while one of them, self, satisfies the
					// condition; what happens instead can't name it.
					if at := selfIn(rp.Body); at != nil {
						errs = append(errs, &grammar.Error{Pos: at.Pos, Msg: "card " + cd.Ident.Name + ": replace " + rp.Name.Name + ": self names one of the card's permanents only in the condition (if ...) when the event happens to another object: which permanent would it be? (name the object the event happens to self for the card's own)"})
						continue
					}
					scoped.If = anyOfCard(rp.Pos, cd, rp.If)
				}
				g.Decls = append(g.Decls, &scoped)
			}
			for _, ch := range cd.Characteristics {
				if ch.Param.Name != "self" {
					errs = append(errs, &grammar.Error{Pos: ch.Param.Pos, Msg: "card " + cd.Ident.Name + ": characteristic " + ch.Name.Name + ": its parameter is self, the card's object it defines (characteristic " + ch.Name.Name + " (self) = ...)"})
					continue
				}
				values = append(values, cardValue{card: cd, char: ch, self: 0})
			}
		}
		out[i] = &g
	}
	return out, cards, values, errs
}

// cardValue is a card's value clause (`predicate KIND RULE... (params) =
// EXPR`) or characteristic-defining ability (`characteristic NAME RULE...
// (self) = EXPR`), kept aside by expandCards and folded into the rules'
// value of that kind, or characteristic of that name, once the editions
// are merged (foldCardValues).
type cardValue struct {
	card *grammar.CardDecl
	pred *grammar.PredicateDecl      // a value clause, or nil
	char *grammar.CharacteristicDecl // a characteristic, or nil
	self int                         // the index of self among its parameters; -1: none
}

// foldCardValues folds each card's values into the rules' own: the first
// value clause of the kind the rules declare (the one the runtime reads),
// or the characteristic of that name. The rules' declaration becomes
//
//	if is_card(self, "Name") then CARD_EXPR else RULES_EXPR
//
// over the card's parameter names (the rules' renamed to them), so that
// the card's value replaces the rules' for its own objects; in the card's
// expression, KIND(args) (a value clause's own kind, called by name) is
// the value without this card: the rules' expression (and earlier cards'),
// given those arguments, so a card says how it combines with the rules
// ("can block any number of creatures": max(blocks_at_most(self),
// game.attackers)). A value clause without self among its parameters is a
// static ability of a permanent that applies to every object while one of
// the card's permanents is on the battlefield (Doran, the Siege Tower: each
// creature assigns combat damage equal to its toughness): its condition is
// any(permanent, w, is_card(w, "Name")). A characteristic-defining ability
// (604.3) applies in every zone: its condition is is_card(self, "Name").
// Both back ends then compile one clause, as written: a card costs a
// comparison of its name where the rules read the value.
func foldCardValues(files []*grammar.File, values []cardValue) ([]*grammar.File, grammar.ErrorList) {
	if len(values) == 0 {
		return files, nil
	}
	var errs grammar.ErrorList
	errorf := func(pos grammar.Pos, format string, args ...any) {
		errs = append(errs, &grammar.Error{Pos: pos, Msg: fmt.Sprintf(format, args...)})
	}
	// The files are the merge's; the declarations folded into are copied
	// (a base's parsed declarations are not changed in place).
	out := append([]*grammar.File(nil), files...)
	copied := map[int]bool{}
	find := func(match func(grammar.Decl) bool) (int, int) {
		for i, f := range out {
			for j, d := range f.Decls {
				if match(d) {
					return i, j
				}
			}
		}
		return -1, -1
	}
	replace := func(i, j int, d grammar.Decl) {
		if !copied[i] {
			g := *out[i]
			g.Decls = append([]grammar.Decl(nil), g.Decls...)
			out[i], copied[i] = &g, true
		}
		out[i].Decls[j] = d
	}
	for _, v := range values {
		name := v.card.Ident.Name
		if cl := v.pred; cl != nil {
			i, j := find(func(d grammar.Decl) bool {
				p, ok := d.(*grammar.PredicateDecl)
				return ok && p.Value && p.Kind.Name == cl.Kind.Name
			})
			if i < 0 {
				var have []string
				for _, f := range out {
					for _, d := range f.Decls {
						if p, ok := d.(*grammar.PredicateDecl); ok && p.Value && !slices.Contains(have, p.Kind.Name) {
							have = append(have, p.Kind.Name)
						}
					}
				}
				errorf(cl.Kind.Pos, "card %s: predicate %s = ...: the rules declare no value %s for the card's to refine (a card's value clause replaces the rules' value of its kind for its objects)%s", name, cl.Kind.Name, cl.Kind.Name, didYouMean(closest(cl.Kind.Name, have, 2)))
				continue
			}
			r := out[i].Decls[j].(*grammar.PredicateDecl)
			if len(r.Params) != len(cl.Params) {
				errorf(cl.Pos, "card %s: predicate %s takes %d parameter(s), as the rules' at %s, not %d", name, cl.Kind.Name, len(r.Params), r.Pos, len(cl.Params))
				continue
			}
			rename := map[string]grammar.Expr{}
			for k, p := range r.Params {
				rename[p.Name] = &grammar.Ident{Pos: cl.Params[k].Pos, Name: cl.Params[k].Name}
			}
			rules, err := substExpr(r.If, rename, "", nil)
			if err != nil {
				errorf(err.Pos, "card %s: predicate %s: %s", name, cl.Kind.Name, err.Msg)
				continue
			}
			own, err := substExpr(cl.If, nil, cl.Kind.Name, func(args []grammar.Expr) (grammar.Expr, *grammar.Error) {
				if len(args) != len(r.Params) {
					return nil, &grammar.Error{Msg: fmt.Sprintf("%s takes %d object(s), not %d", cl.Kind.Name, len(r.Params), len(args))}
				}
				m := map[string]grammar.Expr{}
				for k, p := range r.Params {
					m[p.Name] = args[k]
				}
				e, err := substExpr(r.If, m, "", nil)
				return &grammar.ParenExpr{Pos: args[0].Position(), X: e}, err
			})
			if err != nil {
				errorf(err.Pos, "card %s: predicate %s: %s", name, cl.Kind.Name, err.Msg)
				continue
			}
			pos := cl.Pos
			folded := *r
			folded.Rules = append(append([]grammar.Rule(nil), r.Rules...), cl.Rules...)
			folded.Params = append([]grammar.Ident(nil), cl.Params...)
			switch {
			case v.self >= 0:
				sp := cl.Params[v.self].Pos
				folded.If = &grammar.CondExpr{Pos: pos, Cond: isCardCall(sp, &grammar.Ident{Pos: sp, Name: "self"}, v.card), Then: own, Else: rules}
			case freeIdent(own, "self") == nil:
				folded.If = &grammar.CondExpr{Pos: pos, Cond: anyOfCard(pos, v.card, nil), Then: own, Else: rules}
			default:
				// Scoped by one of the card's permanents, self, in the
				// condition of the value's if: if COND then VALUE else
				// OTHER means VALUE where one of them satisfies COND,
				// OTHER where some is on the battlefield and none does.
				c, ok := unparen(own).(*grammar.CondExpr)
				if !ok {
					at := freeIdent(own, "self")
					errorf(at.Pos, "card %s: predicate %s: a value clause without self among its parameters reads self, one of the card's permanents, only in the condition of its if (if COND then VALUE else %s(...)): which permanent would it read otherwise?", name, cl.Kind.Name, cl.Kind.Name)
					continue
				}
				if at := freeIdent(c.Then, "self"); at != nil {
					errorf(at.Pos, "card %s: predicate %s: self, one of the card's permanents, is read only in the condition of the value's if: with several of them, which one would its value read?", name, cl.Kind.Name)
					continue
				}
				if at := freeIdent(c.Else, "self"); at != nil {
					errorf(at.Pos, "card %s: predicate %s: self, one of the card's permanents, is read only in the condition of the value's if: with several of them, which one would its value read?", name, cl.Kind.Name)
					continue
				}
				folded.If = &grammar.CondExpr{Pos: pos, Cond: anyOfCard(c.Pos, v.card, c.Cond), Then: c.Then,
					Else: &grammar.CondExpr{Pos: pos, Cond: anyOfCard(pos, v.card, nil), Then: c.Else, Else: rules}}
			}
			replace(i, j, &folded)
			continue
		}
		ch := v.char
		i, j := find(func(d grammar.Decl) bool {
			c, ok := d.(*grammar.CharacteristicDecl)
			return ok && c.Name.Name == ch.Name.Name
		})
		if i < 0 {
			var have []string
			for _, f := range out {
				for _, d := range f.Decls {
					if c, ok := d.(*grammar.CharacteristicDecl); ok {
						have = append(have, c.Name.Name)
					}
				}
			}
			errorf(ch.Name.Pos, "card %s: characteristic %s: the rules derive no characteristic %s for the card to define%s", name, ch.Name.Name, ch.Name.Name, didYouMean(closest(ch.Name.Name, have, 2)))
			continue
		}
		r := out[i].Decls[j].(*grammar.CharacteristicDecl)
		rules, err := substExpr(r.Value, map[string]grammar.Expr{r.Param.Name: &grammar.Ident{Pos: ch.Param.Pos, Name: ch.Param.Name}}, "", nil)
		if err != nil {
			errorf(err.Pos, "card %s: characteristic %s: %s", name, ch.Name.Name, err.Msg)
			continue
		}
		folded := *r
		folded.Rules = append(append([]grammar.Rule(nil), r.Rules...), ch.Rules...)
		folded.Param = ch.Param
		sp := ch.Param.Pos
		folded.Value = &grammar.CondExpr{Pos: ch.Pos, Cond: isCardCall(sp, &grammar.Ident{Pos: sp, Name: "self"}, v.card), Then: ch.Value, Else: rules}
		replace(i, j, &folded)
	}
	return out, errs
}

// anyOfCard is any(permanent, self, is_card(self, "Name") and (cond)):
// some permanent of card cd, self, satisfies cond (nil: is one).
func anyOfCard(pos grammar.Pos, cd *grammar.CardDecl, cond grammar.Expr) grammar.Expr {
	self := &grammar.Ident{Pos: pos, Name: "self"}
	var c grammar.Expr = isCardCall(pos, self, cd)
	if cond != nil {
		c = &grammar.Binary{Pos: pos, Op: "and", X: c, Y: &grammar.ParenExpr{Pos: cond.Position(), X: cond}}
	}
	return &grammar.CallExpr{Pos: pos, Fun: grammar.Ident{Pos: pos, Name: "any"}, Args: []grammar.Expr{
		&grammar.Ident{Pos: pos, Name: "permanent"}, self, c}}
}

// selfIn is the first identifier self in block b, or nil.
func selfIn(b *grammar.Block) *grammar.Ident {
	var at *grammar.Ident
	grammar.Inspect(b, func(n grammar.Node) bool {
		if id, ok := n.(*grammar.Ident); ok && id.Name == "self" && at == nil {
			at = id
		}
		return at == nil
	})
	return at
}

func unparen(e grammar.Expr) grammar.Expr {
	for {
		p, ok := e.(*grammar.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}

// freeIdent is the first occurrence of the identifier name in e that no
// binder of e (any, count...) binds, or nil.
func freeIdent(e grammar.Expr, name string) *grammar.Ident {
	switch e := e.(type) {
	case *grammar.Ident:
		if e.Name == name {
			return e
		}
	case *grammar.Binary:
		if at := freeIdent(e.X, name); at != nil {
			return at
		}
		return freeIdent(e.Y, name)
	case *grammar.Unary:
		return freeIdent(e.X, name)
	case *grammar.Selector:
		return freeIdent(e.X, name)
	case *grammar.HasExpr:
		return freeIdent(e.X, name)
	case *grammar.ParenExpr:
		return freeIdent(e.X, name)
	case *grammar.CondExpr:
		for _, x := range []grammar.Expr{e.Cond, e.Then, e.Else} {
			if at := freeIdent(x, name); at != nil {
				return at
			}
		}
	case *grammar.CallExpr:
		b, binds := binders[e.Fun.Name]
		for k, a := range e.Args {
			if binds && k == b {
				if v, ok := a.(*grammar.Ident); ok && v.Name == name {
					return nil // bound below (the kind before it is no expression of it)
				}
				continue
			}
			if at := freeIdent(a, name); at != nil {
				return at
			}
		}
	}
	return nil
}

func isCardCall(pos grammar.Pos, x grammar.Expr, cd *grammar.CardDecl) grammar.Expr {
	return &grammar.CallExpr{Pos: pos, Fun: grammar.Ident{Pos: pos, Name: "is_card"}, Args: []grammar.Expr{
		x, &grammar.StringLit{Pos: cd.NamePos, Value: cd.Name}}}
}

// binders are the functions whose second argument names a variable bound
// in the arguments after it (count(KIND, v, COND)...).
var binders = map[string]int{"count": 1, "any": 1, "all": 1, "sum": 1, "keeps": 3, "chosen": 3}

// substExpr copies e with each free identifier of m replaced by its
// expression, and each call of the function call (when call is not empty)
// by what inline makes of its (substituted) arguments. A bound variable
// that would capture an identifier of a replacement is an error.
func substExpr(e grammar.Expr, m map[string]grammar.Expr, call string, inline func([]grammar.Expr) (grammar.Expr, *grammar.Error)) (grammar.Expr, *grammar.Error) {
	var err *grammar.Error
	var free func(grammar.Expr, map[string]bool)
	free = func(e grammar.Expr, out map[string]bool) {
		switch e := e.(type) {
		case *grammar.Ident:
			out[e.Name] = true
		case *grammar.Binary:
			free(e.X, out)
			free(e.Y, out)
		case *grammar.Unary:
			free(e.X, out)
		case *grammar.Selector:
			free(e.X, out)
		case *grammar.HasExpr:
			free(e.X, out)
		case *grammar.ParenExpr:
			free(e.X, out)
		case *grammar.CondExpr:
			free(e.Cond, out)
			free(e.Then, out)
			free(e.Else, out)
		case *grammar.CallExpr:
			for _, a := range e.Args {
				free(a, out)
			}
		}
	}
	var walk func(grammar.Expr, map[string]grammar.Expr) grammar.Expr
	walk = func(e grammar.Expr, m map[string]grammar.Expr) grammar.Expr {
		switch e := e.(type) {
		case *grammar.Ident:
			if r, ok := m[e.Name]; ok {
				return r
			}
			return e
		case *grammar.Binary:
			return &grammar.Binary{Pos: e.Pos, Op: e.Op, X: walk(e.X, m), Y: walk(e.Y, m)}
		case *grammar.Unary:
			return &grammar.Unary{Pos: e.Pos, Op: e.Op, X: walk(e.X, m)}
		case *grammar.Selector:
			return &grammar.Selector{Pos: e.Pos, X: walk(e.X, m), Sel: e.Sel}
		case *grammar.HasExpr:
			return &grammar.HasExpr{Pos: e.Pos, X: walk(e.X, m), Keyword: e.Keyword}
		case *grammar.ParenExpr:
			return &grammar.ParenExpr{Pos: e.Pos, X: walk(e.X, m)}
		case *grammar.CondExpr:
			return &grammar.CondExpr{Pos: e.Pos, Cond: walk(e.Cond, m), Then: walk(e.Then, m), Else: walk(e.Else, m)}
		case *grammar.CallExpr:
			c := &grammar.CallExpr{Pos: e.Pos, Fun: e.Fun}
			b, binds := binders[e.Fun.Name]
			inner := m
			if binds && b < len(e.Args) {
				if v, ok := e.Args[b].(*grammar.Ident); ok {
					inner = map[string]grammar.Expr{}
					for k, r := range m {
						if k == v.Name {
							continue // shadowed
						}
						fv := map[string]bool{}
						free(r, fv)
						if fv[v.Name] && err == nil {
							err = &grammar.Error{Pos: v.Pos, Msg: fmt.Sprintf("the variable %s would hide the %s the card's clause names: name the card's otherwise", v.Name, v.Name)}
						}
						inner[k] = r
					}
				}
			}
			for k, a := range e.Args {
				if binds && k <= b {
					c.Args = append(c.Args, a) // the kind, the variable (and keeps' player and object below)
					if k < b && e.Fun.Name != "count" && e.Fun.Name != "any" && e.Fun.Name != "all" && e.Fun.Name != "sum" {
						c.Args[k] = walk(a, m)
					}
					continue
				}
				c.Args = append(c.Args, walk(a, inner))
			}
			if call != "" && e.Fun.Name == call {
				r, ierr := inline(c.Args)
				if ierr != nil && err == nil {
					err = ierr
					if !err.Pos.IsValid() {
						err.Pos = e.Pos
					}
				}
				if r != nil {
					return r
				}
			}
			return c
		}
		return e
	}
	out := walk(e, m)
	return out, err
}

// checkCards checks each card's characteristics against the checked
// rules (their card types and keywords, with did-you-mean) and sets its
// rt.Card.
func checkCards(p *Program, cards []Card) grammar.ErrorList {
	var errs grammar.ErrorList
	errorf := func(pos grammar.Pos, format string, args ...any) {
		errs = append(errs, &grammar.Error{Pos: pos, Msg: fmt.Sprintf(format, args...)})
	}
	var typeNames []string
	types := map[string]int{}
	for i, t := range p.CardTypes {
		typeNames = append(typeNames, t.Name)
		types[t.Name] = i
	}
	supers := strings.Fields(rt.SuperSet(0xff).String())
	keywords := map[string]*Keyword{}
	var kwNames []string
	for _, k := range p.Keywords {
		keywords[k.Name] = k
		kwNames = append(kwNames, k.Name)
	}
	for i := range cards {
		c := &cards[i]
		d := c.decl
		if d == nil {
			continue
		}
		card := rt.Card{Name: c.Name, Declared: c.Name, Token: d.Token}
		if d.Cost != nil {
			cost, ok := parseManaCost(d.Cost.Value)
			if !ok {
				errorf(d.Cost.Pos, "card %s: cost %q: want a mana cost as the Oracle prints it, e.g. \"{1}{U}{U}\" or \"{4}\" (or 1UU)", d.Ident.Name, d.Cost.Value)
			}
			card.Cost = cost
		}
		seen := map[string]bool{}
		for _, t := range d.Types {
			if seen[t.Name] {
				errorf(t.Pos, "card %s: type %s given twice", d.Ident.Name, t.Name)
			}
			seen[t.Name] = true
			if j, ok := types[t.Name]; ok {
				card.Types |= 1 << j
				continue
			}
			if s, ok := rt.ParseSuper(t.Name); ok {
				card.Super |= s
				continue
			}
			errorf(t.Pos, "card %s: unknown type %s: not a card type of these rules (%s) nor a supertype (%s)%s", d.Ident.Name, t.Name, strings.Join(typeNames, ", "), strings.Join(supers, ", "), didYouMean(closest(t.Name, append(append([]string(nil), typeNames...), supers...), 2)))
		}
		for _, t := range d.Enchant {
			j, ok := types[t.Name]
			if !ok {
				errorf(t.Pos, "card %s: enchant %s: not a card type of these rules (%s)%s", d.Ident.Name, t.Name, strings.Join(typeNames, ", "), didYouMean(closest(t.Name, typeNames, 2)))
				continue
			}
			card.Enchant |= 1 << j
		}
		if d.Types != nil && card.Types == 0 {
			errorf(d.Types[0].Pos, "card %s: want at least one card type (%s)", d.Ident.Name, strings.Join(typeNames, ", "))
		}
		for _, s := range d.Subtypes {
			if !subtypeRE.MatchString(s.Value) {
				errorf(s.Pos, "card %s: subtype %q: write a subtype in lower case, as subtype(x, \"wall\") reads it (e.g. \"wall\", \"assembly-worker\")", d.Ident.Name, s.Value)
				continue
			}
			card.Subtypes = append(card.Subtypes, s.Value)
		}
		if (d.Power == nil) != (d.Toughness == nil) {
			pos := d.Pos
			if d.Power != nil {
				pos = d.Power.Pos
			} else {
				pos = d.Toughness.Pos
			}
			errorf(pos, "card %s: give both power and toughness (power 2 toughness 2)", d.Ident.Name)
		}
		if d.Power != nil {
			card.Power = int32(d.Power.N)
		}
		if d.Toughness != nil {
			card.Toughness = int32(d.Toughness.N)
		}
		kseen := map[string]bool{}
		for _, kw := range d.Keywords {
			n := kw.Name.Name
			k, ok := keywords[n]
			switch {
			case !ok:
				errorf(kw.Name.Pos, "card %s: unknown keyword %s (these rules declare %s)%s", d.Ident.Name, n, strings.Join(kwNames, ", "), didYouMean(closest(n, kwNames, 2)))
				continue
			case k.Param != "" && kw.Arg == nil:
				errorf(kw.Name.Pos, "card %s: keyword %s takes a number (%s %s): e.g. %s 2", d.Ident.Name, n, n, k.Param, n)
				continue
			case k.Param == "" && kw.Arg != nil:
				errorf(kw.Arg.Pos, "card %s: keyword %s takes no number", d.Ident.Name, n)
				continue
			case k.Param == "" && kseen[n]:
				errorf(kw.Name.Pos, "card %s: keyword %s given twice", d.Ident.Name, n)
				continue
			}
			kseen[n] = true
			if kw.Arg != nil {
				if kw.Arg.N < 0 || kw.Arg.N > 1<<20 {
					errorf(kw.Arg.Pos, "card %s: keyword %s: %d is not a number from 0 to %d", d.Ident.Name, n, kw.Arg.N, 1<<20)
					continue
				}
				n += ":" + strconv.FormatInt(kw.Arg.N, 10)
			}
			card.Keywords = append(card.Keywords, n)
		}
		for _, k := range d.Triggers {
			if t, ok := cardTrigger(p, d, k, errorf); ok {
				card.Triggers = append(card.Triggers, t)
			}
		}
		for _, a := range d.Activated {
			if ab, ok := cardActivated(p, d, a, errorf); ok {
				card.Abilities = append(card.Abilities, ab)
			}
		}
		if s := d.Spell; s != nil {
			// 608.2, 608.2c: an instant or a sorcery does what its
			// text says as it resolves; a permanent spell becomes a
			// permanent.
			nonperm := false
			for i, t := range p.CardTypes {
				if card.Types&(1<<i) != 0 && slices.Contains(t.Props, "nonpermanent") {
					nonperm = true
				}
			}
			// An Aura spell (303.4a, 702.5a) targets what its enchant
			// ability allows: its effect happens as it resolves, before
			// it enters the battlefield (attached to its target).
			aura := !nonperm && len(d.Enchant) > 0
			if !nonperm && !aura {
				errorf(s.Pos, "card %s: only an instant, a sorcery (a card type of these rules that is nonpermanent) or an Aura (enchant ...) does something as it resolves: a permanent spell becomes a permanent", d.Ident.Name)
			}
			sp := rt.Triggered{Label: d.Name}
			if cardEffect(p, d, s.Effect, s.Args, &sp, errorf) && (nonperm || aura) {
				card.Spell = sp
			}
		}
		c.Card = card
	}
	return errs
}

// cardTrigger checks a card's triggered ability: one of the rules' trigger
// events (with its argument) and one of their effects, given its numbers
// (its targets are chosen as it goes on the stack).
func cardTrigger(p *Program, d *grammar.CardDecl, k *grammar.KeywordKind, errorf func(grammar.Pos, string, ...any)) (rt.Trigger, bool) {
	t := rt.Trigger{Triggered: rt.Triggered{Label: d.Name}}
	var te *TriggerEvent
	var events []string
	for _, e := range p.TriggerEvents {
		events = append(events, e.Name)
		if e.Name == k.Event.Name {
			te = e
		}
	}
	if te == nil {
		errorf(k.Event.Pos, "card %s: unknown trigger event %s%s", d.Ident.Name, k.Event.Name, didYouMean(closest(k.Event.Name, events, 2)))
		return t, false
	}
	t.Event = rt.EventID(te.Index + 1)
	switch {
	case te.Param == 0 && (k.Arg != nil || k.ArgNum != nil):
		errorf(k.Event.Pos, "card %s: trigger event %s takes no argument", d.Ident.Name, te.Name)
		return t, false
	case te.Param == 'i':
		n, err := int64(0), error(nil)
		if k.ArgNum != nil {
			n, err = strconv.ParseInt(*k.ArgNum, 10, 32)
		}
		if k.ArgNum == nil || err != nil {
			errorf(k.Event.Pos, "card %s: trigger event %s takes a number: on %s N", d.Ident.Name, te.Name, te.Name)
			return t, false
		}
		t.Arg = int32(n)
	case te.Param == 'k':
		j := -1
		for i, kw := range p.Keywords {
			if k.Arg != nil && kw.Name == k.Arg.Name {
				j = i
			}
		}
		if j < 0 {
			errorf(k.Event.Pos, "card %s: trigger event %s takes a keyword: on %s KEYWORD", d.Ident.Name, te.Name, te.Name)
			return t, false
		}
		t.Arg = int32(j)
	case te.Param == 's':
		var segs []string
		for _, ph := range p.Phases {
			segs = append(segs, ph.Name)
			for _, st := range ph.Steps {
				segs = append(segs, st.Name)
			}
		}
		if k.Arg == nil || !slices.Contains(segs, k.Arg.Name) {
			errorf(k.Event.Pos, "card %s: trigger event %s takes a step or phase: on %s STEP", d.Ident.Name, te.Name, te.Name)
			return t, false
		}
		t.Segment = k.Arg.Name
	}
	ok := cardEffect(p, d, k.Effect, k.Args, &t.Triggered, errorf)
	return t, ok
}

// cardEffect checks the effect a card's ability applies, given its numbers
// (its targets are chosen as the ability goes on the stack).
func cardEffect(p *Program, d *grammar.CardDecl, name grammar.Ident, args []string, t *rt.Triggered, errorf func(grammar.Pos, string, ...any)) bool {
	var so *StackObject
	var effects []string
	for _, e := range p.Effects {
		effects = append(effects, e.Name)
		if e.Name == name.Name {
			so = e
		}
	}
	if so == nil {
		errorf(name.Pos, "card %s: unknown effect %s%s", d.Ident.Name, name.Name, didYouMean(closest(name.Name, effects, 2)))
		return false
	}
	t.Effect = int16(so.Index + 1)
	var given []int
	for j := range so.Types {
		if !so.IsTarget(j) {
			given = append(given, j)
		}
	}
	if len(args) != len(given) {
		errorf(name.Pos, "card %s: effect %s takes %d number(s), not %d", d.Ident.Name, so.Name, len(given), len(args))
		return false
	}
	for a, j := range given {
		n, err := strconv.ParseInt(args[a], 10, 32)
		if so.Types[j] != Int || err != nil {
			errorf(name.Pos, "card %s: effect %s's parameter %d: a card's ability gives an effect numbers (%s is not one)", d.Ident.Name, so.Name, j+1, args[a])
			return false
		}
		t.Args[j] = int32(n)
	}
	return true
}

// cardActivated checks a card's activated ability: its cost, timing (one
// of the rules') and effect.
func cardActivated(p *Program, d *grammar.CardDecl, a *grammar.CardActivated, errorf func(grammar.Pos, string, ...any)) (rt.Ability, bool) {
	ab := rt.Ability{Label: d.Name, Tap: a.Tap, Effect: rt.Trigger{Triggered: rt.Triggered{Label: d.Name}}}
	ok := true
	if a.Cost != nil {
		cost, good := parseManaCost(a.Cost.Value)
		if !good {
			errorf(a.Cost.Pos, "card %s: cost %q: want a mana cost as the Oracle prints it, e.g. \"{1}{R}\"", d.Ident.Name, a.Cost.Value)
			ok = false
		}
		ab.Cost = cost
	}
	if a.Timing != nil {
		var names []string
		found := false
		for _, t := range p.Timings {
			names = append(names, t.Name)
			found = found || t.Name == a.Timing.Name
		}
		if !found {
			errorf(a.Timing.Pos, "card %s: unknown timing %s%s", d.Ident.Name, a.Timing.Name, didYouMean(closest(a.Timing.Name, names, 2)))
			ok = false
		}
		ab.Timing = a.Timing.Name
	}
	if a.From != nil {
		// 113.6 (an ability functions only on the battlefield unless it
		// says otherwise): the zones an ability may say.
		switch a.From.Name {
		case "hand":
			ab.Zone = rt.ZoneHand
		default:
			errorf(a.From.Pos, "card %s: an activated ability functions from the battlefield or from hand, not from %s", d.Ident.Name, a.From.Name)
			ok = false
		}
		if a.Tap {
			errorf(a.From.Pos, "card %s: an ability that functions from the %s can't cost {T}: only a permanent taps", d.Ident.Name, a.From.Name)
			ok = false
		}
	}
	if !cardEffect(p, d, a.Effect, a.Args, &ab.Effect.Triggered, errorf) {
		ok = false
	}
	return ab, ok
}

var subtypeRE = regexp.MustCompile(`^[a-z][a-z'-]*$`)

// parseManaCost reads a cost as the Oracle prints it ("{1}{U}{U}",
// "{4}", "{0}") or as scripts write it ("1UU").
func parseManaCost(s string) (rt.Cost, bool) {
	if !strings.HasPrefix(s, "{") {
		return rt.ParseCost(s)
	}
	generic, colored := 0, ""
	for s != "" {
		if s[0] != '{' {
			return rt.Cost{}, false
		}
		end := strings.IndexByte(s, '}')
		if end < 0 {
			return rt.Cost{}, false
		}
		sym := s[1:end]
		s = s[end+1:]
		if n, err := strconv.Atoi(sym); err == nil && n >= 0 && n <= 1000 && sym != "" && sym[0] != '+' && sym[0] != '-' {
			generic += n
			continue
		}
		if len(sym) != 1 || !strings.Contains("WUBRG", sym) {
			return rt.Cost{}, false
		}
		colored += sym
	}
	return rt.ParseCost(strconv.Itoa(generic) + colored)
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
