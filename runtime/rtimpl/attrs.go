package rtimpl

// Readers of the state that the language's attributes and functions bind
// to (compiler/vocab.go): one function each, so that generated code and the
// interpreter call the same one. They are small enough to inline.

// ObjDamage is the damage marked on x.
func ObjDamage(g Exec, x ObjID) int32 { return objAt(g, x).Damage }

// ObjTapped reports whether x is tapped.
func ObjTapped(g Exec, x ObjID) bool { return objAt(g, x).Tapped }

// ObjPhasedOut reports whether x is phased out.
func ObjPhasedOut(g Exec, x ObjID) bool { return objAt(g, x).PhasedOut }

// ObjToken reports whether x is a token.
func ObjToken(g Exec, x ObjID) bool { return objAt(g, x).Token }

// ObjController is x's controller.
func ObjController(g Exec, x ObjID) int { return int(objAt(g, x).Controller) }

// ObjOwner is x's owner.
func ObjOwner(g Exec, x ObjID) int { return int(objAt(g, x).Owner) }

// ObjNameOf is x's name.
func ObjNameOf(g Exec, x ObjID) string {
	if uint(x) >= uint(len(g.Objs)) {
		return "" // no object
	}
	return g.face(x).Name
}

// ObjTimestamp is x's timestamp.
func ObjTimestamp(g Exec, x ObjID) int32 { return int32(objAt(g, x).Timestamp) }

// ObjLegendary reports whether x has the supertype legendary.
func ObjLegendary(g Exec, x ObjID) bool { return objAt(g, x).Super&SuperLegendary != 0 }

// ObjWorld reports whether x has the supertype world.
func ObjWorld(g Exec, x ObjID) bool { return objAt(g, x).Super&SuperWorld != 0 }

// ObjBasic reports whether x has the supertype basic.
func ObjBasic(g Exec, x ObjID) bool { return objAt(g, x).Super&SuperBasic != 0 }

// ObjSpellCopy reports whether x is a copy of a spell.
func ObjSpellCopy(g Exec, x ObjID) bool { return objAt(g, x).Copy == SpellCopy }

// ObjCardCopy reports whether x is a copy of a card.
func ObjCardCopy(g Exec, x ObjID) bool { return objAt(g, x).Copy == CardCopy }

// ObjOnBattlefield reports whether x is on the battlefield.
func ObjOnBattlefield(g Exec, x ObjID) bool { return objAt(g, x).Zone == ZoneBattlefield }

// noObject is what an attribute of no object reads (the zero values: no
// zone, no controller or owner, nothing attached). Read only.
var noObject = Object{Owner: -1, Controller: -1, AttachedTo: NoObj, Protector: -1}

// objAt is object x, or noObject for no object (NoObj, or an id past the
// objects: an object state never set, the attached_to of nothing).
func objAt(g Exec, x ObjID) *Object {
	if uint(x) >= uint(len(g.Objs)) {
		return &noObject
	}
	return &g.Objs[x]
}

// ObjExists reports whether x names an object: false for no object (a
// state of kind object never set, the attached_to of nothing).
func ObjExists(g Exec, x ObjID) bool { return g.valid(x) }

// ObjInHand reports whether x is in a player's hand.
func ObjInHand(g Exec, x ObjID) bool { return objAt(g, x).Zone == ZoneHand }

// ObjOnStack reports whether x is on the stack.
func ObjOnStack(g Exec, x ObjID) bool { return objAt(g, x).Zone == ZoneStack }

// ObjAttachedToType reports whether x is attached to an object with one
// of the card types t (the attribute attached_to_TYPE of each declared
// card type).
func ObjAttachedToType(g Exec, x ObjID, t TypeSet) bool { return g.AttachedToIs(x, t) }

// BitSubtypes are the subtypes kept as bits on each object (Object.SubBits,
// in this order): the attributes aura, equipment and fortification read
// them.
var BitSubtypes = []string{"aura", "equipment", "fortification"}

