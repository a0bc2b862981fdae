package compiler

import (
	"strings"

	"github.com/mtgc-dev/mtgc/grammar"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// mechanism checks `mechanism NAME RULE...`: the rules a generic mechanism
// of the runtime cites (runtime.Mechanism), the first in its events.
func (c *checker) mechanism(d *grammar.MechanismDecl) {
	m, ok := rt.ParseMechanism(d.Name.Name)
	if !ok {
		names := rt.MechanismNames()
		c.errorf(d.Name.Pos, "unknown mechanism %s (want one of %s)%s", d.Name.Name, strings.Join(names, ", "), didYouMean(closest(d.Name.Name, names, 1)))
		return
	}
	if prev, dup := c.mechs[d.Name.Name]; dup {
		c.errorf(d.Name.Pos, "mechanism %s already declared at %s", d.Name.Name, prev)
		return
	}
	c.mechs[d.Name.Name] = d.Pos
	mc := &Mechanism{Name: d.Name.Name, Mech: m, Pos: d.Pos}
	switch {
	case d.Body != nil && m.Procedure():
		// Its statements run as an action does (a choice first, if it
		// may ask a player).
		mc.Proc = c.block(d.Rules, d.Body, d.Pos, "mechanism", m.Chooses())
		mc.Rules = mc.Proc.Rules
	case d.Body != nil:
		c.errorf(d.Body.Pos, "mechanism %s takes no statements: the runtime's procedure is its own (only %s take them)", d.Name.Name, strings.Join(procedureMechanisms(), ", "))
		mc.Rules = c.rules(d.Rules, "mechanism", false)
	case m.Procedure():
		// The order of what it does is the rules' to say: the runtime
		// has no procedure of its own.
		example := "rules/priority.mtg writes one"
		if m == rt.MechStackTriggers {
			example = "e.g. mechanism stack_triggers \"RULE\" { for each player p { put_triggers p } }: each player in turn order from the active player"
		}
		c.errorf(d.Name.Pos, "mechanism %s needs its statements: the runtime has no procedure of its own (%s)", d.Name.Name, example)
		mc.Rules = c.rules(d.Rules, "mechanism", false)
	default:
		mc.Rules = c.rules(d.Rules, "mechanism", false)
		c.needRules(d.Pos, mc.Rules, len(d.Rules), "mechanism "+d.Name.Name)
	}
	c.p.Mechanisms = append(c.p.Mechanisms, mc)
}

// procedureMechanisms lists the mechanisms the rules may give statements.
func procedureMechanisms() []string {
	var out []string
	for i, name := range rt.MechanismNames() {
		if rt.Mechanism(i).Procedure() {
			out = append(out, name)
		}
	}
	return out
}

// mechanismsCited requires a rule for every mechanism of rules that give
// priority, where all of them run: otherwise an event would cite nothing.
// The error is at the first priority clause and lists what is missing.
func (c *checker) mechanismsCited() {
	var at *Code
	for _, ph := range c.p.Phases {
		for _, st := range ph.Steps {
			if st.Priority != nil && at == nil {
				at = st.Priority
			}
		}
	}
	if at == nil {
		return
	}
	var missing []string
	for i, name := range rt.MechanismNames() {
		if _, ok := c.mechs[name]; !ok && !rt.Mechanism(i).Optional() {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		c.errorf(at.Pos, "the rules give priority, so they must say which rule each mechanism of the runtime cites: missing mechanism %s (declare e.g. mechanism %s \"RULE\")", strings.Join(missing, ", "), missing[0])
	}
}
