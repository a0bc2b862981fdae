package runtime

import (
	"errors"
	"io"

	"github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// Game is one game: its state, the pending decision and its log.
//
// A host changes a game only through its methods that play it (Advance,
// Submit, Run), set it up (Reset, Create, StartAt, SetLog) or copy it
// (CopyFrom); everything it reads is a value or a copy in a buffer the
// host owns (Obj, P, Zone, Stack, Combat, Events, Pending...), so that nothing a
// host gets back writes the game. The zero Game is ready for Reset.
type Game struct {
	g *rtimpl.Game
	// log is the host's log control: its Stream takes this Game (the
	// implementation's is a function that calls it with g).
	log LogConfig
	// from and groups hold the copies of the pending decision's slices
	// that Advance and Pending return.
	from   []ObjID
	groups []rtimpl.DamageGroup
	// run adapts a host Policy for Run.
	run hostPolicy
	// streaming is set while the host's Stream function runs: the game
	// is in the middle of a change, which the function must not make.
	streaming bool
}

// ErrStreaming is the error of a method that would change a game, called
// by the game's own Stream function (LogConfig.Stream) while the game is in
// the middle of a change: nothing is changed.
var ErrStreaming = errors.New("a Stream function must not change the game it streams")

// ErrNotStarted is the error of a game that was never started (the zero
// Game before Reset, or whose first Reset failed): it has no rules to play.
var ErrNotStarted = errors.New("the game was not started: New, Reset or Load starts one")

// started reports whether g was started: it has rules to play.
func (g *Game) started() bool { return g.g != nil && g.g.Rules != nil }

// idle reports whether g can't play now: not started, or called by its own
// Stream function in the middle of a change.
func (g *Game) idle() bool { return g.streaming || !g.started() }

// impl returns the implementation's game, made on first use.
func (g *Game) impl() *rtimpl.Game {
	if g.g == nil {
		g.g = new(rtimpl.Game)
	}
	return g.g
}

// New starts a game of r with cfg. An engine's New calls it with its Rules.
func New(r *Rules, cfg Config) (*Game, error) {
	g := new(Game)
	if err := g.Reset(r, cfg); err != nil {
		return nil, err
	}
	return g, nil
}

// Load reads a state Game.Save wrote, under the rules r it was saved under;
// a state that does not hold together is refused with an error.
func Load(r *Rules, rd io.Reader) (*Game, error) {
	ig, err := rtimpl.Load(r, rd)
	if err != nil {
		return nil, err
	}
	return &Game{g: ig}, nil
}

// Reset starts a new game of r with cfg in g, reusing its buffers.
func (g *Game) Reset(r *Rules, cfg Config) error {
	if g.streaming {
		return ErrStreaming
	}
	g.log = cfg.Log
	if err := g.impl().Reset(r, cfg.impl(g)); err != nil {
		return err
	}
	// The decision's copies are made room for with the game, as its own
	// buffers are: a decision's candidates are the game's objects (a
	// blocker may be listed for each attacker it blocks).
	if n := 2*len(g.g.Objs) + 16; cap(g.from) < n {
		g.from = make([]ObjID, 0, n)
	}
	if n := len(g.g.Players) * 8; cap(g.groups) < n {
		g.groups = make([]rtimpl.DamageGroup, 0, n)
	}
	return nil
}

// SetLog changes what the game does with the events to come.
func (g *Game) SetLog(c LogConfig) {
	g.log = c
	g.impl().SetLog(c.impl(g))
}

// Clone returns an independent copy of the game (a streaming game's copy
// streams to the same function, given the copy).
func (g *Game) Clone() *Game {
	c := new(Game)
	c.CopyFrom(g)
	return c
}

// CopyFrom makes g an independent copy of src, reusing g's buffers: a
// search that copies positions into the same few games allocates nothing
// once the buffers have grown. Called by g's own Stream function, it does
// nothing (ErrStreaming).
func (g *Game) CopyFrom(src *Game) {
	if g.streaming {
		return
	}
	g.impl().CopyFrom(src.impl())
	g.log = src.log
	if g.log.Stream != nil {
		g.g.SetLog(g.log.impl(g))
	}
}

// Save writes the game's state as JSON (Load reads it back).
func (g *Game) Save(w io.Writer) error {
	if !g.started() {
		return ErrNotStarted
	}
	return g.g.Save(w)
}

// Create puts a new object made from card c, owned by owner, into zone z:
// setting up a position before play. It returns the object's id.
func (g *Game) Create(c Card, owner int, z Zone) (ObjID, error) {
	if g.streaming {
		return NoObj, ErrStreaming
	}
	return g.impl().Create(c, owner, z)
}

// StartAt sets up the game to start at step of turn, active's turn.
func (g *Game) StartAt(turn int32, active int, step string) error {
	if g.streaming {
		return ErrStreaming
	}
	return g.impl().StartAt(turn, active, step)
}

// Advance plays until the game needs a decision, and returns it. Its
// slices are the host's copies: they hold until the next Advance or
// Pending. Called by g's own Stream function (ErrStreaming), or on a game
// not started (ErrNotStarted), it plays nothing and returns DecideNone.
func (g *Game) Advance() Decision {
	if g.idle() {
		return Decision{Kind: DecideNone}
	}
	p := g.impl().AdvanceRef()
	if p.From == nil && p.Groups == nil {
		return *p
	}
	d := *p
	g.own(&d)
	return d
}

// Pending returns the decision the game waits for (as Advance does).
func (g *Game) Pending() Decision {
	d := g.impl().Pending()
	g.own(&d)
	return d
}

// own copies d's slices into g's buffers, so that a host writing them
// changes nothing of the game.
func (g *Game) own(d *Decision) {
	if d.From == nil && d.Groups == nil {
		return
	}
	g.from, g.groups = g.from[:0], g.groups[:0]
	if d.From != nil {
		g.from = append(g.from, d.From...)
		d.From = g.from[:len(d.From):len(d.From)]
	}
	if d.Groups != nil {
		for _, gr := range d.Groups {
			if gr.From != nil {
				start := len(g.from)
				g.from = append(g.from, gr.From...)
				gr.From = g.from[start:len(g.from):len(g.from)]
			}
			g.groups = append(g.groups, gr)
		}
		d.Groups = g.groups[:len(g.groups):len(g.groups)]
	}
}

// Submit answers the pending decision. An illegal answer is refused with
// the rule it breaks (a *Refusal), and the game is left exactly as it was.
func (g *Game) Submit(a Answer) error {
	if g.streaming {
		return &Refusal{Msg: ErrStreaming.Error(), Err: ErrStreaming}
	}
	return g.impl().Submit(a)
}

// Check reports whether Submit would accept a, changing nothing.
func (g *Game) Check(a Answer) error { return g.impl().Check(a) }

// Run plays until the game is over or maxDecisions have been answered,
// asking pol for every answer (an answer the game refuses is replaced by
// PassPolicy's). It returns the last decision (DecideNone where Advance
// plays nothing).
func (g *Game) Run(pol Policy, maxDecisions int) Decision {
	if g.idle() {
		return Decision{Kind: DecideNone}
	}
	g.run = hostPolicy{g: g, pol: pol}
	d := g.impl().Run(&g.run, maxDecisions)
	g.run = hostPolicy{}
	g.own(&d)
	return d
}

// hostPolicy is a host's Policy as the implementation asks it.
type hostPolicy struct {
	g   *Game
	pol Policy
}

func (h *hostPolicy) Decide(_ *rtimpl.Game, d rtimpl.Decision) rtimpl.Answer {
	h.g.own(&d)
	return h.pol.Decide(h.g, d)
}

// Options appends to buf the legal options of the pending decision, one
// per distinct choice (group: interchangeable objects once).
func (g *Game) Options(buf []Option, group bool) []Option { return g.impl().Options(buf, group) }

// LegalActions appends to buf the answers to a priority decision the game
// accepts.
func (g *Game) LegalActions(buf []Answer) []Answer { return g.impl().LegalActions(buf) }

// Forced reports whether the pending decision has a single legal answer.
func (g *Game) Forced() bool { return g.impl().Forced() }

// CanPlayLand reports why player p may not play land x now, or nil.
func (g *Game) CanPlayLand(p int, x ObjID) error { return g.impl().CanPlayLand(p, x) }

// CanCast reports why player p may not cast x now, or nil.
func (g *Game) CanCast(p int, x ObjID) error { return g.impl().CanCast(p, x) }

// CanActivate reports why player p may not activate x's i-th ability now,
// or nil.
func (g *Game) CanActivate(p int, x ObjID, i int) error { return g.impl().CanActivate(p, x, i) }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.impl().Over() }

