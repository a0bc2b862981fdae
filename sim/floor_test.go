package sim_test

import (
	"testing"

	rt "github.com/mtgc-dev/mtgc/runtime"
)

// The floor: BenchmarkRandomGameVanillaNotap's games played by a
// hand-written Go loop with no engine: the same decks (24 Forests, 36 2/2
// creatures for {1}{G}), the same turn (untap, draw, a main phase, combat,
// a second main phase, discard to seven), a player uniform over the real
// choices (what to play at priority, which creatures attack, what each
// creature blocks, what to discard) and mana paid for it. It knows no rule
// but the few this deck needs and checks nothing an answer could break: it
// is what a decision costs when nothing is interpreted, the figure the
// engine's ns/decision is compared with (docs/performance.md).

const (
	floorForest = iota
	floorBear
)

type floorCreature struct {
	tapped, sick bool
	damage       int8
	blocking     int8 // the attacker it blocks, or -1
}

type floorPlayer struct {
	life     int
	library  []uint8
	hand     []uint8
	lands    int // untapped lands are lands - landsTapped
	tapped   int
	creature []floorCreature
}

type floorGame struct {
	rng       rt.RNG
	p         [2]floorPlayer
	turn      int
	decisions int
	attackers []int8
}

func (g *floorGame) reset(seed uint64) {
	g.rng = rt.RNG{State: seed}
	g.turn, g.decisions = 0, 0
	for i := range g.p {
		p := &g.p[i]
		p.life, p.lands, p.tapped = 20, 0, 0
		p.library, p.hand, p.creature = p.library[:0], p.hand[:0], p.creature[:0]
		for k := 0; k < 60; k++ {
			c := uint8(floorBear)
			if k < 24 {
				c = floorForest
			}
			p.library = append(p.library, c)
		}
		for k := len(p.library) - 1; k > 0; k-- { // Fisher-Yates
			j := g.rng.Intn(k + 1)
			p.library[k], p.library[j] = p.library[j], p.library[k]
		}
		for k := 0; k < 7; k++ {
			g.draw(i)
		}
	}
}

// draw reports false when the library is empty (that player loses).
func (g *floorGame) draw(i int) bool {
	p := &g.p[i]
	if len(p.library) == 0 {
		return false
	}
	p.hand = append(p.hand, p.library[len(p.library)-1])
	p.library = p.library[:len(p.library)-1]
	return true
}

// choose is one decision among n options (n >= 2): a forced one is not a
// decision, as Config.AutoPass does not ask the policy.
func (g *floorGame) choose(n int) int {
	g.decisions++
	return g.rng.Intn(n)
}

func (g *floorGame) remove(i int, card uint8) {
	p := &g.p[i]
	for k, c := range p.hand {
		if c == card {
			p.hand = append(p.hand[:k], p.hand[k+1:]...)
			return
		}
	}
}

// main is a main phase: pass, play a land (once a turn) or cast a 2/2,
// until the player passes.
func (g *floorGame) main(i int, landPlayed *bool) {
	p := &g.p[i]
	for {
		var hasLand, hasBear bool
		for _, c := range p.hand {
			hasLand = hasLand || c == floorForest
			hasBear = hasBear || c == floorBear
		}
		canLand := hasLand && !*landPlayed
		canCast := hasBear && p.lands-p.tapped >= 2
		n := 1
		if canLand {
			n++
		}
		if canCast {
			n++
		}
		if n == 1 {
			return
		}
		k := g.choose(n)
		switch {
		case k == 0:
			return
		case k == 1 && canLand:
			g.remove(i, floorForest)
			p.lands++
			*landPlayed = true
		default:
			g.remove(i, floorBear)
			p.tapped += 2
			p.creature = append(p.creature, floorCreature{sick: true, blocking: -1})
		}
	}
}

