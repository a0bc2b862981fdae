package conformance

import "fmt"

// Where a rule's meaning lives (RuleCoverage.Meaning; docs/coverage.md,
// "Where the meaning lives").
const (
	MeaningMtg     = "mtg"     // only .mtg constructs give its behaviour
	MeaningRuntime = "runtime" // only Go does: runtime.tsv, a mechanism, a procedure verb
	MeaningBoth    = "both"    // some of each
	MeaningNone    = "none"    // nothing implements it itself (excluded, missing, or a heading no clause cites)
)

// meaningOf classifies a rule by its implementations (Impl.Meaning, set
// as BuildCoverage reads them): "mtg" if every one is .mtg behaviour,
// "runtime" if every one is Go's, "both" otherwise, "none" if there are
// none. An implementation is Go's if it is a runtime.tsv entry, a
// mechanism declaration (the .mtg names the rule, the runtime does it) or
// a clause that is only procedure verbs (the .mtg says when, the runtime
// what); both if the clause has a procedure verb and other statements;
// every other .mtg citation gives behaviour: a condition, statements, a
// predicate, a timing, the shape of the turn.
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

// MeaningSummary counts the rules in scope that something implements, by
// where their meaning lives: Mtg of Rules are written in .mtg alone.
type MeaningSummary struct {
	Rules   int `json:"rules"`
	Mtg     int `json:"mtg"`
	Runtime int `json:"runtime"`
	Both    int `json:"both"`
}

// counted: a rule in scope, not excluded, implemented itself.
func counted(r RuleCoverage) bool {
	return r.InScope && r.Status != StatusExcluded && r.Meaning != MeaningNone
}

func (m *MeaningSummary) add(r RuleCoverage) {
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

// Line is the summary line of the reports: "meaning in .mtg: 180 of 230
// rules in scope (78.3%); runtime 30, both 20".
func (m MeaningSummary) Line() string {
	pct := 0.0
	if m.Rules > 0 {
		pct = float64(int(1000*float64(m.Mtg)/float64(m.Rules)+0.5)) / 10
	}
	return fmt.Sprintf("meaning in .mtg: %d of %d rules in scope (%.1f%%); runtime %d, both %d", m.Mtg, m.Rules, pct, m.Runtime, m.Both)
}
