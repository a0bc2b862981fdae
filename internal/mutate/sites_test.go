package mutate

import (
	"strings"
	"testing"

	"github.com/mtgc-dev/mtgc/grammar"
)

const sitesSrc = `edition cr2017 "t"

turn "500.1" {
  order beginning, ending
  extra_turns "500.7" newest_first
}

keyword indestructible "702.12" prevents destroy "702.12b"

mechanism hold_priority "116.1"
mechanism pass_priority "116.3d"
mechanism undeclared_timing "116.1c"

phase beginning "501" {
  step draw "504" {
    skip "500.10" if game.turn == 1
    action "504.1" {
      draw active, 1
    }
  }
}

phase ending "512" {
  step cleanup "514" {
    action "514.2" {
      for each permanent x where x.damage > 0 {
        remove_damage x
      }
      end_effects this_turn
    }
  }
}
`

// TestSites: every operator appears, on the nodes it applies to, and
// applying then undoing a site leaves the file as it was.
func TestSites(t *testing.T) {
	f, err := grammar.ParseFile("x.mtg", []byte(sitesSrc))
	if err != nil {
		t.Fatal(err)
	}
	orig := string(grammar.Format(f))
	got := map[string]string{}
	for _, s := range sitesOf(f) {
		undo := s.apply()
		text, line := string(grammar.Format(f)), s.show()
		undo()
		if text == orig {
			t.Errorf("%s %s changed nothing", s.pos, s.op)
		}
		if _, err := grammar.ParseFile("m.mtg", []byte(text)); err != nil {
			t.Errorf("%s %s: the mutant does not parse: %v\n%s", s.pos, s.op, err, text)
		}
		if after := string(grammar.Format(f)); after != orig {
			t.Fatalf("%s %s: undo left\n%s", s.pos, s.op, after)
		}
		got[strings.Join(s.clause.Rules, " ")+" | "+s.op] = line
	}
	want := map[string]string{
		"500.1 | swap phases beginning and ending":            `turn "500.1" {`,
		"500.7 | extra turns oldest_first":                    `turn "500.1" {`,
		"702.12b | drop the prevention":                       `keyword indestructible "702.12"`,
		"500.10 | delete the clause":                          `skip "500.10" if game.turn == 1`,
		"500.10 | negate the condition":                       `skip "500.10" if not (game.turn == 1)`,
		"500.10 | condition always true":                      `skip "500.10" if true`,
		"500.10 | == to !=":                                   `skip "500.10" if game.turn != 1`,
		"500.10 | 1 to 2":                                     `skip "500.10" if game.turn == 2`,
		"500.10 | 1 to 0":                                     `skip "500.10" if game.turn == 0`,
		"504.1 | delete the statement":                        `draw active, 1`,
		"504.1 | the other players instead of the active one": `for each player other_1 where other_1 != active { draw other_1, 1 }`,
		"514.2 | for each object":                             `for each object x where x.damage > 0 {`,
		"514.2 | drop the where condition":                    `for each permanent x {`,
		"514.2 | > to <=":                                     `for each permanent x where x.damage <= 0 {`,
		"514.2 | swap with the next statement":                `for each permanent x where x.damage > 0 {`,
		"514.2 | this_turn to until_end_of_turn":              `end_effects until_end_of_turn`,
		"116.1 | cite 116.3d instead of 116.1":                `mechanism hold_priority "116.3d"`,
		"116.3d | cite 116.1c instead of 116.3d":              `mechanism pass_priority "116.1c"`,
		"116.1c | cite 116.1 instead of 116.1c":               `mechanism undeclared_timing "116.1"`,
	}
	for k, line := range want {
		if g, ok := got[k]; !ok {
			t.Errorf("no site %q", k)
		} else if g != line {
			t.Errorf("%s: shows %q, want %q", k, g, line)
		}
	}
}

// TestNoSwapOfClauses: two statements stating clauses of a later one say
// the same in either order, so no mutant swaps them (it would survive
// every script: equivalent); the last one is swapped with the statement
// that asks, which changes what it asks with.
func TestNoSwapOfClauses(t *testing.T) {
	f, err := grammar.ParseFile("x.mtg", []byte(`edition cr2017 "t"
phase combat "506" {
  step declare_attackers "508" {
    action "508.1" {
      declarable given(a, a.creature)
      declaration_forbidden given(x, false)
      declaration_requires given(a, 0)
      choose_attackers active, given(p, q, true), given(p, t, false), given(t, active), given(p, active)
    }
  }
}
`))
	if err != nil {
		t.Fatal(err)
	}
	var swaps []string
	for _, s := range sitesOf(f) {
		if s.op == "swap with the next statement" {
			swaps = append(swaps, s.show())
		}
	}
	if len(swaps) != 1 || !strings.HasPrefix(swaps[0], "declaration_requires") {
		t.Errorf("swaps %q, want only declaration_requires with choose_attackers", swaps)
	}
}

// TestUntilSites: an until unchanged loop is mutated into its body run
// once, and the statements of its body are mutated as any others.
func TestUntilSites(t *testing.T) {
	f, err := grammar.ParseFile("x.mtg", []byte(`edition cr2017 "t"
mechanism before_priority "116.5" {
  until unchanged {
    perform_state_based_actions()
    stack_triggers()
  }
}
`))
	if err != nil {
		t.Fatal(err)
	}
	var ops []string
	for _, s := range sitesOf(f) {
		ops = append(ops, s.op)
	}
	got := strings.Join(ops, "; ")
	for _, want := range []string{"run the body once, not until unchanged", "delete the statement", "swap with the next statement"} {
		if !strings.Contains(got, want) {
			t.Errorf("sites %q: none is %q", got, want)
		}
	}
}
