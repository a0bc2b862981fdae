package rtimpl

// DurKind is how long a continuous effect lasts.
type DurKind uint8

const (
	UntilEndOfTurn    DurKind = iota + 1 // "until end of turn"
	ThisTurn                             // "this turn"
	UntilEndOf                           // "until end of <Segment>" (a step or phase)
	Until                                // "until <Segment>" (a step or phase) begins
	UntilYourNextTurn                    // until Player's next turn begins
	AsLongAs                             // for as long as the rules' characteristic Attr holds of the target
	// UntilEndOfControllersNext lasts until <Segment> ends in a later turn
	// than the one it started in whose active player controls the target
	// ("doesn't untap during its controller's next untap step": until the
	// end of that untap step), its controller read as the segment ends.
	UntilEndOfControllersNext
	// UntilEndOfOnYourNext lasts until <Segment> ends in Player's next turn
	// after the one it started in ("until end of combat on your next
	// turn").
	UntilEndOfOnYourNext
)

// Duration is how long a continuous effect lasts.
type Duration struct {
	Kind    DurKind
	Segment string
	// Player is whose next turn ends an UntilYourNextTurn or
	// UntilEndOfOnYourNext effect: the controller of the ability creating
	// it (else the active player).
	Player int8
	// Turn is the number of the turn an UntilEndOfControllersNext or
	// UntilEndOfOnYourNext effect started in: a later turn ends it.
	Turn int32
	// Attr is the condition (Rules.Characteristics) an AsLongAs effect
	// lasts for as long as, read of its target, or of Of if OfSource (the
	// source of the ability that created it).
	Attr     AttributeID
	OfSource bool
	Of       ObjID
	// Rule is the rule of the statement that created an AsLongAs effect,
	// cited as it ends.
	Rule string
}

// Effect is a continuous effect on one object. What it changes is read by
// the rules' characteristics (power, toughness, colors) and by the
// runtime's keywords and card types, applied in the order the effects
// started (their timestamps): a later effect that sets a value overrides
// an earlier one, a keyword lost after it was gained is lost.
type Effect struct {
	Label  string
	Target ObjID
	// Power and Toughness are added to the target's (EffectPower), or,
	// with SetPT, what its power and toughness are set to (SetPowerOr).
	Power     int32
	Toughness int32
	SetPT     bool
	// Keywords are the keywords it gives; Lose those it takes away
	// (printed, or given by an earlier effect).
	Keywords KeywordSet
	Lose     KeywordSet
	// Colors, with SetColors, are what the target's colors become (bit
	// 1<<Color each; SetColorOr).
	Colors    uint8
	SetColors bool
	// Types are card types the target has in addition to its own.
	Types TypeSet
	// KeywordArg is the number of the keywords it gives that take one
	// (bushido 1).
	KeywordArg int32
	Dur        Duration
	// Prevent, if not zero, is the damage it prevents, all of it, while
	// it lasts: PreventBy, all damage Target would deal; PreventTo, all
	// damage that would be dealt to Target, or, with no Target, to player
	// ToPlayer-1; PreventCombat, all combat damage. CombatOnly: of the
	// damage PreventBy or PreventTo say, only combat damage. Rule is the
	// rule its prevention events cite.
	Prevent    PreventKind
	ToPlayer   int8
	CombatOnly bool
	Rule       string
	// Shield, if not zero, limits a PreventTo effect to the next Shield
	// damage ("prevent the next 3 damage"): each 1 damage it
	// prevents uses up 1; used up, it prevents nothing more.
	Shield int32
}

// PreventKind is which damage a prevention effect prevents.
type PreventKind uint8

const (
	PreventNone   PreventKind = iota
	PreventBy                 // all damage its Target would deal
	PreventTo                 // all damage that would be dealt to its Target (or player)
	PreventCombat             // all combat damage
)

// AddEffect starts a continuous effect.
func (g Exec) AddEffect(e Effect) {
	g.Effects = append(g.Effects, e)
	g.seeKeywords(e.Keywords)
	if e.Keywords&g.triggeredKeywords() != 0 {
		g.withTriggers++ // events are matched from now on: its target may trigger
	}
	if e.Types != 0 {
		g.retype(e.Target)
	}
	g.touch(ChangeAll)
}

