package conformance_test

import (
	"io/fs"
	"os"
	"testing"
	"testing/fstest"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/interp"
	"github.com/mtgc-dev/mtgc/rules"
)

// TestStackDamageRuleset runs the 2017 rules with combat damage put on the
// stack: ../testdata/stackdamage/stackdamage.mtg, a delta over
// rules/cr2017 placed beside the embedded editions. The language can write
// combat damage on the stack, with priority between its assignment and its
// damage, as a short delta.
func TestStackDamageRuleset(t *testing.T) {
	fsys := fstest.MapFS{}
	if err := fs.WalkDir(rules.FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(rules.FS, path)
		fsys[path] = &fstest.MapFile{Data: data}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	delta, err := os.ReadFile("../testdata/stackdamage/stackdamage.mtg")
	if err != nil {
		t.Fatal(err)
	}
	fsys["stackdamage/stackdamage.mtg"] = &fstest.MapFile{Data: delta}
	fsys["stackdamage/stackdamage.tsv"] = fsys["cr2017/cr2017.tsv"]
	p, err := compiler.LoadAs(fsys, "stackdamage", "testdata/stackdamage")
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
