package engine_test

import (
	"math"
	"testing"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/engine"
	"github.com/mtgc-dev/mtgc/interp"
	"github.com/mtgc-dev/mtgc/rules"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestPowerToughnessSumWide: the terms of a characteristic's derivation
// are summed wide and clamped once: a 2/2 with 2^31-1 +1/+1 and 2^31-1
// -1/-1 counters is a 2/2 (saturating term by term made it 0/0), on the
// generated engine and on the interpreter.
func TestPowerToughnessSumWide(t *testing.T) {
	p, err := compiler.LoadAs(rules.FS, ".", rules.Dir)
	if err != nil {
		t.Fatal(err)
	}
	ir, err := interp.Rules(p)
	if err != nil {
		t.Fatal(err)
	}
	for name, r := range map[string]*rt.Rules{"generated": engine.Rules, "interpreted": ir} {
		g, err := rt.New(r, rt.Config{Players: []rt.PlayerConfig{{Name: "p1", Deck: rt.SampleDeck(r, "green")}, {Name: "p2", Deck: rt.SampleDeck(r, "red")}}, Seed: 1, NoOpeningHand: true})
		if err != nil {
			t.Fatal(err)
		}
		x, err := g.Create(rt.Card{Name: "Bears", Types: r.Types("creature"), Power: 2, Toughness: 2}, 0, rt.ZoneBattlefield)
		if err != nil {
			t.Fatal(err)
		}
		g.Objs[x].Counters[r.Counter("+1/+1")] = math.MaxInt32
		g.Objs[x].Counters[r.Counter("-1/-1")] = math.MaxInt32
		if pw, tg := g.Power(x), g.Toughness(x); pw != 2 || tg != 2 {
			t.Errorf("%s: a 2/2 with 2^31-1 +1/+1 and 2^31-1 -1/-1 counters is %d/%d, want 2/2", name, pw, tg)
		}
		g.Objs[x].Counters[r.Counter("-1/-1")] = 0
		if pw := g.Power(x); pw != math.MaxInt32 {
			t.Errorf("%s: 2 + 2^31-1 is %d, want the bound", name, pw)
		}
	}
}
