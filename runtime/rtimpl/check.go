package rtimpl

// Check reports whether Submit would accept a, without changing the game:
// nil, or the refusal Submit would give (the same rule, the same words).
// A legal answer to a priority decision is checked without allocating;
// the refusal of an illegal one is built only then. Declarations are
// tried on a scratch copy of the game (see CopyFrom), which allocates
// nothing in steady state when they are legal.
func (g *Game) Check(a Answer) error {
	switch g.pending.Kind {
	case DecidePriority:
		if g.mayAnswer(&a) {
			return nil
		}
	case DecideAttackers, DecideBlockers:
		// A declaration is checked in place (its checks change nothing),
		// and one found legal is remembered for its Submit.
		return g.checkDeclaration(&a)
	}
	return g.trySubmit(&a)
}

// checkDeclaration checks a declaration of attackers or blockers a,
// changing nothing, and remembers it if legal.
func (g *Game) checkDeclaration(a *Answer) error {
	d := g.pending
	err := g.checkClauses(&d, a, d.Kind == DecideBlockers)
	if err == nil {
		g.declBufs().checked.remember(g, a)
	}
	return err
}

// mayAnswer is the test of a priority answer that builds no refusal.
func (g *Game) mayAnswer(a *Answer) bool {
	p := g.pending.Player
	switch a.Kind {
	case Pass:
		return true
	case PlayLand:
		return g.landTest(p, a.Obj)
	case Cast:
		return g.castTest(p, a.Obj)
	case Activate:
		return g.activateTest(p, a.Obj, a.Ability)
	case TapMana:
		_, ok := g.manaTest(p, a.Obj)
		return ok
	}
	return false
}

// trySubmit submits a to a scratch copy of g and returns its verdict.
func (g *Game) trySubmit(a *Answer) error {
	s := g.tryGame()
	s.CopyFrom(g)
	s.quiet()
	err := s.Submit(*a)
	g.doneTry(s)
	return err
}

// quiet makes a scratch copy log nothing, and share no buffer of the log
// it was copied from.
func (s *Game) quiet() {
	if s.logOwn {
		s.Log = s.Log[:0]
	} else {
		s.Log = s.Log[:0:0]
	}
	s.logc = LogConfig{Mode: LogNone}
}
