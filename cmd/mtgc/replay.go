package main

import (
	"flag"
	"fmt"

	"github.com/mtgc-dev/mtgc/internal/safeio"
	rt "github.com/mtgc-dev/mtgc/runtime"
)

var (
	replayQuiet  bool
	replayTitles bool
	replayJSON   bool
	replayRules  string
	replayEd     string
	replayEngine string
)

var replayCmd = &command{
	name:  "replay",
	args:  "FILE",
	short: "Play a replay written by mtgc play -record again and print its trace (refused if made under other rules).",
	flags: func(fs *flag.FlagSet) {
		fs.BoolVar(&replayQuiet, "q", false, "omit priority and pass events from the trace")
		fs.BoolVar(&replayTitles, "titles", false, "follow each event with the short title of its rule")
		fs.BoolVar(&replayJSON, "json", false, "print one JSON event per line (docs/json.md) instead of the trace")
		rulesFlags(fs, &replayRules, &replayEd)
		engineFlag(fs, &replayEngine)
	},
	run: func(ctx *cli, fs *flag.FlagSet, args []string) error {
		if len(args) != 1 {
			return errUsage
		}
		f, err := safeio.Open(args[0])
		if err != nil {
			return err
		}
		rep, err := rt.ReadReplay(f)
		f.Close()
		if err != nil {
			return fmt.Errorf("mtgc replay: %s: %v", args[0], err)
		}
		rs, err := resolveRules(replayRules, replayEd, "")
		if err != nil {
			return err
		}
		p, err := rs.load()
		if err != nil {
			return err
		}
		rules, note, err := selectEngine(replayEngine, p, rs, "replay")
		if err != nil {
			return err
		}
		if note != "" {
			fmt.Fprintln(ctx.stderr, note)
		}
		g, err := rep.Start(rules)
		if err != nil {
			return fmt.Errorf("mtgc replay: %s: %v", args[0], err)
		}
		out := newTracePrinter(ctx, p, replayQuiet, replayTitles, replayJSON)
		err = rep.Play(g, func(rt.Decision) { out.flush(g) })
		if err != nil {
			return fmt.Errorf("mtgc replay: %s: %v", args[0], err)
		}
		out.result(g, rep.Turns)
		return nil
	},
}
