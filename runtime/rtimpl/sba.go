package rtimpl

import (
	"fmt"
	"math/bits"
	"slices"
)

// SBAHit is one result of matching the state-based actions: SBA is the
// index in Rules.SBAs, X the player or object it concerns.
type SBAHit struct {
	SBA int32
	X   int32
}

// CheckSBANow is the statement that checks state-based actions and
// performs them, again until none is, where player p would otherwise
// receive priority: no player receives it, no triggered ability is put on
// the stack. One that asks a player to choose stops it: it is asked, and
// performed, as the next player would receive priority.
func (g Exec) CheckSBANow(p int, rule string) {
	_, _ = p, rule // each state-based action cites its own rule
	for n := 0; n < maxTransitions && g.CheckSBA(); n++ {
		if g.over || g.pending.Kind != DecideNone {
			return
		}
	}
}

// CheckSBA matches every state-based action against the same state, then
// performs every result, and reports whether anything was performed. The
// caller repeats it until it reports false.
func (g Exec) CheckSBA() bool {
	if g.sbaClean == g.changes+1 {
		return false // nothing changed since a check that found nothing
	}
	hits := g.matchSBAs(g.hitBuf(), false)
	g.hits = hits
	if g.pending.Kind != DecideNone {
		return false // a player must choose first (Keeps)
	}
	g.kept = g.kept[:0]
	if len(hits) == 0 {
		g.chosen = g.chosen[:0]
		g.sbaClean = g.changes + 1
		// No sba matches: until something it reads changes, none will.
		g.dirty = 0
		return false
	}
	g.clock++
	g.batch = g.clock
	// Last known information comes from the state before any result of
	// this check is performed.
	for _, h := range hits {
		if s := &g.Rules.SBAs[h.SBA]; s.Over != OverPlayers {
			o := &g.Objs[h.X]
			o.lkiPower, o.lkiBatch = g.Power(ObjID(h.X)), g.batch
		}
	}
	before := g.changes
	for _, h := range hits {
		g.Rules.SBAs[h.SBA].Do(g, h.X)
	}
	g.chosen = g.chosen[:0] // the players chosen held for this check's results
	g.batch = 0
	g.checkWatches(NoObj, false)
	g.settle()
	if g.changes == before {
		// Every result was prevented (an indestructible creature with
		// lethal damage): nothing was performed, and checking again
		// before something changes would find the same.
		g.sbaClean = g.changes + 1
		return false
	}
	return true
}

// SBAPending reports whether any state-based action would be performed.
// It asks no player anything: a choice not yet made counts as pending.
func (g Exec) SBAPending() bool {
	if g.sbaClean == g.changes+1 {
		return false
	}
	g.dry = true
	n := len(g.matchSBAs(g.hitBuf(), true))
	g.dry = false
	if n == 0 {
		return false
	}
	// A check whose results would all change nothing (an indestructible
	// creature with lethal damage) performs nothing, as CheckSBA finds:
	// find out on a copy (a choice to make counts as pending).
	return g.tryOn(func(s *Game) bool { return s.exec().CheckSBA() || s.pending.Kind != DecideNone })
}

// SBAPendingFull is SBAPending with every sba matched, whatever changed
// since the last check (SBA.Reads ignored), as if no decision were
// pending: what the incremental check must agree with when a player
// receives priority (internal/difftest's invariant).
func (g Exec) SBAPendingFull() bool {
	return g.tryOn(func(s *Game) bool {
		s.pending = Decision{}
		s.dirty, s.sbaClean = ChangeAll, 0
		return s.exec().SBAPending()
	})
}

// keptChoice is a player's answer to "keep one of these".
type keptChoice struct {
	set    []ObjID
	chosen ObjID
}

// Keeps has player p choose one of cands to keep, for a state-based action
// whose other results are then performed (the legend rule), and reports
// whether x is the one kept. Until p has chosen, it records the decision
// and the check performs nothing.
func (g Exec) Keeps(p int, cands []ObjID, x ObjID, rule string) bool {
	if !g.IsPlayer(p) {
		return true // no player (a player value of the rules that names none)
	}
	if len(cands) <= 1 {
		return true
	}
	for _, k := range g.kept {
		if sameSet(k.set, cands) {
			return k.chosen == x
		}
	}
	if g.dry {
		return false
	}
	if g.pending.Kind == DecideNone {
		g.pending = Decision{Kind: DecideCards, Player: p, N: 1, Zone: ZoneBattlefield, Verb: "keep", Rule: rule,
			From: append([]ObjID(nil), cands...)}
	}
	return true
}

