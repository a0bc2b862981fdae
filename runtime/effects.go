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
	Dur       Duration
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
