package conformance_test

import (
	"fmt"
	"io/fs"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/internal/meaning"
	"github.com/mtgc-dev/mtgc/rules"
)

// meaningSrc has one rule of each kind: behaviour in .mtg (turn, phase,
// step, priority, a predicate, an action of statements whose verbs decide
// nothing of a rule), in Go (an action that is only a verb reaching a
// runtime decider, a keyword line, a mechanism, a runtime.tsv entry), in
// both (a rule such an action and a predicate cite; a priority rule
// runtime.tsv also lists; a clause of a deciding verb and other
// statements; a predicate reading power, whose Go adds the counters) and
// in neither (508.1b: nothing cites it).
const meaningSrc = `edition cr2025 "meaning"
card_type creature combatant
card_type instant nonpermanent
card_type sorcery nonpermanent
card_type land played
turn "500.1" {
  order combat
}
phase combat "506" {
  step declare_attackers "508" {
    action "508.1" "508.1c" {
      declarable given(a, holds(can_attack, a) and not holds(cant_attack, a))
      declaration_forbidden given(x, holds(attack_restriction, x))
      declaration_requires given(a, holding(must_attack, a))
      choose_attackers active, given(p, q, holds(can_attack_player, p, q)), given(p, t, holds(can_attack_permanent, p, t)), given(t, defender_of(t)), given(p, p.next_player)
    }
    action "508.1f" {
      for each declared a where not a has vigilance {
        tap a
      }
    }
    priority "508.2" active
  }
  step declare_blockers "509" {
    action "509.1" {
      declarable given(b, holds(can_block, b))
      declarable_against given(b, a, not holds(cant_block, b, a))
      declarable_at_most given(b, blocks_at_most(b))
      declaration_forbidden given(x, holds(block_restriction, x))
      declaration_requires given(b, holding(must_block, b))
      declaration_requires_against given(b, a, holding(must_block_attacker, b, a))
      for each player q where q.attacked {
        choose_blockers q
      }
    }
  }
  step end_of_combat "511" {
    action "511.2" {
      end_effects until_end_of_phase
    }
    action "511.3" "511.1" {
      divide_combat_damage active, given(s, b, holds(division_restriction, s, b)), given(s, b, lethal_damage(s, b))
      end_effects this_turn
    }
  }
}
keyword vigilance "702.20" "702.20a"
predicate blocks_at_most "509.1" (b) = 1
keyword lonely
predicate can_attack "508.1a" (a) if a.creature
predicate can_attack_player "506.3" (p, q) if q != p
predicate attack_restriction "508.1c" (a) if a.attacking and a has lonely and game.attackers == 1
predicate assigns_damage "510.1a" (s) = max(0, s.power)
predicate lethal_damage "510.1c" (s, b) = max(0, b.toughness - b.damage)
predicate division_restriction "510.1c" (s, b) if assigning(s, b) < lethal_damage(s, b) and any(recipient, c, place(s, c) > place(s, b) and assigning(s, c) > 0)
predicate division_restriction "702.19b" (s, b) if assigning_attacked(s) > 0 and assigning(s, b) < lethal_damage(s, b)
`

