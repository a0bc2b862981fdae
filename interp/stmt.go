package interp

import (
	"github.com/mtgc-dev/mtgc/compiler"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

func (c *clause) block(list []compiler.Stmt) stmtFn {
	var fns []stmtFn
	for _, s := range list {
		fns = append(fns, c.stmt(s))
	}
	switch len(fns) {
	case 0:
		return func(rt.Exec, int) bool { return true }
	case 1:
		return fns[0]
	}
	return func(g rt.Exec, fp int) bool {
		for _, f := range fns {
			if !f(g, fp) {
				return false
			}
		}
		return true
	}
}

func (c *clause) stmt(s compiler.Stmt) stmtFn {
	switch s := s.(type) {
	case *compiler.For:
		return c.forStmt(s)
	case *compiler.If:
		return c.ifStmt(s)
	case *compiler.Until:
		body := c.block(s.Body)
		return func(g rt.Exec, fp int) bool {
			for range compiler.MaxRepeats {
				changes := g.Changes()
				if !body(g, fp) {
					return false
				}
				if g.Changes() == changes {
					break
				}
			}
			return true
		}
	case *compiler.Let:
		return store(s.Var, c.expr(s.X))
	case *compiler.Do:
		return doStmt(s.B, c.exprs(s.Args), s.Rule)
	case *compiler.PutOnStack:
		return c.putOnStack(s)
	}
	panic(checkerBug(s))
}

func (c *clause) ifStmt(s *compiler.If) stmtFn {
	b, then := c.expr(s.Cond).b, c.block(s.Then)
	if s.Else == nil {
		return func(g rt.Exec, fp int) bool {
			if b(g, fp) {
				return then(g, fp)
			}
			return true
		}
	}
	els := c.block(s.Else)
	return func(g rt.Exec, fp int) bool {
		if b(g, fp) {
			return then(g, fp)
		}
		return els(g, fp)
	}
}

// query is "KIND v where COND" as for-each, count() and keeps() use it.
type query struct {
	kind *compiler.Kind
	v    *compiler.Var
	cond boolFn // nil: every one
}

func (c *clause) query(q *compiler.Query) *query {
	out := &query{kind: q.Kind, v: q.Var}
	if q.Where != nil {
		out.cond = c.expr(q.Where).b
	}
	return out
}

// set stores x in the query's variable.
func (q *query) set(g rt.Exec, fp int, x rt.ObjID) { g.Selected(fp)[q.v.Slot] = x }

func (q *query) holds(g rt.Exec, fp int) bool { return q.cond == nil || q.cond(g, fp) }

// at is the i-th candidate of the query's loop, in the order of the
// compiler's (players by index, skipping those who lost; objects by ID;
// permanents in battlefield order; combat lists in their order): skip
// when the loop passes over it, done past the end.
func (q *query) at(g rt.Exec, i int) (v rt.ObjID, skip, done bool) {
	switch q.kind.Over {
	case rt.OverPlayers:
		if i >= len(g.Players) {
			return 0, false, true
		}
		return rt.ObjID(i), g.Players[i].Lost, false
	case rt.OverPlayersAPNAP:
		if i >= len(g.Players) {
			return 0, false, true
		}
		p := (g.Active + i) % len(g.Players)
		return rt.ObjID(p), g.Players[p].Lost, false
	case rt.OverAnything:
		if i >= len(g.Objs) {
			return 0, false, true
		}
		v = rt.ObjID(i)
		return v, g.Objs[v].Zone == rt.ZoneNone, false
	case rt.OverAttackers, rt.OverBlockers, rt.OverDeclared, rt.OverCombatants, rt.OverRecipients, rt.OverAttacked:
		if i >= g.CombatLen(q.kind.Over) {
			return 0, false, true
		}
		v, ok := g.CombatAt(q.kind.Over, i)
		return v, !ok, false
	}
	if i >= len(g.Battlefield) {
		return 0, false, true
	}
	v = g.Battlefield[i]
	return v, q.kind.Over == rt.OverPermanents && g.Objs[v].PhasedOut || q.kind.Types != 0 && !g.Is(v, q.kind.Types), false
}

// each calls f for every match.
func (q *query) each(g rt.Exec, fp int, f func(x rt.ObjID)) {
	for i := 0; ; i++ {
		v, skip, done := q.at(g, i)
		if done {
			return
		}
		if skip {
			continue
		}
		q.set(g, fp, v)
		if q.holds(g, fp) {
			f(v)
		}
	}
}

func (q *query) count() intFn {
	return func(g rt.Exec, fp int) int32 {
		n := int32(0)
		for i := 0; ; i++ {
			v, skip, done := q.at(g, i)
			if done {
				return n
			}
			if skip {
				continue
			}
			q.set(g, fp, v)
			if q.holds(g, fp) {
				n++
			}
		}
	}
}

// push pushes every match onto the scratch stack.
func (q *query) push(g rt.Exec, fp int) {
	for i := 0; ; i++ {
		v, skip, done := q.at(g, i)
		if done {
			return
		}
		if skip {
			continue
		}
		q.set(g, fp, v)
		if q.holds(g, fp) {
			g.Push(int32(v))
		}
	}
}

// keeps: player p chooses which match to keep; true if x is the one.
func (q *query) keeps(p plFn, x objFn, rule string) boolFn {
	return func(g rt.Exec, fp int) bool {
		mark := g.Mark()
		q.push(g, fp)
		k := g.Keeps(p(g, fp), g.Selected(mark), x(g, fp), rule)
		g.Release(mark)
		return k
	}
}

// chosen: player p chooses one of the matching players for x.
func (q *query) chosen(p plFn, x objFn, rule string) value {
	return value{t: compiler.Player, p: func(g rt.Exec, fp int) int {
		mark := g.Mark()
		q.push(g, fp)
		k := g.ChoosePlayer(p(g, fp), g.Selected(mark), x(g, fp), rule)
		g.Release(mark)
		return k
	}}
}

// forStmt is for-each: the matches are selected first (a snapshot), then
// the body runs for each, exactly as the compiler's loop does. Players
// come in APNAP order, starting with the active player.
func (c *clause) forStmt(s *compiler.For) stmtFn {
	q, body := c.query(s.Q), c.block(s.Body)
	var by plFn
	var upTo intFn
	if s.By != nil {
		by = c.expr(s.By).p
		if s.UpTo != nil {
			upTo = c.expr(s.UpTo).i
		} else {
			upTo = func(rt.Exec, int) int32 { return rt.AnyNumber }
		}
	}
	run := func(g rt.Exec, fp, mark int) bool {
		if by != nil && !g.ChooseSelected(mark, by(g, fp), upTo(g, fp), s.Rule) {
			return false // waiting for the choice: the action runs again
		}
		for _, x := range g.Selected(mark) {
			q.set(g, fp, x)
			if !body(g, fp) {
				return false // waiting for a decision: the action runs again
			}
		}
		g.Release(mark)
		return true
	}
	filter := compiler.FilterOf(s.Q)
	if q.kind.Over == rt.OverPlayers || filter != nil {
		// The candidates first (the players; a combat index's walk, as the
		// compiler's loop), then those the condition keeps.
		push := func(g rt.Exec, _ int) { g.PushPlayers() }
		if filter != nil {
			o, fn := slotValue(filter.Other).o, filter.Push
			push = func(g rt.Exec, fp int) { fn(g, o(g, fp)) }
		}
		return func(g rt.Exec, fp int) bool {
			mark := g.Mark()
			push(g, fp)
			n := 0
			for _, x := range g.Selected(mark) {
				q.set(g, fp, x)
				if q.holds(g, fp) {
					g.Selected(mark)[n] = x
					n++
				}
			}
			g.Release(mark + n)
			return run(g, fp, mark)
		}
	}
	return func(g rt.Exec, fp int) bool {
		mark := g.Mark()
		q.push(g, fp)
		return run(g, fp, mark)
	}
}

// quant builds count, any, all and sum (see the compiler's).
func (c *clause) quant(e *compiler.Quant) value {
	q := c.query(e.Q)
	switch e.Fn {
	case compiler.Count:
		return intV(q.count())
	case compiler.Any:
		return boolV(func(g rt.Exec, fp int) bool { return q.fold(g, fp, foldAny, nil) != 0 })
	case compiler.All:
		return boolV(func(g rt.Exec, fp int) bool { return q.fold(g, fp, foldAll, nil) != 0 })
	}
	v := c.expr(e.Val).i
	return intV(func(g rt.Exec, fp int) int32 { return q.fold(g, fp, foldSum, v) })
}

type foldMode uint8

const (
	foldAny foldMode = iota // 1 at the first match, else 0
	foldAll                 // 0 at the first of the kind that does not match, else 1
	foldSum                 // the total of val over the matches
)

// fold runs the query in the compiler's loop order (see each), written
// once with no closure per call.
func (q *query) fold(g rt.Exec, fp int, mode foldMode, val intFn) int32 {
	n := int32(0)
	for i := 0; ; i++ {
		v, skip, done := q.at(g, i)
		if done {
			return q.end(mode, n)
		}
		if skip {
			continue
		}
		q.set(g, fp, v)
		switch holds := q.holds(g, fp); {
		case mode == foldAny && holds:
			return 1
		case mode == foldAll && !holds:
			return 0
		case mode == foldSum && holds:
			n += val(g, fp)
		}
	}
}

func (q *query) end(mode foldMode, n int32) int32 {
	switch mode {
	case foldAny:
		return 0
	case foldAll:
		return 1
	}
	return n
}
