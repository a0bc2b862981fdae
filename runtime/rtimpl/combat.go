package rtimpl

import (
	"slices"
	"sync"
)

// Combat mechanics: who attacks whom, who blocks whom, damage assignment
// orders, assigning and dealing combat damage. Which creatures may attack
// or block, evasion, what lethal damage is, trample, deathtouch, lifelink
// and which creatures deal damage in which damage step are predicates the
// rules supply (Rules.Predicates); refusals cite the predicate's rule.

// PredKind is a kind of predicate the rules declare (`kind NAME (...)` in
// the .mtg, Rules.Kinds): its index there; 0 is none. Which kinds there
// are, their names and what their predicates mean are the rules' own: the
// runtime evaluates the predicates of a kind as its PredSpec says (every
// one or any one holding, the first one's value) where the rules' own
// conditions and declarations consult them.
type PredKind uint8

// MaxPredKinds bounds the kinds of predicate a ruleset declares (the
// runtime's indexes of predicates by kind are arrays of this size).
const MaxPredKinds = 64

// PredSpec describes a kind of predicate as the rules declare it: its
// name in .mtg, its parameters and what its predicates give.
type PredSpec struct {
	Name    string
	Params  int   // the parameters it takes
	Players uint8 // bit i: parameter i is a player (passed as its index, ObjID(p)); else an object
	Value   bool  // its predicates give a number (Value, Value2), not a condition
	Player  bool  // the number is a player (its index)
	All     bool  // every one must hold (none: vacuously), rather than any one
	Doc     string
}

// PlayerParam reports whether parameter i of the kind is a player.
func (s *PredSpec) PlayerParam(i int) bool { return s.Players&(1<<i) != 0 }

// noKind is the spec of a kind the rules do not declare: no parameter,
// nothing.
var noKind PredSpec

// Kind describes kind k as the rules declare it (a zero PredSpec for a
// kind they do not: 0, or out of range).
func (r *Rules) Kind(k PredKind) *PredSpec {
	if r == nil || k == 0 || int(k) >= len(r.Kinds) {
		return &noKind
	}
	return &r.Kinds[k]
}

// KindName is the name of kind k in the .mtg ("" if the rules declare
// none such).
func (r *Rules) KindName(k PredKind) string { return r.Kind(k).Name }

// ParseKind maps a kind's name to the kind the rules declare by it.
func (r *Rules) ParseKind(name string) (PredKind, bool) {
	for i := 1; i < len(r.Kinds) && i < MaxPredKinds; i++ {
		if r.Kinds[i].Name == name {
			return PredKind(i), true
		}
	}
	return 0, false
}

// Holds reports whether the rules' predicates of kind k (of one object,
// a condition) hold for x, as the kind's declaration says: every one (a
// kind declared every), else any one.
func (g Exec) Holds(k PredKind, x ObjID) bool {
	if k >= MaxPredKinds || uint(x) >= uint(len(g.Objs)) {
		return false
	}
	l := g.lived()
	switch l.flags[k] & kfShape {
	case kfOne:
		if g.Objs[x].Types&l.types[k] == 0 {
			return false // (no predicate of k can hold for x: typed)
		}
		ok, _ := g.holdsIn(l.kinds[k], x, false)
		return ok
	case kfOne | kfAll:
		ok, _ := g.holdsIn(l.kinds[k], x, true)
		return ok
	}
	return false
}

// PredTypes are the card types one of which an object must have for
// Holds(k, it) to hold: the union of the live predicates' TypeGuards for
// a kind any one of which holds, every type otherwise.
func (g Exec) PredTypes(k PredKind) TypeSet {
	if l := g.live; l != nil && k < MaxPredKinds && l.flags[k]&kfShape == kfOne {
		return l.types[k]
	}
	return ^TypeSet(0)
}

// kindFlags are a kind's declaration (Rules.Kinds) as the evaluator reads
// it on every call: its parameters, what it gives, how its predicates
// combine.
type kindFlags uint8

const (
	kfOne         kindFlags = 1 << iota // one parameter
	kfTwo                               // two parameters
	kfValue                             // its predicates give a value
	kfAll                               // every one must hold
	kfPlayerValue                       // the value is a player
	kfP0                                // parameter 0 is a player
	kfP1                                // parameter 1 is a player

	kfShape = kfOne | kfTwo | kfValue | kfAll // what Holds and the others accept
)

// kindFlagsOf are the flags of the rules' kinds (none for a kind they do
// not declare).
func kindFlagsOf(r *Rules) (t [MaxPredKinds]kindFlags) {
	for k := 1; k < len(r.Kinds) && k < MaxPredKinds; k++ {
		s := &r.Kinds[k]
		var f kindFlags
		switch s.Params {
		case 1:
			f = kfOne
		case 2:
			f = kfTwo
		default:
			continue // no call of the evaluator takes it
		}
		if s.Value {
			f |= kfValue
			if s.Player {
				f |= kfPlayerValue
			}
		} else if s.All {
			f |= kfAll
		}
		if s.PlayerParam(0) {
			f |= kfP0
		}
		if s.PlayerParam(1) {
			f |= kfP1
		}
		t[k] = f
	}
	return t
}