// TestMeaning: each rule is classified as its citations say, and the
// summary counts the rules in scope that something implements.
func TestMeaning(t *testing.T) {
	index, err := fs.ReadFile(rules.FS, "cr2025.tsv")
	if err != nil {
		t.Fatal(err)
	}
	mech, err := fs.ReadFile(rules.FS, "priority.mtg")
	if err != nil {
		t.Fatal(err)
	}
	kinds, err := fs.ReadFile(rules.FS, "kinds.mtg")
	if err != nil {
		t.Fatal(err)
	}
	p, err := compiler.Compile([]compiler.Source{
		{Name: "rules/a.mtg", Data: []byte(meaningSrc)},
		{Name: "rules/kinds.mtg", Data: kinds},
		{Name: "rules/priority.mtg", Data: mech},
	}, map[string][]byte{"cr2025": index})
	if err != nil {
		t.Fatal(err)
	}
	scope, err := conformance.ParseList(conformance.ScopeFile, "scope.tsv", []byte("500.1\n500.2\n506\n508\n509\n510.1\n511\n117.3d\n702.20\n"))
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
		"500.1": "mtg", "506": "mtg", "508": "mtg", "509": "mtg", "511": "mtg",
		"508.1a": "mtg", "508.1f": "mtg", "511.2": "mtg",
		// The clauses of the declaration are statements of the .mtg
		// (declarable, declaration_forbidden, declaration_requires; a
		// cost, declaration_cost, none here), each evaluated as it says,
		// in the order stated: no Go decides any of it.
		"508.1": "mtg",
		// A keyword line declares a name; having it is Go's KeywordSet.
		"702.20": "runtime", "702.20a": "runtime",
		"116.2a": "runtime",
		// The priority loop's moments are mechanisms with statements:
		// what all passing does reaches resolveTop (both); who receives
		// priority after a pass is the .mtg's alone.
		"500.2": "both", "117.3d": "mtg",
		// The action above (its clauses) and the attack_restriction
		// predicate.
		"508.1c": "mtg",
		"508.2":  "both",
		// Who chooses blockers, and the clauses, are the .mtg's.
		"509.1": "mtg",
		// divide_combat_damage (its restriction, the .mtg's function,
		// evaluated as the statement says: checkDivision is reviewed
		// machinery) and end_effects (which decides nothing).
		"511.3": "mtg", "511.1": "mtg",
		// Power is the rules' derivation (printed here: the fixture
		// derives none); lethal_damage(s, b) is the .mtg's own value, and
		// the division's legality its restriction, evaluated generically.
		"510.1a": "mtg", "510.1c": "mtg", "702.19b": "mtg",
		"508.1b": "none", "704.5g": "none",
	}
	for rule, m := range want {
		if got[rule] != m {
			t.Errorf("%s: meaning %q, want %q", rule, got[rule], m)
		}
	}
	// In scope: 500.1 500.2 506 506.3 508 508.1 508.1a 508.1c 508.1f 508.2
	// 509 509.1 510.1a 510.1c 511 511.1 511.2 511.3 117.3d 702.20 702.20a.
	// Implemented adds what is out of scope: 702.19b and the mechanisms
	// of rules/priority.mtg (116.2a...).
	tab := meaning.Load()
	rows, driver, host := 0, 0, 0
	for _, d := range tab.Deciders {
		switch d.By {
		case meaning.ByRow:
			rows += d.Branches
		case meaning.ByDriver:
			driver += d.Branches
		default:
			host += d.Branches
		}
	}
	nmech := 0
	for _, c := range p.Cites {
		if c.What == "mechanism" && got[c.Rule] == "runtime" {
			nmech++
		}
	}
	// Decisions of meaningSrc: 508.1f's loop and where (2), 509.1's (2),
	// the eight predicates (8), attack_restriction's two ands (2), the
	// division restrictions' ands and any (5), the loop over players of
	// rules/priority.mtg's stack_triggers (1), all_passed's if (1) and
	// before_priority's three until unchanged loops (3), its predicate
	// cast_any_time (1), the end of the game (game_won's loop and where, game_drawn's
	// if: 3), the loop and where of its
	// effect damage_each (2), the conditions of its trigger events
	// dies and another_creature_enters, each with its and (4), and the
	// require lines of its four actions (20) with their ands and ors (15),
	// the functions the declarations and the division are given (15) and
	// the and of who may attack (1).
	wantSum := conformance.MeaningSummary{
		Rules: 21, Mtg: 17, Runtime: 2, Both: 2,
		BranchPoints: conformance.BranchPoints{Mtg: 88, Go: tab.Branches(nil), GoRows: rows, GoDriver: driver, GoHost: host, Deciders: len(tab.Deciders)},
	}
	if d := cmp.Diff(wantSum, cov.Meaning, cmpopts.IgnoreFields(conformance.MeaningSummary{}, "Implemented")); d != "" {
		t.Errorf("summary (-want +got):\n%s", d)
	}
	// Out of scope, 23: mtg 11: 702.19b, 603.6a (the trigger event
	// enters), and what the mechanisms with statements cite whose rows
	// reach no decider: 104.2a, 104.4a (game_won, game_drawn), 117.2a
	// (stack_triggers' put_triggers, the trigger event dies), 608.2b,
	// 608.2c, 608.2n, 608.3a-c (resolve); both 8: 117.1a (the mechanism
	// cast's require lines, and the predicate cast_any_time), 116.3 and
	// 117.3c (acted, with the actions' require lines), 117.3b and 117.4
	// (all_passed: resolve_top reaches resolveTop; the effect draw),
	// 117.5, 704.3 and 603.3d (before_priority: stack_triggers and
	// choose_targets reach stackTriggers and chooseTargets); runtime 4:
	// the mechanisms without statements (116.2a, 117.1, 117.1b, 117.1d).
	if im := cov.Meaning.Implemented; im.Rules != wantSum.Rules+23 || im.Mtg != wantSum.Mtg+11 || im.Both != wantSum.Both+8 || im.Runtime != wantSum.Runtime+4 {
		t.Errorf("implemented: %+v, want 23 more than in scope: 11 mtg, 8 both, 4 runtime", im)
	}
	var impls []string
	for _, r := range cov.Rules {
		if r.Rule == "511.3" || r.Rule == "508.1" || r.Rule == "702.20" {
			for _, i := range r.Implemented {
				impls = append(impls, fmt.Sprintf("%s %s %q %s %v", r.Rule, i.What, i.Procedure, i.Meaning, len(i.Deciders) > 0))
			}
		}
	}
	if d := cmp.Diff([]string{
		`508.1 action "" mtg false`,
		`511.3 action "" mtg false`,
		`702.20 keyword "" runtime false`,
	}, impls); d != "" {
		t.Errorf("implementations (-want +got):\n%s", d)
	}
	var sec conformance.SectionCoverage
	for _, s := range cov.Sections {
		if s.Section == "508" {
			sec = s
		}
	}
	// 508 508.1 508.1a 508.1c 508.1f; none; 508.2.
	if sec.MeaningMtg != 5 || sec.MeaningRuntime != 0 || sec.MeaningBoth != 1 {
		t.Errorf("section 508: mtg %d runtime %d both %d, want 5 0 1", sec.MeaningMtg, sec.MeaningRuntime, sec.MeaningBoth)
	}
}

// TestProcedureVerbsDecide: every verb the vocabulary marks as a Go
// procedure reaches a runtime decider, as derived from the code; and the
// verbs that ask for and pay a declaration (choose_attackers,
// choose_blockers, pay_declared_costs), whose clauses and costs the .mtg
// states (declaration_cost: issue 38), reach none: nothing of 508.1 or
// 509.1 is decided in Go any more, and a function that starts to must be
// listed or counted.
func TestProcedureVerbsDecide(t *testing.T) {
	tab := meaning.Load()
	decidesNothing := map[string]bool{"choose_attackers": true, "choose_blockers": true, "pay_declared_costs": true}
	for _, b := range compiler.Builtins() {
		if b.Procedure != "" && len(tab.RowDeciders(b.Go)) == 0 {
			t.Errorf("%s (%s) reaches no decider in internal/meaning/runtime.txt", b.Name, b.Go)
		}
		if decidesNothing[b.Name] && len(tab.RowDeciders(b.Go)) > 0 {
			t.Errorf("%s (%s) reaches deciders %v: the declaration's rules are the .mtg's", b.Name, b.Go, tab.RowDeciders(b.Go))
		}
	}
}
