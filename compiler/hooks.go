package compiler

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mtgc-dev/mtgc/grammar"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// Stack objects and damage hooks: the rules' own objects on the stack and
// what damage does.

// stackSig records a stack object's (or an effect's) name and parameter
// types, so that put_on_stack statements anywhere can be checked against
// it.
func (c *checker) stackSig(d *grammar.StackObjectDecl) {
	what, names, list := "stack object", c.stackObjs, &c.p.StackObjects
	if d.Effect {
		what, names, list = "effect", c.effects, &c.p.Effects
	}
	if !c.name(d.Name, what) {
		return
	}
	if prev, dup := names[d.Name.Name]; dup {
		c.errorf(d.Name.Pos, "%s %s already declared at %s", what, d.Name.Name, prev.Pos)
		return
	}
	so := &StackObject{Index: len(*list), Name: d.Name.Name, Pos: d.Pos, Decl: d}
	if len(d.Params) > rt.MaxStackArgs {
		c.errorf(d.Pos, "%s %s takes at most %d parameters, not %d", what, d.Name.Name, rt.MaxStackArgs, len(d.Params))
	}
	for j, p := range d.Params {
		t, ok := paramTypes[p.Type.Name]
		if !ok {
			c.errorf(p.Type.Pos, "unknown parameter type %s (want one of %s)%s", p.Type.Name, strings.Join(keys(paramTypes), ", "), didYouMean(closest(p.Type.Name, keys(paramTypes), 1)))
			t = Invalid
		}
		// A target or a cost parameter is chosen as the ability goes on
		// the stack: word is how the parameter is written, noun what it is.
		chosen := p.Target || p.Cost
		word, noun := "target", "target"
		if p.Cost {
			word, noun = "cost", "cost parameter"
		}
		// The target before this one, which an alternative (or target
		// ...) joins.
		var prev *TargetParam
		if n := len(so.Targets); n > 0 && so.Targets[n-1].Param == j-1 {
			prev = so.Targets[n-1]
		}
		switch {
		case p.Where != nil && !chosen:
			c.errorf(p.Where.Position(), "%s %s: only a target or cost parameter has a where condition (target object %s where ...)", what, d.Name.Name, p.Name.Name)
		case chosen && !d.Effect:
			c.errorf(p.Type.Pos, "stack object %s: only an effect, which an ability's controller puts on the stack, has %ss", d.Name.Name, noun)
		case p.Or && !p.Target:
			c.errorf(p.Type.Pos, "effect %s: only a target has an alternative (or target player %s where ...)", d.Name.Name, p.Name.Name)
		case p.Cost && t != Object && t != Invalid:
			c.errorf(p.Type.Pos, "effect %s: a %s is an object (%s object %s where ...), not %s", d.Name.Name, noun, word, p.Name.Name, t)
		case chosen && t != Object && t != Player && t != Invalid:
			c.errorf(p.Type.Pos, "effect %s: a %s is an object or a player (%s object %s where ...), not %s", d.Name.Name, noun, word, p.Name.Name, t)
		case p.Or && (prev == nil || prev.Cost || prev.Or):
			c.errorf(p.Type.Pos, "effect %s: an alternative target (or target %s %s) follows the target it is an alternative of", d.Name.Name, p.Type.Name, p.Name.Name)
		case p.Or && prev.Player == (t == Player):
			c.errorf(p.Type.Pos, "effect %s: an alternative target is of the other kind than the target before it (an object or a player), not %s", d.Name.Name, t)
		case chosen:
			so.Targets = append(so.Targets, &TargetParam{Param: j, Pos: p.Type.Pos, Cost: p.Cost, Player: t == Player, Or: p.Or})
		}
		so.Types = append(so.Types, t)
	}
	if len(so.Targets) > 8 {
		c.errorf(d.Pos, "effect %s has %d targets, at most 8", d.Name.Name, len(so.Targets))
	}
	names[d.Name.Name] = so
	*list = append(*list, so)
}