// retype sets x's card types to its own and those effects add.
func (g *Game) retype(x ObjID) {
	if !g.valid(x) {
		return
	}
	o := &g.Objs[x]
	own := o.Types &^ o.effTypes
	var t TypeSet
	for i := range g.Effects {
		if g.Effects[i].Target == x {
			t |= g.Effects[i].Types
		}
	}
	o.Types, o.effTypes = own|t, t&^own
}

// Ending selects which effects end.
type Ending uint8

const (
	EndUntilEndOfTurn    Ending = iota + 1 // "until end of turn" effects
	EndThisTurn                            // "this turn" effects
	EndUntilEndOfStep                      // "until end of" the current step
	EndUntilEndOfPhase                     // "until end of" the current phase
	EndUntilStep                           // "until" the step now beginning
	EndUntilPhase                          // "until" the phase now beginning
	EndUntilYourNextTurn                   // "until your next turn", the active player's
)

// EndEffects ends the selected effects.
func (g Exec) EndEffects(which Ending, rule string) {
	g.endEffects(func(e *Effect) bool { return g.ends(e, which) }, rule)
	g.watchCheck() // (skipped when none ended and the last check found nothing)
}

// endEffects ends the effects ending reports, each logged citing rule.
func (g Exec) endEffects(ending func(e *Effect) bool, rule string) {
	kept, retype := g.Effects[:0], false
	for i := range g.Effects {
		e := g.Effects[i]
		if ending(&e) {
			g.emit(Event{Kind: EvEndEffect, Rule: rule, Player: g.ctl(e.Target), Obj: e.Target, Name: e.Label})
			retype = retype || e.Types != 0
			continue
		}
		kept = append(kept, e)
	}
	if len(kept) == len(g.Effects) {
		return
	}
	g.Effects = kept
	if retype {
		for i := range g.Objs {
			if g.Objs[i].Zone == ZoneBattlefield {
				g.retype(ObjID(i))
			}
		}
	}
	g.touch(ChangeAll)
}

// endLapsed ends the effects that last for as long as a condition holds
// of their target once it no longer does (citing the rule of the
// statement that created them).
func (g Exec) endLapsed() {
	for i := 0; i < len(g.Effects); i++ {
		if e := &g.Effects[i]; e.Dur.Kind == AsLongAs && !g.lasts(e) {
			rule := e.Dur.Rule
			g.endEffects(func(e *Effect) bool { return e.Dur.Kind == AsLongAs && e.Dur.Rule == rule && !g.lasts(e) }, rule)
			i = -1 // again, for those that cite another rule
		}
	}
}

// lasts reports whether an AsLongAs effect's condition holds of its
// target (or of the source it names).
func (g Exec) lasts(e *Effect) bool {
	x := e.Target
	if e.Dur.OfSource {
		x = e.Dur.Of
	}
	return g.valid(x) && ObjDerived(g, x, e.Dur.Attr) != 0
}

func (g *Game) ends(e *Effect, which Ending) bool {
	d := &e.Dur
	switch which {
	case EndUntilEndOfTurn:
		return d.Kind == UntilEndOfTurn
	case EndThisTurn:
		return d.Kind == ThisTurn
	case EndUntilEndOfStep:
		return g.endsWith(e, g.CurrentStep())
	case EndUntilEndOfPhase:
		return g.endsWith(e, g.CurrentPhase())
	case EndUntilStep:
		return d.Kind == Until && d.Segment == g.CurrentStep()
	case EndUntilPhase:
		return d.Kind == Until && d.Segment == g.CurrentPhase()
	case EndUntilYourNextTurn:
		return d.Kind == UntilYourNextTurn && int(d.Player) == g.Active
	}
	return false
}

