package rtimpl

// Policy answers decisions for a player: a bot, a default, a test double.
type Policy interface {
	Decide(g *Game, d Decision) Answer
}

// PassPolicy always passes priority and chooses the first cards it may.
type PassPolicy struct{}

// Decide implements Policy.
func (PassPolicy) Decide(g *Game, d Decision) Answer {
	switch d.Kind {
	case DecideCards:
		// A copy (the game's scratch): the candidates may be a zone.
		b := g.auxOf()
		b.cards = append(b.cards[:0], candidates(g, d)[:d.N]...)
		return Answer{Kind: Choose, Objs: b.cards}
	case DecideAttackers, DecideBlockers:
		return g.DefaultDeclare(d)
	case DecideDefender:
		return Answer{Kind: Declare, Targets: []int32{PlayerCode(int(d.From[0]))}} // the next in turn order
	case DecidePlayer:
		return Answer{Kind: Declare, Targets: []int32{PlayerCode(int(d.From[0]))}}
	case DecideOrder:
		return Answer{Kind: Declare, Objs: d.From}
	case DecideTriggers:
		return Answer{Kind: Declare, Targets: inOrder(d.N)}
	case DecidePlace:
		return Answer{Kind: Declare, Targets: []int32{int32(d.N - 1)}} // last, where it stands
	case DecideDamage:
		return g.DefaultDamage(d)
	}
	return Answer{Kind: Pass}
}

// RandomPolicy takes a random legal action, drawing from its own seeded RNG
// so that the same seed plays the same game. What is legal is the game's
// to say (Options, Check, LegalActions): it reuses its buffers, and in
// steady state allocates nothing.
type RandomPolicy struct {
	RNG RNG
	// Unchecked answers a declaration of attackers or blockers as drawn,
	// even one Check refuses (a requirement or restriction over the
	// whole declaration, a cost), instead of DefaultDeclare: the
	// caller sees the refusal and answers again (Run falls back to
	// PassPolicy). A differential test compares the engines' refusals
	// so.
	Unchecked bool
	buf       []Answer
	opts      []Option
	pick      []ObjID
	targets   []int32
}

// Decide implements Policy. It prefers playing a land and casting spells to
// passing, so that random games go somewhere.
func (r *RandomPolicy) Decide(g *Game, d Decision) Answer { return r.DecideRef(g, &d) }

// DecideRef is Decide given the decision by reference (a host's view of
// the game, runtime.Game, hands on its copy without another).
func (r *RandomPolicy) DecideRef(g *Game, d *Decision) Answer {
	switch d.Kind {
	case DecideCards:
		r.pick = append(r.pick[:0], candidates(g, *d)...)
		r.RNG.Shuffle(r.pick)
		n := d.N
		if d.UpTo && n > 0 {
			n = r.RNG.Intn(n + 1) // "you may": none is one of the answers
		}
		return Answer{Kind: Choose, Objs: r.pick[:n]}
	case DecideAttackers, DecideBlockers:
		// Each creature with options (Options: what it may attack, whom
		// it may block) is declared with probability 1/2, against one of
		// them drawn uniformly. A declaration Check refuses (a
		// requirement or restriction over the whole declaration, a
		// cost) is replaced by DefaultDeclare, unless Unchecked.
		r.opts = g.Options(r.opts[:0], false)
		r.pick, r.targets = declareHalf(&r.RNG, r.opts, r.pick[:0], r.targets[:0])
		a := Answer{Kind: Declare, Objs: r.pick, Targets: r.targets}
		if r.Unchecked {
			return a
		}
		return g.orDefault(*d, a)
	case DecideOrder:
		r.pick = append(r.pick[:0], d.From...)
		r.RNG.Shuffle(r.pick)
		return Answer{Kind: Declare, Objs: r.pick}
	case DecideTriggers:
		r.targets = r.targets[:0]
		for i := range d.N {
			r.targets = append(r.targets, int32(i))
		}
		shuffle32(&r.RNG, r.targets)
		return Answer{Kind: Declare, Targets: r.targets}
	case DecideDamage:
		return g.DefaultDamage(*d)
	case DecideDefender:
		// n players on from the first in turn order, at most the last.
		q := d.From[min(r.RNG.Intn(len(g.Players)), len(d.From)-1)]
		return Answer{Kind: Declare, Targets: []int32{PlayerCode(int(q))}}
	case DecidePlace:
		r.targets = append(r.targets[:0], int32(r.RNG.Intn(d.N)))
		return Answer{Kind: Declare, Targets: r.targets}
	case DecidePlayer:
		r.targets = append(r.targets[:0], PlayerCode(int(d.From[r.RNG.Intn(len(d.From))])))
		return Answer{Kind: Declare, Targets: r.targets}
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
			// A policy answered illegally: fall back to passing, the
			// first cards or the default declaration, which are legal.
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

// DefaultDeclare is a declaration of attackers or blockers a simple caller
// can accept: only what the requirements make attack or block, the most
// of them the rules' restrictions allow (the exact search of restrict.go,
// with nothing chosen for a creature under no requirement unless a
// restriction needs it). If that is refused (a cost to pay), it is no
// creature at all.
func (g *Game) DefaultDeclare(d Decision) Answer {
	a := Answer{Kind: Declare}
	switch d.Kind {
	case DecideAttackers:
		a.Objs, _, _ = g.bestDeclaration(false, d.Player)
	case DecideBlockers:
		a.Objs, a.Targets, _ = g.bestDeclaration(true, d.Player)
	}
	if len(a.Objs) > 0 && !g.accepts(a) {
		return Answer{Kind: Declare}
	}
	return a
}

// orDefault is a, a policy's declaration for d, if Check accepts it, else
// DefaultDeclare's.
func (g *Game) orDefault(d Decision, a Answer) Answer {
	if g.Check(a) != nil {
		return g.DefaultDeclare(d)
	}
	return a
}

// accepts reports whether the pending decision would accept a, trying it on
// a scratch copy of the game.
func (g *Game) accepts(a Answer) bool { return g.Check(a) == nil }

// inOrder is the order 0, 1, ... n-1: triggered abilities in the order
// they triggered.
func inOrder(n int) []int32 {
	out := make([]int32, n)
	for i := range out {
		out[i] = int32(i)
	}
	return out
}

func shuffle32(r *RNG, xs []int32) {
	for i := len(xs) - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		xs[i], xs[j] = xs[j], xs[i]
	}
}
