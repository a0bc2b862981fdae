package rtimpl

// Triggered abilities. What an ability triggers on is one of the rules'
// trigger events (Rules.TriggerEvents, trigger_event declarations); what
// it does as it resolves is one of the rules' effects (Rules.Effects). The
// runtime knows neither list: it matches the events it logs, and the
// events the rules' trigger statement fires, against the declarations.

// EventID is one of the rules' trigger events: 1 + its index in
// Rules.TriggerEvents; 0 is none.
type EventID uint16

// TriggerEvent is an event abilities may trigger on, as the rules declare
// it (a trigger_event declaration).
type TriggerEvent struct {
	Name  string
	Rules []string
	Pos   string
	// On lists the runtime's own events it is. Empty: only the rules'
	// trigger statement fires it (Game.Trigger), about an object.
	On []EventOn
	// Watch: the abilities of every permanent look at it (and of the
	// objects that left the battlefield in the batch being performed:
	// they look back); otherwise only those of the event's object.
	Watch bool
	// Param is what an ability gives it (Trigger.Arg, Trigger.Segment):
	// 0 nothing, 'i' a number, 'k' a keyword's bit, 's' a step or phase,
	// which must be the one the event names.
	Param byte
	// If, if set, must hold for the ability to trigger: of the event's
	// object x (NoObj if none), the ability's source w and its argument
	// n (Trigger.Arg).
	If func(g Exec, x, w ObjID, n int32) bool
	// Recipient: the event's recipient (of damage: Event.Other) is an
	// object its abilities remember (StackItem.Recipient,
	// game.trigger_recipient), given to If and Value as EventRecipient; an
	// event whose recipient is a player does not match it.
	Recipient bool
	// Value, if set, is the number the ability remembers as it triggers
	// (StackItem.Value; game.trigger_value as it resolves).
	Value func(g Exec, x, w ObjID, n int32) int32
}

// EventOn is an event of the runtime's: of a kind, with a name if Name
// is not empty (the zone a move puts an object into).
type EventOn struct {
	Kind EventKind
	Name string
}

// TriggerEventIndex is the EventID of the rules' trigger event named
// name, or 0 if the rules declare none.
func (r *Rules) TriggerEventIndex(name string) EventID {
	for i := range r.TriggerEvents {
		if r.TriggerEvents[i].Name == name {
			return EventID(i + 1)
		}
	}
	return 0
}

// TriggerEventNames lists the names of the rules' trigger events.
func (r *Rules) TriggerEventNames() []string {
	out := make([]string, len(r.TriggerEvents))
	for i := range r.TriggerEvents {
		out[i] = r.TriggerEvents[i].Name
	}
	return out
}

// EffectNames lists the names of the rules' effects.
func (r *Rules) EffectNames() []string {
	out := make([]string, len(r.Effects))
	for i := range r.Effects {
		out[i] = r.Effects[i].Name
	}
	return out
}

// Trigger is a triggered ability printed on an object (or, with Event 0,
// the effect of an activated ability): what it triggers on and does, and
// the delayed triggered ability it creates as it resolves, if Delay.Event
// is set (it triggers once, the next time its event happens).
type Trigger struct {
	Triggered
	Delay Triggered
}

// Triggered is what an ability triggers on and what it does.
type Triggered struct {
	Label   string
	Event   EventID // what it triggers on (0: it is an activated ability's)
	Segment string  // the step or phase of an event whose Param is 's'
	Arg     int32   // the number or keyword bit of an event whose Param is 'i' or 'k'
	// Effect is what it does as it resolves: 1 + an index of
	// Rules.Effects (0: nothing), applied with Args.
	Effect int16
	Args   [MaxStackArgs]int32
}

// Delayed is a delayed triggered ability waiting for its event (it
// triggers once).
type Delayed struct {
	Source     ObjID
	Controller int8
	Trigger    Trigger
}