// Winner is the player who won, or -1.
func (g *Game) Winner() int { return g.impl().Winner() }

// Turn is the number of the current turn (1 for the first).
func (g *Game) Turn() int32 { return g.impl().TurnNum }

// Active is the player whose turn it is.
func (g *Game) Active() int { return g.impl().Active }

// CurrentPhase is the name of the current phase.
func (g *Game) CurrentPhase() string { return g.impl().CurrentPhase() }

// CurrentStep is the name of the current step ("" in a phase with none).
func (g *Game) CurrentStep() string { return g.impl().CurrentStep() }

// Plan lists the steps left in this turn, current one first.
func (g *Game) Plan() []string { return g.impl().Plan() }

// NumPlayers is the number of players, in the game or not.
func (g *Game) NumPlayers() int { return g.impl().NumPlayers() }

// PlayerIndex returns the player of that name.
func (g *Game) PlayerIndex(name string) (int, bool) { return g.impl().PlayerIndex(name) }

// Player is one player's state as Game.P reads it: a copy. The cards in
// the player's zones are Game.Zone's.
type Player struct {
	Name string
	Life int32
	// Counters are the player's counters of each kind the rules declare
	// (Rules.Counter gives a kind's index).
	Counters [rtimpl.MaxCounterKinds]int32
	// States holds the values the rules declare each player holds, at
	// their slots (Rules.HeldState).
	States      [rtimpl.MaxHeldStates]int32
	MaxHandSize int32
	LandPlays   int32 // lands the player may play each turn
	Lost        bool  // the player left the game, having lost it
	Won         bool
	Mana        Mana // the player's mana pool
}

