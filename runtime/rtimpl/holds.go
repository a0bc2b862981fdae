package rtimpl

// The rules' predicates as the .mtg reads them (holds(KIND, x, y), a value
// predicate called by name): the kind is the .mtg's choice, the runtime
// only evaluates it.

// Holds2 is Holds for the kinds of two parameters (a player as
// ObjID(p)): every one holds for a kind declared every, else any one.
func (g Exec) Holds2(k PredKind, x, y ObjID) bool {
	if k >= MaxPredKinds {
		return false
	}
	l := g.lived()
	f := l.flags[k]
	if !g.condition2(f, x, y) {
		return false
	}
	all := f&kfAll != 0
	for _, i := range l.kinds[k] {
		if g.Rules.Predicates[i].Test2(g, x, y) != all {
			if w := g.why; w != nil {
				w.held = int32(i) // the clause that decided: a refusal quotes it (fnEval)
			}
			return !all
		}
	}
	return all
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

// fnEval evaluates the rules' function f for x (and y, for a function of
// two parameters; a player as ObjID(p)): a condition as 1 or 0, a number,
// or a player's index; 0 if f is none. held is the clause of the rules'
// predicates found deciding as it was evaluated (one holding, of a kind
// any one of which holds; one failing, of a kind every one of which must;
// the first of a value), -1 if none: the one a refusal quotes.
func (g *Game) fnEval(f FnID, x, y ObjID) (v int32, held int32) {
	fn := g.fn(f)
	if fn == nil {
		return 0, -1
	}
	a := g.auxOf()
	saved := g.why
	a.why.held = -1
	g.why = &a.why
	e := g.exec()
	switch {
	case fn.Test != nil:
		if fn.Test(e, x) {
			v = 1
		}
	case fn.Test2 != nil:
		if fn.Test2(e, x, y) {
			v = 1
		}
	case fn.Value != nil:
		v = fn.Value(e, x)
	case fn.Value2 != nil:
		v = fn.Value2(e, x, y)
	}
	g.why = saved
	return v, a.why.held
}

// fnHolds reports whether the rules' condition f holds for x (and y).
func (g *Game) fnHolds(f FnID, x, y ObjID) bool {
	fns := g.Rules.Fns
	if uint(f-1) >= uint(len(fns)) {
		return false
	}
	fn := &fns[f-1]
	if fn.IsOp == FnHolds {
		if fn.Test == nil {
			return g.exec().Holds2(fn.Is, x, y)
		}
		return g.exec().Holds(fn.Is, x)
	}
	if fn.Test != nil {
		return fn.Test(g.exec(), x)
	}
	if fn.Test2 != nil {
		return fn.Test2(g.exec(), x, y)
	}
	return false
}

// fnValue is the rules' value f for x (and y).
func (g *Game) fnValue(f FnID, x, y ObjID) int32 {
	if fn := g.fn(f); fn != nil {
		switch fn.IsOp {
		case FnHolding:
			if fn.Value != nil {
				return g.exec().Holding(fn.Is, x)
			}
			return g.exec().Holding2(fn.Is, x, y)
		case FnValue:
			if fn.Value != nil {
				return g.exec().PredValue(fn.Is, x)
			}
			return g.exec().PredValue2(fn.Is, x, y)
		}
		if fn.Value != nil {
			return fn.Value(g.exec(), x)
		}
		if fn.Value2 != nil {
			return fn.Value2(g.exec(), x, y)
		}
	}
	return 0
}

// fnDead reports whether the rules' function f is none, or zero (false)
// whatever it is asked of in this game as it is: the kinds the compiler
// found it zero without (Predicate.Kinds) have no predicate that may
// hold (the live index).
func (g *Game) fnDead(f FnID) bool {
	fn := g.fn(f)
	if fn == nil {
		return true
	}
	if len(fn.Kinds) == 0 {
		return false
	}
	for _, k := range fn.Kinds {
		if len(g.predsOf(k)) > 0 {
			return false
		}
	}
	return true
}

// fnShaped reports whether f is none or a function of the rules of the
// shape a statement's argument needs: params parameters, a number (value)
// or a condition: a loaded game's are checked so. A cost's shape is
// fnCostShaped's.
func (g *Game) fnShaped(f FnID, params int, value bool) bool {
	if f == 0 {
		return true
	}
	fn := g.fn(f)
	switch {
	case fn == nil:
		return false
	case params == 1 && value:
		return fn.Value != nil
	case params == 1:
		return fn.Test != nil
	case value:
		return fn.Value2 != nil
	}
	return fn.Test2 != nil
}

// fnCostShaped reports whether f is none or a function of the rules
// whose value is a cost, of two parameters.
func (g *Game) fnCostShaped(f FnID) bool {
	if f == 0 {
		return true
	}
	fn := g.fn(f)
	return fn != nil && fn.Cost2 != nil
}

// PredValue is the value of the first of the rules' predicates of kind k
// (a value of one object) for x: a number, or a player's index; -1 (no
// player) or 0 if the rules have none, x is no object or k is not a value
// of one object. The .mtg calls a value predicate by name
// (assigns_damage(a), defender_of(t)).
func (g Exec) PredValue(k PredKind, x ObjID) int32 {
	if k >= MaxPredKinds {
		return 0
	}
	l := g.lived()
	f := l.flags[k]
	none := int32(0)
	if f&kfPlayerValue != 0 {
		none = -1
	}
	if f&(kfOne|kfValue) != kfOne|kfValue || !g.valid(x) {
		return none
	}
	if ix := l.kinds[k]; len(ix) > 0 {
		if w := g.why; w != nil {
			w.held = ix[0] // the clause a refusal quotes (fnEval)
		}
		return g.Rules.Predicates[ix[0]].Value(g, x)
	}
	return none
}

// PredValue2 is PredValue for a kind of two objects: lethal_damage(s, b).
func (g Exec) PredValue2(k PredKind, x, y ObjID) int32 {
	if k >= MaxPredKinds {
		return 0
	}
	l := g.lived()
	if f := l.flags[k]; f&(kfTwo|kfValue|kfPlayerValue) != kfTwo|kfValue || !g.param(f&kfP0 != 0, x) || !g.param(f&kfP1 != 0, y) {
		return 0
	}
	if ix := l.kinds[k]; len(ix) > 0 {
		return g.Rules.Predicates[ix[0]].Value2(g, x, y)
	}
	return 0
}

// condition2 reports whether a kind of flags f is a condition of two
// parameters that x and y may be given to: an object must be one of the
// game (a player parameter is passed as is, ObjID(p)).
func (g Exec) condition2(f kindFlags, x, y ObjID) bool {
	return f&(kfTwo|kfValue) == kfTwo && (f&kfP0 != 0 || g.valid(x)) && (f&kfP1 != 0 || g.valid(y))
}

// param reports whether v is a value of a parameter that is a player (its
// index) or else an object.
func (g Exec) param(player bool, v ObjID) bool {
	if player {
		return g.IsPlayer(int(v))
	}
	return g.valid(v)
}

// clauseName is how a refusal names a clause of the rules' predicates
// ("a division_restriction") or a function of the rules ("the rules'
// condition"): the text of a message, no decision.
func (r *Rules) clauseName(p *Predicate) string {
	if p.Kind == 0 {
		return "the rules' condition"
	}
	return "a " + r.KindName(p.Kind)
}

// clauseWhy is what a refusal quotes of the clause or function p: its
// kind (if any), where the .mtg says it and what it says.
func (r *Rules) clauseWhy(p *Predicate) string {
	if p.Kind == 0 {
		return p.Pos + ": " + p.Text
	}
	return r.KindName(p.Kind) + ", " + p.Pos + ": " + p.Text
}

// Holding is how many of the rules' predicates of kind k (of one object,
// a condition) hold for x: holding(must_attack, a), each one a
// requirement of its own.
func (g Exec) Holding(k PredKind, x ObjID) int32 {
	if k >= MaxPredKinds || !g.valid(x) {
		return 0
	}
	l := g.lived()
	f := l.flags[k]
	if f&(kfOne|kfValue) != kfOne {
		return 0
	}
	if f&kfAll == 0 && g.Objs[x].Types&l.types[k] == 0 {
		return 0 // (no predicate of k can hold for x: typed)
	}
	n := int32(0)
	for _, i := range l.kinds[k] {
		if p := &g.Rules.Predicates[i]; g.typeOK(p, x) && p.Test(g, x) {
			if w := g.why; w != nil && n == 0 {
				w.held = int32(i) // the first: a refusal quotes it (fnEval)
			}
			n++
		}
	}
	return n
}

// Holding2 is Holding of a kind of two parameters (a player as
// ObjID(p)): holding(must_block_attacker, b, a).
func (g Exec) Holding2(k PredKind, x, y ObjID) int32 {
	if k >= MaxPredKinds {
		return 0
	}
	l := g.lived()
	if !g.condition2(l.flags[k], x, y) {
		return 0
	}
	n := int32(0)
	for _, i := range l.kinds[k] {
		if g.Rules.Predicates[i].Test2(g, x, y) {
			if w := g.why; w != nil && n == 0 {
				w.held = int32(i) // the first: a refusal quotes it (fnEval)
			}
			n++
		}
	}
	return n
}

// fnCond is the rules' condition f for x (and y), none if f is none (the
// statement gave no such function), and, when it does not hold, the
// clause held (fnEval, asked only then: a refusal's; the check of an
// answer that passes evaluates f once, as fnHolds does).
func (g *Game) fnCond(f FnID, x, y ObjID, none bool) (ok bool, held int32) {
	if f == 0 {
		return none, -1
	}
	if g.fnHolds(f, x, y) {
		return true, -1
	}
	_, held = g.fnEval(f, x, y)
	return false, held
}

// fnMay is fnCond without the clause: the hot paths' (Options, the
// search), which cite none.
func (g *Game) fnMay(f FnID, x, y ObjID, none bool) bool {
	if f == 0 {
		return none
	}
	return g.fnHolds(f, x, y)
}

// decidedBy is what decided the rules' function f as it was evaluated
// (fnEval): the clause of the rules' predicates held, else f itself (nil
// if f is none).
func (g *Game) decidedBy(f FnID, held int32) *Predicate {
	if held >= 0 && int(held) < len(g.Rules.Predicates) {
		return &g.Rules.Predicates[held]
	}
	return g.fn(f)
}

// refuseFn is a refusal citing what decided the rules' function f
// (decidedBy: the clause held, else f; rule if f cites none) and quoting
// it.
func (g *Game) refuseFn(f FnID, held int32, rule, format string, args ...any) *Refusal {
	if p := g.decidedBy(f, held); p != nil && (held >= 0 || rule == "") {
		rule = p.Rule
	}
	r := refuse(rule, format, args...)
	g.quoteFn(r, f, held)
	return r
}

// quoteFn has refusal r quote what decided the rules' function f.
func (g *Game) quoteFn(r *Refusal, f FnID, held int32) {
	if p := g.decidedBy(f, held); p != nil && p.Text != "" {
		r.Why = g.Rules.clauseWhy(p)
	}
}

// whyNote is where the evaluators note, while fnEval evaluates a function
// of the rules for a refusal (Game.why), the clause of the rules'
// predicates that decided: held, -1 if none.
type whyNote struct{ held int32 }
