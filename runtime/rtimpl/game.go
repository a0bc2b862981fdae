package rtimpl

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

const maxPlan = 64 // steps one turn can hold, extra ones included

type stage uint8

const (
	stNewTurn stage = iota
	stBeginSeg
	stActions
	stPriority
	stRepeat
	stEndStep
	stEndStepEvery
	stEndPhase
	stEndPhaseEvery
)

// planEntry is one step of the current turn.
type planEntry struct {
	Ref        StepRef
	PhaseStart bool
	PhaseEnd   bool
}

type prioState struct {
	on     bool
	holder int
	passes int
	rule   string
}

type skipReq struct {
	Player int8
	Name   string
	Turn   bool   // the player's next turn is skipped (Name is empty)
	Rule   string // the rule of the statement that made a turn skip
}

// ExtraTurn is an extra turn to be taken: its player, and its identity in
// the event of its beginning, which tells two extra turns of one player
// apart: the name of the effect that created it, or "#k" for the k-th
// extra turn created in the game.
type ExtraTurn struct {
	Player int8
	Name   string
}

// Game is the whole state of one game. Copy it only with Clone.
//
// A Game belongs to one goroutine: no method is safe to call while another
// runs on the same Game, not even the ones that read (Options, Check,
// Power reuse scratch buffers and memos inside the Game). Several games
// may run at once, one goroutine each; to look at a game from another
// goroutine, hand over a Clone.
type Game struct {
	Rules *Rules
	// opt is what an enumeration of the priority options knows once for
	// all its objects (optCtx).
	opt optCtx
	// preds indexes Rules.Predicates by kind (read only, shared by
	// copies; not saved: Load builds it again).
	preds *predIndex
	// live: the predicates that may hold in this game (predsOf), nil
	// when not known (derived again by the next look: relive).
	live *liveKinds

	Players []Player
	Objs    []Object
	// States holds the values the rules declare the game holds (state
	// game NAME KIND, Rules.HeldStates), each stored as a player's are
	// (Player.States).
	States [MaxHeldStates]int32
	// faces is the table of the objects' faces (Object.face), append
	// only: clones share it, each with a slice that ends at its length,
	// so that an append never writes into another game's.
	faces       []Face
	Battlefield []ObjID // in the order permanents arrived
	Stack       []StackItem
	Waiting     []StackItem // triggered abilities not yet put on the stack
	Delayed     []Delayed
	Effects     []Effect
	ExtraTurns  []ExtraTurn
	Skips       []skipReq
	Combat      Combat
	Log         []Event // the events kept (see LogConfig)

	TurnNum    int32
	Active     int
	Starting   int
	lastNormal int
	extraMade  int32 // extra turns created in this game, to number them
	started    bool

	plan    [maxPlan]planEntry
	planLen int
	pos     int
	stage   stage
	ai      int // next action within the current list
	inPhase bool
	repeat  bool
	// jumpTo is 1 + the plan entry GoToStep goes on with (0: none): the
	// current step ends at the next transition, then the turn goes on there.
	jumpTo   int
	jumpRule string
	// skipName is the segment whose skip clauses are being evaluated.
	skipName string

	prio            prioState
	stepHadPriority bool
	// segBegan and segEnded: the steps and phases that began and ended
	// this turn (see Began).
	segBegan, segEnded segSet

	pending   Decision
	hasAnswer bool
	// resuming: the ability on top of the stack asked a player as it
	// resolved and resolves again once they answer.
	resuming bool
	answer   []ObjID
	kept     []keptChoice   // choices made for the state-based actions being checked
	chosen   []playerChoice // players chosen for them (ChoosePlayer)
	dry      bool           // matching state-based actions without asking

	over    bool
	winner  int    // -1 for a draw
	endRule string // the rule the end of the game cites

	RNG   RNG
	clock uint32
	// changes counts changes to the game; sbaClean is changes+1 when the
	// last state-based-action check at that count found nothing to do.
	changes  uint32
	chose    uint32 // targets chosen, removed or named nothing by ChooseTargets (Exec.Changes)
	sbaClean uint32
	// watchClean: nothing matched a watch of the rules (Rules.Watches) at
	// the last check, and no object's own state has changed since but
	// through a change that named it: after a change to one object only
	// that one is matched, when every watch is Own (checkWatches).
	watchClean bool
	watching   bool    // the watches are being checked (checkWatches)
	watchBuf   []int32 // scratch of checkWatches
	// reclass: Touch was called, and characteristics may have been set:
	// the classes are derived again before Options next groups.
	reclass bool
	// dirty says what changed since the last state-based-action check
	// that found nothing: only the sbas that read it are matched again.
	dirty Changes
	batch uint32 // the state-based-action batch being performed, or 0

	// folded counts the damage hooks running: what they change is part of
	// the damage event and logs nothing of its own.
	folded        int
	dealingCombat bool
	dealBuf       []Assigned // scratch of DealCombatDamage
	// resolving is the rules' stack object being resolved: held here, not
	// in a local whose address goes to generated code, so that resolving
	// one allocates nothing.
	resolving StackItem
	// inResolve is set while resolving is an item resolving (not a saved
	// one a condition reads).
	inResolve bool
	// top is the spell or ability resolving while the rules' procedure for
	// MechResolve runs (topOn), topIllegal whether its targets were all
	// illegal as they were checked again.
	top               StackItem
	topOn, topIllegal bool
	// targeting is set while resolving is an item whose targets are
	// chosen or checked (legalTarget).
	targeting bool
	// why is set while fnEval evaluates a function of the rules for a
	// refusal: the evaluators note in it the clause that decided. Of a
	// type Save skips.
	why *whyNote
	// leaving is the rule of the leave_stack statement the rules' no_target
	// statements ran for the item whose targets are being chosen; "" if none.
	leaving string
	// decl is the scratch of the declaration checks (restrict.go), of
	// a type Save skips.
	decl *declScratch

	autoPass, noTap, autoOrder bool
	// withAbilities and withTriggers count the objects with activated
	// abilities and with a triggered ability (looked for on a death, as a
	// creature blocks, as a step begins): made by
	// Create, made again by Touch (fixtures give objects abilities).
	// withTriggers also counts the effects that gave a keyword some
	// keyword trigger waits on: events are matched against the trigger
	// events only once something may trigger (mayTrigger).
	withAbilities, withTriggers int32
	// listens is the set of event kinds some trigger event of the rules
	// is (bit k for kind k): emit matches only those.
	listens uint64
	// hooked is the set of event kinds some hook of the rules runs on
	// (Rules.OnEvents).
	hooked uint64
	// eventN is the number of the event being matched against the
	// trigger events (EventNumber).
	eventN int32
	// eventOther is the second party of that event (Event.Other: the
	// recipient of damage), for EventRecipient.
	eventOther int32
	// replacing are the replacements running (Replacement.Run), the
	// innermost last: a replacement does not apply again to the object it
	// is replacing an event of while it runs (a replacement applies to
	// an event once).
	replacing  [maxReplacing]replacing
	nReplacing int32
	optKeys    []groupKey // scratch of Options: the key of each group

	logc    LogConfig
	logBase int  // events logged before Log[0]
	logOwn  bool // Log's buffer is this game's alone (LogCap rewrites it)

	scratch []ObjID
	hits    []SBAHit
	zoneBuf []ObjID  // backing array of the zone lists after CopyFrom
	aux     *gameAux // buffers and summaries, not state (Save skips them)
}

