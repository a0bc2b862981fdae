package conformance

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/internal/meaning"
)

// CoverageSchema names the JSON format of Coverage (docs/coverage.md).
// Fields are only ever added under this name; a change that removes or
// changes the meaning of a field gets a new name.
const CoverageSchema = "mtgc-coverage/v1"

// Rule statuses.
const (
	StatusTested        = "tested"        // in scope, implemented, named by a script
	StatusExcluded      = "excluded"      // listed in the exclusions, with a reason
	StatusUntested      = "untested"      // in scope, implemented, no script names it
	StatusUnimplemented = "unimplemented" // in scope, a script names it, nothing implements it
	StatusMissing       = "missing"       // in scope, neither implemented nor tested
	StatusOutOfScope    = "out-of-scope"  // not in the scope list
)

// Coverage is the coverage of an edition's index by a ruleset and a corpus.
type Coverage struct {
	Schema   string            `json:"schema"`
	Edition  string            `json:"edition"`
	Ran      bool              `json:"ran"` // the corpus was run: fired and failing are meaningful
	Scripts  int               `json:"scripts"`
	Rules    []RuleCoverage    `json:"rules"`
	Sections []SectionCoverage `json:"sections"`
	Total    SectionCoverage   `json:"total"`
	// Meaning sums where the meaning of the rules in scope lives.
	Meaning MeaningSummary `json:"meaning"`
	// Problems are what `mtgc coverage -strict` fails on, each
	// "file:line: message": rules not covered, scripts that failed
	// (and are not known failures), known failures that passed.
	Problems []string `json:"problems"`
	// Failed lists the scripts that failed in the run and are not known
	// failures: each is also a problem.
	Failed []string `json:"failed"`
	// KnownFailed lists the scripts that failed in the run as the
	// known-failures list expects: not problems, as for mtgc test.
	KnownFailed []string `json:"known_failed"`
}

// RuleCoverage is the coverage of one numbered rule.
type RuleCoverage struct {
	Rule    string `json:"rule"`
	Title   string `json:"title"`
	Section string `json:"section"`
	InScope bool   `json:"in_scope"`
	// Heading is true for a section number (500): it is implemented when
	// one of its subrules is.
	Heading     bool   `json:"heading"`
	Status      string `json:"status"`
	Implemented []Impl `json:"implemented"`
	// Scripts name the rule in their "# rules:" line.
	Scripts []string `json:"scripts"`
	// Fired lists the scripts whose games logged an event citing the rule.
	Fired []string `json:"fired"`
	// Failing lists the scripts of Scripts that failed in the run (known
	// failures included).
	Failing []string `json:"failing"`
	// NeverFired: the corpus ran, scripts name the rule (not a heading),
	// and no event of any script cited it. Many rules never cite themselves in an event
	// (500.2: a step ends when all pass); this is information, not a failure.
	NeverFired bool   `json:"never_fired"`
	Excluded   string `json:"excluded,omitempty"` // the reason
	// Meaning says where the rule's behaviour is written: MeaningMtg,
	// MeaningRuntime, MeaningBoth, or MeaningNone (see meaningOf).
	Meaning string `json:"meaning"`
}

// Impl is one place that implements a rule.
type Impl struct {
	File string `json:"file"`           // "rules/turn.mtg", or a runtime Go file
	Line int    `json:"line,omitempty"` // 0 for runtime entries
	What string `json:"what"`           // the .mtg construct ("step", "action", ...) or "runtime"
	Note string `json:"note,omitempty"` // runtime entries: how
	// Procedure: the citing clause runs this procedure verb, whose
	// behaviour is Go's (compiler.ProcedureVerb).
	Procedure string `json:"procedure,omitempty"`
	// Meaning: where this implementation's behaviour is written: "mtg",
	// "runtime" or "both" (see meaningOfImpl).
	Meaning string `json:"meaning"`
	// Deciders are the runtime functions that decide part of it: those
	// the vocabulary rows of the citing construct reach
	// (internal/meaning/runtime.txt); absent if none.
	Deciders []string `json:"deciders,omitempty"`
}

