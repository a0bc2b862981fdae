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
			return !k.All()
		}
	}
	return k.All()
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
