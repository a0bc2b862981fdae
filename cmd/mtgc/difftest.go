package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"sort"
	"strings"
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
	diffDir   string
	diffShard string
	diffJSON  bool
)

var difftestCmd = &command{
	name:  "difftest",
	args:  "[merge FILES...]",
	short: "Play seeded random games on the compiled engine and the interpreter and report the first difference; merge the -json reports of a soak's shards.",
	flags: func(fs *flag.FlagSet) {
		fs.IntVar(&diffGames, "games", 1000, "number of games")
		fs.Uint64Var(&diffSeed, "seed", 1, "seed of the first game (a difference names the seed that reproduces it)")
		fs.IntVar(&diffTurns, "turns", 60, "turns per game at most")
		fs.StringVar(&diffShard, "shard", "", "play only shard I of N (I/N) of the games: the I-th of N equal runs of consecutive seeds, for a CI job matrix (a 100,000-game soak as -games 100000 -shard I/N)")
		fs.BoolVar(&diffJSON, "json", false, "print the report as JSON (mtgc difftest merge adds the shards' up)")
		fs.StringVar(&diffEd, "edition", "", "embedded edition whose compiled engine and interpreter are compared: "+rules.Names()+" (default "+defaultEdition()+")")
		fs.StringVar(&diffDir, "rules", "", "rules directory whose compiled engine built into mtgc is compared with its interpreter (cards: the card library, whose cards go into the random decks)")
	},
	run: func(ctx *cli, fs *flag.FlagSet, args []string) error {
		if len(args) > 0 && args[0] == "merge" {
			return diffMerge(ctx, args[1:])
		}
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
		// generated from: an embedded edition's, or a directory's that
		// mtgc has an engine of (the card library, cards/engine).
		if diffDir != "" && diffEd != "" {
			return usagef("-rules and -edition both name rules: give one")
		}
		rs, err := resolveRules(diffDir, diffEd, "")
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
		update, finish := progress(ctx, "difftest", "games", to-from)
		defer finish()
		rep := diffReport{Schema: DifftestSchema, Mtgc: moduleVersion(), Edition: p.Edition, RulesHash: compiled.SourceHash,
			Seed: diffSeed, Turns: diffTurns, First: from, Shard: diffShard, Rules: reproduceFlags()}
		for i := from; i < to; i++ {
			update(i - from)
			seed := diffSeed + uint64(i)
			opt := difftest.Options{Turns: int32(diffTurns), Chaos: seed%4 != 0, Index: p.Index}
			res, err := compareGame(a, b, seed, opt)
			if err != nil {
				rep.Divergence, rep.DivergenceSeed = err.Error(), seed
				break
			}
			rep.Games++
			rep.Events += res.Events
			if res.Over {
				rep.Ended++
			}
			if res.Stopped != "" {
				rep.Stopped++
				if len(rep.StoppedGames) < maxStoppedListed {
					rep.StoppedGames = append(rep.StoppedGames, diffStopped{Seed: seed, Turn: res.Turns, Answers: res.Answers, Reason: res.Stopped})
				}
			}
		}
		rep.Seconds = time.Since(start).Seconds()
		finish() // the bar is cleared before the summary
		return printDiffReport(ctx, &rep, diffJSON)
	},
}

// compareGame plays one game on both engines (a test replaces it).
var compareGame = difftest.Compare

// maxStoppedListed is how many stopped games a report names (the first
// ones; Stopped counts them all).
const maxStoppedListed = 100

// diffStopped is a game that stopped for want of a legal answer: its seed
// reproduces it (mtgc difftest -seed SEED -games 1).
type diffStopped struct {
	Seed    uint64 `json:"seed"`
	Turn    int32  `json:"turn"`
	Answers int    `json:"answers"` // answers submitted before the one no policy found
	Reason  string `json:"reason"`  // the refusal of the last answer tried
}

// DifftestSchema names the format of mtgc difftest -json (diffReport):
// fields are only ever added under this name.
const DifftestSchema = "mtgc-difftest/v1"

// diffReport is what mtgc difftest -json prints, and what merge adds up.
type diffReport struct {
	Schema    string `json:"schema"`
	Mtgc      string `json:"mtgc_version"`
	Edition   string `json:"edition"`
	RulesHash string `json:"rules_hash"`
	Seed      uint64 `json:"seed"`  // -seed: game k is played with seed Seed+k
	Turns     int    `json:"turns"` // -turns
	First     int    `json:"first_game"`
	Shard     string `json:"shard,omitempty"`
	// Rules is the flags that named the rules and the turns (-rules DIR or
	// -edition E, -turns N), as a reproduce line repeats them.
	Rules   string `json:"rules_flags,omitempty"`
	Games   int    `json:"games"` // played without a difference
	Ended   int    `json:"ended"`
	Stopped int    `json:"stopped"`
	// StoppedGames are the first maxStoppedListed of the Stopped games.
	StoppedGames []diffStopped `json:"stopped_games,omitempty"`
	Events       int           `json:"events"`
	// Divergence is the first difference or broken invariant (empty: none),
	// found in the game of DivergenceSeed.
	Divergence     string  `json:"divergence,omitempty"`
	DivergenceSeed uint64  `json:"divergence_seed,omitempty"`
	Seconds        float64 `json:"seconds"`
}

// reproduceFlags is " -rules DIR" or " -edition E" as given, and " -turns N"
// unless the default: what a reproduce line needs besides the seed.
func reproduceFlags() string {
	var b strings.Builder
	if diffDir != "" {
		fmt.Fprintf(&b, " -rules %s", shellQuote(diffDir))
	}
	if diffEd != "" {
		fmt.Fprintf(&b, " -edition %s", shellQuote(diffEd))
	}
	if diffTurns != 60 {
		fmt.Fprintf(&b, " -turns %d", diffTurns)
	}
	return b.String()
}