// endsWith reports whether an "until end of" effect ends as segment seg
// ends: one of the segment, one of the segment in its target's
// controller's turn after the one it started in, or one of the segment in
// its player's turn after the one it started in.
func (g *Game) endsWith(e *Effect, seg string) bool {
	d := &e.Dur
	if d.Segment != seg {
		return false
	}
	switch d.Kind {
	case UntilEndOf:
		return true
	case UntilEndOfControllersNext:
		return g.TurnNum > d.Turn && g.valid(e.Target) && int(g.Objs[e.Target].Controller) == g.Active
	case UntilEndOfOnYourNext:
		return g.TurnNum > d.Turn && int(d.Player) == g.Active
	}
	return false
}

func (g *Game) ctl(x ObjID) int8 {
	if x == NoObj {
		return int8(g.Active)
	}
	return g.Objs[x].Controller
}

// DurationID names how long an effect a statement creates lasts, as the
// statement's argument (modify, grant): its DurKind times 4096 plus, for
// UntilEndOf, Until, UntilEndOfControllersNext and UntilEndOfOnYourNext,
// the step or phase (a phase's index times 16, plus 1 + a step's index for
// a step), for AsLongAs the condition (an index of
// Rules.Characteristics, plus 256 for one read of the source of the
// ability creating the effect rather than of its target).
type DurationID int32

// duration is the Duration d names (Segment the step's or phase's name).
func (g Exec) duration(d DurationID, rule string) (Duration, bool) {
	kind, seg := DurKind(d/4096), int(d%4096)
	switch kind {
	case UntilEndOfTurn, ThisTurn:
		return Duration{Kind: kind}, true
	case UntilYourNextTurn:
		p := int8(g.Active)
		if g.inResolve {
			p = g.resolving.Controller
		}
		return Duration{Kind: kind, Player: p}, true
	case AsLongAs:
		src := seg >= 256
		seg %= 256
		if seg >= len(g.Rules.Characteristics) {
			return Duration{}, false
		}
		d := Duration{Kind: kind, Attr: AttributeID(seg), OfSource: src, Of: NoObj, Rule: rule}
		if src && g.inResolve {
			d.Of = g.resolving.Source
		}
		return d, true
	case UntilEndOf, Until, UntilEndOfControllersNext, UntilEndOfOnYourNext:
		ph, st := seg/16, seg%16-1
		if ph >= len(g.Rules.Phases) || st >= len(g.Rules.Phases[ph].Steps) {
			return Duration{}, false
		}
		d := Duration{Kind: kind, Segment: g.Rules.Phases[ph].Name}
		if st >= 0 {
			d.Segment = g.Rules.Phases[ph].Steps[st].Name
		}
		switch kind {
		case UntilEndOfControllersNext:
			d.Turn = g.TurnNum
		case UntilEndOfOnYourNext:
			d.Turn, d.Player = g.TurnNum, int8(g.Active)
			if g.inResolve {
				d.Player = g.resolving.Controller
			}
		}
		return d, true
	}
	return Duration{}, false
}

// effectLabel names an effect a statement creates: the label of the
// ability resolving, else the rule that creates it.
func (g Exec) effectLabel(rule string) string {
	if l := g.resolving.Trigger.Label; l != "" {
		return l
	}
	return rule
}

// startEffect starts e, created by a statement citing rule, and logs it.
// An effect for as long as a condition that does not hold does nothing:
// it doesn't start.
func (g Exec) startEffect(e Effect, rule string) {
	if e.Dur.Kind == AsLongAs && !g.lasts(&e) {
		return
	}
	g.AddEffect(e)
	g.emit(Event{Kind: EvStartEffect, Rule: rule, Player: g.ctl(e.Target), Obj: e.Target, Name: e.Label})
}

// Modify is the statement that starts a continuous effect giving x +p/+t
// (the rules' characteristics read it: effect_power, effect_toughness)
// for duration d. It does nothing to no object or an object not on the
// battlefield.
func (g Exec) Modify(x ObjID, p, t int32, d DurationID, rule string) {
	dur, ok := g.duration(d, rule)
	if !ok || !g.valid(x) || g.Objs[x].Zone != ZoneBattlefield {
		return
	}
	g.startEffect(Effect{Label: g.effectLabel(rule), Target: x, Power: p, Toughness: t, Dur: dur}, rule)
}