// ObjAura reports whether x has the subtype Aura.
func ObjAura(g Exec, x ObjID) bool { return objAt(g, x).SubBits&(1<<0) != 0 }

// ObjEquipment reports whether x has the subtype Equipment.
func ObjEquipment(g Exec, x ObjID) bool { return objAt(g, x).SubBits&(1<<1) != 0 }

// ObjFortification reports whether x has the subtype Fortification.
func ObjFortification(g Exec, x ObjID) bool { return objAt(g, x).SubBits&(1<<2) != 0 }

// ObjIs reports whether x has one of the card types t (the attribute of
// each declared card type: x.creature).
func ObjIs(g Exec, x ObjID, t TypeSet) bool { return objAt(g, x).Types&t != 0 }

// ObjPrintedPower is x's printed power.
func ObjPrintedPower(g Exec, x ObjID) int32 { return objAt(g, x).Power }

// ObjPrintedToughness is x's printed toughness.
func ObjPrintedToughness(g Exec, x ObjID) int32 { return objAt(g, x).Toughness }

// ObjCounters is the number of counters of kind k on x.
func ObjCounters(g Exec, x ObjID, k CounterKind) int32 { return objAt(g, x).Counters[k] }

// PlayerLife is p's life total.
func PlayerLife(g Exec, p int) int32 { return g.PlayerAt(p).Life }

// PlayerCounters is the number of p's counters of kind k (none of no
// player, or of a kind the rules do not declare).
func PlayerCounters(g Exec, p int, k CounterKind) int32 {
	if int(k) >= MaxCounterKinds {
		return 0
	}
	return g.PlayerAt(p).Counters[k]
}

// PlayerMaxHandSize is p's maximum hand size.
func PlayerMaxHandSize(g Exec, p int) int32 { return g.PlayerAt(p).MaxHandSize }

// PlayerLandPlays is how many lands p may play this turn.
func PlayerLandPlays(g Exec, p int) int32 { return g.PlayerAt(p).LandPlays }

// PlayerHand is the number of cards in p's hand.
func PlayerHand(g Exec, p int) int32 { return int32(len(g.PlayerAt(p).Hand)) }

// PlayerLibrary is the number of cards in p's library.
func PlayerLibrary(g Exec, p int) int32 { return int32(len(g.PlayerAt(p).Library)) }

// PlayerGraveyard is the number of cards in p's graveyard.
func PlayerGraveyard(g Exec, p int) int32 { return int32(len(g.PlayerAt(p).Graveyard)) }

// PlayerMana is the total mana in p's mana pool.
func PlayerMana(g Exec, p int) int32 { return g.PlayerAt(p).Mana.Total() }

// PlayerInGame reports whether p is a player who has not lost (left) the
// game; false for no player.
func PlayerInGame(g Exec, p int) bool { return g.IsPlayer(p) && !g.Players[p].Lost }

// GameTurn is the turn number.
func GameTurn(g Exec) int32 { return g.TurnNum }

// GamePlayers is the number of players.
func GamePlayers(g Exec) int32 { return int32(g.NumPlayers()) }

// GameStack is the number of objects on the stack.
func GameStack(g Exec) int32 { return int32(len(g.Stack)) }

// RemoveCounters removes n counters of kind k from x.
func (g Exec) RemoveCounters(x ObjID, k CounterKind, n int32, rule string) {
	if !g.valid(x) {
		return // no object (game.trigger_recipient outside a damage trigger): nothing happens
	}
	g.AddCounters(x, k, -n, rule)
}