// StackItem is a spell (IsSpell), a triggered or an activated ability, or
// one of the rules' stack objects (Object).
type StackItem struct {
	Source     ObjID
	Controller int8
	Trigger    Trigger
	About      ObjID // the object of the event it triggered on (NoObj: none)
	Value      int32 // the number its trigger event gave it as it triggered
	// Recipient is the object its trigger event's recipient was, if the
	// event has one (TriggerEvent.Recipient; read by TriggerRecipient).
	Recipient ObjID
	// Object, if not 0, is 1 + the index of the rules' stack object this
	// is (Rules.StackObjects), with the arguments it captured and the
	// combat damage it deals as it resolves.
	Object int16
	// Unchosen has bit i set while the target the i-th of its effect's
	// Targets names is still to be chosen (as it is put on the stack).
	Unchosen uint8
	Args     [MaxStackArgs]int32
	Damage   []Assigned
}

// IsSpell reports whether the item is a spell: neither an ability nor one
// of the rules' stack objects.
func (it *StackItem) IsSpell() bool {
	return it.Object == 0 && it.Trigger.Triggered.none() && it.Trigger.Delay.none()
}

// none reports whether t is the zero Triggered, field by field: asked as
// each spell resolves (IsSpell, several times), where t == Triggered{}
// calls the struct's generated equality, strings compared by memequal.
// TestTriggeredNone sets each field in turn.
func (t *Triggered) none() bool {
	return t.Event == 0 && t.Effect == 0 && t.Arg == 0 && t.Label == "" && t.Segment == "" && t.Args == [MaxStackArgs]int32{}
}

// listensOf is the set of event kinds (bit k for kind k) some trigger
// event of r is.
func listensOf(r *Rules) uint64 {
	var m uint64
	if r == nil {
		return 0
	}
	for i := range r.TriggerEvents {
		for _, on := range r.TriggerEvents[i].On {
			m |= 1 << (uint(on.Kind) & 63)
		}
	}
	return m
}

// react matches an event the runtime logs against the trigger events that
// are of its kind (emit calls it only when one is and something may
// trigger): the abilities of objects trigger first, then the delayed
// ones.
func (g *Game) react(kind EventKind, x ObjID, name string) {
	for pass := 0; pass < 2; pass++ {
		for i := range g.Rules.TriggerEvents {
			te := &g.Rules.TriggerEvents[i]
			for _, on := range te.On {
				if on.Kind == kind && (on.Name == "" || on.Name == name) {
					if pass == 0 {
						g.fire(EventID(i+1), te, x, name)
					} else {
						g.fireDelayed(EventID(i+1), te, x, name)
					}
					break
				}
			}
		}
	}
}

// Trigger fires the rules' trigger event ev about x (the rules' trigger
// statement): the abilities that trigger on it trigger.
func (g Exec) Trigger(x ObjID, ev EventID, rule string) { g.TriggerWith(x, ev, NoObj, rule) }

func (g Exec) trigger(x ObjID, ev EventID) {
	if ev == 0 || int(ev) > len(g.Rules.TriggerEvents) || !g.valid(x) || g.withTriggers == 0 && len(g.Delayed) == 0 {
		return
	}
	te := &g.Rules.TriggerEvents[ev-1]
	g.fire(ev, te, x, "")
	g.fireDelayed(ev, te, x, "")
}

// TriggerWith is Trigger for an event with another participant y (the
// blocker of "becomes blocked by a creature", the attacker of "blocks a
// creature"): a trigger event with a recipient parameter reads y in its
// condition and value, and its abilities remember it
// (game.trigger_recipient); one without matches as for Trigger.
func (g Exec) TriggerWith(x ObjID, ev EventID, y ObjID, rule string) {
	if !g.valid(y) {
		y = NoObj
	}
	_ = rule // a trigger logs as it goes on the stack
	saved := g.eventOther
	g.eventOther = int32(y)
	if y == NoObj {
		g.eventOther = -1
	}
	g.trigger(x, ev)
	g.eventOther = saved
}

// TriggerObject is the object of the event the ability resolving
// triggered on ("that creature": the attacker of "whenever a creature you
// control attacks alone"), as it last existed if it left; no object if
// none.
func (g Exec) TriggerObject() ObjID {
	r := &g.resolving
	if r.Object != 0 || r.Trigger.Event == 0 || !g.valid(r.About) {
		return NoObj
	}
	return r.About
}

