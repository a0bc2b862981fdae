package rtimpl

import "slices"

// The clauses of a declaration over the whole of it, as the rules'
// statements state them (DeclFns, rules/combat.mtg): Forbidden, a
// condition of each permanent with the declaration made ("it can't attack
// alone", "it can't be blocked except by two or more creatures"; the
// .mtg's: any attack_restriction holds), which makes the declaration
// illegal when it holds for one; Required and RequiredAgainst, numbers
// of each creature declared and of each creature and what it is declared
// against ("a attacks if able", "b blocks a if able": the .mtg's
// must_attack, must_block, must_block_attacker), whose sum no legal
// declaration may beat. The runtime makes a proposed declaration for the
// time of the check, asks them, and takes it back; the same for
// attackers and blockers.
//
// A declaration that breaks no restriction is legal unless another one
// that breaks none obeys more requirements: the runtime knows nothing of
// which; it searches exactly (declSearch below), over what each creature
// able to may do (be declared against nothing, or a set of at most AtMost
// of the things it may be declared against). A creature nothing
// requires joins a declaration the search tries only if the MayAdd
// clause lets it (the .mtg's: one with no cost to attack or block; the
// rules' requirements say whether a creature with a cost is required).
// The search is
//   - none when the declaration obeys as many requirements as the
//     creatures could obey taken one by one (no requirement, or all
//     obeyed: the common case, one pass over the creatures);
//   - one test when obeying every obeyable requirement together breaks no
//     restriction (the first declaration it tries);
//   - otherwise a branch and bound over the creatures that matter, the
//     required first: a branch is cut once what it obeys, plus the most
//     the creatures after it could, can't beat the declaration; creatures
//     identical for the player's choice (sameCard) with the same choices
//     are one group, of which only how many make each choice matters.
//
// It tests at most MaxDeclarationSearch whole declarations against the
// restrictions; one whose search reaches that bound is refused, saying
// so, rather than accepted unproven.

// MaxDeclarationSearch is the most whole declarations the search for a
// declaration obeying more requirements tests against the restrictions;
// a declaration whose search reaches it is refused (its refusal says so).
const MaxDeclarationSearch = 4096

// declScratch holds the buffers of the declaration checks. Game.decl
// points to it: Save and Load skip the type (notSaved), so a check
// that grows or empties a buffer leaves the saved bytes as they were.
type declScratch struct {
	ord     [2]clauseOrder // of attackers and of blockers: DeclFns.order, kept for its Order
	flip    []int32        // proposeBlock: the attacks it marked blocked
	attacks []Attack       // the trials' working lists of attacks and blocks
	blks    []Block        // (proposeAttack, proposeBlock): grown once, not saved
	units   []declUnit     // the creatures of the search, in the order searched
	opts    []declOpt      // their choices: units[i].first, units[i].n
	pool    []int32        // the targets of the choices: opts[k].first, opts[k].n
	suffix  []int32        // suffix[i]: the most units[i:] could obey
	pick    []int32        // the choice of each unit in the declaration tried
	objs    []ObjID        // the declaration tried (pairs)
	targets []int32
	decl    []int32 // declUnits: an attack's targets made explicit
	dom     []int32 // declUnits: the declaration's domain (declDomain: pairs)
	able    []ObjID // declUnits: what a creature may be declared against,
	w2      []int32 // the requirements to block each,
	comb    []int32 // and those of a choice being made
	leaves  int     // declarations tested
	over    bool    // more choices than maxDeclChoices: the search is not made
	blocks  bool    // a declaration of blockers (else attackers)
	player  int
	saved   proposal  // what a proposed declaration replaced (proposeAttack, proposeBlock)
	ix      declIndex // the objects of the declaration checked (kept by reset)
	checked checkedDecl
}

// declIndex indexes the pairs of a declaration by object, so that the
// checks ask whether (and where) an object is declared in O(1), not by a
// scan of the declaration: first[x] is 1 + the index of x's first pair
// (0: none), next[i] 1 + the index of the next pair of objs[i]'s object.
// Built for one check and cleared after it (first stays zeroed).
type declIndex struct {
	first []int32
	next  []int32
	objs  []ObjID
	small bool // a short declaration: scanned, not indexed
}

// smallDecl is the most pairs a declaration has to be scanned rather than
// indexed.
const smallDecl = 12

