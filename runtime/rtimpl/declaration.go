package rtimpl

// A declaration of attackers or blockers in steps the rules write: the
// players choose it (ChooseAttackers, ChooseBlockers: asked, checked whole
// against the rules' predicates, refused with nothing changed, recorded in
// Combat.Declared), then the rules' statements make it: pay its costs
// (PayDeclaredCosts), make each creature attack or block (BecomeAttacking,
// BecomeBlocking), trigger abilities (Trigger), in the order and under the
// conditions they say.

// DeclarationKind says what Combat.Declared holds.
type DeclarationKind uint8

const (
	DeclaringNone DeclarationKind = iota
	DeclaringAttackers
	DeclaringBlockers
)

// Declared is one pair of a declaration: Obj, chosen by player By,
// attacks Target (a PlayerCode, or a permanent) or blocks attacker Target.
type Declared struct {
	Obj      ObjID
	Target   int32
	By       int8
	Repeated bool // Obj is in an earlier pair of the declaration too
	Defender int8 // an attacker's: the player who defends Target, as declared
}

// DeclFns are the clauses of a declaration of attackers or blockers, as
// the rules' statements state them before the statement that asks for it
// (declarable, declarable_against, declarable_at_most,
// declaration_forbidden, declaration_requires,
// declaration_requires_against, declaration_may_add, declaration_cost:
// each a function of the rules, given(...)), and, of attackers, what the creatures may attack
// (choose_attackers' own functions). What each clause says is the .mtg's;
// the runtime evaluates each as its statement says, the same for
// attackers and blockers: a declaration is legal when each creature in it
// meets Each, with each object it is declared against Against, against at
// most AtMost things; Forbidden holds for no permanent with it made; and
// no declaration meeting all that obeys more of what Required and
// RequiredAgainst count (adding, of the creatures it does not declare and
// nothing requires, only those MayAdd allows); and its player can pay
// the total of what Cost gives for each creature in it (once each). A
// clause not stated constrains nothing (AtMost: one; Each: nothing may be
// declared; Cost: nothing to pay).
type DeclFns struct {
	Each            FnID // (x): a condition each creature declared meets (declarable)
	Against         FnID // (x, y): a condition x meets with each object y it is declared against (declarable_against)
	AtMost          FnID // (x): a number, the most things x may be declared against (declarable_at_most)
	Forbidden       FnID // (x): a condition, with the declaration made, that makes it illegal (declaration_forbidden)
	Required        FnID // (x): a number, the requirements that x is declared (declaration_requires)
	RequiredAgainst FnID // (x, y): a number, the requirements that x is declared against y (declaration_requires_against)
	MayAdd          FnID // (x): a condition, a creature the search for a better declaration may add though nothing requires it (declaration_may_add)
	Cost            FnID // (x, q): a cost, what declaring x costs, q the player it is declared to attack (none: a permanent, or x blocks) (declaration_cost)
	// Of attackers: whether player p's creatures may attack player q
	// (Player, (p, q)) and permanent t (Permanent, (p, t)); who defends a
	// permanent (Defender, (t): a player); what p's creatures attack when
	// a declaration names no target (Default, (p): a player, the defending
	// player).
	Player, Permanent, Defender, Default FnID
	// Order is the order the clauses were stated in, which is the order a
	// declaration is checked in (the first that fails refuses it): the
	// clauses of a pair (Each, Against, AtMost) for each pair in turn,
	// then those of the declaration as a whole (Forbidden; the
	// requirements: Required, RequiredAgainst and MayAdd are one search;
	// Cost). What attackers may attack (choose_attackers' own functions)
	// is checked after the pair's clauses stated before it. Packed: the
	// Clause stated n-th in bits 4n to 4n+3, how many are in bits 24 to
	// 27, and bit 32+k set once clause k is. A clause missing from it (a
	// game saved with another Order) comes after those in it.
	Order uint64
}

// Clause names a clause of a declaration in DeclFns.Order.
type Clause uint8