// AddPlayerCounters puts n counters of kind k on player p (poison), or
// removes -n; nothing for no player or a kind the rules do not declare.
func (g Exec) AddPlayerCounters(p int, k CounterKind, n int32, rule string) {
	if !g.IsPlayer(p) || int(k) >= len(g.Rules.Counters) || int(k) >= MaxCounterKinds {
		return
	}
	c := &g.Players[p].Counters[k]
	if addSat(*c, n) < 0 {
		n = -*c
	}
	n = subSat(addSat(*c, n), *c) // saturated: what is actually added
	if n == 0 {
		return
	}
	*c += n
	g.touch(ChangePlayers)
	g.emit(Event{Kind: EvCounters, Rule: rule, Player: int8(p), Obj: NoObj, N: n, Name: g.Rules.CounterName(k)})
}

// RemovePlayerCounters removes n counters of kind k from player p.
func (g Exec) RemovePlayerCounters(p int, k CounterKind, n int32, rule string) {
	g.AddPlayerCounters(p, k, -n, rule)
}

// The values the rules declare objects hold (state). Each kind is read
// and written as one type, the declaration's; an object or a player is
// stored plus one, so that the zero a new object starts with is "none".

// ObjStateNumber is x's state value k, as a number (0 for no object).
func ObjStateNumber(g Exec, x ObjID, k StateKind) int32 {
	if !g.valid(x) || int(k) >= MaxStateKinds {
		return 0
	}
	return g.Objs[x].State[k]
}

// ObjStateFlag is x's flag k (false for no object, or a k that is no
// flag).
func ObjStateFlag(g Exec, x ObjID, k StateKind) bool {
	return k >= FirstFlag && k < FirstFlag+MaxStateFlags && g.valid(x) && g.Objs[x].Flags>>(k-FirstFlag)&1 != 0
}

// ObjStateObject is x's state value k, as an object (no object if unset).
func ObjStateObject(g Exec, x ObjID, k StateKind) ObjID { return ObjID(ObjStateNumber(g, x, k) - 1) }

// ObjStatePlayer is x's state value k, as a player (no player, -1, if unset).
func ObjStatePlayer(g Exec, x ObjID, k StateKind) int { return int(ObjStateNumber(g, x, k)) - 1 }

// SetNumber sets x's state value k to n.
func (g Exec) SetNumber(x ObjID, k StateKind, n int32, rule string) {
	if !g.valid(x) || int(k) >= MaxStateKinds {
		return // no object: nothing happens
	}
	if g.Objs[x].State[k] != n {
		g.Objs[x].State[k] = n
		g.touch(ChangeHeld) // the sbas that read an object's states are matched again
	}
}

// SetFlag sets x's flag k to v.
func (g Exec) SetFlag(x ObjID, k StateKind, v bool, rule string) {
	if !g.valid(x) || k < FirstFlag || k >= FirstFlag+MaxStateFlags {
		return // no object (or no flag): nothing happens
	}
	bit := uint32(1) << (k - FirstFlag)
	f := g.Objs[x].Flags &^ bit
	if v {
		f |= bit
	}
	if f != g.Objs[x].Flags {
		g.Objs[x].Flags = f
		g.touch(ChangeHeld) // the sbas that read an object's flags are matched again
	}
}

// SetObject makes x's state value k the object y (none: NoObj).
func (g Exec) SetObject(x ObjID, k StateKind, y ObjID, rule string) {
	if y < NoObj {
		y = NoObj
	}
	g.SetNumber(x, k, int32(y)+1, rule)
}

// SetPlayer makes x's state value k the player p (none: -1).
func (g Exec) SetPlayer(x ObjID, k StateKind, p int, rule string) {
	if !g.IsPlayer(p) {
		p = -1
	}
	g.SetNumber(x, k, int32(p)+1, rule)
}

// ObjAttachedTo is the object x is attached to, no object if none.
func ObjAttachedTo(g Exec, x ObjID) ObjID {
	if !g.valid(x) {
		return NoObj
	}
	return g.Objs[x].AttachedTo
}