// build indexes objs, a declaration among n objects (IDs out of range
// are left out: the check refuses them).
func (ix *declIndex) build(n int, objs []ObjID) {
	ix.objs, ix.small = objs, len(objs) <= smallDecl
	if ix.small {
		return
	}
	if len(ix.first) < n {
		ix.first = make([]int32, n+n/4) // zeroed; grown with the game's objects
	}
	ix.next = slices.Grow(ix.next[:0], max(len(objs), n))[:len(objs)]
	for i := len(objs) - 1; i >= 0; i-- {
		x := objs[i]
		if x < 0 || int(x) >= n {
			ix.next[i] = 0
			continue
		}
		ix.next[i] = ix.first[x]
		ix.first[x] = int32(i + 1)
	}
}

// clear zeroes what build set.
func (ix *declIndex) clear() {
	if ix.small {
		ix.objs = nil
		return
	}
	for _, x := range ix.objs {
		if x >= 0 && int(x) < len(ix.first) {
			ix.first[x] = 0
		}
	}
	ix.objs = nil
}

// at is 1 + the index of x's first pair, 0 if x is not declared.
func (ix *declIndex) at(x ObjID) int32 {
	if ix.small {
		for i, y := range ix.objs {
			if y == x {
				return int32(i + 1)
			}
		}
		return 0
	}
	if x < 0 || int(x) >= len(ix.first) {
		return 0
	}
	return ix.first[x]
}

// before counts x's pairs before pair i, of target t only unless any.
func (ix *declIndex) before(i int, x ObjID, targets []int32, t int32, any bool) int {
	n := 0
	if ix.small {
		for j, y := range ix.objs[:i] {
			if y == x && (any || targets[j] == t) {
				n++
			}
		}
		return n
	}
	for j := ix.at(x); j != 0 && int(j-1) < i; j = ix.next[j-1] {
		if any || targets[j-1] == t {
			n++
		}
	}
	return n
}

// count counts x's pairs.
func (ix *declIndex) count(x ObjID) int {
	n := 0
	if ix.small {
		for _, y := range ix.objs {
			if y == x {
				n++
			}
		}
		return n
	}
	for j := ix.at(x); j != 0; j = ix.next[j-1] {
		n++
	}
	return n
}

// has reports whether x is declared against t.
func (ix *declIndex) has(x ObjID, targets []int32, t int32) bool {
	if ix.small {
		for j, y := range ix.objs {
			if y == x && j < len(targets) && targets[j] == t {
				return true
			}
		}
		return false
	}
	for j := ix.at(x); j != 0; j = ix.next[j-1] {
		if int(j-1) < len(targets) && targets[j-1] == t {
			return true
		}
	}
	return false
}

// checkedDecl remembers the last declaration Check found legal, so that
// its Submit, the game unchanged since (changes), records it without
// checking it again.
type checkedDecl struct {
	ok      bool
	changes uint32
	kind    DecisionKind
	answer  AnswerKind // the kind of the answer checked: a check keys on it
	player  int
	objs    []ObjID
	targets []int32
}

// remember records a, just found legal for the pending decision.
func (c *checkedDecl) remember(g *Game, a *Answer) {
	n := max(len(a.Objs), len(g.Objs))
	*c = checkedDecl{ok: true, changes: g.changes, kind: g.pending.Kind, answer: a.Kind, player: g.pending.Player,
		objs: append(slices.Grow(c.objs[:0], n), a.Objs...), targets: append(slices.Grow(c.targets[:0], n), a.Targets...)}
}

// holds reports whether a is the declaration remembered, for the same
// decision of the same game, unchanged since.
func (c *checkedDecl) holds(g *Game, a *Answer) bool {
	return c.ok && c.changes == g.changes && c.kind == g.pending.Kind && c.answer == a.Kind && c.player == g.pending.Player &&
		slices.Equal(c.objs, a.Objs) && slices.Equal(c.targets, a.Targets)
}

// maxDeclChoices bounds the choices of all creatures together (a creature
// that may block several attackers has a choice per set of them); more,
// and the search counts as having reached its bound.
const maxDeclChoices = 4 * MaxDeclarationSearch

// declUnit is a creature of the search and its choices.
type declUnit struct {
	obj      ObjID
	first, n int32 // its choices, opts[first : first+n], in the order tried
	max      int32 // the most requirements a choice of it obeys
	have     int32 // those the declaration checked obeys for it
	group    bool  // identical to the unit before: its choice is not before that one's
}

// declOpt is one choice of a creature: attack pool[first], block
// pool[first : first+n], or (n 0) nothing; w requirements it obeys.
type declOpt struct {
	first int32
	n     int32
	w     int32
	prop  bool // the declaration checked makes this choice
}