// fire triggers the abilities of objects waiting for trigger event ev
// (te) about x, an event naming name (a step or phase): those of x, or
// of every permanent watching.
func (g *Game) fire(ev EventID, te *TriggerEvent, x ObjID, name string) {
	if g.withTriggers == 0 {
		return
	}
	switch {
	case te.Watch:
		for _, y := range g.Battlefield {
			if w := &g.Objs[y]; !w.PhasedOut && g.mayTrigger(w, y) {
				g.fireOf(ev, te, x, y, name)
			}
		}
		if g.batch != 0 {
			// Abilities that trigger on leaving the battlefield look
			// back in time: a watcher that left in the same batch of
			// results sees the event too.
			for i := range g.Objs {
				if w := &g.Objs[i]; w.Zone != ZoneBattlefield && w.leftBatch == g.batch && g.mayTrigger(w, ObjID(i)) {
					g.fireOf(ev, te, x, ObjID(i), name)
				}
			}
		}
	case g.valid(x) && g.mayTrigger(&g.Objs[x], x):
		g.fireOf(ev, te, x, x, name)
	}
}

// fireDelayed triggers the delayed abilities waiting for ev about x; each
// triggers once.
func (g *Game) fireDelayed(ev EventID, te *TriggerEvent, x ObjID, name string) {
	if len(g.Delayed) == 0 {
		return
	}
	kept := g.Delayed[:0]
	for _, d := range g.Delayed {
		if t := &d.Trigger; t.Event == ev && g.matches(te, t, x, d.Source, name) {
			g.Waiting = append(g.Waiting, StackItem{Source: d.Source, Controller: d.Controller, Trigger: d.Trigger, About: x, Value: g.value(te, t, x, d.Source), Recipient: g.recipient(te)})
		} else {
			kept = append(kept, d)
		}
	}
	g.Delayed = kept
}

// fireOf triggers y's abilities waiting for ev about x: its own, then
// those of its triggered keywords, once for each instance.
func (g *Game) fireOf(ev EventID, te *TriggerEvent, x, y ObjID, name string) {
	o := &g.Objs[y]
	for i := range g.faceOf(o).Triggers {
		if t := &g.faceOf(o).Triggers[i]; t.Event == ev && g.matches(te, t, x, y, name) {
			g.Waiting = append(g.Waiting, StackItem{Source: y, Controller: o.Controller, Trigger: *t, About: x, Value: g.value(te, t, x, y), Recipient: g.recipient(te)})
		}
	}
	for _, i := range g.keywordTriggersOf(ev) {
		kt := &g.Rules.KeywordTriggers[i]
		t := &kt.Trigger
		if t.Event != ev {
			continue
		}
		n := g.exec().KeywordInstances(y, KeywordID(kt.Keyword))
		if n == 0 || !g.matches(te, t, x, y, name) {
			continue
		}
		v := g.value(te, t, x, y)
		if kt.ArgParam > 0 && int(kt.ArgParam) <= MaxStackArgs {
			// Each instance with its own number.
			g.exec().KeywordArgsOf(y, kt.Keyword, func(arg int32) {
				it := StackItem{Source: y, Controller: o.Controller, Trigger: *t, About: x, Value: v, Recipient: g.recipient(te)}
				it.Trigger.Args[kt.ArgParam-1] = arg
				g.Waiting = append(g.Waiting, it)
			})
			continue
		}
		for ; n > 0; n-- {
			g.Waiting = append(g.Waiting, StackItem{Source: y, Controller: o.Controller, Trigger: *t, About: x, Value: v, Recipient: g.recipient(te)})
		}
	}
}

// mayTrigger reports whether o (object x) may have a triggered ability:
// its own, or one a keyword some keyword trigger waits on gives it
// (printed, given by an effect, or kept as it left the battlefield).
func (g *Game) mayTrigger(o *Object, x ObjID) bool {
	if len(g.faceOf(o).Triggers) > 0 {
		return true
	}
	m := g.triggeredKeywords()
	if m == 0 {
		return false
	}
	if (o.Keywords|o.lkiKeywords)&m != 0 {
		return true
	}
	if len(g.Effects) == 0 {
		return false
	}
	for i := range g.Effects {
		if e := &g.Effects[i]; e.Target == x && e.Keywords&m != 0 {
			return true
		}
	}
	return false
}

