package conformance

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"golang.org/x/tools/txtar"

	"github.com/mtgc-dev/mtgc/compiler"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// An edition diff runs the same scenarios under two editions and compares
// the games they play. A scenario is a conformance script with its
// assertions taken out (they name one edition's rule numbers and outcomes):
// the commands that set up and drive the game stay, so both editions see
// the same cards, the same answers and the same passes. Events are
// compared by what happened (kind, players, objects, amounts, names), not
// by the rule they cite, so a rule renumbered between editions is no
// difference while a rule that does something else is; each side of a
// difference is shown with its own citation and title. Events up to the
// next priority that both log in another order (an edition taps its
// attackers before they attack, another after) are no difference either:
// no player sees anything between them.
//
// A script may say which editions it applies to with a line
// "# editions: cr2017 cr2008" after its "# rules:" line; a script without
// one applies to all.

// EditionSide is one edition under comparison.
type EditionSide struct {
	Name  string
	Rules *rt.Rules
	Index *compiler.Index
}

// ScriptDiff is how one scenario played under two editions.
type ScriptDiff struct {
	Script string `json:"script"`
	// Status is "agree" (the same events), "differ" (Event is the first
	// that differs), "stopped" (the same events as far as they go, but the
	// scenario could not go on under one edition: a command was refused or
	// named something the edition lacks), or "skipped" (its # editions:
	// line excludes one of them).
	Status string   `json:"status"`
	Event  int      `json:"event,omitempty"` // from 1, over all the script's games
	A      DiffSide `json:"a"`
	B      DiffSide `json:"b"`
}

// DiffSide is one edition's side of a ScriptDiff.
type DiffSide struct {
	Edition string `json:"edition"`
	Rule    string `json:"rule,omitempty"`
	Title   string `json:"title,omitempty"`
	Event   string `json:"event,omitempty"` // the event, without its rule
	// Stopped says where and why the scenario stopped under this edition.
	Stopped string `json:"stopped,omitempty"`
}

// assertions are the commands a scenario drops: they check one edition's
// outcome rather than drive the game.
var assertions = map[string]bool{"expect": true, "cmp": true, "cmpenv": true, "stdout": true, "stderr": true, "trace": true, "exists": true, "grep": true}

// Scenario returns a script with its assertions blanked (so line numbers
// stay) and "pending", which advances, turned into "advance".
func Scenario(data []byte) []byte {
	ar := txtar.Parse(data)
	var b strings.Builder
	sc := bufio.NewScanner(strings.NewReader(string(ar.Comment)))
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(line), "!"))
		switch {
		case len(f) == 0 || strings.HasPrefix(f[0], "#"):
			b.WriteString(line)
		case assertions[f[0]]:
		case f[0] == "pending":
			b.WriteString("advance")
		default:
			b.WriteString(line)
		}
		b.WriteByte('\n')
	}
	ar.Comment = []byte(b.String())
	return txtar.Format(ar)
}

var editionsLine = regexp.MustCompile(`(?m)^#\s*editions:\s*(.*)$`)

// ScriptEditions returns the editions a script's "# editions:" line names,
// or nil if it has none (it applies to all).
func ScriptEditions(data []byte) []string {
	m := editionsLine.FindSubmatch(txtar.Parse(data).Comment)
	if m == nil {
		return nil
	}
	return strings.Fields(string(m[1]))
}

