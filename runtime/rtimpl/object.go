package rtimpl

import "slices"

// Object is a card, token or copy in some zone. It holds no pointer: its
// name, subtypes, costs, triggers, abilities and counter maximums are its
// Face, in the game's table of faces (Game.faces), which clones share.
type Object struct {
	// (The fields are ordered by size, so that no padding is between them.)
	Owner      int8
	Controller int8
	// Protector is the player designated as this permanent's protector
	// (a battle's), -1 for none: set by whoever puts it onto the
	// battlefield, forgotten when it leaves.
	Protector int8
	Zone      Zone
	Types     TypeSet
	Super     SuperSet
	Tapped    bool
	PhasedOut bool
	Token     bool
	// Copy says whether this is a copy of a spell or of a card (such copies
	// cease to exist outside the zones they may be in).
	Copy CopyKind
	// Timing is 1 + the index in Rules.Timings of the restriction on when
	// it may be cast; 0: none.
	Timing uint8
	// Enchant lists the card types an Aura may be attached to (0: any).
	Enchant    TypeSet
	Power      int32 // printed power
	Toughness  int32 // printed toughness
	Damage     int32 // marked damage
	AttachedTo ObjID
	Timestamp  uint32 // when it entered its zone
	// Regen counts the shields on it, which the rules' replacements may
	// use up (x.shields, use_shield: regeneration's, in the rules that have
	// it); effects and scripts give them.
	Regen int32
	// face is the index of its Face in Game.faces.
	face     uint32
	Counters [MaxCounterKinds]int32
	// State holds the values the rules declare (state), each stored
	// plus one for an object or a player so that zero is "none" (and false,
	// and 0): a new object starts from the zero array.
	State [MaxStateKinds]int32
	// Flags holds the flags the rules declare (state S flag), bit k for
	// the flag of StateKind FirstFlag+k; a new object has none set.
	Flags    uint32
	Keywords KeywordSet // printed keywords
	// lkiKeywords are the keywords effects gave it as it last left the
	// battlefield: its last known information while it is elsewhere.
	lkiKeywords KeywordSet
	// lkiLost are the keywords effects took away from it as it last left
	// the battlefield (its printed ones among them it didn't have then).
	lkiLost KeywordSet
	// effTypes are the card types effects give it that it doesn't have
	// itself (retype).
	effTypes TypeSet
	// SubBits has bit i set when the object has subtype BitSubtypes[i].
	SubBits uint64
	// batch is the state-based-action batch that last replaced a
	// destruction of this object (one replacement covers identical results).
	batch uint32
	// lkiPower is the power this object had before the state-based-action
	// batch lkiBatch was performed.
	lkiPower int32
	lkiBatch uint32
	// leftBatch is the batch in which it left the battlefield: its
	// leaves-the-battlefield abilities still see that batch's events.
	leftBatch uint32
	// class is the ID of the first object with the same characteristics
	// (Game.derive, by Create and Touch): identical cards share it, and
	// Options groups options by it.
	class uint32
	// atk and blk index the combat (Game.attackIndex, blockIndex): 1 + the
	// index in Combat.Attacks of its attack, in Combat.Blocks of its first
	// block; checked against the lists, never trusted alone.
	atk, blk int32
	// blockers counts the blocks of Combat.Blocks whose attacker it is.
	blockers int32
}

// CopyKind says what an object is a copy of.
type CopyKind uint8

const (
	NotCopy CopyKind = iota
	SpellCopy
	CardCopy
)

// Card describes an object to create: decks, tokens, test fixtures.
type Card struct {
	Name      string
	Types     TypeSet
	Super     SuperSet
	Subtypes  []string
	Power     int32
	Toughness int32
	Keywords  []string
	Cost      Cost
	Token     bool
	// AttackCost and BlockCost are costs to attack or block with it.
	AttackCost Cost
	BlockCost  Cost
	Copy       CopyKind
	Enchant    TypeSet
	Triggers   []Trigger
	// Timing names a timing restriction of the rules on casting it ("cast
	// only before blockers are declared"); empty: none.
	Timing    string
	Abilities []Ability
	// Spell is what it does as it resolves, for an instant or a sorcery:
	// a rules' effect (Effect 0: nothing) with its numbers, its targets
	// chosen as it is cast (the effect's target parameters).
	Spell Triggered
	// Declared names the card the rules declare that it is (Rules.Cards):
	// the rules' clauses scoped to that card (is_card) apply to it; empty:
	// none.
	Declared string
}