// Grant is the statement that starts a continuous effect giving x keyword
// k for duration d (x has k while it lasts; each such effect is an
// instance of k). It does nothing to no object or an object not on the
// battlefield.
func (g Exec) Grant(x ObjID, k KeywordID, d DurationID, rule string) {
	dur, ok := g.duration(d, rule)
	if !ok || !g.valid(x) || g.Objs[x].Zone != ZoneBattlefield || k < 0 || k >= 64 {
		return
	}
	g.startEffect(Effect{Label: g.effectLabel(rule), Target: x, Keywords: 1 << uint(k), Dur: dur}, rule)
}

// onBattlefield reports whether x is an object on the battlefield, the
// only objects the statements' effects apply to.
func (g Exec) onBattlefield(x ObjID) bool {
	return g.valid(x) && g.Objs[x].Zone == ZoneBattlefield
}

// SetPT is the statement that starts a continuous effect setting x's
// power and toughness to p and t for duration d (the rules'
// characteristics read it: set_power_or, set_toughness_or; the latest such
// effect wins). It does nothing to no object or an object not on the
// battlefield.
func (g Exec) SetPT(x ObjID, p, t int32, d DurationID, rule string) {
	dur, ok := g.duration(d, rule)
	if !ok || !g.onBattlefield(x) {
		return
	}
	g.startEffect(Effect{Label: g.effectLabel(rule), Target: x, Power: p, Toughness: t, SetPT: true, Dur: dur}, rule)
}

// LoseKeyword is the statement that starts a continuous effect taking keyword k
// away from x for duration d: its printed instance and those earlier
// effects give are gone while it lasts; a later effect may give k again.
// It does nothing to no object or an object not on the battlefield.
func (g Exec) LoseKeyword(x ObjID, k KeywordID, d DurationID, rule string) {
	dur, ok := g.duration(d, rule)
	if !ok || !g.onBattlefield(x) || k < 0 || k >= 64 {
		return
	}
	g.startEffect(Effect{Label: g.effectLabel(rule), Target: x, Lose: 1 << uint(k), Dur: dur}, rule)
}

// LoseAllKeywords is LoseKeyword for every keyword x has (all its abilities the rules
// know as keywords).
func (g Exec) LoseAllKeywords(x ObjID, d DurationID, rule string) {
	dur, ok := g.duration(d, rule)
	if !ok || !g.onBattlefield(x) {
		return
	}
	g.startEffect(Effect{Label: g.effectLabel(rule), Target: x, Lose: ^KeywordSet(0), Dur: dur}, rule)
}

// BecomeColor is the statement that starts a continuous effect making x
// color c, and no other color, for duration d (the rules' characteristics
// read it: set_color_or; the latest such effect wins). Colorless makes it
// no color. It does nothing to no object or an object not on the
// battlefield.
func (g Exec) BecomeColor(x ObjID, c Color, d DurationID, rule string) {
	dur, ok := g.duration(d, rule)
	if !ok || !g.onBattlefield(x) || c >= NumColors {
		return
	}
	var set uint8
	if c != Colorless {
		set = 1 << c
	}
	g.startEffect(Effect{Label: g.effectLabel(rule), Target: x, Colors: set, SetColors: true, Dur: dur}, rule)
}

// AddType is the statement that starts a continuous effect giving x card
// type t in addition to its own for duration d. It does nothing to no
// object or an object not on the battlefield.
func (g Exec) AddType(x ObjID, t TypeSet, d DurationID, rule string) {
	dur, ok := g.duration(d, rule)
	if !ok || !g.onBattlefield(x) || t == 0 {
		return
	}
	g.startEffect(Effect{Label: g.effectLabel(rule), Target: x, Types: t, Dur: dur}, rule)
}

// PreventDamageBy is the statement that starts a prevention effect: all
// damage x would deal is prevented for duration d (as for modify). It
// does nothing to no object or an object not on the battlefield.
func (g Exec) PreventDamageBy(x ObjID, d DurationID, rule string) {
	g.preventOf(x, PreventBy, false, 0, d, rule)
}

