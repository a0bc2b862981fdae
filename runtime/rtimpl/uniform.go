package rtimpl

import "slices"

// UniformPolicy answers every decision uniformly at random over what
// Options lists, so it follows whatever the rules say is legal: each
// grouped option of a priority decision is equally likely (passing
// included); each creature that can attack or block does so with
// probability 1/2, against a uniformly chosen target among its options
// (a blocker's drawn without listing every pair: UniformPolicy.blocks);
// cards and orders are uniform; a forced pass (Game.Forced) draws
// nothing. A declaration Check refuses (a
// requirement or restriction over the whole declaration) is replaced by
// DefaultDeclare; damage is divided by DefaultDamage. It draws from its own
// seeded RNG, and reuses its buffers: in steady state it allocates nothing.
type UniformPolicy struct {
	RNG     RNG
	opts    []Option
	objs    []ObjID
	targets []int32
	atk     []ObjID
}

// Decide implements Policy.
func (u *UniformPolicy) Decide(g *Game, d Decision) Answer { return u.DecideRef(g, &d) }

// DecideRef is Decide given the decision by reference (a host's view of
// the game, runtime.Game, hands on its copy without another).
func (u *UniformPolicy) DecideRef(g *Game, d *Decision) Answer {
	// The buffers are grown at once to what a decision of this game may
	// list (an option or a pair for each object, and some), not by
	// doubling as the board grows.
	if n := len(g.Objs) + 16; cap(u.opts) < n || cap(u.objs) < n {
		u.opts, u.objs = slices.Grow(u.opts[:0], 2*n), slices.Grow(u.objs[:0], n)
		u.targets, u.atk = slices.Grow(u.targets[:0], n), slices.Grow(u.atk[:0], n)
	}
	switch d.Kind {
	case DecidePriority:
		u.opts = g.Options(u.opts[:0], true)
		if len(u.opts) == 1 { // forced (Game.Forced): no draw, the same game with Config.AutoPass
			return Answer{Kind: Pass}
		}
		return u.opts[u.RNG.Intn(len(u.opts))].Answer()
	case DecideBlockers:
		return g.orDefault(*d, u.blocks(g))
	case DecideAttackers:
		u.opts = g.Options(u.opts[:0], false)
		u.objs, u.targets = declareHalf(&u.RNG, u.opts, u.objs[:0], u.targets[:0])
		return g.orDefault(*d, Answer{Kind: Declare, Objs: u.objs, Targets: u.targets})
	case DecideCards, DecideOrder:
		u.opts = g.Options(u.opts[:0], false)
		u.objs = u.objs[:0]
		for _, o := range u.opts {
			u.objs = append(u.objs, o.Obj)
		}
		u.RNG.Shuffle(u.objs)
		kind := Declare
		if d.Kind == DecideCards {
			n := min(d.N, len(u.objs))
			if d.UpTo && n > 0 {
				n = u.RNG.Intn(n + 1) // "you may": none is one of the answers
			}
			kind, u.objs = Choose, u.objs[:n]
		}
		return Answer{Kind: kind, Objs: u.objs}
	case DecideTriggers:
		u.opts = g.Options(u.opts[:0], false)
		u.targets = u.targets[:0]
		for _, o := range u.opts {
			u.targets = append(u.targets, o.Target)
		}
		shuffle32(&u.RNG, u.targets)
		return Answer{Kind: Declare, Targets: u.targets}
	case DecideDamage:
		return g.DefaultDamage(*d)
	case DecideDefender, DecidePlayer, DecidePlace:
		u.opts = g.Options(u.opts[:0], false)
		if len(u.opts) > 0 {
			u.targets = append(u.targets[:0], u.opts[u.RNG.Intn(len(u.opts))].Target)
			return Answer{Kind: Declare, Targets: u.targets}
		}
	}
	return Answer{Kind: Pass}
}

// blocks draws a declaration of blockers (the declaring player's: who may
// block whom is the declaration's clauses, mayDeclare and mayAgainst,
// which Options asks too) without listing every (blocker, attacker) pair,
// as Options does: each creature that may block some attacker (the first
// found) blocks with probability 1/2, an attacker drawn uniformly among
// those it may block (drawn among the attackers from the first, again
// until it may block that one). Expected cost: O(creatures + attackers
// per blocker / fraction it may block).
func (u *UniformPolicy) blocks(g *Game) Answer {
	u.objs, u.targets, u.atk = u.objs[:0], u.targets[:0], u.atk[:0]
	for _, at := range g.Combat.Attacks {
		u.atk = append(u.atk, at.Attacker)
	}
	for _, b := range g.Battlefield {
		if !g.mayDeclare(b, true) {
			continue
		}
		first := 0
		for first < len(u.atk) && !g.mayAgainst(b, u.atk[first], true) {
			first++
		}
		if first == len(u.atk) || u.RNG.Intn(2) != 0 {
			continue
		}
		a := u.atk[first:]
		x := a[u.RNG.Intn(len(a))]
		for !g.mayAgainst(b, x, true) {
			x = a[u.RNG.Intn(len(a))]
		}
		u.objs, u.targets = append(u.objs, b), append(u.targets, int32(x))
	}
	return Answer{Kind: Declare, Objs: u.objs, Targets: u.targets}
}

// declareHalf appends to objs and targets a random declaration from opts,
// the options of a declaration of attackers or blockers (each creature's
// consecutive): each creature with probability 1/2, against one of its
// options drawn uniformly.
func declareHalf(rng *RNG, opts []Option, objs []ObjID, targets []int32) ([]ObjID, []int32) {
	for i := 0; i < len(opts); {
		j := i + 1 // options of one creature are consecutive
		for j < len(opts) && opts[j].Obj == opts[i].Obj {
			j++
		}
		if rng.Intn(2) == 0 {
			o := opts[i+rng.Intn(j-i)]
			objs, targets = append(objs, o.Obj), append(targets, o.Target)
		}
		i = j
	}
	return objs, targets
}
