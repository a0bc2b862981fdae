package compiler

import rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"

// sbaReads is what the match of an sba reads, from its IR: the kinds its
// queries range over and the rows of the attributes and functions it
// calls. The runtime matches it again only after a change to one of
// these (rt.SBA.Reads). Whatever is not known here reads everything.
func sbaReads(s *SBA) rt.Changes {
	return kindReads(s.Kind) | exprReads(s.Match)
}

// sbaCharacteristicReads adds to the reads of each sba whose match reads a
// characteristic the rules derive (x.power, x.toughness, x.NAME of a
// derived one: derived(x, NAME)) what its derivation reads, and what those
// it reads in turn read: a card's characteristic-defining ability may read
// more than its object (Maro: its controller's hand), and its sba must be
// matched again after that changes. A derivation named otherwise than by a
// constant may be any: it reads what every derivation reads.
func (c *checker) sbaCharacteristicReads() {
	chars := map[string]*Characteristic{}
	for _, ch := range append([]*Characteristic{c.p.Power, c.p.Toughness}, c.p.Derived...) {
		if ch != nil {
			chars[ch.Name] = ch
		}
	}
	if len(chars) == 0 {
		return
	}
	// uses lists what an expression reads of the derivations: the
	// characteristics it names, and whether it reads any (derived).
	uses := func(e Expr) (names []string, any bool) {
		eachExpr(e, func(x Expr) {
			switch x := x.(type) {
			case *AttrRef:
				if x.B.Recv == Object && chars[x.B.Name] != nil {
					names = append(names, x.B.Name)
				}
			case *Call:
				if x.B.Name != "derived" && x.B.Name != "derived_holds" {
					break
				}
				// x.NAME of a derived characteristic is derived(x, NAME).
				if lit, ok := x.Args[len(x.Args)-1].(*EnumLit); ok && chars[lit.E.Name] != nil {
					names = append(names, lit.E.Name)
				} else {
					any = true
				}
			}
		})
		return names, any
	}
	var all rt.Changes
	for _, ch := range chars {
		all |= exprReads(ch.Expr)
	}
	// reads is what the derivations named read, transitively.
	reads := func(names []string) rt.Changes {
		var r rt.Changes
		seen := map[string]bool{}
		for len(names) > 0 {
			n := names[len(names)-1]
			names = names[:len(names)-1]
			if seen[n] {
				continue
			}
			seen[n] = true
			r |= exprReads(chars[n].Expr)
			more, any := uses(chars[n].Expr)
			if any {
				return all
			}
			names = append(names, more...)
		}
		return r
	}
	for _, s := range c.p.SBAs {
		names, any := uses(s.Match)
		switch {
		case any:
			s.Reads |= all
		case len(names) > 0:
			s.Reads |= reads(names)
		}
	}
}

func kindReads(k *Kind) rt.Changes {
	if k == nil {
		return rt.ChangeAll
	}
	switch k.Over {
	case rt.OverPlayers:
		return rt.ChangePlayers
	case rt.OverPlayersAPNAP:
		return rt.ChangeAll // the players, and who is active
	case rt.OverAnything:
		return rt.ChangeBattlefield | rt.ChangeZones
	case rt.OverObjects, rt.OverPermanents:
		return rt.ChangeBattlefield // the battlefield's objects
	}
	return rt.ChangeBattlefield | rt.ChangeCombat // a combat list (attackers, blockers...)
}

// builtinReads is what an attribute or function row reads; of is the type
// of the value it is read from (Game for game.NAME).
func builtinReads(b *Builtin, of Type) rt.Changes {
	var c rt.Changes
	if b.Reads&ReadsPosition != 0 {
		c |= rt.ChangePosition
	}
	if b.Reads&ReadsTapped != 0 {
		c |= rt.ChangeTapped
	}
	if b.Reads&ReadsMana != 0 {
		c |= rt.ChangeMana
	}
	if b.Reads&ReadsHeld != 0 {
		c |= rt.ChangeHeld
	}
	if b.Reads&ReadsCombat != 0 {
		c |= rt.ChangeCombat
	}
	switch {
	case b.Form == Attribute && of == Player:
		c |= rt.ChangePlayers
		if b.Name == "attacked" {
			c |= rt.ChangeBattlefield | rt.ChangeCombat
		}
	case b.Form == Attribute && of == Object:
		c |= rt.ChangeBattlefield
		switch b.Name {
		case "on_stack", "on_battlefield", "trigger_pending":
			c |= rt.ChangeZones | rt.ChangePlayers
		}
	case b.Form == Function:
		c |= rt.ChangeBattlefield
		if b.Name == "trigger_pending_on" {
			c |= rt.ChangeZones | rt.ChangePlayers // the abilities waiting and on the stack, as trigger_pending
		}
	default: // the game's attributes, and anything else
		c = rt.ChangeAll
	}
	return c
}

