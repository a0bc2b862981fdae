// Package cards holds mtgc's card library: real cards declared in .mtg
// (`card IDENT "Name" { predicate ... }`, docs/cards.md), written over the
// default edition's rules. Load compiles them with those rules.
package cards

import (
	"embed"
	"io/fs"
	"testing/fstest"

	"github.com/mtgc-dev/mtgc/compiler"
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
	srcs, idx, err := Sources()
	if err != nil {
		return nil, err
	}
	p, err := compiler.Compile(srcs, idx)
	if p != nil {
		p.Dir = Dir
	}
	return p, err
}

// Sources reads the library and the embedded rules it extends, as
// compiler.ReadEdition does for the directory cards/: what Load
// compiles, and what a script's own cards are compiled with
// (conformance.CompileCards).
func Sources() ([]compiler.Source, map[string][]byte, error) {
	fsys := fstest.MapFS{}
	mtg, err := fs.Glob(FS, "*.mtg")
	if err != nil {
		return nil, nil, err
	}
	for _, name := range mtg {
		data, err := fs.ReadFile(FS, name)
		if err != nil {
			return nil, nil, err
		}
		fsys[Dir+"/"+name] = &fstest.MapFile{Data: data}
	}
	// The edition the library extends is not beside it: the compiler
	// reads its embedded rules (and cites their index), as mtgc check and
	// mtgc gen do for the directory cards/.
	return compiler.ReadEdition(fsys, Dir, Dir)
}
