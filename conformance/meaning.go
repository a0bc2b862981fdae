package conformance

import (
	"fmt"
	"slices"
	"sort"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/internal/meaning"
)

// Where a rule's meaning lives (RuleCoverage.Meaning; docs/coverage.md,
// "Where the meaning lives").
const (
	MeaningMtg     = "mtg"     // only .mtg constructs give its behaviour; no runtime function decides anything of it
	MeaningRuntime = "runtime" // only Go does: runtime.tsv, a mechanism, a keyword, a construct of deciding verbs only
	MeaningBoth    = "both"    // some of each
	MeaningNone    = "none"    // nothing implements it itself (excluded, missing, or a heading no clause cites)
)

// meaningOfImpl says where one citation's behaviour is written, and which
// runtime functions decide part of it:
//
//   - a mechanism declaration without statements: runtime (the .mtg
//     names the rule, the runtime does it); one with its statements (a
//     procedure: resolve, all_passed, before_priority...) is a construct
//     as any other, below;
//   - a keyword line: runtime if it does not say what kind of ability the
//     keyword is (then the runtime's default does: static); mtg if it
//     does (static or triggered: the runtime has both, and keeps which
//     objects have it generically). Its parts (static, triggered,
//     redundant) are constructs without rows: mtg, as the runtime counts
//     instances or not, triggers once per instance or not, as they say;
//     what a static keyword does is the predicates', which cite their own
//     rules;
//   - any other construct (a clause, an sba, a predicate, a timing, a
//     stack object, an effect, a damage hook, a phase, a step, the turn,
//     a keyword's prevents): the deciders its vocabulary rows reach
//     (internal/meaning: the runtime functions that read a value of a
//     rule vocabulary, evaluate a rules predicate or are reached from one
//     that does, less the reviewed generic machinery). None: mtg. Some, and the construct is only verbs
//     that all reach one: runtime (it says when they run, Go what they
//     do). Otherwise both.
func meaningOfImpl(ct compiler.Cite, c *compiler.Construct, t *meaning.Table) (string, []string) {
	switch {
	case ct.What == "mechanism" && (c == nil || !c.Stmts):
		return MeaningRuntime, nil
	case ct.What == "keyword" && (c == nil || c.Kind == ""):
		return MeaningRuntime, nil
	}
	if c == nil {
		return MeaningMtg, nil
	}
	seen := map[string]bool{}
	var deciders []string
	all := len(c.Rows) > 0
	for _, b := range c.Rows {
		ds := t.RowDeciders(b.Go)
		if len(ds) == 0 {
			all = false
		}
		for _, d := range ds {
			if !seen[d] {
				seen[d] = true
				deciders = append(deciders, d)
			}
		}
	}
	sort.Strings(deciders)
	switch {
	case len(deciders) == 0:
		return MeaningMtg, nil
	case c.OnlyRows && all:
		return MeaningRuntime, deciders
	}
	return MeaningBoth, deciders
}

// constructOf finds the construct a citation belongs to: the last one in
// its file, at or before it, that cites its rule.
// A keyword's parts (its kind, redundant, prevents) are constructs of
// their own, which an edition's recite may cite on one line: a part's
// citation belongs to that part.
func constructOf(cs []compiler.Construct, ct compiler.Cite) *compiler.Construct {
	var best *compiler.Construct
	part := keywordParts[ct.What]
	for i := range cs {
		c := &cs[i]
		if c.Pos.File != ct.Pos.File || !before(c.Pos.Line, c.Pos.Col, ct.Pos.Line, ct.Pos.Col) || !slices.Contains(c.Rules, ct.Rule) {
			continue
		}
		if part != keywordParts[c.What] || part && c.What != ct.What {
			continue
		}
		if best == nil || before(best.Pos.Line, best.Pos.Col, c.Pos.Line, c.Pos.Col) {
			best = c
		}
	}
	return best
}

var keywordParts = map[string]bool{"keyword": true, "static": true, "triggered": true, "redundant": true, "prevents": true}

func before(l1, c1, l2, c2 int) bool { return l1 < l2 || (l1 == l2 && c1 <= c2) }

// meaningOf classifies a rule by its implementations (Impl.Meaning, set
// as BuildCoverage reads them): "mtg" if every one is .mtg behaviour,
// "runtime" if every one is Go's, "both" otherwise, "none" if there are
// none.
func meaningOf(impls []Impl) string {
	var mtg, rt bool
	for _, i := range impls {
		switch i.Meaning {
		case MeaningRuntime:
			rt = true
		case MeaningBoth:
			mtg, rt = true, true
		default:
			mtg = true
		}
	}
	switch {
	case mtg && rt:
		return MeaningBoth
	case mtg:
		return MeaningMtg
	case rt:
		return MeaningRuntime
	}
	return MeaningNone
}

