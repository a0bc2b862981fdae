package compiler

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/mtgc-dev/mtgc/grammar"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

type checker struct {
	files   []*grammar.File
	indexes map[string][]byte
	index   *Index
	errs    grammar.ErrorList
	p       *Program
	cards   []Card // the cards and tokens the files declare (create_token names one)

	phases    map[string]*grammar.PhaseDecl
	steps     map[string]grammar.Pos
	keywords  map[string]int
	types     map[string]*CardType
	kinds     map[string]*Kind       // the vocabulary's query kinds and the declared card types
	defined   map[string]grammar.Pos // rule numbers that name a definition
	timings   map[string]grammar.Pos
	mechs     map[string]grammar.Pos
	segs      map[string][2]int // see segments
	stackObjs map[string]*StackObject
	effects   map[string]*StackObject
	events    map[string]*TriggerEvent
	// inherited maps the files of base editions to their edition.
	inherited map[string]string
	// predCalls are the value predicates called by name, and those given
	// to verbs that must be declared (see predCallsDeclared).
	predCalls []predCall
}

// predCall is a use of a predicate kind: In is the kind of the predicate
// it is in ("" outside predicates); Arg the verb it is an argument of.
type predCall struct {
	In   string
	Kind *PredKind
	Pos  grammar.Pos
	Arg  string
}

func newChecker(files []*grammar.File, indexes map[string][]byte) *checker {
	return &checker{
		files: files, indexes: indexes, p: &Program{Files: files},
		phases: map[string]*grammar.PhaseDecl{}, steps: map[string]grammar.Pos{},
		keywords: map[string]int{}, types: map[string]*CardType{}, kinds: copyKinds(), defined: map[string]grammar.Pos{}, timings: map[string]grammar.Pos{},
		mechs:     map[string]grammar.Pos{},
		stackObjs: map[string]*StackObject{},
		effects:   map[string]*StackObject{},
		events:    map[string]*TriggerEvent{},
	}
}

func (c *checker) errorf(pos grammar.Pos, format string, args ...any) {
	c.errs = append(c.errs, &grammar.Error{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

var nameRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
var ruleRE = regexp.MustCompile(`^[0-9]{3}(\.[0-9]+[a-z]?)?$`)

func (c *checker) check() *Program {
	c.edition()
	if c.index == nil {
		return c.p
	}
	// Declarations that others refer to come first: keywords and phases.
	var turns []*grammar.TurnDecl
	for _, f := range c.files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *grammar.KeywordDecl:
				c.keyword(d)
			case *grammar.CardTypeDecl:
				c.cardType(d)
			case *grammar.CounterDecl:
				c.counter(d)
			case *grammar.KindDecl:
				c.kindDecl(d)
			case *grammar.LandManaDecl:
				c.landMana(d)
			case *grammar.StateDecl:
				c.state(d)
			case *grammar.CharacteristicDecl:
				c.derivedSig(d)
			case *grammar.PhaseDecl:
				c.name(d.Name, "phase")
				if prev, ok := c.phases[d.Name.Name]; ok {
					c.errorf(d.Name.Pos, "phase %s already declared at %s", d.Name.Name, prev.Pos)
					continue
				}
				c.phases[d.Name.Name] = d
			case *grammar.TurnDecl:
				turns = append(turns, d)
			case *grammar.StackObjectDecl:
				c.stackSig(d)
			case *grammar.TriggerEventDecl:
				c.eventSig(d)
			}
		}
	}
	var players []*grammar.PlayerDecl
	var everySteps, everyPhases []*grammar.EveryDecl
	for _, f := range c.files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *grammar.PlayerDecl:
				players = append(players, d)
			case *grammar.EveryDecl:
				switch d.Kind.Name {
				case "step":
					everySteps = append(everySteps, d)
				case "phase":
					everyPhases = append(everyPhases, d)
				default:
					c.errorf(d.Kind.Pos, "every %s: want \"every step\" or \"every phase\"", d.Kind.Name)
				}
			case *grammar.SbaDecl:
				c.sba(d)
			case *grammar.PredicateDecl:
				c.predicate(d)
			case *grammar.TimingDecl:
				c.timing(d)
			case *grammar.MechanismDecl:
				c.mechanism(d)
			case *grammar.StackObjectDecl:
				c.stackBody(d)
			case *grammar.TriggerEventDecl:
				c.eventBody(d)
			case *grammar.DamageDecl:
				c.damage(d)
			case *grammar.EventDecl:
				c.onEvent(d)
			case *grammar.ReplaceDecl:
				c.replacement(d)
			case *grammar.CharacteristicDecl:
				c.characteristic(d)
			}
		}
	}
	// A triggered keyword names a trigger event and an effect: checked
	// once their parameters are.
	for _, f := range c.files {
		for _, d := range f.Decls {
			if d, ok := d.(*grammar.KeywordDecl); ok {
				c.keywordKind(d)
			}
		}
	}
	c.players(players)
	c.turn(turns)
	c.p.EveryStep = c.every(everySteps, "step")
	c.p.EveryPhase = c.every(everyPhases, "phase")
	c.characteristics()
	c.sbaCharacteristicReads()
	c.combatPredicates()
	c.predCallsDeclared()
	c.mechanismsCited()
	c.chosenDeclared()
	c.damageHooks()
	c.watchesOwn()
	return c.p
}

// watchesOwn marks the watches whose match reads nothing but their
// variable's own state, holds(KIND, v) of a kind whose predicates all do
// so too: the runtime may match them for a changed object alone.
func (c *checker) watchesOwn() {
	own := map[*PredKind]bool{}
	for _, p := range c.p.Predicates {
		if o, seen := own[p.Pred]; !seen || o {
			own[p.Pred] = p.Own
		}
	}
	for _, w := range c.p.Watches {
		w.Own = w.Var.T == Object && ownOf(w.Match, w.Var, own)
	}
}