// ChoosePermanents has player p choose n of the phased-in permanents they
// control (all of them if they control n or fewer) and sets the flag k
// (a state the rules declare) of each one chosen, for the statements that
// follow. It reports false while p chooses (DecideCards, verb choose).
func (g Exec) ChoosePermanents(p int, n int32, k StateKind, rule string) bool {
	if !g.IsPlayer(p) || n <= 0 {
		return true
	}
	var from []ObjID
	for _, x := range g.Battlefield {
		if o := &g.Objs[x]; int(o.Controller) == p && !o.PhasedOut {
			from = append(from, x)
		}
	}
	chosen := from
	if int(n) < len(from) {
		var ok bool
		chosen, ok = g.takeAnswer(Decision{Kind: DecideCards, Player: p, N: int(n), Zone: ZoneBattlefield, Verb: "choose", Rule: rule, From: from})
		if !ok {
			return false
		}
	}
	for _, x := range chosen {
		g.SetFlag(x, k, true, rule)
	}
	return true
}

// ObjDerived is x's characteristic a, as the rules derive it
// (Rules.Characteristics): 0 for no object or no such derivation.
func ObjDerived(g Exec, x ObjID, a AttributeID) int32 {
	if !g.valid(x) || int(a) >= len(g.Rules.Characteristics) {
		return 0
	}
	return g.Rules.Characteristics[a](g, x)
}

// ObjDerivedHolds is ObjDerived for a characteristic the rules derive as a
// condition.
func ObjDerivedHolds(g Exec, x ObjID, a AttributeID) bool { return ObjDerived(g, x, a) != 0 }

// ObjManaSymbols is the number of mana symbols of color c in x's mana cost
// (generic mana counted for Colorless).
func ObjManaSymbols(g Exec, x ObjID, c Color) int32 {
	if !g.valid(x) || c >= NumColors {
		return 0
	}
	cost := g.faceOf(&g.Objs[x]).Cost
	if c == Colorless {
		return cost.Generic + cost.Colored[Colorless]
	}
	return cost.Colored[c]
}

// AnyNumber is the n of ChooseSelected for a loop chosen by a player with
// no "up to": any number of the matches.
const AnyNumber int32 = 1<<31 - 1

// ChooseSelected has player p choose up to n of the objects selected since
// mark (a loop's matches: `for each KIND x chosen by P up to N`) and keeps
// only those chosen, in the loop's order. Nothing is asked when nothing
// is selected or n is 0 or less (nothing is kept), or of no player. It
// reports false while p chooses (DecideCards, verb choose, up to n).
func (g Exec) ChooseSelected(mark int, p int, n int32, rule string) bool {
	sel := g.Selected(mark)
	if len(sel) == 0 || n <= 0 || !g.IsPlayer(p) {
		g.Release(mark)
		return true
	}
	zone := ZoneBattlefield
	if g.valid(sel[0]) {
		zone = g.Objs[sel[0]].Zone
	}
	chosen, ok := g.takeAnswer(Decision{Kind: DecideCards, Player: p, N: int(min(n, int32(len(sel)))), UpTo: true, Zone: zone, Verb: "choose", Rule: rule, From: append([]ObjID(nil), sel...), Obj: NoObj})
	if !ok {
		g.Release(mark)
		return false
	}
	k := 0
	for _, x := range sel {
		for _, c := range chosen {
			if c == x {
				sel[k] = x
				k++
				break
			}
		}
	}
	g.Release(mark + k)
	return true
}

// MayChoose asks player p whether they choose x ("you may": a DecideCards
// of x alone, up to one) and sets x's flag k (a state the rules declare)
// if they do, for the statements that follow. It reports false while p
// decides; nothing is asked of no player or about no object.
func (g Exec) MayChoose(p int, x ObjID, k StateKind, rule string) bool {
	if !g.IsPlayer(p) || !g.valid(x) {
		return true
	}
	chosen, ok := g.takeAnswer(Decision{Kind: DecideCards, Player: p, N: 1, UpTo: true, Zone: ZoneBattlefield, Verb: "choose (or not)", Rule: rule, From: []ObjID{x}, Obj: x})
	if !ok {
		return false
	}
	if len(chosen) == 1 && chosen[0] == x {
		g.SetFlag(x, k, true, rule)
	}
	return true
}

