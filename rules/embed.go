// Package rules holds the rulesets mtgc embeds: the 2017 rules at the root
// (the .mtg sources and the edition's rule index), written in full, and the
// other editions each in a directory of their own, side by side, written as
// deltas (cr2025/ and cr2008/ over the root, cr1999/ over cr2008/), with
// their index, their conformance lists and their corpus (testdata/). The
// default edition, which commands use when none is named, is cr2025. See
// Editions.
package rules

import (
	"embed"
	"io/fs"
	"path"
	"sort"
	"strings"
)

// FS holds the .mtg files and cr2017.tsv at its root, and one directory per
// other edition: any directory of rules/ is embedded without a change here
// (its files, and its testdata/ but for names starting with . or _).
//
//go:embed *.mtg *.tsv */*
var FS embed.FS

// Dir is the name positions use for files of FS ("rules/turn.mtg").
const Dir = "rules"

// Root is the name of the edition at the root of FS: the full ruleset the
// others are written over (cr2025 and cr2008 over it, cr1999 over cr2008).
const Root = "cr2025"

// Default is the edition commands use when none is named: the current
// rules, written as a delta over Root in its own directory.
const Default = "cr2025"

// Edition is one embedded ruleset.
type Edition struct {
	Name  string // the edition the .mtg declare, also the name of its index (<Name>.tsv)
	Dir   string // its directory in FS: "." for the default
	Shown string // the directory as in the repository: "rules", "rules/cr1999"
}

// Corpus is the directory of FS holding the edition's conformance scripts,
// "" for the default edition (its corpus is package conformance's).
func (e Edition) Corpus() string {
	if e.Dir == "." {
		return ""
	}
	return path.Join(e.Dir, "testdata")
}

// Editions lists the embedded editions, the default first, then the
// directories of FS that hold .mtg files, by name. A directory's name is
// its edition's.
func Editions() []Edition {
	out := []Edition{{Name: Root, Dir: ".", Shown: Dir}}
	entries, err := fs.ReadDir(FS, ".")
	if err != nil {
		panic(err) // an embed.FS root is always readable
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		if mtg, _ := fs.Glob(FS, e.Name()+"/*.mtg"); len(mtg) > 0 {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	for _, n := range names {
		out = append(out, Edition{Name: n, Dir: n, Shown: Dir + "/" + n})
	}
	return out
}

// Lookup returns the embedded edition of that name.
func Lookup(name string) (Edition, bool) {
	for _, e := range Editions() {
		if e.Name == name {
			return e, true
		}
	}
	return Edition{}, false
}

// Names lists the embedded editions' names, comma-separated, for messages.
func Names() string {
	var names []string
	for _, e := range Editions() {
		names = append(names, e.Name)
	}
	return strings.Join(names, ", ")
}
