package conformance_test

import (
	"bytes"
	"testing"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/interp"
	"github.com/mtgc-dev/mtgc/rules"
)

// handSize8 are the upstream scripts a maximum hand size of eight makes
// fail, each with the project's reason.
var handSize8 = map[string]string{
	"512-ending-phase":         "our maximum hand size is eight",
	"514.1-discard":            "our maximum hand size is eight",
	"514.3a-trigger-repeat":    "our maximum hand size is eight",
	"703.4n-cleanup-order":     "our maximum hand size is eight",
	"704.5p-legal-attachments": "our maximum hand size is eight",
	"704.5q-one-of-each":       "our maximum hand size is eight",
}

// TestRunCorpusDeviating: a project whose rules differ (a maximum hand size
// of eight) runs the upstream corpus honestly: the scripts its change makes
// fail are listed with the reason, the rest pass, and the engine's own index
// is what the scripts and events are checked against.
func TestRunCorpusDeviating(t *testing.T) {
	srcs, idx, err := compiler.ReadDirAs(rules.FS, ".", rules.Dir)
	if err != nil {
		t.Fatal(err)
	}
	edited := false
	for i, s := range srcs {
		if bytes.Contains(s.Data, []byte("max_hand_size = 7")) {
			srcs[i].Data, edited = bytes.Replace(s.Data, []byte("max_hand_size = 7"), []byte("max_hand_size = 8"), 1), true
		}
	}
	if !edited {
		t.Fatal("no \"max_hand_size = 7\" in the default rules")
	}
	p, err := compiler.Compile(srcs, idx)
	if err != nil {
		t.Fatal(err)
	}
	r, err := interp.Rules(p)
	if err != nil {
		t.Fatal(err)
	}
	if conformance.RulesIndex(r) == nil {
		t.Fatal("the engine carries no index")
	}
	conformance.RunCorpusDeviating(t, r, handSize8)
}
