package rtimpl

import (
	"iter"
	"slices"
)

// Options lists what is legal in the pending decision, computed by the
// same predicates and permissions Submit checks, into a caller's buffer:
// in steady state it allocates nothing.

// Option is one legal choice of the pending decision.
//
//   - DecidePriority: Kind is Pass, PlayLand, Cast, Activate (Ability is
//     the ability's index) or TapMana (a mana ability), Obj the card or
//     permanent; Answer gives the answer.
//   - DecideAttackers: Obj can attack Target (a planeswalker's ObjID or a
//     PlayerCode). Restrictions and requirements over the whole
//     declaration (attacking alone, attacks if able, costs) are Check's.
//   - DecideBlockers: Obj can block the attacker Target; likewise.
//   - DecideOrder, DecideCards: Obj is one of the objects to order or to
//     choose among.
//   - DecideDamage: Obj (a source) may assign damage to Target (an ObjID,
//     or NoObj for the player or planeswalker it attacks, with trample),
//     in damage assignment order; Amount is the value for Obj and Target
//     of the function of the rules the decision was posed with
//     (divide_combat_damage's figure, given(s, b, lethal_damage(s, b)):
//     the damage lethal to Target from Obj alone; 0 for NoObj). DefaultDamage is a legal
//     division.
//   - DecideDefender: Target is the PlayerCode of one of From.
//   - DecidePlayer: Target is the PlayerCode of one of From.
//   - DecideTriggers: Obj is the source of one of the triggered abilities
//     to order, Target its index in From.
//   - DecidePlace: Target is a place in the order, 0 (first) to N-1; Obj
//     is NoObj, and Answer answers it.
//
// With grouping, Count is the number of identical cards the option stands
// for (Obj is the first of them); otherwise it is 1.
type Option struct {
	Kind    AnswerKind
	Obj     ObjID
	Target  int32
	Ability int32
	Amount  int32
	Count   int32
}

// Answer is the answer that takes a priority option or chooses a
// defender; the other kinds of decision are answered by a declaration
// built from several options.
func (o Option) Answer() Answer {
	switch o.Kind {
	case Declare:
		if o.Obj == NoObj { // a defender, a player, a place
			return Answer{Kind: Declare, Targets: []int32{o.Target}}
		}
	}
	return Answer{Kind: o.Kind, Obj: o.Obj, Ability: int(o.Ability)}
}

// Options appends to buf every legal option of the pending decision. With
// group, identical cards (same characteristics and state) in the same
// situation are one option, its Count the number of them. What is legal
// is found by the functions each kind of decision has (priorityOptions,
// declOptions, damageOptions); Options groups and lists.
func (g *Game) Options(buf []Option, group bool) []Option {
	d := &g.pending
	g.optKeys = g.optKeys[:0]
	if group && cap(g.optKeys) < cap(buf)-len(buf) {
		g.optKeys = slices.Grow(g.optKeys, cap(buf)-len(buf)) // as the caller's buffer
	}
	if group && g.reclass {
		g.deriveAll()
		g.reclass = false
	}
	l := optList{g: g, buf: buf, start: len(buf), group: group, last: groupKey{state: stLone}, lastAt: -1}
	add := func(o Option) { l.add(o) }
	p := d.Player
	switch d.Kind {
	case DecidePriority:
		add(Option{Kind: Pass, Obj: NoObj})
		g.priorityOptions(p, func(o Option) bool { add(o); return true })
	case DecideAttackers, DecideBlockers:
		g.declOptions(p, d.Kind == DecideBlockers, func(o Option) bool { add(o); return true })
	case DecideOrder:
		for _, x := range d.From {
			l.buf = append(l.buf, Option{Kind: Declare, Obj: x, Count: 1})
		}
	case DecideCards:
		for _, x := range candidates(g, *d) {
			add(Option{Kind: Choose, Obj: x})
		}
	case DecideDamage:
		l.buf = g.appendDamageOptions(l.buf, d)
	case DecideTriggers:
		for i, x := range d.From {
			l.buf = append(l.buf, Option{Kind: Declare, Obj: x, Target: int32(i), Count: 1})
		}
	case DecidePlace:
		for i := 0; i < d.N; i++ {
			l.buf = append(l.buf, Option{Kind: Declare, Obj: NoObj, Target: int32(i), Count: 1})
		}
	case DecidePlayer, DecideDefender:
		for _, q := range d.From {
			l.buf = append(l.buf, Option{Kind: Declare, Obj: NoObj, Target: PlayerCode(int(q)), Count: 1})
		}
	}
	return l.buf
}

