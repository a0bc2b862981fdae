// Package playground is what the browser playground (web/, cmd/mtgc-wasm)
// asks of mtgc, over files held in memory: the embedded editions' files,
// the checker's diagnostics for edited files, a conformance script run on
// the interpreter with its rule-cited trace, and the coverage of the edited
// rules. It calls only the public API that cmd/mtgc uses (compiler.ReadDirAs
// and Compile, interp.Rules, conformance.RunScripts and its lists), and
// holds no state: every call gets every file.
//
// Results are plain structs, marshalled as JSON by the WebAssembly entry
// point; the package also builds and runs natively, which is how it is
// tested.
package playground

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing/fstest"
	"time"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/grammar"
	"github.com/mtgc-dev/mtgc/interp"
	"github.com/mtgc-dev/mtgc/rules"
	rt "github.com/mtgc-dev/mtgc/runtime"
)

// Dir is the directory the playground's rules files are shown in:
// positions name them "rules/turn.mtg".
const Dir = "rules"

// DefaultScript is the corpus script the page opens with, when the
// edition's corpus has it.
const DefaultScript = "514.1-discard"

// Limits are the limits a script runs under: those of mtgc test
// (conformance.DefaultObjects, DefaultPasses), with a shorter time, since
// a page is interactive. The page stops the worker running it past
// Timeout plus a grace period, whatever the script does.
var Limits = conformance.Limits{
	Timeout: 10 * time.Second,
	Objects: conformance.DefaultObjects,
	Passes:  conformance.DefaultPasses,
}

// EditionInfo names one embedded edition.
type EditionInfo struct {
	Name    string `json:"name"`
	Title   string `json:"title"` // the edition line's title, "" if it does not check
	Default bool   `json:"default"`
}

// Editions lists the embedded editions, the default first.
func Editions() []EditionInfo {
	var out []EditionInfo
	for _, ed := range rules.Editions() {
		info := EditionInfo{Name: ed.Name, Default: ed.Name == rules.Default}
		if p, err := compiler.LoadAs(rules.FS, ed.Dir, ed.Shown); err == nil {
			info.Title = p.Title
		}
		out = append(out, info)
	}
	return out
}

// Edition is an embedded edition's files, as the page edits them.
type Edition struct {
	Name string `json:"name"`
	// Files maps each file's name ("turn.mtg", "cr2017.tsv") to its text:
	// the .mtg files and the rule index, nothing else.
	Files map[string]string `json:"files"`
	// Scripts are the names of the edition's corpus scripts, sorted.
	Scripts []string `json:"scripts"`
	// Script is the name of the script the page opens with.
	Script string `json:"script"`
}

// CardsFile is the file of the page's own cards: card declarations
// (docs/cards.md) compiled with the rules like any of their files, which
// a script names with the attribute card. Every edition the page opens
// has one (cardsFile); a shared link carries it as it carries an edited
// rules file.
const CardsFile = "cards.mtg"

// cardsFile is the text of the cards file of an edition whose files
// declare it with line, its edition line: a comment on what it is for
// and one real card a script can name, whose clause cites rule, the
// rule the edition's own cant_block clauses cite (the number differs
// between editions).
func cardsFile(line, rule string) string {
	return `# Cards: real cards declared in the language (docs/cards.md), compiled
# with the rules of the other tabs. A script makes an object of one by
# naming it with the attribute card:
#
#   battlefield p1 'Goblin Raider' card
#
# The Cards panel lists what this file declares; Share carries it.
` + line + `

# {1}{R} Creature — Goblin Warrior 2/2. "Goblin Raider can't block."
card goblin_raider "Goblin Raider" {
  cost "{1}{R}"
  types creature
  subtypes "goblin", "warrior"
  power 2 toughness 2
  predicate cant_block "` + rule + `" (self, a) if a.creature
}
`
}

// cantBlockRule is the rule the edition's first cant_block clause
// cites, "" if it has none.
func cantBlockRule(files map[string]string) string {
	p, _ := compile(files)
	if p == nil {
		return ""
	}
	for _, pr := range p.Predicates {
		if pr.Kind == "cant_block" && len(pr.Rules) > 0 {
			return pr.Rules[0]
		}
	}
	return ""
}