// P returns player p's state (the zero Player for no player).
func (g *Game) P(p int) Player {
	ig := g.impl()
	if p < 0 || p >= len(ig.Players) {
		return Player{}
	}
	pl := &ig.Players[p]
	return Player{Name: pl.Name, Life: pl.Life, Counters: pl.Counters, States: pl.States,
		MaxHandSize: pl.MaxHandSize, LandPlays: pl.LandPlays, Lost: pl.Lost, Won: pl.Won, Mana: pl.Mana}
}

// Obj returns object x's state, a copy (the zero Object, in no zone, for
// no object).
func (g *Game) Obj(x ObjID) Object {
	ig := g.impl()
	if x < 0 || int(x) >= len(ig.Objs) {
		return Object{}
	}
	return ig.Objs[x]
}

// ObjName is object x's name.
func (g *Game) ObjName(x ObjID) string { return g.impl().ObjName(x) }

// Power is object x's power, as the rules compute it now.
func (g *Game) Power(x ObjID) int32 {
	if !g.started() {
		return 0
	}
	return g.g.Power(x)
}

// Toughness is object x's toughness, as the rules compute it now.
func (g *Game) Toughness(x ObjID) int32 {
	if !g.started() {
		return 0
	}
	return g.g.Toughness(x)
}

// Zone appends to buf the objects in zone z of player p, in the zone's
// order (a library's top last, the stack's top last), and returns it.
// A p below 0 is every player: for a hand, library, graveyard or exile,
// each player's in turn; for the battlefield or the stack, every object
// there, else those p controls. On the stack, an ability is its source.
func (g *Game) Zone(z Zone, p int, buf []ObjID) []ObjID {
	ig := g.impl()
	switch z {
	case ZoneBattlefield:
		for _, x := range ig.Battlefield {
			if p < 0 || int(ig.Objs[x].Controller) == p {
				buf = append(buf, x)
			}
		}
	case ZoneStack:
		for i := range ig.Stack {
			if it := &ig.Stack[i]; p < 0 || int(it.Controller) == p {
				buf = append(buf, it.Source)
			}
		}
	case ZoneHand, ZoneLibrary, ZoneGraveyard, ZoneExile:
		for i := range ig.Players {
			if p >= 0 && i != p {
				continue
			}
			pl := &ig.Players[i]
			switch z {
			case ZoneHand:
				buf = append(buf, pl.Hand...)
			case ZoneLibrary:
				buf = append(buf, pl.Library...)
			case ZoneGraveyard:
				buf = append(buf, pl.Graveyard...)
			default:
				buf = append(buf, pl.Exile...)
			}
		}
	}
	return buf
}

