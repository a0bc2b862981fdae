package conformance

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/mtgc-dev/mtgc/engine"
)

// TestStuckScriptAbandoned: a script that never returns (stuck where no
// command checks the time) is reported as timed out after its timeout and
// a grace period, and the next one runs.
func TestStuckScriptAbandoned(t *testing.T) {
	defer func(g time.Duration) { grace = g }(grace)
	grace = 10 * time.Millisecond
	root := &scriptT{name: "corpus", timeout: 20 * time.Millisecond}
	block := make(chan struct{})
	defer close(block)
	root.Run("stuck", func(t testscript.T) { <-block })
	root.Run("next", func(t testscript.T) { t.Log("ran") })
	if len(root.children) != 2 {
		t.Fatalf("%d scripts ran, want 2", len(root.children))
	}
	stuck, next := root.children[0], root.children[1]
	if !stuck.Failed() || !strings.Contains(stuck.log.String(), "timed out after 20ms") {
		t.Errorf("stuck: failed=%v, log %q", stuck.Failed(), stuck.log.String())
	}
	if next.Failed() || !strings.Contains(next.log.String(), "ran") {
		t.Errorf("next: failed=%v, log %q", next.Failed(), next.log.String())
	}
}

// TestParamsSetupRefusesUnsafe: Params(dir) alone (a caller of
// testscript.Run) refuses a script with a forbidden command in Setup,
// before its first command, and runs the others.
func TestParamsSetupRefusesUnsafe(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(t.TempDir(), "pwned")
	for name, src := range map[string]string{
		"exec.txtar": "# rules: 500.1\nexec sh -c 'touch " + out + "'\n",
		"fine.txtar": "# rules: 500.1\ngame\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	root := &scriptT{name: "corpus", timeout: time.Minute}
	root.do(func(r *scriptT) { testscript.RunT(r, Config{Rules: engine.Rules}.Params(dir)) })
	got := map[string]bool{}
	for _, c := range root.children {
		got[c.name] = c.Failed()
		if c.name == "exec" && !strings.Contains(c.log.String(), "exec is not available") {
			t.Errorf("exec: the log does not say why:\n%s", c.log.String())
		}
	}
	if !got["exec"] || got["fine"] || len(got) != 2 {
		t.Errorf("failed: %v, want exec only", got)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("the script ran a program")
	}
}