// The clauses of a declaration, as DeclFns.Order lists them.
const (
	ClauseEach Clause = iota + 1
	ClauseAgainst
	ClauseAtMost
	ClauseForbidden
	ClauseRequires
	ClauseCost
	NumClauses = int(ClauseCost)
)

// stated notes that clause k was stated, after those stated before it.
func (d *DeclFns) stated(k Clause) {
	if d.Order>>(32+k)&1 == 0 {
		n := d.Order >> 24 & 15 // how many were
		d.Order = d.Order&^(15<<24) | uint64(k)<<(4*n) | (n+1)<<24 | 1<<(32+k)
	}
}

// order is the order d's clauses are checked in (Order, then any clause
// it misses, in the order of the constants), split into the clauses of a
// pair and those of the whole, in the caller's buffers.
func (d *DeclFns) order(pb, wb *[NumClauses]Clause) (pair, whole []Clause) {
	pair, whole = pb[:0], wb[:0]
	n := min(int(d.Order>>24&15), NumClauses) // (a loaded game's Order may be anything)
	got := uint32(0)
	for i := 0; i < n+NumClauses; i++ {
		k := Clause(i - n + 1) // then the clauses Order misses
		if i < n {
			k = Clause(d.Order >> (4 * i) & 15)
		}
		if k == 0 || int(k) > NumClauses || got>>k&1 != 0 {
			continue
		}
		got |= 1 << k
		if k <= ClauseAtMost {
			pair = append(pair, k)
		} else {
			whole = append(whole, k)
		}
	}
	return pair, whole
}

// declShaped reports whether every function of d is none or of the shape
// its place needs (blockers: of a declaration of blockers, which attacks
// nothing): a loaded game's are checked so.
func (g *Game) declShaped(d DeclFns, blockers bool) bool {
	return g.fnShaped(d.Each, 1, false) && g.fnShaped(d.Against, 2, false) && g.fnShaped(d.Forbidden, 1, false) &&
		g.fnShaped(d.Required, 1, true) && g.fnShaped(d.RequiredAgainst, 2, true) && g.fnShaped(d.AtMost, 1, true) && g.fnShaped(d.MayAdd, 1, false) &&
		g.fnCostShaped(d.Cost) && g.fnShaped(d.Player, 2, false) && g.fnShaped(d.Permanent, 2, false) && g.fnShaped(d.Defender, 1, true) &&
		g.fnShaped(d.Default, 1, true) &&
		(!blockers || d.Player == 0 && d.Permanent == 0 && d.Defender == 0 && d.Default == 0)
}

// The statements stating the clauses of the next declaration asked for
// (Combat.Stated): each a function of the rules, given(...), whose shape
// the declaration checks as it adopts them.

// Declarable states the condition f (of x) each creature declared meets.
func (g Exec) Declarable(f FnID, rule string) {
	g.Combat.Stated.Each = f
	g.Combat.Stated.stated(ClauseEach)
}

// DeclarableAgainst states the condition f (of x and y) each creature
// declared meets with each object it is declared against.
func (g Exec) DeclarableAgainst(f FnID, rule string) {
	g.Combat.Stated.Against = f
	g.Combat.Stated.stated(ClauseAgainst)
}

// DeclarableAtMost states the number f (of x): the most things x may be
// declared against.
func (g Exec) DeclarableAtMost(f FnID, rule string) {
	g.Combat.Stated.AtMost = f
	g.Combat.Stated.stated(ClauseAtMost)
}

// DeclarationForbidden states the condition f (of a permanent x) that,
// with the declaration made, makes it illegal.
func (g Exec) DeclarationForbidden(f FnID, rule string) {
	g.Combat.Stated.Forbidden = f
	g.Combat.Stated.stated(ClauseForbidden)
}

// DeclarationRequires states the number f (of x): the requirements that x
// is declared. A declaration is illegal if another one meeting the other
// clauses obeys more requirements.
func (g Exec) DeclarationRequires(f FnID, rule string) {
	g.Combat.Stated.Required = f
	g.Combat.Stated.stated(ClauseRequires)
}

