package compiler

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/mtgc-dev/mtgc/grammar"
)

// Editions as deltas. An edition that declares `extends BASE` says only
// what differs from its base: it renumbers the base's citations, overrides
// and removes the base's clauses by their identity (a name, or the first
// rule a clause cites), adds steps and clauses at a stated place, and
// declares what is new. merge applies the layers, deepest base first, to
// one tree of files that the checker then checks as any ruleset: inherited
// clauses keep their base positions, so errors and generated comments point
// at the line that wrote them.

// Change is one change an edition makes to its base, in source order.
type Change struct {
	Edition  string      // the edition that makes it
	Op       string      // "override", "remove", "add"
	Identity string      // what it names: `step declare_blockers`, `action "508.1"`
	Pos      grammar.Pos // the change in the edition's files
	Rules    []string    // the rules of the new clause (override, add) or the removed one
	Old      grammar.Node
	New      grammar.Node
}

// clauseID is the identity of a clause: its keyword, its name (steps,
// phases, keywords...; a predicate's kind, an on_damage's target) and the
// first rule it cites (clauses without a name of their own).
type clauseID struct{ kind, name, rule string }

func (id clauseID) String() string {
	s := id.kind
	if id.name != "" {
		s += " " + id.name
	}
	if id.rule != "" {
		s += fmt.Sprintf(" %q", id.rule)
	}
	return s
}

func firstRule(rs []grammar.Rule) string {
	if len(rs) == 0 {
		return ""
	}
	return rs[0].Number
}

// identity returns the identity of a declaration or clause.
func identity(n grammar.Node) (clauseID, bool) {
	switch d := n.(type) {
	case *grammar.PhaseDecl:
		return clauseID{"phase", d.Name.Name, ""}, true
	case *grammar.StepDecl:
		return clauseID{"step", d.Name.Name, ""}, true
	case *grammar.Action:
		return clauseID{"action", "", firstRule(d.Rules)}, true
	case *grammar.Priority:
		return clauseID{"priority", "", firstRule(d.Rules)}, true
	case *grammar.NoPriority:
		return clauseID{"no_priority", "", firstRule(d.Rules)}, true
	case *grammar.Skip:
		return clauseID{"skip", "", firstRule(d.Rules)}, true
	case *grammar.Repeat:
		return clauseID{"repeat", "", firstRule(d.Rules)}, true
	case *grammar.Allow:
		return clauseID{"allow", d.What.Name, firstRule(d.Rules)}, true
	case *grammar.OnEnd:
		if d.Begin {
			return clauseID{"on_begin", "", firstRule(d.Rules)}, true
		}
		return clauseID{"on_end", "", firstRule(d.Rules)}, true
	case *grammar.SbaDecl:
		if d.Watch {
			return clauseID{"watch", "", firstRule(d.Rules)}, true
		}
		return clauseID{"sba", "", firstRule(d.Rules)}, true
	case *grammar.PredicateDecl:
		return clauseID{"predicate", d.Kind.Name, firstRule(d.Rules)}, true
	case *grammar.KeywordDecl:
		return clauseID{"keyword", d.Name.Name, ""}, true
	case *grammar.KindDecl:
		return clauseID{"kind", d.Name.Name, ""}, true
	case *grammar.TimingDecl:
		return clauseID{"timing", d.Name.Name, ""}, true
	case *grammar.MechanismDecl:
		return clauseID{"mechanism", d.Name.Name, ""}, true
	case *grammar.StackObjectDecl:
		if d.Effect {
			return clauseID{"effect", d.Name.Name, ""}, true
		}
		return clauseID{"stack_object", d.Name.Name, ""}, true
	case *grammar.TriggerEventDecl:
		return clauseID{"trigger_event", d.Name.Name, ""}, true
	case *grammar.DamageDecl:
		return clauseID{"on_damage", d.To.Name, firstRule(d.Rules)}, true
	case *grammar.EventDecl:
		return clauseID{"on_event", d.Kind.Name, firstRule(d.Rules)}, true
	case *grammar.ReplaceDecl:
		if d.Prevent {
			return clauseID{"prevent", d.Name.Name, ""}, true
		}
		return clauseID{"replace", d.Name.Name, ""}, true
	case *grammar.PlayerDecl:
		return clauseID{"player", "", ""}, true
	case *grammar.TurnDecl:
		return clauseID{"turn", "", ""}, true
	case *grammar.EveryDecl:
		return clauseID{"every", d.Kind.Name, ""}, true
	case *grammar.CardTypeDecl:
		return clauseID{"card_type", d.Name.Name, ""}, true
	case *grammar.LandManaDecl:
		return clauseID{"land_mana", d.Name.Name, ""}, true
	case *grammar.CharacteristicDecl:
		return clauseID{"characteristic", d.Name.Name, ""}, true
	case *grammar.StateDecl:
		return clauseID{"state", d.Name.Name, ""}, true
	}
	return clauseID{}, false
}