// triggeredKeywords are the keywords some keyword trigger of the rules
// waits on (KeywordTriggers): an object with none of them, printed,
// given by an effect or kept as it left, and no trigger of its own,
// has no instance of any (KeywordInstances) and triggers nothing.
func (g *Game) triggeredKeywords() KeywordSet {
	if g.preds == nil {
		if g.Rules == nil {
			return 0
		}
		g.preds = indexPredicates(g.Rules)
	}
	return g.preds.kwTrigSet
}

func (g *Game) matches(te *TriggerEvent, t *Trigger, x, w ObjID, name string) bool {
	return (te.Param != 's' || t.Segment == name) && (!te.Recipient || g.eventOther >= 0) && (te.If == nil || te.If(g.exec(), x, w, t.Arg))
}

// recipient is what an ability triggering on te remembers of the event's
// recipient: the object, if te has one.
func (g *Game) recipient(te *TriggerEvent) ObjID {
	if !te.Recipient || g.eventOther < 0 {
		return NoObj
	}
	return ObjID(g.eventOther)
}

// EventRecipient is the object the runtime's event being matched against
// the rules' trigger events was dealt to (Event.Other, of a damage event:
// its recipient), for their conditions and values; no object if it is a
// player or the event has none.
func (g Exec) EventRecipient() ObjID {
	if g.eventOther < 0 || !g.valid(ObjID(g.eventOther)) {
		return NoObj
	}
	return ObjID(g.eventOther)
}

// TriggerRecipient is the object the ability resolving remembered as the
// recipient of the event it triggered on (a trigger event with a
// recipient parameter); no object if none.
func (g Exec) TriggerRecipient() ObjID {
	r := &g.resolving
	if r.Object != 0 || r.Trigger.Event == 0 || int(r.Trigger.Event) > len(g.Rules.TriggerEvents) || !g.Rules.TriggerEvents[r.Trigger.Event-1].Recipient || !g.valid(r.Recipient) {
		return NoObj
	}
	return r.Recipient
}

func (g *Game) value(te *TriggerEvent, t *Trigger, x, w ObjID) int32 {
	if te.Value == nil {
		return 0
	}
	return te.Value(g.exec(), x, w, t.Arg)
}

// LastKnownPower is x's power as it last existed: before the batch of
// state-based actions being performed, if it was one of its objects, else
// its power now.
func (g Exec) LastKnownPower(x ObjID) int32 {
	if !g.valid(x) {
		return 0 // no object
	}
	if o := &g.Objs[x]; g.batch != 0 && o.lkiBatch == g.batch {
		return o.lkiPower
	}
	return g.Power(x)
}

// AbilityController is the controller of the ability resolving, or of
// the instant or sorcery spell resolving (the rules' effect it applies
// reads it: "you"); no player when none is.
func (g Exec) AbilityController() int {
	if r := &g.resolving; r.Object > 0 || r.Trigger.Effect != 0 || g.spellResolving() {
		return int(r.Controller)
	}
	return -1
}

// spellResolving reports whether the item resolving (or whose targets are
// being chosen or checked) is an instant or a sorcery: its controller and
// its card are the ability's controller and source.
func (g *Game) spellResolving() bool {
	return (g.inResolve || g.targeting) && g.resolving.IsSpell() && g.valid(g.resolving.Source)
}

// AbilitySource is the source of the ability resolving; no object when
// none is.
func (g Exec) AbilitySource() ObjID {
	if r := &g.resolving; r.Object == 0 && r.Trigger.Effect != 0 || g.spellResolving() {
		return r.Source
	}
	return NoObj
}

// EventNumber is the number of the runtime's event being matched against
// the rules' trigger events (Event.N: the damage dealt), for their
// conditions and values; 0 for an event the rules' trigger statement fires.
func (g Exec) EventNumber() int32 { return g.eventN }

// TriggerValue is the number the ability resolving remembered as it
// triggered (its trigger event's value), 0 if none.
func (g Exec) TriggerValue() int32 { return g.resolving.Value }

