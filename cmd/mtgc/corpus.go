package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/internal/safeio"
)

// corpus is a conformance corpus ready to run: its scripts, checked against
// the index, and its lists.
type corpus struct {
	dir     string // where the scripts are (a temporary copy of the embedded corpus)
	shown   string // the directory messages name: conformance/testdata for the embedded one
	scripts []conformance.Script
	lists   conformance.Lists
	cleanup func()
	// checkout is set when no corpus was named and the embedded corpus's
	// directory was found on disk, in a checkout of mtgc: its scripts ran.
	checkout bool
}

// openCorpus opens the corpus in dir or, when dir is "", the corpus of
// ruleset rs: the testdata directory next to its .mtg files, or the
// embedded corpus of p's edition. Its lists are those next to it (the
// embedded ones, or the .tsv files of dir's parent directory); knownFile, if
// set, replaces its known failures. Scripts naming rules outside p's index,
// and malformed or wrong lists, are errors.
func openCorpus(dir string, rs ruleset, p *compiler.Program, knownFile string) (*corpus, error) {
	idx := p.Index
	checkout := false
	if dir == "" {
		dir = rs.corpusDir()
	}
	if dir == "" && rs.dir == "" {
		// In a checkout of mtgc, the embedded corpus is a copy of
		// scripts on disk that may have been edited since the binary
		// was built: run those.
		if _, _, shown, err := conformance.EditionCorpus(p.Edition); err == nil && inCheckout() {
			if st, err := os.Stat(filepath.FromSlash(shown)); err == nil && st.IsDir() {
				dir, checkout = filepath.FromSlash(shown), true
			}
		}
	}
	c := &corpus{dir: dir, shown: dir, cleanup: func() {}, checkout: checkout}
	var errs []string
	var listErr error
	if dir == "" {
		embedded, lists, shown, err := conformance.EditionCorpus(p.Edition)
		if err != nil {
			return nil, fmt.Errorf("%s: %v: name a corpus directory", rs, err)
		}
		tmp, err := os.MkdirTemp("", "mtgc-corpus")
		if err != nil {
			return nil, err
		}
		c.cleanup = func() { os.RemoveAll(tmp) }
		if c.dir, err = conformance.Extract(embedded, tmp); err != nil {
			c.cleanup()
			return nil, err
		}
		c.shown = shown
		c.lists = lists
	} else {
		st, err := os.Stat(dir)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			return nil, fmt.Errorf("%s is not a directory of conformance scripts (*.txtar)", dir)
		}
		parent := filepath.Dir(filepath.Clean(dir))
		c.lists, listErr = conformance.ReadLists(os.DirFS(parent), ".", parent)
	}
	if listErr != nil {
		errs = append(errs, listErr.Error())
	}
	if knownFile != "" {
		data, err := safeio.ReadFile(knownFile, conformance.MaxScriptBytes)
		if err != nil {
			c.cleanup()
			return nil, err
		}
		if c.lists.KnownFailures, err = conformance.ParseList(conformance.KnownFailuresFile, knownFile, data); err != nil {
			errs = append(errs, err.Error())
		}
	}
	scripts, err := conformance.ReadCorpus(c.dir)
	if err != nil {
		errs = append(errs, err.Error())
	}
	c.scripts = scripts
	if err := conformance.CheckHeaders(scripts, idx); err != nil {
		errs = append(errs, err.Error())
	}
	if err := c.lists.Check(idx, scripts); err != nil {
		errs = append(errs, err.Error())
	}
	if len(scripts) == 0 && len(errs) == 0 {
		errs = append(errs, fmt.Sprintf("%s: no conformance scripts (*.txtar)", c.shown))
	}
	if len(errs) > 0 {
		c.cleanup()
		return nil, fmt.Errorf("%s", c.show(strings.Join(errs, "\n")))
	}
	return c, nil
}