// SectionCoverage sums the rules of one section (or of all, for Total).
type SectionCoverage struct {
	Section    string `json:"section"`
	Title      string `json:"title"`
	Rules      int    `json:"rules"`
	Tested     int    `json:"tested"`
	Excluded   int    `json:"excluded"`
	Missing    int    `json:"missing"` // untested, unimplemented or missing
	OutOfScope int    `json:"out_of_scope"`
	NeverFired int    `json:"never_fired"`
	// Where the meaning of the section's rules in scope lives (MeaningSummary).
	MeaningMtg     int `json:"meaning_mtg"`
	MeaningRuntime int `json:"meaning_runtime"`
	MeaningBoth    int `json:"meaning_both"`
}

// CoverageInput is what coverage is computed from.
type CoverageInput struct {
	Program *compiler.Program // the checked ruleset: its index and citations
	Scripts []Script
	Lists   Lists
	// Results of running Scripts, or nil if the corpus was not run.
	Results []Result
}

// BuildCoverage computes the coverage of every rule of the program's index.
func BuildCoverage(in CoverageInput) *Coverage {
	idx := in.Program.Index
	c := &Coverage{
		Schema:      CoverageSchema,
		Edition:     in.Program.Edition,
		Ran:         in.Results != nil,
		Scripts:     len(in.Scripts),
		Rules:       []RuleCoverage{},
		Sections:    []SectionCoverage{},
		Problems:    []string{},
		Failed:      []string{},
		KnownFailed: []string{},
	}
	impl := map[string][]Impl{}
	constructs := in.Program.Constructs()
	table := meaning.Load()
	c.Meaning.BranchPoints = branchPoints(constructs, table)
	for _, ct := range in.Program.Cites {
		im := Impl{File: ct.Pos.File, Line: ct.Pos.Line, What: ct.What, Procedure: ct.Procedure}
		im.Meaning, im.Deciders = meaningOfImpl(ct, constructOf(constructs, ct), table)
		impl[ct.Rule] = append(impl[ct.Rule], im)
	}
	for _, e := range in.Lists.Runtime {
		impl[e.Key] = append(impl[e.Key], Impl{File: e.Where, What: "runtime", Note: e.Reason, Meaning: MeaningRuntime})
	}
	scripts := map[string][]string{}
	for _, s := range in.Scripts {
		for _, r := range s.Header.Rules {
			if n := scripts[r]; len(n) == 0 || n[len(n)-1] != s.Name {
				scripts[r] = append(scripts[r], s.Name)
			}
		}
	}
	failed := map[string]bool{}
	fired := map[string][]string{}
	known := in.Lists.Known()
	knownAt := map[string]string{}
	for _, e := range in.Lists.KnownFailures {
		knownAt[e.Key] = e.Pos()
	}
	for _, r := range in.Results {
		reason, isKnown := known[r.Script.Name]
		switch {
		case r.Failed && isKnown:
			c.KnownFailed = append(c.KnownFailed, r.Script.Name)
		case r.Failed:
			c.Failed = append(c.Failed, r.Script.Name)
			c.Problems = append(c.Problems, fmt.Sprintf("%s: script %s fails (mtgc test -run '^%s$' shows why)", r.Script.Path, r.Script.Name, regexp.QuoteMeta(r.Script.Name)))
		case isKnown && !r.Skipped:
			c.Problems = append(c.Problems, fmt.Sprintf("%s: script %s passes, but it is listed as a known failure (%s): remove it from the list", knownAt[r.Script.Name], r.Script.Name, reason))
		}
		if r.Failed {
			failed[r.Script.Name] = true
		}
		for _, rule := range r.Fired {
			fired[rule] = append(fired[rule], r.Script.Name)
		}
	}
	excluded := map[string]Entry{}
	for _, e := range in.Lists.Exclusions {
		excluded[e.Key] = e
	}
	scopeOf := func(n string) (Entry, bool) {
		for _, e := range in.Lists.Scope {
			if MatchRule(n, e.Key) {
				return e, true
			}
		}
		return Entry{}, false
	}
	// A heading is implemented when one of its subrules is.
	implementedUnder := map[string]bool{}
	for _, n := range idx.Numbers {
		if len(impl[n]) > 0 {
			implementedUnder[Section(n)] = true
		}
	}

	for _, n := range idx.Numbers {
		r := RuleCoverage{
			Rule:        n,
			Title:       strings.TrimSpace(idx.Titles[n]),
			Section:     Section(n),
			Heading:     !strings.Contains(n, "."),
			Implemented: nonNil(impl[n]),
			Scripts:     nonNil(scripts[n]),
			Fired:       nonNil(fired[n]),
			Failing:     []string{},
		}
		sort.Strings(r.Scripts)
		sort.Strings(r.Fired)
		for _, s := range r.Scripts {
			if failed[s] {
				r.Failing = append(r.Failing, s)
			}
		}
		scope, inScope := scopeOf(n)
		r.InScope = inScope
		implemented := len(r.Implemented) > 0 || (r.Heading && implementedUnder[n])
		tested := len(r.Scripts) > 0
		ex, isExcluded := excluded[n]
		switch {
		case isExcluded:
			r.Status, r.Excluded = StatusExcluded, ex.Reason
			if tested {
				c.Problems = append(c.Problems, fmt.Sprintf("%s: %s is excluded (%s), but scripts name it: %s", ex.Pos(), n, ex.Reason, strings.Join(r.Scripts, ", ")))
			}
		case !inScope:
			r.Status = StatusOutOfScope
		case implemented && tested:
			r.Status = StatusTested
		case implemented:
			r.Status = StatusUntested
			c.Problems = append(c.Problems, fmt.Sprintf("%s: %s (%s) is in scope and implemented at %s, but no script names it in its # rules: line", scope.Pos(), n, r.Title, implWhere(r.Implemented)))
		case tested:
			r.Status = StatusUnimplemented
			c.Problems = append(c.Problems, fmt.Sprintf("%s: %s (%s) is in scope and named by %s, but no .mtg cites it and %s does not list it", scope.Pos(), n, r.Title, strings.Join(r.Scripts, ", "), RuntimeFile))
		default:
			r.Status = StatusMissing
			c.Problems = append(c.Problems, fmt.Sprintf("%s: %s (%s) is in scope, but nothing implements it and no script names it: implement and test it, or exclude it with a reason in %s", scope.Pos(), n, r.Title, ExclusionsFile))
		}
		r.NeverFired = c.Ran && tested && !r.Heading && len(r.Fired) == 0
		r.Meaning = meaningOf(r.Implemented)
		c.Meaning.add(r)
		c.Rules = append(c.Rules, r)
	}

	bySection := map[string]int{}
	for _, r := range c.Rules {
		i, ok := bySection[r.Section]
		if !ok {
			title := strings.TrimSpace(idx.Titles[r.Section])
			title = strings.TrimSpace(strings.TrimSuffix(title, "section heading"))
			title = strings.TrimSpace(strings.TrimSuffix(title, "—"))
			i = len(c.Sections)
			bySection[r.Section] = i
			c.Sections = append(c.Sections, SectionCoverage{Section: r.Section, Title: title})
		}
		c.Sections[i].add(r)
		c.Total.add(r)
	}
	c.Total.Section, c.Total.Title = "total", "all sections"
	return c
}

