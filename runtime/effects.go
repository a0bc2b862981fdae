package runtime

// DurKind is how long a continuous effect lasts.
type DurKind uint8

const (
	UntilEndOfTurn DurKind = iota + 1 // "until end of turn"
	ThisTurn                          // "this turn"
	UntilEndOf                        // "until end of <Segment>" (a step or phase)
	Until                             // "until <Segment>" (a step or phase) begins
)

// Duration is how long a continuous effect lasts.
type Duration struct {
	Kind    DurKind
	Segment string
}

// Effect is a continuous effect on one object.
type Effect struct {
	Label     string
	Target    ObjID
	Power     int32
	Toughness int32
	Keywords  KeywordSet
	// KeywordArg is the number of the keywords it gives that take one
	// (bushido 1).
	KeywordArg int32
	Dur        Duration
}

// AddEffect starts a continuous effect.
func (g Exec) AddEffect(e Effect) {
	g.Effects = append(g.Effects, e)
	g.touch(ChangeAll)
}

// Ending selects which effects end.
type Ending uint8

const (
	EndUntilEndOfTurn  Ending = iota + 1 // "until end of turn" effects
	EndThisTurn                          // "this turn" effects
	EndUntilEndOfStep                    // "until end of" the current step
	EndUntilEndOfPhase                   // "until end of" the current phase
	EndUntilStep                         // "until" the step now beginning
	EndUntilPhase                        // "until" the phase now beginning
)

// EndEffects ends the selected effects.
func (g Exec) EndEffects(which Ending, rule string) {
	kept := g.Effects[:0]
	for _, e := range g.Effects {
		if g.ends(e.Dur, which) {
			g.emit(Event{Kind: EvEndEffect, Rule: rule, Player: g.ctl(e.Target), Obj: e.Target, Name: e.Label})
			continue
		}
		kept = append(kept, e)
	}
	g.Effects = kept
	g.checkWatches(NoObj, false)
}

func (g *Game) ends(d Duration, which Ending) bool {
	switch which {
	case EndUntilEndOfTurn:
		return d.Kind == UntilEndOfTurn
	case EndThisTurn:
		return d.Kind == ThisTurn
	case EndUntilEndOfStep:
		return d.Kind == UntilEndOf && d.Segment == g.CurrentStep()
	case EndUntilEndOfPhase:
		return d.Kind == UntilEndOf && d.Segment == g.CurrentPhase()
	case EndUntilStep:
		return d.Kind == Until && d.Segment == g.CurrentStep()
	case EndUntilPhase:
		return d.Kind == Until && d.Segment == g.CurrentPhase()
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
// UntilEndOf and Until, the step or phase (a phase's index times 16, plus
// 1 + a step's index for a step).
type DurationID int32

// duration is the Duration d names (Segment the step's or phase's name).
func (g Exec) duration(d DurationID) (Duration, bool) {
	kind, seg := DurKind(d/4096), int(d%4096)
	switch kind {
	case UntilEndOfTurn, ThisTurn:
		return Duration{Kind: kind}, true
	case UntilEndOf, Until:
		ph, st := seg/16, seg%16-1
		if ph >= len(g.Rules.Phases) || st >= len(g.Rules.Phases[ph].Steps) {
			return Duration{}, false
		}
		if st < 0 {
			return Duration{Kind: kind, Segment: g.Rules.Phases[ph].Name}, true
		}
		return Duration{Kind: kind, Segment: g.Rules.Phases[ph].Steps[st].Name}, true
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
func (g Exec) startEffect(e Effect, rule string) {
	g.AddEffect(e)
	g.emit(Event{Kind: EvStartEffect, Rule: rule, Player: g.ctl(e.Target), Obj: e.Target, Name: e.Label})
}

// Modify is the statement that starts a continuous effect giving x +p/+t
// (the rules' characteristics read it: effect_power, effect_toughness)
// for duration d. It does nothing to no object or an object not on the
// battlefield.
func (g Exec) Modify(x ObjID, p, t int32, d DurationID, rule string) {
	dur, ok := g.duration(d)
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
	dur, ok := g.duration(d)
	if !ok || !g.valid(x) || g.Objs[x].Zone != ZoneBattlefield || k < 0 || k >= 64 {
		return
	}
	g.startEffect(Effect{Label: g.effectLabel(rule), Target: x, Keywords: 1 << uint(k), Dur: dur}, rule)
}
