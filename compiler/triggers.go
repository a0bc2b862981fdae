package compiler

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mtgc-dev/mtgc/grammar"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// Trigger events: what abilities trigger on is the rules' (trigger_event
// declarations). An event is fired by the rules' trigger statement about
// an object, or is one of the runtime's own events (on KIND), matched as
// the runtime logs it.

// RuntimeEvent is a kind of the runtime's events a trigger event may be
// (`on begin`): the runtime's event kinds it stands for, whether its
// events are about an object, and what the name after it says.
type RuntimeEvent struct {
	Name   string
	Kinds  []rt.EventKind
	KindGo []string
	Object bool   // its events are about an object (the event's object)
	Player bool   // its events are about a player (the event's player)
	Named  string // what its events name: "segment" (a step or phase), "zone", "counter" (a counter kind), or ""
	Doc    string
}

var runtimeEvents = []RuntimeEvent{
	{"begin", []rt.EventKind{rt.EvBeginPhase, rt.EvBeginStep}, []string{"EvBeginPhase", "EvBeginStep"}, false, false, "segment", "a step or phase begins (judged as it is logged, before every step's or phase's on_begin runs)"},
	{"end", []rt.EventKind{rt.EvEndPhase, rt.EvEndStep}, []string{"EvEndPhase", "EvEndStep"}, false, false, "segment", "a step or phase ends"},
	{"untap", []rt.EventKind{rt.EvUntap}, []string{"EvUntap"}, true, false, "", "a permanent becomes untapped"},
	{"tap", []rt.EventKind{rt.EvTap}, []string{"EvTap"}, true, false, "", "a permanent becomes tapped"},
	{"destroy", []rt.EventKind{rt.EvDestroy}, []string{"EvDestroy"}, true, false, "", "a permanent is destroyed (matched before it moves)"},
	{"move", []rt.EventKind{rt.EvMove}, []string{"EvMove"}, true, false, "zone", "an object is put into a zone, named after it (matched before it moves)"},
	{"enter", []rt.EventKind{rt.EvEnter}, []string{"EvEnter"}, true, false, "", "a permanent enters the battlefield: a permanent spell resolves, a land is played, a statement moves it there (matched once it is there: its own abilities look)"},
	{"damage", []rt.EventKind{rt.EvDealtDamage}, []string{"EvDealtDamage"}, true, false, "", "a source deals damage: once for each damage event, with all it dealt in it (its number, amount), whatever the recipients"},
	{"damage_to", []rt.EventKind{rt.EvCombatDamage}, []string{"EvCombatDamage"}, true, false, "", "a source deals damage to one recipient, combat damage or not: once for each recipient (its object the source, its number, amount, the damage, its recipient, recipient, the object dealt it)"},
	{"counters", []rt.EventKind{rt.EvCounters}, []string{"EvCounters"}, true, false, "counter", "counters of a kind, named after it, are put on an object or removed from it: one event for all one statement puts (its number, amount: how many were put, negative if removed; matched once they are there, so counters(x, KIND) - amount is how many it had before)"},
	{"draw_empty", []rt.EventKind{rt.EvDrawEmpty}, []string{"EvDrawEmpty"}, false, true, "", "a player draws from an empty library (all the draws of one instruction past its last card are one event)"},
	{"play_land", []rt.EventKind{rt.EvPlayLand}, []string{"EvPlayLand"}, true, false, "", "a land is played (a special action): its object, the land, on the battlefield under its player's control"},
	{"cast", []rt.EventKind{rt.EvCast}, []string{"EvCast"}, true, false, "", "a spell is cast: its object, the spell on the stack, whose controller cast it (a copy of a spell is not cast)"},
	{"new_turn", []rt.EventKind{rt.EvTurn}, []string{"EvTurn"}, false, true, "", "a turn begins: its player, the active player now (its number, the turn's); logged before its first phase begins"},
}

// RuntimeEvents lists the runtime's events a trigger event may be.
func RuntimeEvents() []RuntimeEvent { return append([]RuntimeEvent(nil), runtimeEvents...) }

// eventRoles are the parameter types of a trigger event: what each
// parameter is bound to as the event is matched.
var eventRoles = map[string]string{
	"object":    "the event's object",
	"source":    "the source of the ability looking (with one, every permanent's abilities look)",
	"int":       "the number an ability gives",
	"keyword":   "the keyword an ability gives (x has k)",
	"segment":   "the step or phase an ability names, which the event must name",
	"amount":    "the number of the runtime's event (the damage dealt)",
	"recipient": "the object the runtime's event was dealt to (on damage_to), or the event's other participant (trigger_with X, EVENT, Y: Y, the blocker of \"becomes blocked by a creature\"); an event whose recipient is a player or none does not match, and the ability remembers it (game.trigger_recipient)",
}

