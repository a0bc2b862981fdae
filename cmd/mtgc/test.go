package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/interp"
	rt "github.com/mtgc-dev/mtgc/runtime"
)

var (
	testRules   string
	testEdition string
	testRun     string
	testVerbose bool
	testUpdate  bool
	testJSON    bool
	testJUnit   string
	testShard   string
	testKnown   string
	testEngine  string
	testLimits  conformance.Limits
)

var testCmd = &command{
	name:  "test",
	args:  "[corpus-dir]",
	short: "Run a conformance corpus (default: the embedded one) against the engine (or, for changed rules, the interpreter).",
	flags: func(fs *flag.FlagSet) {
		rulesFlags(fs, &testRules, &testEdition)
		fs.StringVar(&testRun, "run", "", "run only the scripts of a rule and its subrules (-run 509.1), or whose name or # rules: line matches a regexp")
		fs.BoolVar(&testVerbose, "v", false, "print every script's log, not only failures'")
		fs.BoolVar(&testUpdate, "update", false, "rewrite golden files of failing cmp commands in the scripts (needs a corpus directory)")
		fs.BoolVar(&testJSON, "json", false, "print a go test -json event stream instead of text (docs/ci.md)")
		fs.StringVar(&testJUnit, "junit", "", "also write a JUnit XML report to this file (atomically)")
		fs.StringVar(&testShard, "shard", "", "run only shard I of N (I/N, 1 <= I <= N) of the scripts sorted by name")
		fs.StringVar(&testKnown, "known-failures", "", "known-failures file (SCRIPT<TAB>REASON) instead of the corpus's "+conformance.KnownFailuresFile)
		fs.DurationVar(&testLimits.Timeout, "timeout", conformance.DefaultTimeout, "wall-clock limit per script: a script past it fails alone (\"timed out after ...\") and the suite goes on")
		fs.IntVar(&testLimits.Objects, "max-objects", conformance.DefaultObjects, "objects one script's game may hold (library ... count=N past it fails the script)")
		fs.IntVar(&testLimits.Passes, "max-passes", conformance.DefaultPasses, "priority passes one script may make in all (pass N, until)")
		engineFlag(fs, &testEngine)
	},
	run: runTest,
}

// outcome is what a script's run means for the suite.
type outcome string

const (
	outPass  outcome = "pass"
	outFail  outcome = "fail"
	outSkip  outcome = "skip"
	outXFail outcome = "xfail" // a known failure that failed
	outXPass outcome = "xpass" // a known failure that passed: fails the run
)

// scriptResult is one script's result, judged against the known failures.
type scriptResult struct {
	conformance.Result
	Outcome outcome
	Path    string // as the user knows it
	Known   string // the reason, for a known failure
	KnownAt string // file:line of the known-failures entry
}

// failed reports whether the result fails the run.
func (r scriptResult) failed() bool { return r.Outcome == outFail || r.Outcome == outXPass }

