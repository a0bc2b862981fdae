package conformance_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/mtgc-dev/mtgc/conformance"
	cr2017 "github.com/mtgc-dev/mtgc/engine/cr2017"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// writeScripts writes name -> content scripts into a new directory.
func writeScripts(t *testing.T, scripts map[string]string) []conformance.Script {
	t.Helper()
	dir := t.TempDir()
	for name, data := range scripts {
		if err := os.WriteFile(filepath.Join(dir, name+".txtar"), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, err := conformance.ReadCorpus(dir)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// withUntapRule returns a copy of the engine's rules whose untap step
// cites rule instead of 502.
func withUntapRule(rule string) *rt.Rules {
	r := *cr2017.Rules
	r.Phases = append([]rt.Phase(nil), r.Phases...)
	r.Phases[0].Steps = append([]rt.Step(nil), r.Phases[0].Steps...)
	r.Phases[0].Steps[0].Rules = []string{rule}
	return &r
}

const untapScript = `# rules: 502.2
game
battlefield p1 Bears creature 2/2 tapped
at untap
advance
trace 502.2
cmp stdout want.trace
-- want.trace --
502.2 untap 'Bears' (p1)
`

// TestEventCitations: a script whose game logs an event citing a rule that
// is not in the index fails, naming the event, at the command that caused it.
func TestEventCitations(t *testing.T) {
	scripts := writeScripts(t, map[string]string{"untap": untapScript})
	tests := []struct {
		name    string
		rules   *rt.Rules
		failed  bool
		message string
	}{
		{name: "indexed rules", rules: cr2017.Rules},
		{name: "unindexed rule", rules: withUntapRule("502.9"), failed: true,
			message: "untap.txtar:5: 2 event(s) cite a rule that is not in the cr2017 index (every event must cite an indexed rule):\n\t502.9 begin step untap\n\t502.9 end step untap"},
		{name: "no rule", rules: withUntapRule(""), failed: true,
			message: "event(s) cite a rule that is not in the cr2017 index"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := conformance.RunScripts(conformance.Config{Rules: tt.rules}, scripts, false)[0]
			if r.Failed != tt.failed {
				t.Fatalf("failed = %v, want %v; log:\n%s", r.Failed, tt.failed, r.Log)
			}
			if !strings.Contains(r.Log, tt.message) {
				t.Errorf("log does not contain %q:\n%s", tt.message, r.Log)
			}
		})
	}
}

// TestFailureGameLog: a failing script's log ends with the game log, each
// event with the title of its rule.
func TestFailureGameLog(t *testing.T) {
	bad := strings.Replace(untapScript, "502.2 untap 'Bears' (p1)", "502.2 untap 'Elves' (p1)", 1)
	scripts := writeScripts(t, map[string]string{"bad": bad})
	r := conformance.RunScripts(conformance.Config{Rules: cr2017.Rules}, scripts, false)[0]
	if !r.Failed {
		t.Fatal("the script passed")
	}
	for _, want := range []string{
		"game log: 7 events (rule, event, title of the rule); > marks those since the last trace\n",
		"  502     begin step untap                          # Untap Step — section heading\n",
		"  502.2   untap 'Bears' (p1)                        # Active player untaps permanents all at once\n",
	} {
		if !strings.Contains(r.Log, want) {
			t.Errorf("log does not contain %q:\n%s", want, r.Log)
		}
	}
}

// TestTraceTitles: "trace -titles" adds titles; plain trace is unchanged.
func TestTraceTitles(t *testing.T) {
	scripts := writeScripts(t, map[string]string{"titles": `# rules: 502.2
game
battlefield p1 Bears creature 2/2 tapped
at untap
advance
trace -titles 502
cmp stdout want.trace
-- want.trace --
502     begin step untap                          # Untap Step — section heading
502.2   untap 'Bears' (p1)                        # Active player untaps permanents all at once
502.3   no priority in untap                      # No priority in untap step; triggers wait until upkeep
502     end step untap                            # Untap Step — section heading
`, "plain": untapScript})
	for _, r := range conformance.RunScripts(conformance.Config{Rules: cr2017.Rules}, scripts, false) {
		if r.Failed {
			t.Errorf("%s failed:\n%s", r.Script.Name, r.Log)
		}
	}
}

// TestFired: the run records the rules each script's events cited.
func TestFired(t *testing.T) {
	scripts := writeScripts(t, map[string]string{"untap": untapScript, "nothing": "# rules: 500.1\ngame\n"})
	fired := &conformance.Fired{}
	res := conformance.RunScripts(conformance.Config{Rules: cr2017.Rules, Fired: fired}, scripts, false)
	got := map[string][]string{}
	for _, r := range res {
		got[r.Script.Name] = r.Fired
	}
	want := map[string][]string{"nothing": nil, "untap": {"501", "502", "502.2", "502.3", "503", "503.1a"}}
	if d := cmp.Diff(want, got, cmpopts.EquateEmpty()); d != "" {
		t.Errorf("fired (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]string{"untap"}, fired.Scripts()["502.2"]); d != "" {
		t.Errorf("scripts firing 502.2 (-want +got):\n%s", d)
	}
}

// TestCheckHeaders: an unknown rule in a "# rules:" line is an error at
// the line, with suggestions.
func TestCheckHeaders(t *testing.T) {
	scripts := writeScripts(t, map[string]string{"x": "\n# rules: 502.2 502.22\ngame\n"})
	err := conformance.CheckHeaders(scripts, program(t).Index)
	want := scripts[0].Path + ":2: # rules: names 502.22, which is not in the cr2025 index (did you mean 502.2"
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("error = %v, want prefix %q", err, want)
	}
}

// TestBadScripts: a script with an unknown command, wrong arguments or an
// unknown card fails with a message naming its file and line.
func TestBadScripts(t *testing.T) {
	tests := []struct {
		name, script, message string
	}{
		{"unknown-command", "# rules: 502.2\ngame\nuntapp p1\n", `unknown-command.txtar:3: unknown command "untapp"`},
		{"wrong-arguments", "# rules: 502.2\ngame\nset life p1\n", "wrong-arguments.txtar:3: usage: set life <player> <n>"},
		{"unknown-card", "# rules: 502.2\ngame\nexpect tapped Bears\n", `unknown-card.txtar:3: no card named "Bears"`},
		{"unknown-player", "# rules: 502.2\ngame\nset life p7 3\n", `unknown-player.txtar:3: unknown player "p7"`},
		{"bad-attribute", "# rules: 502.2\ngame\nbattlefield p1 Bears creature flyng\n", `bad-attribute.txtar:3: unknown card attribute "flyng"`},
		{"no-game", "# rules: 502.2\nadvance\n", "no-game.txtar:2: no game: start one with the game command"},
		// Trigger events and effects are the rules': a name they do not
		// declare fails the script, listing those they do.
		{"unknown-trigger-event", "# rules: 502.2\ngame\nbattlefield p1 Bears creature\ntrigger Bears T becomes-tapped gain:1\n", `unknown-trigger-event.txtar:4: trigger event "becomes-tapped": the rules declare no trigger event becomes_tapped (they declare attacks, blocks, `},
		{"unknown-effect", "# rules: 502.2\ngame\nbattlefield p1 Bears creature\ntrigger Bears T untap heal:1\n", `unknown-effect.txtar:4: effect "heal:1": the rules declare no effect heal (they declare `},
		{"effect-arguments", "# rules: 502.2\ngame\nbattlefield p1 Bears creature\ntrigger Bears T untap gain:1:2\n", `effect-arguments.txtar:4: effect "gain:1:2": the rules' effect gain takes 1 number(s), not 2`},
		{"event-argument", "# rules: 502.2\ngame\nbattlefield p1 Bears creature\ntrigger Bears T begin gain:1\n", `event-argument.txtar:4: trigger event "begin": begin takes an argument (begin:ARG)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			scripts := writeScripts(t, map[string]string{tt.name: tt.script})
			r := conformance.RunScripts(conformance.Config{Rules: cr2017.Rules}, scripts, false)[0]
			if !r.Failed {
				t.Fatalf("the script passed:\n%s", r.Log)
			}
			if !strings.Contains(r.Log, tt.message) {
				t.Errorf("log does not contain %q:\n%s", tt.message, r.Log)
			}
		})
	}
}