// reset empties s for a search of player p's declaration, keeping its
// buffers.
func (s *declScratch) reset(p int, blocks bool) {
	s.attacks, s.blks, s.units, s.opts, s.pool = s.attacks[:0], s.blks[:0], s.units[:0], s.opts[:0], s.pool[:0]
	s.suffix, s.pick, s.objs, s.targets, s.decl = s.suffix[:0], s.pick[:0], s.objs[:0], s.targets[:0], s.decl[:0]
	s.able, s.w2, s.comb, s.dom = s.able[:0], s.w2[:0], s.comb[:0], s.dom[:0]
	s.leaves, s.over, s.blocks, s.player = 0, false, blocks, p
}

// opt appends a choice obeying w requirements, with targets ts.
func (s *declScratch) opt(w int32, prop bool, ts ...int32) {
	s.opts = append(s.opts, declOpt{first: int32(len(s.pool)), n: int32(len(ts)), w: w, prop: prop})
	s.pool = append(s.pool, ts...)
}

// clauseOrder is DeclFns.order's answer for an Order (key).
type clauseOrder struct {
	key         uint64
	set         bool
	pair, whole [NumClauses]Clause
	np, nw      uint8
}

// orderOf is fns.order (of blockers: blocks), kept from one check to the
// next while fns.Order is the same (a pure function of it).
func (s *declScratch) orderOf(fns *DeclFns, blocks bool) (pair, whole []Clause) {
	o := &s.ord[0]
	if blocks {
		o = &s.ord[1]
	}
	if !o.set || o.key != fns.Order {
		p, w := fns.order(&o.pair, &o.whole)
		o.key, o.set, o.np, o.nw = fns.Order, true, uint8(len(p)), uint8(len(w))
	}
	return o.pair[:o.np], o.whole[:o.nw]
}

// declBufs is the game's declaration scratch, made on first use.
func (g *Game) declBufs() *declScratch {
	if g.decl == nil {
		g.decl = new(declScratch)
	}
	return g.decl
}

// declRestricted makes player p's proposed declaration for the time of
// the check (blocks: objs[i] blocking targets[i]; else objs attacking the
// players or permanents of targets, or the defending player) and returns
// a permanent the rules' restriction forbids it for, with the clause that
// held (cite: for a refusal); NoObj if none.
func (g *Game) declRestricted(p int, objs []ObjID, targets []int32, blocks, cite bool) (ObjID, int32) {
	f := g.declOf(blocks).Forbidden
	if g.fnDead(f) {
		return NoObj, -1
	}
	if blocks {
		g.proposeBlock(p, objs, targets)
	} else {
		g.proposeAttack(p, objs, targets)
	}
	bad, held := g.restricted(f, cite)
	g.takeBack()
	return bad, held
}

// proposal is what a proposed declaration replaced in the combat's
// records, for takeBack (declScratch.saved).
type proposal struct {
	attacks  []Attack
	blocks   []Block
	declared int32 // DeclaredAttackers or DeclaredBlockers
	dup      bool
	repeated bool
	clean    bool
	blockers bool
}

// proposeAttack makes p's proposed attack (objs, attacking targets, or
// the defending player with no targets) in the combat's records, as
// recordAttackers and BecomeAttacking would, for the time of a check: the
// rules' functions read it; takeBack undoes it.
func (g *Game) proposeAttack(p int, objs []ObjID, targets []int32) {
	c := &g.Combat
	s := g.declBufs()
	// The slices are restored as they were (nil stays nil): a refused
	// declaration must leave Save's bytes as they were.
	s.saved = proposal{attacks: c.Attacks, declared: c.DeclaredAttackers, clean: g.watchClean, dup: c.dupAtk}
	tr := &s.saved
	c.Attacks = append(slices.Grow(s.attacks[:0], max(len(tr.attacks)+len(objs), len(g.Objs))), tr.attacks...) // the trial works in the scratch's buffer, grown once
	dflt := int32(0)
	if len(targets) < len(objs) {
		dflt = PlayerCode(g.defendingPlayer(p)) // (evaluated once)
	}
	for i, x := range objs {
		t := dflt
		if i < len(targets) {
			t = targets[i]
		}
		at := attackOn(p, x, t, g.defenderOf(t))
		at.Declared = true
		g.addAttack(at)
	}
	c.DeclaredAttackers = int32(len(objs))
}

