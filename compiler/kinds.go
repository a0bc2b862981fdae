package compiler

import (
	"slices"
	"strings"

	"github.com/mtgc-dev/mtgc/grammar"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// PredKind is a kind of predicate the rules declare (`kind NAME (PARAMS)
// [every] [number | player] "DOC"`): the name its predicates are declared
// with and the conditions and declarations that consult them read, its
// parameters, how its predicates combine and what they give. ID is its
// index in the runtime's table (rt.Rules.Kinds), in declaration order
// from 1.
type PredKind struct {
	ID     rt.PredKind
	Name   string
	Params []Type // Object or Player
	// Every: every one of its predicates must hold (none: vacuously);
	// else any one.
	Every bool
	// Value: its predicates give a number, or with Player a player; else
	// they are conditions.
	Value, Player bool
	Doc           string
	Pos           grammar.Pos
	Decl          *grammar.KindDecl
}

// The methods below take a nil kind as none: no parameter, a condition.

// Arity is the number of parameters the kind takes.
func (k *PredKind) Arity() int {
	if k == nil {
		return 0
	}
	return len(k.Params)
}

// IsValue reports whether the kind's predicates give a value (a number or
// a player) rather than a condition.
func (k *PredKind) IsValue() bool { return k != nil && k.Value }

// IsPlayer reports whether the kind's value is a player.
func (k *PredKind) IsPlayer() bool { return k != nil && k.Player }

// All reports whether every predicate of the kind must hold, rather than
// any one.
func (k *PredKind) All() bool { return k != nil && k.Every }

// PlayerParam reports whether parameter i of the kind is a player.
func (k *PredKind) PlayerParam(i int) bool {
	return k != nil && i < len(k.Params) && k.Params[i] == Player
}

func (k *PredKind) String() string { return k.Name }

// Const is the Go constant generated engines name the kind by.
func (k *PredKind) Const() string { return "kind_" + k.Name }

// Spec is the kind as the runtime's table describes it.
func (k *PredKind) Spec() rt.PredSpec {
	s := rt.PredSpec{Name: k.Name, Params: len(k.Params), Value: k.Value, Player: k.Player, All: k.Every, Doc: k.Doc}
	for i := range k.Params {
		if k.PlayerParam(i) {
			s.Players |= 1 << i
		}
	}
	return s
}

// kindDecl checks a kind declaration: a name of its own, one or two
// parameters, each an object or a player, and what its predicates give.
func (c *checker) kindDecl(d *grammar.KindDecl) {
	n := d.Name.Name
	c.name(d.Name, "kind")
	if prev := c.p.Kind(n); prev != nil {
		c.errorf(d.Name.Pos, "kind %s already declared at %s", n, prev.Pos)
		return
	}
	if _, ok := functions[n]; ok || slices.ContainsFunc(specialForms, func(f struct{ Name, Doc string }) bool { return f.Name == n }) {
		c.errorf(d.Name.Pos, "kind %s: %s is a function of the language (a value kind is called by its name)", n, n)
		return
	}
	if len(c.p.Kinds) == rt.MaxPredKinds-1 {
		c.errorf(d.Name.Pos, "too many kinds of predicate (at most %d)", rt.MaxPredKinds-1)
		return
	}
	k := &PredKind{ID: rt.PredKind(len(c.p.Kinds) + 1), Name: n, Every: d.Every, Doc: d.Doc, Pos: d.Pos, Decl: d}
	if len(d.Params) == 0 || len(d.Params) > 2 {
		c.errorf(d.Name.Pos, "kind %s takes one or two parameters, not %d", n, len(d.Params))
		return
	}
	for _, p := range d.Params {
		switch {
		case p.Target || p.Cost || p.Or || p.Where != nil:
			c.errorf(p.Name.Pos, "a kind's parameter is `object NAME` or `player NAME`")
			return
		case p.Type.Name == "object":
			k.Params = append(k.Params, Object)
		case p.Type.Name == "player":
			k.Params = append(k.Params, Player)
		default:
			c.errorf(p.Type.Pos, "a kind's parameter is an object or a player, not %s", p.Type.Name)
			return
		}
	}
	if r := d.Result; r != nil {
		switch r.Name {
		case "number":
			k.Value = true
		case "player":
			k.Value, k.Player = true, true
		default:
			c.errorf(r.Pos, "a kind gives a condition (say nothing), a number or a player, not %s", r.Name)
			return
		}
		if d.Every {
			c.errorf(d.Name.Pos, "kind %s is a value: its first predicate gives it (every is for conditions)", n)
			return
		}
	}
	if strings.TrimSpace(d.Doc) == "" {
		c.errorf(d.Name.Pos, "kind %s: say what its predicates mean (its last string)", n)
		return
	}
	c.p.Kinds = append(c.p.Kinds, k)
}

// Kind is the kind of predicate the rules declare by name, nil if none.
func (p *Program) Kind(name string) *PredKind {
	for _, k := range p.Kinds {
		if k.Name == name {
			return k
		}
	}
	return nil
}

// kindNames lists the names of the kinds the rules declare.
func (p *Program) kindNames() []string {
	out := make([]string, len(p.Kinds))
	for i, k := range p.Kinds {
		out[i] = k.Name
	}
	return out
}

// KindID is the runtime's index of kind k (0 for none).
func KindID(k *PredKind) rt.PredKind {
	if k == nil {
		return 0
	}
	return k.ID
}

// KindIDs are the runtime's indexes of kinds ks.
func KindIDs(ks []*PredKind) []rt.PredKind {
	if ks == nil {
		return nil
	}
	out := make([]rt.PredKind, len(ks))
	for i, k := range ks {
		out[i] = k.ID
	}
	return out
}

// KindSpecs is the runtime's table of the kinds (rt.Rules.Kinds): index 0
// none, then the kinds in declaration order.
func (p *Program) KindSpecs() []rt.PredSpec {
	out := make([]rt.PredSpec, len(p.Kinds)+1)
	for i, k := range p.Kinds {
		out[i+1] = k.Spec()
	}
	return out
}
