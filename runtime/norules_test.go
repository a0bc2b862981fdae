package runtime

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestNoTurnRulesInRuntime: the meaning of the turn's numbered rules lives
// in .mtg. The runtime may cite the priority and special-action rules it
// implements (115, 116), never a rule of 5xx, 703 or 704.
func TestNoTurnRulesInRuntime(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	rule := regexp.MustCompile(`\b(5[01][0-9]|70[34])(\.[0-9]+[a-z]?)?\b`)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			if m := rule.FindString(line); m != "" && !strings.Contains(line, "0x") {
				t.Errorf("%s:%d: rule-like number %s in the runtime: %s", f, i+1, m, strings.TrimSpace(line))
			}
		}
	}
}