// lived is g.live, derived first if it is not yet.
func (g *Game) lived() *liveKinds {
	if l := g.live; l != nil {
		return l
	}
	return g.liveSlow()
}

// liveSlow is lived's uncommon case, kept out of line so that lived
// inlines.
//
//go:noinline
func (g *Game) liveSlow() *liveKinds {
	g.relive()
	return g.live
}

// Predicate is a combat predicate: Test for one object, Test2 for two.
type Predicate struct {
	Kind PredKind
	Rule string
	Pos  string
	// Text is the predicate's condition (or value) as the .mtg says it,
	// quoted in refusals so that they show what was not met.
	Text   string
	Test   func(g Exec, x ObjID) bool
	Test2  func(g Exec, x, y ObjID) bool
	Value  func(g Exec, x ObjID) int32
	Value2 func(g Exec, x, y ObjID) int32
	// Cost2: a function of the rules whose value is a cost in mana, of
	// two parameters (a declaration's cost: of a creature and the player
	// it is declared to attack).
	Cost2 func(g Exec, x, y ObjID) Cost
	// Own (derived by the compiler): Test reads only its object's own
	// state (zone, controller, phasing, printed characteristics, its own
	// attack or block), which nothing done to another object changes, so
	// that after a change to one object only that one needs testing again.
	Own bool
	// Guard (derived by the compiler from the condition): the condition
	// can hold only if its first parameter has one of the keywords of
	// Guard[0] or its second one of Guard[1] ("a has flying and …"), or
	// some object it asks about in any(...) has one of Guard[0] ("any(
	// anything, s, s has split_second and …)").
	// While no object of the game has any of them (printed, kept as it
	// left the battlefield, or given by an effect), the predicate holds
	// for nothing and is not evaluated (Game.live). Zero: no such
	// keywords.
	Guard [2]KeywordSet
	// TypeGuard (derived by the compiler from the condition): the
	// condition can hold only if its first parameter has one of these card
	// types ("x.instant", "a.creature and …"); the evaluator tests them
	// before calling Test. Zero: no such types.
	TypeGuard TypeSet
	// GuardCard (derived by the compiler): the condition can hold only if
	// some object of the game was made from the card the rules declare by
	// this name (is_card): while none was, the predicate is not evaluated
	// either. Empty: no such card.
	GuardCard string
	// Kinds (of a function of the rules, Rules.Fns; derived by the
	// compiler): it is zero (false) unless a predicate of one of these
	// kinds holds, so while none of them is live (Game.live) it is not
	// evaluated (fnDead). Nil: no such kinds.
	Kinds []PredKind
	// Is, IsOp (of a function of the rules; derived by the compiler): it
	// is exactly holds(Is, ...) (FnHolds), holding(Is, ...) (FnHolding)
	// or the value Is(...) (FnValue) of its parameters, which the runtime
	// evaluates so (the same as calling it, without the call). IsOp 0:
	// call it.
	Is   PredKind
	IsOp FnOp
}

// FnOp is what a function of the rules is exactly (Predicate.IsOp).
type FnOp uint8

const (
	FnCall    FnOp = iota // call it
	FnHolds               // holds(Is, its parameters)
	FnHolding             // holding(Is, its parameters)
	FnValue               // Is(its parameters), a value
)

// Attack is one attacking creature.
type Attack struct {
	Attacker   ObjID
	Controller int8  // its controller when it was declared
	Player     int8  // the player it attacks, or the controller of Target
	Target     ObjID // the planeswalker it attacks, or NoObj
	Blocked    bool  // stays true for the combat once blocked (even if blockers leave)
	Declared   bool  // declared as an attacker, not put into combat attacking
	Nothing    bool  // Target was removed from combat: it attacks nothing, its damage goes nowhere
}

// Block is one blocker blocking one attacker; Order places the blocker in
// the attacker's damage assignment order.
type Block struct {
	Blocker    ObjID
	Controller int8 // the blocker's controller when it was declared
	Attacker   ObjID
	Order      int16 // place of Blocker in Attacker's damage assignment order
	BOrder     int16 // place of Attacker in Blocker's damage assignment order
	Repeated   bool  // Blocker blocks an earlier attacker of Combat.Blocks too
}

// Assigned is combat damage assigned but not yet dealt. To is an object,
// or NoObj for the player ToPlayer.
type Assigned struct {
	Source   ObjID
	To       ObjID
	ToPlayer int8
	Amount   int32
}

