package interp

import (
	"fmt"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/grammar"
	rt "github.com/mtgc-dev/mtgc/runtime"
)

// hooks builds the rules' damage hooks and stack objects.
func (b *builder) hooks(r *rt.Rules) error {
	for _, h := range b.p.Damage {
		to, ok := rt.ParseDamageTo(h.To)
		if !ok || h.Decl == nil {
			return errorf(h.Pos, "unknown on_damage %s", h.To)
		}
		types := []compiler.Type{compiler.Object, compiler.Player, compiler.Int}
		switch to {
		case rt.DamageToObject:
			types[1] = compiler.Object
		case rt.DamageBySource:
			types = []compiler.Type{compiler.Object, compiler.Int}
		}
		c := &clause{b: b, rule: first(h.Rules)}
		sc := &scope{vars: map[string]variable{}}
		var slots []int
		for i, id := range h.Decl.Params {
			slots = append(slots, c.declare(sc, id.Name, types[i]).slot)
		}
		body, err := c.block(h.Decl.Body, sc)
		if err != nil {
			return err
		}
		n := c.slots
		run := func(g *rt.Game, s rt.ObjID, x int32, amount int32) {
			fp := b.frame(g, n)
			sel := g.Selected(fp)
			sel[slots[0]] = s
			if len(slots) == 3 {
				sel[slots[1]] = rt.ObjID(x)
			}
			sel[slots[len(slots)-1]] = rt.ObjID(amount)
			body(g, fp)
			g.Release(fp)
		}
		r.Damage = append(r.Damage, rt.DamageHook{To: to, Rules: h.Rules, Pos: where(h.Pos), Run: run})
	}
	for _, so := range b.p.StackObjects {
		run, err := b.stackBody(so)
		if err != nil {
			return err
		}
		resolve := func(g *rt.Game, it *rt.StackItem) { run(g, it.Args) }
		r.StackObjects = append(r.StackObjects, rt.StackObject{Name: so.Name, Rules: so.Rules, Pos: where(so.Pos), Params: len(so.Types), Resolve: resolve})
	}
	for _, ef := range b.p.Effects {
		run, err := b.stackBody(ef)
		if err != nil {
			return err
		}
		r.Effects = append(r.Effects, rt.RulesEffect{Name: ef.Name, Rules: ef.Rules, Pos: where(ef.Pos), Params: len(ef.Types), Kinds: compiler.ParamKinds(ef.Types), Run: run})
	}
	return nil
}

// stackBody builds a stack object's or an effect's statements, its
// parameters bound from its arguments.
func (b *builder) stackBody(so *compiler.StackObject) (func(g *rt.Game, args [rt.MaxStackArgs]int32), error) {
	if so.Decl == nil {
		return nil, errorf(so.Pos, "%s was not checked", so.Name)
	}
	c := &clause{b: b, rule: first(so.Rules)}
	sc := &scope{vars: map[string]variable{}}
	var slots []int
	for i, p := range so.Decl.Params {
		slots = append(slots, c.declare(sc, p.Name.Name, so.Types[i]).slot)
	}
	body, err := c.block(so.Decl.Body, sc)
	if err != nil {
		return nil, err
	}
	n := c.slots
	return func(g *rt.Game, args [rt.MaxStackArgs]int32) {
		fp := b.frame(g, n)
		sel := g.Selected(fp)
		for i, s := range slots {
			sel[s] = rt.ObjID(args[i])
		}
		body(g, fp)
		g.Release(fp)
	}, nil
}

// putOnStack builds `put_on_stack NAME, PLAYER, ARGS...`.
func (c *clause) putOnStack(s *grammar.CallStmt, sc *scope) (stmtFn, error) {
	if len(s.Args) < 2 {
		return nil, errorf(s.Verb.Pos, "put_on_stack takes a stack object's name and a player")
	}
	id, ok := s.Args[0].(*grammar.Ident)
	if !ok {
		return nil, errorf(s.Args[0].Position(), "argument 1 of put_on_stack must be a stack object's name")
	}
	var so *compiler.StackObject
	for _, o := range c.b.p.StackObjects {
		if o.Name == id.Name {
			so = o
		}
	}
	if so == nil {
		return nil, errorf(id.Pos, "unknown stack object %s", id.Name)
	}
	idx := so.Index
	pv, err := c.typed(s.Args[1], sc, compiler.Player, "argument 2 of put_on_stack")
	if err != nil {
		return nil, err
	}
	if len(s.Args)-2 != len(so.Types) {
		return nil, errorf(s.Verb.Pos, "stack object %s takes %d argument(s), not %d", so.Name, len(so.Types), len(s.Args)-2)
	}
	var args [rt.MaxStackArgs]func(*rt.Game, int) int32
	for i := range args {
		args[i] = func(*rt.Game, int) int32 { return 0 }
	}
	for i, e := range s.Args[2:] {
		v, err := c.typed(e, sc, so.Types[i], fmt.Sprintf("argument %d of put_on_stack %s", i+3, so.Name))
		if err != nil {
			return nil, err
		}
		args[i] = asInt32(v)
	}
	p := pv.p
	return func(g *rt.Game, fp int) bool {
		g.PutOnStack(idx, p(g, fp), args[0](g, fp), args[1](g, fp), args[2](g, fp))
		return true
	}, nil
}

// asInt32 reads a player, object or int value as a stack argument.
func asInt32(v value) func(*rt.Game, int) int32 {
	switch v.t {
	case compiler.Player:
		f := v.p
		return func(g *rt.Game, fp int) int32 { return int32(f(g, fp)) }
	case compiler.Object:
		f := v.o
		return func(g *rt.Game, fp int) int32 { return int32(f(g, fp)) }
	}
	return v.i
}
