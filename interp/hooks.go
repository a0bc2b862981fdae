package interp

import (
	"github.com/mtgc-dev/mtgc/compiler"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// hooks builds the rules' damage hooks and stack objects.
func (b *builder) hooks(r *rt.Rules) {
	for _, h := range b.p.Damage {
		c := &clause{b: b}
		body, n := c.block(h.Body), h.Slots
		var slots []int
		for _, v := range h.Params {
			slots = append(slots, v.Slot)
		}
		run := func(g rt.Exec, s rt.ObjID, x int32, amount int32) {
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
		r.Damage = append(r.Damage, rt.DamageHook{To: h.ToKind, Rules: h.Rules, Pos: where(h.Pos), Run: run})
	}
	for _, h := range b.p.OnEvents {
		c := &clause{b: b}
		body, n := c.block(h.Body), h.Slots
		who, num, obj := -1, -1, h.Who != nil && h.Who.T == compiler.Object
		if h.Who != nil {
			who = h.Who.Slot
		}
		if h.N != nil {
			num = h.N.Slot
		}
		run := func(g rt.Exec, e rt.Event) {
			fp := b.frame(g, n)
			sel := g.Selected(fp)
			switch {
			case who < 0:
			case obj:
				sel[who] = e.Obj
			default:
				sel[who] = rt.ObjID(e.Player)
			}
			if num >= 0 {
				sel[num] = rt.ObjID(e.N)
			}
			body(g, fp)
			g.Release(fp)
		}
		for _, on := range h.On {
			r.OnEvents = append(r.OnEvents, rt.EventHook{On: on, Rules: h.Rules, Pos: where(h.Pos), Run: run})
		}
	}
	for _, rp := range b.p.Replacements {
		c := &clause{b: b}
		body, n := c.block(rp.Body), rp.Slots
		sx, ss, sn := rp.X.Slot, -1, -1
		if rp.S != nil {
			ss = rp.S.Slot
		}
		if rp.N != nil {
			sn = rp.N.Slot
		}
		// bind puts the event's participants in a new frame.
		bind := func(g rt.Exec, x, s rt.ObjID, amount int32) int {
			fp := b.frame(g, n)
			sel := g.Selected(fp)
			sel[sx] = x
			if ss >= 0 {
				sel[ss] = s
			}
			if sn >= 0 {
				sel[sn] = rt.ObjID(amount)
			}
			return fp
		}
		out := rt.Replacement{Event: rp.Event, Prevent: rp.Prevent, Name: rp.Name, Rules: rp.Rules, Pos: where(rp.Pos)}
		out.Run = func(g rt.Exec, x, s rt.ObjID, amount int32) {
			fp := bind(g, x, s, amount)
			body(g, fp)
			g.Release(fp)
		}
		if rp.If != nil {
			cond := c.expr(rp.If).b
			out.Applies = func(g rt.Exec, x, s rt.ObjID, amount int32) bool {
				fp := bind(g, x, s, amount)
				ok := cond(g, fp)
				g.Release(fp)
				return ok
			}
		}
		r.Replacements = append(r.Replacements, out)
	}
	for _, so := range b.p.StackObjects {
		run := b.stackBody(so)
		resolve := func(g rt.Exec, it *rt.StackItem) { run(g, it.Args) }
		r.StackObjects = append(r.StackObjects, rt.StackObject{Name: so.Name, Rules: so.Rules, Pos: where(so.Pos), Params: len(so.Types), Resolve: resolve})
	}
	for _, ef := range b.p.Effects {
		run := b.stackBody(ef)
		e := rt.RulesEffect{Name: ef.Name, Rules: ef.Rules, Pos: where(ef.Pos), Params: len(ef.Types), Kinds: compiler.ParamKinds(ef.Types), Run: run, Asks: ef.Asks}
		for _, t := range ef.Targets {
			e.Targets = append(e.Targets, rt.EffectTarget{Param: int8(t.Param), Legal: b.stackCond(ef, t.Cond), Cost: t.Cost, Player: t.Player, Or: t.Or})
		}
		if ef.Pay != nil {
			c := &clause{b: b}
			pay := b.withArgs(ef, c.block(ef.Pay))
			e.Pay = func(g rt.Exec, args [rt.MaxStackArgs]int32) { pay(g, args) }
		}
		r.Effects = append(r.Effects, e)
	}
}

// stackCond builds a condition over an effect's parameters (a target's),
// bound from its arguments.
func (b *builder) stackCond(so *compiler.StackObject, cond compiler.Expr) func(g rt.Exec, args [rt.MaxStackArgs]int32) bool {
	c := &clause{b: b}
	return b.withArgs(so, c.expr(cond).b)
}

// stackBody builds a stack object's or an effect's statements, its
// parameters bound from its arguments.
func (b *builder) stackBody(so *compiler.StackObject) func(g rt.Exec, args [rt.MaxStackArgs]int32) bool {
	c := &clause{b: b}
	return b.withArgs(so, c.block(so.Body))
}

// withArgs runs f (a block's statements, or a condition) in a frame with a
// stack object's or effect's parameters bound from its arguments.
func (b *builder) withArgs(so *compiler.StackObject, f func(rt.Exec, int) bool) func(g rt.Exec, args [rt.MaxStackArgs]int32) bool {
	n := so.Slots
	var slots []int
	for _, v := range so.Params {
		slots = append(slots, v.Slot)
	}
	return func(g rt.Exec, args [rt.MaxStackArgs]int32) bool {
		fp := b.frame(g, n)
		sel := g.Selected(fp)
		for i, s := range slots {
			sel[s] = rt.ObjID(args[i])
		}
		r := f(g, fp)
		g.Release(fp)
		return r
	}
}

// putOnStack builds `put_on_stack NAME, PLAYER, ARGS...`.
func (c *clause) putOnStack(s *compiler.PutOnStack) stmtFn {
	var args [rt.MaxStackArgs]func(rt.Exec, int) int32
	for i := range args {
		args[i] = func(rt.Exec, int) int32 { return 0 }
	}
	for i, e := range s.Args {
		args[i] = asInt32(c.expr(e))
	}
	idx, p := s.Object.Index, c.expr(s.P).p
	if s.Triggered {
		return func(g rt.Exec, fp int) bool {
			g.PutTriggered(idx, p(g, fp), args[0](g, fp), args[1](g, fp), args[2](g, fp))
			return true
		}
	}
	return func(g rt.Exec, fp int) bool {
		g.PutOnStack(idx, p(g, fp), args[0](g, fp), args[1](g, fp), args[2](g, fp))
		return true
	}
}

// asInt32 reads a player, object or int value as a stack argument.
func asInt32(v value) func(rt.Exec, int) int32 {
	switch v.t {
	case compiler.Player:
		f := v.p
		return func(g rt.Exec, fp int) int32 { return int32(f(g, fp)) }
	case compiler.Object:
		f := v.o
		return func(g rt.Exec, fp int) int32 { return int32(f(g, fp)) }
	}
	return v.i
}
