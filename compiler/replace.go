package compiler

import (
	"strings"

	"github.com/mtgc-dev/mtgc/grammar"
)

// replaceable lists the events the runtime lets the rules replace, each
// about one object (runtime.Replacement.Event).
var replaceable = map[string]string{
	"destroy": "a permanent would be destroyed (after what prevents it: a keyword's prevents destroy)",
}

// replacement checks `replace EVENT NAME RULE... (x) [if COND] { ... }`:
// as an event of the kind would happen to x, if COND holds, the
// statements happen instead (asking no player), and the event does not.
func (c *checker) replacement(d *grammar.ReplaceDecl) {
	if _, ok := replaceable[d.Event.Name]; !ok {
		names := keys(replaceable)
		c.errorf(d.Event.Pos, "%s cannot be replaced (want one of %s)%s", d.Event.Name, strings.Join(names, ", "), didYouMean(closest(d.Event.Name, names, 1)))
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
	rp := &Replacement{Event: d.Event.Name, Name: d.Name.Name, Rules: c.rules(d.Rules, "replace", false), Pos: d.Pos, Decl: d}
	c.needRules(d.Pos, rp.Rules, len(d.Rules), "replace")
	r, sc := c.resolver(first(rp.Rules), "replace"), newScope()
	rp.X = r.declare(d.Param, Object, sc)
	if d.If != nil {
		rp.If = r.typed(d.If, sc, Bool, "a replacement's condition")
	}
	rp.Body = r.block(d.Body, sc)
	rp.Slots = r.slots
	c.p.Replacements = append(c.p.Replacements, rp)
}