// DeclarationRequiresAgainst states the number f (of x and y): the
// requirements that x is declared against y.
func (g Exec) DeclarationRequiresAgainst(f FnID, rule string) {
	g.Combat.Stated.RequiredAgainst = f
	g.Combat.Stated.stated(ClauseRequires)
}

// DeclarationMayAdd states the condition f (of x): a creature the search
// for a declaration obeying more requirements may add to one though no
// requirement names it (none stated: any).
func (g Exec) DeclarationMayAdd(f FnID, rule string) {
	g.Combat.Stated.MayAdd = f
	g.Combat.Stated.stated(ClauseRequires)
}

// DeclarationCost states the cost f (of x and q): what declaring x
// costs, q the player it is declared to attack (none: it attacks a
// permanent, or blocks). A declaration's player must be able to pay the
// total for its creatures, each once.
func (g Exec) DeclarationCost(f FnID, rule string) {
	g.Combat.Stated.Cost = f
	g.Combat.Stated.stated(ClauseCost)
}

// adopt makes the clauses stated since the last declaration asked for
// those of d (none stated: d keeps its own), if each has the shape its
// place needs (a loaded game's are checked so too); the same clauses
// again (each combat's) change nothing.
func (g Exec) adopt(d *DeclFns) {
	st := &g.Combat.Stated
	if st.Each|st.Against|st.AtMost|st.Forbidden|st.Required|st.RequiredAgainst|st.MayAdd|st.Cost == 0 {
		return // none stated
	}
	if st.Each != d.Each || st.Against != d.Against || st.AtMost != d.AtMost || st.Forbidden != d.Forbidden ||
		st.Required != d.Required || st.RequiredAgainst != d.RequiredAgainst || st.MayAdd != d.MayAdd || st.Cost != d.Cost || st.Order != d.Order {
		k := *st
		k.Player, k.Permanent, k.Defender, k.Default = d.Player, d.Permanent, d.Defender, d.Default
		if g.declShaped(k, false) {
			*d = k
		}
	}
	*st = DeclFns{}
}

// ChooseAttackers asks player p to choose attackers, once per combat, and
// records the declaration (Combat.Declared); nothing attacks yet. It is
// checked against the clauses stated before it (DeclFns) and what p's
// creatures may attack: player q if player holds of (p, q), permanent t
// if permanent holds of (p, t) and defender names the player who defends
// it; dflt names the player p's creatures attack when the answer names no
// target (the defending player).
func (g Exec) ChooseAttackers(p int, player, permanent, defender, dflt FnID, rule string) bool {
	c := &g.Combat
	g.adopt(&c.Atk)
	if c.AttackersDone || !g.IsPlayer(p) {
		return true
	}
	if a := &c.Atk; (player != a.Player || permanent != a.Permanent || defender != a.Defender || dflt != a.Default) &&
		g.declShaped(DeclFns{Player: player, Permanent: permanent, Defender: defender, Default: dflt}, false) {
		a.Player, a.Permanent, a.Defender, a.Default = player, permanent, defender, dflt
	}
	c.Declared, c.Declaring = c.Declared[:0], DeclaringAttackers
	g.pending = Decision{Kind: DecideAttackers, Player: p, Rule: rule, Obj: NoObj} // (game.declaring)
	if !g.declOptions(p, false, nil) {
		g.pending = Decision{}
		c.AttackersDone = true // no creature could attack: nothing to ask
		return true
	}
	return false
}

