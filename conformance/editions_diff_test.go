package conformance_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mtgc-dev/mtgc/conformance"
)

// TestScenario: a scenario keeps the commands that drive the game and
// blanks the assertions (line numbers stay), pending becomes advance.
func TestScenario(t *testing.T) {
	in := "# rules: 500.1\n# editions: cr2017 cr1999\ngame\nexpect step upkeep\n! expect tapped X\npass 2\n! play p1 Forest\nstdout 505.4\npending\ntrace 500\ncmp stdout want.trace\n-- want.trace --\n500.1 x\n"
	want := "# rules: 500.1\n# editions: cr2017 cr1999\ngame\n\n\npass 2\n! play p1 Forest\n\nadvance\n\n\n-- want.trace --\n500.1 x\n"
	if diff := cmp.Diff(want, string(conformance.Scenario([]byte(in)))); diff != "" {
		t.Errorf("Scenario (-want +got):\n%s", diff)
	}
	for _, c := range []struct {
		in   string
		want []string
	}{
		{in, []string{"cr2017", "cr1999"}},
		{"# rules: 500.1\ngame\n", nil},
		{"# rules: 500.1\ngame\n-- f --\n# editions: cr1999\n", nil},
	} {
		if diff := cmp.Diff(c.want, conformance.ScriptEditions([]byte(c.in))); diff != "" {
			t.Errorf("ScriptEditions(%q) (-want +got):\n%s", c.in, diff)
		}
	}
}

// TestSummarize groups the differing scripts by the pair of rules at which
// they first differ, most scripts first.
func TestSummarize(t *testing.T) {
	side := func(ed, rule string) conformance.DiffSide { return conformance.DiffSide{Edition: ed, Rule: rule} }
	diffs := []conformance.ScriptDiff{
		{Script: "a", Status: "agree"},
		{Script: "b", Status: "differ", A: side("x", "300.4"), B: side("y", "500.4")},
		{Script: "c", Status: "differ", A: side("x", "310.4"), B: side("y", "510.1")},
		{Script: "d", Status: "differ", A: side("x", "310.4"), B: side("y", "510.1")},
		{Script: "e", Status: "stopped", A: conformance.DiffSide{Edition: "x", Stopped: "line 4: unknown keyword"}, B: side("y", "")},
		{Script: "g", Status: "stopped", A: conformance.DiffSide{Edition: "x", Stopped: "line 9: unknown keyword"}, B: side("y", "")},
		{Script: "f", Status: "skipped"},
	}
	want := conformance.DiffSummary{Scripts: 7, Agree: 1, Differ: 3, Stopped: 2, Skipped: 1, Changes: []conformance.RuleChange{
		{A: side("x", "310.4"), B: side("y", "510.1"), Scripts: []string{"c", "d"}},
		{A: side("x", "300.4"), B: side("y", "500.4"), Scripts: []string{"b"}},
	}, Stops: []conformance.Stop{{Edition: "x", Reason: "unknown keyword", Scripts: []string{"e", "g"}}}}
	if diff := cmp.Diff(want, conformance.Summarize(diffs)); diff != "" {
		t.Errorf("Summarize (-want +got):\n%s", diff)
	}
}