// Combat is the state of the current combat.
type Combat struct {
	Attacks         []Attack
	Blocks          []Block
	Assigned        []Assigned
	AttackersDone   bool        // attackers were declared this combat
	BlockersDone    uint16      // defending players (bits) who declared blockers
	Ordered         []ObjID     // creatures whose damage assignment order was given
	DamageSteps     int8        // combat damage steps begun this combat
	SecondStep      bool        // a second combat damage step was added
	DealtFirst      []ObjID     // creatures that dealt damage in the first step
	AssignedSource  []ObjID     // sources whose assignment is decided in this step
	dealers         []ObjID     // creatures that deal damage in this step
	dividing        DamageGroup // the division being checked (see Assigning)
	dividingAmounts []int32
	// dividers are the creatures whose damage is divided as their
	// controller chooses in this step (the rules' may_divide).
	dividers          []divider
	DeclaredAttackers int32 // how many creatures were declared as attackers (int8 wrapped at 128: 257 attackers each "attacked alone")
	// Began counts the creatures that began attacking this combat:
	// declared as attackers or put into combat attacking, whether or not
	// they attack still.
	Began            int32
	DeclaredBlockers int32 // how many creatures were declared as blockers
	Defender         int8  // the defending player chosen this combat
	DefenderChosen   bool
	// Declared is the declaration of attackers or blockers being made
	// (Declaring says which): chosen and checked, not yet made.
	Declared  []Declared
	Declaring DeclarationKind
	payFailed string // a payment of declared costs failed, citing this rule (a look-ahead's copy)
	// nAtk, nBlk: the lengths of Attacks and Blocks when the objects'
	// indexes were last made (indexCombat); lists of other lengths were
	// changed from outside the runtime, and lookups scan them.
	nAtk, nBlk int
	// repeated: some blocker blocks several attackers (a Block Repeated).
	repeated bool
	// dupAtk: some creature has two attacks in Attacks (a trial of a
	// declaration naming a creature that attacks already, declRestricted).
	dupAtk bool
	// Places are the announcements of places in damage assignment orders
	// still to be asked (ChoosePlace), the first first.
	Places []Place
	// Atk and Blk are the clauses of the declarations of attackers and
	// blockers (DeclFns: those stated before the statements asking for
	// them, ChooseAttackers, ChooseBlockers, and what they are given):
	// what the declarations are checked against. Stated are the clauses
	// stated since the last declaration was asked for (Declarable...),
	// which the next one adopts.
	Atk, Blk, Stated DeclFns
	// divRestrict and divFigure are the functions of the rules the
	// damage decision was posed with (DivideCombatDamage): what refuses a
	// division, and the value of each recipient the host is told.
	divRestrict, divFigure FnID
}

// copyFrom makes c a copy of src, reusing the buffers of old.
func (c *Combat) copyFrom(old, src *Combat) {
	c.Attacks = append(old.Attacks[:0], src.Attacks...)
	c.Blocks = append(old.Blocks[:0], src.Blocks...)
	c.Assigned = append(old.Assigned[:0], src.Assigned...)
	c.DealtFirst = append(old.DealtFirst[:0], src.DealtFirst...)
	c.AssignedSource = append(old.AssignedSource[:0], src.AssignedSource...)
	c.Ordered = append(old.Ordered[:0], src.Ordered...)
	c.dealers = append(old.dealers[:0], src.dealers...)
	c.Declared = append(old.Declared[:0], src.Declared...)
	c.dividers = append(old.dividers[:0], src.dividers...)
	c.Places = append(old.Places[:0], src.Places...)
}

// reset ends the combat, keeping the buffers for the next one.
func (c *Combat) reset() {
	*c = Combat{
		Attacks: c.Attacks[:0], Blocks: c.Blocks[:0], Assigned: c.Assigned[:0], Ordered: c.Ordered[:0],
		DealtFirst: c.DealtFirst[:0], AssignedSource: c.AssignedSource[:0], dealers: c.dealers[:0],
		Declared: c.Declared[:0], dividers: c.dividers[:0], Places: c.Places[:0],
		Atk: c.Atk, Blk: c.Blk, // the rules' clauses, adopted again (unchanged) by the next combat's declarations
	}
}

// predIndex lists, for each kind, the indexes of its predicates in
// Rules.Predicates, in order; and, for each trigger event, the indexes of
// the keyword triggers waiting for it in Rules.KeywordTriggers (an event
// no keyword waits for costs no look at them).
type predIndex struct {
	kinds [MaxPredKinds][]int32
	// flags are the rules' kinds' (kindFlagsOf).
	flags [MaxPredKinds]kindFlags
	// acts are the rules' actions by the zones they take their objects
	// from (indexActions).
	acts actionIndex
	// guards are the keywords some predicate's Guard names and the cards
	// some GuardCard names (cardBit: a card's bit); all is kinds with
	// every one seen, live the other keys seen (liveFor).
	guards  liveKey
	cardBit map[string]uint
	all     liveKinds
	mu      sync.Mutex
	live    map[liveKey]*liveKinds
	kwTrig  [][]int32 // by EventID
	// kwTrigSet are the keywords some keyword trigger waits on: an
	// object with none of them (and no trigger of its own) triggers
	// nothing.
	kwTrigSet KeywordSet
	sba       sbaIndex
	// hooks are the rules' event hooks (Rules.OnEvents) by the event kind
	// they run on.
	hooks [64][]int32
}