// ChooseBlockers asks player q to choose blockers, once per combat (who
// is asked is the rules': in cr2025, each player attacked), and adds them
// to the declaration, checked against the clauses stated before it
// (DeclFns); a player none of whose creatures could block anything is not
// asked.
func (g Exec) ChooseBlockers(q int, rule string) bool {
	c := &g.Combat
	g.adopt(&c.Blk)
	if c.Declaring != DeclaringBlockers {
		c.Declared, c.Declaring = c.Declared[:0], DeclaringBlockers
	}
	if !g.IsPlayer(q) || g.Players[q].Lost || c.BlockersDone&(1<<q) != 0 {
		return true
	}
	g.pending = Decision{Kind: DecideBlockers, Player: q, Rule: rule, Obj: NoObj} // (game.declaring)
	if !g.declOptions(q, true, nil) {
		g.pending = Decision{}
		c.BlockersDone |= 1 << q // no creature could block: nothing to ask
		return true
	}
	return false
}

// Declaring is the player whose declaration of attackers or blockers is
// being asked for or checked (game.declaring: which creatures are theirs
// to declare, and whom they defend, is the rules'), or -1 (no player).
func (g Exec) Declaring() int {
	if k := g.pending.Kind; k == DecideAttackers || k == DecideBlockers {
		return g.pending.Player
	}
	return -1
}

// Attacked reports whether creatures attack player q or what q defends.
func (g Exec) Attacked(q int) bool {
	for _, a := range g.Combat.Attacks {
		if int(a.Player) == q {
			return true
		}
	}
	return false
}

// IsDeclared reports whether x is in the declaration being made.
func (g Exec) IsDeclared(x ObjID) bool {
	for _, d := range g.Combat.Declared {
		if d.Obj == x {
			return true
		}
	}
	return false
}

// PayDeclaredCosts has p pay the total of what the declaration's cost
// clause (DeclFns.Cost) gives for p's creatures in it, each creature's
// once. A choice whose costs these statements could not pay is refused
// as it is answered (payableAfter); if it can't be paid all the same,
// nothing is paid.
func (g Exec) PayDeclaredCosts(p int, rule string) {
	_ = rule // the payment logs as mana spent
	if !g.IsPlayer(p) {
		return
	}
	var cost Cost
	c := &g.Combat
	blocks := c.Declaring == DeclaringBlockers
	fn := g.fn(g.declOf(blocks).Cost)
	if fn == nil || fn.Cost2 == nil {
		return // no cost stated
	}
	for i, d := range c.Declared {
		if int(d.By) != p || g.RepeatedDeclared(i) {
			continue
		}
		cost = cost.Add(fn.Cost2(g, d.Obj, ObjID(attackedPlayer(d.Target))))
	}
	switch {
	case cost.ManaValue() == 0:
	case g.canPay(p, cost):
		g.pay(p, cost)
	default:
		c.payFailed = rule // (only a look-ahead on a copy gets here: the answer is refused)
	}
}

// BecomeAttacking makes x, declared as an attacker, an attacking creature
// attacking what it was declared to attack. It does nothing if x is not
// in a declaration of attackers or already attacks.
func (g Exec) BecomeAttacking(x ObjID, rule string) {
	c := &g.Combat
	if c.Declaring != DeclaringAttackers || g.Attacking(x) {
		return
	}
	for _, d := range c.Declared {
		if d.Obj == x {
			at := attackOn(int(d.By), x, d.Target, int(d.Defender))
			at.Declared = true
			g.addAttack(at)
			c.Began++
			g.emit(Event{Kind: EvAttack, Rule: rule, Player: d.By, Obj: x, Other: d.Target})
			return
		}
	}
}

// BecomeBlocking makes b, declared as a blocker, block each attacker it
// was declared to block, in the order declared: it goes last in each
// one's damage assignment order, and each becomes blocked. It does
// nothing for an attacker b already blocks, or one no longer attacking.
func (g Exec) BecomeBlocking(b ObjID, rule string) {
	c := &g.Combat
	if c.Declaring != DeclaringBlockers {
		return
	}
	k := int16(0) // the pairs of b before this one: its place in b's own order
	for _, d := range c.Declared {
		if d.Obj != b {
			continue
		}
		at := ObjID(d.Target)
		if g.attackIndex(at) >= 0 && !g.BlocksAttacker(b, at) {
			g.blockPair(b, at, k, d.By, rule)
		}
		k++
	}
}