// ownOf is ownExpr, with holds(KIND, x) own when every predicate of the
// kind is (own; a kind with none holds for nothing).
func ownOf(e Expr, x *Var, own map[*PredKind]bool) bool {
	switch e := e.(type) {
	case *Holds:
		v, ok := e.X.(*VarRef)
		o, seen := own[e.Pred]
		return ok && v.Var == x && e.Y == nil && (o || !seen)
	case *Paren:
		return ownOf(e.X, x, own)
	case *Unary:
		return ownOf(e.X, x, own)
	case *Binary:
		return ownOf(e.X, x, own) && ownOf(e.Y, x, own)
	case *CondExpr:
		return ownOf(e.Cond, x, own) && ownOf(e.Then, x, own) && ownOf(e.Else, x, own)
	}
	return ownExpr(e, x)
}

// predCallsDeclared refuses a value predicate called by name (or given to
// a verb that reads its value) that the rules do not declare, and one a
// predicate reads that reads another itself or is its own kind: one level
// only, so no predicate's value loops.
func (c *checker) predCallsDeclared() {
	have := map[string]bool{}
	for _, p := range c.p.Predicates {
		have[p.Kind] = true
	}
	reads := map[string]bool{} // kinds whose predicates read a value predicate
	for _, pc := range c.predCalls {
		if pc.In != "" {
			reads[pc.In] = true
		}
	}
	for _, pc := range c.predCalls {
		name := pc.Kind.String()
		what := name + "(...)"
		if pc.Arg != "" {
			what = pc.Arg + " " + name
		}
		switch {
		case !have[name]:
			c.errorf(pc.Pos, "%s reads the predicate %s, which the rules do not declare: the rules must say %s", what, name, pc.Kind.Doc)
		case pc.In == name:
			c.errorf(pc.Pos, "%s can't be read in %s, which defines it", name, pc.In)
		case pc.In != "" && reads[name]:
			c.errorf(pc.Pos, "%s can't be read in %s: %s reads a predicate itself, and a predicate another reads may read none", name, pc.In, name)
		}
	}
}

// combatPredicates requires defender_of of a ruleset whose permanents
// can be attacked (what the verbs need is their predicate kind arguments',
// PredArg.Declared).
func (c *checker) combatPredicates() {
	var attackable *Predicate
	defender := false
	for _, p := range c.p.Predicates {
		switch p.Kind {
		case "can_attack_permanent":
			if attackable == nil {
				attackable = p
			}
		case "defender_of":
			defender = true
		}
	}
	if attackable != nil && !defender {
		c.errorf(attackable.Pos, "can_attack_permanent needs the predicate defender_of: the rules must say which player defends a permanent that is attacked")
	}
}

func (c *checker) edition() {
	var first *grammar.Edition
	for _, f := range c.files {
		e := f.Edition
		if e == nil {
			continue
		}
		if first == nil {
			first = e
			continue
		}
		if e.Name.Name != first.Name.Name {
			c.errorf(e.Name.Pos, "edition %s differs from edition %s declared at %s", e.Name.Name, first.Name.Name, first.Pos)
		}
	}
	if first == nil {
		c.errorf(grammar.Pos{File: c.files[0].Path, Line: 1, Col: 1}, "no edition declared")
		return
	}
	c.p.Edition, c.p.Title = first.Name.Name, first.Title
	data, ok := c.indexes[first.Name.Name]
	if !ok {
		c.errorf(first.Name.Pos, "no rule index for edition %s: put %s.tsv next to the .mtg files", first.Name.Name, first.Name.Name)
		return
	}
	idx, err := ReadIndex(first.Name.Name+".tsv", strings.NewReader(string(data)))
	if err != nil {
		c.errorf(first.Name.Pos, "%v", err)
		return
	}
	idx.Edition = first.Name.Name
	c.index, c.p.Index, c.p.IndexData = idx, idx, string(data)
}

func (c *checker) name(id grammar.Ident, what string) bool {
	if !nameRE.MatchString(id.Name) {
		c.errorf(id.Pos, "%s name %q is not an identifier", what, id.Name)
		return false
	}
	return true
}

// rules checks cited rule numbers against the index and records them.
func (c *checker) rules(rs []grammar.Rule, what string, define bool) []string {
	var out []string
	for i, r := range rs {
		if !ruleRE.MatchString(r.Number) {
			c.errorf(r.Pos, "%q is not a rule number (want e.g. \"502.1\" or \"704.5g\")", r.Number)
			continue
		}
		if !c.index.Has(r.Number) {
			if base, ok := c.inherited[r.Pos.File]; ok {
				c.errorf(r.Pos, "rule %s, cited by %s, is not in the %s index: renumber it (renumber { %q = \"...\" }), or override or remove the clause%s", r.Number, base, c.index.Edition, r.Number, didYouMean(c.index.Suggest(r.Number)))
				continue
			}
			c.errorf(r.Pos, "rule %s is not in the %s index%s; the index is %s: if the rule exists in this edition, add its row (date, number, short title, tab-separated)", r.Number, c.index.Edition, didYouMean(c.index.Suggest(r.Number)), indexPath(r.Pos.File, c.index.Edition))
			continue
		}
		if define && i == 0 {
			if prev, ok := c.defined[r.Number]; ok {
				c.errorf(r.Pos, "rule %s is already defined at %s", r.Number, prev)
			} else {
				c.defined[r.Number] = r.Pos
			}
		}
		out = append(out, r.Number)
		c.p.Cites = append(c.p.Cites, Cite{Rule: r.Number, Pos: r.Pos, What: what})
	}
	return out
}