// PlayerConfig names a player and their deck (top of library last after the
// shuffle).
type PlayerConfig struct {
	Name string
	Deck []Card
}

// MaxPlayers is the most players a game may have: Owner, Controller and
// the players of events are int8.
const MaxPlayers = 127

// MaxPlayerName is the longest player name, in bytes.
const MaxPlayerName = 256

// checkPlayerName refuses a name that could forge or garble the trace it
// is printed in: a control character (a newline, an ANSI escape), a
// character that is not printable, or invalid UTF-8.
func checkPlayerName(name string) error {
	if len(name) > MaxPlayerName {
		return fmt.Errorf("a name of %d bytes: at most %d", len(name), MaxPlayerName)
	}
	if !utf8.ValidString(name) {
		return fmt.Errorf("name %q is not valid UTF-8", name)
	}
	for _, r := range name {
		if !unicode.IsPrint(r) {
			return fmt.Errorf("name %q: only printable characters (no newline, control character or escape)", name)
		}
	}
	return nil
}

// MaxCardText is the longest card name, subtype or ability label, in bytes.
const MaxCardText = 1024

// checkText refuses a card's text that could forge or garble the trace it
// is printed in, as checkPlayerName does a player's name.
func checkText(what, s string) error {
	if len(s) > MaxCardText {
		return fmt.Errorf("a %s of %d bytes: at most %d", what, len(s), MaxCardText)
	}
	if !utf8.ValidString(s) {
		return fmt.Errorf("%s %q is not valid UTF-8", what, s)
	}
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return fmt.Errorf("%s %q: only printable characters (no newline, control character or escape)", what, s)
		}
	}
	return nil
}