// inCheckout reports whether the working directory is the root of a
// checkout of mtgc's module (its go.mod, rules/ and conformance/testdata/).
func inCheckout() bool {
	data, err := safeio.ReadFile("go.mod", 1<<20)
	if err != nil {
		return false
	}
	module := ""
	for _, l := range strings.Split(string(data), "\n") {
		if f := strings.Fields(l); len(f) == 2 && f[0] == "module" {
			module = f[1]
			break
		}
	}
	if module != modulePath {
		return false
	}
	for _, d := range []string{"rules", filepath.Join("conformance", "testdata")} {
		if st, err := os.Stat(d); err != nil || !st.IsDir() {
			return false
		}
	}
	return true
}

// modulePath is mtgc's module.
const modulePath = "github.com/mtgc-dev/mtgc"

// note is what a command says of the corpus it ran when it was not the
// one named or embedded: the scripts of the checkout on disk.
func (c *corpus) note(cmd string) string {
	if !c.checkout {
		return ""
	}
	return fmt.Sprintf("mtgc %s: ran %s, the scripts of this checkout (not the copy embedded in the binary)", cmd, c.shownDir())
}

// show names the embedded corpus's scripts as in the repository.
func (c *corpus) show(s string) string {
	if c.dir == c.shown {
		return s
	}
	return strings.ReplaceAll(s, c.dir, c.shown)
}

// shownDir is the corpus directory as the user knows it.
func (c *corpus) shownDir() string { return filepath.FromSlash(c.shown) }

// root is the directory the paths of the lists (runtime.tsv's Go files) are
// relative to: the repository root (the module root above the lists).
func (c *corpus) root() string {
	if c.dir != c.shown {
		return "."
	}
	lists := filepath.Dir(filepath.Clean(c.dir))
	// The module root holding the lists (rules/cr1999/ is two levels
	// down, conformance/ one); without one, the lists' parent.
	for d := lists; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		up := filepath.Dir(d)
		if up == d {
			break
		}
		d = up
	}
	return filepath.Dir(lists)
}

// path is where a script is, as the user knows it.
func (c *corpus) path(s conformance.Script) string {
	return filepath.ToSlash(filepath.Join(c.shown, s.Name+".txtar"))
}

// ruleArg is what -run treats as a rule number rather than a regexp.
var ruleArg = regexp.MustCompile(`^[0-9]{3}(\.[0-9]+[a-z]?)?$`)

// selectScripts keeps the scripts -run matches: with a rule number, those
// whose # rules: line names it or one of its subrules; otherwise those whose
// name or # rules: line matches the regexp.
func selectScripts(scripts []conformance.Script, run string) ([]conformance.Script, error) {
	if run == "" {
		return scripts, nil
	}
	var match func(conformance.Script) bool
	if ruleArg.MatchString(run) {
		match = func(s conformance.Script) bool {
			for _, r := range s.Header.Rules {
				if conformance.MatchRule(r, run) {
					return true
				}
			}
			return false
		}
	} else {
		re, err := regexp.Compile(run)
		if err != nil {
			return nil, usagef("-run: %v", err)
		}
		match = func(s conformance.Script) bool {
			return re.MatchString(s.Name) || re.MatchString(strings.Join(s.Header.Rules, " "))
		}
	}
	var out []conformance.Script
	for _, s := range scripts {
		if match(s) {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no script matches -run %q: ran 0 scripts", run)
	}
	return out, nil
}

// parseShard reads -shard I/N: shard I (1 to N) of N.
func parseShard(s string) (i, n int, err error) {
	a, b, ok := strings.Cut(s, "/")
	if ok {
		i, err = strconv.Atoi(a)
		if err == nil {
			n, err = strconv.Atoi(b)
		}
	}
	if !ok || err != nil || n < 1 || i < 1 || i > n {
		return 0, 0, usagef("-shard %q: want I/N with 1 <= I <= N, e.g. 2/4", s)
	}
	return i, n, nil
}

// shard keeps shard i of n of the scripts: sorted by name, the k-th script
// (from 0) goes to shard k mod n + 1. The split depends only on the names,
// so every job of a CI matrix computes the same one.
func shard(scripts []conformance.Script, i, n int) []conformance.Script {
	sorted := append([]conformance.Script(nil), scripts...)
	sort.Slice(sorted, func(a, b int) bool { return sorted[a].Name < sorted[b].Name })
	var out []conformance.Script
	for k, s := range sorted {
		if k%n == i-1 {
			out = append(out, s)
		}
	}
	return out
}