func (c *checker) needRules(pos grammar.Pos, rs []string, n int, what string) {
	if n == 0 && len(rs) == 0 {
		c.errorf(pos, "%s needs a rule number", what)
	}
}

func (c *checker) keyword(d *grammar.KeywordDecl) {
	if !c.name(d.Name, "keyword") {
		return
	}
	if _, dup := c.keywords[d.Name.Name]; dup {
		c.errorf(d.Name.Pos, "keyword %s already declared", d.Name.Name)
		return
	}
	if len(c.p.Keywords) == 64 {
		c.errorf(d.Name.Pos, "too many keywords (at most 64)")
		return
	}
	c.keywords[d.Name.Name] = len(c.p.Keywords)
	k := &Keyword{Name: d.Name.Name, Rules: c.rules(d.Rules, "keyword", true), Pos: d.Pos, CitePos: firstPos(d.Rules, d.Pos)}
	if d.Prevents != nil {
		if !preventable[d.Prevents.Name] {
			c.errorf(d.Prevents.Pos, "%s cannot be prevented (want one of %s)", d.Prevents.Name, strings.Join(keys(preventable), ", "))
		}
		k.Prevents = d.Prevents.Name
		k.PreventRules = c.rules(d.PreventRules, "prevents", false)
		c.needRules(d.Prevents.Pos, k.PreventRules, len(d.PreventRules), "prevents")
	}
	if d.Redundant != nil {
		k.Redundant, k.RedundantPos = true, firstPos(d.Redundant.Rules, d.Redundant.Pos)
		k.RedundantRules = c.rules(d.Redundant.Rules, "redundant", false)
	}
	for i, pr := range d.Params {
		switch {
		case pr.Target || pr.Where != nil:
			c.errorf(pr.Type.Pos, "keyword %s: a keyword's parameter is its instances' number, not a target (an effect's parameter may be: target object t where ...)", d.Name.Name)
		case i > 0:
			c.errorf(pr.Type.Pos, "keyword %s: at most one parameter (its instances' number)", d.Name.Name)
		case pr.Type.Name != "int":
			c.errorf(pr.Type.Pos, "keyword %s: a keyword's parameter is a number: (int %s), not %s", d.Name.Name, pr.Name.Name, pr.Type.Name)
		default:
			k.Param = pr.Name.Name
		}
	}
	if k.Param != "" && d.Redundant != nil {
		c.errorf(d.Redundant.Pos, "keyword %s has a parameter: its instances differ by their number, so more of them can't be redundant", d.Name.Name)
	}
	c.p.Keywords = append(c.p.Keywords, k)
}

// keywordKind checks what kind of ability a keyword says it is: a
// triggered one names a trigger event (with its argument) and an effect
// that takes only numbers, as a card's ability does.
func (c *checker) keywordKind(d *grammar.KeywordDecl) {
	i, ok := c.keywords[d.Name.Name]
	if !ok || d.Kind == nil || c.p.Keywords[i].Pos != d.Pos {
		return
	}
	k, kd := c.p.Keywords[i], d.Kind
	k.Kind, k.KindPos = "static", firstPos(kd.Rules, kd.Pos)
	if kd.Triggered {
		k.Kind = "triggered"
	}
	k.KindRules = c.rules(kd.Rules, k.Kind, false)
	if !kd.Triggered {
		return
	}
	k.Trigger.Label = k.Name
	te, ok := c.events[kd.Event.Name]
	if !ok {
		c.errorf(kd.Event.Pos, "unknown trigger event %s%s", kd.Event.Name, didYouMean(closest(kd.Event.Name, keys(c.events), 2)))
		return
	}
	k.Trigger.Event = rt.EventID(te.Index + 1)
	c.keywordEventArg(k, kd, te)
	so, ok := c.effects[kd.Effect.Name]
	if !ok {
		c.errorf(kd.Effect.Pos, "unknown effect %s%s", kd.Effect.Name, didYouMean(closest(kd.Effect.Name, keys(c.effects), 2)))
		return
	}
	k.Trigger.Effect = int16(so.Index + 1)
	// Its targets are chosen as it is put on the stack: the ability gives
	// the other parameters, in order.
	var given []int
	for j := range so.Types {
		if !so.IsTarget(j) {
			given = append(given, j)
		}
	}
	if len(kd.Args) != len(given) {
		c.errorf(kd.Effect.Pos, "effect %s takes %d number(s), not %d", so.Name, len(given), len(kd.Args))
		return
	}
	for a, j := range given {
		t := so.Types[j]
		if t != Int {
			c.errorf(kd.Effect.Pos, "effect %s's parameter %d is %s, not int: a keyword's ability gives an effect only numbers", so.Name, j+1, t)
			return
		}
		if k.Param != "" && kd.Args[a] == k.Param {
			if k.ArgParam != 0 {
				c.errorf(kd.Effect.Pos, "effect %s: keyword %s's parameter %s given twice", so.Name, k.Name, k.Param)
				return
			}
			k.ArgParam = int8(j + 1) // each instance's number, as it triggers
			continue
		}
		n, err := strconv.ParseInt(kd.Args[a], 10, 32)
		if err != nil {
			what := "not a number of 32 bits"
			if kd.Args[a] != "" && (kd.Args[a][0] < '0' || kd.Args[a][0] > '9') && kd.Args[a][0] != '-' {
				what = "not a number"
				if k.Param != "" {
					what += fmt.Sprintf(" (the keyword's parameter is %s)", k.Param)
				} else {
					what += fmt.Sprintf(" (keyword %s declares no parameter: keyword %s (int n))", k.Name, k.Name)
				}
			}
			c.errorf(kd.Effect.Pos, "effect %s: %s is %s", so.Name, kd.Args[a], what)
			return
		}
		k.Trigger.Args[j] = int32(n)
	}
}

