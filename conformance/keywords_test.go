package conformance_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/interp"
	"github.com/mtgc-dev/mtgc/rules"
)

// TestKeywordsRuleset runs the 2025 rules with keywords of kinds CR 702
// has none of today, written in .mtg alone: ../testdata/keywords, a delta
// over the default edition. rallying is a triggered keyword (each
// instance triggers), rallying_once the same but redundant, extra_blocker
// a static keyword whose instances blocks_at_most counts. The runtime
// knows none of them: it counts instances and fires keyword abilities as
// the declarations say.
func TestKeywordsRuleset(t *testing.T) {
	p := loadDelta(t, "keywords", "cr2025.tsv")
	r, err := interp.Rules(p)
	if err != nil {
		t.Fatal(err)
	}
	// The delta's two and the root's (battle cry, flanking, exalted...).
	root, err := interp.Rules(loadRoot(t))
	if err != nil {
		t.Fatal(err)
	}
	if want := 2 + len(root.KeywordTriggers); len(r.KeywordTriggers) != want {
		t.Fatalf("want the delta's two triggered keywords and the root's %d, got %d", len(root.KeywordTriggers), len(r.KeywordTriggers))
	}
	if k := r.Keyword("rallying_once"); k < 0 || !r.Redundant.Has(k) {
		t.Fatalf("rallying_once is not redundant in the rules (%d, %b)", k, r.Redundant)
	}
	if k := r.Keyword("rallying"); k < 0 || r.Redundant.Has(k) {
		t.Fatalf("rallying is redundant in the rules (%d, %b)", k, r.Redundant)
	}
	conformance.Run(t, r, "../testdata/keywords/scripts", false)
}

// TestKeywordsGenerated: the engine generated from the delta compiles
// against the runtime, and carries the triggered keywords' abilities and
// the redundant set as the interpreter reads them.
func TestKeywordsGenerated(t *testing.T) {
	p := loadDelta(t, "keywords", "cr2025.tsv")
	src, err := compiler.Generate(p, compiler.Options{Package: "engine"})
	if err != nil {
		t.Fatal(err)
	}
	// gofmt aligns the table's keys: compare with runs of blanks as one.
	flat := regexp.MustCompile(`[ \t]+`).ReplaceAllString(string(src), " ")
	for _, want := range []string{
		`{Keyword: kw_rallying, Trigger: rt.Trigger{Triggered: rt.Triggered{Label: "rallying", Event: `,
		`{Keyword: kw_rallying_once, Trigger: rt.Trigger{Triggered: rt.Triggered{Label: "rallying_once", Event: `,
		`Redundant: 1<<kw_deathtouch | `,
	} {
		if !strings.Contains(flat, want) {
			t.Errorf("generated engine lacks %s", want)
		}
	}
	if strings.Contains(string(src), "1<<kw_rallying |") || strings.Contains(string(src), "1<<kw_rallying,") {
		t.Errorf("generated engine makes rallying redundant")
	}
	typeChecks(t, src)
}

// loadRoot is the embedded default rules' program.
func loadRoot(t *testing.T) *compiler.Program {
	t.Helper()
	ed, _ := rules.Lookup(rules.Default)
	p, err := compiler.LoadAs(rules.FS, ed.Dir, ed.Shown)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
