package interp_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/interp"
	"github.com/mtgc-dev/mtgc/rules"
)

// TestEditionsInterp runs each embedded edition's corpus on the
// interpreter, with the edition's known failures.
func TestEditionsInterp(t *testing.T) {
	conformance.EachEdition(t, func(t *testing.T, _ rules.Edition, p *compiler.Program) {
		r, err := interp.Rules(p)
		if err != nil {
			t.Fatal(err)
		}
		conformance.RunEdition(t, r)
	})
}