func runTest(ctx *cli, _ *flag.FlagSet, args []string) error {
	dir, err := oneDir(args)
	if err != nil {
		return err
	}
	if testLimits.Timeout <= 0 || testLimits.Objects <= 0 || testLimits.Passes <= 0 {
		return fmt.Errorf("mtgc test: -timeout, -max-objects and -max-passes must be positive")
	}
	if testUpdate && dir == "" {
		return fmt.Errorf("mtgc test -update needs the corpus directory to rewrite")
	}
	rs, err := resolveRules(testRules, testEdition, dir)
	if err != nil {
		return err
	}
	p, err := rs.load()
	if err != nil {
		return err
	}
	rules, note, err := selectEngine(testEngine, p, rs, "test")
	if err != nil {
		return err
	}
	if note != "" {
		fmt.Fprintln(ctx.stderr, note)
	}
	c, err := openCorpus(dir, rs, p, testKnown)
	if err != nil {
		return err
	}
	defer c.cleanup()
	if n := c.note("test"); n != "" {
		fmt.Fprintln(ctx.stderr, n)
	}
	scripts, err := selectScripts(c.scripts, testRun)
	if errors.Is(err, errUsage) {
		return err
	} else if err != nil {
		return fmt.Errorf("mtgc test: %v", err)
	}
	if testShard != "" {
		i, n, err := parseShard(testShard)
		if err != nil {
			return err
		}
		if scripts = shard(scripts, i, n); len(scripts) == 0 {
			return fmt.Errorf("mtgc test: shard %d/%d holds none of the %d selected scripts: ran 0 scripts", i, n, len(c.scripts))
		}
	}

	rep := testReporter(&textReporter{w: ctx.stdout})
	if testJSON {
		rep = newJSONReporter(ctx.stdout, c.shown)
	}
	start := time.Now()
	// A script's own cards (-- cards.mtg --) are compiled with the rules
	// as it starts and run on the interpreter, unless -engine=compiled
	// asks for the generated engine alone (which skips such a script).
	var cards func(string, []byte) (*rt.Rules, error)
	if testEngine != "compiled" {
		srcs, idx, err := rs.read()
		if err != nil {
			return err
		}
		cards = conformance.CompileCards(srcs, idx, interp.Rules)
	}
	results, err := runScripts(c, rules, p.Index, cards, scripts, rep)
	if err != nil {
		return err
	}
	elapsed := time.Since(start)
	if err := rep.end(results, elapsed); err != nil {
		return err
	}
	if testJUnit != "" {
		if err := writeFileAtomic(testJUnit, junitReport(results, elapsed)); err != nil {
			return err
		}
	}
	for _, r := range results {
		if r.failed() {
			return errFailed
		}
	}
	return nil
}

// testReporter prints a run's results as each script ends (as go test
// streams), then the summary.
type testReporter interface {
	begin(name string) error     // a script starts
	script(r scriptResult) error // it ended
	end(results []scriptResult, elapsed time.Duration) error
}