func (s *SectionCoverage) add(r RuleCoverage) {
	s.Rules++
	switch r.Status {
	case StatusTested:
		s.Tested++
	case StatusExcluded:
		s.Excluded++
	case StatusOutOfScope:
		s.OutOfScope++
	default:
		s.Missing++
	}
	if r.NeverFired {
		s.NeverFired++
	}
	if counted(r) {
		switch r.Meaning {
		case MeaningMtg:
			s.MeaningMtg++
		case MeaningRuntime:
			s.MeaningRuntime++
		case MeaningBoth:
			s.MeaningBoth++
		}
	}
}

// Summary renders a section's counts on one line:
// "509  28 rules  26 tested  2 excluded  0 missing  0 out of scope".
func (s SectionCoverage) Summary() string {
	return fmt.Sprintf("%-7s %3d rules  %3d tested  %3d excluded  %3d missing  %3d out of scope", s.Section, s.Rules, s.Tested, s.Excluded, s.Missing, s.OutOfScope)
}

func implWhere(im []Impl) string {
	var out []string
	for _, i := range im {
		out = append(out, i.String())
	}
	return strings.Join(out, ", ")
}

// String is "file:line" for a .mtg citation, the file for the runtime.
func (i Impl) String() string {
	if i.Line > 0 {
		return fmt.Sprintf("%s:%d", i.File, i.Line)
	}
	return i.File
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return append([]T(nil), s...)
}
