package compiler

import (
	"slices"
	"strings"

	"github.com/mtgc-dev/mtgc/grammar"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// mechanism checks `mechanism NAME RULE...`: the rules a generic mechanism
// of the runtime cites (runtime.Mechanism), the first in its events.
func (c *checker) mechanism(d *grammar.MechanismDecl) {
	m, ok := rt.ParseMechanism(d.Name.Name)
	if !ok {
		names := rt.MechanismNames()
		c.errorf(d.Name.Pos, "unknown mechanism %s (want one of %s)%s", d.Name.Name, strings.Join(names, ", "), didYouMean(closest(d.Name.Name, names, 1)))
		return
	}
	if prev, dup := c.mechs[d.Name.Name]; dup {
		c.errorf(d.Name.Pos, "mechanism %s already declared at %s", d.Name.Name, prev)
		return
	}
	c.mechs[d.Name.Name] = d.Pos
	mc := &Mechanism{Name: d.Name.Name, Mech: m, Pos: d.Pos}
	switch {
	case m.HasRequires():
		// An action (its objects from the zones it names) or what any
		// object chosen must be (chosen from the battlefield): require
		// lines over player, x and ability.
		mc.Rules = c.rules(d.Rules, "mechanism", false)
		c.needRules(d.Pos, mc.Rules, len(d.Rules), "mechanism "+d.Name.Name)
		if d.Body == nil {
			if m.Action() {
				c.errorf(d.Name.Pos, "mechanism %s needs the zones it takes its objects from and its require lines: the runtime has no conditions of its own (rules/priority.mtg writes them: mechanism %s \"RULE\" from hand { require CONDITION else \"MESSAGE\" ... })", d.Name.Name, d.Name.Name)
			} else {
				c.errorf(d.Name.Pos, "mechanism %s needs the zones its objects are chosen from and its require lines, over player (who chooses) and x (the object chosen): the runtime has no conditions of its own (rules/keywords.mtg writes them: mechanism %s \"RULE\" from battlefield { require CONDITION else \"MESSAGE\" ... })", d.Name.Name, d.Name.Name)
			}
			break
		}
		c.actionFrom(mc, d.From)
		for i, z := range mc.From {
			if m.Chosen() && z != rt.ZoneBattlefield {
				c.errorf(d.From[i].Pos, "mechanism %s chooses its objects from the battlefield only, not %s", d.Name.Name, d.From[i].Name)
			}
		}
		c.requires(mc, d.Body)
	case d.Body != nil && m.Procedure():
		// Its statements run as an action does (a choice first, if it
		// may ask a player).
		mc.Proc = c.block(d.Rules, d.Body, d.Pos, "mechanism", m.Chooses())
		mc.Rules = mc.Proc.Rules
	case d.Body != nil:
		c.errorf(d.Body.Pos, "mechanism %s takes no statements: the runtime's procedure is its own (only %s take them, and %s their require lines)", d.Name.Name, strings.Join(procedureMechanisms(), ", "), strings.Join(actionMechanisms(), ", "))
		mc.Rules = c.rules(d.Rules, "mechanism", false)
	case m.Procedure():
		// The order of what it does is the rules' to say: the runtime
		// has no procedure of its own.
		example := "rules/priority.mtg writes one"
		if m == rt.MechStackTriggers {
			example = "e.g. mechanism stack_triggers \"RULE\" { for each player p { put_triggers p } }: each player in turn order from the active player"
		}
		c.errorf(d.Name.Pos, "mechanism %s needs its statements: the runtime has no procedure of its own (%s)", d.Name.Name, example)
		mc.Rules = c.rules(d.Rules, "mechanism", false)
	default:
		mc.Rules = c.rules(d.Rules, "mechanism", false)
		c.needRules(d.Pos, mc.Rules, len(d.Rules), "mechanism "+d.Name.Name)
	}
	if len(d.From) > 0 && !m.HasRequires() {
		c.errorf(d.From[0].Pos, "mechanism %s takes no zones: only the actions (%s) say where their objects come from", d.Name.Name, strings.Join(actionMechanisms(), ", "))
	}
	c.p.Mechanisms = append(c.p.Mechanisms, mc)
}

// requires checks the body of an action mechanism: require lines only,
// each a condition over player (who would act), x (the object) and
// ability (the number of x's activated ability), in order.
func (c *checker) requires(mc *Mechanism, body *grammar.Block) {
	r, sc := c.resolver(first(mc.Rules), "mechanism"), newScope()
	mc.Player = r.newVar("player", Player, sc)
	mc.X = r.newVar("x", Object, sc)
	mc.Ability = r.newVar("ability", Int, sc)
	for _, st := range body.Stmts {
		rs, ok := st.(*grammar.RequireStmt)
		if !ok {
			c.errorf(st.Position(), "mechanism %s takes require lines only: require [\"RULE\"] CONDITION else \"MESSAGE\"", mc.Name)
			continue
		}
		q := &Require{Pos: rs.Pos, Else: rs.Else, Decl: rs}
		if rs.Rule != nil {
			if rules := c.rules([]grammar.Rule{*rs.Rule}, "require", false); len(rules) > 0 {
				q.Rule, q.Cite = rules[0], rt.CiteLine
			}
		}
		q.Cond = r.typed(rs.Cond, sc, Bool, "a require condition")
		if q.Cite != rt.CiteLine {
			q.Cite, q.Pred, q.PredArgs = consulted(q.Cond, mc.Player, mc.X)
		}
		if controls(q.Cond, mc.X, mc.Player) {
			mc.Controlled = true
		}
		if t, ok := typeGuard(q.Cond, mc.X); ok && mc.Guard == 0 {
			mc.Guard = t
		}
		mc.Excluded |= excludedTypes(q.Cond, mc.X)
		q.NoObject = true
		eachExpr(q.Cond, func(x Expr) {
			if v, ok := x.(*VarRef); ok && (v.Var == mc.X || v.Var == mc.Ability) {
				q.NoObject = false
			}
		})
		mc.Requires = append(mc.Requires, q)
	}
	mc.Slots = r.slots
	if len(mc.Requires) == 0 {
		c.errorf(body.Pos, "mechanism %s needs at least one require line", mc.Name)
	}
}

// actionFrom checks the zones an action takes its objects from: a
// player's hand, the battlefield.
func (c *checker) actionFrom(mc *Mechanism, from []grammar.Ident) {
	if len(from) == 0 {
		c.errorf(mc.Pos, "mechanism %s needs the zones it takes its objects from (from hand, from battlefield)", mc.Name)
	}
	for _, z := range from {
		var zone rt.Zone
		switch z.Name {
		case "hand":
			zone = rt.ZoneHand
		case "battlefield":
			zone = rt.ZoneBattlefield
		default:
			c.errorf(z.Pos, "an action takes its objects from hand or battlefield, not %s", z.Name)
			continue
		}
		if slices.Contains(mc.From, zone) {
			c.errorf(z.Pos, "zone %s named twice", z.Name)
			continue
		}
		mc.From = append(mc.From, zone)
	}
}

// controls reports whether e is a conjunction one of whose terms is
// x.controller == p: the action is legal only with an object p controls.
func controls(e Expr, x, p *Var) bool {
	switch e := e.(type) {
	case *Paren:
		return controls(e.X, x, p)
	case *Binary:
		switch e.Op {
		case OpAnd:
			return controls(e.X, x, p) || controls(e.Y, x, p)
		case OpEq:
			return controllerOf(e.X, x) && isVar(e.Y, p) || controllerOf(e.Y, x) && isVar(e.X, p)
		}
	}
	return false
}

// excludedTypes are the card types x must not have for e to hold: those
// of the terms not x.TYPE of e's conjunction.
func excludedTypes(e Expr, x *Var) rt.TypeSet {
	switch e := e.(type) {
	case *Paren:
		return excludedTypes(e.X, x)
	case *Binary:
		if e.Op == OpAnd {
			return excludedTypes(e.X, x) | excludedTypes(e.Y, x)
		}
	case *Unary:
		if e.Op == OpNot {
			if t, ok := typeGuard(e.X, x); ok && isTypeTest(e.X) {
				return t
			}
		}
	}
	return 0
}

// isTypeTest reports whether e is x.TYPE (is_type(x, TYPE)), in
// parentheses or not.
func isTypeTest(e Expr) bool {
	switch e := e.(type) {
	case *Paren:
		return isTypeTest(e.X)
	case *Call:
		return e.B == functions["is_type"]
	}
	return false
}

func controllerOf(e Expr, x *Var) bool {
	a, ok := e.(*AttrRef)
	return ok && a.B.Name == "controller" && isVar(a.X, x)
}

func isVar(e Expr, v *Var) bool {
	r, ok := e.(*VarRef)
	return ok && r.Var == v
}

// citingRows are the vocabulary rows whose declaration a refusal cites
// when a require line that consults one gives no rule of its own.
var citingRows = map[string]rt.Cite{
	"step_allows_land":      rt.CiteLand,
	"step_allows_sorcery":   rt.CiteSorcery,
	"timing_allows":         rt.CiteTiming,
	"ability_timing_allows": rt.CiteTiming,
	"targets_choosable":     rt.CiteEffect,
	"cost_choosable":        rt.CiteEffect,
}

// consulted is whom a require line without a rule cites: the first
// declaration its condition consults (a step's permission, a timing, an
// effect), else the predicates of the first kind it tests with holds,
// else the mechanism.
func consulted(e Expr, player, x *Var) (rt.Cite, *PredKind, string) {
	cite, pred, hasPred, args := rt.CiteMechanism, (*PredKind)(nil), false, ""
	eachExpr(e, func(n Expr) {
		switch n := n.(type) {
		case *Call:
			if k, ok := citingRows[n.B.Name]; ok && cite == rt.CiteMechanism {
				cite = k
			}
		case *Holds:
			if !hasPred {
				pred, hasPred = n.Pred, true
				args = predArgRoles(n, player, x)
			}
		}
	})
	if cite == rt.CiteMechanism && hasPred && args != "" {
		return rt.CitePred, pred, args
	}
	return cite, nil, ""
}

// predArgRoles says what the arguments of holds(KIND, ...) are, for a
// refusal to name the predicate that refused (Requirement.PredArgs): p the
// player who would act, x the object, s the ability's source
// (game.ability_source); "" if one is something else.
func predArgRoles(h *Holds, player, x *Var) string {
	roles := ""
	for _, a := range []Expr{h.X, h.Y} {
		if a == nil {
			continue
		}
		switch {
		case isVar(a, player):
			roles += "p"
		case isVar(a, x):
			roles += "x"
		default:
			if at, ok := a.(*AttrRef); ok && at.B.Name == "ability_source" {
				roles += "s"
				continue
			}
			return ""
		}
	}
	return roles
}

// actionMechanisms lists the mechanisms whose conditions the rules give
// (require lines): the actions, and what an object chosen must be.
func actionMechanisms() []string { return mechanismsWhere(rt.Mechanism.HasRequires) }

// procedureMechanisms lists the mechanisms the rules may give statements.
func procedureMechanisms() []string { return mechanismsWhere(rt.Mechanism.Procedure) }

// mechanismsWhere lists the names of the mechanisms for which f holds.
func mechanismsWhere(f func(rt.Mechanism) bool) []string {
	var out []string
	for i, name := range rt.MechanismNames() {
		if f(rt.Mechanism(i)) {
			out = append(out, name)
		}
	}
	return out
}

// chosenDeclared requires, for each effect with a target (or a cost)
// parameter, the mechanism saying what any object chosen for it must be:
// undeclared, none could be chosen.
func (c *checker) chosenDeclared() {
	for _, so := range c.p.Effects {
		for _, t := range so.Targets {
			name, what := "target", "a target"
			if t.Cost {
				name, what = "choose_for_cost", "a cost parameter"
			}
			if _, ok := c.mechs[name]; !ok && !t.Player {
				c.errorf(t.Pos, "effect %s has %s, but the rules do not say what any object chosen for one must be: declare mechanism %s \"RULE\" { require CONDITION else \"MESSAGE\" } (rules/keywords.mtg writes it)", so.Name, what, name)
				return
			}
			if _, ok := c.mechs["no_target"]; !ok {
				c.errorf(t.Pos, "effect %s has %s, but the rules do not say what happens to a spell or ability with no legal choice for one: declare mechanism no_target \"RULE\" { ... } (rules/keywords.mtg writes it: leave_stack game.ability_source)", so.Name, what)
				return
			}
		}
	}
}

// mechanismsCited requires a rule for every mechanism of rules that give
// priority, where all of them run: otherwise an event would cite nothing.
// The error is at the first priority clause and lists what is missing.
func (c *checker) mechanismsCited() {
	var at *Code
	for _, ph := range c.p.Phases {
		for _, st := range ph.Steps {
			if st.Priority != nil && at == nil {
				at = st.Priority
			}
		}
	}
	if at == nil {
		return
	}
	var missing []string
	for i, name := range rt.MechanismNames() {
		if _, ok := c.mechs[name]; !ok && !rt.Mechanism(i).Optional() {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		c.errorf(at.Pos, "the rules give priority, so they must say which rule each mechanism of the runtime cites: missing mechanism %s (declare e.g. mechanism %s \"RULE\")", strings.Join(missing, ", "), missing[0])
	}
}