// StackEntry is one object on the stack as Game.Stack reads it.
type StackEntry struct {
	// Source is the spell, or the source of the ability (NoObj for one of
	// the rules' stack objects).
	Source     ObjID
	Controller int
	// Spell: a spell, not an ability or one of the rules' stack objects.
	Spell bool
	// Name is an ability's label or a rules' stack object's name ("" for
	// a spell: ObjName(Source)).
	Name string
	// About is the object of the event it triggered on (NoObj: none);
	// Value the number that event gave it.
	About ObjID
	Value int32
	// Args are the arguments it captured as it was put on the stack (its
	// targets among them, once chosen).
	Args [rtimpl.MaxStackArgs]int32
}

// Stack appends the objects on the stack to buf, the first put there
// first (the top last), and returns it.
func (g *Game) Stack(buf []StackEntry) []StackEntry {
	ig := g.impl()
	for i := range ig.Stack {
		it := &ig.Stack[i]
		e := StackEntry{Source: it.Source, Controller: int(it.Controller), Spell: it.IsSpell(), About: it.About, Value: it.Value, Args: it.Args}
		if !e.Spell {
			e.Name = rtimpl.Exec{Game: ig}.WaitingName(it)
		}
		buf = append(buf, e)
	}
	return buf
}

// Combat appends this combat's attacks and blocks to atk and blk.
func (g *Game) Combat(atk []Attack, blk []Block) ([]Attack, []Block) {
	c := &g.impl().Combat
	return append(atk, c.Attacks...), append(blk, c.Blocks...)
}

// Logged is the number of events logged since the game began, kept or
// not.
func (g *Game) Logged() int { return g.impl().Logged() }

// Events appends to buf the events the game keeps from the from-th logged
// (0 the first; Logged counts them), and returns it.
func (g *Game) Events(from int, buf []Event) []Event {
	ig := g.impl()
	i := max(from-(ig.Logged()-len(ig.Log)), 0)
	if i >= len(ig.Log) {
		return buf
	}
	return append(buf, ig.Log[i:]...)
}

// Trace renders the kept events from the from-th logged, one line each.
func (g *Game) Trace(from int) []string { return g.impl().Trace(from) }

// Format renders event e as a trace line.
func (g *Game) Format(e Event) string { return g.impl().Format(e) }

// EventJSON renders event e, the seq-th logged, as JSON does.
func (g *Game) EventJSON(seq int, e Event) EventJSON { return g.impl().EventJSON(seq, e) }

// Config starts a game: its players, seed and log.
type Config struct {
	Players       []PlayerConfig
	Seed          uint64
	Starting      int  // index of the player who takes the first turn
	NoShuffle     bool // keep deck order (the last card is the top)
	NoOpeningHand bool
	Log           LogConfig // keep (default), cap, stream or drop the events
	// AutoPass: Advance answers the forced priority decisions itself (those
	// whose one legal answer is to pass, see Forced), as a host passing
	// would: the events are the same. The first decision of each turn is
	// returned even when forced, so that a host can stop at a turn limit.
	AutoPass bool
	// NoTapOptions: Options lists no tap-mana options; mana is paid by the
	// engine's default when a spell is cast or an ability activated, and a
	// priority decision whose only other answer is tapping for mana is
	// forced. Submit still accepts TapMana.
	NoTapOptions bool
	// AutoOrderTriggers: Advance answers each player's order of their own
	// triggered abilities (DecideTriggers) itself, with the order they
	// triggered (PassPolicy's answer): the events are that answer's.
	AutoOrderTriggers bool
}

// impl is c as the implementation takes it, its Stream calling g.
func (c *Config) impl(g *Game) rtimpl.Config {
	return rtimpl.Config{Players: c.Players, Seed: c.Seed, Starting: c.Starting, NoShuffle: c.NoShuffle,
		NoOpeningHand: c.NoOpeningHand, Log: c.Log.impl(g), AutoPass: c.AutoPass, NoTapOptions: c.NoTapOptions,
		AutoOrderTriggers: c.AutoOrderTriggers}
}