// DiffEditions plays each script as a scenario under a and b and compares
// the games. tmp is a directory for the scenarios.
func DiffEditions(a, b EditionSide, scripts []Script, tmp string) ([]ScriptDiff, error) {
	dir, err := os.MkdirTemp(tmp, "scenarios")
	if err != nil {
		return nil, err
	}
	var run []Script
	out := make([]ScriptDiff, len(scripts))
	for i, s := range scripts {
		out[i] = ScriptDiff{Script: s.Name, A: DiffSide{Edition: a.Name}, B: DiffSide{Edition: b.Name}}
		data, err := ReadScriptFile(s.Path)
		if err != nil {
			return nil, err
		}
		if eds := ScriptEditions(data); eds != nil && !(contains(eds, a.Name) && contains(eds, b.Name)) {
			out[i].Status = "skipped"
			continue
		}
		p := filepath.Join(dir, s.Name+".txtar")
		if err := os.WriteFile(p, Scenario(data), 0o644); err != nil {
			return nil, err
		}
		s.Path = p
		run = append(run, s)
	}
	ra, ga := play(a, run)
	rb, gb := play(b, run)
	j := 0
	for i := range out {
		if out[i].Status == "skipped" {
			continue
		}
		name := run[j].Name
		compare(&out[i], a, b, ga.Of(name), gb.Of(name), stopped(ra[j], dir), stopped(rb[j], dir))
		j++
	}
	return out, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func play(e EditionSide, scripts []Script) ([]Result, *Games) {
	games := &Games{}
	if len(scripts) == 0 {
		return nil, games
	}
	return RunScripts(Config{Rules: e.Rules, Index: e.Index, Games: games}, scripts, false), games
}

var failLine = regexp.MustCompile(`FAIL: [^\n]*?([^/\s]+\.txtar):(\d+): ([^\n]*)`)

// stopped says where a scenario stopped ("line 12: message"), "" if it ran
// to its end.
func stopped(r Result, dir string) string {
	if !r.Failed {
		return ""
	}
	if m := failLine.FindStringSubmatch(r.Log); m != nil {
		return fmt.Sprintf("line %s: %s", m[2], m[3])
	}
	return strings.TrimSpace(strings.ReplaceAll(firstLine(r.Log), dir+string(filepath.Separator), ""))
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// logged is one event of a script's games, with the game that logged it.
type logged struct {
	g *rt.Game
	e rt.Event
}

func flatten(games []*rt.Game) []logged {
	var out []logged
	for _, g := range games {
		for _, e := range g.Log {
			out = append(out, logged{g, e})
		}
	}
	return out
}

// same reports whether two events are the same happening, whatever rule
// each cites.
func same(x, y rt.Event) bool {
	return x.Kind == y.Kind && x.Player == y.Player && x.Obj == y.Obj && x.N == y.N && x.Name == y.Name && x.Other == y.Other
}

func compare(d *ScriptDiff, a, b EditionSide, gamesA, gamesB []*rt.Game, stopA, stopB string) {
	ea, eb := flatten(gamesA), flatten(gamesB)
	d.A.Stopped, d.B.Stopped = stopA, stopB
	n := min(len(ea), len(eb))
	for i := 0; i < n; i++ {
		if !same(ea[i].e, eb[i].e) {
			if j, ok := reordered(ea, eb, i); ok {
				i = j - 1
				continue
			}
			d.Status, d.Event = "differ", i+1
			describeSide(&d.A, a, ea[i])
			describeSide(&d.B, b, eb[i])
			return
		}
	}
	switch {
	case len(ea) == len(eb) && stopA == stopB:
		d.Status = "agree"
	case len(ea) > n && stopB == "" || len(eb) > n && stopA == "":
		// One game went on where the other ended, both scenarios complete.
		d.Status, d.Event = "differ", n+1
		if len(ea) > n {
			describeSide(&d.A, a, ea[n])
		} else {
			describeSide(&d.B, b, eb[n])
		}
	default:
		d.Status = "stopped"
		if len(ea) > n {
			describeSide(&d.A, a, ea[n])
		}
		if len(eb) > n {
			describeSide(&d.B, b, eb[n])
		}
	}
}

// reordered reports whether, from event i on, both sides log the same
// events in another order up to the next priority (the events of one
// batch of turn-based actions, in the order an edition writes them: no
// player sees anything between them), and where that batch ends.
func reordered(ea, eb []logged, i int) (int, bool) {
	end := func(l []logged) int {
		j := i
		for j < len(l) && l[j].e.Kind != rt.EvPriority {
			j++
		}
		return j
	}
	ja, jb := end(ea), end(eb)
	if ja != jb || ja == i {
		return 0, false
	}
	used := make([]bool, ja-i)
	for _, x := range ea[i:ja] {
		found := false
		for k, y := range eb[i:jb] {
			if !used[k] && same(x.e, y.e) {
				used[k], found = true, true
				break
			}
		}
		if !found {
			return 0, false
		}
	}
	return ja, true
}

func describeSide(s *DiffSide, e EditionSide, l logged) {
	s.Rule = l.e.Rule
	s.Event = strings.TrimPrefix(l.g.Format(l.e), l.e.Rule+" ")
	if e.Index != nil {
		s.Title = e.Index.Titles[l.e.Rule]
	}
}

// DiffSummary counts the statuses, and the scripts whose first difference
// is each pair of rules: the changes between the editions, most frequent
// first.
type DiffSummary struct {
	Scripts int          `json:"scripts"`
	Agree   int          `json:"agree"`
	Differ  int          `json:"differ"`
	Stopped int          `json:"stopped"`
	Skipped int          `json:"skipped"`
	Changes []RuleChange `json:"changes"`
	// Stops groups the stopped scenarios by edition and reason, most
	// scripts first: what the scenarios need that an edition lacks.
	Stops []Stop `json:"stops"`
}

// Stop is a reason scenarios stopped under an edition.
type Stop struct {
	Edition string   `json:"edition"`
	Reason  string   `json:"reason"`
	Scripts []string `json:"scripts"`
}

var stopLine = regexp.MustCompile(`^line \d+: `)

// RuleChange is a pair of rules at which scenarios first differ.
type RuleChange struct {
	A       DiffSide `json:"a"`
	B       DiffSide `json:"b"`
	Scripts []string `json:"scripts"`
}

// Summarize counts the statuses and groups the differences by rules.
func Summarize(diffs []ScriptDiff) DiffSummary {
	s := DiffSummary{Scripts: len(diffs)}
	by := map[string]*RuleChange{}
	var keys, stops []string
	for _, d := range diffs {
		switch d.Status {
		case "agree":
			s.Agree++
		case "stopped":
			s.Stopped++
			for _, side := range []DiffSide{d.A, d.B} {
				if side.Stopped == "" {
					continue
				}
				k := "stop\x00" + side.Edition + "\x00" + stopLine.ReplaceAllString(side.Stopped, "")
				if by[k] == nil {
					by[k] = &RuleChange{A: DiffSide{Edition: side.Edition, Stopped: stopLine.ReplaceAllString(side.Stopped, "")}}
					stops = append(stops, k)
				}
				by[k].Scripts = append(by[k].Scripts, d.Script)
			}
		case "skipped":
			s.Skipped++
		case "differ":
			s.Differ++
			k := d.A.Rule + "\x00" + d.B.Rule
			if by[k] == nil {
				by[k] = &RuleChange{A: DiffSide{Edition: d.A.Edition, Rule: d.A.Rule, Title: d.A.Title}, B: DiffSide{Edition: d.B.Edition, Rule: d.B.Rule, Title: d.B.Title}}
				keys = append(keys, k)
			}
			by[k].Scripts = append(by[k].Scripts, d.Script)
		}
	}
	for _, k := range keys {
		s.Changes = append(s.Changes, *by[k])
	}
	sort.SliceStable(s.Changes, func(i, j int) bool { return len(s.Changes[i].Scripts) > len(s.Changes[j].Scripts) })
	for _, k := range stops {
		c := by[k]
		s.Stops = append(s.Stops, Stop{Edition: c.A.Edition, Reason: c.A.Stopped, Scripts: c.Scripts})
	}
	sort.SliceStable(s.Stops, func(i, j int) bool { return len(s.Stops[i].Scripts) > len(s.Stops[j].Scripts) })
	return s
}