// Obj returns the object with the given ID. The pointer is valid until the
// next object is created.
func (g *Game) Obj(x ObjID) *Object { return &g.Objs[x] }

// Is reports whether x has any of the card types in t.
func (g Exec) Is(x ObjID, t TypeSet) bool { return g.Objs[x].Types&t != 0 }

// HasKeyword reports whether x has keyword k, printed or granted by an
// effect, and no later effect took it away.
func (g Exec) HasKeyword(x ObjID, k int) bool {
	o := &g.Objs[x]
	if len(g.Effects) == 0 { // the same test, with no effect to look at
		return o.Keywords.Has(k) && (o.Zone == ZoneBattlefield || !o.lkiLost.Has(k)) || o.Zone != ZoneBattlefield && o.lkiKeywords.Has(k)
	}
	from := g.lostAt(x, k)
	if from < 0 && o.Keywords.Has(k) && (o.Zone == ZoneBattlefield || !o.lkiLost.Has(k)) || (o.Zone != ZoneBattlefield && o.lkiKeywords.Has(k)) {
		return true
	}
	for i := from + 1; i < len(g.Effects); i++ {
		e := &g.Effects[i]
		if e.Target == x && e.Keywords.Has(k) {
			return true
		}
	}
	return false
}

// lostAt is the index in Effects of the last effect that takes keyword k
// away from x, or -1: its printed instance and those of earlier effects
// are gone.
func (g *Game) lostAt(x ObjID, k int) int {
	for i := len(g.Effects) - 1; i >= 0; i-- {
		if e := &g.Effects[i]; e.Target == x && e.Lose.Has(k) {
			return i
		}
	}
	return -1
}

// KeywordInstances is how many instances of keyword k x has: one if it
// is printed, and one for each effect giving it (or, for an object that
// left the battlefield, one for those its last known information keeps),
// but none an effect has taken away since. Of a redundant keyword it has
// one at most.
func (g Exec) KeywordInstances(x ObjID, kw KeywordID) int32 {
	k := int(kw)
	if !g.valid(x) {
		return 0
	}
	if g.Rules.Redundant.Has(k) {
		if g.HasKeyword(x, k) {
			return 1
		}
		return 0
	}
	o := &g.Objs[x]
	var n int32
	from := g.lostAt(x, k)
	if from < 0 && o.Keywords.Has(k) && (o.Zone == ZoneBattlefield || !o.lkiLost.Has(k)) {
		n++
		if g.Rules.Parameterized.Has(k) {
			n = g.printedArgs(o, k)
		}
	}
	if o.Zone != ZoneBattlefield && o.lkiKeywords.Has(k) {
		n++
	}
	for i := from + 1; i < len(g.Effects); i++ {
		if e := &g.Effects[i]; e.Target == x && e.Keywords.Has(k) {
			n++
		}
	}
	return n
}

// HasKeywordNamed is HasKeyword by name; false for unknown keywords.
func (g Exec) HasKeywordNamed(x ObjID, name string) bool {
	k := g.Rules.Keyword(name)
	return k >= 0 && g.HasKeyword(x, k)
}

// Power is x's power, as the rules derive it (characteristic power);
// printed if they derive none.
func (g *Game) Power(x ObjID) int32 {
	if f := g.Rules.Power; f != nil {
		return f(g.exec(), x)
	}
	return g.Objs[x].Power
}

// Toughness is x's toughness, as the rules derive it (characteristic
// toughness); printed if they derive none.
func (g *Game) Toughness(x ObjID) int32 {
	if f := g.Rules.Toughness; f != nil {
		if a := g.aux; a != nil && a.toughOn {
			return g.memoToughness(f, x) // in a state-based-action match
		}
		return f(g.exec(), x)
	}
	return g.Objs[x].Toughness
}

// EffectPower is the sum of what the continuous effects on x add to its
// power (saturated).
func (g Exec) EffectPower(x ObjID) int32 {
	var p int64
	for i := range g.Effects {
		if e := &g.Effects[i]; e.Target == x && !e.SetPT {
			p += int64(e.Power)
		}
	}
	return clamp32(p)
}

