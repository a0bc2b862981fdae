package conformance

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/mtgc-dev/mtgc/compiler"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// EventFormatter renders an event of its game as a trace line.
type EventFormatter interface {
	Format(e rt.Event) string
}

// TitledLine renders an event as its trace line (the rule, then what
// happened), padded to a column, then "# " and the short title of the rule
// from the index:
//
//	502.2   untap 'Bears' (p1)                      # Active player untaps permanents all at once
//
// Cutting a line at " # " gives back the plain trace line, minus padding.
// A rule missing from the index is titled "(not in the index)"; with a nil
// index the title is left out. g is the game the event is of (a host's
// runtime.Game or the implementation's).
func TitledLine(g EventFormatter, e rt.Event, idx *compiler.Index) string {
	rule := e.Rule
	if rule == "" {
		rule = "-"
	}
	what := strings.TrimPrefix(g.Format(e), e.Rule+" ")
	line := fmt.Sprintf("%-7s %s", rule, what)
	if idx == nil {
		return line
	}
	title, ok := idx.Titles[e.Rule]
	if !ok {
		title = "(not in the index)"
	}
	if pad := 48 - len(line); pad > 0 {
		line += strings.Repeat(" ", pad)
	}
	return line + "  # " + strings.TrimSpace(title)
}

// maxGameLog caps the events GameLog prints.
const maxGameLog = 400

// GameLog renders the log of a game for a failure report: every event as a
// TitledLine, the events logged since the last trace command (from mark)
// marked with ">".
func GameLog(g *rt.Game, idx *compiler.Index, mark int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "game log: %d events (rule, event, title of the rule); > marks those since the last trace\n", len(g.Log))
	from := 0
	if len(g.Log) > maxGameLog {
		from = len(g.Log) - maxGameLog
		fmt.Fprintf(&b, "  ... %d earlier events\n", from)
	}
	for i := from; i < len(g.Log); i++ {
		m := " "
		if i >= mark {
			m = ">"
		}
		fmt.Fprintf(&b, "%s %s\n", m, TitledLine(g, g.Log[i], idx))
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// Fired records which rules the events of each script's games cited: the
// runtime coverage of a corpus run. It is safe for concurrent use.
type Fired struct {
	mu sync.Mutex
	by map[string]map[string]bool // script -> rules
}

func (f *Fired) add(script string, rules map[string]bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.by == nil {
		f.by = map[string]map[string]bool{}
	}
	if f.by[script] == nil {
		f.by[script] = map[string]bool{}
	}
	for r := range rules {
		f.by[script][r] = true
	}
}

// Rules returns the rules a script's events cited, sorted.
func (f *Fired) Rules(script string) []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return sortedKeys(f.by[script])
}

// Scripts returns, for each rule some event cited, the scripts whose
// events cited it, sorted.
func (f *Fired) Scripts() map[string][]string {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := map[string][]string{}
	for s, rules := range f.by {
		for r := range rules {
			out[r] = append(out[r], s)
		}
	}
	for r := range out {
		sort.Strings(out[r])
	}
	return out
}

// Games records the games each script played, in the order it started
// them (Config.Games): what mtgc diff-editions compares.
type Games struct {
	mu sync.Mutex
	by map[string][]*rt.Game
}

func (g *Games) add(script string, games []*rt.Game) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.by == nil {
		g.by = map[string][]*rt.Game{}
	}
	g.by[script] = append(g.by[script], games...)
}

// Of returns the games a script played.
func (g *Games) Of(script string) []*rt.Game {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.by[script]
}
