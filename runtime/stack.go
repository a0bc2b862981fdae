package runtime

// TriggerOn is the event a triggered ability waits for.
type TriggerOn uint8

const (
	OnBegin          TriggerOn = iota + 1 // "at the beginning of" the step or phase named Segment
	OnUntap                               // "whenever this permanent becomes untapped"
	OnCreatureDies                        // "whenever a creature dies"; N is its last known power
	OnAttacks                             // "whenever this creature attacks" (when declared as an attacker)
	OnBlocks                              // "whenever this creature blocks" (once per combat)
	OnBecomesBlocked                      // "whenever this creature becomes blocked" (once per combat)
	OnBlockedBy                           // "whenever this creature becomes blocked by a creature" (once per blocker)
	OnUnblocked                           // "whenever this creature attacks and isn\'t blocked" (once blockers are declared)
	OnBlockedByCount                      // "whenever this becomes blocked by exactly Count creatures" (as blockers are declared)
	OnCreatureBlocks                      // "whenever a creature [with Keyword] blocks", judged as it blocks
	OnActivated                           // not a trigger: the effect of an activated ability
)

// TriggerDoes is what a triggered ability does when it resolves.
type TriggerDoes uint8

const (
	DoGainLife TriggerDoes = iota + 1
	DoLoseLife
	DoDraw
	DoDelayed    // create a delayed trigger: at the beginning of the next Then, gain N life
	DoGainPower  // gain life equal to the last known power of the creature it is about
	DoDamageEach // the source deals N damage to each creature its controller's opponents control
)

// Trigger is a triggered ability printed on an object.
type Trigger struct {
	Label   string
	On      TriggerOn
	Segment string
	Yours   bool // only on its controller's turn
	Does    TriggerDoes
	N       int32
	Then    string // the segment a DoDelayed trigger waits for
	// Count: for OnBlockedByCount, how many blockers; Keyword: for
	// OnCreatureBlocks, the keyword the blocker must have (-1: any).
	Count   int32
	Keyword int
}

// Delayed is a delayed triggered ability waiting for the next beginning of
// a step or phase (it triggers once).
type Delayed struct {
	Source     ObjID
	Controller int8
	Trigger    Trigger
}

// StackItem is a spell (Trigger.On == 0), a triggered ability or an
// activated ability (Trigger.On == OnActivated).
type StackItem struct {
	Source     ObjID
	Controller int8
	Trigger    Trigger
	About      ObjID // the object the trigger is about (the creature that died)
	// Object, if not 0, is 1 + the index of the rules' stack object this
	// is (Rules.StackObjects), with the arguments it captured and the
	// combat damage it deals as it resolves.
	Object int16
	Args   [MaxStackArgs]int32
	Damage []Assigned
}

// fireBegin triggers the abilities that wait for the beginning of segment.
func (g *Game) fireBegin(segment string) {
	for _, x := range g.Battlefield {
		if g.withTriggers == 0 {
			break // no object has a trigger
		}
		o := &g.Objs[x]
		if o.PhasedOut {
			continue
		}
		for _, t := range o.Triggers {
			if t.On == OnBegin && t.Segment == segment && (!t.Yours || int(o.Controller) == g.Active) {
				g.Waiting = append(g.Waiting, StackItem{Source: x, Controller: o.Controller, Trigger: t})
			}
		}
	}
	kept := g.Delayed[:0]
	for _, d := range g.Delayed {
		if d.Trigger.Segment == segment {
			g.Waiting = append(g.Waiting, StackItem{Source: d.Source, Controller: d.Controller, Trigger: d.Trigger, About: NoObj})
		} else {
			kept = append(kept, d)
		}
	}
	g.Delayed = kept
}

func (g *Game) fireUntap(x ObjID) { g.fireSelf(x, OnUntap) }

// fireSelf triggers x's abilities that wait for event on of x itself.
func (g *Game) fireSelf(x ObjID, on TriggerOn) {
	o := &g.Objs[x]
	for _, t := range o.Triggers {
		if t.On == on {
			g.Waiting = append(g.Waiting, StackItem{Source: x, Controller: o.Controller, Trigger: t, About: NoObj})
		}
	}
}

// stackTriggers puts waiting triggered abilities on the stack and reports
// whether any were: by the rules' procedure for MechStackTriggers if they
// give one (which may stop for a player's order, g.pending), else the
// active player's first and then in turn order (APNAP), each player's in
// the order they triggered.
func (g *Game) stackTriggers() bool {
	if len(g.Waiting) == 0 {
		return false
	}
	if proc := &g.Rules.Procedures[MechStackTriggers]; proc.Run != nil {
		m := g.exec().Mark()
		if !proc.Run(g.exec()) {
			g.exec().Release(m) // it may have stopped inside a for each loop
			return true         // g.pending: a player orders their abilities
		}
		g.Waiting = g.Waiting[:0] // those of no player still in the game
		return true
	}
	p := g.Active
	for range g.Players {
		g.stackWaiting(p, nil, g.Rules.Cite[MechStackTriggers])
		p = (p + 1) % len(g.Players)
	}
	g.Waiting = g.Waiting[:0]
	return true
}

func (g *Game) resolveTop() {
	it := g.Stack[len(g.Stack)-1]
	g.Stack = g.Stack[:len(g.Stack)-1]
	p := int(it.Controller)
	if it.Object > 0 {
		g.resolving = it
		g.resolveObject(&g.resolving)
		g.resolving = StackItem{}
		return
	}
	if it.Trigger.On == 0 {
		g.emitObj(EvResolve, g.Rules.Cite[MechResolve], it.Source, 0)
		o := &g.Objs[it.Source]
		if o.Types&g.Rules.NonpermanentTypes != 0 {
			g.move(it.Source, ZoneGraveyard, int(o.Owner))
			return
		}
		g.move(it.Source, ZoneBattlefield, p)
		return
	}
	t := it.Trigger
	rule := g.Rules.Cite[MechResolve]
	g.emit(Event{Kind: EvResolve, Rule: rule, Player: it.Controller, Obj: it.Source, Name: t.Label})
	switch t.Does {
	case DoGainLife, DoGainPower:
		g.exec().GainLife(p, t.N, rule)
	case DoLoseLife:
		g.exec().LoseLife(p, t.N, rule)
	case DoDraw:
		g.exec().Draw(p, t.N, rule)
	case DoDamageEach:
		for _, x := range g.Battlefield {
			if o := &g.Objs[x]; int(o.Controller) != p && o.Types&g.Rules.CombatantTypes != 0 && !o.PhasedOut {
				g.exec().DealDamage(it.Source, x, t.N, rule)
			}
		}
	case DoDelayed:
		g.Delayed = append(g.Delayed, Delayed{Source: it.Source, Controller: it.Controller,
			Trigger: Trigger{Label: t.Label + " (delayed)", On: OnBegin, Segment: t.Then, Does: DoGainLife, N: t.N}})
	}
}

// AddWaiting records a triggered ability that has triggered; it goes on the
// stack the next time a player would receive priority.
func (g Exec) AddWaiting(source ObjID, t Trigger) {
	g.Waiting = append(g.Waiting, StackItem{Source: source, Controller: g.Objs[source].Controller, Trigger: t})
}

// AddDelayed creates a delayed triggered ability for the next beginning of
// the named step or phase.
func (g Exec) AddDelayed(source ObjID, t Trigger) {
	g.Delayed = append(g.Delayed, Delayed{Source: source, Controller: g.Objs[source].Controller, Trigger: t})
}
