package conformance_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/interp"
)

// TestStackDamageRuleset runs the 2017 rules with combat damage put on the
// stack: ../testdata/stackdamage/stackdamage.mtg, a delta over
// rules/cr2017 placed beside the embedded editions. The language can write
// combat damage on the stack, with priority between its assignment and its
// damage, as a short delta.
func TestStackDamageRuleset(t *testing.T) {
	p := loadDelta(t, "stackdamage", "cr2017/cr2017.tsv")
	if len(p.StackObjects) != 1 {
		t.Fatalf("want the combat damage stack object, got %d stack objects", len(p.StackObjects))
	}
	r, err := interp.Rules(p)
	if err != nil {
		t.Fatal(err)
	}
	conformance.Run(t, r, "../testdata/stackdamage/scripts", false)
}
