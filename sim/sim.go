package sim

import (
	"errors"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"time"

	rt "github.com/mtgc-dev/mtgc/runtime"
)

// Config describes a run of games.
type Config struct {
	Rules    *rt.Rules
	Players  []rt.PlayerConfig // names and decks, in seat order
	Policies []string          // a policy name per player (see Policies), or one for all
	Games    int
	Workers  int    // goroutines playing games (at least 1)
	Seed     uint64 // game i is played with seed Mix(Seed, i)
	Turns    int32  // a game stops after this turn (default 100)
	// Alternate: the player who starts alternates from game to game
	// (player i%n starts game i); else player 0 starts every game.
	Alternate bool
	// Progress, if set, is called after each game with the number done;
	// calls may come from several goroutines, never at once.
	Progress func(done int)
	// Stop, if not nil, ends the run early once closed: the games being
	// played finish, no other starts, and the summary covers the games
	// played (Summary.Interrupted).
	Stop <-chan struct{}
}

// Policies are the policy names Config.Policies accepts.
var Policies = []string{"uniform", "random", "pass"}

func newPolicy(name string, seed uint64) (rt.Policy, error) {
	switch name {
	case "uniform":
		return &rt.UniformPolicy{RNG: rt.RNG{State: seed}}, nil
	case "random":
		return &rt.RandomPolicy{RNG: rt.RNG{State: seed}}, nil
	case "pass":
		return rt.PassPolicy{}, nil
	}
	return nil, fmt.Errorf("unknown policy %q (want one of %v)", name, Policies)
}

// Game is the result of one game.
type Game struct {
	Winner    int // -1: a draw or unfinished
	Over      bool
	Turns     int32
	Decisions int
	// Refused counts answers of the policies the game refused (and
	// replaced by runtime.PassPolicy's).
	Refused int
}

// Summary is the result of a run.
type Summary struct {
	Games int `json:"games"` // games played
	// Requested is the number of games asked for: more than Games when
	// the run was stopped (Config.Stop).
	Requested   int           `json:"games_requested"`
	Interrupted bool          `json:"interrupted"`
	Players     []PlayerStats `json:"players"`
	Draws       int           `json:"draws"`
	Unfinished  int           `json:"unfinished"` // stopped at the turn limit
	TurnsMean   float64       `json:"turns_mean"`
	Decisions   int64         `json:"decisions"`
	Refused     int64         `json:"refused"`
	Seconds     float64       `json:"seconds"`
	GamesPerS   float64       `json:"games_per_second"`
	DecPerS     float64       `json:"decisions_per_second"`
	Workers     int           `json:"workers"`
	Seed        uint64        `json:"seed"`
}

// PlayerStats is one player's record, with the 95% Wilson score interval
// of their win rate.
type PlayerStats struct {
	Name    string  `json:"name"`
	Policy  string  `json:"policy"`
	Wins    int     `json:"wins"`
	WinRate float64 `json:"win_rate"`
	Low     float64 `json:"ci95_low"`
	High    float64 `json:"ci95_high"`
}

// Mix is the seed of game i of a run seeded with seed.
func Mix(seed uint64, i int) uint64 {
	r := rt.RNG{State: seed ^ uint64(i)*0x9e3779b97f4a7c15}
	return r.Uint64()
}

