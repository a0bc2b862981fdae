package main

import (
	"bytes"
	"flag"
	"fmt"

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
	playJSON   bool
	playRecord string
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
		fs.BoolVar(&playJSON, "json", false, "print one JSON event per line (docs/json.md) instead of the trace")
		fs.StringVar(&playRecord, "record", "", "write a replay of the game to this file (rules hash, seed, decks, answers: see mtgc replay)")
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
		if err := sampleTypes(rules); err != nil {
			return err
		}
		cfg := rt.Config{
			Players: []rt.PlayerConfig{
				{Name: "p1", Deck: rt.SampleDeck(rules, "green")},
				{Name: "p2", Deck: rt.SampleDeck(rules, "red")},
			},
			Seed: playSeed,
		}
		g, err := rt.New(rules, cfg)
		if err != nil {
			return err
		}
		var rep *rt.Replay
		if playRecord != "" {
			rep = rt.NewReplay(rules, cfg)
			rep.Turns = playTurns
		}
		out := newTracePrinter(ctx, p, playQuiet, playTitles, playJSON)
		pol := &rt.RandomPolicy{RNG: rt.RNG{State: playSeed ^ 0x5eed}}
		for {
			d := g.Advance()
			out.flush(g)
			if d.Kind == rt.DecideGameOver || d.Kind == rt.DecideStuck || int(g.Turn()) > playTurns {
				break
			}
			a := pol.Decide(g, d)
			if err := g.Submit(a); err != nil {
				return fmt.Errorf("turn %d: %v", g.Turn(), err)
			}
			if rep != nil {
				rep.Answers = append(rep.Answers, cloneAnswer(a))
			}
		}
		out.result(g, playTurns)
		if rep != nil {
			var b bytes.Buffer
			if err := rep.Write(&b); err != nil {
				return err
			}
			return writeFileAtomic(playRecord, b.Bytes())
		}
		return nil
	},
}

// sampleTypes refuses rules that cannot hold the sample decks: lands and
// creatures.
func sampleTypes(r *rt.Rules) error {
	for _, t := range []string{"land", "creature"} {
		if _, ok := r.ParseType(t); !ok {
			return fmt.Errorf("the sample decks need the card type %s, which these rules do not declare (they declare %v)", t, r.CardTypes)
		}
	}
	return nil
}