// proposeBlock is proposeAttack for q's proposed blocks (objs[i] blocking
// targets[i]): each attacker blocked becomes blocked.
func (g *Game) proposeBlock(q int, objs []ObjID, targets []int32) {
	c := &g.Combat
	s := g.declBufs()
	s.saved = proposal{blocks: c.Blocks, declared: c.DeclaredBlockers, repeated: c.repeated, clean: g.watchClean, blockers: true}
	tr := &s.saved
	c.Blocks = append(slices.Grow(s.blks[:0], max(len(tr.blocks)+len(objs), len(g.Objs))), tr.blocks...) // as proposeAttack
	flipped := slices.Grow(s.flip[:0], max(len(objs), len(g.Objs)))
	for i, b := range objs {
		at := ObjID(targets[i])
		g.addBlock(Block{Blocker: b, Attacker: at, Controller: int8(q), Repeated: g.exec().Blocking(b)})
		if !slices.Contains(objs[:i], b) {
			c.DeclaredBlockers++
		}
		if ai := g.attackIndex(at); ai >= 0 && !c.Attacks[ai].Blocked {
			c.Attacks[ai].Blocked = true
			flipped = append(flipped, int32(ai))
		}
	}
	s.flip = flipped
}

// takeBack undoes the proposed declaration (proposeAttack, proposeBlock).
func (g *Game) takeBack() {
	c := &g.Combat
	s := g.decl
	tr := &s.saved
	if !tr.blockers {
		g.unindexCombat(len(tr.attacks), len(c.Blocks))
		s.attacks, c.Attacks = c.Attacks[:0], tr.attacks // what the trial grew is kept for the next one
		c.DeclaredAttackers = tr.declared
		c.nAtk = min(c.nAtk, len(tr.attacks)) // the indexes of those kept still hold
		c.dupAtk = tr.dup
		g.watchClean = tr.clean
		s.saved = proposal{}
		return
	}
	for _, ai := range s.flip {
		c.Attacks[ai].Blocked = false
	}
	s.flip = s.flip[:0] // kept for the next check (not saved)
	g.unindexCombat(len(c.Attacks), len(tr.blocks))
	s.blks, c.Blocks = c.Blocks[:0], tr.blocks
	c.DeclaredBlockers = tr.declared
	c.nBlk, c.repeated, g.watchClean = min(c.nBlk, len(tr.blocks)), tr.repeated, tr.clean
	s.saved = proposal{}
}

// restricted returns the first permanent on the battlefield for which
// the rules' restriction f holds (a condition of one permanent, with the
// declaration proposed made), and (cite: for a refusal) the clause of
// their predicates found holding (-1 if none).
func (g *Game) restricted(f FnID, cite bool) (ObjID, int32) {
	for _, x := range g.Battlefield {
		if g.Objs[x].PhasedOut || !g.fnHolds(f, x, NoObj) {
			continue
		}
		held := int32(-1)
		if cite {
			_, held = g.fnEval(f, x, NoObj) // (again, noting the clause)
		}
		return x, held
	}
	return NoObj, -1
}

// refuseRestriction is the refusal of a declaration that the rules'
// restriction f forbids for x, citing and quoting the clause held (or f).
func (g *Game) refuseRestriction(f FnID, x ObjID, held int32) *Refusal {
	return g.refuseFn(f, held, "", "the declaration breaks a restriction on %s", g.nameOf(x))
}

// declOf is the clauses of the declaration of blockers (blocks) or of
// attackers: which one a check reads.
func (g *Game) declOf(blocks bool) *DeclFns {
	if blocks {
		return &g.Combat.Blk
	}
	return &g.Combat.Atk
}

// declVerb is what a creature does in the declaration (blocks: of
// blockers), for a message.
func declVerb(blocks bool) string {
	if blocks {
		return "block"
	}
	return "attack"
}

// mayDeclare: permanent x meets the declaration's Each clause (blocks: of
// blockers; none stated: nothing does), on its own: it may be declared
// against something or other. A phased-out permanent is in no
// declaration (the object model's).
func (g *Game) mayDeclare(x ObjID, blocks bool) bool {
	return g.mayDeclareBy(g.declOf(blocks).Each, x)
}

// mayDeclareBy is mayDeclare of the Each clause each (fnHolds of none:
// false).
func (g *Game) mayDeclareBy(each FnID, x ObjID) bool {
	return !g.Objs[x].PhasedOut && g.fnHolds(each, x, NoObj)
}

// mayAgainst: x, which mayDeclare, meets the declaration's Against clause
// with object y (none stated: it does).
func (g *Game) mayAgainst(x, y ObjID, blocks bool) bool {
	return g.fnMay(g.declOf(blocks).Against, x, y, true)
}