// Config describes a new game.
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

// New starts a game under the given rules. Libraries are shuffled with the
// seed and opening hands drawn; nothing has happened yet in turn terms.
func New(r *Rules, cfg Config) (*Game, error) {
	g := new(Game)
	if err := g.Reset(r, cfg); err != nil {
		return nil, err
	}
	return g, nil
}

// Reset makes g a new game under r, as New would, reusing g's buffers: a
// simulator that plays game after game in the same few Games allocates
// little more than the cards' objects. Games cloned from g are not
// affected. On error g is left as it was.
func (g *Game) Reset(r *Rules, cfg Config) error {
	if len(cfg.Players) == 0 {
		return errors.New("a game needs at least one player")
	}
	if len(cfg.Players) > MaxPlayers {
		return fmt.Errorf("a game of %d players: at most %d (a player is an int8 in objects and events)", len(cfg.Players), MaxPlayers)
	}
	for i, pc := range cfg.Players {
		if err := checkPlayerName(pc.Name); err != nil {
			return fmt.Errorf("player %d: %v", i+1, err)
		}
	}
	if cfg.Starting < 0 || cfg.Starting >= len(cfg.Players) {
		return fmt.Errorf("starting player %d out of range", cfg.Starting)
	}
	if err := checkLimits(r); err != nil {
		return err
	}
	if err := checkCites(r); err != nil {
		return err
	}
	total := 0
	for _, pc := range cfg.Players {
		total += len(pc.Deck)
	}
	// Which cards are copies of the one before, found once for the check
	// and the placing below (a deck's copies of a card come in a row).
	a := g.auxOf()
	a.copies = slices.Grow(a.copies[:0], total)[:total]
	k := 0
	for _, pc := range cfg.Players {
		for j := range pc.Deck {
			a.copies[k] = j > 0 && sameCard(&pc.Deck[j-1], &pc.Deck[j])
			k++
			if a.copies[k-1] {
				continue // checked: a copy of the card before
			}
			if _, _, err := r.cardBits(pc.Deck[j]); err != nil {
				return err
			}
		}
	}
	keep := *g
	preds := keep.preds
	if keep.Rules != r || preds == nil {
		preds = indexPredicates(r)
	}
	*g = Game{Rules: r, RNG: RNG{State: cfg.Seed}, Starting: cfg.Starting, winner: -1, preds: preds, listens: listensOf(r), hooked: hookedOf(r),
		autoPass: cfg.AutoPass, noTap: cfg.NoTapOptions, autoOrder: cfg.AutoOrderTriggers, optKeys: keep.optKeys[:0], watchBuf: keep.watchBuf[:0], aux: keep.aux}
	if g.aux != nil {
		g.aux.tokCopy = 1 // no object yet: Create counts them
		g.aux.attKnown, g.aux.watchedAt, g.aux.availAt = 0, 0, 0
	}
	g.SetLog(cfg.Log)
	// Buffers sized for every card up front: a game grows none as its
	// cards move. The log's is not reused: clones may share it.
	g.Objs = grow(keep.Objs, total)
	// The faces are kept (append only: the clones' end at their length),
	// unless the rules are others or they have grown past what the decks
	// need (a game that made faces for many fixtures or tokens).
	if keep.Rules == r && len(keep.faces) <= 2*total+64 {
		g.faces = keep.faces
	}
	g.Battlefield, g.scratch = grow(keep.Battlefield, total), grow(keep.scratch, total)
	g.Stack, g.Waiting, g.answer, g.hits = keep.Stack[:0], keep.Waiting[:0], keep.answer[:0], keep.hits[:0]
	g.Delayed, g.Effects, g.ExtraTurns, g.Skips, g.kept = keep.Delayed[:0], keep.Effects[:0], keep.ExtraTurns[:0], keep.Skips[:0], keep.kept[:0]
	g.chosen = keep.chosen[:0]
	g.zoneBuf, g.dealBuf, g.decl = keep.zoneBuf[:0], keep.dealBuf[:0], keep.decl
	if g.decl != nil {
		g.decl.checked.ok = false
	}
	g.Combat.copyFrom(&keep.Combat, &Combat{})
	g.forgetDealers()
	bound := total // what a zone may hold
	if keep.Objs != nil {
		bound = max(total, cap(keep.Objs))
		g.presize(bound)
		g.Battlefield = grow(g.Battlefield, bound)
	}
	g.Players = grow(keep.Players, len(cfg.Players))[:len(cfg.Players)]
	for i, pc := range cfg.Players {
		name := pc.Name
		if name == "" {
			name = fmt.Sprintf("p%d", i+1)
		}
		var old Player
		if i < len(keep.Players) {
			old = keep.Players[i]
		}
		n, gy, ex := len(pc.Deck), len(pc.Deck), 0
		if keep.Objs != nil {
			gy, ex = bound, bound // reused: room for every object, as presize
		}
		g.Players[i] = Player{
			Name:        name,
			Life:        r.Defaults.Life,
			MaxHandSize: r.Defaults.MaxHandSize,
			LandPlays:   r.Defaults.LandPlays,
			Library:     grow(old.Library, n),
			Hand:        grow(old.Hand, n),
			Graveyard:   grow(old.Graveyard, gy),
			Exile:       grow(old.Exile, ex),
		}
	}
	k = 0
	for i, pc := range cfg.Players {
		var made Object // the object the previous card made, as made
		for _, c := range pc.Deck {
			k++
			if g.aux.copies[k-1] {
				g.place(made, i, ZoneLibrary) // a copy of the card before
				continue
			}
			kw, timing, err := r.bits(c)
			if err != nil {
				return err // checked above: not reached
			}
			made = g.newObject(c, i, kw, timing)
			g.place(made, i, ZoneLibrary)
		}
		if !cfg.NoShuffle {
			g.RNG.Shuffle(g.Players[i].Library)
		}
	}
	g.dirty = ChangeAll
	if !cfg.NoOpeningHand {
		for i := range g.Players {
			for n := int32(0); n < r.Defaults.OpeningHand; n++ {
				lib := g.Players[i].Library
				if len(lib) == 0 {
					break
				}
				g.move(lib[len(lib)-1], ZoneHand, i)
			}
		}
	}
	return nil
}

