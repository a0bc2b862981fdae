package compiler

import (
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/mtgc-dev/mtgc/grammar"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// Characteristics declared in .mtg: the card types (card_type), the kinds
// of counters (counter) and the derivation of power and toughness
// (characteristic). The runtime keeps a card type as a bit of a TypeSet
// and a counter kind as an index, both in declaration order; it names
// neither.

// cardTypeProps are what a card type's declaration may say the runtime's
// own mechanisms do with objects of it (runtime.Rules' *Types masks).
var cardTypeProps = map[string]string{
	"played":       "played as a special action, not cast; it taps for the mana of its basic land types",
	"nonpermanent": "as a spell of it resolves, it goes to its owner's graveyard, not onto the battlefield",
	"combatant":    "what dies-abilities and card effects on each creature look at, and what the random policy attacks and blocks with",
}

// characteristicNames are the characteristics the runtime reads, which
// the rules derive.
var characteristicNames = []string{"power", "toughness"}

func (c *checker) cardType(d *grammar.CardTypeDecl) {
	if !c.name(d.Name, "card type") {
		return
	}
	n := d.Name.Name
	if prev, dup := c.types[n]; dup {
		c.errorf(d.Name.Pos, "card type %s already declared at %s", n, prev.Pos)
		return
	}
	if b, ok := objectAttrs[n]; ok {
		c.errorf(d.Name.Pos, "card type %s would hide the attribute x.%s (%s)", n, n, b.Doc)
		return
	}
	if _, ok := kinds[n]; ok {
		c.errorf(d.Name.Pos, "card type %s would hide the query kind %s", n, n)
		return
	}
	if len(c.p.CardTypes) == rt.MaxCardTypes {
		c.errorf(d.Name.Pos, "too many card types (at most %d)", rt.MaxCardTypes)
		return
	}
	i := len(c.p.CardTypes)
	t := &CardType{Name: n, Rules: c.rules(d.Rules, "card_type", false), Pos: d.Pos,
		Enum: &Enum{Name: n, Value: 1 << i, Go: typeConst(n), Doc: "the card type " + n, Local: true}}
	seen := map[string]bool{}
	for _, p := range d.Props {
		if _, ok := cardTypeProps[p.Name]; !ok {
			c.errorf(p.Pos, "unknown card type property %s (want one of %s)%s", p.Name, strings.Join(keys(cardTypeProps), ", "), didYouMean(closest(p.Name, keys(cardTypeProps), 1)))
			continue
		}
		if seen[p.Name] {
			c.errorf(p.Pos, "card type %s: property %s given twice", n, p.Name)
			continue
		}
		seen[p.Name] = true
		t.Props = append(t.Props, p.Name)
	}
	c.types[n] = t
	c.p.CardTypes = append(c.p.CardTypes, t)
	k := &Kind{Name: n, Over: rt.OverPermanents, OverGo: "OverPermanents", Types: rt.TypeSet(1 << i), TypeGo: typeConst(n),
		Doc: "the permanents of the card type " + n}
	c.kinds[n] = k
}

func (c *checker) counter(d *grammar.CounterDecl) {
	n := d.Name.Name
	if n == "" || strings.ContainsAny(n, " \t\n:=") {
		c.errorf(d.Name.Pos, "counter %q: a counter kind's name is a word such as \"+1/+1\" or \"loyalty\" (no space, : or =)", n)
		return
	}
	for _, k := range c.p.Counters {
		if k.Name == n {
			c.errorf(d.Name.Pos, "counter kind %q already declared at %s", n, k.Pos)
			return
		}
		if k.Enum.Go == counterConst(n) {
			c.errorf(d.Name.Pos, "counter kind %q is too like %q (declared at %s): both would be %s in generated code", n, k.Name, k.Pos, counterConst(n))
			return
		}
	}
	if len(c.p.Counters) == rt.MaxCounterKinds {
		c.errorf(d.Name.Pos, "too many counter kinds (at most %d)", rt.MaxCounterKinds)
		return
	}
	k := &CounterKind{Name: n, Rules: c.rules(d.Rules, "counter", false), Pos: d.Pos}
	k.Enum = &Enum{Name: n, Value: len(c.p.Counters), Go: counterConst(n), Doc: n + " counters", Local: true}
	c.p.Counters = append(c.p.Counters, k)
}

// LandMana is a land_mana declaration: objects of the played card types
// with the subtype Subtype have the mana ability "{T}: Add one mana of
// Color".
type LandMana struct {
	Subtype string
	Color   *Enum // of colorEnum
	Rules   []string
	Pos     grammar.Pos
}

func (c *checker) landMana(d *grammar.LandManaDecl) {
	if !c.name(d.Name, "land type") {
		return
	}
	n := d.Name.Name
	if strings.ToLower(n) != n {
		c.errorf(d.Name.Pos, "land_mana %s: a subtype is written in lower case (%s)", n, strings.ToLower(n))
		return
	}
	rules := c.rules(d.Rules, "land_mana", false)
	c.needRules(d.Color.Pos, rules, len(d.Rules), "land_mana "+n)
	var color *Enum
	var names []string
	for i, e := range colorEnum {
		names = append(names, e.Name)
		if e.Name == d.Color.Name {
			color = &colorEnum[i]
		}
	}
	if color == nil {
		c.errorf(d.Color.Pos, "land_mana %s: unknown color %s (want one of %s)%s", n, d.Color.Name, strings.Join(names, ", "), didYouMean(closest(d.Color.Name, names, 2)))
		return
	}
	for _, m := range c.p.LandMana {
		if m.Subtype == n {
			c.errorf(d.Name.Pos, "land_mana %s already declared at %s", n, m.Pos)
			return
		}
	}
	c.p.LandMana = append(c.p.LandMana, &LandMana{Subtype: n, Color: color, Rules: rules, Pos: d.Pos})
}

// stateKinds are the kinds of value a state declaration may hold, and the
// verb that sets each.
var stateKinds = map[string]struct {
	T    Type
	Verb string
}{"flag": {Bool, "set_flag"}, "number": {Int, "set_number"}, "object": {Object, "set_object"}, "player": {Player, "set_player"}}

// stateReaders are the functions that read a state of each type.
var stateReaders = map[Type]string{Bool: "state_flag", Int: "state_number", Object: "state_object", Player: "state_player"}

func (c *checker) state(d *grammar.StateDecl) {
	n := d.Name.Name
	c.name(d.Name, "state")
	k, ok := stateKinds[d.Kind.Name]
	if !ok {
		c.errorf(d.Kind.Pos, "unknown kind of state %s (want flag, number, object or player)%s", d.Kind.Name, didYouMean(closest(d.Kind.Name, keys(stateKinds), 2)))
		return
	}
	if d.Holder != nil {
		c.heldState(d, k.T)
		return
	}
	if !c.attrNameFree(d.Name, "state") {
		return
	}
	// A flag is a bit of the object's flags (rt.FirstFlag + its bit), a
	// number, object or player a slot of its values.
	flags, kind := 0, 0
	for _, s := range c.p.States {
		switch {
		case s.Holder != 0:
		case s.Type == Bool:
			flags++
		default:
			kind++
		}
	}
	switch {
	case k.T == Bool && flags == rt.MaxStateFlags:
		c.errorf(d.Name.Pos, "too many flags (at most %d states of kind flag)", rt.MaxStateFlags)
		return
	case k.T == Bool:
		kind = int(rt.FirstFlag) + flags
	case kind == rt.MaxStateKinds:
		c.errorf(d.Name.Pos, "too many states (at most %d of kinds number, object and player)", rt.MaxStateKinds)
		return
	}
	s := &State{Name: n, Type: k.T, Rules: c.rules(d.Rules, "state", false), Pos: d.Pos}
	s.Enum = &Enum{Name: n, Value: kind, Go: fmt.Sprintf("rt.StateKind(%d)", kind), Doc: "state " + n, Local: true}
	c.p.States = append(c.p.States, s)
}

// heldState declares a state each player, or the game, holds (state
// player|game NAME KIND): a slot of Player.States or Game.States, read
// as p.NAME or game.NAME.
func (c *checker) heldState(d *grammar.StateDecl, t Type) {
	n := d.Name.Name
	holder, recv, attrs := rt.HeldByPlayer, "a player", playerAttrs
	if d.Holder.Name == "game" {
		holder, recv, attrs = rt.HeldByGame, "the game", gameAttrs
	}
	if t == Object {
		c.errorf(d.Kind.Pos, "state %s %s: %s holds a flag, a number or a player, not an object", d.Holder.Name, n, recv)
		return
	}
	for _, s := range c.p.States {
		if s.Name == n {
			c.errorf(d.Name.Pos, "state %s: %s is a state already (declared at %s)", n, n, s.Pos)
			return
		}
	}
	if _, ok := attrs[n]; ok {
		c.errorf(d.Name.Pos, "state %s: %s already has the attribute %s (%s.%s would be ambiguous)", n, recv, n, map[rt.Holder]string{rt.HeldByPlayer: "p", rt.HeldByGame: "game"}[holder], n)
		return
	}
	slot := 0
	for _, s := range c.p.States {
		if s.Holder == holder {
			slot++
		}
	}
	if slot == rt.MaxHeldStates {
		c.errorf(d.Name.Pos, "too many states of %s (at most %d)", recv, rt.MaxHeldStates)
		return
	}
	s := &State{Name: n, Type: t, Holder: holder, Rules: c.rules(d.Rules, "state", false), Pos: d.Pos}
	s.Enum = &Enum{Name: n, Value: slot, Go: fmt.Sprintf("rt.StateKind(%d)", slot), Doc: "state " + d.Holder.Name + " " + n, Local: true}
	c.p.States = append(c.p.States, s)
}

// heldReaders and heldVerbs are the rows that read and set a state of a
// player and of the game, by its type.
var (
	heldReaders = map[rt.Holder]map[Type]string{
		rt.HeldByPlayer: {Bool: "player_state_flag", Int: "player_state_number", Player: "player_state_player"},
		rt.HeldByGame:   {Bool: "game_state_flag", Int: "game_state_number", Player: "game_state_player"},
	}
	heldVerbs = map[rt.Holder]map[string]string{
		rt.HeldByPlayer: {"set_flag": "set_player_flag", "set_number": "set_player_number", "set_player": "set_player_player"},
		rt.HeldByGame:   {"set_flag": "set_game_flag", "set_number": "set_game_number", "set_player": "set_game_player"},
	}
)

// stateAttr resolves x.S for a declared state S: an object's, a
// player's (p.S) or the game's (game.S).
func (r *resolver) stateAttr(x Expr, sel grammar.Ident) (Expr, bool) {
	holder := map[Type]rt.Holder{Object: 0, Player: rt.HeldByPlayer, Game: rt.HeldByGame}[x.Type()]
	for _, s := range r.c.p.States {
		if s.Name != sel.Name || s.Holder != holder {
			continue
		}
		lit := &EnumLit{typed: mk(sel.Pos, StateT), E: s.Enum}
		if holder == 0 {
			b := functions[stateReaders[s.Type]]
			return &Call{typed: mk(sel.Pos, b.Result), B: b, Args: []Expr{x, lit}}, true
		}
		b := functions[heldReaders[holder][s.Type]]
		if holder == rt.HeldByGame {
			return &Call{typed: mk(sel.Pos, b.Result), B: b, Args: []Expr{lit}}, true
		}
		return &Call{typed: mk(sel.Pos, b.Result), B: b, Args: []Expr{x, lit}}, true
	}
	return nil, false
}

// stateReadArgs checks that a function reading a state (state_flag(x,
// S), player_state_number(p, S), ...) is given one of the holder and the
// type it reads.
func (r *resolver) stateReadArgs(b *Builtin, args []Expr) {
	r.eachStateArg(b, args, func(lit *EnumLit, s *State) {
		want := stateReaders[s.Type]
		if s.Holder != 0 {
			want = heldReaders[s.Holder][s.Type]
		}
		if want != b.Name {
			r.c.errorf(lit.Pos, "%s does not read state %s: %s does", b.Name, s.Name, want)
		}
	})
}

// eachStateArg calls f with each argument of b that names a declared
// state (a parameter of type StateT) and that state.
func (r *resolver) eachStateArg(b *Builtin, args []Expr, f func(*EnumLit, *State)) {
	for i, t := range b.Params {
		lit, ok := args[i].(*EnumLit)
		if t != StateT || !ok {
			continue
		}
		if s := r.c.p.state(lit.E.Name); s != nil {
			f(lit, s)
		}
	}
}

// heldVerb is the row a statement setting a state stands for: set_flag
// p, S, v of a state S a player holds is set_player_flag, set_flag game,
// S, v of the game's set_game_flag (whose arguments leave out game).
// It reports the arguments to check against the row.
func (r *resolver) heldVerb(v *Builtin, args []grammar.Expr) (*Builtin, []grammar.Expr) {
	if len(args) != 3 {
		return v, args
	}
	id, ok := args[1].(*grammar.Ident)
	if !ok {
		return v, args
	}
	s := r.c.p.state(id.Name)
	if s == nil || s.Holder == 0 {
		return v, args
	}
	name, ok := heldVerbs[s.Holder][v.Name]
	if !ok {
		return v, args // the wrong verb for its kind: stateArgs says so
	}
	if s.Holder == rt.HeldByGame {
		if g, ok := args[0].(*grammar.Ident); !ok || g.Name != "game" {
			r.c.errorf(args[0].Position(), "state %s is the game's: write %s game, %s, ...", s.Name, v.Name, s.Name)
			return nil, nil
		}
		return verbs[name], args[1:]
	}
	return verbs[name], args
}

// stateArgs checks that a verb setting a state is the one of its kind.
func (r *resolver) stateArgs(v *Builtin, args []Expr) {
	r.eachStateArg(v, args, func(lit *EnumLit, s *State) {
		holder, heldVerb := Type(0), false
		for h, m := range heldVerbs {
			for _, name := range m {
				if name == v.Name {
					holder, heldVerb = map[rt.Holder]Type{rt.HeldByPlayer: Player, rt.HeldByGame: Game}[h], true
				}
			}
		}
		has := map[rt.Holder]Type{0: Object, rt.HeldByPlayer: Player, rt.HeldByGame: Game}[s.Holder]
		setter := heldVerb
		for _, k := range stateKinds {
			setter = setter || k.Verb == v.Name
		}
		if !setter {
			// choose_permanents: the flag of what is chosen.
			if s.Type != Bool || s.Holder != 0 {
				r.c.errorf(lit.Pos, "%s sets a flag: state %s is not one (state %s flag)", v.Name, s.Name, s.Name)
			}
			return
		}
		if heldVerb && has != holder {
			r.c.errorf(lit.Pos, "%s sets a state of %s: state %s is not one (state %s %s ...)", v.Name, holder, s.Name, holder, s.Name)
			return
		}
		for kind, k := range stateKinds {
			want := k.Verb
			if s.Holder != 0 {
				want = heldVerbs[s.Holder][k.Verb]
			}
			if k.T == s.Type && want != v.Name && (heldVerb || k.Verb != v.Name) {
				r.c.errorf(lit.Pos, "state %s is a %s: set it with %s, not %s", s.Name, kind, k.Verb, v.Name)
			}
		}
	})
}

func (c *checker) characteristic(d *grammar.CharacteristicDecl) {
	n := d.Name.Name
	var slot **Characteristic
	switch n {
	case "power":
		slot = &c.p.Power
	case "toughness":
		slot = &c.p.Toughness
	default:
		// Another characteristic, derived for the rules' own reading
		// (x.NAME): declared in the first pass, its value resolved there
		// or when first read.
		for _, a := range c.p.Derived {
			if a.Decl == d {
				c.derivedBody(a)
			}
		}
		return
	}
	if *slot != nil {
		c.errorf(d.Name.Pos, "characteristic %s already derived at %s", n, (*slot).Pos)
		return
	}
	ch := &Characteristic{Name: n, Rules: c.rules(d.Rules, "characteristic", false), Pos: d.Pos}
	r, sc := c.resolver(first(ch.Rules), "characteristic"), newScope()
	ch.Param = r.declare(d.Param, Object, sc)
	ch.Expr = r.typed(d.Value, sc, Int, "a characteristic's value")
	ch.Slots = r.slots
	saturate(ch.Expr)
	*slot = ch
}

// attrNameFree reports whether a state or derived characteristic may take
// the name id (read as x.NAME): no other state, derived characteristic,
// attribute or card type has it.
func (c *checker) attrNameFree(id grammar.Ident, what string) bool {
	n := id.Name
	for _, s := range c.p.States {
		if s.Name == n {
			c.errorf(id.Pos, "%s %s: %s is a state already (declared at %s)", what, n, n, s.Pos)
			return false
		}
	}
	for _, a := range c.p.Derived {
		if a.Name == n {
			c.errorf(id.Pos, "%s %s: %s is a characteristic already (derived at %s)", what, n, n, a.Pos)
			return false
		}
	}
	if _, ok := objectAttrs[n]; ok {
		c.errorf(id.Pos, "%s %s: an object already has the attribute %s (x.%s would be ambiguous)", what, n, n, n)
		return false
	}
	if _, ok := c.types[n]; ok {
		c.errorf(id.Pos, "%s %s: %s is a card type (x.%s would be ambiguous)", what, n, n, n)
		return false
	}
	return true
}

// derivedSig declares a characteristic the rules derive other than power
// and toughness, so that it may be read before its declaration.
func (c *checker) derivedSig(d *grammar.CharacteristicDecl) {
	n := d.Name.Name
	if n == "power" || n == "toughness" || !c.name(d.Name, "characteristic") {
		return
	}
	if !c.attrNameFree(d.Name, "characteristic") {
		return
	}
	if len(c.p.Derived) == 256 {
		c.errorf(d.Name.Pos, "too many derived characteristics (at most 256)")
		return
	}
	i := len(c.p.Derived)
	a := &Characteristic{Name: n, Pos: d.Pos, Decl: d, Index: i}
	a.Enum = &Enum{Name: n, Value: i, Go: fmt.Sprintf("rt.AttributeID(%d)", i), Doc: "characteristic " + n, Local: true}
	c.p.Derived = append(c.p.Derived, a)
}

// derivedBody resolves a derived characteristic's value once: a number or
// a condition.
func (c *checker) derivedBody(a *Characteristic) {
	if a.Expr != nil || a.resolving {
		return
	}
	a.resolving = true
	d := a.Decl
	a.Rules = c.rules(d.Rules, "characteristic", false)
	r, sc := c.resolver(first(a.Rules), "characteristic"), newScope()
	a.Param = r.declare(d.Param, Object, sc)
	e := r.expr(d.Value, sc)
	switch e.Type() {
	case Int:
		saturate(e)
		a.Type = Int
	case Bool:
		a.Type = Bool
	case Invalid:
		a.Type = Bool
	default:
		c.errorf(d.Value.Position(), "characteristic %s: its value must be a number or a condition, not %s", a.Name, e.Type())
		a.Type = Bool
	}
	a.Expr, a.Slots = e, r.slots
	a.resolving = false
}

// derivedAttr resolves x.C for a characteristic C the rules derive.
func (r *resolver) derivedAttr(x Expr, sel grammar.Ident) (Expr, bool) {
	for _, a := range r.c.p.Derived {
		if a.Name != sel.Name {
			continue
		}
		if a.resolving {
			r.c.errorf(sel.Pos, "characteristic %s is circular: its derivation reads %s itself", a.Name, a.Name)
			return bad(sel.Pos), true
		}
		r.c.derivedBody(a)
		fn := "derived"
		if a.Type == Bool {
			fn = "derived_holds"
		}
		b := functions[fn]
		return &Call{typed: mk(sel.Pos, b.Result), B: b, Args: []Expr{x, &EnumLit{typed: mk(sel.Pos, AttrT), E: a.Enum}}}, true
	}
	return nil, false
}

// characteristics checks the derivations together once all are read: the
// runtime reads both or neither, and neither may depend on itself.
func (c *checker) characteristics() {
	p, t := c.p.Power, c.p.Toughness
	switch {
	case p != nil && t == nil:
		c.errorf(p.Pos, "characteristic power is derived but toughness is not: the runtime reads both (declare characteristic toughness (x) = ...)")
	case t != nil && p == nil:
		c.errorf(t.Pos, "characteristic toughness is derived but power is not: the runtime reads both (declare characteristic power (x) = ...)")
	}
	reads := map[string][]grammar.Pos{}
	for _, ch := range []*Characteristic{p, t} {
		if ch != nil {
			reads[ch.Name] = readsOf(ch.Expr)
		}
	}
	for _, ch := range []*Characteristic{p, t} {
		if ch == nil {
			continue
		}
		for _, other := range characteristicNames {
			at := readsOfName(ch.Expr, other)
			if len(at) == 0 {
				continue
			}
			if other == ch.Name {
				c.errorf(at[0], "characteristic %s is circular: its derivation reads %s itself", ch.Name, ch.Name)
				continue
			}
			if len(readsOfName(derivation(c.p, other), ch.Name)) > 0 {
				c.errorf(at[0], "characteristic %s is circular: it reads %s, whose derivation reads %s", ch.Name, other, ch.Name)
			}
		}
	}
}

func derivation(p *Program, name string) Expr {
	switch {
	case name == "power" && p.Power != nil:
		return p.Power.Expr
	case name == "toughness" && p.Toughness != nil:
		return p.Toughness.Expr
	}
	return nil
}

// readsOf lists where an expression reads power or toughness.
func readsOf(e Expr) []grammar.Pos {
	var out []grammar.Pos
	for _, n := range characteristicNames {
		out = append(out, readsOfName(e, n)...)
	}
	return out
}

// readsOfName lists where an expression reads the attribute name (x.power).
func readsOfName(e Expr, name string) []grammar.Pos {
	var out []grammar.Pos
	if e == nil {
		return nil
	}
	eachExpr(e, func(x Expr) {
		if a, ok := x.(*AttrRef); ok && a.B.Name == name && a.B.Recv == Object {
			out = append(out, a.Position())
		}
	})
	return out
}

var exprType = reflect.TypeOf((*Expr)(nil)).Elem()

// eachExpr calls f on e and every expression inside it.
func eachExpr(e Expr, f func(Expr)) {
	if e == nil || reflect.ValueOf(e).IsNil() {
		return
	}
	f(e)
	v := reflect.ValueOf(e).Elem()
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Interface:
			if !v.IsNil() && v.Type() == exprType {
				if x, ok := v.Interface().(Expr); ok {
					eachExpr(x, f)
				}
			}
		case reflect.Slice:
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i))
			}
		case reflect.Ptr:
			if !v.IsNil() && v.Elem().Kind() == reflect.Struct {
				if x, ok := v.Interface().(Expr); ok {
					eachExpr(x, f)
				} else if v.Type() == reflect.TypeOf((*Query)(nil)) {
					walk(v.Elem())
				}
			}
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				if v.Type().Field(i).IsExported() {
					walk(v.Field(i))
				}
			}
		}
	}
	for i := 0; i < v.NumField(); i++ {
		if v.Type().Field(i).IsExported() {
			walk(v.Field(i))
		}
	}
}

