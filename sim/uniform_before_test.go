package sim_test

import rt "github.com/mtgc-dev/mtgc/runtime"

// uniform is the random player a caller can write on the API of before
// issue 12: uniform over LegalActions (passing included), the default
// declaration for combat.
type uniform struct {
	rng rt.RNG
	buf []rt.Answer
	rp  rt.RandomPolicy
}

func newUniform(seed uint64) *uniform {
	return &uniform{rng: rt.RNG{State: seed}, rp: rt.RandomPolicy{RNG: rt.RNG{State: seed + 1}}}
}

func (u *uniform) Decide(g *rt.Game, d rt.Decision) rt.Answer {
	if d.Kind == rt.DecidePriority {
		u.buf = g.LegalActions(u.buf[:0])
		return u.buf[u.rng.Intn(len(u.buf))]
	}
	return u.rp.Decide(g, d)
}
