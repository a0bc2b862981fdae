package rtimpl

// What damage does and the objects the rules put on the stack are the
// rules' (Rules.Damage, Rules.StackObjects): the runtime only runs them at
// the right moment.

// DamageTo says what a damage hook runs for.
type DamageTo uint8

const (
	DamageToPlayer DamageTo = iota + 1 // each amount dealt to a player: Run(g, s, p, n)
	DamageToObject                     // each amount dealt to an object: Run(g, s, x, n)
	DamageBySource                     // once per source of a damage event, with all it dealt: Run(g, s, -1, n)
)

var damageToNames = [...]string{"", "player", "object", "source"}

func (d DamageTo) String() string {
	if int(d) < len(damageToNames) {
		return damageToNames[d]
	}
	return "?"
}

// ParseDamageTo maps "player", "object" or "source" to its DamageTo.
func ParseDamageTo(s string) (DamageTo, bool) {
	for i, n := range damageToNames {
		if n == s && i > 0 {
			return DamageTo(i), true
		}
	}
	return 0, false
}

// DamageHook is a rule about what damage does. The hooks of an amount dealt
// to a player or an object are its results: what they change is part of
// the damage event and logs no event of its own. A source's hooks
// (DamageBySource) run once all the event's damage is dealt and log as any
// statement does.
type DamageHook struct {
	To    DamageTo
	Rules []string
	Pos   string
	Run   func(g Exec, s ObjID, r int32, n int32)
}

// EventHook is what the rules do as the runtime logs an event (an
// on_event declaration): Run is given the event once it is logged, and
// runs without the stack, before anything else happens. It asks no player.
type EventHook struct {
	On    EventOn
	Rules []string
	Pos   string
	Run   func(g Exec, e Event)
}

// hookedOf is the set of event kinds (bit k for kind k) some hook of r
// runs on.
func hookedOf(r *Rules) uint64 {
	var m uint64
	if r == nil {
		return 0
	}
	for i := range r.OnEvents {
		m |= 1 << (uint(r.OnEvents[i].On.Kind) & 63)
	}
	return m
}

// onEvent runs the rules' hooks of the event e, just logged.
func (g *Game) onEvent(e Event) {
	if g.preds == nil {
		g.preds = indexPredicates(g.Rules)
	}
	for _, i := range g.preds.hooks[uint(e.Kind)&63] {
		h := &g.Rules.OnEvents[i]
		if h.On.Kind == e.Kind && (h.On.Name == "" || h.On.Name == e.Name) {
			x := g.exec()
			m := x.Mark()
			h.Run(x, e)
			x.Release(m)
		}
	}
}

// StackObject is an object the rules put on the stack (a statement's
// PutOnStack): it waits there as any spell or ability does and, as it
// resolves, runs the rules' statements with the arguments it captured.
type StackObject struct {
	Name    string
	Rules   []string
	Pos     string
	Params  int
	Resolve func(g Exec, it *StackItem)
}

// RulesEffect is an effect the rules define (an effect declaration): what a
// card's effect does, such as putting a creature onto the battlefield
// attacking. RunEffect applies it at once, as an effect resolving does.
type RulesEffect struct {
	Name   string
	Rules  []string
	Pos    string
	Params int
	// Kinds says what each parameter is: 'o' an object, 'p' a player,
	// 'i' a number; RunEffect refuses arguments that name no object or
	// player.
	Kinds string
	// Run applies it; false: its first statement asked a player (Asks),
	// and it is applied again, from the start, once they answer.
	Run func(g Exec, args [MaxStackArgs]int32) bool
	// Asks: its first statement may ask a player to choose (a verb that
	// waits): it can only resolve from the stack, not be run at once.
	Asks bool
	// Targets are its target parameters: chosen by the controller of an
	// ability that applies it as the ability is put on the stack, among
	// the objects on the battlefield for which Legal holds (args[Param]
	// being the object) and which no cant_be_targeted predicate protects
	// from the ability's source; checked again as it resolves.
	Targets []EffectTarget
	// Pay, if not nil, pays its costs (`pay { ... }`): run once the
	// parameters chosen as the ability is put on the stack are chosen,
	// before anyone receives priority; it asks no player.
	Pay func(g Exec, args [MaxStackArgs]int32)
}

// EffectTarget is a target parameter of an effect, or a cost parameter
// (Cost): an object chosen the same way as the ability is put on the
// stack, which is not targeted (no cant_be_targeted predicate protects
// it, it is not checked again as the ability resolves) and which the
// effect's Pay statements act on once chosen.
//
// Player: the target is a player (target player p where COND), chosen
// among the players in the game; args[Param] is the player's index, -1
// for none. Or: an alternative of the target before it (", or target
// player p"): the two are one target, chosen among the candidates of
// both; the one not chosen names nothing (no object, no player).
type EffectTarget struct {
	Param  int8
	Legal  func(g Exec, args [MaxStackArgs]int32) bool
	Cost   bool
	Player bool
	Or     bool
}

// EffectIndex is the index of the rules' effect named name in
// Rules.Effects, or -1 if the rules define none.
func (r *Rules) EffectIndex(name string) int {
	for i := range r.Effects {
		if r.Effects[i].Name == name {
			return i
		}
	}
	return -1
}