// firstPos is where the first of rs is cited, or def if there is none.
func firstPos(rs []grammar.Rule, def grammar.Pos) grammar.Pos {
	if len(rs) > 0 {
		return rs[0].Pos
	}
	return def
}

// keywordEventArg checks the argument a triggered keyword gives its event:
// a number, a keyword or a step or phase, as the event's parameter says.
func (c *checker) keywordEventArg(k *Keyword, kd *grammar.KeywordKind, te *TriggerEvent) {
	switch {
	case te.Param == 0 && (kd.Arg != nil || kd.ArgNum != nil):
		c.errorf(kd.Event.Pos, "trigger event %s takes no argument", te.Name)
	case te.Param == 'i':
		if kd.ArgNum == nil {
			c.errorf(kd.Event.Pos, "trigger event %s takes a number: on %s N", te.Name, te.Name)
			return
		}
		n, err := strconv.ParseInt(*kd.ArgNum, 10, 32)
		if err != nil {
			c.errorf(kd.Event.Pos, "trigger event %s: %s is not a number of 32 bits", te.Name, *kd.ArgNum)
			return
		}
		k.Trigger.Arg = int32(n)
	case te.Param == 'k':
		j, ok := -1, false
		if kd.Arg != nil {
			j, ok = c.keywords[kd.Arg.Name]
		}
		if !ok {
			c.errorf(kd.Event.Pos, "trigger event %s takes a keyword: on %s KEYWORD", te.Name, te.Name)
			return
		}
		k.Trigger.Arg = int32(j)
	case te.Param == 's':
		if kd.Arg == nil {
			c.errorf(kd.Event.Pos, "trigger event %s takes a step or phase: on %s STEP", te.Name, te.Name)
			return
		}
		if _, ok := c.segments()[kd.Arg.Name]; !ok {
			c.errorf(kd.Arg.Pos, "unknown step or phase %s%s", kd.Arg.Name, didYouMean(closest(kd.Arg.Name, keys(c.segments()), 2)))
			return
		}
		k.Trigger.Segment = kd.Arg.Name
	}
}

func (c *checker) players(ds []*grammar.PlayerDecl) {
	c.p.Defaults = Defaults{Life: 20, MaxHandSize: 7, LandPlays: 1, OpeningHand: 7}
	seen := map[string]grammar.Pos{}
	for _, d := range ds {
		for _, s := range d.Settings {
			if !settings[s.Name.Name] {
				c.errorf(s.Name.Pos, "unknown player setting %s%s", s.Name.Name, didYouMean(closest(s.Name.Name, keys(settings), 1)))
				continue
			}
			if prev, ok := seen[s.Name.Name]; ok {
				c.errorf(s.Name.Pos, "player setting %s already set at %s", s.Name.Name, prev)
				continue
			}
			seen[s.Name.Name] = s.Pos
			v, ok := constInt(s.Value)
			if !ok || v < 0 || v > 1<<20 {
				c.errorf(s.Value.Position(), "player setting %s wants a non-negative whole number", s.Name.Name)
				continue
			}
			switch s.Name.Name {
			case "life":
				c.p.Defaults.Life = v
			case "max_hand_size":
				c.p.Defaults.MaxHandSize = v
			case "land_plays":
				c.p.Defaults.LandPlays = v
			case "opening_hand":
				c.p.Defaults.OpeningHand = v
			}
		}
	}
}

func constInt(e grammar.Expr) (int64, bool) {
	switch e := e.(type) {
	case *grammar.IntLit:
		return e.Value, true
	case *grammar.ParenExpr:
		return constInt(e.X)
	case *grammar.Unary:
		if v, ok := constInt(e.X); ok && e.Op == "-" {
			return -v, true
		}
	}
	return 0, false
}

func (c *checker) turn(ts []*grammar.TurnDecl) {
	if len(ts) == 0 {
		pos := grammar.Pos{File: c.files[0].Path, Line: 1, Col: 1}
		c.errorf(pos, "no turn declaration: add turn \"500.1\" { order ... }")
		return
	}
	for _, t := range ts[1:] {
		c.errorf(t.Pos, "turn already declared at %s", ts[0].Pos)
	}
	t := ts[0]
	c.p.TurnRules = c.rules(t.Rules, "turn", true)
	c.needRules(t.Pos, c.p.TurnRules, len(t.Rules), "turn")
	if len(t.Order) == 0 {
		c.errorf(t.Pos, "turn has no order: list its phases, e.g. order beginning, precombat_main, ...")
	}
	listed := map[string]bool{}
	for _, id := range t.Order {
		d, ok := c.phases[id.Name]
		if !ok {
			c.errorf(id.Pos, "unknown phase %s%s", id.Name, didYouMean(closest(id.Name, keys(c.phases), 1)))
			continue
		}
		if listed[id.Name] {
			c.errorf(id.Pos, "phase %s listed twice in the turn order", id.Name)
			continue
		}
		listed[id.Name] = true
		c.p.Phases = append(c.p.Phases, c.phase(d))
	}
	for _, f := range c.files {
		for _, d := range f.Decls {
			if d, ok := d.(*grammar.PhaseDecl); ok && !listed[d.Name.Name] && c.phases[d.Name.Name] == d && len(t.Order) > 0 {
				c.errorf(d.Name.Pos, "phase %s is not in the turn order", d.Name.Name)
			}
		}
	}
	if t.ExtraMode != nil {
		c.p.ExtraRules = c.rules(t.ExtraRules, "extra_turns", true)
		switch t.ExtraMode.Name {
		case "newest_first":
			c.p.NewestFirst = true
		case "oldest_first":
		default:
			c.errorf(t.ExtraMode.Pos, "extra_turns wants newest_first or oldest_first, not %s", t.ExtraMode.Name)
		}
	}
}

