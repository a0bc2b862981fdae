package rtimpl

import "slices"

// Restrictions and requirements over a whole declaration. The rules give
// the statement that asks for it functions (DeclFns, given(...) in the
// .mtg): a restriction, a condition of each permanent with the
// declaration made ("it can't attack alone", "it can't be blocked except
// by two or more creatures", "no more than one creature can attack"; the
// .mtg's: any attack_restriction holds), which makes the declaration
// illegal when it holds for one; and the requirements, a number of each
// creature declared (of attackers: how many must_attack hold, "a attacks
// if able"; of blockers: must_block, and of each blocker and the attacker
// it blocks, must_block_attacker). The runtime makes a proposed
// declaration for the time of the check, asks them, and takes it back.
//
// A declaration that breaks no restriction is legal unless another one
// that breaks none obeys more requirements: the runtime knows nothing of
// which; it searches exactly (declSearch below), over what each creature
// able to may do (attack or not; block nothing, or a set of the attackers
// it may block, of at most the rules' AtMost). A creature under no
// requirement that would need a cost paid is no companion unless the
// declaration pays it already (the player is never made to pay one; the
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
	flip    []int32    // proposeBlock: the attacks it marked blocked
	attacks []Attack   // the trials' working lists of attacks and blocks
	blks    []Block    // (proposeAttack, proposeBlock): grown once, not saved
	units   []declUnit // the creatures of the search, in the order searched
	opts    []declOpt  // their choices: units[i].first, units[i].n
	pool    []int32    // the targets of the choices: opts[k].first, opts[k].n
	suffix  []int32    // suffix[i]: the most units[i:] could obey
	pick    []int32    // the choice of each unit in the declaration tried
	objs    []ObjID    // the declaration tried (pairs)
	targets []int32
	decl    []int32 // declUnits: an attack's targets made explicit
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
	s.able, s.w2, s.comb = s.able[:0], s.w2[:0], s.comb[:0]
	s.leaves, s.over, s.blocks, s.player = 0, false, blocks, p
}