// optList is the list Options makes: the caller's buffer from start, and
// how it groups options (identical cards as one, Count the number).
// Grouping looks an option's exact key (groupKey) up among the groups made
// so far: the groups are those of comparing every pair (sameCard). The
// last key looked up is tried first (identical lands, identical cards in
// hand come one after another): its group is the first with that key,
// which is where the scan would stop.
type optList struct {
	g      *Game
	buf    []Option
	start  int
	group  bool
	rel    optRelations
	last   groupKey
	lastAt int
}

// add appends o, or counts it in its group.
func (l *optList) add(o Option) {
	g := l.g
	o.Count = 1
	if l.group && o.Obj >= 0 { // (a target decision's player codes are negative: not grouped)
		k := g.groupKey(&o, &l.rel)
		if k.state&(stLone|stRare) == 0 && l.lastAt >= 0 && k == l.last {
			l.buf[l.lastAt].Count++
			return
		}
		if k.state&stLone == 0 {
			for i := range g.optKeys {
				if g.optKeys[i] == k && (k.state&stRare == 0 || sameRare(&g.Objs[l.buf[l.start+i].Obj], &g.Objs[o.Obj])) {
					l.buf[l.start+i].Count++
					l.last, l.lastAt = k, l.start+i
					return
				}
			}
			l.last, l.lastAt = k, len(l.buf)
		}
		for len(g.optKeys) < len(l.buf)-l.start {
			g.optKeys = append(g.optKeys, groupKey{state: stLone}) // options added ungrouped (a pass)
		}
		g.optKeys = append(g.optKeys, k)
	}
	l.buf = append(l.buf, o)
}

// declOptions calls yield with each creature of player p's declaration
// (blocks: of blockers) that may be declared and each thing it may be
// declared against, until yield returns false, and reports whether it
// stopped (with yield nil: whether there is one). What the creatures may
// be declared against is found once, not for each creature (declDomain,
// on the scratch stack); the options of an attack are grouped by
// defending player.
func (g *Game) declOptions(p int, blocks bool, yield func(Option) bool) bool {
	fns := g.declOf(blocks)
	each, against := fns.Each, fns.Against // (mayDeclare, mayAgainst)
	first := -1
	for i, x := range g.Battlefield {
		if g.mayDeclareBy(each, x) {
			first = i
			break
		}
	}
	if first < 0 {
		return false // no creature may be declared: what it may be declared against is not looked for
	}
	e := g.exec()
	m := e.Mark()
	defer e.Release(m)
	// With yield nil, one thing Battlefield[first] may be declared
	// against answers.
	one := NoObj
	if yield == nil {
		one = g.Battlefield[first]
	}
	if g.declDomain(p, blocks, one) {
		return true
	}
	dom := e.Selected(m)
	if len(dom) == 0 {
		return false
	}
	groups := 1
	if !blocks {
		groups = len(g.Players) // by defending player
	}
	for _, x := range g.Battlefield[first:] {
		if !g.mayDeclareBy(each, x) {
			continue
		}
		for grp := range groups {
			for i := 0; i < len(dom); i += 2 {
				y := dom[i]
				if int(dom[i+1]) != grp || y >= 0 && against != 0 && !g.fnHolds(against, x, y) {
					continue
				}
				if yield == nil || !yield(Option{Kind: Declare, Obj: x, Target: int32(y)}) {
					return true
				}
			}
		}
	}
	return false
}

// appendDamageOptions appends the options of damage decision d: each
// source and each recipient, with the value of the decision's figure for
// them (divide_combat_damage's, a function of the rules: lethal_damage).
func (g *Game) appendDamageOptions(buf []Option, d *Decision) []Option {
	g.damageOptions(d, func(gr DamageGroup) {
		for _, to := range gr.From {
			o := Option{Kind: Declare, Obj: gr.Source, Target: int32(to), Count: 1}
			if to != NoObj {
				o.Amount = g.fnValue(g.Combat.divFigure, gr.Source, to)
			}
			buf = append(buf, o)
		}
	})
	return buf
}

// groupKey is what Options groups an option by: its fields, its card's
// class and the card's state. Equal keys are options sameCard would group
// (classes are exact: Game.derive), but for the state stRare stands for
// (damage, counters, shields, the rules' states), which sameRare compares.
type groupKey struct {
	class, state            uint64
	kind                    AnswerKind
	target, ability, amount int32
}

