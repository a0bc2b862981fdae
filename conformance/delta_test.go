package conformance_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
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
	fsys, err := embeddedFS()
	if err != nil {
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

// embeddedFS is a copy of the embedded editions, beside which a test puts
// a delta's directory.
func embeddedFS() (fstest.MapFS, error) {
	fsys := fstest.MapFS{}
	err := fs.WalkDir(rules.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(rules.FS, p)
		fsys[p] = &fstest.MapFile{Data: data}
		return err
	})
	return fsys, err
}

// typeChecks fails t unless src, a generated engine, compiles against
// the runtime (go/types, from the runtime's source).
func typeChecks(t *testing.T, src []byte) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "engine.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	if _, err := conf.Check("engine", fset, []*ast.File{f}, nil); err != nil {
		t.Errorf("the generated engine does not compile: %v", err)
	}
}