// blockPair makes b, controlled by player by, block attacker at: last in
// at's damage assignment order, at k in b's; at becomes blocked.
func (g *Game) blockPair(b, at ObjID, k int16, by int8, rule string) {
	c := &g.Combat
	g.addBlock(Block{Blocker: b, Attacker: at, Order: int16(g.numBlockers(at)), Controller: by, BOrder: k, Repeated: g.exec().Blocking(b)})
	c.Attacks[g.attackIndex(at)].Blocked = true
	g.emit(Event{Kind: EvBlock, Rule: rule, Player: by, Obj: b, Other: int32(at)})
}

// DeclaredAttacking reports whether x attacks and was declared as an
// attacker (not put into combat attacking by an effect).
func (g Exec) DeclaredAttacking(x ObjID) bool {
	i := g.attackIndex(x)
	return i >= 0 && g.Combat.Attacks[i].Declared
}

// BlocksAttacker reports whether b blocks attacker a.
func (g Exec) BlocksAttacker(b, a ObjID) bool {
	bs := g.Combat.Blocks
	from, one := g.blocksOf(b)
	if one {
		return bs[from].Attacker == a
	}
	for i := from; i < len(bs); i++ {
		if bs[i].Blocker == b && bs[i].Attacker == a {
			return true
		}
	}
	return false
}

// blocksOf is where in Combat.Blocks b's blocks are: from its first one
// on (through the index: past the end if b blocks nothing), or from 0
// when the index is not in step with the list; one: b's first block is
// its only one (no blocker blocks several attackers).
func (g *Game) blocksOf(b ObjID) (from int, one bool) {
	c := &g.Combat
	if len(c.Blocks) != c.nBlk || uint(b) >= uint(len(g.Objs)) {
		return 0, false
	}
	i := g.blockIndex(b)
	if i < 0 {
		return len(c.Blocks), false
	}
	return i, !c.repeated
}

// DeclaredBlockers counts the creatures of the declaration being made
// that block a (declared to block it).
func (g Exec) DeclaredBlockers(a ObjID) int32 {
	n := int32(0)
	if g.Combat.Declaring == DeclaringBlockers {
		ds := g.Combat.Declared
		for i := range ds {
			if ObjID(ds[i].Target) == a {
				n++
			}
		}
	}
	return n
}

// PushBlockedBy pushes on the scratch stack the attackers b blocks, in
// the order of its blocks.
func (g Exec) PushBlockedBy(b ObjID) {
	bs := g.Combat.Blocks
	from, one := g.blocksOf(b)
	if one {
		if a := bs[from].Attacker; a != NoObj {
			g.Push(int32(a))
		}
		return
	}
	for i := from; i < len(bs); i++ {
		if bs[i].Blocker == b && bs[i].Attacker != NoObj {
			g.Push(int32(bs[i].Attacker))
		}
	}
}

// PushAttackersAmong pushes on the scratch stack, in the order of
// Combat.Attacks (as a loop over the attackers walks them), each attacker
// that b blocks: the candidates of a loop over the attackers filtered by
// blocks(b, a), found through the objects' combat index (the attacker of
// b's one block) rather than by testing every attack.
func (g Exec) PushAttackersAmong(b ObjID) {
	c := &g.Combat
	from, one := g.blocksOf(b)
	if from >= len(c.Blocks) {
		return // b blocks nothing
	}
	if a := c.Blocks[from].Attacker; one && !c.dupAtk && len(c.Attacks) == c.nAtk && uint(a) < uint(len(g.Objs)) {
		if g.attackIndex(a) >= 0 {
			g.Push(int32(a))
		}
		return
	}
	// The general case: the attackers b blocks, then each attack tested
	// against that short list; the list is dropped from under the result.
	mark := g.Mark()
	g.PushBlockedBy(b)
	set := g.Mark()
	if set == mark {
		return
	}
	for i := range c.Attacks {
		if x := c.Attacks[i].Attacker; g.InScratch(mark, set, x) {
			g.Push(int32(x))
		}
	}
	g.dropList(mark, set)
}

