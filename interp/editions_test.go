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
	for _, ed := range rules.Editions() {
		if ed.Corpus() == "" {
			continue
		}
		t.Run(ed.Name, func(t *testing.T) {
			p, err := compiler.LoadAs(rules.FS, ed.Dir, ed.Shown)
			if err != nil {
				t.Fatal(err)
			}
			r, err := interp.Rules(p)
			if err != nil {
				t.Fatal(err)
			}
			conformance.RunEdition(t, r)
		})
	}
}