// eventSig records a trigger event's name and parameters, so that trigger
// statements anywhere can name it.
func (c *checker) eventSig(d *grammar.TriggerEventDecl) {
	if !c.name(d.Name, "trigger event") {
		return
	}
	if prev, dup := c.events[d.Name.Name]; dup {
		c.errorf(d.Name.Pos, "trigger event %s already declared at %s", d.Name.Name, prev.Pos)
		return
	}
	te := &TriggerEvent{Index: len(c.p.TriggerEvents), Name: d.Name.Name, Pos: d.Pos, Decl: d}
	te.Enum = Enum{Name: te.Name, Value: te.Index + 1, Go: fmt.Sprintf("EventID(%d)", te.Index+1), Doc: "trigger event " + te.Name}
	c.events[te.Name] = te
	c.p.TriggerEvents = append(c.p.TriggerEvents, te)
}

// eventBody checks a trigger event's rules, events, parameters, condition
// and value.
func (c *checker) eventBody(d *grammar.TriggerEventDecl) {
	te, ok := c.events[d.Name.Name]
	if !ok || te.Decl != d {
		return
	}
	te.Rules = c.rules(d.Rules, "trigger_event", false)
	c.needRules(d.Pos, te.Rules, len(d.Rules), "trigger_event")
	te.Object = len(d.On) == 0
	named, failed := "", false
	for i, on := range d.On {
		var ev *RuntimeEvent
		for j := range runtimeEvents {
			if runtimeEvents[j].Name == on.Kind.Name {
				ev = &runtimeEvents[j]
			}
		}
		if ev == nil {
			names := make([]string, len(runtimeEvents))
			for j, e := range runtimeEvents {
				names[j] = e.Name
			}
			c.errorf(on.Kind.Pos, "unknown runtime event %s (want one of %s)%s", on.Kind.Name, strings.Join(names, ", "), didYouMean(closest(on.Kind.Name, names, 1)))
			failed = true
			continue
		}
		if i == 0 || failed && len(te.On) == 0 {
			te.Object, named = ev.Object, ev.Named
		} else if ev.Object != te.Object {
			c.errorf(on.Kind.Pos, "trigger event %s: the runtime's %s events are about %s, its %s events about %s: a trigger event's events are all about an object or none", te.Name, d.On[0].Kind.Name, aboutWhat(te.Object), ev.Name, aboutWhat(ev.Object))
			failed = true
			continue
		} else if ev.Named != named {
			named = "" // a segment parameter needs every event to name one
		}
		name := ""
		if on.Name != nil {
			name = on.Name.Name
			if !c.eventName(ev, *on.Name) {
				continue
			}
		}
		for k, kind := range ev.Kinds {
			te.On = append(te.On, rt.EventOn{Kind: kind, Name: name})
			te.OnGo = append(te.OnGo, ev.KindGo[k])
		}
	}
	r, sc := c.resolver(first(te.Rules), "trigger_event"), newScope()
	seen := map[string]grammar.Pos{}
	for i := range d.Params {
		p := &d.Params[i]
		if _, ok := eventRoles[p.Type.Name]; !ok {
			names := keys(eventRoles)
			c.errorf(p.Type.Pos, "unknown trigger event parameter type %s (want one of %s)%s", p.Type.Name, strings.Join(names, ", "), didYouMean(closest(p.Type.Name, names, 1)))
			failed = true
			continue
		}
		role := p.Type.Name
		if role == "int" || role == "keyword" || role == "segment" {
			role = "argument"
		}
		if prev, dup := seen[role]; dup {
			c.errorf(p.Type.Pos, "trigger event %s has a second %s parameter (the first at %s): an event has at most one object, one source and one argument", te.Name, role, prev)
			failed = true
			continue
		}
		seen[role] = p.Type.Pos
		switch p.Type.Name {
		case "object":
			if !te.Object && !failed {
				c.errorf(p.Type.Pos, "trigger event %s: the runtime's %s events are about no object (use source w for the ability's source)", te.Name, d.On[0].Kind.Name)
				failed = true
				continue
			}
			te.X = r.declare(p.Name, Object, sc)
		case "source":
			te.W, te.Watch = r.declare(p.Name, Object, sc), true
		case "int":
			te.N, te.Param = r.declare(p.Name, Int, sc), 'i'
		case "keyword":
			te.N, te.Param = r.declare(p.Name, KeywordT, sc), 'k'
		case "amount":
			if len(d.On) == 0 && !failed {
				c.errorf(p.Type.Pos, "trigger event %s: an amount parameter is the number of the runtime's event; the trigger statement's events have none (declare it on an event)", te.Name)
				failed = true
				continue
			}
			te.A = r.declare(p.Name, Int, sc)
		case "recipient":
			if !failed && len(d.On) > 0 && !allRecipient(d.On) {
				c.errorf(p.Type.Pos, "trigger event %s: a recipient parameter is the object a damage_to event was dealt to, or the other participant the trigger_with statement names; its runtime events must all be on damage_to", te.Name)
				failed = true
				continue
			}
			te.R = r.declare(p.Name, Object, sc)
		case "segment":
			if named != "segment" && !failed {
				c.errorf(p.Type.Pos, "trigger event %s: a segment parameter needs events that name a step or phase (on begin, on end)", te.Name)
				failed = true
				continue
			}
			te.Param = 's'
		}
	}
	switch {
	case failed:
	case te.X == nil && te.W == nil:
		c.errorf(d.Name.Pos, "trigger event %s needs an object parameter (the event's object) or a source parameter (the ability's source)", te.Name)
	case len(d.On) == 0 && te.X == nil:
		c.errorf(d.Name.Pos, "trigger event %s is fired by the trigger statement, about an object: it needs an object parameter", te.Name)
	}
	if d.If != nil {
		te.If = r.typed(d.If, sc, Bool, "a trigger event condition")
	}
	if d.Value != nil {
		te.Value = r.typed(d.Value, sc, Int, "a trigger event value")
	}
	te.Slots = r.slots
}