// declAtMost is how many things x may be declared against at most: the
// declaration's AtMost clause (none stated: one).
func (g *Game) declAtMost(x ObjID, blocks bool) int32 {
	f := g.declOf(blocks).AtMost
	if f == 0 {
		return 1
	}
	return max(0, g.fnValue(f, x, NoObj))
}

// refuseAtMost refuses a declaration in which x is declared against more
// things than the AtMost clause allows, citing rule and quoting the
// clause it read.
func (g *Game) refuseAtMost(rule string, x ObjID, blocks bool) *Refusal {
	f := g.declOf(blocks).AtMost
	n := g.declAtMost(x, blocks)
	noun, nouns := "attacker", "attackers"
	if !blocks {
		noun, nouns = "player or permanent", "players or permanents"
	}
	what := "one " + noun
	switch {
	case n == 0:
		what = "no " + noun
	case n != 1:
		what = itoa(int(n)) + " " + nouns
	}
	r := refuse(rule, "%s can %s only %s", g.nameOf(x), declVerb(blocks), what)
	if f != 0 {
		_, held := g.fnEval(f, x, NoObj)
		g.quoteFn(r, f, held)
	}
	return r
}

// declDomain pushes on the scratch stack what creatures of player p's
// declaration may be declared against, each with its group: of blockers,
// the attackers (one group); of attackers, the players p may attack and
// the permanents p may attack that the rules name a defender of, the
// players first, each with the player who defends it (its group). With
// one (x, NoObj if none), it stops at the first thing x may be declared
// against and reports true.
func (g *Game) declDomain(p int, blocks bool, one ObjID) bool {
	e := g.exec()
	if blocks {
		for _, at := range g.Combat.Attacks {
			if one != NoObj && g.mayAgainst(one, at.Attacker, true) {
				return true
			}
			e.Push(int32(at.Attacker))
			e.Push(0)
		}
		return false
	}
	fns := &g.Combat.Atk
	for q := range g.Players {
		if g.fnHolds(fns.Player, ObjID(p), ObjID(q)) {
			if one != NoObj {
				return true
			}
			e.Push(PlayerCode(q))
			e.Push(int32(q))
		}
	}
	for _, w := range g.Battlefield {
		if g.fnHolds(fns.Permanent, ObjID(p), w) {
			if d := g.defenderOf(int32(w)); e.IsPlayer(d) {
				if one != NoObj && g.mayAgainst(one, w, false) {
					return true
				}
				e.Push(int32(w))
				e.Push(int32(d))
			}
		}
	}
	return false
}

// declUnits fills s with the creatures of player p's declaration the
// search chooses for (blocks: blockers, else attackers), each with its
// choices: nothing, or a set of at most AtMost of the things it may be
// declared against (declDomain, Against), each obeying the requirements
// to declare it (Required) and to declare it against each object of the
// set (RequiredAgainst). A creature nothing requires that the MayAdd
// clause does not allow is left out unless objs declares it. objs
// (against targets: of attackers, none for the defending player) is the
// declaration checked, whose choices are marked. It returns the
// requirements objs obeys and the most the creatures could obey one by
// one, and adds no unit when objs obeys that many (then both are 0):
// there is nothing to search.
func (g *Game) declUnits(s *declScratch, p int, objs []ObjID, targets []int32, blocks bool) (have, total int32) {
	s.reset(p, blocks)
	fns := g.declOf(blocks)
	pairs := !g.fnDead(fns.RequiredAgainst)
	if !pairs && g.fnDead(fns.Required) {
		return 0, 0
	}
	if !blocks && len(targets) == 0 && len(objs) > 0 { // no targets: the defending player
		def := PlayerCode(g.defendingPlayer(p))
		s.decl = slices.Grow(s.decl[:0], max(len(objs), len(g.Objs)))
		for range objs {
			s.decl = append(s.decl, def)
		}
		targets = s.decl
	}
	e := g.exec()
	m := e.Mark()
	defer e.Release(m)
	g.declDomain(p, blocks, NoObj)
	for _, y := range e.Selected(m) {
		s.dom = append(s.dom, int32(y))
	}
	s.ix.build(len(g.Objs), objs)
	// First the count: the most each creature could obey, alone, beyond
	// what the declaration obeys (without pair requirements, a creature
	// declared obeys all of its own).
	var more int32
	for _, x := range g.Battlefield {
		in := s.ix.at(x) != 0
		if in && !pairs || !g.mayDeclare(x, blocks) {
			continue
		}
		w1 := g.fnValue(fns.Required, x, NoObj)
		if w1 == 0 && !pairs {
			continue
		}
		g.declAgainst(s, x, pairs)
		k := min(int(g.declAtMost(x, blocks)), len(s.able))
		if k == 0 {
			continue
		}
		slices.SortFunc(s.w2, func(x, y int32) int { return int(y - x) })
		most := w1
		for _, w := range s.w2[:k] {
			most += w
		}
		mine := int32(0)
		if in {
			mine = w1
			for i := 0; i < len(s.dom); i += 2 {
				if y := s.dom[i]; y >= 0 && s.ix.has(x, targets, y) {
					mine += g.fnValue(fns.RequiredAgainst, x, ObjID(y))
				}
			}
		}
		more += most - mine
		have += mine
	}
	if more == 0 {
		s.ix.clear()
		return 0, 0
	}
	total = have + more
	for _, x := range g.Battlefield {
		if !g.mayDeclare(x, blocks) {
			continue
		}
		g.declAgainst(s, x, pairs)
		if len(s.able) == 0 {
			continue // it can be declared against nothing
		}
		first := int32(len(s.opts))
		w1 := g.fnValue(fns.Required, x, NoObj)
		in := s.ix.at(x) != 0
		s.opt(0, !in)
		nin, most := s.ix.count(x), min(int(g.declAtMost(x, blocks)), len(s.able))
		for size := 1; size <= most && !s.over; size++ {
			g.declChoices(s, targets, x, in && nin == size, w1, 0, size)
		}
		u := declUnit{obj: x, first: first, n: int32(len(s.opts)) - first}
		for _, o := range s.opts[first:] {
			u.max = max(u.max, o.w)
			if o.prop {
				u.have = o.w
			}
		}
		if !in && u.max == 0 && !g.fnMay(fns.MayAdd, x, NoObj, true) {
			s.opts, s.pool = s.opts[:first], s.pool[:s.opts[first].first]
			continue // nothing requires it, and the rules let the search not add it
		}
		s.units = append(s.units, u)
	}
	s.ix.clear()
	return have, total
}