// Run plays cfg.Games games on cfg.Workers goroutines. Each game depends
// only on the configuration and its index, so the summary is the same for
// any number of workers (but for the timings).
func Run(cfg Config) (Summary, error) {
	n := len(cfg.Players)
	switch {
	case cfg.Rules == nil:
		return Summary{}, errors.New("sim: no rules")
	case n < 2:
		return Summary{}, errors.New("sim: a game needs two players or more")
	case cfg.Games < 1:
		return Summary{}, fmt.Errorf("sim: %d games: want 1 or more", cfg.Games)
	case len(cfg.Policies) != 1 && len(cfg.Policies) != n:
		return Summary{}, fmt.Errorf("sim: %d policies for %d players: give one, or one per player", len(cfg.Policies), n)
	}
	for _, p := range cfg.Policies {
		if _, err := newPolicy(p, 0); err != nil {
			return Summary{}, err
		}
	}
	if cfg.Turns <= 0 {
		cfg.Turns = 100
	}
	workers := max(1, min(cfg.Workers, cfg.Games))
	results := make([]Game, cfg.Games)
	played := make([]bool, cfg.Games)
	var next atomic.Int64
	var mu sync.Mutex
	var firstErr error
	done := 0
	start := time.Now()
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g := new(rt.Game)
			for {
				if stopped(cfg.Stop) {
					return
				}
				i := int(next.Add(1) - 1)
				if i >= cfg.Games {
					return
				}
				res, err := playOne(g, &cfg, i)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				results[i], played[i] = res, true
				done++
				if cfg.Progress != nil {
					cfg.Progress(done)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return Summary{}, firstErr
	}
	var kept []Game
	for i, r := range results {
		if played[i] {
			kept = append(kept, r)
		}
	}
	s := summarize(&cfg, kept, workers, time.Since(start))
	s.Requested, s.Interrupted = cfg.Games, len(kept) < cfg.Games
	return s, nil
}

func stopped(stop <-chan struct{}) bool {
	select {
	case <-stop:
		return true
	default:
		return false
	}
}

// playOne plays game i in g.
func playOne(g *rt.Game, cfg *Config, i int) (Game, error) {
	seed := Mix(cfg.Seed, i)
	n := len(cfg.Players)
	gc := rt.Config{Players: cfg.Players, Seed: seed, Log: rt.LogConfig{Mode: rt.LogNone}}
	if cfg.Alternate {
		gc.Starting = i % n
	}
	if err := g.Reset(cfg.Rules, gc); err != nil {
		return Game{}, err
	}
	pols := make([]rt.Policy, n)
	for p := range pols {
		name := cfg.Policies[0]
		if len(cfg.Policies) == n {
			name = cfg.Policies[p]
		}
		pols[p], _ = newPolicy(name, Mix(seed, p+1))
	}
	res := Game{Winner: -1}
	for {
		d := g.Advance()
		if d.Kind == rt.DecideGameOver || d.Kind == rt.DecideStuck || g.TurnNum > cfg.Turns {
			break
		}
		res.Decisions++
		if err := g.Submit(pols[d.Player].Decide(g, d)); err != nil {
			res.Refused++
			if err := g.Submit(rt.PassPolicy{}.Decide(g, d)); err != nil {
				return res, fmt.Errorf("game %d (seed %d), turn %d: no legal answer found: %v", i, seed, g.TurnNum, err)
			}
		}
	}
	res.Over, res.Turns = g.Over(), min(g.TurnNum, cfg.Turns)
	if res.Over {
		res.Winner = g.Winner()
	}
	return res, nil
}

func summarize(cfg *Config, results []Game, workers int, elapsed time.Duration) Summary {
	s := Summary{Games: len(results), Workers: workers, Seed: cfg.Seed, Seconds: elapsed.Seconds()}
	wins := make([]int, len(cfg.Players))
	var turns int64
	for _, r := range results {
		switch {
		case !r.Over:
			s.Unfinished++
		case r.Winner < 0:
			s.Draws++
		default:
			wins[r.Winner]++
		}
		turns += int64(r.Turns)
		s.Decisions += int64(r.Decisions)
		s.Refused += int64(r.Refused)
	}
	if len(results) > 0 {
		s.TurnsMean = float64(turns) / float64(len(results))
	}
	if s.Seconds > 0 {
		s.GamesPerS, s.DecPerS = float64(len(results))/s.Seconds, float64(s.Decisions)/s.Seconds
	}
	for p, pc := range cfg.Players {
		pol := cfg.Policies[0]
		if len(cfg.Policies) == len(cfg.Players) {
			pol = cfg.Policies[p]
		}
		lo, hi := Wilson(wins[p], len(results))
		rate := 0.0
		if len(results) > 0 {
			rate = float64(wins[p]) / float64(len(results))
		}
		s.Players = append(s.Players, PlayerStats{Name: pc.Name, Policy: pol, Wins: wins[p],
			WinRate: rate, Low: lo, High: hi})
	}
	return s
}

// Wilson is the 95% Wilson score interval of k successes in n trials.
func Wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	p, fn := float64(k)/float64(n), float64(n)
	den := 1 + z*z/fn
	mid := (p + z*z/(2*fn)) / den
	half := z * math.Sqrt(p*(1-p)/fn+z*z/(4*fn*fn)) / den
	return max(0, mid-half), min(1, mid+half)
}
