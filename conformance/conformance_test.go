package conformance_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/engine"
	"github.com/mtgc-dev/mtgc/rules"
)

var update = flag.Bool("update", false, "rewrite the golden files of failing cmp commands")

// TestConformance runs the corpus against the generated engine.
func TestConformance(t *testing.T) {
	conformance.Run(t, engine.Rules, "testdata", *update)
}

// TestHeaders checks that every script names the rules it checks, and that
// each named rule is in the edition's index.
func TestHeaders(t *testing.T) {
	idx := index(t)
	scripts, err := conformance.ReadCorpus("testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range scripts {
		for _, r := range s.Header.Rules {
			if !idx.Has(r) {
				t.Errorf("%s: # rules: names %s, which is not in the cr2017 index", s.Path, r)
			}
		}
	}
}

func index(t *testing.T) *compiler.Index {
	f, err := rules.FS.Open("cr2017.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	idx, err := compiler.ReadIndex("cr2017.tsv", f)
	if err != nil {
		t.Fatal(err)
	}
	return idx
}

// TestCoverage checks that every rule the foundation must cover has at
// least one script: 500-505, 512-514 and 703.4a-c, 703.4m-p.
func TestCoverage(t *testing.T) {
	idx := index(t)
	scripts, err := conformance.ReadCorpus("testdata")
	if err != nil {
		t.Fatal(err)
	}
	covered := map[string]bool{}
	for _, s := range scripts {
		for _, r := range s.Header.Rules {
			covered[r] = true
		}
	}
	excluded := readExclusions(t)
	var missing []string
	for _, n := range idx.Numbers {
		if !inScope(n) || covered[n] || excluded[n] {
			continue
		}
		missing = append(missing, n)
	}
	if len(missing) > 0 {
		t.Errorf("%d rules in scope have no conformance script and no exclusion: %s", len(missing), strings.Join(missing, " "))
	}
}

func inScope(n string) bool {
	for _, p := range []string{"500", "501", "502", "503", "504", "505", "512", "513", "514"} {
		if n == p || strings.HasPrefix(n, p+".") {
			return true
		}
	}
	switch n {
	case "703.4a", "703.4b", "703.4c", "703.4m", "703.4n", "703.4p":
		return true
	}
	return false
}

// readExclusions reads exclusions.tsv: rule number, tab, reason.
func readExclusions(t *testing.T) map[string]bool {
	data, err := os.ReadFile(filepath.Join("exclusions.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		rule, reason, ok := strings.Cut(line, "\t")
		if !ok || strings.TrimSpace(reason) == "" {
			t.Fatalf("exclusions.tsv:%d: want RULE<TAB>REASON", i+1)
		}
		out[rule] = true
	}
	return out
}