// Bits of groupKey.state above the packed zone, owner, controller and
// protector.
const (
	stTapped uint64 = 1 << (32 + iota)
	stPhased
	stRare // damage, counters, shields or the rules' states: sameRare tells
	stLone // grouped with nothing: attached, or in a relation (plain)
)

// optRelations is what Options finds once, when a permanent is first
// grouped, for plain: whether anything is attached, and whether any
// relation (attached, effects, combat) is to be looked for at all.
type optRelations struct{ known, attached, any bool }

func (g *Game) lone(x ObjID, rel *optRelations) bool {
	if !rel.known {
		rel.attached = g.anyAttached()
		rel.any = rel.attached || len(g.Effects) > 0 || len(g.Combat.Attacks) > 0 || len(g.Combat.Blocks) > 0
		rel.known = true
	}
	return rel.any && !g.plain(x, rel.attached)
}

func (g *Game) groupKey(o *Option, rel *optRelations) groupKey {
	c := &g.Objs[o.Obj]
	st := uint64(c.Zone) | uint64(uint8(c.Owner))<<8 | uint64(uint8(c.Controller))<<16 | uint64(uint8(c.Protector))<<24
	if c.Tapped {
		st |= stTapped
	}
	if c.PhasedOut {
		st |= stPhased
	}
	if c.Damage|c.Regen|or8(&c.Counters)|or8(&c.State)|int32(c.Flags) != 0 {
		st |= stRare
	}
	if c.AttachedTo != NoObj || c.Zone == ZoneBattlefield && g.lone(o.Obj, rel) {
		st |= stLone
	}
	return groupKey{class: uint64(c.class), state: st, kind: o.Kind, target: o.Target, ability: o.Ability, amount: o.Amount}
}

// or8 is the bitwise or of a's elements: 0 when all are (the array
// comparison calls memequal).
func or8(a *[MaxCounterKinds]int32) int32 {
	return a[0] | a[1] | a[2] | a[3] | a[4] | a[5] | a[6] | a[7] // (unrolled: every option's key reads two)
}

var _ = [1]struct{}{}[MaxCounterKinds-8] // or8 reads 8 (and features two halves of four)
var _ = [1]struct{}{}[MaxStateKinds-8]   // of counters and of states

// sameRare compares the state of a and b that groupKey folds into stRare.
func sameRare(a, b *Object) bool {
	return a.Damage == b.Damage && a.Regen == b.Regen &&
		a.Counters == b.Counters && a.State == b.State && a.Flags == b.Flags
}

// deriveAll gives every object its class, as derive does object by
// object in ID order, in one pass: the classes found so far (the first
// object of each) are kept on the scratch stack, the last used first
// (moved to the front when used: a board's identical permanents, a deck's
// copies of a card, in turns), so that each object is compared with a few
// classes, not with every object before it. sameClass is an equivalence:
// each class has one first object, so at most one of them matches, and
// the order they are tried in changes nothing.
func (g *Game) deriveAll() {
	mark := len(g.scratch)
	for x := range g.Objs {
		o := &g.Objs[x]
		reps := g.scratch[mark:]
		found := -1
		for i, r := range reps {
			if sameClass(&g.Objs[r], o) {
				found = i
				break
			}
		}
		if found < 0 {
			o.class = uint32(x)
			g.scratch = append(g.scratch, ObjID(x))
			reps = g.scratch[mark:]
			found = len(reps) - 1
		} else {
			o.class = uint32(reps[found])
		}
		r := reps[found]
		copy(reps[1:found+1], reps[:found])
		reps[0] = r
	}
	g.scratch = g.scratch[:mark]
}

// sameClass reports whether a and b have the same characteristics, the
// state that never changes once an object exists (one face):
// then their classes are equal (Game.derive).
func sameClass(a, b *Object) bool {
	return a.face == b.face && a.Types == b.Types && a.Super == b.Super && a.Timing == b.Timing && a.Copy == b.Copy && a.Token == b.Token &&
		a.Power == b.Power && a.Toughness == b.Toughness && a.Keywords == b.Keywords &&
		a.SubBits == b.SubBits && a.Enchant == b.Enchant
}

// Forced reports whether the pending decision has one legal answer, found
// without listing the options: a priority decision whose only option
// (Options) is to pass. It allocates nothing.
func (g *Game) Forced() bool {
	d := &g.pending
	return d.Kind == DecidePriority && !g.mayAct(d.Player)
}

// mayAct reports whether p, holding priority, has an option other than
// passing: Options' priority case, stopped at the first option found.
func (g *Game) mayAct(p int) bool {
	return g.priorityOptions(p, nil)
}

