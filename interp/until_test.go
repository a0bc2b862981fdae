package interp_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/compiler"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestUntilBound: an until unchanged loop whose body changes the game
// each time it runs stops after compiler.MaxRepeats runs instead of
// hanging (a made-up hook: each turn's player gains 1 life until nothing
// changes, which never happens).
func TestUntilBound(t *testing.T) {
	const src = `edition cr2017 "t"
on_event new_turn "302.6" (p) {
  until unchanged {
    gain_life p, 1
  }
}
`
	_, _, g := cr2017With(t, "until.mtg", src)
	if d := g.Advance(); d.Kind == rt.DecideStuck {
		t.Fatalf("stuck\n%s", g.Trace(0))
	}
	if got, want := g.Players[g.Active].Life, int32(20+compiler.MaxRepeats); got != want {
		t.Errorf("life %d after the first turn began, want %d (20 and one per run of the loop, at most MaxRepeats)", got, want)
	}
}