func (c *checker) phase(d *grammar.PhaseDecl) *Phase {
	ph := &Phase{Name: d.Name.Name, Pos: d.Pos, Rules: c.rules(d.Rules, "phase", true)}
	c.needRules(d.Pos, ph.Rules, len(d.Rules), "phase")
	var own []grammar.Clause
	for _, it := range d.Items {
		switch it := it.(type) {
		case *grammar.StepDecl:
			ph.Steps = append(ph.Steps, c.step(it))
		case *grammar.OnEnd:
			if it.Begin {
				c.errorf(it.Pos, "on_begin is for every step and every phase: a phase's or step's own actions run as it begins")
				continue
			}
			ph.OnEnd = append(ph.OnEnd, c.block(it.Rules, it.Body, it.Pos, "on_end", false))
		case *grammar.Skip:
			if ph.Skip != nil {
				c.errorf(it.Pos, "phase %s already has a skip clause", ph.Name)
				continue
			}
			ph.Skip = c.cond(it.Rules, it.If, it.Pos, "skip")
		default:
			own = append(own, it)
		}
	}
	if len(ph.Steps) == 0 {
		ph.Implicit = true
		st := &Step{Name: ph.Name, Rules: ph.Rules, Pos: d.Pos}
		c.clauses(st, own)
		ph.Steps = []*Step{st}
	} else if len(own) > 0 {
		c.errorf(own[0].Position(), "phase %s has steps: put this clause in one of its steps", ph.Name)
	}
	return ph
}

func (c *checker) step(d *grammar.StepDecl) *Step {
	if c.name(d.Name, "step") {
		if prev, ok := c.steps[d.Name.Name]; ok {
			c.errorf(d.Name.Pos, "step %s already declared at %s", d.Name.Name, prev)
		} else if _, ok := c.phases[d.Name.Name]; ok {
			c.errorf(d.Name.Pos, "step %s has the name of a phase", d.Name.Name)
		}
		c.steps[d.Name.Name] = d.Pos
	}
	st := &Step{Name: d.Name.Name, Pos: d.Pos, Rules: c.rules(d.Rules, "step", true)}
	c.needRules(d.Pos, st.Rules, len(d.Rules), "step")
	c.clauses(st, d.Clauses)
	return st
}

func (c *checker) clauses(st *Step, cs []grammar.Clause) {
	for _, cl := range cs {
		switch cl := cl.(type) {
		case *grammar.Action:
			st.Actions = append(st.Actions, c.block(cl.Rules, cl.Body, cl.Pos, "action", true))
		case *grammar.Priority:
			if st.Priority != nil {
				c.errorf(cl.Pos, "step %s already gives priority at %s", st.Name, st.Priority.Pos)
				continue
			}
			code := c.cond(cl.Rules, nil, cl.Pos, "priority")
			code.Clause = c.exprClause(cl.Player, Player, "the player who receives priority")
			st.Priority = code
			if cl.If != nil {
				st.PriorityIf = &Code{Rules: code.Rules, Pos: cl.If.Position(), Clause: c.exprClause(cl.If, Bool, "a priority condition")}
			}
		case *grammar.NoPriority:
			if st.NoPriority != nil {
				c.errorf(cl.Pos, "step %s already says no_priority", st.Name)
				continue
			}
			st.NoPriority = &Code{Rules: c.rules(cl.Rules, "no_priority", false), Pos: cl.Pos}
		case *grammar.Skip:
			if st.Skip != nil {
				c.errorf(cl.Pos, "step %s already has a skip clause", st.Name)
				continue
			}
			st.Skip = c.cond(cl.Rules, cl.If, cl.Pos, "skip")
		case *grammar.Repeat:
			if st.Repeat != nil {
				c.errorf(cl.Pos, "step %s already has a repeat clause", st.Name)
				continue
			}
			st.Repeat = c.cond(cl.Rules, cl.If, cl.Pos, "repeat")
		case *grammar.Allow:
			code := &Code{Rules: c.rules(cl.Rules, "allow", false), Pos: cl.Pos}
			c.needRules(cl.Pos, code.Rules, len(cl.Rules), "allow")
			if cl.If != nil {
				// `player` is the player who would play the land or spell.
				r, sc := c.resolver("", "allow"), newScope()
				player := r.newVar("player", Player, sc)
				code.Clause = r.clause([]*Var{player}, nil, r.typed(cl.If, sc, Bool, "an allow condition"))
			}
			switch cl.What.Name {
			case "land":
				st.AllowLand = code
				if c.p.LandRule == "" && len(code.Rules) > 0 {
					c.p.LandRule = code.Rules[0]
				}
			case "sorcery":
				st.AllowSpell = code
				if c.p.SorceryRule == "" && len(code.Rules) > 0 {
					c.p.SorceryRule = code.Rules[0]
				}
			default:
				c.errorf(cl.What.Pos, "allow wants land or sorcery, not %s", cl.What.Name)
			}
		case *grammar.OnEnd:
			if cl.Begin {
				c.errorf(cl.Pos, "on_begin is for every step and every phase: a step's own actions run as it begins")
				continue
			}
			st.OnEnd = append(st.OnEnd, c.block(cl.Rules, cl.Body, cl.Pos, "on_end", false))
		case *grammar.StepDecl:
			c.errorf(cl.Pos, "a step cannot contain a step")
		}
	}
	if st.NoPriority != nil && st.Priority != nil && st.PriorityIf == nil {
		c.errorf(st.NoPriority.Pos, "step %s says no_priority but gives priority unconditionally at %s", st.Name, st.Priority.Pos)
	}
}