// PreventDamageTo is the statement that starts a prevention effect: all
// damage that would be dealt to x is prevented for duration d. It does
// nothing to no object or an object not on the battlefield.
func (g Exec) PreventDamageTo(x ObjID, d DurationID, rule string) {
	g.preventOf(x, PreventTo, false, 0, d, rule)
}

// PreventCombatDamageBy is PreventDamageBy for combat damage only: all
// combat damage x would deal is prevented for duration d.
func (g Exec) PreventCombatDamageBy(x ObjID, d DurationID, rule string) {
	g.preventOf(x, PreventBy, true, 0, d, rule)
}

// PreventCombatDamageTo is PreventDamageTo for combat damage only: all
// combat damage that would be dealt to x is prevented for duration d.
func (g Exec) PreventCombatDamageTo(x ObjID, d DurationID, rule string) {
	g.preventOf(x, PreventTo, true, 0, d, rule)
}

// preventOf starts the prevention effect of kind k on permanent x (of
// combat damage only, if combat; of the next shield damage only, if
// shield is not 0) for duration d.
func (g Exec) preventOf(x ObjID, k PreventKind, combat bool, shield int32, d DurationID, rule string) {
	dur, ok := g.duration(d, rule)
	if !ok || !g.onBattlefield(x) || shield < 0 {
		return
	}
	g.startEffect(Effect{Label: g.effectLabel(rule), Target: x, Prevent: k, CombatOnly: combat, Shield: shield, Rule: rule, Dur: dur}, rule)
}

// PreventNextDamageTo is the statement that starts a prevention shield:
// the next n damage that would be dealt to permanent x is prevented, for
// duration d.
func (g Exec) PreventNextDamageTo(x ObjID, n int32, d DurationID, rule string) {
	if n > 0 {
		g.preventOf(x, PreventTo, false, n, d, rule)
	}
}

// PreventNextPlayerDamage is PreventNextDamageTo for player p.
func (g Exec) PreventNextPlayerDamage(p int, n int32, d DurationID, rule string) {
	if n > 0 {
		g.preventPlayer(p, n, d, rule)
	}
}

// PreventPlayerDamage is the statement that starts a prevention effect:
// all damage that would be dealt to player p is prevented for duration
// d. It does nothing to no player, or one who has left the game.
func (g Exec) PreventPlayerDamage(p int, d DurationID, rule string) {
	g.preventPlayer(p, 0, d, rule)
}

// preventPlayer starts the prevention effect of the damage that would be
// dealt to player p (of the next shield damage only, if shield is not 0)
// for duration d.
func (g Exec) preventPlayer(p int, shield int32, d DurationID, rule string) {
	dur, ok := g.duration(d, rule)
	if !ok || !g.IsPlayer(p) || g.Players[p].Lost || dur.Kind == AsLongAs || shield < 0 {
		return
	}
	g.AddEffect(Effect{Label: g.effectLabel(rule), Target: NoObj, Prevent: PreventTo, ToPlayer: int8(p + 1), Shield: shield, Rule: rule, Dur: dur})
	g.emit(Event{Kind: EvStartEffect, Rule: rule, Player: int8(p), Obj: NoObj, Name: g.effectLabel(rule)})
}

// PreventCombatDamage is the statement that starts a prevention effect:
// all combat damage that would be dealt is prevented for duration d.
func (g Exec) PreventCombatDamage(d DurationID, rule string) {
	dur, ok := g.duration(d, rule)
	if !ok || dur.Kind == AsLongAs {
		return
	}
	g.startEffect(Effect{Label: g.effectLabel(rule), Target: NoObj, Prevent: PreventCombat, Rule: rule, Dur: dur}, rule)
}

// prevents reports whether prevention effect e applies to the damage
// source s would deal to r (an object, or a player's code).
func (g *Game) prevents(e *Effect, s ObjID, r int32) bool {
	if e.CombatOnly && !g.dealingCombat {
		return false
	}
	switch e.Prevent {
	case PreventBy:
		return e.Target == s
	case PreventTo:
		return e.Target != NoObj && int32(e.Target) == r || e.Target == NoObj && r < 0 && int32(e.ToPlayer)-1 == -1-r
	case PreventCombat:
		return g.dealingCombat
	}
	return false
}