// configOf is an implementation's config as a host's, with no Stream.
func configOf(c rtimpl.Config) Config {
	return Config{Players: c.Players, Seed: c.Seed, Starting: c.Starting, NoShuffle: c.NoShuffle,
		NoOpeningHand: c.NoOpeningHand, Log: LogConfig{Mode: c.Log.Mode, Cap: c.Log.Cap}, AutoPass: c.AutoPass,
		NoTapOptions: c.NoTapOptions, AutoOrderTriggers: c.AutoOrderTriggers}
}

// LogConfig says how a game keeps its events.
type LogConfig struct {
	Mode LogMode
	// Cap, for LogCap: the game keeps at most Cap events, and at least
	// the Cap/2 most recent. At least 2.
	Cap int
	// Stream, for LogStream, is called with each event as it happens, in
	// the middle of the change that made it: it may read the game (Obj, P,
	// Zone, Format...), and what would change it is refused (ErrStreaming).
	Stream func(g *Game, e Event)
}

// impl is c as the implementation takes it: its Stream calls g's.
func (c LogConfig) impl(g *Game) rtimpl.LogConfig {
	ic := rtimpl.LogConfig{Mode: c.Mode, Cap: c.Cap}
	if c.Stream != nil && g != nil {
		ic.Stream = func(_ *rtimpl.Game, e Event) {
			g.streaming = true
			defer func() { g.streaming = false }()
			g.log.Stream(g, e)
		}
	}
	return ic
}

// WriteTrace returns a Stream function writing each event as a trace line
// (Game.Format) to w, and a function that flushes what is buffered.
func WriteTrace(w io.Writer) (func(*Game, Event), func() error) {
	f, flush := rtimpl.WriteTrace(w)
	return func(g *Game, e Event) { f(g.impl(), e) }, flush
}

// Policy answers a decision of a game.
type Policy interface {
	Decide(g *Game, d Decision) Answer
}

// PassPolicy passes and declares nothing it need not: the answer a game
// takes when nobody chooses (the first cards, the default declaration of
// attackers or blockers, the default division of combat damage...).
type PassPolicy struct{}

// Decide answers d.
func (PassPolicy) Decide(g *Game, d Decision) Answer { return rtimpl.PassPolicy{}.Decide(g.impl(), d) }

// RandomPolicy answers at random from its RNG.
type RandomPolicy rtimpl.RandomPolicy

// Decide answers d.
func (p *RandomPolicy) Decide(g *Game, d Decision) Answer {
	return (*rtimpl.RandomPolicy)(p).DecideRef(g.impl(), &d)
}

// UniformPolicy answers uniformly over Game.Options.
type UniformPolicy rtimpl.UniformPolicy

// Decide answers d.
func (p *UniformPolicy) Decide(g *Game, d Decision) Answer {
	return (*rtimpl.UniformPolicy)(p).DecideRef(g.impl(), &d)
}

// Replay records a game's answers, to play it again.
type Replay rtimpl.Replay

// NewReplay starts the replay of a game about to be played under r with
// cfg; the caller appends each answer it submits to Answers.
func NewReplay(r *Rules, cfg Config) *Replay {
	return (*Replay)(rtimpl.NewReplay(r, cfg.impl(nil)))
}

// ReadReplay reads a replay, refusing one larger than the limits, of another
// schema version, or that is not one JSON object.
func ReadReplay(r io.Reader) (*Replay, error) {
	rep, err := rtimpl.ReadReplay(r)
	return (*Replay)(rep), err
}

// Config is the configuration the replay's game starts with.
func (rep *Replay) Config() Config { return configOf((*rtimpl.Replay)(rep).Config()) }

// Write writes the replay as JSON.
func (rep *Replay) Write(w io.Writer) error { return (*rtimpl.Replay)(rep).Write(w) }

// Start checks that the replay was made under r and starts its game.
func (rep *Replay) Start(r *Rules) (*Game, error) {
	ig, err := (*rtimpl.Replay)(rep).Start(r)
	if err != nil {
		return nil, err
	}
	return &Game{g: ig}, nil
}

// Play replays the answers on g (from Start): before each answer, and once
// after the last, it calls Advance, then each with the decision. An answer
// the game refuses, or one given after the game is over, ends the replay
// with an error.
func (rep *Replay) Play(g *Game, each func(d Decision)) error {
	return (*rtimpl.Replay)(rep).Play(g.impl(), func(d Decision) {
		g.own(&d)
		each(d)
	})
}
