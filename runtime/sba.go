package runtime

type sbaHit struct {
	sba int
	x   int32
}

// CheckSBA matches every state-based action against the same state, then
// performs every result, and reports whether anything was performed. The
// caller repeats it until it reports false.
func (g *Game) CheckSBA() bool {
	hits := g.matchSBAs(g.hits[:0], false)
	g.hits = hits
	// "Since the last time state-based actions were checked" (a draw from
	// an empty library) starts over at every check.
	for i := range g.Players {
		g.Players[i].DrewFromEmpty = false
	}
	for _, x := range g.Battlefield {
		g.Objs[x].DeathtouchHit = false
	}
	if len(hits) == 0 {
		return false
	}
	g.clock++
	g.batch = g.clock
	for _, h := range hits {
		g.Rules.SBAs[h.sba].Do(g, h.x)
	}
	g.batch = 0
	g.settle()
	return true
}

// SBAPending reports whether any state-based action would be performed.
func (g *Game) SBAPending() bool {
	return len(g.matchSBAs(g.hits[:0], true)) > 0
}

// ActionsPending reports whether state-based actions would be performed or
// triggered abilities wait to be put on the stack.
func (g *Game) ActionsPending() bool { return len(g.Waiting) > 0 || g.SBAPending() }

func (g *Game) matchSBAs(hits []sbaHit, first bool) []sbaHit {
	for i := range g.Rules.SBAs {
		s := &g.Rules.SBAs[i]
		switch s.Over {
		case OverPlayers:
			for p := range g.Players {
				if !g.Players[p].Lost && s.Match(g, int32(p)) {
					hits = append(hits, sbaHit{i, int32(p)})
				}
			}
		case OverAnything:
			for x := range g.Objs {
				if g.Objs[x].Zone != ZoneNone && s.Match(g, int32(x)) {
					hits = append(hits, sbaHit{i, int32(x)})
				}
			}
		case OverObjects, OverPermanents:
			for _, x := range g.Battlefield {
				o := &g.Objs[x]
				if s.Over == OverPermanents && (o.PhasedOut || (s.Types != 0 && o.Types&s.Types == 0)) {
					continue
				}
				if s.Match(g, int32(x)) {
					hits = append(hits, sbaHit{i, int32(x)})
				}
			}
		}
		if first && len(hits) > 0 {
			return hits
		}
	}
	return hits
}

// Mark starts a for-each query: the query pushes what it selects onto a
// scratch stack so that the body runs over a snapshot (the set is fixed
// before anything changes). Pass the mark to Selected and Release.
func (g *Game) Mark() int { return len(g.scratch) }

// Push adds x to the scratch stack.
func (g *Game) Push(x int32) { g.scratch = append(g.scratch, ObjID(x)) }

// Selected returns what was pushed since mark.
func (g *Game) Selected(mark int) []ObjID { return g.scratch[mark:] }

// Release drops what was pushed since mark.
func (g *Game) Release(mark int) { g.scratch = g.scratch[:mark] }

// PushPlayers pushes the players still in the game in turn order, starting
// with the active player (APNAP order).
func (g *Game) PushPlayers() {
	p := g.Active
	for range g.Players {
		if !g.Players[p].Lost {
			g.scratch = append(g.scratch, ObjID(p))
		}
		p = (p + 1) % len(g.Players)
	}
}