// stackTriggers puts waiting triggered abilities on the stack and reports
// whether any were, by the rules' procedure for MechStackTriggers (which
// may stop for a player's order, g.pending). The checker requires one of
// rules that give priority; rules without one put nothing on the stack.
func (g *Game) stackTriggers() bool {
	proc := &g.Rules.Procedures[MechStackTriggers]
	if len(g.Waiting) == 0 || proc.Run == nil {
		return false
	}
	m := g.exec().Mark()
	if !proc.Run(g.exec()) {
		g.exec().Release(m) // it may have stopped inside a for each loop
		return true         // g.pending: a player orders their abilities
	}
	// Those of no player still in the game cease to exist: what waits to
	// go on the stack changed (trigger_pending), as it did for those put
	// on it.
	g.Waiting = g.Waiting[:0]
	g.touch(ChangeZones | ChangePlayers)
	return true
}

// resolveTop resolves the top of the stack: a rules' stack object runs its
// statements; a spell or an ability is resolved by the rules' procedure for
// MechResolve (rules/priority.mtg), which says what resolving it does. The
// runtime pops it, logs the resolution, checks its targets again (those
// no longer legal name nothing: game.resolving_targets_illegal says
// whether every one is) and exposes it to the statements
// (game.resolving_spell, game.resolving_controller, apply_effect). When
// the statements wait for a player's answer (an effect asks), it goes back
// on the stack and resolves again from the start once answered, neither
// logged nor checked again.
func (g *Game) resolveTop() {
	it := g.Stack[len(g.Stack)-1]
	g.Stack = g.Stack[:len(g.Stack)-1]
	if it.Object > 0 {
		g.resolving, g.inResolve = it, true
		g.resolveObject(&g.resolving)
		g.resolving, g.inResolve = StackItem{}, false
		return
	}
	again := g.resuming
	g.resuming = false
	g.top, g.topOn, g.topIllegal = it, true, false
	if !again {
		// A spell is named by its card, an ability by its label too.
		g.emit(Event{Kind: EvResolve, Rule: g.Rules.Cite[MechResolve], Player: it.Controller, Obj: it.Source, Name: it.Trigger.Label})
		g.topIllegal = !g.checkTargets(&g.top)
	}
	proc := &g.Rules.Procedures[MechResolve]
	if proc.Run != nil {
		m := g.exec().Mark()
		if !proc.Run(g.exec()) {
			g.exec().Release(m) // it may have stopped inside a for each loop
			g.Stack = append(g.Stack, g.top)
			g.resuming = true
		}
	}
	g.top, g.topOn, g.topIllegal = StackItem{}, false, false
}

// ResolvingSpell is the card of the spell resolving (game.resolving_spell);
// no object while an ability resolves, or nothing does.
func (g Exec) ResolvingSpell() ObjID {
	if g.topOn && g.top.IsSpell() && g.valid(g.top.Source) {
		return g.top.Source
	}
	return NoObj
}

// ResolvingController is the controller of the spell or ability resolving
// (game.resolving_controller); no player when nothing does.
func (g Exec) ResolvingController() int {
	if g.topOn {
		return int(g.top.Controller)
	}
	return -1
}

// ResolvingTargetsIllegal reports whether the spell or ability resolving
// has targets and found every one illegal as they were checked again, as
// it began to resolve (game.resolving_targets_illegal).
func (g Exec) ResolvingTargetsIllegal() bool { return g.topOn && g.topIllegal }

// ApplyEffect is the statement in which player p follows the instructions
// of the spell or ability resolving: its effect (an ability's, an
// instant's or sorcery's, an Aura spell's) is applied with its arguments,
// p its controller for it (game.ability_controller); its targets no longer
// legal name nothing. It reports false when the effect waits for a
// player's answer: the statements stop and run again from the start once
// answered. Nothing for no player.
func (g Exec) ApplyEffect(p int, rule string) bool {
	_ = rule // the effect's statements cite their own rules
	if !g.topOn || !g.IsPlayer(p) {
		return true
	}
	e := g.effectOf(&g.top)
	if e == nil {
		return true
	}
	g.resolving, g.inResolve = g.top, true
	g.resolving.Controller = int8(p)
	done := e.Run(g, *argsOf(&g.top))
	g.resolving, g.inResolve = StackItem{}, false
	return done
}

