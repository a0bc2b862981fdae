package difftest_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/engine"
	"github.com/mtgc-dev/mtgc/engine/cr2017"
	"github.com/mtgc-dev/mtgc/internal/difftest"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestLeavesCombatOwn: matching the rules' watches for the changed object
// alone (506.4's watch of what leaves combat is Own) gives the games of
// matching every creature in combat after each change (the same rules
// with the watches' Own cleared), with chaos putting creatures into and
// out of combat.
func TestLeavesCombatOwn(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 10
	}
	for _, r := range []*rt.Rules{engine.Rules, cr2017.Rules} {
		rescan := *r
		rescan.Watches = append([]rt.SBA(nil), r.Watches...)
		own := 0
		for i := range rescan.Watches {
			if rescan.Watches[i].Own {
				own++
			}
			rescan.Watches[i].Own = false
		}
		if own == 0 {
			t.Fatalf("%s: no watch is Own: nothing to compare", r.Edition)
		}
		a, b := difftest.Engine{Name: "own", Rules: r}, difftest.Engine{Name: "rescan", Rules: &rescan}
		for seed := uint64(1); seed <= uint64(n); seed++ {
			if _, err := difftest.Compare(a, b, seed, difftest.Options{Turns: 40, Chaos: true}); err != nil {
				t.Fatalf("%s: %v", r.Edition, err)
			}
		}
	}
}