func indexPredicates(r *Rules) *predIndex {
	ix := new(predIndex)
	if r == nil {
		return ix
	}
	ix.acts = indexActions(r)
	for i := range r.OnEvents {
		k := uint(r.OnEvents[i].On.Kind) & 63
		ix.hooks[k] = append(ix.hooks[k], int32(i))
	}
	// One backing array for every kind, in kind order.
	ix.flags = kindFlagsOf(r)
	all := make([]int32, 0, len(r.Predicates))
	for k := PredKind(1); int(k) < len(r.Kinds) && k < MaxPredKinds; k++ {
		start := len(all)
		for i, p := range r.Predicates {
			if p.Kind == k {
				all = append(all, int32(i))
			}
		}
		ix.kinds[k] = all[start:len(all):len(all)]
	}
	for _, p := range r.Predicates {
		ix.guards.kw |= p.Guard[0] | p.Guard[1]
		if s := r.Kind(p.Kind); p.GuardCard == "" || s.All || s.Value || s.Name == "" {
			continue
		}
		b, ok := ix.cardBit[p.GuardCard]
		if !ok && len(ix.cardBit) < maxGuardCards {
			if ix.cardBit == nil {
				ix.cardBit = map[string]uint{}
			}
			b, ok = uint(len(ix.cardBit)), true
			ix.cardBit[p.GuardCard] = b
		}
		if ok {
			ix.guards.cards[b/64] |= 1 << (b % 64)
		}
	}
	ix.sba = indexSBAs(r.SBAs)
	ix.all = liveKinds{seen: ix.guards, kinds: ix.kinds, flags: ix.flags}
	ix.all.typed(r)
	ix.live = map[liveKey]*liveKinds{}
	ix.kwTrig = make([][]int32, len(r.TriggerEvents)+1)
	for i := range r.KeywordTriggers {
		if ev := int(r.KeywordTriggers[i].Trigger.Event); ev > 0 && ev < len(ix.kwTrig) {
			ix.kwTrig[ev] = append(ix.kwTrig[ev], int32(i))
		}
		if k := r.KeywordTriggers[i].Keyword; k >= 0 && k < 64 {
			ix.kwTrigSet |= 1 << uint(k)
		}
	}
	return ix
}

// keywordTriggersOf returns the indexes of the keyword triggers waiting
// for trigger event ev.
func (g *Game) keywordTriggersOf(ev EventID) []int32 {
	if g.preds == nil {
		g.preds = indexPredicates(g.Rules)
	}
	if int(ev) >= len(g.preds.kwTrig) {
		return nil
	}
	return g.preds.kwTrig[ev]
}

// predsOf returns the indexes of the predicates of kind k that may hold
// in this game (none for a kind out of range: a loaded decision's): a
// condition whose Guard keywords no object of the game has had is left
// out of the kinds of which any one holding decides (Game.live).
func (g *Game) predsOf(k PredKind) []int32 {
	if g.live == nil || k >= MaxPredKinds {
		return g.predsSlow(k) // (predsOf inlined: the common case is one load)
	}
	return g.live.kinds[k]
}

// predsSlow is predsOf's uncommon case, kept out of line: inlined into
// predsOf, it made predsOf too big to inline into its callers (pred,
// Holds2, ...: a call on every test of a predicate).
//
//go:noinline
func (g *Game) predsSlow(k PredKind) []int32 {
	if g.live == nil {
		g.relive()
	}
	if k >= MaxPredKinds {
		return nil
	}
	return g.live.kinds[k]
}

// liveKinds is predIndex.kinds without the conditions no object can
// satisfy yet: those whose Guard keywords no object of the game has had,
// or whose GuardCard no object was made from. Immutable once built,
// shared by every game (and clone) that has seen the same guards.
type liveKinds struct {
	seen  liveKey
	kinds [MaxPredKinds][]int32
	// flags are predIndex.flags, the rules' kinds'.
	flags [MaxPredKinds]kindFlags
	// types[k] is the card types one of which an object must have for a
	// predicate of kind k to hold for it: the union of their TypeGuards,
	// every type when one has none (typed).
	types [MaxPredKinds]TypeSet
}

// typed fills l.types from l.kinds.
func (l *liveKinds) typed(r *Rules) {
	for k := range l.kinds {
		var t TypeSet
		for _, i := range l.kinds[k] {
			g := r.Predicates[i].TypeGuard
			if g == 0 {
				g = ^TypeSet(0)
			}
			t |= g
		}
		l.types[k] = t
	}
}

// liveKey is what a game has seen of the predicates' guards: the guard
// keywords its objects have had, and the guard cards (bit i:
// predIndex.cards[i]) some object was made from.
type liveKey struct {
	kw    KeywordSet
	cards [maxGuardCards / 64]uint64
}