// PushBlockersOf pushes on the scratch stack, in the order of
// Combat.Blocks (as a loop over the blockers walks them, each blocker
// once), each blocker that blocks attacker a: the candidates of a loop
// over the blockers filtered by blocks(b, a). Through the index, an
// attacker without blockers costs nothing, and the walk stops at a's
// last blocker.
func (g Exec) PushBlockersOf(a ObjID) {
	c := &g.Combat
	bs := c.Blocks
	indexed := len(bs) == c.nBlk && uint(a) < uint(len(g.Objs))
	if indexed {
		n := g.Objs[a].blockers
		if n <= 0 {
			return
		}
		if !c.repeated {
			// Each blocker blocks once: a's blocks are its blockers'.
			for i := range bs {
				if bs[i].Attacker == a {
					if !bs[i].Repeated {
						g.Push(int32(bs[i].Blocker))
					}
					if n--; n == 0 {
						return
					}
				}
			}
			return
		}
	}
	// The general case: a's blockers, then each blocker of the loop
	// tested against that short list.
	mark := g.Mark()
	for i := range bs {
		if bs[i].Attacker == a {
			g.Push(int32(bs[i].Blocker))
		}
	}
	set := g.Mark()
	if set == mark {
		return
	}
	for i := range bs {
		if x := bs[i].Blocker; !bs[i].Repeated && g.InScratch(mark, set, x) {
			g.Push(int32(x))
		}
	}
	g.dropList(mark, set)
}

// IndexedRelation is a relation between two combat creatures that the
// runtime indexes: a loop over the creatures one argument ranges over
// (for each blocker b where blocks(b, a) ..., the other creature named
// outside the loop) may walk only those related to the other, which the
// index pushes, instead of testing every creature of its list. The
// compiler derives which vocabulary rows are such relations from this
// table (a function row bound to an entry's Holds) and emits the entry's
// push functions by their own names; TestCombatLists checks every entry
// against its loops' lists, so that a filtered loop walks exactly the
// creatures the unfiltered one keeps, in its order.
type IndexedRelation struct {
	Holds func(Exec, ObjID, ObjID) bool // Holds(x, y): blocks(b, a)
	// What a loop over the first (second) argument ranges over.
	Over1, Over2 Over
	// Firsts(y) pushes on the scratch stack, in the order of a loop over
	// Over1 (each creature it walks once, none it skips), each x with
	// Holds(x, y); Seconds(x), in the order of a loop over Over2, each y
	// with Holds(x, y).
	Firsts, Seconds func(Exec, ObjID)
}

// IndexedRelations are the relations the runtime indexes.
var IndexedRelations = []IndexedRelation{
	{Holds: Exec.BlocksAttacker, Over1: OverBlockers, Over2: OverAttackers, Firsts: Exec.PushBlockersOf, Seconds: Exec.PushAttackersAmong},
}

// dropList drops the short list pushed between marks mark and set from
// under what was pushed after it: the filtered candidates move down to
// mark.
func (g Exec) dropList(mark, set int) {
	n := copy(g.scratch[mark:], g.scratch[set:])
	g.Release(mark + n)
}

// InScratch reports whether x was pushed between marks from and to.
func (g Exec) InScratch(from, to int, x ObjID) bool {
	for _, y := range g.scratch[from:to] {
		if y == x {
			return true
		}
	}
	return false
}

// AttackersBlocked counts the attackers b blocks.
func (g Exec) AttackersBlocked(b ObjID) int32 { return int32(g.numBlockedBy(b)) }

