package mutate_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/internal/mutate"
	"github.com/mtgc-dev/mtgc/rules"
)

func embedded(t *testing.T) ([]compiler.Source, map[string][]byte) {
	t.Helper()
	srcs, idx, err := compiler.ReadDirAs(rules.FS, ".", rules.Dir)
	if err != nil {
		t.Fatal(err)
	}
	return srcs, idx
}

func corpus(t *testing.T) ([]conformance.Script, map[string]string) {
	t.Helper()
	scripts, err := conformance.ReadCorpus("../../conformance/testdata")
	if err != nil {
		t.Fatal(err)
	}
	lists, err := conformance.ReadLists(os.DirFS("../../conformance"), ".", "conformance")
	if err != nil {
		t.Fatal(err)
	}
	return scripts, lists.Known()
}

// TestRules runs rules of the embedded ruleset against this corpus: each
// kind of result appears where it must.
func TestRules(t *testing.T) {
	srcs, idx := embedded(t)
	scripts, known := corpus(t)
	before := make([][]byte, len(srcs))
	for i, s := range srcs {
		before[i] = bytes.Clone(s.Data)
	}
	cases := []struct {
		run          string
		wantTimeouts bool // a mutant never ends: the watchdog stops it
		wantAll      bool // every mutant killed
	}{
		{run: "704.5c", wantAll: true},
		{run: "514.3a", wantTimeouts: true},
	}
	for _, c := range cases {
		rep, err := mutate.Run(mutate.Config{Srcs: srcs, Indexes: idx, Scripts: scripts, Known: known, Run: c.run})
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Rules) == 0 || rep.Mutants == 0 {
			t.Fatalf("-run %s: no mutants", c.run)
		}
		for _, r := range rep.Rules {
			if !conformance.MatchRule(r.Rule, c.run) {
				t.Errorf("-run %s reported rule %s", c.run, r.Rule)
			}
		}
		if c.wantAll && rep.Score != 100 {
			t.Errorf("-run %s: score %.1f, want 100: survivors %+v", c.run, rep.Score, rep.Rules)
		}
		if c.wantTimeouts && rep.Timeouts == 0 {
			t.Errorf("-run %s: no timeouts, want the mutants that repeat cleanup forever stopped", c.run)
		}
	}
	for i, s := range srcs {
		if !bytes.Equal(s.Data, before[i]) {
			t.Errorf("%s changed", s.Name)
		}
	}
}

const fixtureSBA = `edition cr2025 "Comprehensive Rules, effective 2025-09-19"

sba "704.5t" {
  for each creature c where c.damage >= 3 and not c.tapped {
    destroy c
  }
}
`

// A script that names 704.5t but checks it too weakly: the creature would
// die of 704.5g anyway.
const fixtureScript = `# rules: 704.5t
game
battlefield p1 Bears creature 2/2 damage=5
at upkeep
advance
expect zone Bears graveyard
`

// TestSurvivors: on a weakly tested rule, survivors are reported with
// their line, and random games find those a better script would kill.
func TestSurvivors(t *testing.T) {
	srcs, idx := embedded(t)
	srcs = append(srcs, compiler.Source{Name: "rules/extra.mtg", Data: []byte(fixtureSBA)})
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "704.5t-weak.txtar"), []byte(fixtureScript), 0o644); err != nil {
		t.Fatal(err)
	}
	scripts, err := conformance.ReadCorpus(dir)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := mutate.Run(mutate.Config{Srcs: srcs, Indexes: idx, Scripts: scripts, Run: "704.5t", Games: 6})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Rules) != 1 || rep.Rules[0].Rule != "704.5t" || rep.Rules[0].Scripts != 1 {
		t.Fatalf("want one rule, 704.5t, with one script: %+v", rep.Rules)
	}
	lines := map[string]mutate.Mutant{}
	for _, m := range rep.Rules[0].Survivors {
		lines[m.Op+": "+m.Line] = m
		if !strings.HasPrefix(m.Pos, "rules/extra.mtg:") {
			t.Errorf("survivor at %s, want rules/extra.mtg", m.Pos)
		}
	}
	for _, want := range []string{
		"3 to 4: for each creature c where c.damage >= 4 and not c.tapped {",
		"drop not: for each creature c where c.damage >= 3 and c.tapped {",
		"delete the statement: destroy c",
	} {
		m, ok := lines[want]
		if !ok {
			t.Errorf("no survivor %q among %v", want, keys(lines))
			continue
		}
		if m.Witness == "" || !strings.Contains(m.Witness, "first differing event") {
			t.Errorf("%q: random games found no difference (%q)", want, m.Witness)
		}
	}
	if rep.Killed == 0 {
		t.Errorf("nothing killed: even negating the condition survived")
	}
}

func keys(m map[string]mutate.Mutant) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestBaselineMustPass: a corpus that fails on the original rules is an
// error, not a run where everything is killed.
func TestBaselineMustPass(t *testing.T) {
	srcs, idx := embedded(t)
	dir := t.TempDir()
	bad := "# rules: 704.5a\ngame\nexpect life p1 19\n"
	if err := os.WriteFile(filepath.Join(dir, "704.5a-wrong.txtar"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	scripts, err := conformance.ReadCorpus(dir)
	if err != nil {
		t.Fatal(err)
	}
	_, err = mutate.Run(mutate.Config{Srcs: srcs, Indexes: idx, Scripts: scripts, Run: "704.5a"})
	if err == nil || !strings.Contains(err.Error(), "704.5a-wrong fails on the original rules") {
		t.Fatalf("got %v, want the failing script named", err)
	}
}
