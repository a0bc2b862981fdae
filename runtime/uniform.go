package runtime

// UniformPolicy answers every decision uniformly at random over what
// Options lists, so it follows whatever the rules say is legal: each
// grouped option of a priority decision is equally likely (passing
// included); each creature that can attack or block does so with
// probability 1/2, against a uniformly chosen target among its options;
// cards and orders are uniform; a forced pass (Game.Forced) draws nothing. A declaration Check refuses (a
// requirement or restriction over the whole declaration) is replaced by
// DefaultDeclare; damage is divided by DefaultDamage. It draws from its own
// seeded RNG, and reuses its buffers: in steady state it allocates nothing.
type UniformPolicy struct {
	RNG     RNG
	opts    []Option
	objs    []ObjID
	targets []int32
}

// Decide implements Policy.
func (u *UniformPolicy) Decide(g *Game, d Decision) Answer {
	switch d.Kind {
	case DecidePriority:
		u.opts = g.Options(u.opts[:0], true)
		if len(u.opts) == 1 { // forced (Game.Forced): no draw, the same game with Config.AutoPass
			return Answer{Kind: Pass}
		}
		return u.opts[u.RNG.Intn(len(u.opts))].Answer()
	case DecideAttackers, DecideBlockers:
		u.opts = g.Options(u.opts[:0], false)
		u.objs, u.targets = u.objs[:0], u.targets[:0]
		for i := 0; i < len(u.opts); {
			j := i + 1 // options of one creature are consecutive
			for j < len(u.opts) && u.opts[j].Obj == u.opts[i].Obj {
				j++
			}
			if u.RNG.Intn(2) == 0 {
				o := u.opts[i+u.RNG.Intn(j-i)]
				u.objs, u.targets = append(u.objs, o.Obj), append(u.targets, o.Target)
			}
			i = j
		}
		a := Answer{Kind: Declare, Objs: u.objs, Targets: u.targets}
		if g.Check(a) != nil {
			return g.DefaultDeclare(d)
		}
		return a
	case DecideCards, DecideOrder:
		u.opts = g.Options(u.opts[:0], false)
		u.objs = u.objs[:0]
		for _, o := range u.opts {
			u.objs = append(u.objs, o.Obj)
		}
		u.RNG.Shuffle(u.objs)
		kind := Declare
		if d.Kind == DecideCards {
			kind, u.objs = Choose, u.objs[:min(d.N, len(u.objs))]
		}
		return Answer{Kind: kind, Objs: u.objs}
	case DecideDamage:
		return g.DefaultDamage(d)
	case DecideDefender, DecidePlayer:
		u.opts = g.Options(u.opts[:0], false)
		if len(u.opts) > 0 {
			u.targets = append(u.targets[:0], u.opts[u.RNG.Intn(len(u.opts))].Target)
			return Answer{Kind: Declare, Targets: u.targets}
		}
	}
	return Answer{Kind: Pass}
}