// CreateDelayedTrigger is the statement that creates the delayed triggered
// ability the ability resolving carries (Trigger.Delay), if any, under
// player p's control: it triggers once, the next time its event happens.
// Nothing for no player.
func (g Exec) CreateDelayedTrigger(p int, rule string) {
	_ = rule
	if t := &g.top.Trigger; g.topOn && !g.top.IsSpell() && t.Delay.Event != 0 && g.IsPlayer(p) {
		g.Delayed = append(g.Delayed, Delayed{Source: g.top.Source, Controller: int8(p), Trigger: Trigger{Triggered: t.Delay}})
	}
}

// SpellTo is the statement that puts x, the card of the spell resolving
// still on the stack, into its owner's zone z as the last step of its
// resolution: logged by the resolution, no event of its own. Nothing for
// another object, or one that left the stack.
func (g Exec) SpellTo(x ObjID, z Zone, rule string) {
	if !g.resolvingCard(x) || z == ZoneStack || z == ZoneBattlefield || int(z) >= len(zoneNames) {
		return
	}
	g.move(x, z, int(g.Objs[x].Owner))
}

// SpellToBattlefield is the statement that makes x, the card of the spell
// resolving still on the stack, a permanent on the battlefield under
// player p's control: it enters the battlefield (its abilities that
// trigger on entering look), logged by the resolution. Nothing for another
// object, one that left the stack, or no player.
func (g Exec) SpellToBattlefield(x ObjID, p int, rule string) {
	if !g.resolvingCard(x) || !g.IsPlayer(p) {
		return
	}
	g.move(x, ZoneBattlefield, p)
	g.entered(x, rule)
}

// resolvingCard reports whether x is the card of the spell resolving, on
// the stack.
func (g Exec) resolvingCard(x ObjID) bool {
	return g.topOn && g.top.IsSpell() && x == g.top.Source && g.valid(x) && g.Objs[x].Zone == ZoneStack
}

// ClearStack is the statement that empties the stack: each spell on it,
// the one resolving included, is put into zone z (its card; a copy
// ceases to exist as it leaves); each ability and rules' stack object on it
// ceases to exist. The one resolving still does the rest of what it says.
func (g Exec) ClearStack(z Zone, rule string) {
	if z == ZoneStack || int(z) >= len(zoneNames) {
		return
	}
	for len(g.Stack) > 0 {
		it := g.Stack[len(g.Stack)-1]
		g.Stack = g.Stack[:len(g.Stack)-1]
		if it.IsSpell() {
			g.Move(it.Source, z, rule)
			continue
		}
		g.emit(Event{Kind: EvCease, Rule: rule, Player: it.Controller, Obj: it.Source, Name: g.WaitingName(&it)})
	}
	if g.inResolve && g.resolving.IsSpell() && g.valid(g.resolving.Source) && g.Objs[g.resolving.Source].Zone == ZoneStack {
		g.Move(g.resolving.Source, z, rule)
	}
	g.touch(ChangeAll)
}

// ForgetTriggers is the statement that makes the triggered abilities
// player p controls that have triggered and wait to be put on the stack
// cease to exist.
func (g Exec) ForgetTriggers(p int, rule string) {
	kept := g.Waiting[:0]
	for i := range g.Waiting {
		it := g.Waiting[i]
		if int(it.Controller) != p {
			kept = append(kept, it)
			continue
		}
		g.emit(Event{Kind: EvCease, Rule: rule, Player: it.Controller, Obj: it.Source, Name: g.WaitingName(&it)})
	}
	g.Waiting = kept
}

// AddWaiting records a triggered ability that has triggered; it goes on the
// stack the next time a player would receive priority.
func (g Exec) AddWaiting(source ObjID, t Trigger) {
	g.Waiting = append(g.Waiting, StackItem{Source: source, Controller: g.Objs[source].Controller, Trigger: t, About: NoObj, Recipient: NoObj})
}

// AddDelayed creates a delayed triggered ability: it triggers once, the
// next time its event happens.
func (g Exec) AddDelayed(source ObjID, t Trigger) {
	g.Delayed = append(g.Delayed, Delayed{Source: source, Controller: g.Objs[source].Controller, Trigger: t})
}