// cardBits checks that the rules know a card's keywords and timings, and
// returns them as the object's bits.
func (r *Rules) cardBits(c Card) (KeywordSet, uint8, error) {
	// Names printed in the trace: a card's, its subtypes, its abilities'
	// labels (a replay's or a script's cards are untrusted).
	if err := checkText("card name", c.Name); err != nil {
		return 0, 0, err
	}
	for _, s := range c.Subtypes {
		if err := checkText("subtype", s); err != nil {
			return 0, 0, err
		}
	}
	for _, t := range c.Triggers {
		if err := checkText("trigger label", t.Label); err != nil {
			return 0, 0, err
		}
	}
	for _, a := range c.Abilities {
		if err := checkText("ability label", a.Label); err != nil {
			return 0, 0, err
		}
	}
	return r.bits(c)
}

// bits is cardBits without the checks of the card's names: for a card
// cardBits accepted already (Reset's decks).
func (r *Rules) bits(c Card) (KeywordSet, uint8, error) {
	var kw KeywordSet
	for _, k := range c.Keywords {
		i, _, err := r.ParseKeyword(k)
		if err != nil {
			return 0, 0, err
		}
		kw |= 1 << uint(i)
	}
	if undeclared := (c.Types | c.Enchant) &^ (1<<uint(len(r.CardTypes)) - 1); undeclared != 0 {
		return 0, 0, fmt.Errorf("card types %#x: the rules declare %d card types (%v)", uint16(undeclared), len(r.CardTypes), r.CardTypes)
	}
	var timing uint8
	if c.Timing != "" {
		i := r.Timing(c.Timing)
		if i < 0 || i > 254 {
			return 0, 0, fmt.Errorf("unknown timing restriction %q (the rules declare %v)", c.Timing, r.TimingNames())
		}
		timing = uint8(i + 1)
	}
	if c.Spell.Effect < 0 || int(c.Spell.Effect) > len(r.Effects) {
		return 0, 0, fmt.Errorf("spell: effect %d: the rules declare %d effects", c.Spell.Effect, len(r.Effects))
	}
	for _, a := range c.Abilities {
		if a.Timing != "" && r.Timing(a.Timing) < 0 {
			return 0, 0, fmt.Errorf("ability %q: unknown timing restriction %q (the rules declare %v)", a.Label, a.Timing, r.TimingNames())
		}
	}
	return kw, timing, nil
}

// grow returns s emptied, with room for n elements.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, 0, n)
	}
	return s[:0]
}

