// Package cards holds mtgc's card library: real cards declared in .mtg
// (`card IDENT "Name" { predicate ... }`, docs/cards.md), written over the
// default edition's rules. Load compiles them with those rules.
package cards

import (
	"embed"
	"io/fs"
	"testing/fstest"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/rules"
)

// FS holds the library's .mtg files.
//
//go:embed *.mtg
var FS embed.FS

// Dir is the name positions use for files of FS ("cards/static.mtg").
const Dir = "cards"

// Load compiles the library with the embedded rules of the edition it
// extends (the default one): a program whose keywords include one for
// each card and whose predicates include the cards' clauses.
func Load() (*compiler.Program, error) {
	fsys := fstest.MapFS{}
	if err := fs.WalkDir(rules.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(rules.FS, p)
		fsys[p] = &fstest.MapFile{Data: data}
		return err
	}); err != nil {
		return nil, err
	}
	mtg, err := fs.Glob(FS, "*.mtg")
	if err != nil {
		return nil, err
	}
	for _, name := range mtg {
		data, err := fs.ReadFile(FS, name)
		if err != nil {
			return nil, err
		}
		fsys[Dir+"/"+name] = &fstest.MapFile{Data: data}
	}
	// The library cites the default edition's rules: its index is theirs.
	fsys[Dir+"/cards.tsv"] = fsys[rules.Default+".tsv"]
	return compiler.LoadAs(fsys, Dir, Dir)
}