// runScripts runs scripts against rules, one at a time in the order of
// their names, judges each against the known failures and reports it
// to rep as it ends. Known failures are never updated by -update.
func runScripts(c *corpus, rules *rt.Rules, idx *compiler.Index, cards func(string, []byte) (*rt.Rules, error), scripts []conformance.Script, rep testReporter) ([]scriptResult, error) {
	known := c.lists.Known()
	at := map[string]string{}
	for _, e := range c.lists.KnownFailures {
		at[e.Key] = e.Pos()
	}
	scripts = append([]conformance.Script(nil), scripts...)
	sort.Slice(scripts, func(i, j int) bool { return scripts[i].Name < scripts[j].Name })
	out := make([]scriptResult, 0, len(scripts))
	for _, s := range scripts {
		if err := rep.begin(s.Name); err != nil {
			return nil, err
		}
		reason, isKnown := known[s.Name]
		cfg := conformance.Config{Rules: rules, Index: idx, Update: testUpdate && !isKnown, Limits: testLimits, Cards: cards}
		r := conformance.RunScripts(cfg, []conformance.Script{s}, testVerbose)[0]
		sr := scriptResult{Result: r, Path: c.path(r.Script)}
		sr.Log = c.show(sr.Log)
		switch {
		case isKnown && r.Failed:
			sr.Outcome, sr.Known, sr.KnownAt = outXFail, reason, at[r.Script.Name]
		case isKnown:
			sr.Outcome, sr.Known, sr.KnownAt = outXPass, reason, at[r.Script.Name]
		case r.Failed:
			sr.Outcome = outFail
		case r.Skipped:
			sr.Outcome = outSkip
		default:
			sr.Outcome = outPass
		}
		out = append(out, sr)
		if err := rep.script(sr); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// message is the one-line verdict of a result that is not a plain pass.
func (r scriptResult) message() string {
	switch r.Outcome {
	case outXFail:
		return fmt.Sprintf("known failure (%s: %s)", r.KnownAt, r.Known)
	case outXPass:
		return fmt.Sprintf("passes, but %s lists it as a known failure (%s): remove it from the list", r.KnownAt, r.Known)
	case outFail:
		return "FAIL: " + r.Path
	case outSkip:
		return "skipped"
	}
	return ""
}

// textReporter prints one line per passing script, the log of the
// others, as each ends; then the table of sections and the totals.
type textReporter struct{ w io.Writer }

func (t *textReporter) begin(string) error { return nil }

func (t *textReporter) script(r scriptResult) error {
	w := t.w
	var err error
	switch {
	case r.Outcome == outPass && !testVerbose:
		_, err = fmt.Fprintf(w, "ok   %s\n", r.Script.Name)
	case r.Outcome == outPass:
		_, err = fmt.Fprintf(w, "--- PASS: %s\n%s", r.Script.Name, indent(r.Log))
	case r.Outcome == outXFail && !testVerbose:
		_, err = fmt.Fprintf(w, "xfail %s: %s\n", r.Script.Name, r.message())
	case r.Outcome == outXFail:
		_, err = fmt.Fprintf(w, "--- XFAIL: %s: %s\n%s", r.Script.Name, r.message(), indent(r.Log))
	case r.Outcome == outXPass:
		_, err = fmt.Fprintf(w, "--- XPASS: %s: %s\n", r.Script.Name, r.message())
	case r.Outcome == outSkip:
		_, err = fmt.Fprintf(w, "--- SKIP: %s\n%s", r.Script.Name, indent(r.Log))
	default:
		_, err = fmt.Fprintf(w, "--- FAIL: %s\n%s", r.Script.Name, indent(r.Log))
	}
	return err
}

func (t *textReporter) end(results []scriptResult, _ time.Duration) error {
	w := t.w
	fmt.Fprintln(w)
	if err := writeSectionTable(w, results); err != nil {
		return err
	}
	c := tally(results)
	fmt.Fprintf(w, "%d passed, %d failed", c.passed, c.failed+c.xpassed)
	if c.xfailed > 0 {
		fmt.Fprintf(w, ", %d known failures", c.xfailed)
	}
	if c.xpassed > 0 {
		fmt.Fprintf(w, ", %d known failures passed", c.xpassed)
	}
	_, err := fmt.Fprintln(w)
	return err
}

type counts struct{ scripts, passed, failed, xfailed, xpassed, skipped int }

func (c *counts) add(r scriptResult) {
	c.scripts++
	switch r.Outcome {
	case outPass:
		c.passed++
	case outFail:
		c.failed++
	case outXFail:
		c.xfailed++
	case outXPass:
		c.xpassed++
	case outSkip:
		c.skipped++
	}
}

func tally(results []scriptResult) counts {
	var c counts
	for _, r := range results {
		c.add(r)
	}
	return c
}

// sectionsOf lists the sections a script's # rules: line names, in order.
func sectionsOf(s conformance.Script) []string {
	var out []string
	for _, r := range s.Header.Rules {
		sec := conformance.Section(r)
		if !contains(out, sec) {
			out = append(out, sec)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// writeSectionTable prints, per section, the scripts that name one of its
// rules and how they did; a script naming rules of two sections counts in
// both.
func writeSectionTable(w io.Writer, results []scriptResult) error {
	by := map[string]*counts{}
	var secs []string
	for _, r := range results {
		for _, sec := range sectionsOf(r.Script) {
			if by[sec] == nil {
				by[sec] = &counts{}
				secs = append(secs, sec)
			}
			by[sec].add(r)
		}
	}
	sort.Strings(secs)
	fmt.Fprintf(w, "%-8s %7s %7s %7s %7s\n", "section", "scripts", "passed", "failed", "known")
	for _, sec := range secs {
		c := by[sec]
		fmt.Fprintf(w, "%-8s %7d %7d %7d %7d\n", sec, c.scripts, c.passed, c.failed+c.xpassed, c.xfailed)
	}
	t := tally(results)
	fmt.Fprintf(w, "%-8s %7d %7d %7d %7d\n", "total", t.scripts, t.passed, t.failed+t.xpassed, t.xfailed)
	return nil
}

func indent(s string) string {
	if s == "" {
		return ""
	}
	s = escapeControls(s)
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return "    " + strings.Join(lines, "\n    ") + "\n"
}

// escapeControls replaces the control characters of s but newline and tab
// (a carriage return, an ANSI escape) with Go escapes, so that no script or
// name it prints can overwrite a line of the output or drive a terminal.
func escapeControls(s string) string {
	if !strings.ContainsFunc(s, isControl) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if isControl(r) {
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func isControl(r rune) bool {
	return r != '\n' && r != '\t' && (unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || r == utf8.RuneError || unicode.Is(unicode.Bidi_Control, r))
}