// ChooseOrder asks player p to put the creatures x is in combat with in a
// damage assignment order: x's blockers if x attacks, the attackers x
// blocks if it blocks. Once per creature and combat; nothing is asked
// when there is nothing to order (for which creatures an order is asked
// is the rules').
func (g Exec) ChooseOrder(p int, x ObjID, rule string) bool {
	if !g.IsPlayer(p) || !g.valid(x) {
		return true
	}
	for _, y := range g.Combat.Ordered {
		if y == x {
			return true
		}
	}
	var from []ObjID
	switch {
	case g.Attacking(x) && g.numBlockers(x) > 0:
		from = g.Blockers(x)
	case g.Blocking(x) && g.numBlockedBy(x) > 0:
		from = g.BlockedBy(x)
	default:
		return true // nothing to order
	}
	g.pending = Decision{Kind: DecideOrder, Player: p, Rule: rule, Obj: x, From: from, N: len(from)}
	return false
}

// ClearCombat forgets the combat of player p once it is over: who was
// declared, orders, damage steps. Creatures still in it leave it without
// an event (the rules remove them first). The defending player chosen
// for it is forgotten in any case: each combat has its own (a choice kept
// into the next combat made its attacker its own defending player).
func (g Exec) ClearCombat(p int, rule string) {
	_ = rule
	g.Combat.Defender, g.Combat.DefenderChosen = 0, false
	if len(g.Combat.Attacks) > 0 && int(g.Combat.Attacks[0].Controller) != p {
		return // the combat is another player's
	}
	g.unindexCombat(0, 0)
	g.Combat.reset()
	g.forgetDealers()
}

// The rules' loops over attackers, blockers and the declaration being
// made (for each attacker/blocker/declared) walk Combat.Attacks,
// Combat.Blocks and Combat.Declared, skipping a creature seen before:
// RepeatedBlocker and RepeatedDeclared say whether to.

// RepeatedBlocker reports whether the blocker of Combat.Blocks[i] blocks
// an earlier attacker of the list too.
func (g Exec) RepeatedBlocker(i int) bool { return g.Combat.Blocks[i].Repeated }

// RepeatedDeclared reports whether the object of Combat.Declared[i]
// appears in an earlier pair of the declaration.
func (g Exec) RepeatedDeclared(i int) bool { return g.Combat.Declared[i].Repeated }

// CombatLen is the length of the list a loop over attackers, blockers or
// the declaration walks; CombatAt(over, i) is its i-th creature, and
// false if the loop skips it (seen before, or past the end).
func (g Exec) CombatLen(over Over) int {
	switch over {
	case OverAttackers:
		return len(g.Combat.Attacks)
	case OverBlockers:
		return len(g.Combat.Blocks)
	case OverDeclared:
		return len(g.Combat.Declared)
	case OverCombatants:
		return len(g.Combat.Attacks) + len(g.Combat.Blocks)
	case OverAttacked:
		return len(g.Combat.Attacks)
	case OverRecipients:
		return len(g.Combat.dividing.From)
	}
	return 0
}

// CombatAt: see CombatLen.
func (g Exec) CombatAt(over Over, i int) (ObjID, bool) {
	c := &g.Combat
	if i < 0 {
		return NoObj, false
	}
	switch over {
	case OverAttackers:
		if i < len(c.Attacks) {
			return c.Attacks[i].Attacker, true
		}
	case OverBlockers:
		if i < len(c.Blocks) {
			return c.Blocks[i].Blocker, !c.Blocks[i].Repeated
		}
	case OverDeclared:
		if i < len(c.Declared) {
			return c.Declared[i].Obj, !c.Declared[i].Repeated
		}
	case OverCombatants:
		n := len(c.Attacks)
		if i < n {
			return c.Attacks[i].Attacker, true
		}
		if i-n < len(c.Blocks) {
			b := c.Blocks[i-n]
			return b.Blocker, !b.Repeated && !g.Attacking(b.Blocker)
		}
	case OverRecipients:
		if i < len(c.dividing.From) {
			x := c.dividing.From[i]
			return x, x != NoObj // NoObj: what a trampler attacks, not a creature
		}
	case OverAttacked:
		if i >= len(c.Attacks) {
			break
		}
		t := c.Attacks[i].Target
		if t == NoObj {
			return NoObj, false // a player, or nothing
		}
		for _, at := range c.Attacks[:i] {
			if at.Target == t {
				return NoObj, false // seen
			}
		}
		return t, true
	}
	return NoObj, false
}

