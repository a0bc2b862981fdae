package interp

import (
	"fmt"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/grammar"
	rt "github.com/mtgc-dev/mtgc/runtime"
)

func (c *clause) block(b *grammar.Block, sc *scope) (stmtFn, error) {
	var list []stmtFn
	for _, s := range b.Stmts {
		f, err := c.stmt(s, sc)
		if err != nil {
			return nil, err
		}
		if f != nil {
			list = append(list, f)
		}
	}
	switch len(list) {
	case 0:
		return func(*rt.Game, int) bool { return true }, nil
	case 1:
		return list[0], nil
	}
	return func(g *rt.Game, fp int) bool {
		for _, f := range list {
			if !f(g, fp) {
				return false
			}
		}
		return true
	}, nil
}

func (c *clause) stmt(s grammar.Stmt, sc *scope) (stmtFn, error) {
	switch s := s.(type) {
	case *grammar.ForStmt:
		return c.forStmt(s, sc)
	case *grammar.IfStmt:
		return c.ifStmt(s, sc)
	case *grammar.LetStmt:
		x, err := c.expr(s.Value, sc)
		if err != nil {
			return nil, err
		}
		switch x.t {
		case compiler.Int, compiler.Bool, compiler.Player, compiler.Object:
		default:
			return nil, errorf(s.Value.Position(), "let wants an int, bool, player or object value, not %s", x.t)
		}
		return store(c.declare(sc, s.Name.Name, x.t), x), nil
	case *grammar.CallStmt:
		return c.call(s, sc)
	}
	return nil, errorf(s.Position(), "unsupported statement")
}

func (c *clause) ifStmt(s *grammar.IfStmt, sc *scope) (stmtFn, error) {
	cond, err := c.typed(s.Cond, sc, compiler.Bool, "an if condition")
	if err != nil {
		return nil, err
	}
	then, err := c.block(s.Then, sc.child())
	if err != nil {
		return nil, err
	}
	var els stmtFn
	switch {
	case s.ElseIf != nil:
		els, err = c.ifStmt(s.ElseIf, sc)
	case s.Else != nil:
		els, err = c.block(s.Else, sc.child())
	}
	if err != nil {
		return nil, err
	}
	b := cond.b
	if els == nil {
		return func(g *rt.Game, fp int) bool {
			if b(g, fp) {
				return then(g, fp)
			}
			return true
		}, nil
	}
	return func(g *rt.Game, fp int) bool {
		if b(g, fp) {
			return then(g, fp)
		}
		return els(g, fp)
	}, nil
}

func (c *clause) call(s *grammar.CallStmt, sc *scope) (stmtFn, error) {
	if s.Verb.Name == "put_on_stack" {
		return c.putOnStack(s, sc)
	}
	v, ok := verbs[s.Verb.Name]
	if !ok {
		return nil, errorf(s.Verb.Pos, "unknown statement %s", s.Verb.Name)
	}
	if len(s.Args) != len(v.args) {
		return nil, errorf(s.Verb.Pos, "%s takes %d argument(s), not %d", s.Verb.Name, len(v.args), len(s.Args))
	}
	args := make([]arg, len(s.Args))
	for i, e := range s.Args {
		var err error
		switch want := v.args[i]; want {
		case compiler.ZoneT:
			args[i].zone, err = enumArg(e, zones, "zone", false)
		case compiler.EndT:
			args[i].ending, err = enumArg(e, endings, "ending", false)
		case compiler.Counter:
			args[i].counter, err = enumArg(e, counters, "counter kind", true)
		case compiler.EventT:
			args[i].event, err = enumArg(e, events, "trigger event", false)
		default:
			args[i].v, err = c.typed(e, sc, want, fmt.Sprintf("argument %d of %s", i+1, s.Verb.Name))
		}
		if err != nil {
			return nil, err
		}
	}
	return v.build(args, c.rule), nil
}

// query is "KIND v where COND" as for-each, count() and keeps() use it.
type query struct {
	kind kindSpec
	v    variable
	cond boolFn // nil: every one
}

func (c *clause) newQuery(kindID, varID grammar.Ident, where grammar.Expr, sc *scope) (*query, *scope, error) {
	k, ok := kinds[kindID.Name]
	if !ok {
		return nil, nil, errorf(kindID.Pos, "unknown kind %s", kindID.Name)
	}
	inner := sc.child()
	t := compiler.Object
	if k.over == rt.OverPlayers {
		t = compiler.Player
	}
	q := &query{kind: k, v: c.declare(inner, varID.Name, t)}
	if where != nil {
		cond, err := c.typed(where, inner, compiler.Bool, "a where condition")
		if err != nil {
			return nil, nil, err
		}
		q.cond = cond.b
	}
	return q, inner, nil
}

// query builds the query of count(KIND, v, COND) and keeps(..., KIND, v, COND).
func (c *clause) query(kindE, varE, condE grammar.Expr, sc *scope, fn string) (*query, error) {
	kid, ok1 := kindE.(*grammar.Ident)
	vid, ok2 := varE.(*grammar.Ident)
	if !ok1 || !ok2 {
		return nil, errorf(kindE.Position(), "%s wants a kind and a variable name", fn)
	}
	q, _, err := c.newQuery(*kid, *vid, condE, sc)
	return q, err
}