// allRecipient reports whether every event of on has a recipient (is on
// damage_to), and there is one.
func allRecipient(on []grammar.EventOn) bool {
	for _, o := range on {
		if o.Kind.Name != "damage_to" {
			return false
		}
	}
	return len(on) > 0
}

func aboutWhat(object bool) string {
	if object {
		return "an object"
	}
	return "no object"
}

// eventName checks the name after a runtime event: a zone for move, a
// step or phase for begin and end, a counter kind for counters (one
// written as a name: lore, not "+1/+1").
func (c *checker) eventName(ev *RuntimeEvent, id grammar.Ident) bool {
	var names []string
	switch ev.Named {
	case "zone":
		for _, z := range zoneEnum {
			names = append(names, z.Name)
		}
	case "segment":
		for n := range c.segments() {
			names = append(names, n)
		}
	case "counter":
		for _, k := range c.p.Counters {
			names = append(names, k.Name)
		}
	default:
		c.errorf(id.Pos, "the runtime's %s events name nothing: write on %s alone", ev.Name, ev.Name)
		return false
	}
	sort.Strings(names)
	for _, n := range names {
		if n == id.Name {
			return true
		}
	}
	c.errorf(id.Pos, "on %s %s: want a %s (one of %s)%s", ev.Name, id.Name, ev.Named, strings.Join(names, ", "), didYouMean(closest(id.Name, names, 1)))
	return false
}

// eventArg resolves the trigger event a verb or function names: one the
// trigger statements fire (declared without on), or any for a function
// reading an object's abilities (trigger_arg_max).
func (r *resolver) eventArg(e grammar.Expr, n int, verb string) Expr {
	id, ok := e.(*grammar.Ident)
	if !ok {
		r.c.errorf(e.Position(), "argument %d of %s must be a trigger event's name", n, verb)
		return bad(e.Position())
	}
	te, ok := r.c.events[id.Name]
	if !ok {
		names := keys(r.c.events)
		want := "the rules declare none: add a trigger_event declaration"
		if len(names) > 0 {
			want = "want one of " + strings.Join(names, ", ")
		}
		r.c.errorf(id.Pos, "unknown trigger event %s (%s)%s", id.Name, want, didYouMean(closest(id.Name, names, 1)))
		return bad(e.Position())
	}
	if _, fires := verbs[verb]; fires && len(te.Decl.On) > 0 {
		r.c.errorf(id.Pos, "trigger event %s is one of the runtime's events (on %s, declared at %s): the trigger statement fires only events declared without on", id.Name, te.Decl.On[0].Kind.Name, te.Pos)
		return bad(e.Position())
	}
	return &EnumLit{typed: mk(e.Position(), EventT), E: &te.Enum}
}

func runtimeEventNames() []string {
	out := make([]string, len(runtimeEvents))
	for i, e := range runtimeEvents {
		out[i] = e.Name
	}
	return out
}
