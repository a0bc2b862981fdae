package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/mtgc-dev/mtgc/conformance"
)

var (
	covRules   string
	covEd      string
	covJSON    bool
	covHTML    string
	covStrict  bool
	covStatic  bool
	covVerbose bool
	covEngine  string
)

var coverageCmd = &command{
	name:  "coverage",
	args:  "[corpus-dir]",
	short: "For every rule of the edition: where it is implemented, which scripts test it, what is missing.",
	flags: func(fs *flag.FlagSet) {
		rulesFlags(fs, &covRules, &covEd)
		fs.BoolVar(&covJSON, "json", false, "print the report as JSON (schema "+conformance.CoverageSchema+", docs/coverage.md)")
		fs.StringVar(&covHTML, "html", "", "also write a self-contained HTML page to this file (atomically)")
		fs.BoolVar(&covStrict, "strict", false, "exit 1 on any problem: a rule in scope not implemented or with no script (and not excluded), a script that fails (and is not a known failure), a known failure that passes")
		fs.BoolVar(&covStatic, "static", false, "do not run the corpus: no runtime coverage (which rules the events cited)")
		fs.BoolVar(&covVerbose, "v", false, "list, for each rule, every place that implements it and every script that names it (a wide table)")
		engineFlag(fs, &covEngine)
	},
	run: runCoverage,
}

