package conformance

import (
	"bytes"
	"embed"
	"io/fs"
	"sync"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/rules"
)

// Corpus is the repository's conformance corpus, embedded so that
// `mtgc test` runs it from any directory.
//
//go:embed testdata/*.txtar
var Corpus embed.FS

// lists holds the corpus's machine-readable lists (see lists.go).
//
//go:embed *.tsv
var lists embed.FS

// CorpusFS is the embedded corpus with the scripts at its root.
func CorpusFS() fs.FS {
	sub, err := fs.Sub(Corpus, "testdata")
	if err != nil {
		panic(err)
	}
	return sub
}

// EmbeddedLists returns the lists of the embedded corpus, named as in the
// repository ("conformance/scope.tsv", ...).
func EmbeddedLists() (Lists, error) {
	return ReadLists(lists, ".", "conformance")
}

var defaultIndex = struct {
	once sync.Once
	idx  *compiler.Index
	err  error
}{}

// DefaultIndex returns the rule index of an edition this module embeds
// (cr2017, from the rules package), or nil if it has none of that edition.
func DefaultIndex(edition string) (*compiler.Index, error) {
	defaultIndex.once.Do(func() {
		data, err := fs.ReadFile(rules.FS, "cr2017.tsv")
		if err != nil {
			defaultIndex.err = err
			return
		}
		idx, err := compiler.ReadIndex("rules/cr2017.tsv", bytes.NewReader(data))
		if err != nil {
			defaultIndex.err = err
			return
		}
		idx.Edition = "cr2017"
		defaultIndex.idx = idx
	})
	if edition != "cr2017" {
		return nil, nil
	}
	return defaultIndex.idx, defaultIndex.err
}