// ruleList is the list of the rules a clause cites itself (not those of
// the clauses inside it), or nil for a node that cites none.
func ruleList(n grammar.Node) *[]grammar.Rule {
	switch d := n.(type) {
	case *grammar.PhaseDecl:
		return &d.Rules
	case *grammar.StepDecl:
		return &d.Rules
	case *grammar.Action:
		return &d.Rules
	case *grammar.Priority:
		return &d.Rules
	case *grammar.NoPriority:
		return &d.Rules
	case *grammar.Skip:
		return &d.Rules
	case *grammar.Repeat:
		return &d.Rules
	case *grammar.Allow:
		return &d.Rules
	case *grammar.OnEnd:
		return &d.Rules
	case *grammar.SbaDecl:
		return &d.Rules
	case *grammar.PredicateDecl:
		return &d.Rules
	case *grammar.KeywordDecl:
		return &d.Rules
	case *grammar.TimingDecl:
		return &d.Rules
	case *grammar.MechanismDecl:
		return &d.Rules
	case *grammar.StackObjectDecl:
		return &d.Rules
	case *grammar.TriggerEventDecl:
		return &d.Rules
	case *grammar.DamageDecl:
		return &d.Rules
	case *grammar.EventDecl:
		return &d.Rules
	case *grammar.ReplaceDecl:
		return &d.Rules
	case *grammar.TurnDecl:
		return &d.Rules
	case *grammar.CardTypeDecl:
		return &d.Rules
	case *grammar.CounterDecl:
		return &d.Rules
	case *grammar.LandManaDecl:
		return &d.Rules
	case *grammar.StateDecl:
		return &d.Rules
	case *grammar.CharacteristicDecl:
		return &d.Rules
	}
	return nil
}

// clauseRules are the rules a clause cites.
func clauseRules(n grammar.Node) []string {
	rs := ruleList(n)
	if rs == nil {
		return nil
	}
	out := make([]string, len(*rs))
	for i, r := range *rs {
		out[i] = r.Number
	}
	return out
}

// slot is where a clause of the base lives: an element of a declaration
// list or of a phase's or step's clause list, with the step it is in.
type slot struct {
	id    clauseID
	decls *[]grammar.Decl
	items *[]grammar.Clause
	i     int
	step  string // the step (or phase) holding a step clause
	done  *grammar.Pos
}

func (s *slot) node() grammar.Node {
	if s.decls != nil {
		return (*s.decls)[s.i]
	}
	return (*s.items)[s.i]
}

func (s *slot) set(n grammar.Node) {
	if s.decls != nil {
		d, _ := n.(grammar.Decl)
		(*s.decls)[s.i] = d
		return
	}
	c, _ := n.(grammar.Clause)
	(*s.items)[s.i] = c
}

// slots indexes the clauses of the base's files by identity.
func slots(files []*grammar.File) map[clauseID][]*slot {
	out := map[clauseID][]*slot{}
	add := func(s *slot) { out[s.id] = append(out[s.id], s) }
	var clauses func(items *[]grammar.Clause, in string)
	clauses = func(items *[]grammar.Clause, in string) {
		for i, c := range *items {
			id, ok := identity(c)
			if !ok {
				continue
			}
			add(&slot{id: id, items: items, i: i, step: in})
			if st, ok := c.(*grammar.StepDecl); ok {
				clauses(&st.Clauses, st.Name.Name)
			}
		}
	}
	for _, f := range files {
		for i, d := range f.Decls {
			id, ok := identity(d)
			if !ok {
				continue
			}
			add(&slot{id: id, decls: &f.Decls, i: i})
			switch d := d.(type) {
			case *grammar.PhaseDecl:
				clauses(&d.Items, d.Name.Name)
			case *grammar.EveryDecl:
				clauses(&d.Items, "every "+d.Kind.Name)
			}
		}
	}
	return out
}