func runCoverage(ctx *cli, _ *flag.FlagSet, args []string) error {
	dir, err := oneDir(args)
	if err != nil {
		return err
	}
	rs, err := resolveRules(covRules, covEd, dir)
	if err != nil {
		return err
	}
	p, err := rs.load()
	if err != nil {
		return err
	}
	c, err := openCorpus(dir, rs, p, "")
	if err != nil {
		return err
	}
	defer c.cleanup()
	if n := c.note("coverage"); n != "" {
		fmt.Fprintln(ctx.stderr, n)
	}
	in := conformance.CoverageInput{Program: p, Scripts: c.scripts, Lists: c.lists}
	if !covStatic {
		rules, note, err := selectEngine(covEngine, p, rs, "coverage")
		if err != nil {
			return fmt.Errorf("%v\n\tor run mtgc coverage -static, which does not run the corpus", err)
		}
		if note != "" {
			fmt.Fprintln(ctx.stderr, note)
		}
		in.Results = runCoverageScripts(ctx, conformance.Config{Rules: rules, Index: p.Index}, c.scripts)
	}
	cov := conformance.BuildCoverage(in)
	for i, pr := range cov.Problems {
		cov.Problems[i] = c.show(pr)
	}
	if covHTML != "" {
		page, err := coverageHTML(cov, linker{rulesDir: rs.linkDir(), corpus: c, page: covHTML})
		if err != nil {
			return err
		}
		if err := writeFileAtomic(covHTML, page); err != nil {
			return fmt.Errorf("mtgc coverage -html %s: %v", covHTML, err)
		}
	}
	if covJSON {
		enc := json.NewEncoder(ctx.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(cov); err != nil {
			return err
		}
	} else if err := writeCoverageText(ctx.stdout, cov, !covStrict, covVerbose); err != nil {
		return err
	}
	if covStrict && len(cov.Problems) > 0 {
		what := "1 problem"
		if len(cov.Problems) != 1 {
			what = fmt.Sprintf("%d problems", len(cov.Problems))
		}
		fmt.Fprintf(ctx.stderr, "mtgc coverage -strict: %s:\n", what)
		for _, pr := range cov.Problems {
			fmt.Fprintln(ctx.stderr, pr)
		}
		return errFailed
	}
	return nil
}

// writeCoverageText prints one line per rule, then the summary per section,
// then the problems unless -strict prints them on stderr. The table fits
// 100 columns (counts, titles cut short); verbose lists every place and
// script.
func writeCoverageText(w io.Writer, cov *conformance.Coverage, problems, verbose bool) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	if verbose {
		writeCoverageRows(tw, cov)
	} else {
		writeCoverageCounts(tw, cov)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if failing(cov) {
		fmt.Fprintln(w, "FAIL: a script naming the rule failed in this run (known failures included);")
		fmt.Fprintln(w, "      the problems below list the failing scripts that are not known failures")
	}
	fmt.Fprintln(w)
	for _, s := range cov.Sections {
		fmt.Fprintln(w, s.Summary())
	}
	fmt.Fprintln(w, cov.Total.Summary())
	fmt.Fprintln(w, cov.Meaning.Line())
	fmt.Fprintln(w, cov.Meaning.BranchLine())
	if cov.Ran {
		fmt.Fprintf(w, "%d scripts run: %s; %d tested rules never cited by an event or a refusal (fired \"never\")\n", cov.Scripts, failedText(cov), cov.Total.NeverFired)
	} else {
		fmt.Fprintf(w, "%d scripts, not run (-static)\n", cov.Scripts)
	}
	if problems && len(cov.Problems) > 0 {
		fmt.Fprintf(w, "\n%d problems (mtgc coverage -strict fails on them):\n", len(cov.Problems))
		for _, p := range cov.Problems {
			fmt.Fprintln(w, p)
		}
	}
	return nil
}

// coverageWidth is the width the compact table keeps to.
const coverageWidth = 100

// writeCoverageCounts writes one short line per rule: how many places
// implement it and how many scripts name it, and its title cut to fit.
func writeCoverageCounts(tw io.Writer, cov *conformance.Coverage) {
	fmt.Fprintf(tw, "rule\tstatus\tmeaning\tfired\timpl\tscripts\ttitle\n")
	// rule 8, status 13, meaning 7, fired 5, impl 4, scripts 7 (12 with
	// failures: "3 (2 FAIL)"), each with 2 of padding: the title gets the
	// rest.
	room := coverageWidth - (10 + 15 + 9 + 7 + 6 + 9)
	if failing(cov) {
		room -= 5
	}
	for _, r := range cov.Rules {
		impl := "-"
		switch {
		case r.Excluded != "":
			impl = "excl"
		case len(r.Implemented) > 0:
			impl = fmt.Sprint(len(r.Implemented))
		case r.Heading:
			impl = "head"
		}
		scripts := fmt.Sprint(len(r.Scripts))
		if len(r.Failing) > 0 {
			scripts += fmt.Sprintf(" (%d FAIL)", len(r.Failing))
		}
		title := r.Title
		if n := []rune(title); len(n) > room {
			title = string(n[:room-1]) + "…"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.Rule, r.Status, r.Meaning, firedText(cov, r), impl, scripts, title)
	}
}

// writeCoverageRows writes one line per rule with every place that
// implements it and every script that names it.
func writeCoverageRows(tw io.Writer, cov *conformance.Coverage) {
	fmt.Fprintf(tw, "rule\tstatus\tmeaning\tfired\timplemented\tscripts\ttitle\n")
	for _, r := range cov.Rules {
		impl := "-"
		switch {
		case r.Excluded != "":
			impl = "excluded: " + r.Excluded
		case len(r.Implemented) > 0:
			var where []string
			for _, i := range r.Implemented {
				where = append(where, i.String())
			}
			impl = strings.Join(where, ", ")
		case r.Heading:
			impl = "(heading)"
		}
		scripts := "-"
		if len(r.Scripts) > 0 {
			scripts = strings.Join(r.Scripts, ", ")
		}
		if len(r.Failing) > 0 {
			scripts += " (failing: " + strings.Join(r.Failing, ", ") + ")"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.Rule, r.Status, r.Meaning, firedText(cov, r), impl, scripts, r.Title)
	}
}

// firedText says how many scripts' events cited the rule: "3", "never"
// (scripts name it, no event cited it), or "-".
func firedText(cov *conformance.Coverage, r conformance.RuleCoverage) string {
	switch {
	case !cov.Ran:
		return "-"
	case r.NeverFired:
		return "never"
	case len(r.Fired) > 0:
		return fmt.Sprint(len(r.Fired))
	}
	return "-"
}

// runCoverageScripts runs the corpus one script at a time, showing
// progress on a long run.
func runCoverageScripts(ctx *cli, cfg conformance.Config, scripts []conformance.Script) []conformance.Result {
	update, finish := progress(ctx, "coverage", "scripts", len(scripts))
	defer finish()
	out := make([]conformance.Result, 0, len(scripts))
	for i, s := range scripts {
		out = append(out, conformance.RunScripts(cfg, []conformance.Script{s}, false)...)
		update(i + 1)
	}
	return out
}

// failing reports whether a script failed in the run.
func failing(cov *conformance.Coverage) bool {
	if len(cov.Failed)+len(cov.KnownFailed) > 0 {
		return true
	}
	for _, r := range cov.Rules {
		if len(r.Failing) > 0 {
			return true
		}
	}
	return false
}

// failedText says how many scripts failed: "none failed", "2 failed, 1
// known failure".
func failedText(cov *conformance.Coverage) string {
	if !failing(cov) {
		return "none failed"
	}
	s := fmt.Sprintf("%d failed", len(cov.Failed))
	switch n := len(cov.KnownFailed); n {
	case 0:
	case 1:
		s += ", 1 known failure"
	default:
		s += fmt.Sprintf(", %d known failures", n)
	}
	return s
}
