package runtime

// Policy answers decisions for a player: a bot, a default, a test double.
type Policy interface {
	Decide(g *Game, d Decision) Answer
}

// PassPolicy always passes priority and chooses the first cards it may.
type PassPolicy struct{}

// Decide implements Policy.
func (PassPolicy) Decide(g *Game, d Decision) Answer {
	if d.Kind == DecideCards {
		return Answer{Kind: Choose, Objs: candidates(g, d)[:d.N]}
	}
	return Answer{Kind: Pass}
}

// RandomPolicy takes a random legal action, drawing from its own seeded RNG
// so that the same seed plays the same game.
type RandomPolicy struct {
	RNG  RNG
	buf  []Answer
	pick []ObjID
}

// Decide implements Policy. It prefers playing a land and casting spells to
// passing, so that random games go somewhere.
func (r *RandomPolicy) Decide(g *Game, d Decision) Answer {
	switch d.Kind {
	case DecideCards:
		r.pick = append(r.pick[:0], candidates(g, d)...)
		r.RNG.Shuffle(r.pick)
		return Answer{Kind: Choose, Objs: r.pick[:d.N]}
	case DecidePriority:
		r.buf = g.LegalActions(r.buf[:0])
		if len(r.buf) > 1 {
			return r.buf[1+r.RNG.Intn(len(r.buf)-1)]
		}
	}
	return Answer{Kind: Pass}
}

// Run plays until the game is over or maxDecisions have been answered,
// asking pol for every answer. It returns the last decision.
func (g *Game) Run(pol Policy, maxDecisions int) Decision {
	for i := 0; i < maxDecisions; i++ {
		d := g.Advance()
		if d.Kind == DecideGameOver || d.Kind == DecideStuck {
			return d
		}
		if err := g.Submit(pol.Decide(g, d)); err != nil {
			// A policy answered illegally: fall back to passing or the
			// first legal cards, which are always legal.
			if err := g.Submit(PassPolicy{}.Decide(g, d)); err != nil {
				return d
			}
		}
	}
	return g.Advance()
}

// candidates lists what a DecideCards decision chooses from.
func candidates(g *Game, d Decision) []ObjID {
	if d.From != nil {
		return d.From
	}
	return *g.zoneList(d.Player, d.Zone)
}