// stackBody checks a stack object's (or an effect's) rules and body.
func (c *checker) stackBody(d *grammar.StackObjectDecl) {
	what, names := "stack object", c.stackObjs
	if d.Effect {
		what, names = "effect", c.effects
	}
	so, ok := names[d.Name.Name]
	if !ok || so.Decl != d {
		return
	}
	so.Rules = c.rules(d.Rules, what, false)
	c.needRules(d.Pos, so.Rules, len(d.Rules), what)
	r, sc := c.resolver(first(so.Rules), "a"+map[bool]string{false: " stack object", true: "n effect"}[d.Effect]), newScope()
	for i, p := range d.Params {
		so.Params = append(so.Params, r.declare(p.Name, so.Types[i], sc))
	}
	for _, t := range so.Targets {
		if w := d.Params[t.Param].Where; w != nil {
			t.Cond = r.typed(w, sc, Bool, "a target's where condition")
		} else {
			t.Cond = &Lit{typed: mk(t.Pos, Bool), Bool: true}
		}
	}
	body := d.Body
	if len(body.Stmts) > 0 {
		if pay, ok := body.Stmts[0].(*grammar.PayStmt); ok {
			// What paying the effect's costs does: run once its cost
			// parameters are chosen, asking no player.
			if !d.Effect || !so.hasCost() {
				c.errorf(pay.Pos, "pay: only an effect with a cost parameter (cost object r where ...) pays costs")
			}
			so.Pay = r.block(pay.Body, sc.child())
			if len(so.Pay) == 0 {
				so.Pay = []Stmt{} // an empty pay block still pays (nothing)
			}
			body = &grammar.Block{Pos: body.Pos, End: body.End, Stmts: body.Stmts[1:]}
		} else if d.Effect && so.hasCost() {
			c.errorf(d.Name.Pos, "effect %s has a cost parameter: its first statement is pay { ... }, what paying the cost does", d.Name.Name)
		}
	}
	// An effect's first statement may ask a player (it resolves again
	// once they answer).
	r.choiceFirst = d.Effect
	so.Body = r.block(body, sc)
	so.Slots = r.slots
	if len(so.Body) > 0 {
		so.Asks = asksFirst(so.Body[0])
	}
}

// asksFirst reports whether s, the first statement of an effect, asks a
// player: a verb that waits for an answer, an if whose branch begins
// with one, or an until unchanged loop any statement of which asks (each
// may: the checker's repeatAsk).
func asksFirst(s Stmt) bool {
	switch s := s.(type) {
	case *Do:
		return s.B.Blocking
	case *If:
		return len(s.Then) > 0 && asksFirst(s.Then[0]) || len(s.Else) > 0 && asksFirst(s.Else[0])
	case *Until:
		return slices.ContainsFunc(s.Body, asksAny)
	}
	return false
}

// asksAny reports whether s, in an until unchanged loop that may ask,
// asks a player anywhere.
func asksAny(s Stmt) bool {
	switch s := s.(type) {
	case *Do:
		return s.B.Blocking
	case *For:
		return s.By != nil || slices.ContainsFunc(s.Body, asksAny)
	case *If:
		return slices.ContainsFunc(s.Then, asksAny) || slices.ContainsFunc(s.Else, asksAny)
	case *Until:
		return slices.ContainsFunc(s.Body, asksAny)
	}
	return false
}

// damageKinds are the targets of on_damage declarations.
var damageKinds = map[string]rt.DamageTo{"player": rt.DamageToPlayer, "object": rt.DamageToObject, "source": rt.DamageBySource}

