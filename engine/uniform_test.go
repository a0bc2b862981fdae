package engine_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
	"github.com/mtgc-dev/mtgc/sim"
)

// TestUniformBlocks: the uniform policy draws its blocks without listing
// the (blocker, attacker) pairs; on boards of fliers, creatures with reach
// and ground creatures, every block it draws is one Options lists, every
// pair Options lists is drawn, and each creature that may block does so
// about half the time.
func TestUniformBlocks(t *testing.T) {
	forest := sim.Vanilla(engine.Rules)[0]
	cards := []rt.Card{
		{Name: "Bear", Types: engine.Rules.Types("creature"), Power: 2, Toughness: 2},
		{Name: "Bird", Types: engine.Rules.Types("creature"), Power: 1, Toughness: 1, Keywords: []string{"flying"}},
		{Name: "Spider", Types: engine.Rules.Types("creature"), Power: 1, Toughness: 3, Keywords: []string{"reach"}},
	}
	decisions := 0
	for seed := uint64(1); seed <= 8; seed++ {
		g, err := rt.New(engine.Rules, rt.Config{
			Players: []rt.PlayerConfig{{Name: "p1", Deck: sim.Vanilla(engine.Rules)}, {Name: "p2", Deck: sim.Vanilla(engine.Rules)}},
			Seed:    seed, Log: rt.LogConfig{Mode: rt.LogNone}, AutoPass: true, NoTapOptions: true,
		})
		if err != nil {
			t.Fatal(err)
		}
		for p := 0; p < 2; p++ {
			for i := 0; i < 3+int(seed)%4; i++ {
				for _, c := range []rt.Card{cards[(i+p+int(seed))%3], forest} {
					_, err := g.Create(c, p, rt.ZoneBattlefield)
					if err != nil {
						t.Fatal(err)
					}
				}
			}
		}
		g.Touch()
		pol := &rt.UniformPolicy{RNG: rt.RNG{State: seed}}
		for n := 0; n < 400 && g.TurnNum <= 8; n++ {
			d := g.Advance()
			if d.Kind == rt.DecideGameOver || d.Kind == rt.DecideStuck {
				break
			}
			if d.Kind == rt.DecideBlockers {
				decisions++
				checkBlocks(t, g, d)
			}
			if err := g.Submit(pol.Decide(g, d)); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
	}
	if decisions < 8 {
		t.Fatalf("%d declarations of blockers, want at least 8", decisions)
	}
}

// checkBlocks draws 600 declarations for the pending decision d.
func checkBlocks(t *testing.T, g *rt.Game, d rt.Decision) {
	t.Helper()
	type pair struct{ b, a int32 }
	legal := map[pair]int{}
	blockers := map[int32]int{}
	for _, o := range g.Options(nil, false) {
		legal[pair{int32(o.Obj), o.Target}] = 0
		blockers[int32(o.Obj)] = 0
	}
	const draws = 600
	u := &rt.UniformPolicy{RNG: rt.RNG{State: uint64(len(legal)) + 7}}
	for i := 0; i < draws; i++ {
		a := u.Decide(g, d)
		for j, b := range a.Objs {
			k := pair{int32(b), a.Targets[j]}
			if _, ok := legal[k]; !ok {
				t.Fatalf("drawn block %v is not an option of %v", k, legal)
			}
			legal[k]++
			blockers[k.b]++
		}
	}
	for k, n := range legal {
		if n == 0 {
			t.Errorf("the option %v was never drawn in %d declarations", k, draws)
		}
	}
	for b, n := range blockers {
		if n < draws*35/100 || n > draws*65/100 {
			t.Errorf("creature %d blocked %d times in %d declarations, want about half", b, n, draws)
		}
	}
}
