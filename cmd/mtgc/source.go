package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/grammar"
	"github.com/mtgc-dev/mtgc/rules"
)

// ruleset is the rules a command works on: an embedded edition (the
// default, cr2017, or one named with -edition) or a directory (-rules).
type ruleset struct {
	dir   string        // a directory of .mtg files, or "" for an embedded edition
	ed    rules.Edition // the embedded edition when dir is ""
	local bool          // dir is ./rules, found in the current directory
}

// rulesFlags registers -rules and -edition, which name the rules a command
// works on.
func rulesFlags(fs *flag.FlagSet, dir, edition *string) {
	fs.StringVar(dir, "rules", "", "rules directory (default: the embedded rules of -edition); rules the engine was not generated from run on the interpreter")
	fs.StringVar(edition, "edition", "", "embedded edition: "+rules.Names()+" (default "+defaultEdition()+" ($MTGC_EDITION, else "+rules.Default+"), or the edition whose directory holds the corpus named)")
}

// resolveRules returns the ruleset -rules dir and -edition name select.
// With neither, a corpus directory whose parent holds .mtg files is that
// ruleset's corpus (rules/cr1999/testdata: rules/cr1999), so an edition's
// scripts find their rules and index by themselves; then ./rules, when the
// current directory has rules of its own (a project that generates its
// engine from changed rules); otherwise the default edition.
func resolveRules(dir, edition, corpus string) (ruleset, error) {
	switch {
	case dir != "" && edition != "":
		return ruleset{}, fmt.Errorf("-rules and -edition both name rules: give one")
	case edition != "":
		ed, ok := rules.Lookup(edition)
		if !ok {
			return ruleset{}, fmt.Errorf("-edition %s: no such embedded edition (there are %s)", edition, rules.Names())
		}
		return ruleset{ed: ed}, nil
	case dir != "":
		return ruleset{dir: dir}, nil
	case corpus != "":
		parent := filepath.Dir(filepath.Clean(corpus))
		if mtg, _ := filepath.Glob(filepath.Join(parent, "*.mtg")); len(mtg) > 0 {
			return ruleset{dir: parent}, nil
		}
		// conformance/testdata is the corpus of the edition at the root of
		// rules/ (the repository's, or a copy of it).
		if filepath.Base(parent) == "conformance" && filepath.Base(filepath.Clean(corpus)) == "testdata" {
			ed, _ := rules.Lookup(rules.Root)
			return ruleset{ed: ed}, nil
		}
	}
	if local, ok := localRules(); ok {
		return local, nil
	}
	ed, _ := rules.Lookup(defaultEdition())
	return ruleset{ed: ed}, nil
}

// defaultEdition is the edition commands use when none is named:
// $MTGC_EDITION if it names an embedded edition, else rules.Default.
func defaultEdition() string {
	if e := os.Getenv("MTGC_EDITION"); e != "" {
		if _, ok := rules.Lookup(e); ok {
			return e
		}
	}
	return rules.Default
}

// localRules returns ./rules when the current directory holds rules that
// differ from the embedded ones at the root of rules/ (the same rules, as
// in mtgc's own repository, are the embedded editions: the default is then
// used).
func localRules() (ruleset, bool) {
	if mtg, _ := filepath.Glob(filepath.Join("rules", "*.mtg")); len(mtg) == 0 {
		return ruleset{}, false
	}
	local := ruleset{dir: "rules", local: true}
	h, err := local.hash()
	if err != nil {
		return ruleset{}, false
	}
	root, _ := rules.Lookup(rules.Root)
	if e, err := (ruleset{ed: root}).hash(); err == nil && e == h {
		return ruleset{}, false
	}
	return local, true
}

// embeddedRules is the default embedded edition.
func embeddedRules() ruleset {
	ed, _ := rules.Lookup(defaultEdition())
	return ruleset{ed: ed}
}

// String names the rules in messages.
func (r ruleset) String() string {
	switch {
	case r.local:
		return "rules (found in the current directory; -edition " + defaultEdition() + " for the embedded rules)"
	case r.dir != "":
		return r.dir
	case r.ed.Name == defaultEdition():
		return "the embedded rules"
	}
	return "the embedded " + r.ed.Name + " rules (" + r.ed.Shown + ")"
}

