package conformance_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/interp"
)

// TestPriorityVariant runs the 2025 rules with who receives priority
// after an action changed by a delta of .mtg alone
// (../testdata/passon/passon.mtg: the next player, not the one who
// acted): the runtime's priority loop counts the passes and runs the
// rules' statements, and decides neither.
func TestPriorityVariant(t *testing.T) {
	r, err := interp.Rules(loadDelta(t, "passon", "cr2025.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	conformance.Run(t, r, "../testdata/passon/scripts", false)
}