// presize grows, in a game being reused, the buffers of combat, combat
// damage and the declaration checks at once to what a game of n objects
// needs (one entry per object, two of assignments), so that no combat of
// the game grows them (the buffers' sizes are not the game's state: the
// reused game's were already not nil).
func (g *Game) presize(n int) {
	c := &g.Combat
	c.Attacks, c.Blocks, c.Declared = atLeast(c.Attacks, n), atLeast(c.Blocks, n), atLeast(c.Declared, n)
	c.Assigned, c.AssignedSource, c.dealers, c.dividers = atLeast(c.Assigned, 2*n), atLeast(c.AssignedSource, n), atLeast(c.dealers, n), atLeast(c.dividers, n)
	c.DealtFirst, c.Ordered = atLeast(c.DealtFirst, n), atLeast(c.Ordered, n)
	g.dealBuf, g.hits = atLeast(g.dealBuf, 2*n), atLeast(g.hits, n+MaxPlayers)
	g.scratch, g.kept, g.answer = atLeast(g.scratch, 2*n), atLeast(g.kept, 8), atLeast(g.answer, n)
	g.watchBuf = atLeast(g.watchBuf, n)
	a := g.auxOf()
	a.from, a.groups, a.amounts, a.divs = atLeast(a.from, 2*n), atLeast(a.groups, n), atLeast(a.amounts, 2*n), atLeast(a.divs, n)
	a.sub, a.subOf, a.keys = atLeast(a.sub, 2*n), atLeast(a.subOf, n), atLeast(a.keys, n)
	s := g.declBufs()
	s.attacks, s.blks, s.flip = atLeast(s.attacks, n), atLeast(s.blks, n), atLeast(s.flip, n)
	s.ix.next, s.checked.objs, s.checked.targets = atLeast(s.ix.next, n), atLeast(s.checked.objs, n), atLeast(s.checked.targets, n)
	if len(s.ix.first) < n {
		s.ix.first = make([]int32, n+n/4)
	}
}

// atLeast is s emptied, with room for n.
func atLeast[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, 0, n)
	}
	return s[:0]
}

// Create makes a new object from a card description in owner's zone.
func (g *Game) Create(c Card, owner int, z Zone) (ObjID, error) {
	if owner < 0 || owner >= len(g.Players) {
		return NoObj, fmt.Errorf("no player %d: the game has %d", owner, len(g.Players))
	}
	switch z {
	case ZoneBattlefield, ZoneHand, ZoneLibrary, ZoneGraveyard, ZoneExile:
	default:
		return NoObj, fmt.Errorf("an object is created in a player's zone or on the battlefield, not %s", z)
	}
	kw, timing, err := g.Rules.cardBits(c)
	if err != nil {
		return NoObj, err
	}
	return g.create(c, owner, z, kw, timing), nil
}

// create makes the object of a card cardBits accepted, with its bits.
func (g *Game) create(c Card, owner int, z Zone, kw KeywordSet, timing uint8) ObjID {
	return g.place(g.newObject(c, owner, kw, timing), owner, z)
}

// sameCard reports whether a and b are the same card: equal, their
// subtypes and keywords equal, their triggers and abilities shared (a
// deck's copies of one Card).
//
// The costs and the spell are compared field by field: == on the structs
// calls memequal, and a game's setup compares every card of its decks.
func sameCard(a, b *Card) bool {
	return a.Types == b.Types && a.Super == b.Super && a.Power == b.Power && a.Toughness == b.Toughness &&
		a.Token == b.Token && a.Copy == b.Copy && a.Enchant == b.Enchant &&
		sameCost(&a.Cost, &b.Cost) && sameCost(&a.AttackCost, &b.AttackCost) && sameCost(&a.BlockCost, &b.BlockCost) &&
		sameTriggered(&a.Spell, &b.Spell) && a.Name == b.Name && a.Timing == b.Timing && a.Declared == b.Declared &&
		slices.Equal(a.Subtypes, b.Subtypes) && slices.Equal(a.Keywords, b.Keywords) && sameSlice(a.Triggers, b.Triggers) && sameSlice(a.Abilities, b.Abilities)
}

// Six colors and three arguments: sameCost and sameTriggered compare
// them one by one (update them with NumColors and MaxStackArgs).
var (
	_ [NumColors - 6]struct{}
	_ [6 - NumColors]struct{}
	_ [MaxStackArgs - 3]struct{}
	_ [3 - MaxStackArgs]struct{}
)