// MeaningSummary counts the rules by where their meaning lives. Rules,
// Mtg, Runtime and Both count the rules in scope that something
// implements; Implemented counts every rule something implements and the
// exclusions do not exclude, in scope or not (the headline figure: the
// scope does not hide a rule the runtime implements). BranchPoints is the
// second figure: the rule-specific branch points in .mtg and in Go.
type MeaningSummary struct {
	Rules        int           `json:"rules"`
	Mtg          int           `json:"mtg"`
	Runtime      int           `json:"runtime"`
	Both         int           `json:"both"`
	Implemented  MeaningCounts `json:"implemented"`
	BranchPoints BranchPoints  `json:"branch_points"`
}

// MeaningCounts counts rules by meaning.
type MeaningCounts struct {
	Rules   int `json:"rules"`
	Mtg     int `json:"mtg"`
	Runtime int `json:"runtime"`
	Both    int `json:"both"`
}

// BranchPoints are the rule-specific decisions of the ruleset's .mtg
// (compiler.Construct.Decisions, summed) and of the runtime's Go (the
// branch points of its deciders, internal/meaning), counted alike: if,
// conditional, and, or, loop, where condition, and each condition the
// runtime branches on (a predicate, a skip...).
type BranchPoints struct {
	Mtg int `json:"mtg"`
	Go  int `json:"go"`
	// GoRows, GoDriver, GoHost split Go by what runs the deciders:
	// vocabulary rows, the turn driver, only the host API (Options,
	// the policies).
	GoRows   int `json:"go_rows"`
	GoDriver int `json:"go_driver"`
	GoHost   int `json:"go_host"`
	// Deciders is the number of runtime functions that decide.
	Deciders int `json:"deciders"`
}

func branchPoints(cs []compiler.Construct, t *meaning.Table) BranchPoints {
	var b BranchPoints
	for _, c := range cs {
		b.Mtg += c.Decisions
	}
	for _, d := range t.Deciders {
		b.Go += d.Branches
		b.Deciders++
		switch d.By {
		case meaning.ByRow:
			b.GoRows += d.Branches
		case meaning.ByDriver:
			b.GoDriver += d.Branches
		default:
			b.GoHost += d.Branches
		}
	}
	return b
}

// counted: a rule in scope, not excluded, implemented itself.
func counted(r RuleCoverage) bool {
	return r.InScope && implementedItself(r)
}

// implementedItself: not excluded, and something implements it itself.
func implementedItself(r RuleCoverage) bool {
	return r.Status != StatusExcluded && r.Meaning != MeaningNone
}

func (m *MeaningCounts) add(r RuleCoverage) {
	m.Rules++
	switch r.Meaning {
	case MeaningMtg:
		m.Mtg++
	case MeaningRuntime:
		m.Runtime++
	case MeaningBoth:
		m.Both++
	}
}

func (m *MeaningSummary) add(r RuleCoverage) {
	if implementedItself(r) {
		m.Implemented.add(r)
	}
	if !counted(r) {
		return
	}
	m.Rules++
	switch r.Meaning {
	case MeaningMtg:
		m.Mtg++
	case MeaningRuntime:
		m.Runtime++
	case MeaningBoth:
		m.Both++
	}
}

func pct(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return float64(int(1000*float64(n)/float64(of)+0.5)) / 10
}

// Line is the summary line of the reports: "meaning in .mtg: 150 of 260
// rules (57.7%); runtime 60, both 50; in scope 140 of 232 (60.3%)": of
// the rules implemented, then of those in scope.
func (m MeaningSummary) Line() string {
	i := m.Implemented
	return fmt.Sprintf("meaning in .mtg: %d of %d rules (%.1f%%); runtime %d, both %d; in scope %d of %d (%.1f%%)",
		i.Mtg, i.Rules, pct(i.Mtg, i.Rules), i.Runtime, i.Both, m.Mtg, m.Rules, pct(m.Mtg, m.Rules))
}

// BranchLine is the second summary line: "branch points: .mtg 229, Go
// 393 (36.8% in .mtg); Go in 47 functions: rows 181, driver 82, host
// 130" (the rule-specific ones).
func (m MeaningSummary) BranchLine() string {
	b := m.BranchPoints
	return fmt.Sprintf("branch points: .mtg %d, Go %d (%.1f%% in .mtg); Go in %d functions: rows %d, driver %d, host %d",
		b.Mtg, b.Go, pct(b.Mtg, b.Mtg+b.Go), b.Deciders, b.GoRows, b.GoDriver, b.GoHost)
}
