package mutate

import (
	"bytes"
	"fmt"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/grammar"
	"github.com/mtgc-dev/mtgc/internal/difftest"
	"github.com/mtgc-dev/mtgc/interp"
	rt "github.com/mtgc-dev/mtgc/runtime"
)

// Config says what to mutate and what to run.
type Config struct {
	Srcs    []compiler.Source // the ruleset (only read)
	Indexes map[string][]byte // edition indexes, as compiler.Compile takes them
	Scripts []conformance.Script
	Known   map[string]string // scripts expected to fail: never run
	// Run keeps the rules a rule number names (with its subrules), or whose
	// numbers match a regexp; "" keeps all.
	Run string
	// All runs the whole corpus against every mutant, not only the scripts
	// that name the mutated rule.
	All     bool
	Workers int // default: GOMAXPROCS
	// Games is how many seeded random games (internal/difftest) compare
	// each survivor with the original rules: a difference shows the
	// mutant is observable, and a script could kill it; none suggests an
	// equivalent mutant.
	Games int
	// Progress, if set, is called after each mutant (from any goroutine).
	Progress func(done, total int)
}

// Status is what became of a mutant.
type Status string

const (
	Killed   Status = "killed"   // a script failed
	Timeout  Status = "timeout"  // the mutant never ended; stopped by the watchdog (killed)
	Survived Status = "survived" // every script passed
	Invalid  Status = "invalid"  // the mutant does not check: not counted
)

// Mutant is one mutated ruleset.
type Mutant struct {
	Rule    string   `json:"rule"`  // the first rule of the mutated clause
	Rules   []string `json:"rules"` // every rule the clause cites
	Pos     string   `json:"pos"`   // file:line:col of the mutated node
	Op      string   `json:"op"`    // what was changed
	Line    string   `json:"line"`  // the mutated .mtg line
	Status  Status   `json:"status"`
	Killer  string   `json:"killer,omitempty"` // the first script that failed
	Scripts int      `json:"scripts"`          // scripts run against it
	Error   string   `json:"error,omitempty"`  // why it does not check
	// Witness, for a survivor, is the first difference a random game
	// found between it and the original rules ("" if none did).
	Witness string `json:"witness,omitempty"`
	Games   int    `json:"games,omitempty"` // random games compared
}

// RuleScore is the result of the mutants of the clauses a rule starts.
type RuleScore struct {
	Rule      string   `json:"rule"`
	Mutants   int      `json:"mutants"` // checked mutants
	Killed    int      `json:"killed"`
	Timeouts  int      `json:"timeouts"`
	Survived  int      `json:"survived"`
	Invalid   int      `json:"invalid"`
	Score     float64  `json:"score"`   // (killed+timeouts)/mutants, in percent
	Scripts   int      `json:"scripts"` // scripts that cover the rule
	Survivors []Mutant `json:"survivors,omitempty"`
}

// Report is the result of a run.
type Report struct {
	Rules    []RuleScore `json:"rules"`
	Mutants  int         `json:"mutants"`
	Killed   int         `json:"killed"`
	Timeouts int         `json:"timeouts"`
	Survived int         `json:"survived"`
	Invalid  int         `json:"invalid"`
	Score    float64     `json:"score"`
	Elapsed  string      `json:"elapsed"`
	All      []Mutant    `json:"-"`
}

// candidate is a mutant before it runs.
type candidate struct {
	m    Mutant
	srcs []compiler.Source
}

// Run generates the mutants, runs them and reports per rule. The original
// ruleset must check and pass its scripts first.
func Run(cfg Config) (*Report, error) {
	start := time.Now()
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	match, err := ruleFilter(cfg.Run)
	if err != nil {
		return nil, err
	}
	var scripts []conformance.Script
	for _, s := range cfg.Scripts {
		if _, known := cfg.Known[s.Name]; !known {
			scripts = append(scripts, s)
		}
	}
	p, err := compiler.Compile(cfg.Srcs, cfg.Indexes)
	if err != nil {
		return nil, fmt.Errorf("the rules do not check: %v", err)
	}
	// The baseline: every script passes on the original, and how much work
	// the whole corpus takes bounds what a mutant may take.
	var ticks atomic.Int64
	counted, err := interp.RulesWith(p, interp.Options{Tick: func() { ticks.Add(1) }})
	if err != nil {
		return nil, err
	}
	base, err := interp.Rules(p)
	if err != nil {
		return nil, err
	}
	// A script's own cards (-- cards.mtg --) are compiled with the rules
	// it runs on: the original here, each mutant's below.
	baseCards := conformance.CompileCards(cfg.Srcs, cfg.Indexes, func(p *compiler.Program) (*rt.Rules, error) {
		return interp.RulesWith(p, interp.Options{Tick: func() { ticks.Add(1) }})
	})
	for _, r := range conformance.RunScripts(conformance.Config{Rules: counted, Index: p.Index, Cards: baseCards}, scripts, false) {
		if r.Failed {
			return nil, fmt.Errorf("%s fails on the original rules: fix it (or list it in the known failures) before mutating:\n%s", r.Script.Name, r.Log)
		}
	}
	limit := 20*ticks.Load() + 1_000_000
	// The random games bound themselves alike: a 40-turn game may take
	// more work than the whole corpus, so the witness's limit is the
	// original's own work on the same games, times the same factor.
	gameLimit := limit
	if cfg.Games > 0 {
		if gameLimit, err = gameBudget(p, base, cfg.Games); err != nil {
			return nil, err
		}
	}

	cands, err := generate(cfg.Srcs, match)
	if err != nil {
		return nil, err
	}
	results := make([]Mutant, len(cands))
	var next, done atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < cfg.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(cands) {
					return
				}
				results[i] = runMutant(cands[i], cfg, scripts, limit, gameLimit, base)
				if cfg.Progress != nil {
					cfg.Progress(int(done.Add(1)), len(cands))
				}
			}
		}()
	}
	wg.Wait()
	rep := summarize(results, scripts)
	rep.Elapsed = time.Since(start).Round(time.Millisecond).String()
	return rep, nil
}

