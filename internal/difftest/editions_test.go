package difftest_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/internal/difftest"
)

// TestDifferentialEditions compares the compiled engines of the other
// editions with their interpreted rules: their combat damage goes on the
// stack (stack_object, put_on_stack) and their damage hooks put triggered
// abilities on it (cr2008 lifelink and deathtouch), constructs the default
// edition does not use.
func TestDifferentialEditions(t *testing.T) {
	for _, name := range []string{"cr1999", "cr2008"} {
		t.Run(name, func(t *testing.T) {
			a, b, p := pair(t, name)
			if len(p.StackObjects) == 0 {
				t.Fatalf("%s declares no stack object: this test would not cover them", name)
			}
			n := *games / 2
			if testing.Short() {
				n = min(n, 10)
			}
			var resolved int
			for seed := *first; seed < *first+uint64(n); seed++ {
				opt := difftest.Options{Turns: int32(*turns), Chaos: seed%4 != 0, Index: p.Index}
				res, err := difftest.Compare(a, b, seed, opt)
				if err != nil {
					t.Fatalf("%v\nreproduce: go test ./internal/difftest -run TestDifferentialEditions/%s -difftest.seed=%d -difftest.games=4", err, name, seed)
				}
				resolved += res.StackObjects
			}
			if resolved == 0 {
				t.Errorf("%d games of %s resolved no rules' stack object: the random games do not reach combat damage", n, name)
			}
			t.Logf("%s: %d games, %d rules' stack objects resolved", name, n, resolved)
		})
	}
}