// sameCost reports whether a and b are the same cost (unrolled: a loop
// or an array's == costs more, for every card of a game's setup).
func sameCost(a, b *Cost) bool {
	c, d := &a.Colored, &b.Colored
	return a.Generic == b.Generic && c[0] == d[0] && c[1] == d[1] && c[2] == d[2] && c[3] == d[3] && c[4] == d[4] && c[5] == d[5]
}

// sameTriggered reports whether a and b are the same ability.
func sameTriggered(a, b *Triggered) bool {
	return a.Event == b.Event && a.Arg == b.Arg && a.Effect == b.Effect &&
		a.Args[0] == b.Args[0] && a.Args[1] == b.Args[1] && a.Args[2] == b.Args[2] &&
		a.Label == b.Label && a.Segment == b.Segment
}

// newObject is the object card c makes for owner, with its face in the table,
// not yet in the game (place puts it there).
func (g *Game) newObject(c Card, owner int, kw KeywordSet, timing uint8) Object {
	var subBits uint64
	if len(c.Subtypes) > 0 {
		subs, own := c.Subtypes, false // the card's when already lower case (a new face copies them: internFace)
		for _, s := range c.Subtypes {
			if s != strings.ToLower(s) {
				subs, own = make([]string, len(c.Subtypes)), true
				break
			}
		}
		for i, s := range c.Subtypes {
			low := strings.ToLower(s)
			if own {
				subs[i] = low
			}
			for b, t := range BitSubtypes {
				if t == low && b < 64 {
					subBits |= 1 << uint(b)
				}
			}
		}
		c.Subtypes = subs
	}
	var kwArgs []KeywordArg
	if g.Rules.Parameterized != 0 {
		for _, k := range c.Keywords {
			if i, n, _ := g.Rules.ParseKeyword(k); g.Rules.Parameterized.Has(i) {
				kwArgs = append(kwArgs, KeywordArg{Keyword: int16(i), N: n})
			}
		}
	}
	face := g.internFace(&Face{Name: c.Name, Card: c.Declared, Subtypes: c.Subtypes, Cost: c.Cost, AttackCost: c.AttackCost, BlockCost: c.BlockCost,
		Triggers: c.Triggers, Abilities: c.Abilities, Spell: c.Spell, KeywordArgs: kwArgs})
	return Object{
		Owner: int8(owner), Controller: int8(owner), Zone: ZoneNone,
		Types: c.Types, Super: c.Super, Power: c.Power, Toughness: c.Toughness, Keywords: kw,
		Token: c.Token, Copy: c.Copy, Enchant: c.Enchant, AttachedTo: NoObj, SubBits: subBits,
		Timing: timing, Protector: -1, face: face,
	}
}

// place puts object o (as newObject made it) into the game, into zone z of
// owner's: a new object.
func (g *Game) place(o Object, owner int, z Zone) ObjID {
	g.touch(ChangeZones | ChangePlayers) // and the move, the battlefield
	id := ObjID(len(g.Objs))
	g.Objs = append(g.Objs, o)
	p := &g.Objs[id]
	g.derive(id)
	g.count(p, id, 1)
	g.seeKeywords(p.Keywords)
	if a := g.aux; a != nil && a.tokCopy == 1 && (p.Token || p.Copy != NotCopy) {
		a.tokCopy = 2
	}
	g.move(id, z, owner)
	return id
}

// Clone returns an independent copy of the game. The log's existing events
// are shared (they are never modified); everything else is copied.
func (g *Game) Clone() *Game {
	c := new(Game)
	c.CopyFrom(g)
	return c
}