func exprReads(e Expr) rt.Changes {
	switch e := e.(type) {
	case nil:
		return 0
	case *Lit, *VarRef, *EnumLit:
		return 0
	case *Paren:
		return exprReads(e.X)
	case *Unary:
		return exprReads(e.X)
	case *Binary:
		return exprReads(e.X) | exprReads(e.Y)
	case *CondExpr:
		return exprReads(e.Cond) | exprReads(e.Then) | exprReads(e.Else)
	case *AttrRef:
		if e.X == nil {
			return builtinReads(e.B, Game)
		}
		return builtinReads(e.B, e.X.Type()) | exprReads(e.X)
	case *Call:
		c := builtinReads(e.B, Invalid)
		for _, a := range e.Args {
			c |= exprReads(a)
		}
		return c
	case *HasKeyword:
		return rt.ChangeBattlefield | exprReads(e.X)
	case *MinMax:
		var c rt.Changes
		for _, a := range e.Args {
			c |= exprReads(a)
		}
		return c
	case *Quant:
		return kindReads(e.Q.Kind) | exprReads(e.Q.Where) | exprReads(e.Val)
	case *Choice:
		// The choice itself is made within one check, between a match
		// that asked and the next, which what changed still calls for.
		return kindReads(e.Q.Kind) | exprReads(e.Q.Where) | exprReads(e.P) | exprReads(e.X)
	case *Active, *Segment:
		return rt.ChangePosition
	}
	// holds (the rules' predicates) and any node added later: everything.
	return rt.ChangeAll
}

// changesGo writes c as Go: the rt.Change constants or'ed.
func changesGo(c rt.Changes) string {
	if c == rt.ChangeAll {
		return "rt.ChangeAll"
	}
	names := []string{"ChangePosition", "ChangeTapped", "ChangeMana", "ChangePlayers", "ChangeBattlefield", "ChangeZones", "ChangeHeld", "ChangeCombat"}
	out := ""
	for i, n := range names {
		if c&(1<<i) != 0 {
			if out != "" {
				out += "|"
			}
			out += "rt." + n
		}
	}
	if out == "" {
		return "rt.ChangeAll" // reads nothing that changes: match it anyway
	}
	return out
}

// tokenOrCopy reports whether e, the match of an sba over anything whose
// variable is v, holds only for a token or a copy: an "and" with such a
// test, or an "or" of such tests, of v's token, spell_copy or card_copy
// (which an object is from its creation on: Game.AnyTokenOrCopy).
func tokenOrCopy(e Expr, v *Var) bool {
	switch e := e.(type) {
	case *Paren:
		return tokenOrCopy(e.X, v)
	case *Binary:
		switch e.Op {
		case OpAnd:
			return tokenOrCopy(e.X, v) || tokenOrCopy(e.Y, v)
		case OpOr:
			return tokenOrCopy(e.X, v) && tokenOrCopy(e.Y, v)
		}
	case *AttrRef:
		r, ok := e.X.(*VarRef)
		if !ok || r.Var != v || e.B.Form != Attribute {
			return false
		}
		switch e.B.Name {
		case "token", "spell_copy", "card_copy":
			return true
		}
	}
	return false
}

// sbaFeatures derives from e, the match of an sba over permanents whose
// variable is x, features one of which x must have for e to hold (the
// runtime skips the sba for an object with none: SBA.Features): x's
// supertypes, its first subtypes kept as bits (aura, equipment,
// fortification), being attached, counters of a kind (counters(x, K) > 0,
// or >= a positive number), a flag it holds; the first guarded side of an
// "and", every side of an "or". 0: no guard.
func sbaFeatures(e Expr, x *Var) uint64 {
	isX := func(e Expr) bool { v, ok := e.(*VarRef); return ok && v.Var == x }
	switch e := e.(type) {
	case *Paren:
		return sbaFeatures(e.X, x)
	case *Binary:
		switch e.Op {
		case OpAnd:
			if f := sbaFeatures(e.X, x); f != 0 {
				return f
			}
			return sbaFeatures(e.Y, x)
		case OpOr:
			a, b := sbaFeatures(e.X, x), sbaFeatures(e.Y, x)
			if a != 0 && b != 0 {
				return a | b
			}
			return 0
		case OpGt, OpGe:
			c, ok := e.X.(*Call)
			lit, isLit := e.Y.(*Lit)
			if !ok || !isLit || c.B.Name != "counters" || len(c.Args) != 2 || !isX(c.Args[0]) {
				return 0
			}
			k, ok := c.Args[1].(*EnumLit)
			if !ok || k.E.Value < 0 || k.E.Value >= rt.MaxCounterKinds {
				return 0
			}
			if n := lit.Int; lit.Type() == Int && (e.Op == OpGt && n >= 0 || e.Op == OpGe && n >= 1) {
				return rt.FeatureCounter << uint(k.E.Value)
			}
		}
	case *AttrRef:
		if e.B.Form == Attribute && e.X != nil && isX(e.X) {
			return rt.FeatureOf[e.B.Go]
		}
	case *Call:
		if e.B.Name == "state_flag" && len(e.Args) == 2 && isX(e.Args[0]) {
			if k, ok := e.Args[1].(*EnumLit); ok && k.E.Value >= int(rt.FirstFlag) && k.E.Value < int(rt.FirstFlag)+rt.MaxStateFlags {
				return rt.FeatureFlag << uint(k.E.Value-int(rt.FirstFlag))
			}
		}
	}
	return 0
}
