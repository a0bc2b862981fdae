package main

import (
	"flag"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/mtgc-dev/mtgc/rules"
)

var (
	rulesMissing bool
	rulesEd      string
)

var rulesCmd = &command{
	name:  "rules",
	args:  "[rules-dir]",
	short: "List the numbered rules of the edition and where the .mtg cites each.",
	flags: func(fs *flag.FlagSet) {
		fs.BoolVar(&rulesMissing, "missing", false, "list only rules no .mtg cites")
		fs.StringVar(&rulesEd, "edition", "", "embedded edition to list instead of a directory: "+rules.Names())
	},
	run: func(ctx *cli, fs *flag.FlagSet, args []string) error {
		dir, err := oneDir(args)
		if err != nil {
			return err
		}
		rs, err := resolveRules(dir, rulesEd, "")
		if err != nil {
			return err
		}
		p, err := rs.load()
		if err != nil {
			return err
		}
		where := map[string][]string{}
		for _, c := range p.Cites {
			where[c.Rule] = append(where[c.Rule], fmt.Sprintf("%s:%d (%s)", c.Pos.File, c.Pos.Line, c.What))
		}
		tw := tabwriter.NewWriter(ctx.stdout, 0, 4, 2, ' ', 0)
		for _, n := range p.Index.Numbers {
			w := where[n]
			if rulesMissing && len(w) > 0 {
				continue
			}
			loc := "-"
			if len(w) > 0 {
				loc = strings.Join(w, ", ")
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\n", n, titleOf(p.Index.Titles, n), loc)
		}
		return tw.Flush()
	},
}
