package rtimpl

// Replacement is a replacement effect of the rules or a card's (a replace
// declaration): as an event of its kind would happen to object x, if
// Applies holds (or Applies is nil), Run happens instead and the event
// does not. The kinds of event (Event):
//   - "destroy": permanent x would be destroyed (s is NoObj, n 0);
//   - "damage": source s would deal n damage to object x (n > 0, what is
//     left after prevention), combat damage or not;
//   - "player_damage": the same of damage to player x (its index).
//
// The runtime knows only that an event may be replaced, that a
// replacement applies once to an event (not to what its own Run
// does to the same object) and that, within one batch of state-based
// actions, an object's event is replaced once for all the identical
// results of the batch; what a replacement does, and when it applies, is
// the rules'.
type Replacement struct {
	Event string
	// Prevent: a prevention effect of the same form (of damage): the log
	// says the damage was prevented (EvPreventDamage), not replaced.
	Prevent bool
	Name    string // what the log says happened instead (EvReplaced)
	Rules   []string
	Pos     string
	Applies func(g Exec, x, s ObjID, n int32) bool
	Run     func(g Exec, x, s ObjID, n int32)
}

// maxReplacing is how deep replacements may run inside one another (the
// statements of one replacing an event that another replaces); deeper,
// none applies.
const maxReplacing = 8

// replacing is a replacement running: its index and the object.
type replacing struct {
	Index int32
	Obj   ObjID
}

// replace applies the first of the rules' replacements of event that
// applies to x (with the event's source s and amount n), and reports
// whether one did.
func (g Exec) replace(event string, x, s ObjID, n int32) bool {
	if g.nReplacing >= maxReplacing {
		return false
	}
	for i := range g.Rules.Replacements {
		rp := &g.Rules.Replacements[i]
		if rp.Event != event || g.running(int32(i), x) || rp.Applies != nil && !rp.Applies(g, x, s, n) {
			continue
		}
		e := Event{Kind: EvReplaced, Rule: first(rp.Rules), Player: int8(x), Obj: NoObj, Name: rp.Name, N: n}
		if rp.Prevent {
			e.Kind = EvPreventDamage
		}
		if event != "player_damage" { // (x is a player's index)
			e.Player, e.Obj = g.Objs[x].Controller, x
		}
		if event == "destroy" {
			// The batch's identical destructions are replaced once.
			g.Objs[x].batch = g.batch
		}
		g.emit(e)
		g.replacing[g.nReplacing] = replacing{Index: int32(i), Obj: x}
		g.nReplacing++
		m := g.Mark()
		rp.Run(g, x, s, n)
		g.Release(m)
		g.nReplacing--
		return true
	}
	return false
}

// running reports whether replacement i is running for x.
func (g Exec) running(i int32, x ObjID) bool {
	for _, r := range g.replacing[:g.nReplacing] {
		if r.Index == i && r.Obj == x {
			return true
		}
	}
	return false
}

// ObjShields is the number of shields on x: replacements the rules'
// replace declarations may use up (use_shield); effects give them (a
// conformance script's `regen`).
func ObjShields(g Exec, x ObjID) int32 { return objAt(g, x).Regen }

// UseShield removes one shield from x, if it has one.
func (g Exec) UseShield(x ObjID, rule string) {
	if !g.valid(x) {
		return // no object (game.trigger_recipient outside a damage trigger): nothing happens
	}
	_ = rule // logged with the replacement it is part of
	if o := &g.Objs[x]; o.Regen > 0 {
		o.Regen--
		g.touch(ChangeAll)
	}
}
