package runtime

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// A replay is what makes a game again: the hash of its rules, its
// configuration and every answer given (docs/json.md). Replays are
// untrusted input: ReadReplay bounds what it reads, and Play refuses an
// answer the game refuses, instead of going on.

// Limits on a replay ReadReplay accepts.
const (
	MaxReplayBytes   = 64 << 20
	MaxReplayPlayers = 8
	MaxReplayCards   = 1000 // per deck
	MaxReplayAnswers = 1 << 20
)

// Replay is a recorded game.
type Replay struct {
	Version       int            `json:"mtgc_replay"` // JSONVersion
	RulesHash     string         `json:"rules_hash"`  // Rules.SourceHash of the rules it was played under
	Seed          uint64         `json:"seed"`
	Starting      int            `json:"starting"`
	NoShuffle     bool           `json:"no_shuffle,omitempty"`
	NoOpeningHand bool           `json:"no_opening_hand,omitempty"`
	Players       []ReplayPlayer `json:"players"`
	// Turns is the turn the game was played to (0: to its end); Meta is
	// free for the recording program (its policy, its flags).
	Turns   int               `json:"turns,omitempty"`
	Meta    map[string]string `json:"meta,omitempty"`
	Answers []Answer          `json:"answers"`
}

// ReplayPlayer is a player of a replay, with their deck before the
// shuffle.
type ReplayPlayer struct {
	Name string `json:"name"`
	Deck []Card `json:"deck"`
}

// NewReplay starts the replay of a game about to be played under r with
// cfg; the caller appends each answer it submits to Answers.
func NewReplay(r *Rules, cfg Config) *Replay {
	rep := &Replay{Version: JSONVersion, RulesHash: r.SourceHash, Seed: cfg.Seed, Starting: cfg.Starting,
		NoShuffle: cfg.NoShuffle, NoOpeningHand: cfg.NoOpeningHand}
	for _, p := range cfg.Players {
		rep.Players = append(rep.Players, ReplayPlayer{Name: p.Name, Deck: p.Deck})
	}
	return rep
}

// Config is the configuration the replayed game starts from.
func (rep *Replay) Config() Config {
	cfg := Config{Seed: rep.Seed, Starting: rep.Starting, NoShuffle: rep.NoShuffle, NoOpeningHand: rep.NoOpeningHand}
	for _, p := range rep.Players {
		cfg.Players = append(cfg.Players, PlayerConfig{Name: p.Name, Deck: p.Deck})
	}
	return cfg
}

// ReadReplay reads a replay, refusing one larger than the limits, of
// another schema version, or that is not one JSON object.
func ReadReplay(r io.Reader) (*Replay, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxReplayBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxReplayBytes {
		return nil, fmt.Errorf("replay larger than %d bytes", MaxReplayBytes)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var rep Replay
	if err := dec.Decode(&rep); err != nil {
		return nil, fmt.Errorf("not a replay: %v", err)
	}
	if dec.More() {
		return nil, fmt.Errorf("not a replay: more than one JSON value")
	}
	switch {
	case rep.Version != JSONVersion:
		return nil, fmt.Errorf("replay of schema version %d: this mtgc reads version %d", rep.Version, JSONVersion)
	case len(rep.Players) == 0 || len(rep.Players) > MaxReplayPlayers:
		return nil, fmt.Errorf("replay with %d players: want 1 to %d", len(rep.Players), MaxReplayPlayers)
	case len(rep.Answers) > MaxReplayAnswers:
		return nil, fmt.Errorf("replay with %d answers: at most %d", len(rep.Answers), MaxReplayAnswers)
	case rep.Turns < 0:
		return nil, fmt.Errorf("replay played to turn %d", rep.Turns)
	}
	for _, p := range rep.Players {
		if len(p.Deck) > MaxReplayCards {
			return nil, fmt.Errorf("player %q has %d cards: at most %d", p.Name, len(p.Deck), MaxReplayCards)
		}
	}
	return &rep, nil
}

// Write writes the replay as one line of JSON.
func (rep *Replay) Write(w io.Writer) error {
	b, err := json.Marshal(rep)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// Start checks that the replay was made under r and starts its game.
func (rep *Replay) Start(r *Rules) (*Game, error) {
	if rep.RulesHash != r.SourceHash {
		return nil, fmt.Errorf("the replay was recorded under rules %s, not these (%s): its answers would mean another game", rep.RulesHash, r.SourceHash)
	}
	return New(r, rep.Config())
}

// Play replays the answers on g (from Start): before each answer, and once
// after the last, it calls Advance, then each with the decision. An
// answer the game refuses, or one given after the game is over, ends the
// replay with an error; so does an engine failure, reported, not
// propagated as a panic.
func (rep *Replay) Play(g *Game, each func(d Decision)) (err error) {
	i := 0
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("answer %d: the engine failed: %v", i+1, p)
		}
	}()
	for ; i < len(rep.Answers); i++ {
		d := g.Advance()
		each(d)
		if d.Kind == DecideGameOver || d.Kind == DecideStuck {
			return fmt.Errorf("answer %d of %d: the game is already over", i+1, len(rep.Answers))
		}
		if err := g.Submit(rep.Answers[i]); err != nil {
			return fmt.Errorf("answer %d of %d (turn %d, %s): refused: %v", i+1, len(rep.Answers), g.TurnNum, d.Kind, err)
		}
	}
	each(g.Advance())
	return nil
}