// EffectToughness is the sum of what the continuous effects on x add to
// its toughness (saturated).
func (g Exec) EffectToughness(x ObjID) int32 {
	var t int64
	for i := range g.Effects {
		if e := &g.Effects[i]; e.Target == x && !e.SetPT {
			t += int64(e.Toughness)
		}
	}
	return clamp32(t)
}

// setPT is the latest effect on x that sets its power and toughness, or
// nil.
func (g *Game) setPT(x ObjID) *Effect {
	for i := len(g.Effects) - 1; i >= 0; i-- {
		if e := &g.Effects[i]; e.Target == x && e.SetPT {
			return e
		}
	}
	return nil
}

// ObjSetPowerOr is the power the latest effect setting x's power and
// toughness gives it, or v if none does.
func ObjSetPowerOr(g Exec, x ObjID, v int32) int32 {
	if e := g.setPT(x); e != nil {
		return e.Power
	}
	return v
}

// ObjSetToughnessOr is the toughness the latest effect setting x's power
// and toughness gives it, or v if none does.
func ObjSetToughnessOr(g Exec, x ObjID, v int32) int32 {
	if e := g.setPT(x); e != nil {
		return e.Toughness
	}
	return v
}

// ObjSetColorOr reports whether the latest effect setting x's colors
// makes it color c, or b if none does.
func ObjSetColorOr(g Exec, x ObjID, c Color, b bool) bool {
	for i := len(g.Effects) - 1; i >= 0; i-- {
		if e := &g.Effects[i]; e.Target == x && e.SetColors {
			return c < NumColors && e.Colors&(1<<c) != 0
		}
	}
	return b
}

// manaColor is the color of mana an object can tap for, if any: that of
// its first subtype that the rules give a mana ability (Rules.LandMana),
// if it is of a played card type.
func (g *Game) manaColor(o *Object) (Color, bool) {
	if o.Types&g.Rules.PlayedTypes == 0 {
		return 0, false
	}
	m := g.faceOf(o).mana
	return Color(m - 1), m != 0
}

// landMana is Face.mana for subtypes: the color of the first of them the
// rules' table lists, plus one; 0 for none.
func landMana(r *Rules, subtypes []string) int8 {
	if r == nil {
		return 0
	}
	for _, s := range subtypes {
		for _, m := range r.LandMana {
			if m.Subtype == s {
				return int8(m.Color) + 1
			}
		}
	}
	return 0
}

// IsCard reports whether x was made from the card the rules declare by
// that name (Face.Card).
func (g Exec) IsCard(x ObjID, name string) bool {
	if !g.valid(x) {
		return false // no object
	}
	return g.face(x).Card == name
}

// HasSubtype reports whether x has the subtype (subtypes are stored in
// lower case; sub must be lower case).
func (g Exec) HasSubtype(x ObjID, sub string) bool {
	if !g.valid(x) {
		return false // no object
	}
	for _, s := range g.face(x).Subtypes {
		if s == sub {
			return true
		}
	}
	return false
}

// SharesSubtype reports whether x and y have a subtype in common among the
// subtypes of kind types that x has (e.g. planeswalker types).
func (g Exec) SharesSubtype(x, y ObjID) bool {
	if !g.valid(x) || !g.valid(y) {
		return false // no object
	}
	for _, s := range g.face(x).Subtypes {
		if g.HasSubtype(y, s) {
			return true
		}
	}
	return false
}

// Attached reports whether x is attached to an object.
func (g Exec) Attached(x ObjID) bool {
	if !g.valid(x) {
		return false // no object
	}
	return g.Objs[x].AttachedTo != NoObj
}

// AttachedTo returns the object x is attached to, if any.
func (g Exec) AttachedTo(x ObjID) (ObjID, bool) {
	t := g.Objs[x].AttachedTo
	return t, t != NoObj
}

// AttachedToIs reports whether x is attached to an object with one of types.
func (g Exec) AttachedToIs(x ObjID, t TypeSet) bool {
	if !g.valid(x) {
		return false // no object
	}
	h, ok := g.AttachedTo(x)
	return ok && g.Objs[h].Types&t != 0
}

// OverCounterMax reports whether x has more counters of some kind than its
// stated maximum.
func (g Exec) OverCounterMax(x ObjID) bool {
	if !g.valid(x) {
		return false // no object
	}
	o := &g.Objs[x]
	f := g.faceOf(o)
	if f.Capped == 0 {
		return false // no counter has a maximum (most objects)
	}
	for k := CounterKind(0); k < MaxCounterKinds; k++ {
		if f.Capped&(1<<k) != 0 && o.Counters[k] > f.CounterMax[k] {
			return true
		}
	}
	return false
}

