package interp_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/interp"
	"github.com/mtgc-dev/mtgc/rules"
)

// TestNoOpStateBasedAction: a ruleset whose state-based action can match
// without changing anything (an indestructible creature with lethal damage
// is the rules' own case) gives nobody priority in cleanup for it: the
// cleanup's check of pending actions (514.3a) and the check itself agree,
// whatever changed before.
func TestNoOpStateBasedAction(t *testing.T) {
	srcs, idx, err := compiler.ReadEdition(rules.FS, "cr2017", rules.Dir+"/cr2017")
	if err != nil {
		t.Fatal(err)
	}
	srcs = append(srcs, compiler.Source{Name: "rules/noop.mtg", Data: []byte(`edition cr2017 "Comprehensive Rules, effective 2017-07-08"
sba "704.5t" {
  for each creature c where c.tapped {
    tap c
  }
}
`)})
	p, err := compiler.Compile(srcs, idx)
	if err != nil {
		t.Fatal(err)
	}
	r, err := interp.Rules(p)
	if err != nil {
		t.Fatal(err)
	}
	conformance.Run(t, r, "testdata/noop", false)
}