// CopyFrom makes g an independent copy of src, reusing g's buffers: a
// search that copies positions into the same few games allocates nothing
// once the buffers have grown.
func (g *Game) CopyFrom(src *Game) {
	keep := *g
	*g = *src
	total := len(src.Battlefield)
	for i := range src.Players {
		p := &src.Players[i]
		total += len(p.Library) + len(p.Hand) + len(p.Graveyard) + len(p.Exile)
	}
	buf := keep.zoneBuf[:0]
	if cap(buf) < total {
		buf = make([]ObjID, 0, total)
	}
	take := func(s []ObjID) []ObjID {
		start := len(buf)
		buf = append(buf, s...)
		return buf[start:len(buf):len(buf)] // appends reallocate, never overwrite a neighbour
	}
	g.Players = append(keep.Players[:0], src.Players...)
	g.Battlefield = take(src.Battlefield)
	for i := range g.Players {
		p := &g.Players[i]
		p.Library, p.Hand, p.Graveyard, p.Exile = take(p.Library), take(p.Hand), take(p.Graveyard), take(p.Exile)
	}
	g.zoneBuf = buf
	g.Objs = append(keep.Objs[:0], src.Objs...)
	g.faces = src.faces[:len(src.faces):len(src.faces)] // shared: an append reallocates, never writes into src's
	g.Stack = append(keep.Stack[:0], src.Stack...)
	g.Waiting = append(keep.Waiting[:0], src.Waiting...)
	g.Delayed = append(keep.Delayed[:0], src.Delayed...)
	g.Effects = append(keep.Effects[:0], src.Effects...)
	g.ExtraTurns = append(keep.ExtraTurns[:0], src.ExtraTurns...)
	g.Skips = append(keep.Skips[:0], src.Skips...)
	g.Combat.copyFrom(&keep.Combat, &src.Combat)
	g.answer = append(keep.answer[:0], src.answer...)
	g.kept = append(keep.kept[:0], src.kept...)
	g.chosen = append(keep.chosen[:0], src.chosen...)
	g.copyLog(&keep, src)
	g.scratch, g.hits, g.dealBuf, g.decl = keep.scratch[:0], keep.hits[:0], keep.dealBuf[:0], keep.decl
	g.watchBuf = keep.watchBuf[:0]
	if g.decl != nil {
		g.decl.checked.ok = false // of the game g was, not of src
	}
	g.optKeys = keep.optKeys[:0]
	g.aux = keep.aux
	if g.aux != nil {
		g.aux.attKnown, g.aux.watchedAt, g.aux.availAt = 0, 0, 0
	}
	g.forgetDealers() // of the game g was
	if g.aux != nil {
		g.aux.tokCopy = 0
		if src.aux != nil {
			g.aux.tokCopy = src.aux.tokCopy
		}
	}
	g.rehomeDamage() // the pending decision's slices were src's buffers
}

// A game tries things (SBAPending, Check of an answer, the payment of
// declared costs) on a scratch copy, so that its answers and checks
// leave it untouched: its own (gameAux.try, kept with its buffers, so
// that trying allocates nothing once it has grown), or one of
// scratchGames while its own is in use.
var scratchGames = sync.Pool{New: func() any { return new(Game) }}

// tryGame is a scratch game for g to copy itself into; doneTry gives it
// back.
func (g *Game) tryGame() *Game {
	a := g.auxOf()
	if a.tryBusy {
		return scratchGames.Get().(*Game)
	}
	if a.try == nil {
		a.try = new(Game)
	}
	a.tryBusy = true
	return a.try
}

func (g *Game) doneTry(s *Game) {
	if a := g.aux; a != nil && s == a.try {
		a.tryBusy = false
		return
	}
	s.Rules = nil // keep no rules alive through the pool
	scratchGames.Put(s)
}

// tryOn runs f on a scratch copy of g (without g's log) and returns its
// result.
func (g *Game) tryOn(f func(s *Game) bool) bool {
	s := g.tryGame()
	s.CopyFrom(g)
	s.quiet()
	ok := f(s)
	g.doneTry(s)
	return ok
}

func cloneSlice[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return append([]T(nil), s...)
}

// derive gives object x its class: that of the first object before it
// with the same characteristics (sameClass), else its own ID. Equal
// classes are then sameClass exactly.
func (g *Game) derive(x ObjID) {
	o := &g.Objs[x]
	if x > 0 && sameClass(o, &g.Objs[x-1]) {
		o.class = g.Objs[x-1].class // a deck's copies of a card come in a row
		return
	}
	o.class = uint32(x)
	for i := ObjID(0); i < x; i++ {
		if e := &g.Objs[i]; uint32(i) == e.class && sameClass(e, o) {
			o.class = e.class
			return
		}
	}
}

func (g *Game) count(o *Object, x ObjID, n int32) {
	if len(g.faceOf(o).Abilities) > 0 {
		g.withAbilities += n
	}
	if g.mayTrigger(o, x) {
		g.withTriggers += n // any trigger: events are matched when one may trigger
	}
}

// countAbilities counts again the objects with activated abilities and
// death triggers (fixtures give objects abilities directly).
func (g *Game) countAbilities() {
	g.withAbilities, g.withTriggers = 0, 0
	for i := range g.Objs {
		if o := &g.Objs[i]; len(g.faceOf(o).Abilities) > 0 || g.mayTrigger(o, ObjID(i)) {
			g.count(o, ObjID(i), 1)
		}
	}
}