// saturate makes the sums of a derivation saturate at the bounds of int32,
// as every amount the game stores does (a +N/+N pump past the bound
// leaves power at the bound).
func saturate(e Expr) {
	eachExpr(e, func(x Expr) {
		if b, ok := x.(*Binary); ok && (b.Op == OpAdd || b.Op == OpSub || b.Op == OpMul) {
			b.Sat = true
		}
	})
}

// typeConst is the generated constant of a card type's bit.
func typeConst(name string) string { return "ty_" + name }

// counterConst is the generated constant of a counter kind: "+1/+1" is
// ctr_plus1_plus1.
func counterConst(name string) string {
	var b strings.Builder
	b.WriteString("ctr_")
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_':
			b.WriteRune(r)
		case r == '+':
			b.WriteString("plus")
		case r == '-':
			b.WriteString("minus")
		default:
			b.WriteString("_")
		}
	}
	return b.String()
}

// typeAttr resolves x.T and x.attached_to_T for a declared card type T.
func (r *resolver) typeAttr(x Expr, sel grammar.Ident) (Expr, bool) {
	name, fn := sel.Name, "is_type"
	if rest, ok := strings.CutPrefix(name, "attached_to_"); ok {
		name, fn = rest, "attached_to_type"
	}
	t, ok := r.c.types[name]
	if !ok {
		return nil, false
	}
	b := functions[fn]
	return &Call{typed: mk(sel.Pos, b.Result), B: b, Args: []Expr{x, &EnumLit{typed: mk(sel.Pos, CardTypeT), E: t.Enum}}}, true
}

