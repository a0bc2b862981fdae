package sim

import (
	"errors"
	"fmt"
	"math"
	"sort"
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
	// First is the index in the campaign of the first game played: a
	// shard of a campaign plays games First to First+Games-1 of it, each
	// as the whole campaign would (Merge adds the shards up).
	First   int
	Workers int    // goroutines playing games (at least 1)
	Seed    uint64 // game i is played with seed Mix(Seed, i)
	Turns   int32  // a game stops after this turn (default 100)
	// Alternate: the player who starts alternates from game to game
	// (player i%n starts game i); else player 0 starts every game.
	Alternate bool
	// Progress, if set, is called after each game with the number done;
	// calls may come from several goroutines, never at once.
	Progress func(done int)
	// AutoPass and NoTapOptions are passed to every game (rt.Config): the
	// same games with AutoPass, faster; without tap-mana options, others.
	AutoPass, NoTapOptions bool
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
	Index     int // in the campaign
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
	// Turns is the total of the games' turns (TurnsMean = Turns/Games).
	Turns int64 `json:"turns"`
	// FirstGame is the index of the first game in the campaign (a shard's,
	// Config.First); a merge's is its first shard's.
	FirstGame int `json:"first_game"`
	// AutoPass, NoTapOptions: the runtime options the games were played
	// with (rt.Config).
	AutoPass     bool    `json:"auto_pass,omitempty"`
	NoTapOptions bool    `json:"no_tap_options,omitempty"`
	Seconds      float64 `json:"seconds"`
	GamesPerS    float64 `json:"games_per_second"`
	DecPerS      float64 `json:"decisions_per_second"`
	Workers      int     `json:"workers"`
	Seed         uint64  `json:"seed"`
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
	case cfg.First < 0:
		return Summary{}, fmt.Errorf("sim: first game %d: want 0 or more", cfg.First)
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
				res, err := playOne(g, &cfg, cfg.First+i)
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
	gc := rt.Config{Players: cfg.Players, Seed: seed, Log: rt.LogConfig{Mode: rt.LogNone},
		AutoPass: cfg.AutoPass, NoTapOptions: cfg.NoTapOptions}
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
	res := Game{Winner: -1, Index: i}
	for {
		d := g.Advance()
		if d.Kind == rt.DecideGameOver || d.Kind == rt.DecideStuck || g.Turn() > cfg.Turns {
			break
		}
		res.Decisions++
		if err := g.Submit(pols[d.Player].Decide(g, d)); err != nil {
			res.Refused++
			if err := g.Submit(rt.PassPolicy{}.Decide(g, d)); err != nil {
				return res, fmt.Errorf("game %d (seed %d), turn %d: no legal answer found: %v", i, seed, g.Turn(), err)
			}
		}
	}
	res.Over, res.Turns = g.Over(), min(g.Turn(), cfg.Turns)
	if res.Over {
		res.Winner = g.Winner()
	}
	return res, nil
}

func summarize(cfg *Config, results []Game, workers int, elapsed time.Duration) Summary {
	s := Summary{Games: len(results), Workers: workers, Seed: cfg.Seed, Seconds: elapsed.Seconds(), FirstGame: cfg.First,
		AutoPass: cfg.AutoPass, NoTapOptions: cfg.NoTapOptions}
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
	s.Turns = turns
	for p, pc := range cfg.Players {
		pol := cfg.Policies[0]
		if len(cfg.Policies) == len(cfg.Players) {
			pol = cfg.Policies[p]
		}
		s.Players = append(s.Players, PlayerStats{Name: pc.Name, Policy: pol, Wins: wins[p]})
	}
	s.derive()
	return s
}

// derive computes what a summary's counts give: the mean turns, the win
// rates and their intervals, the rates per second.
func (s *Summary) derive() {
	s.TurnsMean, s.GamesPerS, s.DecPerS = 0, 0, 0
	if s.Games > 0 {
		s.TurnsMean = float64(s.Turns) / float64(s.Games)
	}
	if s.Seconds > 0 {
		s.GamesPerS, s.DecPerS = float64(s.Games)/s.Seconds, float64(s.Decisions)/s.Seconds
	}
	for i := range s.Players {
		p := &s.Players[i]
		p.Low, p.High = Wilson(p.Wins, s.Games)
		p.WinRate = 0
		if s.Games > 0 {
			p.WinRate = float64(p.Wins) / float64(s.Games)
		}
	}
}

// Merge adds up the summaries of the shards of one campaign (the same
// seed, players and policies; games that follow one another, in any
// order given): the result is the summary of playing them all in one run,
// but for the timings: Seconds and Workers are the shards' totals (the
// rates per second are per worker-run, not wall-clock).
func Merge(parts []Summary) (Summary, error) {
	if len(parts) == 0 {
		return Summary{}, errors.New("sim: nothing to merge")
	}
	sorted := append([]Summary(nil), parts...)
	sort.SliceStable(sorted, func(a, b int) bool { return sorted[a].FirstGame < sorted[b].FirstGame })
	m := sorted[0]
	m.Players = append([]PlayerStats(nil), m.Players...)
	next := m.FirstGame + m.Requested
	for _, s := range sorted[1:] {
		switch {
		case s.Seed != m.Seed:
			return Summary{}, fmt.Errorf("sim: merging seed %d with seed %d: not one campaign", s.Seed, m.Seed)
		case s.AutoPass != m.AutoPass || s.NoTapOptions != m.NoTapOptions:
			return Summary{}, errors.New("sim: merging runs played with different runtime options")
		case len(s.Players) != len(m.Players):
			return Summary{}, errors.New("sim: merging runs of different players")
		case s.FirstGame != next:
			return Summary{}, fmt.Errorf("sim: the shards hold games %d to %d, then from %d: a shard is missing or repeated", m.FirstGame, next-1, s.FirstGame)
		}
		for i, p := range s.Players {
			q := &m.Players[i]
			if p.Name != q.Name || p.Policy != q.Policy {
				return Summary{}, fmt.Errorf("sim: merging %s (%s) with %s (%s): not one campaign", p.Name, p.Policy, q.Name, q.Policy)
			}
			q.Wins += p.Wins
		}
		next += s.Requested
		m.Games += s.Games
		m.Requested += s.Requested
		m.Interrupted = m.Interrupted || s.Interrupted
		m.Draws += s.Draws
		m.Unfinished += s.Unfinished
		m.Turns += s.Turns
		m.Decisions += s.Decisions
		m.Refused += s.Refused
		m.Seconds += s.Seconds
		m.Workers += s.Workers
	}
	m.derive()
	return m, nil
}

// Shard is the part i (from 1) of n of a campaign of games: its first
// game's index and the number of games, n consecutive runs as equal as
// can be.
func Shard(games, i, n int) (first, count int) {
	first = games * (i - 1) / n
	return first, games*i/n - first
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
