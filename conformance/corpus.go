package conformance

import (
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sync"
	"testing"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/rules"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
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

var defaultIndexes = struct {
	sync.Mutex
	m map[string]*compiler.Index
}{m: map[string]*compiler.Index{}}

// DefaultIndex returns the rule index of an edition this module embeds
// (cr2017, or another edition of the rules package), or nil if it has
// none of that edition.
func DefaultIndex(edition string) (*compiler.Index, error) {
	ed, ok := rules.Lookup(edition)
	if !ok {
		return nil, nil
	}
	defaultIndexes.Lock()
	defer defaultIndexes.Unlock()
	if idx := defaultIndexes.m[edition]; idx != nil {
		return idx, nil
	}
	data, err := fs.ReadFile(rules.FS, path.Join(ed.Dir, edition+".tsv"))
	if err != nil {
		return nil, err
	}
	idx, err := compiler.ReadIndex(path.Join(ed.Shown, edition+".tsv"), bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	idx.Edition = edition
	defaultIndexes.m[edition] = idx
	return idx, nil
}

// EditionCorpus returns the embedded corpus of an edition (the scripts at
// the root of the FS), its lists, and the directory its scripts are in, as
// in the repository ("conformance/testdata", "rules/cr1999/testdata").
func EditionCorpus(edition string) (fs.FS, Lists, string, error) {
	ed, ok := rules.Lookup(edition)
	if !ok {
		return nil, Lists{}, "", fmt.Errorf("no embedded edition %s (there are %s)", edition, rules.Names())
	}
	if ed.Corpus() == "" {
		l, err := EmbeddedLists()
		return CorpusFS(), l, "conformance/testdata", err
	}
	sub, err := fs.Sub(rules.FS, ed.Corpus())
	if err != nil {
		return nil, Lists{}, "", err
	}
	l, err := ReadLists(rules.FS, ed.Dir, ed.Shown)
	return sub, l, path.Join(ed.Shown, "testdata"), err
}

// RunEdition runs the embedded corpus of the edition r implements against
// r as subtests of t, with that corpus's known failures: how a generated
// engine of an embedded edition proves itself.
func RunEdition(t *testing.T, r *rt.Rules) {
	t.Helper()
	corpus, lists, _, err := EditionCorpus(r.Edition)
	if err != nil {
		t.Fatal(err)
	}
	dir, err := Extract(corpus, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	RunWith(t, Config{Rules: r, Known: lists.Known()}, dir)
}

// EachEdition runs f as a subtest of t for each embedded edition beside the
// default one (those with a corpus of their own), with its checked rules.
func EachEdition(t *testing.T, f func(t *testing.T, ed rules.Edition, p *compiler.Program)) {
	t.Helper()
	for _, ed := range rules.Editions() {
		if ed.Corpus() == "" {
			continue
		}
		t.Run(ed.Name, func(t *testing.T) {
			p, err := compiler.LoadAs(rules.FS, ed.Dir, ed.Shown)
			if err != nil {
				t.Fatal(err)
			}
			f(t, ed, p)
		})
	}
}
