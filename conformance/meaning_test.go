package conformance_test

import (
	"io/fs"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/rules"
)

// meaningSrc has one rule of each kind: behaviour in .mtg (turn, phase,
// step, priority, a predicate, an action of statements), in Go (an action
// that is one procedure verb, a mechanism, a runtime.tsv entry), in both
// (a procedure's rule a predicate also cites; a priority rule runtime.tsv
// also lists; a clause of a procedure verb and another statement) and in
// neither (508.1b: nothing cites it).
const meaningSrc = `edition cr2017 "meaning"
turn "500.1" {
  order combat
}
phase combat "506" {
  step declare_attackers "508" {
    action "508.1" "508.1c" {
      divide_combat_damage active
    }
    priority "508.2" active
  }
  step end_of_combat "511" {
    action "511.2" {
      end_effects until_end_of_phase
    }
    action "511.3" "511.1" {
      divide_combat_damage active
      end_effects this_turn
    }
  }
}
keyword lonely
predicate can_attack "508.1a" (a) if a.creature
predicate attack_restriction "508.1c" (a) if a.attacking and a has lonely and a.attacking_alone
predicate assigns_damage "510.1a" (s) = max(0, s.power)
predicate lethal_damage "510.1c" (s, b) = max(0, b.toughness - b.damage)
predicate assign_past "510.1c" (s, b) if assigning(s, b) >= lethal(s, b)
predicate trample_past "702.19b" (s, b) if assigning(s, b) >= lethal(s, b)
`

// TestMeaning: each rule is classified as its citations say, and the
// summary counts the rules in scope that something implements.
func TestMeaning(t *testing.T) {
	index, err := fs.ReadFile(rules.FS, "cr2017.tsv")
	if err != nil {
		t.Fatal(err)
	}
	mech, err := fs.ReadFile(rules.FS, "priority.mtg")
	if err != nil {
		t.Fatal(err)
	}
	p, err := compiler.Compile([]compiler.Source{
		{Name: "rules/a.mtg", Data: []byte(meaningSrc)},
		{Name: "rules/priority.mtg", Data: mech},
	}, map[string][]byte{"cr2017": index})
	if err != nil {
		t.Fatal(err)
	}
	scope, err := conformance.ParseList(conformance.ScopeFile, "scope.tsv", []byte("500.1\n500.2\n506\n508\n511\n116.3d\n"))
	if err != nil {
		t.Fatal(err)
	}
	runtime, err := conformance.ParseList(conformance.RuntimeFile, "runtime.tsv", []byte("500.2\truntime/priority.go\tall pass\n508.2\truntime/priority.go\tpriority\n"))
	if err != nil {
		t.Fatal(err)
	}
	cov := conformance.BuildCoverage(conformance.CoverageInput{Program: p, Lists: conformance.Lists{Scope: scope, Runtime: runtime}})
	got := map[string]string{}
	for _, r := range cov.Rules {
		got[r.Rule] = r.Meaning
	}
	want := map[string]string{
		"500.1": "mtg", "506": "mtg", "508": "mtg", "508.1a": "mtg", "511": "mtg", "511.2": "mtg",
		"500.2": "runtime", "508.1": "runtime", "116.3d": "runtime", "115.2a": "runtime",
		"508.1c": "both", "508.2": "both", "511.3": "both", "511.1": "both",
		"508.1b": "none", "704.5g": "none",
	}
	for rule, m := range want {
		if got[rule] != m {
			t.Errorf("%s: meaning %q, want %q", rule, got[rule], m)
		}
	}
	// 115.2a is out of scope: not counted. (rules/priority.mtg declares
	// no effect mechanism: put_attacking and the others are effects of
	// rules/combat.mtg, not read here.)
	if d := cmp.Diff(conformance.MeaningSummary{Rules: 13, Mtg: 6, Runtime: 3, Both: 4}, cov.Meaning); d != "" {
		t.Errorf("summary (-want +got):\n%s", d)
	}
	if line := cov.Meaning.Line(); line != "meaning in .mtg: 6 of 13 rules in scope (46.2%); runtime 3, both 4" {
		t.Errorf("line %q", line)
	}
	var impls []string
	for _, r := range cov.Rules {
		if r.Rule == "511.3" || r.Rule == "508.1" {
			for _, i := range r.Implemented {
				impls = append(impls, r.Rule+" "+i.What+" "+i.Procedure+" "+i.Meaning)
			}
		}
	}
	if d := cmp.Diff([]string{"508.1 action divide_combat_damage runtime", "511.3 action divide_combat_damage both"}, impls); d != "" {
		t.Errorf("implementations (-want +got):\n%s", d)
	}
	var sec conformance.SectionCoverage
	for _, s := range cov.Sections {
		if s.Section == "508" {
			sec = s
		}
	}
	if sec.MeaningMtg != 2 || sec.MeaningRuntime != 1 || sec.MeaningBoth != 2 {
		t.Errorf("section 508: mtg %d runtime %d both %d, want 2 1 2", sec.MeaningMtg, sec.MeaningRuntime, sec.MeaningBoth)
	}
}
