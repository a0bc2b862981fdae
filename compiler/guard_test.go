package compiler_test

import (
	"io/fs"
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
	p := defaultProgram(t)
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
	eachFirst(t, p, want, func(key string, pr *compiler.Predicate, w [2]rt.KeywordSet) {
		if pr.Guard != w {
			t.Errorf("%s (%s): guard %x, want %x", key, pr.Pos, pr.Guard, w)
		}
	})
}

// defaultProgram compiles the default edition's rules.
func defaultProgram(t *testing.T) *compiler.Program {
	t.Helper()
	e := rules.Editions()[0]
	srcs, idx, err := compiler.ReadEdition(rules.FS, e.Dir, e.Shown)
	if err != nil {
		t.Fatal(err)
	}
	p, err := compiler.Compile(srcs, idx)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// eachFirst calls check with the first predicate of each kind and first
// rule want names ("cant_block 702.9b"), and fails for one it names that
// the program lacks.
func eachFirst[T any](t *testing.T, p *compiler.Program, want map[string]T, check func(key string, pr *compiler.Predicate, w T)) {
	t.Helper()
	seen := map[string]bool{}
	for _, pr := range p.Predicates {
		key := pr.Kind + " " + pr.Rules[0]
		w, ok := want[key]
		if !ok || seen[key] {
			continue
		}
		seen[key] = true
		check(key, pr, w)
	}
	for r := range want {
		if !seen[r] {
			t.Errorf("no predicate citing %s", r)
		}
	}
}

// TestTypeGuard: the card-type guard of a predicate is derived from its
// condition on its first parameter: "x.T" and a conjunction with it are
// guarded, a disjunction only when each side is, a negation never (a
// guard the condition does not imply would skip a clause that holds), and
// split second's any(...) asks about other objects: no type guard.
func TestTypeGuard(t *testing.T) {
	p := defaultProgram(t)
	ty := map[string]rt.TypeSet{}
	for i, c := range p.CardTypes {
		ty[c.Name] = 1 << uint(i)
	}
	want := map[string]rt.TypeSet{ // by kind and first rule
		"can_attack 508.1a":         ty["creature"], // a.creature and not a.battle and ...
		"can_block 509.1a":          ty["creature"],
		"cast_any_time 117.1a":      ty["instant"], // x.instant
		"can_tap 702.10c":           0,             // not x.creature or ...: a negation
		"cast_any_time 702.8a":      0,             // x has flash
		"cant_cast 702.61a":         0,             // (p, x): its first parameter is a player
		"leaves_combat 506.4":       0,             // not x.on_battlefield or ... not x.creature ...
		"can_attack 508.1":          0,             // a.controller == game.declaring
		"cant_block 702.9b":         0,             // two parameters, no type test of the first
		"deals_first 510.4":         0,             // keywords only
		"attack_restriction 508.1c": 0,
	}
	eachFirst(t, p, want, func(key string, pr *compiler.Predicate, w rt.TypeSet) {
		if pr.TypeGuard != w {
			t.Errorf("%s (%s): type guard %b, want %b", key, pr.Pos, pr.TypeGuard, w)
		}
	})
}

// TestTypeGuardForms: each form of condition, on a program of its own.
func TestTypeGuardForms(t *testing.T) {
	index, err := fs.ReadFile(rules.FS, "cr2025.tsv")
	if err != nil {
		t.Fatal(err)
	}
	src := `edition cr2025 "type guards"
card_type instant
card_type sorcery
card_type creature
keyword flash "702.8" "702.8a"
turn "500.1" {
  order ending
}
phase ending "512" {
  step end "513" {
  }
}
predicate cast_any_time "117.1a" (x) if x.instant or x.sorcery
predicate cast_any_time "117.1a" (x) if x.instant or x has flash
predicate cast_any_time "117.1a" (x) if not x.instant
predicate cast_any_time "117.1a" (x) if (x has flash and x.creature)
predicate cast_any_time "117.1a" (x) if is_type(x, sorcery) and x.instant
kind cast_any_time (object x) "any one lets x be cast any time"
`
	p, err := compiler.Compile([]compiler.Source{{Name: "rules/a.mtg", Data: []byte(src)}}, map[string][]byte{"cr2025": index})
	if err != nil {
		t.Fatal(err)
	}
	want := []rt.TypeSet{1 | 2, 0, 0, 4, 2}
	if len(p.Predicates) != len(want) {
		t.Fatalf("%d predicates, want %d", len(p.Predicates), len(want))
	}
	for i, pr := range p.Predicates {
		if pr.TypeGuard != want[i] {
			t.Errorf("%s: type guard %b, want %b", pr.Pos, pr.TypeGuard, want[i])
		}
	}
}