func (c *checker) every(ds []*grammar.EveryDecl, kind string) Every {
	var ev Every
	for _, d := range ds {
		for _, it := range d.Items {
			switch it := it.(type) {
			case *grammar.OnEnd:
				if it.Begin {
					ev.OnBegin = append(ev.OnBegin, c.block(it.Rules, it.Body, it.Pos, "on_begin", false))
					continue
				}
				ev.OnEnd = append(ev.OnEnd, c.block(it.Rules, it.Body, it.Pos, "on_end", false))
			case *grammar.Skip:
				if ev.Skip != nil {
					c.errorf(it.Pos, "every %s already has a skip clause", kind)
					continue
				}
				ev.Skip = c.cond(it.Rules, it.If, it.Pos, "skip")
			default:
				c.errorf(it.Position(), "every %s allows only on_end and skip clauses", kind)
			}
		}
	}
	return ev
}

// cond checks a clause made of rules and an optional condition.
func (c *checker) cond(rs []grammar.Rule, cond grammar.Expr, pos grammar.Pos, what string) *Code {
	code := &Code{Rules: c.rules(rs, what, false), Pos: pos}
	c.needRules(pos, code.Rules, len(rs), what)
	if cond != nil {
		code.Clause = c.exprClause(cond, Bool, "a "+what+" condition")
	}
	return code
}

// exprClause checks a clause that is one expression of type want.
func (c *checker) exprClause(e grammar.Expr, want Type, what string) Clause {
	r := c.resolver("", "")
	return r.clause(nil, nil, r.typed(e, newScope(), want, what))
}

// block checks a block of statements; in an action (or a mechanism's
// procedure that may ask) a choice may be the first statement, elsewhere
// choices are not allowed. An action's first rule is the one it defines;
// a mechanism's rules are what its events cite (several of an older
// edition's mechanisms cite one rule: 408.1c says who receives priority
// after a pass, an action and a resolution).
func (c *checker) block(rs []grammar.Rule, b *grammar.Block, pos grammar.Pos, what string, action bool) *Code {
	from := len(c.p.Cites)
	code := &Code{Rules: c.rules(rs, what, what == "action"), Pos: pos}
	if v, mixed := procedureOf(b); v != "" {
		for i := from; i < len(c.p.Cites); i++ {
			c.p.Cites[i].Procedure, c.p.Cites[i].Mixed = v, mixed
		}
	}
	c.needRules(pos, code.Rules, len(rs), what)
	rule := ""
	if len(code.Rules) > 0 {
		rule = code.Rules[0]
	}
	r := c.resolver(rule, what)
	r.choiceFirst = action
	stmts := r.block(b, newScope())
	code.Clause = r.clause(nil, stmts, nil)
	return code
}

// sba checks a state-based action, or a watch (d.Watch): the same one
// query, matched after every change to the game, and over a combat list
// too (a watch of the creatures in combat).
func (c *checker) sba(d *grammar.SbaDecl) {
	what, a := "sba", "an sba"
	if d.Watch {
		what, a = "watch", "a watch"
	}
	// A watch's rules are what it applies, as a predicate's are: it
	// defines none (the clause that does may be elsewhere).
	s := &SBA{Rules: c.rules(d.Rules, what, !d.Watch), Pos: d.Pos, Watch: d.Watch}
	c.needRules(d.Pos, s.Rules, len(d.Rules), what)
	if len(d.Body.Stmts) != 1 {
		c.errorf(d.Pos, "%s is one query: for each KIND v where CONDITION { ... }", a)
		return
	}
	f, ok := d.Body.Stmts[0].(*grammar.ForStmt)
	if !ok {
		c.errorf(d.Body.Stmts[0].Position(), "%s is one query: for each KIND v where CONDITION { ... }", a)
		return
	}
	k, ok := c.kinds[f.Kind.Name]
	if !ok {
		c.errorf(f.Kind.Pos, "unknown kind %s%s", f.Kind.Name, didYouMean(closest(f.Kind.Name, keys(c.kinds), 1)))
		return
	}
	if k.Over == rt.OverPlayersAPNAP {
		c.errorf(f.Kind.Pos, "%s can't range over %s: every player is matched against one state, in no order (use player)", a, f.Kind.Name)
		return
	}
	if d.Watch && k.OnlyIn != "" {
		c.errorf(f.Kind.Pos, "a watch can't range over %s: it exists only while a %s predicate is checked", f.Kind.Name, k.OnlyIn)
		return
	}
	if k.Combat && !d.Watch {
		c.errorf(f.Kind.Pos, "an sba can't range over %s: it is a combat list, not a part of the game state the check looks at (use creature and x.attacking, x.blocking)", f.Kind.Name)
		return
	}
	if f.Where == nil {
		c.errorf(f.Pos, "%s needs a where condition", a)
		return
	}
	s.Kind = k
	r, sc := c.resolver(first(s.Rules), what), newScope()
	s.Var = r.newVar(f.Var.Name, k.Var(), sc)
	if !c.name(f.Var, "variable") {
		return
	}
	s.Match = r.typed(f.Where, sc, Bool, a+" condition")
	s.TokensOnly = k.Over == rt.OverAnything && tokenOrCopy(s.Match, s.Var)
	if k.Over == rt.OverPermanents && !d.Watch {
		s.Features = sbaFeatures(s.Match, s.Var)
	}
	// The first test of an "and" chain guards the call to the match
	// function in the fused check: most objects fail it at once.
	if b, ok := s.Match.(*Binary); ok && b.Op == OpAnd {
		s.Guard = leftmostAnd(s.Match)
	}
	s.Do = r.block(f.Body, sc)
	s.Slots = r.slots
	if d.Watch {
		s.index = len(c.p.Watches)
		c.p.Watches = append(c.p.Watches, s)
		return
	}
	s.Reads = sbaReads(s)
	if r.position || r.reads&ReadsPosition != 0 {
		c.p.SBAsReadPosition = true
	}
	if r.reads&ReadsTapped != 0 {
		c.p.SBAsReadTapped = true
	}
	if r.reads&ReadsMana != 0 {
		c.p.SBAsReadMana = true
	}
	if len(c.p.SBAs) == rt.MaxSBAs {
		c.errorf(d.Pos, "too many state-based actions (at most %d)", rt.MaxSBAs)
		return
	}
	c.p.SBAs = append(c.p.SBAs, s)
}