// shellQuote quotes s for a POSIX shell unless it needs none.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:=+-") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func printDiffReport(ctx *cli, rep *diffReport, asJSON bool) error {
	if asJSON {
		b, _ := json.MarshalIndent(rep, "", "  ")
		fmt.Fprintf(ctx.stdout, "%s\n", b)
	} else if rep.Divergence != "" {
		fmt.Fprintf(ctx.stdout, "%s\nreproduce: mtgc difftest%s -seed %d -games 1\n", rep.Divergence, rep.Rules, rep.DivergenceSeed)
	} else {
		first := rep.Seed + uint64(rep.First)
		fmt.Fprintf(ctx.stdout, "%d games (seeds %d-%d), %d ended, %d stopped for want of a legal answer, %d events: the engines agree, no invariant broken (%s)\n",
			rep.Games, first, first+uint64(rep.Games)-1, rep.Ended, rep.Stopped, rep.Events, (time.Duration(rep.Seconds * float64(time.Second))).Round(time.Millisecond))
		for _, s := range rep.StoppedGames {
			fmt.Fprintf(ctx.stdout, "stopped: seed %d, turn %d, after %d answers: %s\n", s.Seed, s.Turn, s.Answers, s.Reason)
		}
		if n := rep.Stopped - len(rep.StoppedGames); n > 0 {
			fmt.Fprintf(ctx.stdout, "stopped: %d more not listed\n", n)
		}
		if len(rep.StoppedGames) > 0 {
			fmt.Fprintf(ctx.stdout, "reproduce: mtgc difftest%s -seed %d -games 1\n", rep.Rules, rep.StoppedGames[0].Seed)
		}
	}
	if rep.Divergence != "" {
		return errFailed
	}
	return nil
}

// checkDiffCounts refuses a report whose counts no run prints: negative or
// past maxCount (so that no sum wraps), or more games ended or stopped
// than played.
func checkDiffCounts(r *diffReport) error {
	for _, n := range []int64{int64(r.First), int64(r.Games), int64(r.Ended), int64(r.Stopped), int64(r.Events), int64(r.Turns)} {
		if n < 0 || n > maxCount {
			return fmt.Errorf("a count of %d is out of range (0 to 2^40)", n)
		}
	}
	if int64(r.Ended)+int64(r.Stopped) > int64(r.Games) {
		return fmt.Errorf("%d games ended and %d stopped, of %d played", r.Ended, r.Stopped, r.Games)
	}
	if len(r.StoppedGames) > r.Stopped || len(r.StoppedGames) > maxStoppedListed {
		return fmt.Errorf("%d stopped games listed, of %d stopped", len(r.StoppedGames), r.Stopped)
	}
	if r.Seconds < 0 || r.Seconds != r.Seconds {
		return fmt.Errorf("seconds %v is not a duration", r.Seconds)
	}
	return nil
}

// diffMerge adds up the -json reports of a soak's shards: the report of
// the whole soak (its first divergence, if a shard found one).
func diffMerge(ctx *cli, args []string) error {
	fs := flag.NewFlagSet("difftest merge", flag.ContinueOnError)
	fs.SetOutput(ctx.stderr)
	asJSON := fs.Bool("json", diffJSON, "print the merged report as JSON")
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	if fs.NArg() == 0 {
		return usagef("mtgc difftest merge: give the -json reports of the shards")
	}
	var reps []diffReport
	for _, name := range fs.Args() {
		data, err := readInput(name)
		if err != nil {
			return err
		}
		var r diffReport
		if err := json.Unmarshal(data, &r); err != nil || r.Schema != DifftestSchema {
			return fmt.Errorf("%s: not a report of mtgc difftest -json (schema %s)", name, DifftestSchema)
		}
		if err := checkDiffCounts(&r); err != nil {
			return fmt.Errorf("%s: not a report mtgc difftest prints: %v", name, err)
		}
		reps = append(reps, r)
	}
	shards := make([]string, len(reps))
	for i := range reps {
		shards[i] = reps[i].Shard
	}
	if err := checkShardSet(shards, fs.Args()); err != nil {
		return err
	}
	sort.SliceStable(reps, func(i, j int) bool { return reps[i].First < reps[j].First })
	m := reps[0]
	m.Shard = ""
	next := m.First + m.Games
	for i, r := range reps[1:] {
		switch {
		case r.Mtgc != m.Mtgc || r.Edition != m.Edition || r.RulesHash != m.RulesHash || r.Seed != m.Seed || r.Turns != m.Turns:
			return fmt.Errorf("%s: not a shard of the soak of %s (mtgc version, edition, rules, seed and turns must be the same)", fs.Arg(i+1), fs.Arg(0))
		case m.Divergence == "" && r.First != next:
			return fmt.Errorf("the shards hold games %d to %d, then from %d: a shard is missing or repeated", m.First, next-1, r.First)
		}
		if m.Divergence != "" {
			break // the soak stops at its first divergence
		}
		next += r.Games
		m.Games += r.Games
		m.Ended += r.Ended
		m.Stopped += r.Stopped
		m.StoppedGames = append(m.StoppedGames, r.StoppedGames[:min(len(r.StoppedGames), maxStoppedListed-len(m.StoppedGames))]...)
		m.Events += r.Events
		m.Divergence, m.DivergenceSeed = r.Divergence, r.DivergenceSeed
		m.Seconds += r.Seconds
	}
	return printDiffReport(ctx, &m, *asJSON)
}
