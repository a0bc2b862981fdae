package conformance_test

import (
	"io/fs"
	"os"
	"path"
	"testing"
	"testing/fstest"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/rules"
)

// loadDelta loads ../testdata/NAME/NAME.mtg, a delta over an embedded
// edition, as if its directory stood beside the embedded editions, with
// the index of its base (index, a path of rules.FS).
func loadDelta(t *testing.T, name, index string) *compiler.Program {
	t.Helper()
	fsys := fstest.MapFS{}
	if err := fs.WalkDir(rules.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(rules.FS, p)
		fsys[p] = &fstest.MapFile{Data: data}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	delta, err := os.ReadFile(path.Join("../testdata", name, name+".mtg"))
	if err != nil {
		t.Fatal(err)
	}
	fsys[name+"/"+name+".mtg"] = &fstest.MapFile{Data: delta}
	fsys[name+"/"+name+".tsv"] = fsys[index]
	p, err := compiler.LoadAs(fsys, name, "testdata/"+name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