// layer is one edition's parsed files.
type layer struct {
	files   []*grammar.File
	edition *grammar.Edition
}

// merger applies an edition's changes to its base.
type merger struct {
	edition string // the edition whose changes are being applied
	errs    grammar.ErrorList
	changes []Change
	// inherited maps the file names of base editions to their edition.
	inherited map[string]string
	renumber  map[string]map[string]string // by edition: its base's numbers to its own
	chain     []string                     // the base editions, nearest first
	// moved are the citations this edition's renumber changed: a change
	// naming a number two clauses now have names the one that had it in
	// the base, not the one renumbered into it.
	moved map[*grammar.Rule]bool
}

func (m *merger) errorf(pos grammar.Pos, format string, args ...any) {
	m.errs = append(m.errs, &grammar.Error{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

// editionOf returns the edition a layer's files declare (the first).
func editionOf(files []*grammar.File) *grammar.Edition {
	for _, f := range files {
		if f.Edition != nil {
			return f.Edition
		}
	}
	return nil
}

// mergeLayers checks what each layer's edition declares about its base and
// merges them; a ruleset of one layer with no delta declarations is
// returned as it is.
func mergeLayers(layers []layer) ([]*grammar.File, *merger) {
	m := &merger{}
	for i := range layers {
		layers[i].edition = editionOf(layers[i].files)
		if e := layers[i].edition; i > 0 && e != nil {
			m.chain = append(m.chain, e.Name.Name)
		}
	}
	if len(layers) == 0 {
		return nil, m
	}
	for i, l := range layers {
		e := l.edition
		switch {
		case e == nil:
		case e.Extends != nil && i+1 == len(layers):
			m.errorf(e.Extends.Pos, "edition %s extends %s, whose rules are not found: put them in a directory %s beside this one (or in the one above)", e.Name.Name, e.Extends.Name, e.Extends.Name)
		case e.Extends == nil && i+1 < len(layers):
			m.errorf(e.Name.Pos, "edition %s is given a base but declares none: write extends BASE", e.Name.Name)
		case e.Extends != nil && layers[i+1].edition != nil && layers[i+1].edition.Name.Name != e.Extends.Name:
			m.errorf(e.Extends.Pos, "edition %s extends %s, but its base declares edition %s", e.Name.Name, e.Extends.Name, layers[i+1].edition.Name.Name)
		}
		if e == nil || e.Extends == nil {
			for _, f := range l.files {
				for _, d := range f.Decls {
					switch d.(type) {
					case *grammar.OverrideDecl, *grammar.RemoveDecl, *grammar.AddDecl, *grammar.RenumberDecl, *grammar.ReciteDecl:
						m.errorf(d.Position(), "%s changes a base edition: the edition must declare one (edition NAME \"TITLE\" extends BASE)", strings.Fields(grammar.FormatNode(d))[0])
					}
				}
			}
		}
	}
	if len(m.errs) > 0 || len(layers) == 1 {
		return layers[0].files, m
	}
	return m.merge(layers), m
}

// merge applies layers[0] over layers[1] over ... and returns one tree.
func (m *merger) merge(layers []layer) []*grammar.File {
	m.inherited, m.renumber = map[string]string{}, map[string]map[string]string{}
	files := layers[len(layers)-1].files
	for i := len(layers) - 2; i >= 0; i-- {
		under := layers[i+1].edition
		for _, f := range files {
			if _, ok := m.inherited[f.Path]; !ok && under != nil {
				m.inherited[f.Path] = under.Name.Name
			}
			f.Edition = nil
		}
		if layers[i].edition != nil {
			m.edition = layers[i].edition.Name.Name
		}
		from := len(m.changes)
		files = m.apply(files, layers[i])
		for j := from; j < len(m.changes); j++ {
			m.changes[j].Edition = m.edition
		}
	}
	return files
}

// section is a renumbering of a rule and every rule under it.
type section struct{ key, from, to string }

// apply applies one edition's changes to the tree of its base.
func (m *merger) apply(base []*grammar.File, ed layer) []*grammar.File {
	// Renumber first: the edition names the base's clauses by its own
	// numbers. A pair "R*" = "S*" renumbers a section: R and every rule
	// under it (R.1, Ra...) become S and the same below it; a pair for
	// one rule wins over a section, a longer section over a shorter.
	table := map[string]grammar.Rule{}
	var sections []section
	used := map[string]bool{}
	for _, f := range ed.files {
		for _, d := range f.Decls {
			r, ok := d.(*grammar.RenumberDecl)
			if !ok {
				continue
			}
			for _, p := range r.Pairs {
				if prev, dup := table[p.From.Number]; dup {
					m.errorf(p.From.Pos, "rule %s is already renumbered at %s", p.From.Number, prev.Pos)
					continue
				}
				from, isSec := strings.CutSuffix(p.From.Number, "*")
				to, toSec := strings.CutSuffix(p.To.Number, "*")
				switch {
				case isSec != toSec:
					m.errorf(p.To.Pos, "renumber %q = %q: a section (\"R*\") renumbers into a section, a rule into a rule", p.From.Number, p.To.Number)
					continue
				case isSec && (from == "" || to == ""):
					m.errorf(p.From.Pos, "renumber %q = %q: a section needs a rule number before its *", p.From.Number, p.To.Number)
					continue
				case isSec:
					sections = append(sections, section{key: p.From.Number, from: from, to: to})
				}
				table[p.From.Number] = p.To
			}
		}
	}
	// Longest first, so that the most specific section wins.
	sort.SliceStable(sections, func(i, j int) bool { return len(sections[i].from) > len(sections[j].from) })
	renumber := func(n string) (string, bool) {
		if to, ok := table[n]; ok { // a cited number has no *: never a section's key
			used[n] = true
			return to.Number, true
		}
		for _, sec := range sections {
			if rest, ok := strings.CutPrefix(n, sec.from); ok && (rest == "" || rest[0] == '.' || rest[0] >= 'a' && rest[0] <= 'z') {
				used[sec.key] = true
				return sec.to + rest, true
			}
		}
		return "", false
	}
	for _, f := range base {
		grammar.Inspect(f, func(n grammar.Node) bool {
			if r, ok := n.(*grammar.Rule); ok {
				if to, ok := renumber(r.Number); ok {
					if m.renumber[m.edition] == nil {
						m.renumber[m.edition] = map[string]string{}
					}
					m.renumber[m.edition][r.Number] = to
					r.Number = to
					if m.moved == nil {
						m.moved = map[*grammar.Rule]bool{}
					}
					m.moved[r] = true
				}
			}
			return true
		})
	}
	var cited []string
	for _, f := range base {
		grammar.Inspect(f, func(n grammar.Node) bool {
			if r, ok := n.(*grammar.Rule); ok {
				cited = append(cited, r.Number)
			}
			return true
		})
	}
	for from, to := range table {
		if !used[from] {
			m.errorf(to.Pos, "renumber %q: the base cites no rule %s%s", from, from, didYouMean(closest(from, cited, 1)))
		}
	}

	index := slots(base)
	var adds []*grammar.AddDecl
	var own []*grammar.File
	for _, f := range ed.files {
		kept := f.Decls[:0:0]
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *grammar.RenumberDecl:
			case *grammar.OverrideDecl:
				m.override(index, d)
			case *grammar.RemoveDecl:
				m.remove(index, d)
			case *grammar.ReciteDecl:
				m.recite(index, d)
			case *grammar.AddDecl:
				adds = append(adds, d)
			default:
				kept = append(kept, d)
			}
		}
		g := *f
		g.Decls = kept
		own = append(own, &g)
	}
	compact(base)
	index = slots(base)
	for _, d := range adds {
		m.add(index, d)
		index = slots(base)
	}
	return append(base, own...)
}

// find returns the one slot of the base with identity id (in step in, if
// given), reporting at pos when there is none or more than one.
func (m *merger) find(index map[clauseID][]*slot, id clauseID, in *grammar.Ident, pos grammar.Pos, op string) *slot {
	var found []*slot
	for _, s := range index[id] {
		if in == nil || s.step == in.Name {
			found = append(found, s)
		}
	}
	if len(found) > 1 {
		// The base's own clause of that number, if the others were
		// renumbered into it.
		var own []*slot
		for _, s := range found {
			if rs := ruleList(s.node()); rs == nil || len(*rs) == 0 || !m.moved[&(*rs)[0]] {
				own = append(own, s)
			}
		}
		if len(own) == 1 {
			found = own
		}
	}
	switch {
	case len(found) == 1:
		return found[0]
	case len(found) > 1:
		var steps []string
		for _, s := range found {
			steps = append(steps, s.step)
		}
		m.errorf(pos, "%s %s: the base has it in %s: say which with `in STEP`", op, id, strings.Join(steps, " and "))
		return nil
	}
	where := ""
	if in != nil {
		where = " in " + in.Name
	}
	var names []string
	for other := range index {
		if other.kind == id.kind {
			names = append(names, other.String())
		}
	}
	sort.Strings(names)
	m.errorf(pos, "%s %s: the base has no %s %s%s%s", op, id, id.kind, strings.TrimPrefix(id.String(), id.kind+" "), where, didYouMean(closest(id.String(), names, 2)))
	return nil
}

// claim finds the clause a change names and marks it changed: a clause is
// overridden, recited or removed once.
func (m *merger) claim(index map[clauseID][]*slot, id clauseID, in *grammar.Ident, pos grammar.Pos, op string) *slot {
	s := m.find(index, id, in, pos, op)
	if s == nil {
		return nil
	}
	if s.done != nil {
		m.errorf(pos, "%s is already changed at %s", id, *s.done)
		return nil
	}
	s.done = &pos
	return s
}

func (m *merger) override(index map[clauseID][]*slot, d *grammar.OverrideDecl) {
	id, ok := identity(d.Decl)
	if !ok {
		m.errorf(d.Pos, "override takes a clause of the base")
		return
	}
	s := m.claim(index, id, d.In, d.Pos, "override")
	if s == nil {
		return
	}
	old := s.node()
	s.set(d.Decl)
	m.changes = append(m.changes, Change{Op: "override", Identity: id.String(), Pos: d.Pos, Rules: clauseRules(d.Decl), Old: old, New: d.Decl})
}

// refID is the identity a change names.
func refID(r grammar.ClauseRef) clauseID {
	id := clauseID{kind: r.Kind.Name}
	if r.Name != nil {
		id.name = r.Name.Name
	}
	if r.Rule != nil {
		id.rule = r.Rule.Number
	}
	return id
}

func (m *merger) recite(index map[clauseID][]*slot, d *grammar.ReciteDecl) {
	id := refID(d.ClauseRef)
	s := m.claim(index, id, d.In, d.Pos, "recite")
	if s == nil {
		return
	}
	old := clauseRules(s.node())
	if !setRules(s.node(), d.Rules) {
		m.errorf(d.Pos, "recite %s: a %s cites no rules of its own", id, id.kind)
		return
	}
	// A keyword's parts (its kind, redundant) cite the rules the keyword
	// now does: an older edition states a keyword in one rule.
	if k, ok := s.node().(*grammar.KeywordDecl); ok {
		if k.Kind != nil && len(k.Kind.Rules) > 0 {
			k.Kind.Rules = slices.Clone(d.Rules)
		}
		if k.Redundant != nil && len(k.Redundant.Rules) > 0 {
			k.Redundant.Rules = slices.Clone(d.Rules)
		}
	}
	m.changes = append(m.changes, Change{Op: "recite", Identity: id.String() + " (was " + strings.Join(old, " ") + ")", Pos: d.Pos, Rules: clauseRules(s.node()), New: s.node()})
}

// setRules gives a clause another list of rules.
func setRules(n grammar.Node, rs []grammar.Rule) bool {
	l := ruleList(n)
	if l == nil {
		return false
	}
	*l = rs
	return true
}

func (m *merger) remove(index map[clauseID][]*slot, d *grammar.RemoveDecl) {
	id := refID(d.ClauseRef)
	// A declaration the base has more than once (two predicates of a kind
	// citing one rule) is removed everywhere: the edition then writes what
	// it keeps.
	if all := index[id]; len(all) > 1 && d.In == nil && all[0].decls != nil {
		for _, s := range all {
			m.changes = append(m.changes, Change{Op: "remove", Identity: id.String(), Pos: d.Pos, Rules: clauseRules(s.node()), Old: s.node()})
			s.set(nil)
			pos := d.Pos
			s.done = &pos
		}
		return
	}
	s := m.claim(index, id, d.In, d.Pos, "remove")
	if s == nil {
		return
	}
	old := s.node()
	s.set(nil)
	m.changes = append(m.changes, Change{Op: "remove", Identity: id.String(), Pos: d.Pos, Rules: clauseRules(old), Old: old})
}

// compact drops the removed (nil) declarations and clauses.
func compact(files []*grammar.File) {
	var items func(cs []grammar.Clause) []grammar.Clause
	items = func(cs []grammar.Clause) []grammar.Clause {
		out := cs[:0]
		for _, c := range cs {
			if c == nil {
				continue
			}
			if st, ok := c.(*grammar.StepDecl); ok {
				st.Clauses = items(st.Clauses)
			}
			out = append(out, c)
		}
		return out
	}
	for _, f := range files {
		out := f.Decls[:0]
		for _, d := range f.Decls {
			if d == nil {
				continue
			}
			switch d := d.(type) {
			case *grammar.PhaseDecl:
				d.Items = items(d.Items)
			case *grammar.EveryDecl:
				d.Items = items(d.Items)
			}
			out = append(out, d)
		}
		f.Decls = out
	}
}

func (m *merger) add(index map[clauseID][]*slot, d *grammar.AddDecl) {
	if d.Step != nil {
		s := m.find(index, clauseID{"step", d.Anchor.Name, ""}, nil, d.Anchor.Pos, "add "+d.Where)
		if s == nil || s.items == nil {
			return
		}
		at := s.i
		if d.Where == "after" {
			at++
		}
		insert(s.items, at, d.Step)
		m.changes = append(m.changes, Change{Op: "add", Identity: fmt.Sprintf("step %s %s %s", d.Step.Name.Name, d.Where, d.Anchor.Name), Pos: d.Pos, Rules: clauseRules(d.Step), New: d.Step})
		return
	}
	id, _ := identity(d.Clause)
	var step *grammar.StepDecl
	for _, s := range index[clauseID{"step", d.In.Name, ""}] {
		step, _ = s.node().(*grammar.StepDecl)
	}
	var items *[]grammar.Clause
	if step != nil {
		items = &step.Clauses
	} else {
		for _, s := range index[clauseID{"phase", d.In.Name, ""}] {
			if ph, ok := s.node().(*grammar.PhaseDecl); ok {
				items = &ph.Items
			}
		}
	}
	if items == nil {
		m.find(index, clauseID{"step", d.In.Name, ""}, nil, d.In.Pos, "add "+id.String()+" in")
		return
	}
	at := len(*items)
	switch d.Where {
	case "first":
		at = 0
	case "after", "before":
		at = -1
		for i, c := range *items {
			if cid, ok := identity(c); ok && cid.rule == d.AnchorRule.Number {
				at = i
				if d.Where == "after" {
					at++
				}
				break
			}
		}
		if at < 0 {
			m.errorf(d.AnchorRule.Pos, "add %s %s %q: %s has no clause citing %s first", id, d.Where, d.AnchorRule.Number, d.In.Name, d.AnchorRule.Number)
			return
		}
	}
	insert(items, at, d.Clause)
	m.changes = append(m.changes, Change{Op: "add", Identity: fmt.Sprintf("%s in %s", id, d.In.Name), Pos: d.Pos, Rules: clauseRules(d.Clause), New: d.Clause})
}

func insert(items *[]grammar.Clause, at int, c grammar.Clause) {
	*items = append(*items, nil)
	copy((*items)[at+1:], (*items)[at:])
	(*items)[at] = c
}

// Identity is how an edition's delta names a clause of its base: `step
// untap`, `action "502.2"`, `predicate cant_block "702.9b"` (false for a
// node that is not a clause).
func Identity(n grammar.Node) (string, bool) {
	id, ok := identity(n)
	return id.String(), ok
}
