package main

import (
	"flag"
	"fmt"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/conformance"
	rt "github.com/mtgc-dev/mtgc/runtime"
)

var (
	playSeed   uint64
	playTurns  int
	playQuiet  bool
	playTitles bool
	playRules  string
	playEd     string
	playEngine string
)

var playCmd = &command{
	name:  "play",
	args:  "",
	short: "Play a seeded sample game between two built-in decks and print the rule-cited trace.",
	flags: func(fs *flag.FlagSet) {
		fs.Uint64Var(&playSeed, "seed", 1, "seed for shuffles and the players' random choices")
		fs.IntVar(&playTurns, "turns", 40, "stop after this many turns")
		fs.BoolVar(&playQuiet, "q", false, "omit priority and pass events from the trace")
		fs.BoolVar(&playTitles, "titles", false, "follow each event with the short title of its rule: \"RULE EVENT  # TITLE\"")
		rulesFlags(fs, &playRules, &playEd)
		engineFlag(fs, &playEngine)
	},
	run: func(ctx *cli, fs *flag.FlagSet, args []string) error {
		if len(args) != 0 {
			return errUsage
		}
		if playTurns < 1 {
			return fmt.Errorf("mtgc play: -turns %d: want 1 or more turns", playTurns)
		}
		rs, err := resolveRules(playRules, playEd, "")
		if err != nil {
			return err
		}
		p, err := rs.load()
		if err != nil {
			return err
		}
		rules, note, err := selectEngine(playEngine, p, rs, "play")
		if err != nil {
			return err
		}
		if note != "" {
			fmt.Fprintln(ctx.stderr, note)
		}
		g, err := rt.New(rules, rt.Config{
			Players: []rt.PlayerConfig{
				{Name: "p1", Deck: rt.SampleDeck("green")},
				{Name: "p2", Deck: rt.SampleDeck("red")},
			},
			Seed: playSeed,
		})
		if err != nil {
			return err
		}
		var idx *compiler.Index
		if playTitles {
			idx = p.Index
		}
		pol := &rt.RandomPolicy{RNG: rt.RNG{State: playSeed ^ 0x5eed}}
		printed := 0
		flush := func() {
			for _, e := range g.Log[printed:] {
				if playQuiet && (e.Kind == rt.EvPriority || e.Kind == rt.EvPass) {
					continue
				}
				if playTitles {
					fmt.Fprintln(ctx.stdout, conformance.TitledLine(g, e, idx))
					continue
				}
				fmt.Fprintln(ctx.stdout, g.Format(e))
			}
			printed = len(g.Log)
		}
		for {
			d := g.Advance()
			flush()
			if d.Kind == rt.DecideGameOver || d.Kind == rt.DecideStuck || int(g.TurnNum) > playTurns {
				break
			}
			if err := g.Submit(pol.Decide(g, d)); err != nil {
				return fmt.Errorf("turn %d: %v", g.TurnNum, err)
			}
		}
		switch {
		case g.Over() && g.Winner() >= 0:
			fmt.Fprintf(ctx.stdout, "result: %s wins on turn %d\n", g.PlayerName(g.Winner()), g.TurnNum)
		case g.Over():
			fmt.Fprintf(ctx.stdout, "result: draw on turn %d\n", g.TurnNum)
		default:
			fmt.Fprintf(ctx.stdout, "result: stopped after %d turns\n", playTurns)
		}
		return nil
	},
}