func quote(s string) string { return strconv.Quote(s) }

func (c *checker) predicate(d *grammar.PredicateDecl) {
	k := c.p.Kind(d.Kind.Name)
	if k == nil {
		params := make([]string, len(d.Params))
		for i, id := range d.Params {
			params[i] = "object " + id.Name
		}
		c.errorf(d.Kind.Pos, "unknown predicate %s: the rules declare no kind %s (kind %s (%s) \"WHAT IT MEANS\")%s", d.Kind.Name, d.Kind.Name, d.Kind.Name, strings.Join(params, ", "), didYouMean(closest(d.Kind.Name, c.p.kindNames(), 1)))
		return
	}
	p := &Predicate{Kind: d.Kind.Name, Const: k.Const(), Pred: k, Rules: c.rules(d.Rules, "predicate", false), Pos: d.Pos, Decl: d}
	c.needRules(d.Pos, p.Rules, len(d.Rules), "predicate")
	if len(d.Params) != k.Arity() {
		c.errorf(d.Kind.Pos, "predicate %s takes %d parameter(s) (%s), not %d", d.Kind.Name, k.Arity(), predParams(k), len(d.Params))
		return
	}
	sc := newScope()
	r := c.resolver(first(p.Rules), "predicate")
	r.pred = d.Kind.Name
	for i, id := range d.Params {
		t := Object
		if k.PlayerParam(i) {
			t = Player
		}
		p.Params = append(p.Params, r.declare(id, t, sc))
	}
	switch {
	case k.IsValue() && !d.Value:
		c.errorf(d.Kind.Pos, "predicate %s is a value: write = EXPR, not if", d.Kind.Name)
	case !k.IsValue() && d.Value:
		c.errorf(d.Kind.Pos, "predicate %s is a condition: write if CONDITION, not =", d.Kind.Name)
	case k.IsPlayer():
		p.Expr, p.IsValue = r.typed(d.If, sc, Player, "a predicate value"), true
	case k.IsValue():
		p.Expr, p.IsValue = r.typed(d.If, sc, Int, "a predicate value"), true
	default:
		p.Expr = r.typed(d.If, sc, Bool, "a predicate condition")
	}
	p.Slots = r.slots
	p.Own = len(p.Params) == 1 && ownExpr(p.Expr, p.Params[0])
	if !p.IsValue {
		p.Guard, _ = keywordGuard(p.Expr, p.Params)
		p.GuardCard = cardGuard(p.Expr)
		if len(p.Params) > 0 && !p.Pred.PlayerParam(0) {
			p.TypeGuard, _ = typeGuard(p.Expr, p.Params[0])
		}
	}
	c.p.Predicates = append(c.p.Predicates, p)
}

// keywordGuard derives a predicate's Guard from its condition e: sets
// of keywords such that e can hold only if params[0] has one of g[0] or
// params[1] one of g[1], or (g[0]) an object any(...) asks about has one
// (the runtime reads the union: some object of the game must have had
// one). ok is false when e gives no such sets: only "p has K" (K a
// keyword, p a parameter), any(KIND, v, COND) with COND guarded on v, a
// conjunction with a guarded side, and a disjunction of guarded sides
// are guarded.
func keywordGuard(e Expr, params []*Var) (g [2]rt.KeywordSet, ok bool) {
	switch e := e.(type) {
	case *Paren:
		return keywordGuard(e.X, params)
	case *Quant:
		if e.Fn == Any && e.Q.Where != nil {
			if in, ok := keywordGuard(e.Q.Where, []*Var{e.Q.Var}); ok {
				return [2]rt.KeywordSet{in[0]}, true
			}
		}
	case *HasKeyword:
		v, isVar := e.X.(*VarRef)
		if e.Var != nil || e.Keyword < 0 || e.Keyword >= 64 || !isVar {
			return g, false
		}
		for i, p := range params {
			if i < len(g) && v.Var == p {
				g[i] = 1 << uint(e.Keyword)
				return g, true
			}
		}
	case *Binary:
		switch e.Op {
		case OpAnd:
			if g, ok := keywordGuard(e.X, params); ok {
				return g, true
			}
			return keywordGuard(e.Y, params)
		case OpOr:
			a, okA := keywordGuard(e.X, params)
			b, okB := keywordGuard(e.Y, params)
			if okA && okB {
				return [2]rt.KeywordSet{a[0] | b[0], a[1] | b[1]}, true
			}
		}
	}
	return [2]rt.KeywordSet{}, false
}