// opt appends a choice obeying w requirements, with targets ts.
func (s *declScratch) opt(w int32, prop bool, ts ...int32) {
	s.opts = append(s.opts, declOpt{first: int32(len(s.pool)), n: int32(len(ts)), w: w, prop: prop})
	s.pool = append(s.pool, ts...)
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
	f := g.Combat.Atk.Restriction
	if blocks {
		f = g.Combat.Blk.Restriction
	}
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
	for i, x := range objs {
		t := PlayerCode(g.defendingPlayer(p))
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

// mayAttack: permanent x is able to attack on its own in the declaration
// being made (the rules' can_attack and cant_attack: whose creatures are
// declared is theirs, game.declaring).
func (g *Game) mayAttack(x ObjID) bool {
	if g.Objs[x].PhasedOut {
		return false
	}
	return g.fnMay(g.Combat.Atk.May, x, NoObj, true)
}

// mayBlock: permanent b is able to block attacker at on its own in the
// declaration being made (can_block, cant_block: whose creatures block
// whom is the rules'). It is mayBlockAtAll(b) and mayBlockAttacker(b,
// at), which a pass over the attackers asks apart, testing b alone once:
// whoever asks which creature may block which (Options, the policies,
// the declaration's search) asks these.
func (g *Game) mayBlock(b, at ObjID) bool { return g.mayBlockAtAll(b) && g.mayBlockAttacker(b, at) }

// mayBlockAtAll: permanent b is able to block some attacker or other in
// the declaration being made (can_block: whose creatures block is the
// rules').
func (g *Game) mayBlockAtAll(b ObjID) bool {
	if g.Objs[b].PhasedOut {
		return false
	}
	return g.fnMay(g.Combat.Blk.May, b, NoObj, true)
}

// mayBlockAttacker: b, which mayBlockAtAll, may block attacker at
// (cant_block: whom a creature may not block is the rules').
func (g *Game) mayBlockAttacker(b, at ObjID) bool {
	return g.fnMay(g.Combat.Blk.MayBlock, b, at, true)
}

// blocksAtMost is the most attackers b may block in one declaration: the
// rules' function AtMost (one if they give none).
func (g *Game) blocksAtMost(b ObjID) int32 {
	if g.Combat.Blk.AtMost == 0 {
		return 1
	}
	return max(0, g.fnValue(g.Combat.Blk.AtMost, b, NoObj))
}

// refuseBlocksAtMost refuses a declaration in which b blocks more
// attackers than the rules' AtMost allows, citing rule and quoting the
// clause it read.
func (g *Game) refuseBlocksAtMost(rule string, b ObjID) *Refusal {
	n := g.blocksAtMost(b)
	what := "one attacker"
	switch {
	case n == 0:
		what = "no attacker"
	case n != 1:
		what = itoa(int(n)) + " attackers"
	}
	r := refuse(rule, "%s can block only %s", g.nameOf(b), what)
	_, held := g.fnEval(g.Combat.Blk.AtMost, b, NoObj)
	g.quoteFn(r, g.Combat.Blk.AtMost, held)
	return r
}

// declUnits fills s with the creatures of player p's declaration the
// search chooses for (blocks: blockers, else attackers), each with its
// choices: nothing, or a set of what it may be declared against, of at
// most its AtMost (an attacker: one; an undeclared attacker is tried
// attacking the defending player, if p may attack them), each obeying the
// requirements to declare it (Requirement) and, of a blocker, to block
// each attacker of the set (Pair). A creature under no requirement that
// would need a cost paid is left out unless objs declares it (the player
// is never made to pay one; the rules' requirements say whether a
// creature with a cost is required). objs (against targets: of
// attackers, none for the defending player) is the declaration checked,
// whose choices are marked. It returns the requirements objs obeys and
// the most the creatures could obey one by one, and adds no unit when
// objs obeys that many (then both are 0): there is nothing to search.
func (g *Game) declUnits(s *declScratch, p int, objs []ObjID, targets []int32, blocks bool) (have, total int32) {
	s.reset(p, blocks)
	fns := &g.Combat.Atk
	if blocks {
		fns = &g.Combat.Blk
	}
	pairs := blocks && !g.fnDead(fns.Pair)
	if !pairs && g.fnDead(fns.Requirement) {
		return 0, 0
	}
	var def int32
	defOK := false
	if !blocks {
		dp := g.defendingPlayer(p)
		def, defOK = PlayerCode(dp), g.fnMay(fns.Player, ObjID(p), ObjID(dp), true)
		if len(targets) == 0 && len(objs) > 0 { // no targets: the defending player
			s.decl = slices.Grow(s.decl[:0], max(len(objs), len(g.Objs)))
			for range objs {
				s.decl = append(s.decl, def)
			}
			targets = s.decl
		}
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
		w1 := g.fnValue(fns.Requirement, x, NoObj)
		if w1 == 0 && !pairs {
			continue
		}
		g.declAgainst(s, x, targets, def, defOK, pairs)
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
			for _, at := range g.Combat.Attacks {
				if s.ix.has(x, targets, int32(at.Attacker)) {
					mine += g.fnValue(fns.Pair, x, at.Attacker)
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
		g.declAgainst(s, x, targets, def, defOK, pairs)
		if len(s.able) == 0 {
			continue // it can be declared against nothing
		}
		first := int32(len(s.opts))
		w1 := g.fnValue(fns.Requirement, x, NoObj)
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
		if !in && u.max == 0 && g.hasDeclCost(x, blocks) {
			s.opts, s.pool = s.opts[:first], s.pool[:s.opts[first].first]
			continue // not a companion whose cost the player must pay
		}
		s.units = append(s.units, u)
	}
	s.ix.clear()
	return have, total
}

// mayDeclare: x may be declared on its own (blocks: as a blocker of some
// attacker or other, else as an attacker).
func (g *Game) mayDeclare(x ObjID, blocks bool) bool {
	if blocks {
		return g.mayBlockAtAll(x)
	}
	return g.mayAttack(x)
}

// declAtMost is how many things x may be declared against at most: an
// attacker one, a blocker the rules' AtMost.
func (g *Game) declAtMost(x ObjID, blocks bool) int32 {
	if blocks {
		return g.blocksAtMost(x)
	}
	return 1
}

// hasDeclCost reports whether declaring x (blocks: as a blocker) needs a
// cost paid.
func (g *Game) hasDeclCost(x ObjID, blocks bool) bool {
	if blocks {
		return g.exec().HasBlockCost(x)
	}
	return g.exec().HasAttackCost(x)
}

// declAgainst lists in s.able what x may be declared against in the
// search, and in s.w2 the requirements to be declared against each (pairs:
// the rules give Pair): a blocker, the attackers it may block; an
// attacker, what the declaration checked (targets, made explicit) has it
// attack, else the defending player def if p may attack them (defOK).
func (g *Game) declAgainst(s *declScratch, x ObjID, targets []int32, def int32, defOK, pairs bool) {
	if s.blocks {
		g.blockable(s, x, pairs)
		return
	}
	s.able, s.w2 = s.able[:0], s.w2[:0]
	if i := int(s.ix.at(x)) - 1; i >= 0 && i < len(targets) {
		s.able, s.w2 = append(s.able, ObjID(targets[i])), append(s.w2, 0)
	} else if defOK {
		s.able, s.w2 = append(s.able, ObjID(def)), append(s.w2, 0)
	}
}

// blockable lists in s.able the attackers b may block, and in s.w2 the
// requirements to block each.
func (g *Game) blockable(s *declScratch, b ObjID, pairs bool) {
	s.able, s.w2 = s.able[:0], s.w2[:0]
	for _, at := range g.Combat.Attacks {
		if a := at.Attacker; g.mayBlock(b, a) {
			w2 := int32(0)
			if pairs {
				w2 = g.fnValue(g.Combat.Blk.Pair, b, a)
			}
			s.able, s.w2 = append(s.able, a), append(s.w2, w2)
		}
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
// requirement some creature of the search is under (else the rules'
// function's own).
func (g *Game) refuseUnproven(s *declScratch, have int32) error {
	must := g.Combat.Atk.Requirement
	if s.blocks {
		must = g.Combat.Blk.Requirement
	}
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
// (the clause of the rules' functions that decided).
func (g *Game) refuseRequirements(s *declScratch, have int32) error {
	must, pair := g.Combat.Atk.Requirement, FnID(0)
	if s.blocks {
		must, pair = g.Combat.Blk.Requirement, g.Combat.Blk.Pair
	}
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
		if !s.blocks {
			return g.refuseFn(must, held, "", "%s must attack if able, and it is able (a declaration breaking no restriction obeys %d requirement(s), this one %d)", g.nameOf(x), better, have)
		}
		for _, t := range s.pool[o.first : o.first+o.n] {
			a := ObjID(t)
			if v, held := g.fnEval(pair, x, a); v > 0 && !g.proposedBlock(x, a) {
				return g.refuseFn(pair, held, "", "%s must block %s if able, and it is able (a declaration breaking no restriction obeys %d requirement(s), this one %d)", g.nameOf(x), g.nameOf(a), better, have)
			}
		}
		return g.refuseFn(must, held, "", "%s must block if able, and it is able to block %s (a declaration breaking no restriction obeys %d requirement(s), this one %d)", g.nameOf(x), g.nameOf(ObjID(s.pool[o.first])), better, have)
	}
	// (Not reached: a declaration obeying more obeys more for some creature.)
	return g.refuseFn(must, -1, "", "a declaration breaking no restriction obeys %d requirement(s), this one %d", better, have)
}

// proposedBlock reports whether the declaration being checked has b block
// a: the choice of b's unit marked prop.
func (g *Game) proposedBlock(b, a ObjID) bool {
	s := g.decl
	for i := range s.units {
		if u := &s.units[i]; u.obj == b {
			for _, o := range s.opts[u.first : u.first+u.n] {
				if o.prop {
					return slices.Contains(s.pool[o.first:o.first+o.n], int32(a))
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