const (
	// maxLiveSets bounds predIndex.live: past it, a key is built for
	// its game alone.
	maxLiveSets = 64
	// maxGuardCards bounds the cards that guard predicates: the clauses
	// of a library's further cards are evaluated, in or out of the game.
	maxGuardCards = 256
)

// relive derives g.live from the keywords its objects have, printed or
// kept as they left the battlefield, and its effects give, and from the
// cards its faces were made from.
func (g *Game) relive() {
	if g.preds == nil {
		g.preds = indexPredicates(g.Rules)
	}
	ix := g.preds
	var seen liveKey
	for i := range g.Objs {
		seen.kw |= g.Objs[i].Keywords | g.Objs[i].lkiKeywords
	}
	for i := range g.Effects {
		seen.kw |= g.Effects[i].Keywords
	}
	if len(ix.cardBit) > 0 {
		for i := range g.faces { // every object's face, and maybe more: a superset
			if n := g.faces[i].Card; n != "" {
				if b, ok := ix.cardBit[n]; ok {
					seen.cards[b/64] |= 1 << (b % 64)
				}
			}
		}
	}
	g.live = ix.liveFor(g.Rules, seen)
}

// seeKeywords notes that an object of the game may have the keywords
// ks: the predicates they guard may hold from now on. (Keywords are
// seen for the rest of the game: an effect that ends leaves its guarded
// predicates evaluated, which is never wrong.)
func (g *Game) seeKeywords(ks KeywordSet) {
	if l := g.live; l != nil && ks&g.preds.guards.kw&^l.seen.kw != 0 {
		g.live = nil // (relive on the next look: rare, once per keyword)
	}
}

// seeCard notes that an object was made from the card the rules declare
// by name (a new face).
func (g *Game) seeCard(name string) {
	if l := g.live; l != nil && name != "" {
		if b, ok := g.preds.cardBit[name]; ok && l.seen.cards[b/64]&(1<<(b%64)) == 0 {
			g.live = nil
		}
	}
}

// liveFor returns the predicates that may hold where the game has seen
// the guards seen.
func (ix *predIndex) liveFor(r *Rules, seen liveKey) *liveKinds {
	seen.kw &= ix.guards.kw
	for i := range seen.cards {
		seen.cards[i] &= ix.guards.cards[i]
	}
	if seen == ix.guards {
		return &ix.all
	}
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if l := ix.live[seen]; l != nil {
		return l
	}
	l := &liveKinds{seen: seen, flags: ix.flags}
	for k := PredKind(1); k < MaxPredKinds; k++ {
		s := r.Kind(k)
		for _, i := range ix.kinds[k] {
			if s.All || s.Value || ix.mayHold(&r.Predicates[i], &seen) {
				l.kinds[k] = append(l.kinds[k], i)
			}
		}
	}
	l.typed(r)
	if len(ix.live) < maxLiveSets {
		ix.live[seen] = l
	}
	return l
}

// mayHold reports whether p's guards are seen: its condition may hold.
func (ix *predIndex) mayHold(p *Predicate, seen *liveKey) bool {
	if gd := p.Guard[0] | p.Guard[1]; gd != 0 && gd&seen.kw == 0 {
		return false
	}
	if b, ok := ix.cardBit[p.GuardCard]; ok && seen.cards[b/64]&(1<<(b%64)) == 0 {
		return false
	}
	return true
}

// pred reports whether predicates of kind hold for x: with all, every one
// must hold (true when there are none); otherwise any one (false when
// none). It returns the rule of the deciding predicate.
func (g *Game) pred(k PredKind, x ObjID, all bool) (bool, string) {
	if l := g.live; !all && l != nil && k < MaxPredKinds && uint(x) < uint(len(g.Objs)) && g.Objs[x].Types&l.types[k] == 0 {
		return false, "" // (no predicate of k can hold for x: typed)
	}
	ok, i := g.holdsIn(g.predsOf(k), x, all)
	if i < 0 {
		return ok, ""
	}
	return ok, g.Rules.Predicates[i].Rule
}

// holdsIn reports whether the predicates ix (of one object, a condition)
// hold for x: with all, every one must (true when there are none);
// otherwise any one (false when none). i is the one that decided, -1 if
// none did.
func (g *Game) holdsIn(ix []int32, x ObjID, all bool) (ok bool, i int32) {
	for _, i := range ix {
		p := &g.Rules.Predicates[i]
		if holds := g.typeOK(p, x) && p.Test(g.exec(), x); holds != all {
			if w := g.why; w != nil {
				w.held = i // the clause that decided: a refusal quotes it (fnEval)
			}
			return !all, i
		}
	}
	return all, -1
}