// typeGuard derives a predicate's TypeGuard from its condition e: card
// types one of which x must have for e to hold. ok is false when e gives
// none: only "x.T" (is_type(x, T)), a conjunction with a guarded side and
// a disjunction of guarded sides are guarded.
func typeGuard(e Expr, x *Var) (t rt.TypeSet, ok bool) {
	switch e := e.(type) {
	case *Paren:
		return typeGuard(e.X, x)
	case *Call:
		if e.B != functions["is_type"] || len(e.Args) != 2 {
			return 0, false
		}
		v, isVar := e.Args[0].(*VarRef)
		lit, isLit := e.Args[1].(*EnumLit)
		if isVar && isLit && v.Var == x && lit.E.Value > 0 {
			return rt.TypeSet(lit.E.Value), true
		}
	case *Binary:
		switch e.Op {
		case OpAnd:
			if t, ok := typeGuard(e.X, x); ok {
				return t, true
			}
			return typeGuard(e.Y, x)
		case OpOr:
			a, okA := typeGuard(e.X, x)
			b, okB := typeGuard(e.Y, x)
			if okA && okB {
				return a | b, true
			}
		}
	}
	return 0, false
}

// cardGuard derives a predicate's GuardCard from its condition e: the
// name of a card such that e can hold only if some object of the game was
// made from it: an is_card(x, "Name") conjunct (a card's clause, scoped
// to its objects), or one inside any(KIND, v, ...) (a static ability of
// the card's permanents). "" when e gives none.
func cardGuard(e Expr) string {
	switch e := e.(type) {
	case *Paren:
		return cardGuard(e.X)
	case *Call:
		if e.B != nil && e.B.Name == "is_card" && len(e.Args) == 2 {
			if lit, ok := e.Args[1].(*Lit); ok && lit.T == Str {
				return lit.Str
			}
		}
	case *Quant:
		if e.Fn == Any && e.Q != nil && e.Q.Where != nil {
			return cardGuard(e.Q.Where)
		}
	case *Binary:
		if e.Op == OpAnd {
			if n := cardGuard(e.X); n != "" {
				return n
			}
			return cardGuard(e.Y)
		}
	}
	return ""
}

// ownExpr reports whether e reads nothing but x's own state: Own
// attributes and functions of x itself, constants, operators.
func ownExpr(e Expr, x *Var) bool {
	isX := func(e Expr) bool { v, ok := e.(*VarRef); return ok && v.Var == x }
	switch e := e.(type) {
	case *Lit, *EnumLit:
		return true
	case *VarRef:
		return e.Var == x
	case *Paren:
		return ownExpr(e.X, x)
	case *Unary:
		return ownExpr(e.X, x)
	case *Binary:
		return ownExpr(e.X, x) && ownExpr(e.Y, x)
	case *CondExpr:
		return ownExpr(e.Cond, x) && ownExpr(e.Then, x) && ownExpr(e.Else, x)
	case *AttrRef:
		return e.B.Own && e.X != nil && isX(e.X)
	case *Call:
		if !e.B.Own || len(e.Args) == 0 || !isX(e.Args[0]) {
			return false
		}
		for _, a := range e.Args[1:] {
			switch a.(type) {
			case *Lit, *EnumLit:
			default:
				return false
			}
		}
		return true
	}
	return false
}

func (c *checker) timing(d *grammar.TimingDecl) {
	if !c.name(d.Name, "timing") {
		return
	}
	if prev, dup := c.timings[d.Name.Name]; dup {
		c.errorf(d.Name.Pos, "timing %s already declared at %s", d.Name.Name, prev)
		return
	}
	c.timings[d.Name.Name] = d.Pos
	t := &Timing{Name: d.Name.Name, Rules: c.rules(d.Rules, "timing", false), Pos: d.Pos, Decl: d}
	c.needRules(d.Pos, t.Rules, len(d.Rules), "timing")
	r, sc := c.resolver(first(t.Rules), "timing"), newScope()
	t.Param = r.declare(d.Param, Player, sc)
	t.Expr = r.typed(d.If, sc, Bool, "a timing condition")
	t.Slots = r.slots
	c.p.Timings = append(c.p.Timings, t)
}

// segments maps the names of steps and phases to their place in the turn:
// a phase to {phase index, -1}, a step to {phase index, step index}, the
// indexes of Program.Phases (the turn order) and of their Steps. A phase
// without steps of its own is named as the phase.
func (c *checker) segments() map[string][2]int {
	if c.segs != nil {
		return c.segs
	}
	c.segs = map[string][2]int{}
	var order []grammar.Ident
	for _, f := range c.files {
		for _, d := range f.Decls {
			if t, ok := d.(*grammar.TurnDecl); ok && order == nil {
				order = t.Order
			}
		}
	}
	seen := map[string]bool{}
	for _, id := range order {
		d, ok := c.phases[id.Name]
		if !ok || seen[id.Name] {
			continue
		}
		seen[id.Name] = true
		pi, si := len(seen)-1, 0
		for _, it := range d.Items {
			if st, ok := it.(*grammar.StepDecl); ok {
				if _, dup := c.segs[st.Name.Name]; !dup {
					c.segs[st.Name.Name] = [2]int{pi, si}
				}
				si++
			}
		}
		c.segs[id.Name] = [2]int{pi, -1}
	}
	return c.segs
}

// predParams names the types of kind k's parameters ("object, player").
func predParams(k *PredKind) string {
	var ts []string
	for i := range k.Arity() {
		if k.PlayerParam(i) {
			ts = append(ts, "player")
		} else {
			ts = append(ts, "object")
		}
	}
	return strings.Join(ts, ", ")
}

// leftmostAnd returns the first operand of an "and" chain (e itself if it
// is not one).
func leftmostAnd(e Expr) Expr {
	for {
		b, ok := e.(*Binary)
		if !ok || b.Op != OpAnd {
			return e
		}
		e = b.X
	}
}

// indexPath is where the index of edition is, beside the file citing it.
func indexPath(file, edition string) string {
	return filepath.Join(filepath.Dir(file), edition+".tsv")
}
