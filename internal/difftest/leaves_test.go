package difftest_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/engine"
	"github.com/mtgc-dev/mtgc/engine/cr2017"
	"github.com/mtgc-dev/mtgc/internal/difftest"
	rt "github.com/mtgc-dev/mtgc/runtime"
)

// TestLeavesCombatOwn: testing only the changed object for leaving
// combat (the rules' leaves_combat predicates are Own) gives the games of
// testing every creature in combat after each change (the same rules with
// Own cleared), with chaos putting creatures into and out of combat.
func TestLeavesCombatOwn(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 10
	}
	for _, r := range []*rt.Rules{engine.Rules, cr2017.Rules} {
		rescan := *r
		rescan.Predicates = append([]rt.Predicate(nil), r.Predicates...)
		own := 0
		for i := range rescan.Predicates {
			if p := &rescan.Predicates[i]; p.Kind == rt.LeavesCombat && p.Own {
				own++
			}
			rescan.Predicates[i].Own = false
		}
		if own == 0 {
			t.Fatalf("%s: no leaves_combat predicate is Own: nothing to compare", r.Edition)
		}
		a, b := difftest.Engine{Name: "own", Rules: r}, difftest.Engine{Name: "rescan", Rules: &rescan}
		for seed := uint64(1); seed <= uint64(n); seed++ {
			if _, err := difftest.Compare(a, b, seed, difftest.Options{Turns: 40, Chaos: true}); err != nil {
				t.Fatalf("%s: %v", r.Edition, err)
			}
		}
	}
}