// read returns the ruleset's sources and indexes.
func (r ruleset) read() ([]compiler.Source, map[string][]byte, error) {
	if r.dir == "" {
		return compiler.ReadEdition(rules.FS, r.ed.Dir, r.ed.Shown)
	}
	st, err := os.Stat(r.dir)
	if err != nil {
		return nil, nil, err
	}
	if !st.IsDir() {
		return nil, nil, fmt.Errorf("%s is not a directory of .mtg files", r.dir)
	}
	if m, _ := filepath.Glob(filepath.Join(r.dir, "*.mtg")); len(m) == 0 {
		return nil, nil, fmt.Errorf("%s has no .mtg files: give a directory of rules (.mtg files and the edition's .tsv index), e.g. mtgc check rules", r.dir)
	}
	abs, err := filepath.Abs(r.dir)
	if err != nil {
		return nil, nil, err
	}
	// The file system is rooted at the directory's parent's parent, so
	// that a base beside it, or above it, is found (compiler.ReadEdition).
	root := filepath.Dir(filepath.Dir(abs))
	rel, err := filepath.Rel(root, abs)
	if err != nil {
		return nil, nil, err
	}
	// Shown as typed, so that a base above it is named as the user would
	// (rules/turn.mtg for the base of rules/cr2008); only the last
	// element of each directory shows in positions.
	shown := filepath.ToSlash(filepath.Clean(r.dir))
	if shown == "." || strings.HasPrefix(shown, "..") && path.Base(shown) == ".." {
		shown = filepath.Base(abs)
	}
	return compiler.ReadEdition(os.DirFS(root), filepath.ToSlash(rel), shown)
}

// load compiles the ruleset.
func (r ruleset) load() (*compiler.Program, error) {
	srcs, idx, err := r.read()
	if err != nil {
		return nil, err
	}
	p, err := compiler.Compile(srcs, idx)
	if p != nil {
		p.Dir = path.Base(srcs[0].Name[:max(0, strings.LastIndex(srcs[0].Name, "/"))])
	}
	if err != nil && r.dir != "" {
		err = relocate(err, srcs[0].Name[:max(0, strings.LastIndex(srcs[0].Name, "/"))], r.dir)
	}
	return p, err
}

// relocate names the files of a directory's errors by the directory's path
// relative to the working directory (absolute when not under it), as
// editors' quickfix lists want, instead of by its base name.
func relocate(err error, base, dir string) error {
	var list grammar.ErrorList
	if !errors.As(err, &list) {
		return err
	}
	shown := displayPath(dir)
	if shown == base {
		return err
	}
	out := make(grammar.ErrorList, len(list))
	for i, e := range list {
		c := *e
		if rest, ok := strings.CutPrefix(c.Pos.File, base+"/"); ok {
			c.Pos.File = filepath.Join(shown, rest)
			c.Msg = strings.ReplaceAll(c.Msg, "is "+base+"/", "is "+shown+string(filepath.Separator))
		} else if first, rest, ok := strings.Cut(c.Pos.File, "/"); ok && !strings.Contains(rest, "/") {
			// A file of the edition a delta is written over, beside it
			// (rules/cr2017 for rules/cr2008): named by its path too.
			sib := filepath.Join(filepath.Dir(filepath.Clean(dir)), first)
			if st, err := os.Stat(filepath.Join(sib, rest)); err == nil && !st.IsDir() && filepath.Base(sib) != filepath.Base(filepath.Dir(filepath.Clean(dir))) {
				c.Pos.File = filepath.Join(displayPath(sib), rest)
			}
		}
		out[i] = &c
	}
	return out
}

// displayPath is p relative to the working directory when under it, else
// absolute.
func displayPath(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return rel
		}
	}
	return abs
}

// hash is the source hash of the ruleset.
func (r ruleset) hash() (string, error) {
	srcs, _, err := r.read()
	if err != nil {
		return "", err
	}
	return compiler.SourceHash(srcs), nil
}

// linkDir is where the ruleset's files are, relative to the working
// directory, for links: its directory, or for an embedded edition other
// than the default its place in the repository (run mtgc at the root); ""
// for the default, whose files are named from the root already.
func (r ruleset) linkDir() string {
	if r.dir != "" || r.ed.Dir == "." {
		return r.dir
	}
	return filepath.FromSlash(r.ed.Shown)
}

// corpusDir is the corpus the ruleset's commands run by default: the
// testdata directory next to a rules directory's .mtg files, if there is
// one, else "" (the embedded corpus of the ruleset's edition).
func (r ruleset) corpusDir() string {
	if r.dir == "" {
		return ""
	}
	d := filepath.Join(r.dir, "testdata")
	if st, err := os.Stat(d); err == nil && st.IsDir() {
		return d
	}
	return ""
}

// loadRules compiles the ruleset in dir, or the default embedded one when
// dir is "".
func loadRules(dir string) (*compiler.Program, error) {
	if dir == "" {
		return embeddedRules().load()
	}
	return ruleset{dir: dir}.load()
}

func oneDir(args []string) (string, error) {
	switch len(args) {
	case 0:
		return "", nil
	case 1:
		return args[0], nil
	}
	return "", errUsage
}
