package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/rules"
)

var (
	deJSON   bool
	deRun    string
	deEngine string
	deStatic bool
)

var diffEditionsCmd = &command{
	name:  "diff-editions",
	args:  "A B [corpus-dir]",
	short: "Play the same scenarios under two editions and print, per script, whether the games agree and the first event where they differ.",
	flags: func(fs *flag.FlagSet) {
		fs.BoolVar(&deJSON, "json", false, "print the comparison as JSON")
		fs.StringVar(&deRun, "run", "", "compare only the scripts of a rule and its subrules, or whose name or # rules: line matches a regexp")
		fs.BoolVar(&deStatic, "static", false, "list what B's .mtg changes of A (its overrides, removals, additions and renumbering, by rule) when one is written as a delta over the other, instead of playing")
		engineFlag(fs, &deEngine)
	},
	run: runDiffEditions,
}

// editionArg is an edition named on the command line: an embedded
// edition's name, or a rules directory.
func editionArg(arg string) ruleset {
	if ed, ok := rules.Lookup(arg); ok {
		return ruleset{ed: ed}
	}
	return ruleset{dir: arg}
}

func runDiffEditions(ctx *cli, _ *flag.FlagSet, args []string) error {
	if len(args) < 2 || len(args) > 3 {
		return errUsage
	}
	if deStatic {
		return staticDiff(ctx, args[0], args[1])
	}
	var sides [2]conformance.EditionSide
	for i, arg := range args[:2] {
		rs := editionArg(arg)
		p, err := rs.load()
		if err != nil {
			return fmt.Errorf("mtgc diff-editions: %s: %v (an edition is one of %s, or a rules directory)", arg, err, rules.Names())
		}
		r, _, err := selectEngine(deEngine, p, rs, "diff-editions")
		if err != nil {
			return err
		}
		sides[i] = conformance.EditionSide{Name: p.Edition, Rules: r, Index: p.Index}
	}
	dir, shown, cleanup, err := scenarioDir(args[2:], sides[1].Name)
	if err != nil {
		return err
	}
	defer cleanup()
	scripts, err := conformance.ReadCorpus(dir)
	if err != nil {
		return err
	}
	if scripts, err = selectScripts(scripts, deRun); err != nil {
		return fmt.Errorf("mtgc diff-editions: %v", err)
	}
	tmp, err := os.MkdirTemp("", "mtgc-diff")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	diffs, err := conformance.DiffEditions(sides[0], sides[1], scripts, tmp)
	if err != nil {
		return err
	}
	sum := conformance.Summarize(diffs)
	if deJSON {
		enc := json.NewEncoder(ctx.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(diffEditionsJSON{sides[0].Name, sides[1].Name, shown, diffs, sum})
	}
	writeDiffText(ctx.stdout, sides[0].Name, sides[1].Name, shown, diffs, sum)
	return nil
}

// diffEditionsJSON is what mtgc diff-editions -json prints
// (docs/schema/diffeditions.schema.json).
type diffEditionsJSON struct {
	A       string                   `json:"a"`
	B       string                   `json:"b"`
	Corpus  string                   `json:"corpus"`
	Scripts []conformance.ScriptDiff `json:"scripts"`
	Summary conformance.DiffSummary  `json:"summary"`
}

// scenarioDir is the corpus the scenarios come from: the directory named,
// or the embedded corpus of edition B (the second named), or the root's
// when B is not embedded.
func scenarioDir(args []string, b string) (dir, shown string, cleanup func(), err error) {
	if len(args) == 1 {
		return args[0], args[0], func() {}, nil
	}
	if _, ok := rules.Lookup(b); !ok {
		b = rules.Root
	}
	corpus, _, shown, err := conformance.EditionCorpus(b)
	if err != nil {
		return "", "", nil, err
	}
	tmp, err := os.MkdirTemp("", "mtgc-corpus")
	if err != nil {
		return "", "", nil, err
	}
	cleanup = func() { os.RemoveAll(tmp) }
	if dir, err = conformance.Extract(corpus, tmp); err != nil {
		cleanup()
		return "", "", nil, err
	}
	return dir, shown, cleanup, nil
}

func writeDiffText(w io.Writer, a, b, corpus string, diffs []conformance.ScriptDiff, sum conformance.DiffSummary) {
	fmt.Fprintf(w, "%s vs %s over %s\n\n", a, b, corpus)
	width := len(a)
	if len(b) > width {
		width = len(b)
	}
	side := func(s conformance.DiffSide) {
		what := "(nothing: the game had ended)"
		if s.Event != "" {
			what = fmt.Sprintf("%-7s %s", s.Rule, s.Event)
			if s.Title != "" {
				what = fmt.Sprintf("%-50s # %s", what, s.Title)
			}
		} else if s.Stopped != "" {
			what = "(nothing: the scenario stopped)"
		}
		fmt.Fprintf(w, "    %-*s  %s\n", width, s.Edition, what)
		if s.Stopped != "" {
			fmt.Fprintf(w, "    %-*s  stopped at %s\n", width, "", s.Stopped)
		}
	}
	for _, d := range diffs {
		switch d.Status {
		case "agree", "skipped":
			fmt.Fprintf(w, "%-8s %s\n", d.Status, d.Script)
		case "differ":
			fmt.Fprintf(w, "%-8s %s: event %d\n", d.Status, d.Script, d.Event)
			side(d.A)
			side(d.B)
		case "stopped":
			fmt.Fprintf(w, "%-8s %s\n", d.Status, d.Script)
			side(d.A)
			side(d.B)
		}
	}
	fmt.Fprintf(w, "\n%d scripts: %d agree, %d differ, %d stopped under one edition, %d skipped\n", sum.Scripts, sum.Agree, sum.Differ, sum.Stopped, sum.Skipped)
	if len(sum.Changes) > 0 {
		fmt.Fprintf(w, "\nfirst differences, by rule (%s / %s), most scripts first:\n", a, b)
		for _, c := range sum.Changes {
			fmt.Fprintf(w, "%4d  %s %s / %s %s: %s\n", len(c.Scripts), ruleOrNone(c.A.Rule), quoteTitle(c.A.Title), ruleOrNone(c.B.Rule), quoteTitle(c.B.Title), strings.Join(c.Scripts, ", "))
		}
	}
	if len(sum.Stops) > 0 {
		fmt.Fprintf(w, "\nscenarios stopped, by edition and reason:\n")
		for _, st := range sum.Stops {
			reason := st.Reason
			if len(reason) > 100 {
				reason = reason[:100] + "..."
			}
			fmt.Fprintf(w, "%4d  %s: %s: %s\n", len(st.Scripts), st.Edition, reason, strings.Join(st.Scripts, ", "))
		}
	}
}

func ruleOrNone(r string) string {
	if r == "" {
		return "-"
	}
	return r
}

func quoteTitle(t string) string {
	if t == "" {
		return ""
	}
	return "(" + t + ")"
}
