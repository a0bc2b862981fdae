package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"strings"

	"github.com/mtgc-dev/mtgc/internal/safeio"
	rt "github.com/mtgc-dev/mtgc/runtime"
	"github.com/mtgc-dev/mtgc/sim"
)

var (
	simGames    int
	simWorkers  int
	simSeed     uint64
	simTurns    int
	simDecks    string
	simPolicy   string
	simFirst    bool
	simJSON     bool
	simProgress bool
	simRules    string
	simEd       string
	simEngine   string
	simShard    string
	simAutoPass bool
	simNoTap    bool
)

var simCmd = &command{
	name:  "sim",
	args:  "[merge FILES...]",
	short: "Play many seeded games between two decks and report win rates (95% intervals), turns per game and speed; merge the -json summaries of a campaign's shards.",
	flags: func(fs *flag.FlagSet) {
		fs.IntVar(&simGames, "games", 1000, "number of games")
		fs.IntVar(&simWorkers, "workers", runtime.GOMAXPROCS(0), "goroutines playing games (results do not depend on it)")
		fs.Uint64Var(&simSeed, "seed", 1, "seed of the run: game i is played with a seed drawn from it and i")
		fs.IntVar(&simTurns, "turns", 100, "stop a game after this turn (it counts as unfinished)")
		fs.StringVar(&simDecks, "decks", "vanilla,vanilla", "the two decks, comma-separated: built-in (vanilla, green, red) or a deck file (see docs/sim.md)")
		fs.StringVar(&simPolicy, "policy", "uniform", "policy of both players, or one per player comma-separated: uniform (uniform over the listed options), random (mtgc play's), pass")
		fs.BoolVar(&simFirst, "first", false, "the first player starts every game (default: the players alternate)")
		fs.BoolVar(&simJSON, "json", false, "print the summary as JSON")
		fs.BoolVar(&simProgress, "progress", true, "show progress on stderr (a bar on a terminal, else a line every 10%)")
		fs.StringVar(&simShard, "shard", "", "play only shard I of N (I/N) of the -games: the I-th of N equal runs of consecutive games, each played as in the whole campaign; `mtgc sim merge` adds up the -json summaries")
		fs.BoolVar(&simAutoPass, "autopass", false, "the engine answers forced passes itself (the same games, faster; decisions counts only those asked)")
		fs.BoolVar(&simNoTap, "notap", false, "no tap-mana options: mana is paid by the engine as spells are cast (other games than without)")
		rulesFlags(fs, &simRules, &simEd)
		engineFlag(fs, &simEngine)
	},
	run: func(ctx *cli, fs *flag.FlagSet, args []string) error {
		if len(args) > 0 && args[0] == "merge" {
			return simMerge(ctx, args[1:])
		}
		if len(args) != 0 {
			return errUsage
		}
		if simGames < 1 || simWorkers < 1 || simTurns < 1 {
			return usagef("-games, -workers and -turns want 1 or more")
		}
		names := strings.Split(simDecks, ",")
		if len(names) != 2 {
			return usagef("-decks %q: want two decks, comma-separated", simDecks)
		}
		rs, err := resolveRules(simRules, simEd, "")
		if err != nil {
			return err
		}
		p, err := rs.load()
		if err != nil {
			return err
		}
		rules, note, err := selectEngine(simEngine, p, rs, "sim")
		if err != nil {
			return err
		}
		if note != "" {
			fmt.Fprintln(ctx.stderr, note)
		}
		var players []rt.PlayerConfig
		for i, n := range names {
			deck, err := loadDeck(rules, n)
			if err != nil {
				return err
			}
			players = append(players, rt.PlayerConfig{Name: fmt.Sprintf("p%d:%s", i+1, n), Deck: deck})
		}
		cfg := sim.Config{Rules: rules, Players: players, Policies: strings.Split(simPolicy, ","), Games: simGames,
			Workers: simWorkers, Seed: simSeed, Turns: int32(simTurns), Alternate: !simFirst,
			AutoPass: simAutoPass, NoTapOptions: simNoTap}
		if simShard != "" {
			i, n, err := parseShard(simShard)
			if err != nil {
				return err
			}
			cfg.First, cfg.Games = sim.Shard(simGames, i, n)
			if cfg.Games == 0 {
				return fmt.Errorf("mtgc sim: shard %d/%d of %d games holds none", i, n, simGames)
			}
		}
		finish := func() {}
		if simProgress {
			var update func(int)
			update, finish = progress(ctx, "sim", "games", cfg.Games)
			cfg.Progress = update
		}
		// Ctrl-C stops the run: the games under way end, and the summary
		// of those played is printed.
		sigs, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		cfg.Stop = sigs.Done()
		s, err := sim.Run(cfg)
		finish()
		if err != nil {
			return err
		}
		rep := simReport{Schema: SimSchema, Mtgc: moduleVersion(), Edition: p.Edition, RulesHash: rules.SourceHash,
			Engine: engineName(rules), Decks: names, TurnLimit: simTurns, Alternate: !simFirst, Shard: simShard, Summary: s}
		if simJSON {
			b, _ := json.MarshalIndent(rep, "", "  ")
			fmt.Fprintf(ctx.stdout, "%s\n", b)
		} else {
			printSummary(ctx, &rep)
		}
		if s.Interrupted {
			fmt.Fprintf(ctx.stderr, "mtgc sim: interrupted after %d of %d games\n", s.Games, s.Requested)
			return errFailed
		}
		return nil
	},
}