// typeOK reports whether x has one of p's TypeGuard types (or p has
// none): otherwise p's condition does not hold for x, untested.
func (g *Game) typeOK(p *Predicate, x ObjID) bool {
	return p.TypeGuard == 0 || uint(x) < uint(len(g.Objs)) && g.Objs[x].Types&p.TypeGuard != 0
}

func (g *Game) pred2(k PredKind, x, y ObjID) (bool, string) {
	for _, i := range g.predsOf(k) {
		p := &g.Rules.Predicates[i]
		if p.Test2(g.exec(), x, y) {
			return true, p.Rule
		}
	}
	return false, ""
}

// refusePred is a refusal by the predicate of kind k that cites rule,
// quoting it (Refusal.Why).
func (g *Game) refusePred(k PredKind, rule, format string, args ...any) *Refusal {
	return g.refusePredOn(k, rule, NoObj, NoObj, false, format, args...)
}

// refusePredOn is refusePred quoting, among the clauses of kind k citing
// rule, the first whose test on x (and y, for a kind of two objects) is
// holds: the clause that refused, when several cite one rule (a card's
// clause beside the rules' own). x NoObj: the first citing rule.
func (g *Game) refusePredOn(k PredKind, rule string, x, y ObjID, holds bool, format string, args ...any) *Refusal {
	r := refuse(rule, format, args...)
	var quote *Predicate
	for i := range g.Rules.Predicates {
		p := &g.Rules.Predicates[i]
		if p.Kind != k || p.Rule != rule || p.Text == "" {
			continue
		}
		if quote == nil {
			quote = p
		}
		if x == NoObj {
			break
		}
		if (p.Test2 != nil && y != NoObj && p.Test2(g.exec(), x, y) == holds) || (p.Test != nil && p.Test(g.exec(), x) == holds) {
			quote = p
			break
		}
	}
	if quote != nil {
		r.Why = g.Rules.clauseWhy(quote)
	}
	return r
}

// Attacking reports whether x is an attacking creature.
func (g Exec) Attacking(x ObjID) bool { return g.attackIndex(x) >= 0 }

// attackIndex is the index of x's attack in Combat.Attacks, or -1: O(1)
// through the object's index.
func (g *Game) attackIndex(x ObjID) int {
	as := g.Combat.Attacks
	if len(as) == g.Combat.nAtk {
		if uint(x) >= uint(len(g.Objs)) {
			return -1
		}
		if i := int(g.Objs[x].atk) - 1; i >= 0 && i < len(as) && as[i].Attacker == x {
			return i
		}
		return -1
	}
	for i := range as {
		if as[i].Attacker == x {
			return i
		}
	}
	return -1
}

// blockIndex is the index of x's first block in Combat.Blocks, or -1.
func (g *Game) blockIndex(x ObjID) int {
	bs := g.Combat.Blocks
	if len(bs) == g.Combat.nBlk {
		if uint(x) >= uint(len(g.Objs)) {
			return -1
		}
		if i := int(g.Objs[x].blk) - 1; i >= 0 && i < len(bs) && bs[i].Blocker == x {
			return i
		}
		return -1
	}
	for i := range bs {
		if bs[i].Blocker == x {
			return i
		}
	}
	return -1
}

// addAttack appends an attack to the combat, indexed.
func (g *Game) addAttack(at Attack) {
	c := &g.Combat
	g.watchClean = false
	first := g.attackIndex(at.Attacker) < 0 // a declaration tried on a creature put into combat attacking
	c.dupAtk = c.dupAtk || !first
	c.Attacks = append(c.Attacks, at)
	if c.nAtk != len(c.Attacks)-1 || uint(at.Attacker) >= uint(len(g.Objs)) {
		g.indexCombat()
		return
	}
	if first {
		g.Objs[at.Attacker].atk = int32(len(c.Attacks))
	}
	c.nAtk++
}

// blocked counts b's block against its attacker (by n).
func (g *Game) blocked(b *Block, n int32) {
	if uint(b.Attacker) < uint(len(g.Objs)) {
		g.Objs[b.Attacker].blockers += n
	}
}

// addBlock appends a block to the combat, indexed.
func (g *Game) addBlock(b Block) {
	c := &g.Combat
	g.watchClean = false
	first := g.blockIndex(b.Blocker) < 0
	c.repeated = c.repeated || !first
	c.Blocks = append(c.Blocks, b)
	if c.nBlk != len(c.Blocks)-1 || uint(b.Blocker) >= uint(len(g.Objs)) {
		g.indexCombat()
		return
	}
	g.blocked(&b, 1)
	if first {
		g.Objs[b.Blocker].blk = int32(len(c.Blocks))
	}
	c.nBlk++
}