func sameSet(a, b []ObjID) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		found := false
		for _, y := range b {
			if x == y {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// ActionsPending reports whether state-based actions would be performed or
// triggered abilities wait to be put on the stack.
func (g Exec) ActionsPending() bool { return len(g.Waiting) > 0 || g.SBAPending() }

// AnyTokenOrCopy reports whether some object of the game, in any zone, is
// a token or a copy of a spell or a card, which an object is from its
// creation on (or as a fixture sets it, then calls Touch). The generated
// state-based-action check skips its loop over every object when the
// sbas there hold only for those.
func (g Exec) AnyTokenOrCopy() bool {
	a := g.auxOf()
	if a.tokCopy == 0 {
		a.tokCopy = 1
		for i := range g.Objs {
			if o := &g.Objs[i]; o.Token || o.Copy != NotCopy {
				a.tokCopy = 2
				break
			}
		}
	}
	return a.tokCopy == 2
}

// hitBuf is g.hits emptied, grown at once to a hit for each object and
// player (mass deaths on a big board grow it no further).
func (g *Game) hitBuf() []SBAHit {
	if n := len(g.Objs) + len(g.Players); cap(g.hits) < n {
		g.hits = slices.Grow(g.hits[:0], n)
	}
	return g.hits[:0]
}

// matchSBAs matches the state-based actions (nothing changes while they
// are matched): the toughness of each object is derived once in a match
// (toughMemo), however many sbas read it.
func (g *Game) matchSBAs(hits []SBAHit, first bool) []SBAHit {
	if g.Rules.Toughness == nil {
		return g.matchSBAsNow(hits, first)
	}
	a := g.auxOf()
	if cap(a.tough) < len(g.Objs) {
		a.tough = make([]toughMemo, len(g.Objs)+len(g.Objs)/4) // (grown with the game's objects: once per size)
	}
	a.tough = a.tough[:cap(a.tough)]
	a.newToughGen(g.changes)
	a.toughOn = true
	hits = g.matchSBAsNow(hits, first)
	a.toughOn = false
	return hits
}

// toughMemo is an object's toughness in a state-based-action match: at
// is gameAux.toughGen when v was derived.
type toughMemo struct {
	at uint32
	v  int32
}

// newToughGen starts a memo of toughness at the game's change count
// changes: what the memo held before is stale.
func (a *gameAux) newToughGen(changes uint32) {
	if a.toughGen++; a.toughGen == 0 {
		clear(a.tough[:cap(a.tough)]) // (wrapped: no entry may look fresh)
		a.toughGen = 1
	}
	a.toughAt = changes
}

// memoToughness is x's toughness f derives, through the match's memo.
func (g *Game) memoToughness(f func(Exec, ObjID) int32, x ObjID) int32 {
	a := g.aux
	if a.toughAt != g.changes {
		a.newToughGen(g.changes) // something changed: derive again
	}
	if uint(x) >= uint(len(a.tough)) {
		return f(g.exec(), x)
	}
	if m := &a.tough[x]; m.at == a.toughGen {
		return m.v
	}
	v := f(g.exec(), x)
	if a.toughAt == g.changes {
		a.tough[x] = toughMemo{at: a.toughGen, v: v}
	}
	return v
}

// matchSBAsNow matches every state-based action against the same state in
// one pass: the players, then each permanent (the sbas over objects, then,
// unless it is phased out, those over permanents of its types), then, if
// one may hold, every object that exists (an sba that holds only for tokens
// and copies, in a game with neither, is not matched); an sba is matched
// only if something it reads changed since the last check that found
// nothing. This is the one matcher of both back ends: they differ only in
// how the sbas' conditions are evaluated against an object (Rules.MatchOn,
// or each sba's Match: matchEach). The
// hits are then put in the order of the rules. With first, it stops at the
// first hit.
func (g *Game) matchSBAsNow(hits []SBAHit, first bool) []SBAHit {
	hits = g.matchSBAsPass(hits, first)
	// Perform in the order of the rules, whatever order matching found.
	for i := 1; i < len(hits); i++ {
		for j := i; j > 0 && hits[j].SBA < hits[j-1].SBA; j-- {
			hits[j], hits[j-1] = hits[j-1], hits[j]
		}
	}
	return hits
}

// sbaIndex is what a pass needs to know of the rules' sbas, found once
// per rules (indexPredicates), as sets of their indexes: the sbas to match
// after each set of changes (those reading one of them, or anything), and
// the sbas of each range.
type sbaIndex struct {
	after                    [int(ChangeAll) + 1]uint64
	players, objs, anything  uint64
	perms, typed, tokensOnly uint64 // over permanents of any type, of some types; over anything, holding only for tokens and copies
	// byTypes: the sbas over permanents of some types that a permanent
	// whose types are t may match, by t's low byte ([0]) and high byte
	// ([1]) (a union of the types' bits, so the two halves' unions).
	byTypes [2][256]uint64
	// guarded: the sbas over permanents with Features; feature[f]: those
	// an object with feature bit f may match.
	guarded uint64
	feature [64]uint64
	need    uint64 // the features some guard asks for
}

// (A card type is a bit of a TypeSet: sbaIndex.perm has one entry a bit.)
const _ uint16 = uint16(^TypeSet(0))

func indexSBAs(sbas []SBA) (ix sbaIndex) {
	var perm [16]uint64 // the sbas over permanents of type bit t
	for i := range sbas {
		s, bit := &sbas[i], uint64(1)<<i
		for c := range ix.after {
			if s.Reads == 0 || s.Reads&Changes(c) != 0 {
				ix.after[c] |= bit
			}
		}
		switch s.Over {
		case OverPlayers:
			ix.players |= bit
		case OverObjects:
			ix.objs |= bit
		case OverPermanents:
			if s.Types == 0 {
				ix.perms |= bit
			} else {
				ix.typed |= bit
			}
			if s.Features != 0 {
				ix.guarded |= bit
				ix.need |= s.Features
				for f := s.Features; f != 0; f &= f - 1 {
					ix.feature[bits.TrailingZeros64(f)] |= bit
				}
			}
			for ts := uint16(s.Types); ts != 0; ts &= ts - 1 {
				perm[bits.TrailingZeros16(ts)] |= bit
			}
		case OverAnything:
			ix.anything |= bit
			if s.TokensOnly {
				ix.tokensOnly |= bit
			}
		}
	}
	for h := range ix.byTypes { // each set of types: its lowest type's, and the rest's
		for t := 1; t < len(ix.byTypes[h]); t++ {
			ix.byTypes[h][t] = ix.byTypes[h][t&(t-1)] | perm[8*h+bits.TrailingZeros8(uint8(t))]
		}
	}
	return ix
}

// matchSBAsPass matches the sbas that read what changed since the last
// check that found nothing: over the players, each permanent (the sbas
// over objects, then, unless it is phased out, those over permanents of
// its types), every object that exists (the sbas over anything, without
// those holding only for tokens and copies in a game with neither).
func (g *Game) matchSBAsPass(hits []SBAHit, first bool) []SBAHit {
	if g.preds == nil {
		g.preds = indexPredicates(g.Rules)
	}
	ix := &g.preds.sba
	sel := ix.after[g.dirty&ChangeAll]
	n0 := len(hits)
	// on evaluates the conditions of the sbas asked about one object.
	e, on := g.exec(), g.Rules.MatchOn
	if on == nil {
		on = matchEach
	}
	if c := sel & ix.players; c != 0 {
		for p := range g.Players {
			if g.Players[p].Lost {
				continue
			}
			if hits = on(e, OverPlayers, int32(p), c, first, hits); first && len(hits) > n0 {
				return hits
			}
		}
	}
	objs, perms, typed := sel&ix.objs, sel&ix.perms, sel&ix.typed
	if objs|perms|typed != 0 {
		for _, x := range g.Battlefield {
			if objs != 0 {
				if hits = on(e, OverObjects, int32(x), objs, first, hits); first && len(hits) > n0 {
					return hits
				}
			}
			o := &g.Objs[x]
			if o.PhasedOut {
				continue
			}
			c := perms
			if typed != 0 {
				c |= (ix.byTypes[0][uint8(o.Types)] | ix.byTypes[1][uint8(o.Types>>8)]) & sel
			}
			if c&ix.guarded != 0 {
				// The sbas whose condition needs a feature x lacks.
				may := ^ix.guarded
				for f := features(o, ix.need); f != 0; f &= f - 1 {
					may |= ix.feature[bits.TrailingZeros64(f)]
				}
				if verifyCaches {
					g.verifyGuarded(x, c&^may)
				}
				c &= may
			}
			if c != 0 {
				if hits = on(e, OverPermanents, int32(x), c, first, hits); first && len(hits) > n0 {
					return hits
				}
			}
		}
	}
	c := sel & ix.anything
	if c&ix.tokensOnly != 0 && !g.exec().AnyTokenOrCopy() {
		c &^= ix.tokensOnly
	}
	if c != 0 {
		for x := range g.Objs {
			if g.Objs[x].Zone == ZoneNone {
				continue
			}
			if hits = on(e, OverAnything, int32(x), c, first, hits); first && len(hits) > n0 {
				return hits
			}
		}
	}
	return hits
}

// matchEach is Rules.MatchOn for rules without it (the interpreter's):
// each sba of cand's Match, called in the rules' order.
func matchEach(e Exec, over Over, x int32, cand uint64, first bool, hits []SBAHit) []SBAHit {
	for ; cand != 0; cand &= cand - 1 {
		i := bits.TrailingZeros64(cand)
		if e.Rules.SBAs[i].Match(e, x) {
			if hits = append(hits, SBAHit{int32(i), x}); first {
				return hits
			}
		}
	}
	return hits
}

// Mark starts a for-each query: the query pushes what it selects onto a
// scratch stack so that the body runs over a snapshot (the set is fixed
// before anything changes). Pass the mark to Selected and Release.
func (g Exec) Mark() int { return len(g.scratch) }

// Push adds x to the scratch stack.
func (g Exec) Push(x int32) { g.scratch = append(g.scratch, ObjID(x)) }

// Selected returns what was pushed since mark.
func (g Exec) Selected(mark int) []ObjID { return g.scratch[mark:] }

// Release drops what was pushed since mark.
func (g Exec) Release(mark int) { g.scratch = g.scratch[:mark] }

// PushPlayers pushes the players still in the game in turn order, starting
// with the active player (APNAP order).
func (g Exec) PushPlayers() {
	p := g.Active
	for range g.Players {
		if !g.Players[p].Lost {
			g.scratch = append(g.scratch, ObjID(p))
		}
		p = (p + 1) % len(g.Players)
	}
}

// Features an object has that the guard of an sba over permanents may
// ask for (SBA.Features, derived by the compiler from its match): its
// supertypes, its first eight subtypes kept as bits, being attached,
// counters of each kind, each of its flags.
const (
	FeatureSuper    uint64 = 1 << 0  // 8 bits: SuperSet
	FeatureSub      uint64 = 1 << 8  // 8 bits: SubBits' first
	FeatureAttached uint64 = 1 << 16 // attached to something
	FeatureCounter  uint64 = 1 << 17 // 8 bits: counters of kind k
	FeatureFlag     uint64 = 1 << 25 // 32 bits: flag k (FirstFlag+k)

	// FeatureCounters is any counter.
	FeatureCounters = FeatureCounter * (1<<MaxCounterKinds - 1)
)

// FeatureOf is, by the name generated code calls a vocabulary function
// with, the features one of which an object has whenever the function
// holds for it: the compiler guards an sba whose condition starts with
// one (sbaFeatures). TestFeatureOf checks each against its function.
var FeatureOf = map[string]uint64{
	"rt.ObjLegendary":     FeatureSuper * uint64(SuperLegendary),
	"rt.ObjWorld":         FeatureSuper * uint64(SuperWorld),
	"rt.ObjBasic":         FeatureSuper * uint64(SuperBasic),
	"rt.ObjAura":          FeatureSub << 0,
	"rt.ObjEquipment":     FeatureSub << 1,
	"rt.ObjFortification": FeatureSub << 2,
	"g.Attached":          FeatureAttached,
	"g.OverCounterMax":    FeatureCounters,
}

// features is what of the Features need o has (inlined on the
// state-based actions' hot path). Whether o holds counters is two
// comparisons of four words: the array of eight compared with a zero one
// is a call of memequal.
func features(o *Object, need uint64) uint64 {
	f := uint64(o.Super) | uint64(o.SubBits&0xff)<<8 | uint64(o.Flags)<<25
	if o.AttachedTo != NoObj {
		f |= FeatureAttached
	}
	if need&FeatureCounters != 0 && (*(*[4]int32)(o.Counters[:4]) != [4]int32{} || *(*[4]int32)(o.Counters[4:]) != [4]int32{}) {
		for k, n := range o.Counters {
			if n != 0 {
				f |= FeatureCounter << uint(k)
			}
		}
	}
	return f & need
}

// verifyGuarded panics if an sba of skip, left out for x by its Features
// (VerifyCaches), matches x: the compiler's guard must be a necessary
// condition of the match.
func (g *Game) verifyGuarded(x ObjID, skip uint64) {
	for ; skip != 0; skip &= skip - 1 {
		i := bits.TrailingZeros64(skip)
		if g.Rules.SBAs[i].Match(g.exec(), int32(x)) {
			panic(fmt.Sprintf("sba %s (%s) matches %s, which has none of its features %#x", g.Rules.SBAs[i].Rule, g.Rules.SBAs[i].Pos, g.nameOf(x), g.Rules.SBAs[i].Features))
		}
	}
}
