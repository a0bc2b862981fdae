package conformance_test

import (
	"strings"
	"testing"

	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/interp"
)

// TestEvasionRuleset runs the 2025 rules with two abilities of cards
// written in .mtg alone: ../testdata/evasion/evasion.mtg, a delta over the
// default edition placed beside the embedded editions. "Can't be blocked
// except by two or more creatures" is a block_restriction, "all creatures
// able to block it do so" a must_block_attacker requirement; the runtime
// knows neither, and obeys the most requirements the restrictions allow
// by its exact search (runtime/rtimpl/restrict.go).
func TestEvasionRuleset(t *testing.T) {
	p := loadDelta(t, "evasion", "cr2025.tsv")
	r, err := interp.Rules(p)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, q := range r.Predicates {
		if r.KindName(q.Kind) == "must_block_attacker" && strings.Contains(q.Pos, "evasion") {
			n++ // the delta's own (the root's provoke has one too)
		}
	}
	if n != 1 {
		t.Fatalf("want the delta's must_block_attacker requirement, got %d", n)
	}
	conformance.Run(t, r, "../testdata/evasion/scripts", false)
}
