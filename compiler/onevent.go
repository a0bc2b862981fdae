package compiler

import (
	"strings"

	"github.com/mtgc-dev/mtgc/grammar"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// runtimeEvent looks up a kind of the runtime's events by its name, or
// reports it unknown.
func (c *checker) runtimeEvent(id grammar.Ident) *RuntimeEvent {
	for j := range runtimeEvents {
		if runtimeEvents[j].Name == id.Name {
			return &runtimeEvents[j]
		}
	}
	names := make([]string, len(runtimeEvents))
	for j, e := range runtimeEvents {
		names[j] = e.Name
	}
	c.errorf(id.Pos, "unknown runtime event %s (want one of %s)%s", id.Name, strings.Join(names, ", "), didYouMean(closest(id.Name, names, 1)))
	return nil
}

// EventParams are the types of an on_event declaration's parameters for
// the runtime event named kind: its player or object if its events are
// about one, then its number.
func EventParams(kind string) []Type {
	for _, ev := range runtimeEvents {
		if ev.Name == kind {
			switch {
			case ev.Object:
				return []Type{Object, Int}
			case ev.Player:
				return []Type{Player, Int}
			}
			return []Type{Int}
		}
	}
	return nil
}

// onEvent checks `on_event KIND [NAME] RULE... (WHO, N) { ... }`: the
// statements run, asking no player, as the runtime logs an event of the
// kind (with the name, if given).
func (c *checker) onEvent(d *grammar.EventDecl) {
	ev := c.runtimeEvent(d.Kind)
	if ev == nil {
		return
	}
	h := &EventHook{Kind: ev.Name, Rules: c.rules(d.Rules, "on_event", false), Pos: d.Pos, Decl: d}
	c.needRules(d.Pos, h.Rules, len(d.Rules), "on_event")
	name := ""
	if d.Name != nil {
		if !c.eventName(ev, *d.Name) {
			return
		}
		name = d.Name.Name
	}
	for k, kind := range ev.Kinds {
		h.On = append(h.On, rt.EventOn{Kind: kind, Name: name})
		h.OnGo = append(h.OnGo, ev.KindGo[k])
	}
	types := EventParams(ev.Name)
	if len(d.Params) > len(types) {
		want := "(n): its events are about no player or object"
		if len(types) == 2 {
			want = "(" + map[bool]string{true: "x", false: "p"}[ev.Object] + ", n)"
		}
		c.errorf(d.Params[len(types)].Pos, "on_event %s takes at most %d parameter(s) %s, not %d", ev.Name, len(types), want, len(d.Params))
		return
	}
	r, sc := c.resolver(first(h.Rules), "on_event"), newScope()
	for i, id := range d.Params {
		v := r.declare(id, types[i], sc)
		switch {
		case types[i] == Int:
			h.N = v
		default:
			h.Who = v
		}
	}
	h.Body = r.block(d.Body, sc)
	h.Slots = r.slots
	c.p.OnEvents = append(c.p.OnEvents, h)
}

// eventWho is the Go expression of an event's player or object (of e, an
// rt.Event) for the on_event of hook h.
func eventWho(h *EventHook) string {
	if h.Who != nil && h.Who.T == Object {
		return "e.Obj"
	}
	return "int(e.Player)"
}