// declAgainst lists in s.able what x may be declared against in the
// search, among the declaration's domain (s.dom, declDomain: objects
// that x meets the Against clause with, and players), and in s.w2 the
// requirements to be declared against each (pairs: RequiredAgainst, of
// objects).
func (g *Game) declAgainst(s *declScratch, x ObjID, pairs bool) {
	fns := g.declOf(s.blocks)
	s.able, s.w2 = s.able[:0], s.w2[:0]
	for i := 0; i < len(s.dom); i += 2 {
		y := s.dom[i]
		if y >= 0 && !g.mayAgainst(x, ObjID(y), s.blocks) {
			continue
		}
		w2 := int32(0)
		if pairs && y >= 0 {
			w2 = g.fnValue(fns.RequiredAgainst, x, ObjID(y))
		}
		s.able, s.w2 = append(s.able, ObjID(y)), append(s.w2, w2)
	}
}

// declChoices appends x's choices of size things to be declared against
// (attackers it blocks; what it attacks) among s.able[from:], after those
// of s.comb; in: the declaration checked (against targets) declares x
// against that many (a choice is its own if they are the same ones).
func (g *Game) declChoices(s *declScratch, targets []int32, x ObjID, in bool, w1 int32, from, size int) {
	if len(s.comb) == size {
		if len(s.opts) >= maxDeclChoices {
			s.over = true
			return
		}
		w, prop := w1, in
		first := int32(len(s.pool))
		for _, i := range s.comb {
			a := s.able[i]
			w += s.w2[i]
			prop = prop && s.ix.has(x, targets, int32(a))
			s.pool = append(s.pool, int32(a))
		}
		s.opts = append(s.opts, declOpt{first: first, n: int32(size), w: w, prop: prop})
		return
	}
	for i := from; i < len(s.able) && !s.over; i++ {
		s.comb = append(s.comb, int32(i))
		g.declChoices(s, targets, x, in, w1, i+1, size)
		s.comb = s.comb[:len(s.comb)-1]
	}
}

