package rtimpl

import "slices"

// A player puts the triggered abilities they control that wait on the
// stack, in the order they choose: the rules' procedure for
// MechStackTriggers says which players do so, in which order.

// PutTriggers has player p put the triggered abilities p controls that
// wait (Game.Waiting) on the stack, in the order p chooses: at once when
// there is only one order (one ability, or identical ones), in the order
// they triggered; otherwise it asks p (DecideTriggers) and reports false,
// and the answer puts them on the stack.
func (g Exec) PutTriggers(p int, rule string) bool {
	if !g.IsPlayer(p) {
		return true
	}
	var first *StackItem
	n, oneWay := 0, true
	for i := range g.Waiting {
		it := &g.Waiting[i]
		if int(it.Controller) != p {
			continue
		}
		if first == nil {
			first = it
		} else if it.Source != first.Source || it.About != first.About || it.Trigger != first.Trigger || it.Value != first.Value || it.Recipient != first.Recipient || it.Object != first.Object || it.Args != first.Args {
			oneWay = false
		}
		n++
	}
	if n == 0 {
		return true
	}
	if oneWay {
		g.stackWaiting(p, nil, rule)
		return true
	}
	from := make([]ObjID, 0, n)
	for _, it := range g.Waiting {
		if int(it.Controller) == p {
			from = append(from, it.Source)
		}
	}
	g.pending = Decision{Kind: DecideTriggers, Player: p, Rule: rule, From: from, N: n}
	return false
}

// stackWaiting puts p's waiting abilities on the stack, the order'th of
// them first (nil: in the order they triggered), and drops them from
// Waiting.
func (g *Game) stackWaiting(p int, order []int32, rule string) {
	mine := g.exec().Mark()
	for i := range g.Waiting {
		if int(g.Waiting[i].Controller) == p {
			g.exec().Push(int32(i))
		}
	}
	idx := g.exec().Selected(mine)
	put := func(it StackItem) {
		g.markTargets(&it)
		g.Stack = append(g.Stack, it)
		if it.Object > 0 { // a rules' stack object, logged as put_on_stack logs it
			g.emit(Event{Kind: EvPutOnStack, Rule: first(g.Rules.StackObjects[it.Object-1].Rules), Player: it.Controller, Obj: NoObj, Name: g.exec().WaitingName(&it)})
			return
		}
		g.emit(Event{Kind: EvTrigger, Rule: rule, Player: it.Controller, Obj: it.Source, Name: it.Trigger.Label})
	}
	if order == nil {
		for _, i := range idx {
			put(g.Waiting[i])
		}
	} else {
		for _, k := range order {
			put(g.Waiting[idx[k]])
		}
	}
	g.exec().Release(mine)
	kept := g.Waiting[:0]
	for _, it := range g.Waiting {
		if int(it.Controller) != p {
			kept = append(kept, it)
		}
	}
	g.Waiting = kept
}

// submitTriggers takes an order of the pending abilities: Targets lists
// each index of From once, the first to go on the stack first.
func (g *Game) submitTriggers(d *Decision, a *Answer) error {
	if n := g.countWaiting(d.Player); n != d.N || n != len(d.From) {
		return refuse(d.Rule, "%s has %d triggered abilities waiting, not %d", g.PlayerName(d.Player), n, d.N) // a saved state's
	}
	if a.Kind != Declare || len(a.Targets) != d.N {
		return refuse(d.Rule, "%s must put all %d of their triggered abilities on the stack in an order", g.PlayerName(d.Player), d.N)
	}
	for i, k := range a.Targets {
		if k < 0 || int(k) >= d.N || slices.Contains(a.Targets[:i], k) {
			return refuse(d.Rule, "the order must name each of %s's %d triggered abilities once (0 to %d)", g.PlayerName(d.Player), d.N, d.N-1)
		}
	}
	g.pending = Decision{}
	g.stackWaiting(d.Player, a.Targets, d.Rule)
	return nil
}

// WaitingOf is the i-th waiting triggered ability p controls (the i-th
// of a DecideTriggers decision's From), and false past the end.
func (g Exec) WaitingOf(p, i int) (StackItem, bool) {
	for _, it := range g.Waiting {
		if int(it.Controller) == p {
			if i == 0 {
				return it, true
			}
			i--
		}
	}
	return StackItem{}, false
}

func (g *Game) countWaiting(p int) int {
	n := 0
	for i := range g.Waiting {
		if int(g.Waiting[i].Controller) == p {
			n++
		}
	}
	return n
}
