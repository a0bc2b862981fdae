package conformance_test

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/engine"
	"github.com/mtgc-dev/mtgc/rules"
)

var update = flag.Bool("update", false, "rewrite the golden files of failing cmp commands")

// TestConformance runs the corpus against the generated engine; scripts of
// known-failures.tsv must fail.
func TestConformance(t *testing.T) {
	conformance.RunWith(t, conformance.Config{
		Rules:  engine.Rules,
		Update: *update,
		Known:  lists(t).Known(),
	}, "testdata")
}

// TestHeaders checks that every script names the rules it checks, and that
// each named rule is in the edition's index.
func TestHeaders(t *testing.T) {
	scripts, err := conformance.ReadCorpus("testdata")
	if err != nil {
		t.Fatal(err)
	}
	if err := conformance.CheckHeaders(scripts, program(t).Index); err != nil {
		t.Error(err)
	}
}

func program(t *testing.T) *compiler.Program {
	t.Helper()
	p, err := compiler.LoadAs(rules.FS, ".", rules.Dir)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// lists reads the lists of this directory, checked against the index and
// the corpus.
func lists(t *testing.T) conformance.Lists {
	t.Helper()
	l, err := conformance.ReadLists(os.DirFS("."), ".", "conformance")
	if err != nil {
		t.Fatal(err)
	}
	scripts, err := conformance.ReadCorpus("testdata")
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Check(program(t).Index, scripts); err != nil {
		t.Fatal(err)
	}
	return l
}

// TestCoverage checks what `mtgc coverage -strict` checks: every rule of
// scope.tsv is implemented and has a script, or is excluded with a reason.
func TestCoverage(t *testing.T) {
	scripts, err := conformance.ReadCorpus("testdata")
	if err != nil {
		t.Fatal(err)
	}
	c := conformance.BuildCoverage(conformance.CoverageInput{Program: program(t), Scripts: scripts, Lists: lists(t)})
	if len(c.Problems) > 0 {
		t.Errorf("%d coverage problems:\n%s", len(c.Problems), strings.Join(c.Problems, "\n"))
	}
}
