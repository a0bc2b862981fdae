package compiler_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/rules"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestKeywordGuard: the keyword guard of a predicate is derived from its
// condition: a conjunction with "p has K" is guarded on p, a disjunction
// only when each side is, anything else not at all (a guard that is not
// implied by the condition would skip a clause that holds).
func TestKeywordGuard(t *testing.T) {
	e := rules.Editions()[0]
	srcs, idx, err := compiler.ReadEdition(rules.FS, e.Dir, e.Shown)
	if err != nil {
		t.Fatal(err)
	}
	p, err := compiler.Compile(srcs, idx)
	if err != nil {
		t.Fatal(err)
	}
	kw := map[string]rt.KeywordSet{}
	for i, k := range p.Keywords {
		kw[k.Name] = 1 << uint(i)
	}
	want := map[string][2]rt.KeywordSet{ // by kind and first rule
		"cant_block 702.9b":          {0, kw["flying"]},            // a has flying and not (...): a is the second parameter
		"cant_block 702.28b":         {kw["shadow"], kw["shadow"]}, // (a has shadow and …) or (b has shadow and …)
		"cant_block 702.14c":         {0, kw["plainswalk"] | kw["islandwalk"] | kw["swampwalk"] | kw["mountainwalk"] | kw["forestwalk"]},
		"deals_first 510.4":          {kw["first_strike"] | kw["double_strike"], 0}, // s has first_strike or s has double_strike
		"cant_block 509.1":           {},                                            // a.defending_player != b.controller
		"can_tap 702.10c":            {},                                            // not creature or not fresh or x has haste: one side unguarded
		"block_restriction 702.111b": {kw["menace"], 0},
	}
	seen := map[string]bool{}
	for _, pr := range p.Predicates {
		key := pr.Kind + " " + pr.Rules[0]
		w, ok := want[key]
		if !ok || seen[key] {
			continue
		}
		seen[key] = true
		if pr.Guard != w {
			t.Errorf("%s (%s): guard %x, want %x", key, pr.Pos, pr.Guard, w)
		}
	}
	for r := range want {
		if !seen[r] {
			t.Errorf("no predicate citing %s", r)
		}
	}
}