// TrimCounters removes the counters of x above their stated maximums.
func (g Exec) TrimCounters(x ObjID, rule string) {
	if !g.valid(x) {
		return // no object (game.trigger_recipient outside a damage trigger): nothing happens
	}
	o, f := &g.Objs[x], g.face(x)
	for k := CounterKind(0); k < MaxCounterKinds; k++ {
		if f.Capped&(1<<k) != 0 && o.Counters[k] > f.CounterMax[k] {
			g.AddCounters(x, k, f.CounterMax[k]-o.Counters[k], rule)
		}
	}
}

// Protector is x's protector, -1 if it has none.
func (g Exec) Protector(x ObjID) int {
	if !g.valid(x) {
		return -1 // no object
	}
	return int(g.Objs[x].Protector)
}

// SetProtector designates player p, in the game, as x's protector; any
// other p does nothing.
func (g Exec) SetProtector(x ObjID, p int, rule string) {
	if !g.valid(x) {
		return // no object (game.trigger_recipient outside a damage trigger): nothing happens
	}
	o := &g.Objs[x]
	if p < 0 || p >= len(g.Players) || g.Players[p].Lost || int(o.Protector) == p {
		return
	}
	o.Protector = int8(p)
	g.emit(Event{Kind: EvProtector, Rule: rule, Player: o.Controller, Obj: x, Other: PlayerCode(p)})
}

// BeingAttacked reports whether some creature is attacking permanent x.
func (g Exec) BeingAttacked(x ObjID) bool {
	for i := range g.Combat.Attacks {
		if g.Combat.Attacks[i].Target == x {
			return true
		}
	}
	return false
}

// TriggerPending reports whether x is the source of a triggered ability
// that has triggered but not yet left the stack (waiting to be put on it,
// or on it).
func (g Exec) TriggerPending(x ObjID) bool { return g.TriggerPendingOn(x, 0) }

// TriggerPendingOn reports whether x is the source of a triggered ability
// on trigger event ev that has triggered but not yet left the stack (ev 0:
// on any event).
func (g Exec) TriggerPendingOn(x ObjID, ev EventID) bool {
	for _, l := range [2][]StackItem{g.Waiting, g.Stack} {
		for i := range l {
			if s := &l[i]; s.Source == x && s.Object == 0 && s.Trigger.Event != 0 && (ev == 0 || s.Trigger.Event == ev) {
				return true
			}
		}
	}
	return false
}

// TriggerArgMax is the greatest number x's triggered abilities on trigger
// event ev give it (an event's int argument: "on chapter 3"), its own and
// those of the triggered keywords it has; 0 if it has none (or none
// greater).
func (g Exec) TriggerArgMax(x ObjID, ev EventID) int32 {
	if !g.valid(x) || ev == 0 {
		return 0
	}
	var m int32
	for _, t := range g.faceOf(&g.Objs[x]).Triggers {
		if t.Event == ev && t.Arg > m {
			m = t.Arg
		}
	}
	for _, i := range g.keywordTriggersOf(ev) {
		if kt := &g.Rules.KeywordTriggers[i]; kt.Trigger.Event == ev && kt.Trigger.Arg > m && g.KeywordInstances(x, KeywordID(kt.Keyword)) > 0 {
			m = kt.Trigger.Arg
		}
	}
	return m
}

// SameName reports whether x and y have the same name.
func (g Exec) SameName(x, y ObjID) bool { return g.face(x).Name == g.face(y).Name }

// Face is what an object is printed with that a pointer holds: kept once
// in the game's table of faces (Game.faces, append only, shared by
// clones), which equal cards share. Its slices are never written in
// place.
type Face struct {
	Name       string
	Subtypes   []string // lower case
	Cost       Cost
	AttackCost Cost // mana to pay for it to attack
	BlockCost  Cost // mana to pay for it to block
	Triggers   []Trigger
	Abilities  []Ability // activated abilities
	Spell      Triggered // what it does as it resolves (an instant's, a sorcery's)
	// KeywordArgs are its printed instances of keywords with a parameter
	// (bushido 1, bushido 2), each with its number.
	KeywordArgs []KeywordArg
	// CounterMax caps counters of a kind on the object; Capped marks which.
	CounterMax [MaxCounterKinds]int32
	Capped     uint8
	// Card names the card the rules declare that it was made from
	// (Card.Declared); empty: none.
	Card string
	// mana is the color of mana its subtypes make by the rules' table
	// (Rules.LandMana) plus one, 0 for none: found once, as the face is
	// put in the game's table (internFace, and again on Load).
	mana int8
}