// priorityOptions calls yield with each option but passing of p, who
// holds priority, in Options' order, until yield returns false, and
// reports whether it stopped: Options lists them all. With yield nil
// (Forced), it reports whether there is one, action by action (each
// action's loop over all its objects: a land to play is found before a
// spell's cost is looked at, as the rules declare play_land first).
//
// The options are the rules' actions (the action mechanisms with require
// lines, Rules.Requires) with the objects of the zones each takes them
// from, legal by their conditions: first the mana sources (the mana
// mechanism's objects, when the player taps them), then, object by
// object, those of the battlefield and of p's hand, each object's
// actions in the mechanisms' order. The mana available, which the
// conditions of some read (can_pay), is counted once, when first read
// (availFor).
func (g *Game) priorityOptions(p int, yield func(Option) bool) bool {
	land, sorcery := g.permissions(p)
	g.opt = optCtx{who: p + 1, land: land, sorcery: sorcery}
	found := g.enumerateOptions(p, yield)
	g.opt = optCtx{} // (a game's state holds none of it)
	return found
}

func (g *Game) enumerateOptions(p int, yield func(Option) bool) bool {
	ix := g.actions()
	if !g.noTap {
		// The mana sources are options themselves.
		avail, stopped := g.manaSources(p, yield)
		if stopped || yield == nil && avail != g.Players[p].Mana {
			return true
		}
		a := g.auxOf()
		a.avail, a.availAt, a.availP = avail, g.changes+1, p
	}
	if ix.nf > 0 && (g.withAbilities > 0 || !ix.fieldAbilities) && g.offer(ix, ix.field[:ix.nf], p, g.Battlefield, yield) {
		return true
	}
	return ix.nh > 0 && g.offer(ix, ix.hand[:ix.nh], p, g.Players[p].Hand, yield)
}

// offer calls yield with each legal option of the actions acts with the
// objects objs, object by object, each object's in the actions' order
// (each of its activated abilities, for an action of abilities), until
// yield returns false, and reports whether it did. With yield nil, it
// reports whether one is legal, action by action.
func (g *Game) offer(ix *actionIndex, acts []Mechanism, p int, objs []ObjID, yield func(Option) bool) bool {
	if len(objs) == 0 {
		return false
	}
	if yield == nil {
		for _, m := range acts {
			if a := &ix.of[m]; g.withAbilities > 0 || !a.abilities {
				if i, _ := a.next(g.exec(), p, objs, 0, 0); i >= 0 {
					return true
				}
			}
		}
		return false
	}
	// Object by object: each action's next legal object found once, as
	// its cursor, and the objects' options yielded in order.
	type cursor struct {
		i  int
		ab int32
	}
	var cur [NumMechanisms]cursor
	live := false
	for j, m := range acts {
		cur[j].i = -1
		if a := &ix.of[m]; g.withAbilities > 0 || !a.abilities {
			cur[j].i, cur[j].ab = a.next(g.exec(), p, objs, 0, 0)
			live = live || cur[j].i >= 0
		}
	}
	for k := 0; live && k < len(objs); k++ {
		live = false
		for j, m := range acts {
			a, c := &ix.of[m], &cur[j]
			for c.i == k {
				if !yield(Option{Kind: a.answer, Obj: objs[k], Ability: max(c.ab, 0)}) {
					return true
				}
				if c.ab >= 0 {
					c.i, c.ab = a.next(g.exec(), p, objs, k, c.ab+1)
				} else {
					c.i, c.ab = a.next(g.exec(), p, objs, k+1, 0)
				}
			}
			live = live || c.i >= 0
		}
	}
	return false
}

// manaSources is the mana p may pay with: p's pool, and a mana of its
// color for each mana source legal by the mana mechanism's conditions.
// It calls yield, if not nil, with each source as an option until yield
// returns false, and reports whether it did.
func (g *Game) manaSources(p int, yield func(Option) bool) (Mana, bool) {
	avail := g.Players[p].Mana
	for x := range g.manaSourcesOf(p) {
		c, _ := g.manaColor(&g.Objs[x])
		avail[c]++
		if yield != nil && !yield(Option{Kind: TapMana, Obj: x}) {
			return avail, true
		}
	}
	return avail, false
}