// ruleFilter returns what -run keeps.
func ruleFilter(run string) (func(rules []string) bool, error) {
	if run == "" {
		return func([]string) bool { return true }, nil
	}
	if regexp.MustCompile(`^[0-9]{3}(\.[0-9]+[a-z]?)?$`).MatchString(run) {
		return func(rules []string) bool {
			for _, r := range rules {
				if conformance.MatchRule(r, run) {
					return true
				}
			}
			return false
		}, nil
	}
	re, err := regexp.Compile(run)
	if err != nil {
		return nil, fmt.Errorf("-run: %v", err)
	}
	return func(rules []string) bool {
		for _, r := range rules {
			if re.MatchString(r) {
				return true
			}
		}
		return false
	}, nil
}

// generate builds the mutated sources of every site, one at a time (the
// sites change the shared trees in place and undo the change).
func generate(srcs []compiler.Source, keep func([]string) bool) ([]candidate, error) {
	var out []candidate
	for i, s := range srcs {
		if s.Layer > 0 {
			// A base edition's files: its own run mutates them, against
			// its own corpus.
			continue
		}
		f, err := grammar.ParseFile(s.Name, s.Data)
		if err != nil {
			return nil, err
		}
		orig := grammar.Format(f)
		for _, st := range sitesOf(f) {
			if !keep(st.clause.Rules) {
				continue
			}
			undo := st.apply()
			data, line := grammar.Format(f), st.show()
			undo()
			if bytes.Equal(data, orig) {
				continue // no change at all (swapping equal statements)
			}
			ms := append([]compiler.Source(nil), srcs...)
			ms[i] = compiler.Source{Name: s.Name, Data: data}
			rule := ""
			if len(st.clause.Rules) > 0 {
				rule = st.clause.Rules[0]
			}
			out = append(out, candidate{srcs: ms, m: Mutant{
				Rule: rule, Rules: st.clause.Rules, Pos: st.pos.String(), Op: st.op, Line: line,
			}})
		}
	}
	return out, nil
}

// covers reports whether a script names one of rules, a rule they are
// part of, or one of their subrules.
func covers(s conformance.Script, rules []string) bool {
	for _, r := range s.Header.Rules {
		for _, cr := range rules {
			if conformance.MatchRule(cr, r) || conformance.MatchRule(r, cr) {
				return true
			}
		}
	}
	return false
}

func coveringScripts(all []conformance.Script, rules []string) []conformance.Script {
	var out []conformance.Script
	for _, s := range all {
		if covers(s, rules) {
			out = append(out, s)
		}
	}
	return out
}

// watchdog counts the calls a mutant's rules take and ends the script
// (or random game) whose mutant never ends.
type watchdog struct {
	n, limit int64
	tripped  atomic.Bool
}

func (w *watchdog) tick() {
	w.n++
	if w.n > w.limit {
		w.tripped.Store(true)
		// The script runs in its own goroutine (as under go test, where
		// FailNow does the same): end it; the mutant counts as a timeout.
		runtime.Goexit()
	}
}

func runMutant(c candidate, cfg Config, scripts []conformance.Script, limit, gameLimit int64, base *rt.Rules) Mutant {
	m := c.m
	p, err := compiler.Compile(c.srcs, cfg.Indexes)
	if err != nil {
		m.Status, m.Error = Invalid, firstLine(err.Error())
		return m
	}
	wd := &watchdog{limit: limit}
	r, err := interp.RulesWith(p, interp.Options{Tick: wd.tick})
	if err != nil {
		m.Status, m.Error = Invalid, err.Error()
		return m
	}
	run := scripts
	if !cfg.All {
		run = coveringScripts(scripts, m.Rules)
	}
	m.Scripts = len(run)
	m.Status = Survived
	if len(run) == 0 {
		return m
	}
	cards := conformance.CompileCards(c.srcs, cfg.Indexes, func(p *compiler.Program) (*rt.Rules, error) {
		return interp.RulesWith(p, interp.Options{Tick: wd.tick})
	})
	for _, res := range conformance.RunScripts(conformance.Config{Rules: r, Index: p.Index, Cards: cards}, run, false) {
		if wd.tripped.Load() {
			m.Status, m.Killer = Timeout, res.Script.Name
			break
		}
		if res.Failed {
			m.Status, m.Killer = Killed, res.Script.Name
			break
		}
	}
	if wd.tripped.Load() {
		m.Status = Timeout
	}
	if m.Status == Survived && cfg.Games > 0 {
		m.Games, m.Witness = cfg.Games, witness(base, p, cfg.Games, gameLimit)
	}
	return m
}

