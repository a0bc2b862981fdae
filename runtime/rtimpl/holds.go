package rtimpl

// The rules' predicates as the .mtg reads them (holds(KIND, x, y), a value
// predicate called by name): the kind is the .mtg's choice, the runtime
// only evaluates it.

// Holds2 is Holds for the kinds of two parameters (a player as
// ObjID(p)): every one holds for the can_ kinds, any one for the others.
func (g Exec) Holds2(k PredKind, x, y ObjID) bool {
	if k >= numPredKinds || k.Arity() != 2 || k.IsValue() || !k.PlayerParam(0) && !g.valid(x) || !k.PlayerParam(1) && !g.valid(y) {
		return false
	}
	for _, i := range g.predsOf(k) {
		if g.Rules.Predicates[i].Test2(g, x, y) != k.All() {
			if a := g.aux; a != nil && !k.All() {
				a.held = int32(i) // the clause a refusal quotes (fnTest2)
			}
			return !k.All()
		}
	}
	return k.All()
}

// FnID is a function the rules give a statement as an argument:
// given(s, b, EXPR) in the .mtg, Rules.Fns[f-1]; 0 is none.
type FnID int32

// fn is the rules' function f, nil if f is none.
func (g *Game) fn(f FnID) *Predicate {
	if f <= 0 || int(f) > len(g.Rules.Fns) {
		return nil
	}
	return &g.Rules.Fns[f-1]
}

// fnTest2 evaluates the rules' function f, a condition of two
// parameters, for (x, y); false if f is none. held is the clause of a
// rules' predicate found holding as it did (Holds2), -1 if none: the one
// a refusal quotes.
func (g *Game) fnTest2(f FnID, x, y ObjID) (ok bool, held int32) {
	fn := g.fn(f)
	if fn == nil || fn.Test2 == nil {
		return false, -1
	}
	a := g.auxOf()
	a.held = -1
	ok = fn.Test2(g.exec(), x, y)
	return ok, a.held
}

// fnValue2 evaluates the rules' function f, a value of two parameters,
// for (x, y); 0 if f is none.
func (g *Game) fnValue2(f FnID, x, y ObjID) int32 {
	if fn := g.fn(f); fn != nil && fn.Value2 != nil {
		return fn.Value2(g.exec(), x, y)
	}
	return 0
}

// fnShaped reports whether f is none or a function of the rules that is
// a condition (value: a value) of two parameters: a loaded game's are
// checked so.
func (g *Game) fnShaped(f FnID, value bool) bool {
	if f == 0 {
		return true
	}
	fn := g.fn(f)
	switch {
	case fn == nil:
		return false
	case value:
		return fn.Value2 != nil
	}
	return fn.Test2 != nil
}

// PredValue is the value of the first of the rules' predicates of kind k
// (a value of one object) for x: a number, or a player's index; -1 (no
// player) or 0 if the rules have none, x is no object or k is not a value
// of one object. The .mtg calls a value predicate by name
// (assigns_damage(a), defender_of(t)).
func (g Exec) PredValue(k PredKind, x ObjID) int32 {
	if k >= numPredKinds {
		return 0
	}
	none := int32(0)
	if k.IsPlayer() {
		none = -1
	}
	if k.Arity() != 1 || !k.IsValue() || !g.valid(x) {
		return none
	}
	if ix := g.predsOf(k); len(ix) > 0 {
		return g.Rules.Predicates[ix[0]].Value(g, x)
	}
	return none
}

// PredValue2 is PredValue for a kind of two objects: lethal_damage(s, b).
func (g Exec) PredValue2(k PredKind, x, y ObjID) int32 {
	if k >= numPredKinds || k.Arity() != 2 || !k.IsValue() || k.IsPlayer() || !g.param(k, 0, x) || !g.param(k, 1, y) {
		return 0
	}
	if ix := g.predsOf(k); len(ix) > 0 {
		return g.Rules.Predicates[ix[0]].Value2(g, x, y)
	}
	return 0
}

// param reports whether v is a value of parameter i of kind k: a player
// (its index) or an object, as the kind says.
func (g Exec) param(k PredKind, i int, v ObjID) bool {
	if k.PlayerParam(i) {
		return g.IsPlayer(int(v))
	}
	return g.valid(v)
}

// clauseName is how a refusal names a clause of the rules' predicates
// ("a division_restriction") or a function of the rules ("the rules'
// condition"): the text of a message, no decision.
func clauseName(p *Predicate) string {
	if p.Kind == 0 {
		return "the rules' condition"
	}
	return "a " + p.Kind.String()
}

// clauseWhy is what a refusal quotes of the clause or function p: its
// kind (if any), where the .mtg says it and what it says.
func clauseWhy(p *Predicate) string {
	if p.Kind == 0 {
		return p.Pos + ": " + p.Text
	}
	return p.Kind.String() + ", " + p.Pos + ": " + p.Text
}