// manaSourcesOf are p's mana sources: the objects of the mana mechanism's
// zones its conditions hold for, in order. What each is asked to do (tap
// for mana) may make it one no longer, not the others.
func (g *Game) manaSourcesOf(p int) iter.Seq[ObjID] {
	return func(yield func(ObjID) bool) {
		if manaMechanism >= NumMechanisms {
			return
		}
		a := &g.actions().of[manaMechanism]
		if a.next == nil {
			return
		}
		for _, z := range g.Rules.Requires[manaMechanism].From {
			objs := g.objectsIn(z, p)
			for i, _ := a.next(g.exec(), p, objs, 0, 0); i >= 0; i, _ = a.next(g.exec(), p, objs, i+1, 0) {
				if !yield(objs[i]) {
					return
				}
			}
		}
	}
}

// objectsIn are the objects of zone z an action of p's takes: p's hand,
// or the battlefield.
func (g *Game) objectsIn(z Zone, p int) []ObjID {
	switch z {
	case ZoneHand:
		return g.Players[p].Hand
	case ZoneBattlefield:
		return g.Battlefield
	}
	return nil
}

func (g *Game) damageOptions(d *Decision, f func(DamageGroup)) {
	var one [1]DamageGroup
	for _, gr := range groupsOf(d, &one) {
		f(gr)
	}
}

// permissions reports whether the current step lets p play a land and
// cast a sorcery-speed spell now.
func (g *Game) permissions(p int) (land, sorcery bool) {
	_, st, ok := g.current()
	if !ok {
		return false, false
	}
	land = st.AllowLand != "" && (st.LandIf == nil || st.LandIf(g.exec(), p))
	sorcery = st.AllowSorcery != "" && (st.SorceryIf == nil || st.SorceryIf(g.exec(), p))
	return land, sorcery
}

func (g *Game) timingOK(i, p int) bool {
	return i >= 0 && i < len(g.Rules.Timings) && g.Rules.Timings[i].Allows(g.exec(), p)
}

// available is p's pool plus the mana p's mana sources can make: what
// canPay compares a cost with.
func (g *Game) available(p int) Mana {
	avail, _ := g.manaSources(p, nil)
	return avail
}

// covers reports whether mana avail can pay cost.
func covers(avail *Mana, cost Cost) bool {
	var total int32
	for c := Color(0); c < 5; c++ {
		if avail[c] < cost.Colored[c] {
			return false
		}
		total += avail[c] - cost.Colored[c]
	}
	return total+avail[Colorless] >= cost.Generic
}

// sameCard reports whether two objects are identical for a player's
// choice: the same characteristics and the same state, in the same zone
// of the same owner and controller. Faces are compared by index: equal
// cards share one (internFace). attached says whether anything
// on the battlefield is attached to something.
func (g *Game) sameCard(x, y ObjID, attached bool) bool {
	if x == y {
		return true
	}
	a, b := &g.Objs[x], &g.Objs[y]
	return a.face == b.face && a.Owner == b.Owner && a.Controller == b.Controller && a.Zone == b.Zone &&
		a.Types == b.Types && a.Super == b.Super &&
		a.Timing == b.Timing && a.Power == b.Power && a.Toughness == b.Toughness && a.Damage == b.Damage && a.Counters == b.Counters && a.State == b.State && a.Flags == b.Flags &&
		a.Keywords == b.Keywords && a.Tapped == b.Tapped && a.PhasedOut == b.PhasedOut &&
		a.Token == b.Token && a.AttachedTo == NoObj && b.AttachedTo == NoObj &&
		a.Copy == b.Copy &&
		a.Regen == b.Regen && a.Enchant == b.Enchant &&
		a.SubBits == b.SubBits &&
		a.Protector == b.Protector && (a.Zone != ZoneBattlefield || g.plain(x, attached) && g.plain(y, attached))
}

// plain reports whether permanent x is in no relation that sets it apart
// from an identical one: nothing attached to it, not in combat, no
// continuous effect on it.
func (g *Game) plain(x ObjID, attached bool) bool {
	if attached {
		for _, y := range g.Battlefield {
			if g.Objs[y].AttachedTo == x {
				return false
			}
		}
	}
	for i := range g.Effects {
		if g.Effects[i].Target == x {
			return false
		}
	}
	return !g.exec().Attacking(x) && !g.exec().Blocking(x)
}

func sameSlice[T any](a, b []T) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

func (g *Game) anyAttached() bool {
	// Known while nothing has changed since it was looked for (an
	// attachment, or anything else, is an event: Game.changes).
	a := g.auxOf()
	if a.attKnown == g.changes+1 && a.attKnown != 0 {
		return a.attached
	}
	a.attKnown, a.attached = g.changes+1, g.findAttached()
	return a.attached
}

func (g *Game) findAttached() bool {
	for _, y := range g.Battlefield {
		if g.Objs[y].AttachedTo != NoObj {
			return true
		}
	}
	return false
}