// enumOf is the list of names an enum-typed argument takes, the declared
// ones included.
func (c *checker) enumOf(t Type) ([]Enum, string) {
	list, what := enumOf(t)
	switch t {
	case Counter:
		for _, k := range c.p.Counters {
			list = append(list, *k.Enum)
		}
	case CardTypeT:
		for _, k := range c.p.CardTypes {
			list = append(list, *k.Enum)
		}
	case StateT:
		for _, s := range c.p.States {
			list = append(list, *s.Enum)
		}
	case AttrT:
		for _, a := range c.p.Derived {
			list = append(list, *a.Enum)
		}
	case KeywordT:
		for i, k := range c.p.Keywords {
			list = append(list, Enum{Name: k.Name, Value: i, Go: keywordConst(k.Name), Doc: "keyword " + k.Name, Local: true})
		}
	case DurT:
		list = append(list,
			Enum{Name: "until_end_of_turn", Value: int(rt.UntilEndOfTurn) * 4096, Go: fmt.Sprintf("rt.DurationID(%d)", int(rt.UntilEndOfTurn)*4096), Doc: "until end of turn (514.2)", Local: true},
			Enum{Name: "this_turn", Value: int(rt.ThisTurn) * 4096, Go: fmt.Sprintf("rt.DurationID(%d)", int(rt.ThisTurn)*4096), Doc: "this turn", Local: true},
			Enum{Name: "until_your_next_turn", Value: int(rt.UntilYourNextTurn) * 4096, Go: fmt.Sprintf("rt.DurationID(%d)", int(rt.UntilYourNextTurn)*4096), Doc: "until the next turn of the controller of the ability creating it (of the active player, if no ability)", Local: true})
		for _, a := range c.p.Derived {
			if c.derivedBody(a); a.Type == Bool {
				v := int(rt.AsLongAs)*4096 + a.Index
				list = append(list, Enum{Name: "as_long_as_" + a.Name, Value: v, Go: fmt.Sprintf("rt.DurationID(%d)", v), Doc: "for as long as the characteristic " + a.Name + " holds of the object", Local: true})
				list = append(list, Enum{Name: "as_long_as_source_" + a.Name, Value: v + 256, Go: fmt.Sprintf("rt.DurationID(%d)", v+256), Doc: "for as long as the characteristic " + a.Name + " holds of the source of the ability creating the effect", Local: true})
			}
		}
		segs := c.segments()
		for _, name := range sortedKeys(segs) {
			seg := segs[name]
			code := seg[0]*16 + seg[1] + 1
			for _, d := range []struct {
				name string
				kind rt.DurKind
				doc  string
			}{
				{"until_end_of_" + name, rt.UntilEndOf, "until end of " + name},
				{"until_" + name, rt.Until, "until the next " + name + " begins"},
				{"until_end_of_its_controllers_next_" + name, rt.UntilEndOfControllersNext, "until the end of its controller's next " + name + " (in a later turn whose active player controls the object)"},
				{"until_end_of_" + name + "_on_your_next_turn", rt.UntilEndOfOnYourNext, "until end of " + name + " on your next turn (the next turn of the controller of the ability creating it, of the active player if no ability)"},
			} {
				v := int(d.kind)*4096 + code
				list = append(list, Enum{Name: d.name, Value: v, Go: fmt.Sprintf("rt.DurationID(%d)", v), Doc: d.doc, Local: true})
			}
		}
	case PhaseT, StepT:
		// Phases and steps as the turn order numbers them (the checker
		// resolves these before it checks the turn itself).
		segs := c.segments()
		for _, name := range sortedKeys(segs) {
			seg := segs[name]
			if t == PhaseT && seg[1] < 0 {
				list = append(list, Enum{Name: name, Value: seg[0], Go: fmt.Sprintf("rt.PhaseID(%d)", seg[0]), Doc: "phase " + name, Local: true})
			}
			if t == StepT && seg[1] >= 0 {
				v := seg[0]*16 + seg[1]
				list = append(list, Enum{Name: name, Value: v, Go: fmt.Sprintf("rt.StepID(%d)", v), Doc: "step " + name, Local: true})
			}
		}
	}
	return list, what
}

// typeMasks are the runtime's masks of the card types with each property.
func typeMasks(p *Program) map[string][]string {
	out := map[string][]string{}
	for _, t := range p.CardTypes {
		for _, pr := range t.Props {
			out[pr] = append(out[pr], typeConst(t.Name))
		}
	}
	return out
}

// TypeMask is the TypeSet of the declared card types with a property.
func (p *Program) TypeMask(prop string) rt.TypeSet {
	var m rt.TypeSet
	for i, t := range p.CardTypes {
		for _, pr := range t.Props {
			if pr == prop {
				m |= 1 << i
			}
		}
	}
	return m
}

func maskExpr(consts []string) string {
	if len(consts) == 0 {
		return "0"
	}
	return strings.Join(consts, " | ")
}

var _ = fmt.Sprint

// copyKinds is a checker's own table of query kinds, to which it adds the
// declared card types.
func copyKinds() map[string]*Kind {
	m := make(map[string]*Kind, len(kinds))
	for n, k := range kinds {
		m[n] = k
	}
	return m
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
