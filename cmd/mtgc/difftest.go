package main

import (
	"flag"
	"fmt"
	"time"

	"github.com/mtgc-dev/mtgc/internal/difftest"
	"github.com/mtgc-dev/mtgc/interp"
	"github.com/mtgc-dev/mtgc/rules"
)

var (
	diffGames int
	diffSeed  uint64
	diffTurns int
	diffEd    string
	diffShard string
)

var difftestCmd = &command{
	name:  "difftest",
	args:  "",
	short: "Play seeded random games on the compiled engine and the interpreter and report the first difference.",
	flags: func(fs *flag.FlagSet) {
		fs.IntVar(&diffGames, "games", 1000, "number of games")
		fs.Uint64Var(&diffSeed, "seed", 1, "seed of the first game (a difference names the seed that reproduces it)")
		fs.IntVar(&diffTurns, "turns", 60, "turns per game at most")
		fs.StringVar(&diffShard, "shard", "", "play only shard I of N (I/N) of the games: the I-th of N equal runs of consecutive seeds, for a CI job matrix (a 100,000-game soak as -games 100000 -shard I/N)")
		fs.StringVar(&diffEd, "edition", "", "embedded edition whose compiled engine and interpreter are compared: "+rules.Names()+" (default "+defaultEdition()+")")
	},
	run: func(ctx *cli, fs *flag.FlagSet, args []string) error {
		if len(args) != 0 {
			return errUsage
		}
		if diffGames < 1 || diffTurns < 1 {
			return usagef("-games and -turns must be 1 or more")
		}
		from, to := 0, diffGames // the games' offsets from -seed
		if diffShard != "" {
			i, n, err := parseShard(diffShard)
			if err != nil {
				return err
			}
			from, to = diffGames*(i-1)/n, diffGames*i/n
			if from == to {
				return fmt.Errorf("mtgc difftest: shard %d/%d of %d games holds none", i, n, diffGames)
			}
		}
		// A compiled engine is only comparable with the rules it was
		// generated from: the embedded ones.
		rs, err := resolveRules("", diffEd, "")
		if err != nil {
			return err
		}
		compiled, err := checkEngine(rs, "difftest")
		if err != nil {
			return err
		}
		p, err := rs.load()
		if err != nil {
			return err
		}
		r, err := interp.Rules(p)
		if err != nil {
			return err
		}
		a := difftest.Engine{Name: "compiled", Rules: compiled}
		b := difftest.Engine{Name: "interpreted", Rules: r}
		start := time.Now()
		var over, stopped, events int
		update, finish := progress(ctx, "difftest", "games", to-from)
		defer finish()
		for i := from; i < to; i++ {
			update(i - from)
			seed := diffSeed + uint64(i)
			opt := difftest.Options{Turns: int32(diffTurns), Chaos: seed%4 != 0, Index: p.Index}
			res, err := difftest.Compare(a, b, seed, opt)
			if err != nil {
				fmt.Fprintf(ctx.stdout, "%v\nreproduce: mtgc difftest -seed %d -games 1\n", err, seed)
				return errFailed
			}
			events += res.Events
			if res.Over {
				over++
			}
			if res.Stopped != "" {
				stopped++
			}
		}
		fmt.Fprintf(ctx.stdout, "%d games (seeds %d-%d), %d ended, %d stopped for want of a legal answer, %d events: the engines agree, no invariant broken (%s)\n",
			to-from, diffSeed+uint64(from), diffSeed+uint64(to)-1, over, stopped, events, time.Since(start).Round(time.Millisecond))
		return nil
	},
}
