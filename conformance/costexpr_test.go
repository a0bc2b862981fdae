package conformance_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/mtgc-dev/mtgc/compiler"
)

// TestCostExpressionsGenerated: the expressions of costs (a card's cost,
// generic(n), a sum, if ... then ... else of costs, mana_value) compile
// in a delta and the engine generated from it compiles against the
// runtime, its cost function returning an rt.Cost; a cost where a number
// is wanted is an error at its place.
func TestCostExpressionsGenerated(t *testing.T) {
	const delta = `edition costs "the 2025 rules, a cost to block computed" extends cr2025
override action "509.1" "509.1b" "509.1d" "703.4j" {
  declarable given(b, holds(can_block, b))
  declaration_cost given(b, q, if b.tapped or mana_value(b.card_attack_cost) > 2 then generic(1) + b.card_block_cost else b.card_block_cost)
  for each player q where q.attacked {
    choose_blockers q
  }
}
`
	p := compileDelta(t, "costs", delta)
	src, err := compiler.Generate(p, compiler.Options{Package: "engine"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), "rt.Cost {") || !strings.Contains(string(src), "Cost2: fn_") {
		t.Errorf("the generated engine has no cost function")
	}
	typeChecks(t, src)

	bad := strings.Replace(delta, "mana_value(b.card_attack_cost) > 2", "b.card_attack_cost > 2", 1)
	_, err = compileDeltaErr("costs", bad)
	if err == nil || !strings.Contains(err.Error(), "costs/costs.mtg:4:") || !strings.Contains(err.Error(), "mismatched types cost > int") {
		t.Errorf("a cost compared with a number: %v, want an error at its place", err)
	}
}

// compileDelta compiles src, a delta over the default rules, as directory
// name.
func compileDelta(t *testing.T, name, src string) *compiler.Program {
	t.Helper()
	p, err := compileDeltaErr(name, src)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func compileDeltaErr(name, src string) (*compiler.Program, error) {
	fsys, err := embeddedFS()
	if err != nil {
		return nil, err
	}
	fsys[name+"/"+name+".mtg"] = &fstest.MapFile{Data: []byte(src)}
	fsys[name+"/"+name+".tsv"] = fsys["cr2025.tsv"]
	return compiler.LoadAs(fsys, name, name)
}