// Face returns x's face. Its slices are shared: change a face with
// SetFace, never in place.
func (g Exec) Face(x ObjID) Face { return g.faces[g.Objs[x].face] }

// SetFace gives x face f (as a fixture gives an object abilities or
// another name), then calls Touch: the game looks at it again.
func (g Exec) SetFace(x ObjID, f Face) {
	g.Objs[x].face = g.internFace(&f)
	g.Touch()
}

// face is x's face, read only.
func (g *Game) face(x ObjID) *Face { return &g.faces[g.Objs[x].face] }

// faceOf is o's face, read only.
func (g *Game) faceOf(o *Object) *Face { return &g.faces[o.face] }

// internFace returns the index of a face equal to f in the table,
// appending f if there is none. Faces are equal with the same name,
// subtypes, costs and counter maximums and the same triggers and abilities (slices by
// identity: cards made from one Card share them).
func (g *Game) internFace(f *Face) uint32 {
	n := len(g.faces)
	if n > 0 && sameFace(&g.faces[n-1], f) {
		return uint32(n - 1) // a deck's copies of a card come in a row
	}
	for i := range g.faces {
		if sameFace(&g.faces[i], f) {
			return uint32(i)
		}
	}
	f.mana = landMana(g.Rules, f.Subtypes)
	// The table's own subtypes: a card's were the host's, which it may
	// write after giving them (a face is made once per distinct card, and
	// kept from game to game: no allocation in steady state).
	f.Subtypes = slices.Clone(f.Subtypes)
	g.faces = append(g.faces, *f) // never into a clone's: their slices end at their length
	g.seeCard(f.Card)
	return uint32(n)
}

func sameFace(a, b *Face) bool {
	if a.Name != b.Name || a.Card != b.Card || a.Cost != b.Cost || a.AttackCost != b.AttackCost || a.BlockCost != b.BlockCost ||
		a.Capped != b.Capped || a.CounterMax != b.CounterMax ||
		!sameSlice(a.Triggers, b.Triggers) || !sameSlice(a.Abilities, b.Abilities) || a.Spell != b.Spell {
		return false
	}
	return slices.Equal(a.Subtypes, b.Subtypes) && slices.Equal(a.KeywordArgs, b.KeywordArgs)
}

// printedArgs is how many printed instances of parameterized keyword k o
// has (one at least when it has k: a fixture's bit).
func (g Exec) printedArgs(o *Object, k int) int32 {
	var n int32
	for _, a := range g.faceOf(o).KeywordArgs {
		if int(a.Keyword) == k {
			n++
		}
	}
	return max(n, 1)
}

// KeywordTotal is the sum of the numbers of x's instances of keyword k
// (printed, and one for each effect giving it): 0 if it has none, or no
// object.
func (g Exec) KeywordTotal(x ObjID, kw KeywordID) int32 {
	if !g.valid(x) || int(kw) >= 64 {
		return 0
	}
	var n int64
	g.KeywordArgsOf(x, int(kw), func(a int32) { n += int64(a) })
	return Clamp32(n)
}

// KeywordArgsOf calls f with the number of each instance of keyword k x
// has: its printed ones (Face.KeywordArgs), then those of the effects
// giving it (Effect.KeywordArg). A keyword without a parameter has 0.
func (g Exec) KeywordArgsOf(x ObjID, k int, f func(n int32)) {
	o := &g.Objs[x]
	from := g.lostAt(x, k)
	if from < 0 && (o.Keywords.Has(k) && (o.Zone == ZoneBattlefield || !o.lkiLost.Has(k)) || (o.Zone != ZoneBattlefield && o.lkiKeywords.Has(k))) {
		found := false
		for _, a := range g.faceOf(o).KeywordArgs {
			if int(a.Keyword) == k {
				f(a.N)
				found = true
			}
		}
		if !found {
			f(0)
		}
	}
	for i := from + 1; i < len(g.Effects); i++ {
		if e := &g.Effects[i]; e.Target == x && e.Keywords.Has(k) {
			f(e.KeywordArg)
		}
	}
}
