package rtimpl

import (
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
// another schema version, or that is not one JSON object. It is decoded as
// it is read: a count past its limit (players, cards, answers) is refused
// when the element past it is reached, before anything more is decoded;
// player names are checked as New checks them.
func ReadReplay(r io.Reader) (*Replay, error) {
	d := newStreamDecoder(r, "replay", MaxReplayBytes)
	d.dec.DisallowUnknownFields()
	var rep Replay
	seen := map[string]bool{}
	err := d.object("replay", func(key string) error {
		if seen[key] {
			return fmt.Errorf("field %q given twice", key)
		}
		seen[key] = true
		switch key {
		case "mtgc_replay":
			return d.plain(&rep.Version)
		case "rules_hash":
			return d.plain(&rep.RulesHash)
		case "seed":
			return d.plain(&rep.Seed)
		case "starting":
			return d.plain(&rep.Starting)
		case "no_shuffle":
			return d.plain(&rep.NoShuffle)
		case "no_opening_hand":
			return d.plain(&rep.NoOpeningHand)
		case "turns":
			return d.plain(&rep.Turns)
		case "meta":
			return d.plain(&rep.Meta)
		case "players":
			_, err := d.array("players", MaxReplayPlayers, "players", func(i int) error {
				rep.Players = append(rep.Players, ReplayPlayer{})
				return d.replayPlayer(&rep.Players[i])
			})
			return err
		case "answers":
			_, err := d.array("answers", MaxReplayAnswers, "answers", func(i int) error {
				rep.Answers = append(rep.Answers, Answer{})
				return d.plain(&rep.Answers[i])
			})
			return err
		}
		return fmt.Errorf("json: unknown field %q", key)
	})
	if err == nil {
		err = d.end("replay")
	}
	if err != nil {
		return nil, fmt.Errorf("not a replay: %v", err)
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
	for i, p := range rep.Players {
		if len(p.Deck) > MaxReplayCards {
			return nil, fmt.Errorf("player %q has %d cards: at most %d", p.Name, len(p.Deck), MaxReplayCards)
		}
		if err := checkPlayerName(p.Name); err != nil {
			return nil, fmt.Errorf("replay player %d: %v", i+1, err)
		}
	}
	return &rep, nil
}

// replayPlayer decodes one player of a replay, counting the cards of its
// deck as they are read.
func (d *streamDecoder) replayPlayer(p *ReplayPlayer) error {
	seen := map[string]bool{}
	return d.object("players", func(key string) error {
		if seen[key] {
			return fmt.Errorf("field %q given twice", key)
		}
		seen[key] = true
		switch key {
		case "name":
			return d.plain(&p.Name)
		case "deck":
			_, err := d.array("deck", MaxReplayCards, "cards (the limit of a deck)", func(i int) error {
				p.Deck = append(p.Deck, Card{})
				return d.plain(&p.Deck[i])
			})
			return err
		}
		return fmt.Errorf("json: unknown field %q in a player", key)
	})
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
