package difftest_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/engine/cr1999"
	"github.com/mtgc-dev/mtgc/engine/cr2008"
	"github.com/mtgc-dev/mtgc/internal/difftest"
	"github.com/mtgc-dev/mtgc/interp"
	"github.com/mtgc-dev/mtgc/rules"
	rt "github.com/mtgc-dev/mtgc/runtime"
)

// TestDifferentialEditions compares the compiled engines of the other
// editions with their interpreted rules: their combat damage goes on the
// stack (stack_object, put_on_stack) and their damage hooks put triggered
// abilities on it (cr2008 lifelink and deathtouch), constructs the default
// edition does not use.
func TestDifferentialEditions(t *testing.T) {
	for _, compiled := range []*rt.Rules{cr1999.Rules, cr2008.Rules} {
		t.Run(compiled.Edition, func(t *testing.T) {
			ed, ok := rules.Lookup(compiled.Edition)
			if !ok {
				t.Fatalf("edition %s is not embedded", compiled.Edition)
			}
			p, err := compiler.LoadAs(rules.FS, ed.Dir, ed.Shown)
			if err != nil {
				t.Fatal(err)
			}
			if p.Hash != compiled.SourceHash {
				t.Skipf("the %s engine is stale: run go generate ./...", ed.Name)
			}
			if len(p.StackObjects) == 0 {
				t.Fatalf("%s declares no stack object: this test would not cover them", ed.Name)
			}
			r, err := interp.Rules(p)
			if err != nil {
				t.Fatal(err)
			}
			a, b := difftest.Engine{Name: "compiled", Rules: compiled}, difftest.Engine{Name: "interpreted", Rules: r}
			n := *games / 4
			if testing.Short() {
				n = min(n, 10)
			}
			var resolved int
			for seed := *first; seed < *first+uint64(n); seed++ {
				opt := difftest.Options{Turns: int32(*turns), Chaos: seed%4 != 0, Index: p.Index}
				res, err := difftest.Compare(a, b, seed, opt)
				if err != nil {
					t.Fatalf("%v\nreproduce: go test ./internal/difftest -run TestDifferentialEditions/%s -difftest.seed=%d -difftest.games=4", err, ed.Name, seed)
				}
				resolved += res.StackObjects
			}
			if resolved == 0 {
				t.Errorf("%d games of %s resolved no rules' stack object: the random games do not reach combat damage", n, ed.Name)
			}
			t.Logf("%s: %d games, %d rules' stack objects resolved", ed.Name, n, resolved)
		})
	}
}
