package interp_test

import (
	"testing"

	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestNoPlayer: a player value of the rules may name no player (a battle
// without a protector). Reading its attributes gives an empty player and a
// verb given it does nothing; neither panics. The made-up sba below reads
// x.protector.life of an unprotected battle and has that "player" lose life,
// draw and lose, once per defense counter. (cr2017 has no battles and so no
// 704.5w giving one a protector: the test declares the card type.)
func TestNoPlayer(t *testing.T) {
	const src = `edition cr2017 "t"
card_type battle
sba "704.5" {
  for each battle x where x.protector.life <= 0 and x.protector.hand == 0 and counters(x, "defense") > 0 {
    lose_life x.protector, 1
    gain_life x.protector, 1
    draw x.protector, 1
    empty_mana x.protector
    lose x.protector
    remove_counters x, "defense", 1
  }
}
`
	_, r, g := cr2017With(t, "noplayer.mtg", src)
	x, err := g.Create(rt.Card{Name: "Siege", Types: r.Types("battle")}, 0, rt.ZoneBattlefield)
	if err != nil {
		t.Fatal(err)
	}
	g.Objs[x].Counters[r.Counter("defense")] = 3
	if err := g.StartAt(2, 0, "upkeep"); err != nil {
		t.Fatal(err)
	}
	if d := g.Advance(); d.Kind != rt.DecidePriority {
		t.Fatalf("waiting for %v, want priority\n%s", d.Kind, g.Trace(0))
	}
	if n := g.Objs[x].Counters[r.Counter("defense")]; n != 0 {
		t.Errorf("the sba ran until %d defense counters were left, want 0", n)
	}
	for i, pl := range g.Players {
		if pl.Life != 20 || pl.Lost {
			t.Errorf("player %d: life %d, lost %v: a verb given no player changed a player", i+1, pl.Life, pl.Lost)
		}
	}
}