// RunEffect applies the rules' effect number i (of Rules.Effects) with
// its arguments (a player's index, an object's ID, a number, by its
// parameters' types) and reports whether it changed the game: an effect
// whose conditions do not hold does nothing.
func (g Exec) RunEffect(i int, args ...int32) bool {
	if i < 0 || i >= len(g.Rules.Effects) || len(args) != g.Rules.Effects[i].Params || len(args) > MaxStackArgs || g.Rules.Effects[i].Asks {
		return false
	}
	kinds := g.Rules.Effects[i].Kinds
	for j, x := range args {
		if j >= len(kinds) {
			return false
		}
		switch kinds[j] {
		case 'o':
			if !g.valid(ObjID(x)) || g.Objs[x].Zone == ZoneNone {
				return false
			}
		case 'p':
			if !g.IsPlayer(int(x)) {
				return false
			}
		}
	}
	var a [MaxStackArgs]int32
	copy(a[:], args)
	before := g.changes
	g.Rules.Effects[i].Run(g, a)
	if len(g.Combat.Places) > 0 && g.pending.Kind == DecidePriority {
		// The announcements the effect queued are asked before priority
		// is given again (the next Advance).
		g.pending = Decision{}
	}
	return g.changes != before
}

// MaxStackArgs is how many arguments a rules' stack object captures.
const MaxStackArgs = 3

// PutOnStack puts the rules' stack object number obj (an index of
// Rules.StackObjects) on the stack under player p's control, with its
// arguments. Combat damage assigned and not yet dealt goes with it: it is
// dealt, as assigned, when the object resolves (DealCombatDamage).
func (g Exec) PutOnStack(obj int, p int, a0, a1, a2 int32) {
	if !g.IsPlayer(p) {
		return // no player (a player value of the rules that names none)
	}
	so := &g.Rules.StackObjects[obj]
	it := StackItem{Source: NoObj, Controller: int8(p), About: NoObj, Recipient: NoObj, Object: int16(obj + 1), Args: [MaxStackArgs]int32{a0, a1, a2}}
	if c := &g.Combat; len(c.Assigned) > 0 {
		it.Damage = append([]Assigned(nil), c.Assigned...)
		c.Assigned, c.AssignedSource = c.Assigned[:0], c.AssignedSource[:0]
	}
	g.Stack = append(g.Stack, it)
	// A new object on the stack is not a result of the damage being dealt
	// (a damage hook may put a triggered ability on the stack): it is
	// logged even from there.
	folded := g.folded
	g.folded = 0
	g.emit(Event{Kind: EvPutOnStack, Rule: first(so.Rules), Player: int8(p), Obj: NoObj, Name: so.Name})
	g.folded = folded
}

// PutTriggered has the rules' stack object number obj trigger under
// player p's control: it waits with the triggered abilities (Waiting)
// and goes on the stack with them, in the order p chooses, as a player
// would receive priority.
func (g Exec) PutTriggered(obj int, p int, a0, a1, a2 int32) {
	if !g.IsPlayer(p) {
		return
	}
	g.Waiting = append(g.Waiting, StackItem{Source: NoObj, Controller: int8(p), About: NoObj, Recipient: NoObj, Object: int16(obj + 1), Args: [MaxStackArgs]int32{a0, a1, a2}})
}

// WaitingName is how a waiting ability is named: its label, or the name of
// the rules' stack object.
func (g Exec) WaitingName(it *StackItem) string {
	if it.Object > 0 && int(it.Object) <= len(g.Rules.StackObjects) {
		return g.Rules.StackObjects[it.Object-1].Name
	}
	return it.Trigger.Label
}

// resolveObject resolves a rules' stack object: the damage it carries is
// assigned again, then its statements run.
func (g *Game) resolveObject(it *StackItem) {
	so := &g.Rules.StackObjects[it.Object-1]
	g.emit(Event{Kind: EvResolve, Rule: first(so.Rules), Player: it.Controller, Obj: NoObj, Name: so.Name})
	if it.Damage != nil {
		g.Combat.Assigned = append(g.Combat.Assigned[:0], it.Damage...)
	}
	so.Resolve(g.exec(), it)
}

// damageDealt runs the rules' hooks for n damage dealt by s to r (an
// object, or a player given as PlayerCode): its results, folded into the
// damage event that was just logged.
func (g *Game) damageDealt(s ObjID, r int32, n int32) {
	to, code := DamageToObject, r
	if r < 0 {
		to, code = DamageToPlayer, -1-r
	}
	g.folded++
	for i := range g.Rules.Damage {
		if h := &g.Rules.Damage[i]; h.To == to {
			h.Run(g.exec(), s, code, n)
		}
	}
	g.folded--
}

// dealtBy runs the rules' hooks of source s, which dealt n damage in all in
// the damage event just performed.
func (g *Game) dealtBy(s ObjID, n int32) {
	for i := range g.Rules.Damage {
		if h := &g.Rules.Damage[i]; h.To == DamageBySource {
			h.Run(g.exec(), s, -1, n)
		}
	}
	// The damage it dealt, all of it, is an event the rules may react to.
	g.notice(Event{Kind: EvDealtDamage, Player: g.Objs[s].Controller, Obj: s, N: n})
}

// DealingCombatDamage reports whether the damage being dealt is combat
// damage (for the rules' damage hooks).
func (g Exec) DealingCombatDamage() bool { return g.dealingCombat }
