package conformance_test

import (
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/interp"
)

// TestStackDamageRuleset runs the rules of ../rules with combat damage put
// on the stack (../testdata/stackdamage/combat.mtg instead of
// rules/combat.mtg): the language can write combat damage on the stack,
// with priority between its assignment and its damage.
func TestStackDamageRuleset(t *testing.T) {
	fsys := fstest.MapFS{}
	files, err := filepath.Glob("../rules/*")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if filepath.Ext(f) != ".mtg" && filepath.Ext(f) != ".tsv" {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if filepath.Base(f) == "combat.mtg" {
			if data, err = os.ReadFile("../testdata/stackdamage/combat.mtg"); err != nil {
				t.Fatal(err)
			}
		}
		fsys["rules/"+filepath.Base(f)] = &fstest.MapFile{Data: data}
	}
	p, err := compiler.Load(fsys, "rules")
	if err != nil {
		t.Fatal(err)
	}
	if len(p.StackObjects) != 1 {
		t.Fatalf("want the combat damage stack object, got %d stack objects", len(p.StackObjects))
	}
	r, err := interp.Rules(p)
	if err != nil {
		t.Fatal(err)
	}
	conformance.Run(t, r, "../testdata/stackdamage/scripts", false)
}