// namesWith is the sorted names of the files ending in suffix.
func namesWith(files map[string]string, suffix string) []string {
	var names []string
	for n := range files {
		if strings.HasSuffix(n, suffix) {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

// editionLine is the first edition line of the .mtg files.
func editionLine(files map[string]string) string {
	for _, n := range namesWith(files, ".mtg") {
		for _, l := range strings.Split(files[n], "\n") {
			if strings.HasPrefix(l, "edition ") {
				return strings.TrimSpace(l)
			}
		}
	}
	return ""
}

// LoadEdition returns the files of an embedded edition, with the page's
// cards file (CardsFile).
func LoadEdition(name string) (*Edition, error) {
	ed, ok := rules.Lookup(name)
	if !ok {
		return nil, fmt.Errorf("no embedded edition %q (there are %s)", name, rules.Names())
	}
	out := &Edition{Name: ed.Name, Files: map[string]string{}}
	entries, err := fs.ReadDir(rules.FS, ed.Dir)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !(strings.HasSuffix(n, ".mtg") || n == ed.Name+".tsv") {
			continue
		}
		data, err := fs.ReadFile(rules.FS, path.Join(ed.Dir, n))
		if err != nil {
			return nil, err
		}
		out.Files[n] = string(data)
	}
	if _, ok := out.Files[CardsFile]; !ok {
		if rule := cantBlockRule(out.Files); rule != "" {
			out.Files[CardsFile] = cardsFile(editionLine(out.Files), rule)
		}
	}
	corpus, _, _, err := conformance.EditionCorpus(ed.Name)
	if err != nil {
		return nil, err
	}
	names, err := fs.Glob(corpus, "*.txtar")
	if err != nil {
		return nil, err
	}
	for _, n := range names {
		out.Scripts = append(out.Scripts, strings.TrimSuffix(n, ".txtar"))
	}
	sort.Strings(out.Scripts)
	for _, s := range out.Scripts {
		if s == DefaultScript {
			out.Script = s
		}
	}
	if out.Script == "" && len(out.Scripts) > 0 {
		out.Script = out.Scripts[0]
	}
	return out, nil
}

// CorpusScript returns the text of one script of an edition's corpus.
func CorpusScript(edition, name string) (string, error) {
	corpus, _, _, err := conformance.EditionCorpus(edition)
	if err != nil {
		return "", err
	}
	if !fs.ValidPath(name) || strings.Contains(name, "/") {
		return "", fmt.Errorf("no script %q", name)
	}
	data, err := fs.ReadFile(corpus, name+".txtar")
	if err != nil {
		return "", fmt.Errorf("no script %q in the %s corpus", name, edition)
	}
	return string(data), nil
}

// Diagnostic is one problem, positioned: File is a rules file's name
// ("turn.mtg") or "script" for the conformance script. Line and Col are
// 1-based, Col in bytes; 0 when the problem has no position.
type Diagnostic struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Col  int    `json:"col"`
	Msg  string `json:"msg"`
}

// Cite is where the rules cite a rule number.
type Cite struct {
	File string `json:"file"`
	Line int    `json:"line"`
	What string `json:"what"`
}

// CheckResult is what the checker says of the files and the script.
type CheckResult struct {
	OK          bool         `json:"ok"` // the rules check (the script may still have problems)
	Edition     string       `json:"edition,omitempty"`
	Title       string       `json:"title,omitempty"`
	Diagnostics []Diagnostic `json:"diagnostics"`
	// Cards are the cards the files declare, in the order declared; none
	// when the rules do not check.
	Cards []CardInfo `json:"cards"`
}

// CardInfo is one card the rules declare, as the page's Cards panel
// lists it: what an object made from it starts with, and where it is
// declared.
type CardInfo struct {
	Name      string   `json:"name"`
	Cost      string   `json:"cost"`
	Types     string   `json:"types"`    // supertypes and card types ("legendary creature")
	Subtypes  []string `json:"subtypes"` // lower case, as subtype(x, "wall") reads them
	PT        string   `json:"pt"`       // "2/2"; "" for a card with no power and toughness
	Keywords  []string `json:"keywords"` // with their numbers ("bushido 1")
	Abilities int      `json:"abilities"`
	File      string   `json:"file"`
	Line      int      `json:"line"`
}

// cardsOf lists the program's cards.
func cardsOf(p *compiler.Program, r *rt.Rules) []CardInfo {
	out := []CardInfo{}
	for _, c := range p.Cards {
		k := c.Card
		info := CardInfo{Name: c.Name, Cost: k.Cost.String(), Subtypes: k.Subtypes, Keywords: k.Keywords,
			Abilities: len(k.Triggers) + len(k.Abilities), File: strings.TrimPrefix(c.Pos.File, Dir+"/"), Line: c.Pos.Line}
		types := r.TypeString(k.Types)
		if k.Super != 0 {
			types = k.Super.String() + " " + types
		}
		info.Types = types
		if c, _ := r.ParseType("creature"); k.Types&c != 0 || k.Power != 0 || k.Toughness != 0 {
			info.PT = fmt.Sprintf("%d/%d", k.Power, k.Toughness)
		}
		if info.Subtypes == nil {
			info.Subtypes = []string{}
		}
		if info.Keywords == nil {
			info.Keywords = []string{}
		}
		out = append(out, info)
	}
	return out
}

// ScriptName is the file name diagnostics give the conformance script.
const ScriptName = "script"

// compile checks the files: the program, or the diagnostics.
func compile(files map[string]string) (*compiler.Program, []Diagnostic) {
	mfs := fstest.MapFS{}
	for name, text := range files {
		if !fs.ValidPath(name) || strings.Contains(name, "/") {
			return nil, []Diagnostic{{File: name, Msg: "a rules file's name is one plain file name (turn.mtg)"}}
		}
		mfs[name] = &fstest.MapFile{Data: []byte(text)}
	}
	srcs, idx, err := compiler.ReadDirAs(mfs, ".", Dir)
	if err != nil {
		return nil, []Diagnostic{{Msg: err.Error()}}
	}
	// An edition written as a delta: its bases are the embedded ones, named
	// apart from the page's files (base-cr2017/turn.mtg).
	if _, base := compiler.DeclaredEdition(srcs[0].Data); base != "" {
		if be, ok := rules.Lookup(base); ok {
			more, _, err := compiler.ReadEdition(rules.FS, be.Dir, "base-"+base)
			if err != nil {
				return nil, []Diagnostic{{Msg: err.Error()}}
			}
			for i := range more {
				more[i].Layer++
			}
			srcs = append(srcs, more...)
		}
	}
	p, err := compiler.Compile(srcs, idx)
	if err == nil {
		p.Dir = Dir
		return p, nil
	}
	var list grammar.ErrorList
	if !errors.As(err, &list) {
		return nil, []Diagnostic{{Msg: err.Error()}}
	}
	var out []Diagnostic
	for _, e := range list {
		out = append(out, Diagnostic{File: strings.TrimPrefix(e.Pos.File, Dir+"/"), Line: e.Pos.Line, Col: e.Pos.Col, Msg: e.Msg})
	}
	return nil, out
}

// indexOf is the edition's index from the files, for checking a script
// when the rules do not compile: the first .tsv that parses.
func indexOf(files map[string]string) *compiler.Index {
	for _, n := range namesWith(files, ".tsv") {
		idx, err := compiler.ReadIndex(n, strings.NewReader(files[n]))
		if err == nil {
			idx.Edition = strings.TrimSuffix(n, ".tsv")
			return idx
		}
	}
	return nil
}

// Check checks the rules files and, if script is not empty, lints the
// script against the edition's index.
func Check(files map[string]string, script string) CheckResult {
	p, diags := compile(files)
	res := CheckResult{OK: p != nil, Diagnostics: diags, Cards: []CardInfo{}}
	idx := indexOf(files)
	if p != nil {
		res.Edition, res.Title, idx = p.Edition, p.Title, p.Index
		res.Cards = cardsOf(p, &rt.Rules{CardTypes: cardTypeNames(p)})
	}
	if script != "" {
		for _, pr := range conformance.LintScript([]byte(script), idx) {
			res.Diagnostics = append(res.Diagnostics, Diagnostic{File: ScriptName, Line: pr.Line, Col: pr.Col, Msg: pr.Msg})
		}
	}
	if res.Diagnostics == nil {
		res.Diagnostics = []Diagnostic{}
	}
	return res
}

// Event is one event of a game's trace.
type Event struct {
	Rule  string `json:"rule"`  // "" for none
	Text  string `json:"text"`  // what happened, without the rule
	Title string `json:"title"` // the rule's short title from the index
	Cites []Cite `json:"cites"` // where the rules cite the rule
}

// Game is one game a script played.
type Game struct {
	Events []Event `json:"events"`
	// Elided counts the events left out before Events (MaxEvents).
	Elided int `json:"elided,omitempty"`
}

// MaxEvents caps the events of one game a result carries.
const MaxEvents = 2000

// RunResult is a script's run.
type RunResult struct {
	// Verdict is "pass", "fail" or "skip"; "error" when the rules do not
	// check or the script can't run (Diagnostics, Log say why).
	Verdict     string       `json:"verdict"`
	Log         string       `json:"log"` // testscript's log of the script
	Elapsed     float64      `json:"elapsed_ms"`
	Games       []Game       `json:"games"`
	Fired       []string     `json:"fired"` // the rules its events cited
	Diagnostics []Diagnostic `json:"diagnostics"`
	// Reason is why a run did not pass, in one line: the script's failing
	// command and testscript's message for "fail", the skip's reason for
	// "skip", what to fix first for "error"; empty for "pass".
	Reason string `json:"reason,omitempty"`
	// ReasonLine is the script's line Reason is about (0 if none).
	ReasonLine int `json:"reason_line,omitempty"`
}

// problems is "1 problem", "N problems".
func problems(n int) string {
	if n == 1 {
		return "1 problem"
	}
	return strconv.Itoa(n) + " problems"
}

// reason finds in a testscript log the line that says why the script
// failed or was skipped ("FAIL: NAME.txtar:38: msg", "SKIP: ...") and the
// command before it ("> cmp stdout want.trace").
func reason(log, name string) (string, int) {
	lines := strings.Split(log, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		l := lines[i]
		var kind string
		switch {
		case strings.HasPrefix(l, "FAIL: "):
			kind = "FAIL: "
		case strings.HasPrefix(l, "SKIP: "), strings.HasPrefix(l, "skip: "):
			kind = l[:6]
		default:
			continue
		}
		msg, line := strings.TrimPrefix(l, kind), 0
		if rest, ok := strings.CutPrefix(msg, name+":"); ok {
			if n, after, ok := strings.Cut(rest, ": "); ok {
				if v, err := strconv.Atoi(n); err == nil {
					msg, line = after, v
				}
			}
		}
		for j := i - 1; j >= 0; j-- {
			if cmd, ok := strings.CutPrefix(lines[j], "> "); ok {
				if line > 0 {
					return fmt.Sprintf("line %d: %s: %s", line, cmd, msg), line
				}
				return cmd + ": " + msg, 0
			}
		}
		return msg, line
	}
	return "", 0
}

// Run checks the files, builds the interpreter's rules from them and runs
// the script under Limits in a scratch directory (the page's in-memory
// file system, under WebAssembly).
func Run(files map[string]string, script string) (res RunResult) {
	res = RunResult{Games: []Game{}, Fired: []string{}, Diagnostics: []Diagnostic{}}
	defer func() {
		if res.Verdict == "error" && res.Reason == "" {
			res.Reason = strings.TrimSpace(res.Log)
		}
	}()
	p, diags := compile(files)
	if p == nil {
		res.Verdict, res.Diagnostics = "error", diags
		res.Log = "the rules do not check: fix the errors first\n"
		res.Reason = "the rules do not check (" + problems(len(diags)) + " in the .mtg files): fix them first"
		return res
	}
	if probs := conformance.LintScript([]byte(script), p.Index); len(probs) > 0 {
		for _, pr := range probs {
			res.Diagnostics = append(res.Diagnostics, Diagnostic{File: ScriptName, Line: pr.Line, Col: pr.Col, Msg: pr.Msg})
		}
		res.Verdict, res.Log = "error", "the script has problems: fix them first\n"
		res.Reason = fmt.Sprintf("the script has %s: fix them first (line %d: %s)", problems(len(probs)), probs[0].Line, probs[0].Msg)
		res.ReasonLine = probs[0].Line
		return res
	}
	r, err := interp.Rules(p)
	if err != nil {
		res.Verdict, res.Log = "error", err.Error()+"\n"
		return res
	}
	tmp, err := os.MkdirTemp("", "mtgc-playground")
	if err != nil {
		res.Verdict, res.Log = "error", err.Error()+"\n"
		return res
	}
	defer os.RemoveAll(tmp)
	const name = "playground"
	file := filepath.Join(tmp, name+".txtar")
	if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
		res.Verdict, res.Log = "error", err.Error()+"\n"
		return res
	}
	scripts, err := conformance.ReadCorpus(tmp)
	if err != nil || len(scripts) != 1 {
		res.Verdict, res.Log = "error", fmt.Sprintf("reading the script: %v\n", err)
		return res
	}
	games := &conformance.Games{}
	cfg := conformance.Config{Rules: r, Index: p.Index, Limits: Limits, Games: games}
	out := conformance.RunScripts(cfg, scripts, true)[0]
	switch {
	case out.Failed:
		res.Verdict = "fail"
	case out.Skipped:
		res.Verdict = "skip"
	default:
		res.Verdict = "pass"
	}
	res.Log = strings.ReplaceAll(out.Log, tmp+string(filepath.Separator), "")
	// testscript's log opens with the script's environment: not the user's.
	if strings.HasPrefix(res.Log, "WORK=") {
		if _, rest, ok := strings.Cut(res.Log, "\n\n"); ok {
			res.Log = rest
		}
	}
	if res.Verdict != "pass" {
		res.Reason, res.ReasonLine = reason(res.Log, name+".txtar")
		if res.Reason == "" {
			res.Reason = res.Verdict + ": the log says why"
		}
	}
	res.Elapsed = float64(out.Elapsed.Microseconds()) / 1000
	if out.Fired != nil {
		res.Fired = out.Fired
	}
	cites := citesOf(p)
	for _, g := range games.Of(name) {
		var gm Game
		from := 0
		if len(g.Log) > MaxEvents {
			from = len(g.Log) - MaxEvents
			gm.Elided = from
		}
		gm.Events = make([]Event, 0, len(g.Log)-from)
		for _, e := range g.Log[from:] {
			ev := Event{Rule: e.Rule, Text: strings.TrimPrefix(g.Format(e), e.Rule+" "), Cites: cites[e.Rule]}
			if e.Rule != "" {
				ev.Title = strings.TrimSpace(p.Index.Titles[e.Rule])
			}
			if ev.Cites == nil {
				ev.Cites = []Cite{}
			}
			gm.Events = append(gm.Events, ev)
		}
		res.Games = append(res.Games, gm)
	}
	return res
}