// witness compares the original rules and a mutant on random games and
// returns the first difference, in short, or "". The games run in their
// own goroutine so that the watchdog can end a mutant that never ends:
// one that takes more than limit calls of its rules over all the games.
func witness(base *rt.Rules, p *compiler.Program, games int, limit int64) string {
	wd := &watchdog{limit: limit}
	r, err := interp.RulesWith(p, interp.Options{Tick: wd.tick})
	if err != nil {
		return ""
	}
	var found string
	done := make(chan struct{})
	go func() {
		defer close(done)
		found = playWitness(base, r, games)
	}()
	<-done
	if wd.tripped.Load() {
		return "a random game never ends"
	}
	return found
}

// gameBudget is the witness's limit: 20 times the calls the original rules
// take over the same random games, plus a margin.
func gameBudget(p *compiler.Program, base *rt.Rules, games int) (int64, error) {
	var ticks atomic.Int64
	counted, err := interp.RulesWith(p, interp.Options{Tick: func() { ticks.Add(1) }})
	if err != nil {
		return 0, err
	}
	if found := playWitness(base, counted, games); found != "" {
		return 0, fmt.Errorf("the original rules differ from themselves on a random game: %s", found)
	}
	return 20*ticks.Load() + 1_000_000, nil
}

// playWitness plays the seeded random games of a witness, the original
// rules against other ones, and returns the first difference, in short.
func playWitness(base, other *rt.Rules, games int) string {
	for seed := uint64(1); seed <= uint64(games); seed++ {
		_, err := difftest.Compare(difftest.Engine{Name: "original", Rules: base}, difftest.Engine{Name: "mutant", Rules: other},
			seed, difftest.Options{Chaos: true, Turns: 40})
		if err != nil {
			return shorten(err.Error())
		}
	}
	return ""
}

// shorten keeps the first lines of a divergence: where, and the first
// differing event.
func shorten(s string) string {
	lines := strings.Split(s, "\n")
	if len(lines) > 3 {
		lines = lines[:3]
	}
	return strings.Join(lines, "\n")
}

func summarize(ms []Mutant, scripts []conformance.Script) *Report {
	rep := &Report{All: ms}
	by := map[string]*RuleScore{}
	var order []string
	for _, m := range ms {
		rs := by[m.Rule]
		if rs == nil {
			rs = &RuleScore{Rule: m.Rule, Scripts: len(coveringScripts(scripts, []string{m.Rule}))}
			by[m.Rule] = rs
			order = append(order, m.Rule)
		}
		switch m.Status {
		case Invalid:
			rs.Invalid++
			rep.Invalid++
			continue
		case Killed:
			rs.Killed++
			rep.Killed++
		case Timeout:
			rs.Timeouts++
			rep.Timeouts++
		case Survived:
			rs.Survived++
			rep.Survived++
			rs.Survivors = append(rs.Survivors, m)
		}
		rs.Mutants++
		rep.Mutants++
	}
	sort.SliceStable(order, func(i, j int) bool { return compiler.RuleLess(order[i], order[j]) })
	for _, r := range order {
		rs := by[r]
		rs.Score = score(rs.Killed+rs.Timeouts, rs.Mutants)
		rep.Rules = append(rep.Rules, *rs)
	}
	rep.Score = score(rep.Killed+rep.Timeouts, rep.Mutants)
	return rep
}

func score(k, n int) float64 {
	if n == 0 {
		return 100
	}
	return float64(int(1000*float64(k)/float64(n)+0.5)) / 10
}

// SectionScore sums the rules of one section (the rule number before the
// dot: 704 for 704.5g).
type SectionScore struct {
	Section  string  `json:"section"`
	Rules    int     `json:"rules"`
	Mutants  int     `json:"mutants"`
	Killed   int     `json:"killed"`
	Timeouts int     `json:"timeouts"`
	Survived int     `json:"survived"`
	Score    float64 `json:"score"`
}

// Sections sums the report per section, in rule order.
func (r *Report) Sections() []SectionScore {
	var out []SectionScore
	for _, rs := range r.Rules {
		sec := conformance.Section(rs.Rule)
		if rs.Rule == "" {
			sec = "-"
		}
		if len(out) == 0 || out[len(out)-1].Section != sec {
			out = append(out, SectionScore{Section: sec})
		}
		s := &out[len(out)-1]
		s.Rules++
		s.Mutants += rs.Mutants
		s.Killed += rs.Killed
		s.Timeouts += rs.Timeouts
		s.Survived += rs.Survived
	}
	for i := range out {
		out[i].Score = score(out[i].Killed+out[i].Timeouts, out[i].Mutants)
	}
	return out
}
