package conformance

import (
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
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
