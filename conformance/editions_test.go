package conformance_test

import (
	"strings"
	"testing"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/rules"
)

// TestEditions checks, for each embedded edition beside the default, what
// the tests above check for the default: every script names rules of the
// edition's index, the lists are well-formed and name rules of the index,
// and every rule in scope is implemented and scripted, or excluded. (The
// engines' own tests, engine/<edition>, run the corpora.)
func TestEditions(t *testing.T) {
	conformance.EachEdition(t, func(t *testing.T, ed rules.Edition, p *compiler.Program) {
		if p.Edition != ed.Name {
			t.Fatalf("%s declares edition %s: an edition's directory is named after it", ed.Shown, p.Edition)
		}
		corpus, lists, _, err := conformance.EditionCorpus(ed.Name)
		if err != nil {
			t.Fatal(err)
		}
		dir, err := conformance.Extract(corpus, t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		scripts, err := conformance.ReadCorpus(dir)
		if err != nil {
			t.Fatal(err)
		}
		if len(scripts) == 0 {
			t.Fatalf("%s/testdata: no scripts", ed.Shown)
		}
		if err := conformance.CheckHeaders(scripts, p.Index); err != nil {
			t.Error(err)
		}
		if err := lists.Check(p.Index, scripts); err != nil {
			t.Fatal(err)
		}
		c := conformance.BuildCoverage(conformance.CoverageInput{Program: p, Scripts: scripts, Lists: lists})
		if len(c.Problems) > 0 {
			t.Errorf("%d coverage problems:\n%s", len(c.Problems), strings.Join(c.Problems, "\n"))
		}
	})
}