// citesOf maps each rule number to where the program cites it.
func citesOf(p *compiler.Program) map[string][]Cite {
	out := map[string][]Cite{}
	for _, c := range p.Cites {
		out[c.Rule] = append(out[c.Rule], Cite{File: strings.TrimPrefix(c.Pos.File, Dir+"/"), Line: c.Pos.Line, What: c.What})
	}
	return out
}

// CoverageResult is the coverage grid of the edited rules: per section, its
// rules and their status, as mtgc coverage -html draws it, from the
// edition's corpus (its scripts' "# rules:" lines, not run) and lists.
type CoverageResult struct {
	Edition  string            `json:"edition"`
	Sections []CoverageSection `json:"sections"`
	Total    string            `json:"total"`
}

// CoverageSection is one section of the grid.
type CoverageSection struct {
	Section string         `json:"section"`
	Title   string         `json:"title"`
	Summary string         `json:"summary"`
	Rules   []CoverageRule `json:"rules"`
}

// CoverageRule is one cell of the grid.
type CoverageRule struct {
	Rule    string   `json:"rule"`
	Title   string   `json:"title"`
	Status  string   `json:"status"`
	Scripts []string `json:"scripts"`
	Cites   []Cite   `json:"cites"`
}

// Coverage computes the coverage of the edited rules against the embedded
// corpus of their edition. It fails if the rules do not check.
func Coverage(files map[string]string) (*CoverageResult, error) {
	p, diags := compile(files)
	if p == nil {
		return nil, fmt.Errorf("the rules do not check (%d problems)", len(diags))
	}
	corpus, lists, _, err := conformance.EditionCorpus(p.Edition)
	if err != nil {
		return nil, err
	}
	names, err := fs.Glob(corpus, "*.txtar")
	if err != nil {
		return nil, err
	}
	var scripts []conformance.Script
	for _, n := range names {
		data, err := fs.ReadFile(corpus, n)
		if err != nil {
			return nil, err
		}
		h, err := conformance.ReadHeader(n, data)
		if err != nil {
			continue
		}
		scripts = append(scripts, conformance.Script{Name: strings.TrimSuffix(n, ".txtar"), Path: n, Header: h})
	}
	cov := conformance.BuildCoverage(conformance.CoverageInput{Program: p, Scripts: scripts, Lists: lists})
	cites := citesOf(p)
	out := &CoverageResult{Edition: p.Edition, Total: cov.Total.Summary()}
	bySec := map[string]*CoverageSection{}
	for _, s := range cov.Sections {
		out.Sections = append(out.Sections, CoverageSection{Section: s.Section, Title: s.Title, Summary: s.Summary()})
	}
	for i := range out.Sections {
		bySec[out.Sections[i].Section] = &out.Sections[i]
	}
	for _, r := range cov.Rules {
		s := bySec[r.Section]
		if s == nil {
			continue
		}
		cr := CoverageRule{Rule: r.Rule, Title: r.Title, Status: r.Status, Scripts: r.Scripts, Cites: cites[r.Rule]}
		if cr.Scripts == nil {
			cr.Scripts = []string{}
		}
		if cr.Cites == nil {
			cr.Cites = []Cite{}
		}
		s.Rules = append(s.Rules, cr)
	}
	return out, nil
}

// cardTypeNames are the program's card types, bit i the i-th.
func cardTypeNames(p *compiler.Program) []string {
	out := make([]string, len(p.CardTypes))
	for i, t := range p.CardTypes {
		out[i] = t.Name
	}
	return out
}