// unindexCombat clears the indexes of the attacks from a on and the
// blocks from b on, about to be dropped: an object not in combat has
// none, so that the indexes are a function of the combat (states that
// are equal compare equal).
func (g *Game) unindexCombat(a, b int) {
	c := &g.Combat
	n := uint(len(g.Objs))
	if len(c.Blocks) != c.nBlk {
		// Lists changed from outside: count the blocks kept afresh.
		for i := range g.Objs {
			g.Objs[i].blockers = 0
		}
		for i := range c.Blocks[:min(b, len(c.Blocks))] {
			g.blocked(&c.Blocks[i], 1)
		}
	}
	for _, at := range c.Attacks[min(a, len(c.Attacks)):] {
		if x := at.Attacker; uint(x) < n && int(g.Objs[x].atk) > a {
			g.Objs[x].atk = 0
		}
	}
	for i := range c.Blocks[min(b, len(c.Blocks)):] {
		bl := &c.Blocks[b+i]
		if x := bl.Blocker; uint(x) < n && int(g.Objs[x].blk) > b {
			g.Objs[x].blk = 0
		}
		if len(c.Blocks) == c.nBlk {
			g.blocked(bl, -1)
		}
	}
}

// indexCombat indexes every attack and block on its creature.
func (g *Game) indexCombat() {
	c := &g.Combat
	n := uint(len(g.Objs))
	for i := range c.Attacks {
		if x := c.Attacks[i].Attacker; uint(x) < n {
			g.Objs[x].atk = 0
		}
	}
	c.dupAtk = false
	for i := len(c.Attacks) - 1; i >= 0; i-- { // the first attack of each last
		if x := c.Attacks[i].Attacker; uint(x) < n {
			c.dupAtk = c.dupAtk || g.Objs[x].atk != 0
			g.Objs[x].atk = int32(i + 1)
		}
	}
	c.repeated = false
	for i := range c.Attacks {
		if x := c.Attacks[i].Attacker; uint(x) < n {
			g.Objs[x].blockers = 0
		}
	}
	for i := range c.Blocks {
		if x := c.Blocks[i].Blocker; uint(x) < n {
			g.Objs[x].blk = 0
		}
		if x := c.Blocks[i].Attacker; uint(x) < n {
			g.Objs[x].blockers = 0
		}
	}
	for i := range c.Blocks {
		g.blocked(&c.Blocks[i], 1)
	}
	for i := len(c.Blocks) - 1; i >= 0; i-- { // the first block of each last
		if x := c.Blocks[i].Blocker; uint(x) < n {
			c.repeated = c.repeated || g.Objs[x].blk != 0
			g.Objs[x].blk = int32(i + 1)
		}
	}
	c.nAtk, c.nBlk = len(c.Attacks), len(c.Blocks)
}

// Blocking reports whether x is a blocking creature.
func (g Exec) Blocking(x ObjID) bool { return g.blockIndex(x) >= 0 }

// Blocked reports whether attacking creature x is blocked.
func (g Exec) Blocked(x ObjID) bool {
	i := g.attackIndex(x)
	return i >= 0 && g.Combat.Attacks[i].Blocked
}

// NumAttackers counts the attacking creatures.
func (g Exec) NumAttackers() int32 { return int32(len(g.Combat.Attacks)) }

// AttackersThisCombat is the number of creatures that began attacking this
// combat (Combat.Began), those that left combat since included.
func (g Exec) AttackersThisCombat() int32 { return g.Combat.Began }

// Blockers returns the creatures blocking attacker x in its damage
// assignment order.
// Orders may have gaps once blockers leave combat; their relative order
// is what counts.
func (g Exec) Blockers(x ObjID) []ObjID {
	n := g.numBlockers(x)
	if n == 0 {
		return nil
	}
	return g.appendBlockers(make([]ObjID, 0, n), x)
}

// appendBlockers appends the creatures blocking x to out, in x's damage
// assignment order.
func (g *Game) appendBlockers(out []ObjID, x ObjID) []ObjID {
	return g.appendOrdered(out, func(b *Block) (ObjID, int16, bool) { return b.Blocker, b.Order, b.Attacker == x })
}

// appendOrdered appends to out the creatures pick selects among the
// blocks, sorted by the order pick gives them.
func (g *Game) appendOrdered(out []ObjID, pick func(*Block) (ObjID, int16, bool)) []ObjID {
	start := len(out)
	var kb [16]int16
	keys := kb[:0]
	if n := len(g.Combat.Blocks); n > len(kb) {
		a := g.auxOf()
		a.keys = slices.Grow(a.keys[:0], max(n, len(g.Objs))) // (more than 16 blockers: the game's buffer, grown once; kb stays on the stack)
		keys = a.keys[:0]
	}
	for i := range g.Combat.Blocks {
		x, k, ok := pick(&g.Combat.Blocks[i])
		if !ok {
			continue
		}
		j := len(keys)
		for j > 0 && keys[j-1] > k {
			j--
		}
		out, keys = slices.Insert(out, start+j, x), slices.Insert(keys, j, k)
	}
	return out
}