// set stores x in the query's variable.
func (q *query) set(g *rt.Game, fp int, x rt.ObjID) { g.Selected(fp)[q.v.slot] = x }

func (q *query) holds(g *rt.Game, fp int) bool { return q.cond == nil || q.cond(g, fp) }

// at is the i-th candidate of the query's loop, in the order of the
// compiler's (players by index, skipping those who lost; objects by ID;
// permanents in battlefield order; combat lists in their order): skip
// when the loop passes over it, done past the end.
func (q *query) at(g *rt.Game, i int) (v rt.ObjID, skip, done bool) {
	switch q.kind.over {
	case rt.OverPlayers:
		if i >= len(g.Players) {
			return 0, false, true
		}
		return rt.ObjID(i), g.Players[i].Lost, false
	case rt.OverAnything:
		if i >= len(g.Objs) {
			return 0, false, true
		}
		v = rt.ObjID(i)
		return v, g.Objs[v].Zone == rt.ZoneNone, false
	case rt.OverAttackers, rt.OverBlockers, rt.OverDeclared, rt.OverCombatants:
		if i >= g.CombatLen(q.kind.over) {
			return 0, false, true
		}
		v, ok := g.CombatAt(q.kind.over, i)
		return v, !ok, false
	}
	if i >= len(g.Battlefield) {
		return 0, false, true
	}
	v = g.Battlefield[i]
	return v, q.kind.over == rt.OverPermanents && g.Objs[v].PhasedOut || q.kind.types != 0 && !g.Is(v, q.kind.types), false
}

// each calls f for every match.
func (q *query) each(g *rt.Game, fp int, f func(x rt.ObjID)) {
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
	return func(g *rt.Game, fp int) int32 {
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
func (q *query) push(g *rt.Game, fp int) {
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
	return func(g *rt.Game, fp int) bool {
		mark := g.Mark()
		q.push(g, fp)
		k := g.Keeps(p(g, fp), g.Selected(mark), x(g, fp), rule)
		g.Release(mark)
		return k
	}
}

// chosen: player p chooses one of the matching players for x.
func (q *query) chosen(p plFn, x objFn, rule string) value {
	return value{t: compiler.Player, p: func(g *rt.Game, fp int) int {
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
func (c *clause) forStmt(s *grammar.ForStmt, sc *scope) (stmtFn, error) {
	q, inner, err := c.newQuery(s.Kind, s.Var, s.Where, sc)
	if err != nil {
		return nil, err
	}
	body, err := c.block(s.Body, inner)
	if err != nil {
		return nil, err
	}
	run := func(g *rt.Game, fp, mark int) bool {
		for _, x := range g.Selected(mark) {
			q.set(g, fp, x)
			if !body(g, fp) {
				return false // waiting for a decision: the action runs again
			}
		}
		g.Release(mark)
		return true
	}
	if q.kind.over == rt.OverPlayers {
		return func(g *rt.Game, fp int) bool {
			mark := g.Mark()
			g.PushPlayers()
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
		}, nil
	}
	return func(g *rt.Game, fp int) bool {
		mark := g.Mark()
		q.push(g, fp)
		return run(g, fp, mark)
	}, nil
}

// quantifier builds any(KIND, v, COND), all(KIND, v, COND) and sum(KIND,
// v, COND, VALUE) (see the compiler's).
func (c *clause) quantifier(e *grammar.CallExpr, sc *scope) (value, error) {
	fn := e.Fun.Name
	want := 3
	if fn == "sum" {
		want = 4
	}
	if len(e.Args) != want {
		return value{}, errorf(e.Pos, "%s takes %d arguments", fn, want)
	}
	kid, ok1 := e.Args[0].(*grammar.Ident)
	vid, ok2 := e.Args[1].(*grammar.Ident)
	if !ok1 || !ok2 {
		return value{}, errorf(e.Args[0].Position(), "%s wants a kind and a variable name", fn)
	}
	q, inner, err := c.newQuery(*kid, *vid, e.Args[2], sc)
	if err != nil {
		return value{}, err
	}
	switch fn {
	case "any":
		return boolV(func(g *rt.Game, fp int) bool { return q.fold(g, fp, foldAny, nil) != 0 }), nil
	case "all":
		return boolV(func(g *rt.Game, fp int) bool { return q.fold(g, fp, foldAll, nil) != 0 }), nil
	}
	v, err := c.typed(e.Args[3], inner, compiler.Int, "the value of sum")
	if err != nil {
		return value{}, err
	}
	return intV(func(g *rt.Game, fp int) int32 { return q.fold(g, fp, foldSum, v.i) }), nil
}

type foldMode uint8

const (
	foldAny foldMode = iota // 1 at the first match, else 0
	foldAll                 // 0 at the first of the kind that does not match, else 1
	foldSum                 // the total of val over the matches
)

// fold runs the query in the compiler's loop order (see each), written
// once with no closure per call.
func (q *query) fold(g *rt.Game, fp int, mode foldMode, val intFn) int32 {
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