// prepare orders the units and their choices for the search: the choices
// of a unit by the requirements they obey, the declaration's own first
// among equals; the units by the most they could obey; identical units
// (sameCard, the same choices) next to each other, grouped.
func (g *Game) prepare(s *declScratch) {
	for i := range s.units {
		u := &s.units[i]
		slices.SortStableFunc(s.opts[u.first:u.first+u.n], func(a, b declOpt) int {
			if a.w != b.w {
				return int(b.w - a.w)
			}
			switch {
			case a.prop && !b.prop:
				return -1
			case b.prop && !a.prop:
				return 1
			}
			return 0
		})
	}
	slices.SortStableFunc(s.units, func(a, b declUnit) int { return int(b.max - a.max) })
	attached := false
	for _, x := range g.Battlefield {
		if g.Objs[x].AttachedTo != NoObj {
			attached = true
			break
		}
	}
	for i := 1; i < len(s.units); i++ {
		for j := i - 1; j >= 0 && s.units[j].max == s.units[i].max; j-- {
			if g.sameUnit(s, j, i, attached) {
				u := s.units[i]
				u.group = true
				copy(s.units[j+2:i+1], s.units[j+1:i])
				s.units[j+1] = u
				break
			}
		}
	}
	n := len(s.units)
	s.suffix = slices.Grow(s.suffix[:0], n+1)[:n+1]
	s.pick = slices.Grow(s.pick[:0], n)[:n]
	s.suffix[n] = 0
	for i := n - 1; i >= 0; i-- {
		s.suffix[i] = s.suffix[i+1] + s.units[i].max
	}
}

// sameUnit reports whether units i and j are interchangeable: identical
// creatures with the same choices in the same order.
func (g *Game) sameUnit(s *declScratch, i, j int, attached bool) bool {
	a, b := &s.units[i], &s.units[j]
	if a.n != b.n || !g.sameCard(a.obj, b.obj, attached) {
		return false
	}
	for k := int32(0); k < a.n; k++ {
		x, y := &s.opts[a.first+k], &s.opts[b.first+k]
		if x.n != y.n || x.w != y.w || x.prop != y.prop || !slices.Equal(s.pool[x.first:x.first+x.n], s.pool[y.first:y.first+y.n]) {
			return false
		}
	}
	return true
}

// declSearch looks for a declaration that breaks no restriction and obeys
// more than target requirements, choosing for units[i:] (cur obeyed by
// the choices before). found: s.pick holds it; bound: the search stopped
// at MaxDeclarationSearch declarations tested.
func (g *Game) declSearch(s *declScratch, i int, cur, target int32) (found, bound bool) {
	if cur+s.suffix[i] <= target {
		return false, false
	}
	if i == len(s.units) {
		if s.leaves >= MaxDeclarationSearch {
			return false, true
		}
		s.leaves++
		return g.declLegal(s), false
	}
	u := &s.units[i]
	k := int32(0)
	if u.group {
		k = s.pick[i-1] // of identical creatures, only how many choose what matters
	}
	for ; k < u.n; k++ {
		w := s.opts[u.first+k].w
		if cur+w+s.suffix[i+1] <= target {
			break // the choices after obey fewer still
		}
		s.pick[i] = k
		if found, bound = g.declSearch(s, i+1, cur+w, target); found || bound {
			return found, bound
		}
	}
	return false, false
}

// declLegal reports whether the declaration s.pick makes breaks no
// restriction.
func (g *Game) declLegal(s *declScratch) bool {
	s.objs, s.targets = s.objs[:0], s.targets[:0]
	for i := range s.units {
		o := &s.opts[s.units[i].first+s.pick[i]]
		for _, t := range s.pool[o.first : o.first+o.n] {
			s.objs, s.targets = append(s.objs, s.units[i].obj), append(s.targets, t)
		}
	}
	bad, _ := g.declRestricted(s.player, s.objs, s.targets, s.blocks, false)
	return bad == NoObj
}

// declRequirements refuses player p's declaration objs (against
// targets; blocks: of blockers) when another breaking no restriction
// obeys more requirements.
func (g *Game) declRequirements(p int, objs []ObjID, targets []int32, blocks bool) error {
	s := g.declBufs()
	have, total := g.declUnits(s, p, objs, targets, blocks)
	if have >= total {
		return nil
	}
	return g.requirementsRefusal(s)
}

// requirementsRefusal searches for a declaration obeying more
// requirements than the one checked and refuses it if there is one,
// naming a creature that obeys more in it, or if the search reached its
// bound.
func (g *Game) requirementsRefusal(s *declScratch) error {
	// What the declaration obeys, counted over every creature in it (the
	// first count skips those that obey all of theirs).
	have := int32(0)
	for i := range s.units {
		have += s.units[i].have
	}
	g.prepare(s)
	found, bound := false, s.over
	if !bound {
		found, bound = g.declSearch(s, 0, 0, have)
	}
	switch {
	case bound:
		return g.refuseUnproven(s, have)
	case found:
		return g.refuseRequirements(s, have)
	}
	return nil
}

