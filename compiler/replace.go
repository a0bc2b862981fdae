package compiler

import (
	"strings"

	"github.com/mtgc-dev/mtgc/grammar"
)

// replaceable lists the events the runtime lets the rules replace
// (runtime.Replacement.Event), each with its participants in the order a
// replace declaration names them: first the object the event would happen
// to.
var replaceable = map[string]replaceableEvent{
	"destroy":       {"a permanent would be destroyed (after what prevents it: a keyword's prevents destroy)", []Type{Object}, "(x): the permanent"},
	"damage":        {"a source would deal damage to an object, combat damage or not (after prevention)", []Type{Object, Object, Int}, "(x, s, n): the object dealt damage, the source, the amount"},
	"player_damage": {"a source would deal damage to a player, combat damage or not (after prevention)", []Type{Player, Object, Int}, "(p, s, n): the player dealt damage, the source, the amount"},
}

// replaceableEvent is a kind of event a replacement may replace.
type replaceableEvent struct {
	Doc    string
	Params []Type
	Names  string // what its parameters are, for errors
}

// replacement checks `replace EVENT NAME RULE... (x[, s, n]) [if COND] {
// ... }`: as an event of the kind would happen to x, if COND holds, the
// statements happen instead (asking no player), and the event does not.
func (c *checker) replacement(d *grammar.ReplaceDecl) {
	ev, ok := replaceable[d.Event.Name]
	if !ok {
		names := keys(replaceable)
		c.errorf(d.Event.Pos, "%s cannot be replaced (want one of %s)%s", d.Event.Name, strings.Join(names, ", "), didYouMean(closest(d.Event.Name, names, 1)))
		return
	}
	if d.Prevent && d.Event.Name != "damage" && d.Event.Name != "player_damage" {
		c.errorf(d.Event.Pos, "only damage is prevented (prevent damage or prevent player_damage; replace %s to replace it)", d.Event.Name)
		return
	}
	if !c.name(d.Name, "replacement") {
		return
	}
	for _, prev := range c.p.Replacements {
		if prev.Name == d.Name.Name {
			c.errorf(d.Name.Pos, "replacement %s already declared at %s", d.Name.Name, prev.Pos)
			return
		}
	}
	if len(d.Params) != len(ev.Params) {
		c.errorf(d.Params[0].Pos, "replace %s takes %d parameter(s) %s, not %d", d.Event.Name, len(ev.Params), ev.Names, len(d.Params))
		return
	}
	rp := &Replacement{Event: d.Event.Name, Prevent: d.Prevent, Name: d.Name.Name, Rules: c.rules(d.Rules, "replace", false), Pos: d.Pos, Decl: d}
	c.needRules(d.Pos, rp.Rules, len(d.Rules), "replace")
	r, sc := c.resolver(first(rp.Rules), "replace"), newScope()
	for i, id := range d.Params {
		v := r.declare(id, ev.Params[i], sc)
		switch i {
		case 0:
			rp.X = v
		case 1:
			rp.S = v
		case 2:
			rp.N = v
		}
	}
	if d.If != nil {
		rp.If = r.typed(d.If, sc, Bool, "a replacement's condition")
	}
	rp.Body = r.block(d.Body, sc)
	rp.Slots = r.slots
	c.p.Replacements = append(c.p.Replacements, rp)
}