func (c *checker) damage(d *grammar.DamageDecl) {
	to, ok := damageKinds[d.To.Name]
	if !ok {
		c.errorf(d.To.Pos, "on_damage %s: want player, object or source%s", d.To.Name, didYouMean(closest(d.To.Name, keys(damageKinds), 1)))
		return
	}
	h := &DamageHook{To: d.To.Name, ToKind: to, Const: "DamageTo" + strings.ToUpper(d.To.Name[:1]) + d.To.Name[1:], Rules: c.rules(d.Rules, "on_damage", false), Pos: d.Pos, Decl: d}
	if to == rt.DamageBySource {
		h.Const = "DamageBySource"
	}
	c.needRules(d.Pos, h.Rules, len(d.Rules), "on_damage")
	types := []Type{Object, Player, Int}
	want := "(source, player, amount)"
	switch to {
	case rt.DamageToObject:
		types, want = []Type{Object, Object, Int}, "(source, object, amount)"
	case rt.DamageBySource:
		types, want = []Type{Object, Int}, "(source, amount)"
	}
	if len(d.Params) != len(types) {
		c.errorf(d.To.Pos, "on_damage %s takes %d parameters %s, not %d", d.To.Name, len(types), want, len(d.Params))
		return
	}
	r, sc := c.resolver(first(h.Rules), "on_damage"), newScope()
	for i, id := range d.Params {
		h.Params = append(h.Params, r.declare(id, types[i], sc))
	}
	h.Body = r.block(d.Body, sc)
	h.Slots = r.slots
	c.p.Damage = append(c.p.Damage, h)
}

// putOnStack checks `put_on_stack NAME, PLAYER, ARGS...` and
// `put_triggered NAME, PLAYER, ARGS...` (the object triggers: it waits with
// the triggered abilities until a player would receive priority).
func (r *resolver) putOnStack(s *grammar.CallStmt, sc *scope) Stmt {
	if len(s.Args) < 2 {
		r.c.errorf(s.Verb.Pos, "%s takes a stack object's name, the player who controls it and its arguments", s.Verb.Name)
		return nil
	}
	id, ok := s.Args[0].(*grammar.Ident)
	if !ok {
		r.c.errorf(s.Args[0].Position(), "argument 1 of %s must be a stack object's name", s.Verb.Name)
		return nil
	}
	so, ok := r.c.stackObjs[id.Name]
	if !ok {
		names := keys(r.c.stackObjs)
		r.c.errorf(id.Pos, "unknown stack object %s%s", id.Name, didYouMean(closest(id.Name, names, 2)))
		return nil
	}
	out := &PutOnStack{node: node{s.Pos}, Object: so, Triggered: s.Verb.Name == "put_triggered"}
	out.P = r.typed(s.Args[1], sc, Player, "argument 2 of "+s.Verb.Name+" (who controls it)")
	args := s.Args[2:]
	if len(args) != len(so.Types) {
		r.c.errorf(s.Verb.Pos, "stack object %s takes %d argument(s) (%s), not %d", so.Name, len(so.Types), typeList(so.Types), len(args))
		return nil
	}
	for i, a := range args {
		out.Args = append(out.Args, r.typed(a, sc, so.Types[i], fmt.Sprintf("argument %d of %s %s", i+3, s.Verb.Name, so.Name)))
	}
	return out
}

// firstCall returns the first statement of the verb in the files, or nil.
func (c *checker) firstCall(verb string) *grammar.CallStmt {
	var at *grammar.CallStmt
	for _, f := range c.files {
		grammar.Inspect(f, func(n grammar.Node) bool {
			if s, ok := n.(*grammar.CallStmt); ok && s.Verb.Name == verb && at == nil {
				at = s
			}
			return at == nil
		})
	}
	return at
}

// damageHooks requires what damage does of a ruleset that deals combat
// damage: without an on_damage declaration, damage would change nothing.
func (c *checker) damageHooks() {
	if len(c.p.Damage) > 0 {
		return
	}
	for _, b := range builtins {
		if at := c.firstCall(b.Name); b.NeedsDamage && at != nil {
			c.errorf(at.Pos, "%s needs on_damage declarations: the rules must say what damage dealt to a player and to an object does", b.Name)
		}
	}
}