// numBlockers counts the creatures blocking attacker x.
func (g *Game) numBlockers(x ObjID) int {
	if len(g.Combat.Blocks) == g.Combat.nBlk && uint(x) < uint(len(g.Objs)) {
		return int(g.Objs[x].blockers)
	}
	n := 0
	bs := g.Combat.Blocks
	for i := range bs {
		if bs[i].Attacker == x {
			n++
		}
	}
	return n
}

// numBlockedBy counts the attackers blocker b blocks.
func (g *Game) numBlockedBy(b ObjID) int {
	bs := g.Combat.Blocks
	from, one := g.blocksOf(b)
	if one {
		if bs[from].Attacker != NoObj {
			return 1
		}
		return 0
	}
	n := 0
	for i := from; i < len(bs); i++ {
		if bs[i].Blocker == b && bs[i].Attacker != NoObj {
			n++
		}
	}
	return n
}

// CombatController is the controller x had when it was declared as an
// attacker or blocker (its current controller when it is not in combat).
func (g Exec) CombatController(x ObjID) int {
	if !g.valid(x) {
		return -1 // no object
	}
	if i := g.attackIndex(x); i >= 0 {
		return int(g.Combat.Attacks[i].Controller)
	}
	if i := g.blockIndex(x); i >= 0 {
		return int(g.Combat.Blocks[i].Controller)
	}
	return int(g.Objs[x].Controller)
}

// RemoveFromCombat removes x from combat (attacking or blocking). A blocked
// attacker stays blocked; the others' damage assignment orders keep their
// relative order. The combat index is kept in step as the entries after
// x's move up, when it was in step with the lists and each creature has
// one attack and one block at most; otherwise it is built again.
func (g Exec) RemoveFromCombat(x ObjID, rule string) {
	c := &g.Combat
	n := uint(len(g.Objs))
	inStep := len(c.Attacks) == c.nAtk && len(c.Blocks) == c.nBlk && !c.repeated && !c.dupAtk
	removed := false
	// slot is where the index holds a creature's first entry of a list,
	// kept in step as the entries move up (when it was).
	slot := func(y ObjID, blk bool) *int32 {
		if !inStep || uint(y) >= n {
			return nil
		}
		if blk {
			return &g.Objs[y].blk
		}
		return &g.Objs[y].atk
	}
	removeEntries(&c.Attacks, func(at *Attack) bool {
		removed = removed || at.Attacker == x
		return at.Attacker == x
	}, func(at *Attack) *int32 { return slot(at.Attacker, false) })
	removeEntries(&c.Blocks, func(b *Block) bool {
		if b.Blocker == x {
			removed = true
			g.blocked(b, -1) // its attacker has one blocker less
			return true
		}
		if b.Attacker == x {
			// A blocker stays a blocking creature when what it blocks
			// leaves combat; it just blocks nothing.
			b.Attacker = NoObj
		}
		return false
	}, func(b *Block) *int32 { return slot(b.Blocker, true) })
	if uint(x) < n {
		g.Objs[x].atk, g.Objs[x].blk, g.Objs[x].blockers = 0, 0, 0
	}
	if inStep {
		c.nAtk, c.nBlk = len(c.Attacks), len(c.Blocks)
	} else {
		g.indexCombat()
	}
	if removed {
		g.emitObj(EvLeaveCombat, rule, x, 0)
	}
}

// removeEntries deletes from *list the entries drop reports (drop may
// change the others), moving the rest up; an entry's index slot (the
// place the index holds for its creature: 1 + its position), when it has
// one and it held the entry's old place, follows it.
func removeEntries[T any](list *[]T, drop func(*T) bool, slot func(*T) *int32) {
	k := 0
	for j := range *list {
		e := &(*list)[j] // (in place: a local's address would escape to the calls)
		if drop(e) {
			continue
		}
		if s := slot(e); s != nil && k != j && *s == int32(j+1) {
			*s = int32(k + 1)
		}
		(*list)[k] = *e
		k++
	}
	clear((*list)[k:])
	*list = (*list)[:k]
}

// allOwn reports whether the predicates ps are all Own.
func (g *Game) allOwn(ps []int32) bool {
	for _, i := range ps {
		if !g.Rules.Predicates[i].Own {
			return false
		}
	}
	return true
}

// InFirstStep reports whether x was one of the creatures dealing damage in
// this combat's first combat damage step.
func (g Exec) InFirstStep(x ObjID) bool { return slices.Contains(g.Combat.DealtFirst, x) }

// AssignedFrom is the combat damage source s has assigned to x so far in
// this combat damage step (not yet dealt).
func (g Exec) AssignedFrom(s, x ObjID) int32 {
	var n int32
	for _, a := range g.Combat.Assigned {
		if a.Source == s && a.To == x {
			n = addSat(n, a.Amount)
		}
	}
	return n
}

// AssignedDamage is the combat damage assigned to x so far in this combat
// damage step (not yet dealt).
func (g Exec) AssignedDamage(x ObjID) int32 {
	var n int32
	for _, a := range g.Combat.Assigned {
		if a.To == x {
			n += a.Amount
		}
	}
	return n
}