// AttackPlayer puts x into combat attacking player p, as an effect does:
// it was not declared. It does nothing if x is not a permanent or
// already attacks; whether x may attack p is the rules' (they test it
// first: holds(can_attack_player, ...)).
func (g Exec) AttackPlayer(x ObjID, p int, rule string) {
	if !g.valid(x) || !g.IsPlayer(p) {
		return
	}
	o := &g.Objs[x]
	c := int(o.Controller)
	if o.Zone != ZoneBattlefield || g.Attacking(x) {
		return
	}
	g.addAttack(attackOn(c, x, PlayerCode(p), p))
	g.Combat.Began++
	g.emit(Event{Kind: EvAttack, Rule: rule, Player: int8(c), Obj: x, Other: PlayerCode(p)})
}

// AttackPermanent puts x into combat attacking permanent w, defended by
// player d, as an effect does: it was not declared. It does nothing if x
// is not a permanent, already attacks, or d names no player; whether x
// may attack w, and who defends it, are the rules' (holds(can_attack_permanent,
// ...), defender_of(w)).
func (g Exec) AttackPermanent(x, w ObjID, d int, rule string) {
	if !g.valid(x) || !g.valid(w) || !g.IsPlayer(d) {
		return
	}
	o := &g.Objs[x]
	c := int(o.Controller)
	if o.Zone != ZoneBattlefield || g.Attacking(x) {
		return
	}
	g.addAttack(attackOn(c, x, int32(w), d))
	g.Combat.Began++
	g.emit(Event{Kind: EvAttack, Rule: rule, Player: int8(c), Obj: x, Other: int32(w)})
}

// RemoveAttacked removes permanent t from combat as a permanent being
// attacked (whatever else it does in combat, it keeps doing): the
// creatures attacking it go on attacking nothing, and deal their damage
// nowhere. When it is removed is the rules'.
func (g Exec) RemoveAttacked(t ObjID, rule string) {
	if t == NoObj {
		return
	}
	removed := false
	for i := range g.Combat.Attacks {
		if at := &g.Combat.Attacks[i]; at.Target == t {
			at.Target, at.Nothing = NoObj, true
			removed = true
		}
	}
	if removed {
		g.emitObj(EvLeaveCombat, rule, t, 0)
	}
}

// BecomeBlocked makes attacking creature x a blocked creature, as an
// effect does, with no creature blocking it (it stays blocked for the
// combat; what a blocked creature with no blocker deals is the rules').
// It does nothing if x is not attacking or is already blocked. The log
// says "'X' becomes blocked" (a block event naming no blocker).
func (g Exec) BecomeBlocked(x ObjID, rule string) {
	i := g.attackIndex(x)
	if i < 0 || g.Combat.Attacks[i].Blocked {
		return
	}
	g.Combat.Attacks[i].Blocked = true
	g.emit(Event{Kind: EvBlock, Rule: rule, Player: g.Objs[x].Controller, Obj: NoObj, Other: int32(x)})
}

// BlockAttacker puts x into combat blocking attacker a, as an effect
// does: last in a's damage assignment order, a becomes blocked. It does
// nothing if x is not a permanent, a is not attacking, or x already
// blocks a.
func (g Exec) BlockAttacker(x, a ObjID, rule string) {
	if !g.valid(x) || !g.valid(a) || g.Objs[x].Zone != ZoneBattlefield || g.attackIndex(a) < 0 || g.BlocksAttacker(x, a) {
		return
	}
	k := int16(0)
	for _, bl := range g.Combat.Blocks {
		if bl.Blocker == x && bl.Attacker != NoObj {
			k++
		}
	}
	g.blockPair(x, a, k, g.Objs[x].Controller, rule)
}