// combat: the active player's untapped creatures that have been under their
// control since the turn began may attack (each a choice of subsets, made as
// one decision); each untapped creature of the other player blocks one
// attacker or none; damage is dealt at once; creatures with lethal damage die.
func (g *floorGame) combat(a int) {
	att, def := &g.p[a], &g.p[1-a]
	g.attackers = g.attackers[:0]
	able := 0
	for k := range att.creature {
		if c := &att.creature[k]; !c.tapped && !c.sick {
			able++
		}
	}
	if able == 0 {
		return
	}
	g.decisions++
	for k := range att.creature {
		if c := &att.creature[k]; !c.tapped && !c.sick && g.rng.Intn(2) == 1 {
			c.tapped = true
			g.attackers = append(g.attackers, int8(k))
		}
	}
	if len(g.attackers) == 0 {
		return
	}
	blockers := 0
	for k := range def.creature {
		if c := &def.creature[k]; !c.tapped {
			blockers++
		}
	}
	if blockers > 0 {
		g.decisions++
	}
	blocked := [64]int8{}
	for k := range def.creature {
		c := &def.creature[k]
		c.blocking = -1
		if c.tapped {
			continue
		}
		if j := g.rng.Intn(len(g.attackers) + 1); j > 0 {
			c.blocking = g.attackers[j-1]
			blocked[c.blocking%64]++
		}
	}
	for _, k := range g.attackers {
		if blocked[k%64] == 0 {
			def.life -= 2
		}
	}
	for k := range def.creature { // each blocker and its attacker deal 2 to each other
		if c := &def.creature[k]; c.blocking >= 0 {
			c.damage += 2
			att.creature[c.blocking].damage += 2
		}
	}
	dies := func(cs []floorCreature) []floorCreature {
		out := cs[:0]
		for _, c := range cs {
			if c.damage < 2 {
				c.damage, c.blocking = 0, -1
				out = append(out, c)
			}
		}
		return out
	}
	att.creature = dies(att.creature)
	def.creature = dies(def.creature)
}

// play plays one game to its end or turn 100 and returns the decisions.
func (g *floorGame) play(seed uint64) int {
	g.reset(seed)
	for a := 0; g.turn < 100; a = 1 - a {
		g.turn++
		p := &g.p[a]
		p.tapped = 0
		for k := range p.creature {
			p.creature[k].tapped, p.creature[k].sick = false, false
		}
		if g.turn > 1 && !g.draw(a) {
			return g.decisions
		}
		land := false
		g.main(a, &land)
		g.combat(a)
		if g.p[1-a].life <= 0 {
			return g.decisions
		}
		g.main(a, &land)
		for len(p.hand) > 7 {
			k := g.choose(len(p.hand))
			p.hand = append(p.hand[:k], p.hand[k+1:]...)
		}
	}
	return g.decisions
}

// TestFloorPlays: the floor plays whole games, with choices, the same games
// for the same seed.
func TestFloorPlays(t *testing.T) {
	var g floorGame
	ended, decisions := 0, 0
	for seed := uint64(1); seed <= 200; seed++ {
		n := g.play(seed)
		if g.turn < 100 {
			ended++
		}
		decisions += n
		if seed == 7 {
			if again := g.play(7); again != n {
				t.Fatalf("seed 7: %d decisions, then %d", n, again)
			}
		}
	}
	if ended < 150 || decisions < 200*20 {
		t.Errorf("200 games: %d ended before turn 100, %d decisions: the floor does not play games", ended, decisions)
	}
}

// BenchmarkRandomGameVanillaFloor: the floor's games, reported as
// BenchmarkRandomGameVanillaNotap reports the engine's (games/s,
// decisions/s, ns/decision); allocation-free after the first game.
func BenchmarkRandomGameVanillaFloor(b *testing.B) {
	var g floorGame
	var decisions uint64
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		decisions += uint64(g.play(uint64(i)))
	}
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(b.N)/sec, "games/s")
	b.ReportMetric(float64(decisions)/sec, "decisions/s")
	b.ReportMetric(sec*1e9/float64(decisions), "ns/decision")
}