// Touch tells the game that its exported fields were changed directly (as
// test fixtures do): the next state-based-action check must look again,
// the objects with abilities are counted again, and the classes Options
// groups by are derived again before it next groups (characteristics may
// have been set).
// Changes made through the game's methods need no Touch.
func (g *Game) Touch() {
	g.touch(ChangeAll)
	g.live = nil // keywords may have been given
	if g.aux != nil {
		g.aux.tokCopy = 0 // Token or Copy may have been set: look again
	}
	g.countAbilities()
	g.reclass = true // derived again by the next grouping (Options), not at every Touch
	if g.aux != nil {
		g.aux.attKnown, g.aux.watchedAt, g.aux.availAt = 0, 0, 0
	}
	g.forgetDealers()
	g.checkWatches(NoObj, false)
}

// Turn is the number of the current turn (1 for the first).
func (g *Game) Turn() int32 { return g.TurnNum }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.over }

// Winner is the winning player, or -1 for a draw or a game not over.
func (g *Game) Winner() int { return g.winner }

// StepHadPriority reports whether a player received priority during the
// current step.
func (g Exec) StepHadPriority() bool { return g.stepHadPriority }

// current returns the step being played; ok is false between turns.
func (g *Game) current() (*Phase, *Step, bool) {
	if g.stage == stNewTurn || g.pos >= g.planLen {
		return nil, nil, false
	}
	ref := g.plan[g.pos].Ref
	ph := &g.Rules.Phases[ref.Phase]
	return ph, &ph.Steps[ref.Step], true
}

// CurrentStep is the name of the current step (the phase's name for a phase
// without steps), or "" between turns.
func (g *Game) CurrentStep() string {
	if _, st, ok := g.current(); ok {
		return st.Name
	}
	return ""
}

// CurrentPhase is the name of the current phase, or "" between turns.
func (g *Game) CurrentPhase() string {
	if ph, _, ok := g.current(); ok {
		return ph.Name
	}
	return ""
}

// StartAt places the game at the beginning of the named step (or phase) of
// turn number turn, with active as the active player: a fixture for tests
// and analysis tools. Nothing before that step happens.
func (g *Game) StartAt(turn int32, active int, step string) error {
	if active < 0 || active >= len(g.Players) {
		return fmt.Errorf("no player %d", active)
	}
	ref, ok := g.Rules.FindStep(step)
	if !ok {
		return fmt.Errorf("the rules have no step or phase %q", step)
	}
	g.touch(ChangeAll)
	g.TurnNum, g.Active, g.lastNormal, g.started = turn, active, active, true
	g.buildPlan()
	for i := 0; i < g.planLen; i++ {
		if g.plan[i].Ref == ref {
			g.pos = i
			g.inPhase = !g.plan[i].PhaseStart
			g.stage = stBeginSeg
			g.prio = prioState{}
			g.pending = Decision{}
			g.stepHadPriority = false
			g.assumeHistory(i)
			g.unindexCombat(0, 0)
			g.Combat.reset() // a combat in progress elsewhere is over
			g.forgetDealers()
			return nil
		}
	}
	return fmt.Errorf("step %q is not part of the turn", step)
}

// assumeHistory records the steps and phases before plan entry i as begun
// and ended (none skipped), and i's phase as begun if i does not start it.
func (g *Game) assumeHistory(i int) {
	g.segBegan, g.segEnded = segSet{}, segSet{}
	for j := 0; j <= i; j++ {
		e := g.plan[j]
		p, s := int(e.Ref.Phase), int(e.Ref.Step)
		if j == i {
			if !e.PhaseStart {
				g.segBegan.add(p, -1)
			}
			break
		}
		g.segBegan.add(p, -1)
		if !g.Rules.Phases[p].Implicit {
			g.segBegan.add(p, s)
			g.segEnded.add(p, s)
		}
		if e.PhaseEnd {
			g.segEnded.add(p, -1)
		}
	}
}

func (g *Game) buildPlan() {
	g.planLen = 0
	for pi := range g.Rules.Phases {
		g.appendPhase(pi)
	}
}

func (g *Game) appendPhase(pi int) {
	ph := &g.Rules.Phases[pi]
	for si := range ph.Steps {
		if g.planLen == maxPlan {
			return
		}
		g.plan[g.planLen] = planEntry{Ref: StepRef{int16(pi), int16(si)}, PhaseStart: si == 0, PhaseEnd: si == len(ph.Steps)-1}
		g.planLen++
	}
}
