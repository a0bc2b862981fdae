package rtimpl

// watchCombat reports whether a watch over o has nothing to look at while
// no creature is in combat.
func watchCombat(o Over) bool {
	switch o {
	case OverAttackers, OverBlockers, OverCombatants, OverAttacked, OverDeclared:
		return true
	}
	return false
}

// checkWatches matches the rules' watches and performs what matches. x is
// NoObj, or the object whose own state a change changed (clean:
// g.watchClean before it): when every watch is Own, no other object can
// have come to match, and x alone is matched, with the result of matching
// every one. The results of one check are matched against the state the
// check began with, each matched again just before it is performed;
// changes they make are watched at the next check, not within this one.
func (g *Game) checkWatches(x ObjID, clean bool) {
	if len(g.Effects) > 0 {
		g.exec().endLapsed() // effects for as long as a condition that no longer holds
	}
	ws := g.Rules.Watches
	if len(ws) == 0 {
		return
	}
	if g.watching {
		g.watchClean = false // a change a result made: matched at the next check
		return
	}
	g.watching = true
	inCombat := len(g.Combat.Attacks)+len(g.Combat.Blocks)+len(g.Combat.Declared) > 0
	if clean && x != NoObj && g.watchesOwn() {
		g.watchClean = true
		for i := range ws {
			w := &ws[i]
			if (inCombat || !watchCombat(w.Over)) && g.inOver(w.Over, w.Types, x) && w.Match(g.exec(), int32(x)) {
				w.Do(g.exec(), int32(x))
			}
		}
		g.watching = false
		return
	}
	g.watchClean = true // below, once every one is matched (unless a result changes something)
	for i := range ws {
		w := &ws[i]
		if !inCombat && watchCombat(w.Over) {
			continue
		}
		buf := g.members(g.watchBuf[:0], w.Over, w.Types)
		g.watchBuf = buf
		n := 0
		for _, y := range buf {
			if w.Match(g.exec(), y) {
				buf[n], n = y, n+1
			}
		}
		for _, y := range buf[:n] {
			if (w.Over == OverPlayers || g.inOver(w.Over, w.Types, ObjID(y))) && w.Match(g.exec(), y) {
				w.Do(g.exec(), y)
			}
		}
	}
	g.watching = false
}

// watchesOwn reports whether every watch of the rules is Own.
func (g *Game) watchesOwn() bool {
	for i := range g.Rules.Watches {
		if !g.Rules.Watches[i].Own {
			return false
		}
	}
	return true
}

// members appends to buf what a query over o (of the types ts, if any)
// ranges over, each once.
func (g *Game) members(buf []int32, o Over, ts TypeSet) []int32 {
	switch o {
	case OverPlayers, OverPlayersAPNAP:
		for p := range g.Players {
			if !g.Players[p].Lost {
				buf = append(buf, int32(p))
			}
		}
	case OverAnything:
		for x := range g.Objs {
			if g.Objs[x].Zone != ZoneNone {
				buf = append(buf, int32(x))
			}
		}
	case OverObjects, OverPermanents:
		for _, x := range g.Battlefield {
			if g.inOver(o, ts, x) {
				buf = append(buf, int32(x))
			}
		}
	default:
		e := g.exec()
		for i, n := 0, e.CombatLen(o); i < n; i++ {
			if y, ok := e.CombatAt(o, i); ok {
				buf = append(buf, int32(y))
			}
		}
	}
	return buf
}

// inOver reports whether object x is one a query over o (of the types
// ts, if any) ranges over.
func (g *Game) inOver(o Over, ts TypeSet, x ObjID) bool {
	if !g.valid(x) {
		return false
	}
	ob := &g.Objs[x]
	switch o {
	case OverAnything:
		return ob.Zone != ZoneNone
	case OverObjects:
		return ob.Zone == ZoneBattlefield
	case OverPermanents:
		return ob.Zone == ZoneBattlefield && !ob.PhasedOut && (ts == 0 || ob.Types&ts != 0)
	case OverAttackers:
		return g.attackIndex(x) >= 0
	case OverBlockers:
		return g.blockIndex(x) >= 0
	case OverCombatants:
		return g.attackIndex(x) >= 0 || g.blockIndex(x) >= 0
	case OverDeclared:
		return g.exec().IsDeclared(x)
	case OverAttacked:
		for _, at := range g.Combat.Attacks {
			if at.Target == x {
				return true
			}
		}
	}
	return false
}