// The values the rules declare players and the game hold (state player
// NAME KIND, state game NAME KIND: Rules.HeldStates), read and written as
// objects' are, each as the declaration's type: a flag is 1 or 0, a
// player is stored plus one (0: none). What no player holds reads as zero
// (a player's attributes of no player are an empty player's), and a
// statement given no player does nothing. A change is a change to the
// game (ChangeHeld): the state-based actions that read such a value are
// matched again, and the watches looked at again; the others are not (a
// spell cast that the rules count asks no permanent's sba again).

func heldSlot(k StateKind) bool { return int(k) < MaxHeldStates }

// PlayerStateNumber is player p's state value k, as a number.
func PlayerStateNumber(g Exec, p int, k StateKind) int32 {
	if !g.IsPlayer(p) || !heldSlot(k) {
		return 0
	}
	return g.Players[p].States[k]
}

// PlayerStateFlag is player p's flag k.
func PlayerStateFlag(g Exec, p int, k StateKind) bool { return PlayerStateNumber(g, p, k) != 0 }

// PlayerStatePlayer is player p's state value k, as a player (-1: none).
func PlayerStatePlayer(g Exec, p int, k StateKind) int { return int(PlayerStateNumber(g, p, k)) - 1 }

// GameStateNumber is the game's state value k, as a number.
func GameStateNumber(g Exec, k StateKind) int32 {
	if !heldSlot(k) {
		return 0
	}
	return g.States[k]
}

// GameStateFlag is the game's flag k.
func GameStateFlag(g Exec, k StateKind) bool { return GameStateNumber(g, k) != 0 }

// GameStatePlayer is the game's state value k, as a player (-1: none).
func GameStatePlayer(g Exec, k StateKind) int { return int(GameStateNumber(g, k)) - 1 }

// setHeld stores n in the slot *v, a change to the game if it is one.
func (g Exec) setHeld(v *int32, n int32) {
	if *v != n {
		*v = n
		g.touch(ChangeHeld)
	}
}

// SetPlayerNumber sets player p's state value k to n.
func (g Exec) SetPlayerNumber(p int, k StateKind, n int32, rule string) {
	if g.IsPlayer(p) && heldSlot(k) {
		g.setHeld(&g.Players[p].States[k], n)
	}
}

// SetPlayerFlag sets player p's flag k to v.
func (g Exec) SetPlayerFlag(p int, k StateKind, v bool, rule string) {
	g.SetPlayerNumber(p, k, b2i(v), rule)
}

// SetPlayerPlayer makes player p's state value k the player q (none: -1).
func (g Exec) SetPlayerPlayer(p int, k StateKind, q int, rule string) {
	if !g.IsPlayer(q) {
		q = -1
	}
	g.SetPlayerNumber(p, k, int32(q)+1, rule)
}

// SetGameNumber sets the game's state value k to n.
func (g Exec) SetGameNumber(k StateKind, n int32, rule string) {
	if heldSlot(k) {
		g.setHeld(&g.States[k], n)
	}
}

// SetGameFlag sets the game's flag k to v.
func (g Exec) SetGameFlag(k StateKind, v bool, rule string) { g.SetGameNumber(k, b2i(v), rule) }

// SetGamePlayer makes the game's state value k the player q (none: -1).
func (g Exec) SetGamePlayer(k StateKind, q int, rule string) {
	if !g.IsPlayer(q) {
		q = -1
	}
	g.SetGameNumber(k, int32(q)+1, rule)
}

// b2i is 1 for true, 0 for false.
func b2i(v bool) int32 {
	if v {
		return 1
	}
	return 0
}
