package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/internal/mutate"
)

var (
	mutRules string
	mutEd    string
	mutRun   string
	mutJSON  bool
	mutMin   float64
	mutAll   bool
	mutKnown string
	mutGames int
)

var mutateCmd = &command{
	name:  "mutate",
	args:  "[corpus-dir]",
	short: "Mutation-test the rules: change each rule in memory, run its scripts on the interpreter, report the changes no script notices.",
	flags: func(fs *flag.FlagSet) {
		rulesFlags(fs, &mutRules, &mutEd)
		fs.StringVar(&mutRun, "run", "", "mutate only a rule and its subrules (-run 704.5g), or the rules matching a regexp")
		fs.BoolVar(&mutJSON, "json", false, "print the report as JSON")
		fs.Float64Var(&mutMin, "min", 0, "exit 1 if the overall mutation score (percent) is below this")
		fs.BoolVar(&mutAll, "all", false, "run the whole corpus against every mutant, not only the scripts that name the mutated rule")
		fs.StringVar(&mutKnown, "known-failures", "", "known-failures file (SCRIPT<TAB>REASON) instead of the corpus's")
		fs.IntVar(&mutGames, "games", 8, "random games comparing each survivor with the original rules, to tell observable survivors from likely equivalent ones (0: none)")
	},
	run: runMutate,
}

func runMutate(ctx *cli, _ *flag.FlagSet, args []string) error {
	dir, err := oneDir(args)
	if err != nil {
		return err
	}
	rs, err := resolveRules(mutRules, mutEd, dir)
	if err != nil {
		return err
	}
	srcs, idx, err := rs.read()
	if err != nil {
		return err
	}
	p, err := compiler.Compile(srcs, idx)
	if err != nil {
		return err
	}
	c, err := openCorpus(dir, rs, p, mutKnown)
	if err != nil {
		return err
	}
	defer c.cleanup()
	var update func(int)
	var total int
	var once sync.Once
	finish := func() {}
	defer func() { finish() }()
	rep, err := mutate.Run(mutate.Config{
		Srcs: srcs, Indexes: idx, Scripts: c.scripts, Known: c.lists.Known(), Run: mutRun, All: mutAll, Games: mutGames,
		Progress: func(done, n int) {
			once.Do(func() { total = n; update, finish = progress(ctx, "mutate", "mutants", n) })
			if n == total {
				update(done)
			}
		},
	})
	finish() // the bar is cleared before the summary or the refusal
	if err != nil {
		return fmt.Errorf("mtgc mutate: %s", c.show(err.Error()))
	}
	if rep.Mutants+rep.Invalid == 0 {
		return fmt.Errorf("mtgc mutate: no rule matches -run %q", mutRun)
	}
	if mutJSON {
		out := mutateJSON{rep, rep.Sections()}
		enc := json.NewEncoder(ctx.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return err
		}
	} else {
		writeMutateText(ctx.stdout, rep)
	}
	if rep.Score < mutMin {
		fmt.Fprintf(ctx.stderr, "mtgc mutate: score %.1f%% is below -min %.1f%%\n", rep.Score, mutMin)
		return errFailed
	}
	return nil
}

// mutateJSON is what mtgc mutate -json prints (docs/schema/mutate.schema.json).
type mutateJSON struct {
	*mutate.Report
	Sections []mutate.SectionScore `json:"sections"`
}

// writeMutateText prints a line per rule with its survivors under it, then
// the table of sections and the total.
func writeMutateText(w io.Writer, rep *mutate.Report) {
	fmt.Fprintf(w, "%-9s %7s %7s %8s %8s %7s %7s\n", "rule", "mutants", "killed", "timeouts", "survived", "score", "scripts")
	for _, r := range rep.Rules {
		fmt.Fprintf(w, "%-9s %7d %7d %8d %8d %6.1f%% %7d\n", r.Rule, r.Mutants, r.Killed, r.Timeouts, r.Survived, r.Score, r.Scripts)
		for _, m := range r.Survivors {
			fmt.Fprintf(w, "    survived %s: %s\n        %s\n", m.Pos, m.Op, m.Line)
			switch {
			case m.Witness != "":
				fmt.Fprintf(w, "        a random game tells it from the original: %s\n", strings.ReplaceAll(m.Witness, "\n", "\n        "))
			case m.Games > 0:
				fmt.Fprintf(w, "        no difference in %d random games: maybe equivalent\n", m.Games)
			}
		}
	}
	fmt.Fprintf(w, "\n%-9s %7s %7s %7s %8s %8s %7s\n", "section", "rules", "mutants", "killed", "timeouts", "survived", "score")
	for _, s := range rep.Sections() {
		fmt.Fprintf(w, "%-9s %7d %7d %7d %8d %8d %6.1f%%\n", s.Section, s.Rules, s.Mutants, s.Killed, s.Timeouts, s.Survived, s.Score)
	}
	fmt.Fprintf(w, "\n%d mutants: %d killed, %d timeouts, %d survived (%d did not check); score %.1f%% in %s\n",
		rep.Mutants, rep.Killed, rep.Timeouts, rep.Survived, rep.Invalid, rep.Score, rep.Elapsed)
}