// refuseUnproven is the refusal of a declaration obeying have
// requirements whose search reached its bound: it cites the rule of a
// requirement some creature of the search is under (else the Required
// clause's own).
func (g *Game) refuseUnproven(s *declScratch, have int32) error {
	must := g.declOf(s.blocks).Required
	rule := ""
	if f := g.fn(must); f != nil {
		rule = f.Rule
	}
	for i := range s.units {
		if _, held := g.fnEval(must, s.units[i].obj, NoObj); held >= 0 {
			rule = g.Rules.Predicates[held].Rule
			break
		}
	}
	return refuse(rule, "not decided: no declaration obeying more than the %d requirement(s) this one obeys was found among the first %d tried, the bound of the search (MaxDeclarationSearch, or %d choices of creatures); declare one that obeys more", have, MaxDeclarationSearch, maxDeclChoices)
}

// refuseRequirements is the refusal of a declaration obeying have
// requirements when the search found one (s.pick) obeying more: it names
// a creature that obeys more in it, citing and quoting what requires it
// (the clause of the rules' functions that decided): to be declared
// against an object (RequiredAgainst) if that is what it obeys more of,
// else to be declared (Required).
func (g *Game) refuseRequirements(s *declScratch, have int32) error {
	fns := g.declOf(s.blocks)
	must, pair, verb := fns.Required, fns.RequiredAgainst, declVerb(s.blocks)
	var better int32
	for i := range s.units {
		better += s.opts[s.units[i].first+s.pick[i]].w
	}
	for i := range s.units {
		u := &s.units[i]
		o := &s.opts[u.first+s.pick[i]]
		if o.w <= u.have {
			continue
		}
		x := u.obj
		_, held := g.fnEval(must, x, NoObj)
		for _, t := range s.pool[o.first : o.first+o.n] {
			if t < 0 || pair == 0 {
				continue
			}
			if v, held := g.fnEval(pair, x, ObjID(t)); v > 0 && !g.proposedAgainst(x, t) {
				return g.refuseFn(pair, held, "", "%s must %s %s if able, and it is able (a declaration breaking no restriction obeys %d requirement(s), this one %d)", g.nameOf(x), verb, g.targetName(ObjID(t)), better, have)
			}
		}
		if !s.blocks {
			return g.refuseFn(must, held, "", "%s must %s if able, and it is able (a declaration breaking no restriction obeys %d requirement(s), this one %d)", g.nameOf(x), verb, better, have)
		}
		return g.refuseFn(must, held, "", "%s must %s if able, and it is able to %s %s (a declaration breaking no restriction obeys %d requirement(s), this one %d)", g.nameOf(x), verb, verb, g.targetName(ObjID(s.pool[o.first])), better, have)
	}
	// (Not reached: a declaration obeying more obeys more for some creature.)
	return g.refuseFn(must, -1, "", "a declaration breaking no restriction obeys %d requirement(s), this one %d", better, have)
}

// proposedAgainst reports whether the declaration being checked declares
// x against t: the choice of x's unit marked prop.
func (g *Game) proposedAgainst(x ObjID, t int32) bool {
	s := g.decl
	for i := range s.units {
		if u := &s.units[i]; u.obj == x {
			for _, o := range s.opts[u.first : u.first+u.n] {
				if o.prop {
					return slices.Contains(s.pool[o.first:o.first+o.n], t)
				}
			}
		}
	}
	return false
}

// bestDeclaration is the declaration that obeys the most requirements of
// p's attackers (or blockers) without breaking a restriction, choosing
// nothing for a creature under none: the search raised until it finds no
// better one (or reaches its bound: then the best found). ok is false if
// none was found that breaks no restriction.
func (g *Game) bestDeclaration(blocks bool, p int) (objs []ObjID, targets []int32, ok bool) {
	s := g.declBufs()
	g.declUnits(s, p, nil, nil, blocks)
	// declUnits stops early when nothing is required of anyone: then
	// nothing is the best.
	if len(s.units) == 0 {
		return nil, nil, true
	}
	if s.over {
		return nil, nil, false
	}
	g.prepare(s)
	target := int32(-1)
	for {
		found, _ := g.declSearch(s, 0, 0, target)
		if !found {
			return objs, targets, ok
		}
		ok, objs, targets, target = true, append(objs[:0], s.objs...), append(targets[:0], s.targets...), 0
		for i := range s.units {
			target += s.opts[s.units[i].first+s.pick[i]].w
		}
	}
}

// BlockerCount is the number of creatures blocking x.
func (g Exec) BlockerCount(x ObjID) int32 { return int32(g.numBlockers(x)) }