// SimSchema names the format of mtgc sim -json (simReport, docs/sim.md):
// fields are only ever added under this name.
const SimSchema = "mtgc-sim/v1"

// simReport is what mtgc sim -json prints: the summary, with what the run
// was made of.
type simReport struct {
	Schema    string   `json:"schema"`
	Mtgc      string   `json:"mtgc_version"`
	Edition   string   `json:"edition"`
	RulesHash string   `json:"rules_hash"` // the hash of the .mtg sources and index (replays carry it too)
	Engine    string   `json:"engine"`     // compiled or interpreted
	Decks     []string `json:"decks"`      // as given to -decks
	TurnLimit int      `json:"turn_limit"`
	Alternate bool     `json:"alternate"`       // the starting player alternates
	Shard     string   `json:"shard,omitempty"` // I/N of -shard; a merge's is empty
	sim.Summary
}

// simMerge prints the summary of a campaign from the -json summaries of
// its shards (files, "-" for stdin): what one run of the whole campaign
// prints, but for the timings (the shards' total seconds).
func simMerge(ctx *cli, args []string) error {
	fs := flag.NewFlagSet("sim merge", flag.ContinueOnError)
	fs.SetOutput(ctx.stderr)
	asJSON := fs.Bool("json", simJSON, "print the merged summary as JSON")
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	if fs.NArg() == 0 {
		return usagef("mtgc sim merge: give the -json summaries of the shards")
	}
	var reps []simReport
	for _, name := range fs.Args() {
		data, err := readInput(name)
		if err != nil {
			return err
		}
		var r simReport
		if err := json.Unmarshal(data, &r); err != nil {
			return fmt.Errorf("%s: not a summary of mtgc sim -json: %v", name, err)
		}
		if r.Schema != SimSchema {
			return fmt.Errorf("%s: schema %q, want %q", name, r.Schema, SimSchema)
		}
		if err := checkShardCounts(&r.Summary); err != nil {
			return fmt.Errorf("%s: not a summary mtgc sim prints: %v", name, err)
		}
		if len(reps) > 0 {
			a := reps[0]
			if r.Mtgc != a.Mtgc || r.Edition != a.Edition || r.RulesHash != a.RulesHash || r.Engine != a.Engine ||
				strings.Join(r.Decks, ",") != strings.Join(a.Decks, ",") || r.TurnLimit != a.TurnLimit || r.Alternate != a.Alternate {
				return fmt.Errorf("%s: not a shard of the campaign of %s (mtgc version, rules, engine, decks, turn limit and seats must be the same)", name, fs.Arg(0))
			}
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
	parts := make([]sim.Summary, len(reps))
	for i := range reps {
		parts[i] = reps[i].Summary
	}
	m, err := sim.Merge(parts)
	if err != nil {
		return err
	}
	rep := reps[0]
	rep.Shard, rep.Summary = "", m
	if *asJSON {
		b, _ := json.MarshalIndent(rep, "", "  ")
		fmt.Fprintf(ctx.stdout, "%s\n", b)
	} else {
		printSummary(ctx, &rep)
	}
	return nil
}

// maxSummaryBytes bounds a shard's summary read by sim merge and difftest
// merge (a link to /dev/zero ran out of memory).
const maxSummaryBytes = 16 << 20

// readInput reads a file, or stdin for "-", at most maxSummaryBytes, and
// only a regular file (safeio: not a device or a FIFO).
func readInput(name string) ([]byte, error) {
	if name == "-" {
		return safeio.ReadAll(os.Stdin, "standard input", maxSummaryBytes)
	}
	return safeio.ReadFile(name, maxSummaryBytes)
}

// maxCount bounds every count of a shard's summary: the sums of up to
// 2^20 shards of it stay exact (no count wraps).
const maxCount = 1 << 40

// checkShardCounts refuses a summary whose counts no run prints: negative
// or past maxCount, more games than asked for, more wins, draws and
// unfinished games than games.
func checkShardCounts(s *sim.Summary) error {
	counts := []int64{int64(s.Games), int64(s.Requested), int64(s.Draws), int64(s.Unfinished), s.Decisions, s.Refused, s.Turns, int64(s.FirstGame), int64(s.Workers)}
	ended := int64(s.Draws) + int64(s.Unfinished)
	for _, p := range s.Players {
		counts = append(counts, int64(p.Wins))
		ended += int64(p.Wins)
	}
	for _, n := range counts {
		if n < 0 || n > maxCount {
			return fmt.Errorf("a count of %d is out of range (0 to 2^40)", n)
		}
	}
	switch {
	case s.Games > s.Requested:
		return fmt.Errorf("%d games played of %d asked for", s.Games, s.Requested)
	case ended > int64(s.Games):
		return fmt.Errorf("wins, draws and unfinished games (%d) are more than the games (%d)", ended, s.Games)
	}
	return nil
}

// checkShardSet refuses a set of shards that is not a whole campaign (sim
// merge's, difftest merge's): each names its shard I/N, all the same N,
// every I from 1 to N once (the first and the last included). One report
// of a run not sharded is a campaign.
func checkShardSet(shards []string, names []string) error {
	if len(shards) == 1 && shards[0] == "" {
		return nil
	}
	seen := map[int]bool{}
	total := 0
	for k, s := range shards {
		i, n, err := parseShard(s)
		if err != nil {
			return fmt.Errorf("%s: shard %q: %v", names[k], s, err)
		}
		if total != 0 && n != total {
			return fmt.Errorf("%s: shard %s of a campaign of %d shards, not %d", names[k], s, n, total)
		}
		total = n
		if seen[i] {
			return fmt.Errorf("%s: shard %s given twice", names[k], s)
		}
		seen[i] = true
	}
	for i := 1; i <= total; i++ {
		if !seen[i] {
			return fmt.Errorf("shard %d/%d is missing: a merge needs every shard of the campaign", i, total)
		}
	}
	return nil
}

// engineName says whether rules are a compiled engine or the interpreter.
func engineName(r *rt.Rules) string {
	for _, c := range compiledEngines {
		if c == r {
			return "compiled"
		}
	}
	return "interpreted"
}

func loadDeck(r *rt.Rules, name string) ([]rt.Card, error) {
	if f, ok := sim.BuiltinDecks[name]; ok {
		return f(r), nil
	}
	fh, err := safeio.Open(name)
	if err != nil {
		return nil, fmt.Errorf("deck %q: neither a built-in deck (vanilla, green, red) nor a file: %v", name, err)
	}
	defer fh.Close()
	deck, err := sim.ReadDeck(r, fh)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return deck, nil
}

func printSummary(ctx *cli, r *simReport) {
	w := ctx.stdout
	s := &r.Summary
	if s.Interrupted {
		fmt.Fprintf(w, "interrupted: %d of %d games played\n", s.Games, s.Requested)
	}
	fmt.Fprintf(w, "%d games, seed %d, %d workers, %s (%s engine), decks %s, turn limit %d\n", s.Games, s.Seed, s.Workers, r.Edition, r.Engine, strings.Join(r.Decks, ","), r.TurnLimit)
	for _, p := range s.Players {
		fmt.Fprintf(w, "  %-20s %-8s wins %6d  %5.1f%%  (95%% CI %.1f%%-%.1f%%)\n", p.Name, p.Policy, p.Wins, 100*p.WinRate, 100*p.Low, 100*p.High)
	}
	fmt.Fprintf(w, "  draws %d, unfinished %d (turn limit)\n", s.Draws, s.Unfinished)
	fmt.Fprintf(w, "turns per game %.1f, decisions %d (%d refused), %.2f s: %.0f games/s, %.0f decisions/s\n",
		s.TurnsMean, s.Decisions, s.Refused, s.Seconds, s.GamesPerS, s.DecPerS)
}
