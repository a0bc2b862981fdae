package lsp

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/grammar"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

const source = "mtgc"

// publish sends the diagnostics of the document file and, for a .mtg
// file, of every .mtg file of its ruleset (an edit in one file can break
// or mend another).
func (s *server) publish(ctx context.Context, file string) {
	switch filepath.Ext(file) {
	case ".mtg", ".tsv":
		dir := filepath.Dir(file)
		rs := s.load(dir)
		byFile := map[string][]protocol.Diagnostic{}
		for _, f := range rs.files {
			byFile[f] = []protocol.Diagnostic{}
		}
		for _, e := range rs.errs {
			f := e.Pos.File
			if _, ok := byFile[f]; !ok {
				f = file // an error of no file of ours: show it where the user is
			}
			text, _ := s.text(f)
			byFile[f] = append(byFile[f], protocol.Diagnostic{
				Range: span(text, e.Pos.Line, e.Pos.Col), Severity: protocol.DiagnosticSeverityError,
				Source: source, Message: e.Msg,
			})
		}
		names := make([]string, 0, len(byFile))
		for f := range byFile {
			names = append(names, f)
		}
		sort.Strings(names)
		for _, f := range names {
			s.notify(ctx, f, byFile[f])
		}
	case ".txtar", ".txt":
		text, _ := s.text(file)
		rs := s.load(rulesDirOf(file))
		diags := []protocol.Diagnostic{}
		for _, p := range conformance.LintScript([]byte(text), rs.index) {
			diags = append(diags, protocol.Diagnostic{
				Range: span(text, p.Line, p.Col), Severity: protocol.DiagnosticSeverityError,
				Source: source, Message: p.Msg,
			})
		}
		s.notify(ctx, file, diags)
	}
}

func (s *server) notify(ctx context.Context, file string, diags []protocol.Diagnostic) {
	s.conn.Notify(ctx, protocol.MethodTextDocumentPublishDiagnostics, &protocol.PublishDiagnosticsParams{
		URI: fileURI(file), Diagnostics: diags,
	})
}

// subject is what the cursor is on: a rule number or a name.
type subject struct {
	rule string // a rule number of the index
	name string // an identifier
	rs   *ruleset
	text string
}

func (s *server) subjectAt(file string, pos protocol.Position) (subject, bool) {
	text, ok := s.text(file)
	if !ok {
		return subject{}, false
	}
	w, _ := word(text, pos)
	if w == "" {
		return subject{}, false
	}
	sub := subject{rs: s.load(rulesDirOf(file)), text: text}
	if ruleNumber.MatchString(w) {
		if sub.rs.index == nil || !sub.rs.index.Has(w) {
			return subject{}, false
		}
		sub.rule = w
		return sub, true
	}
	sub.name = w
	return sub, true
}

func (s *server) hover(file string, pos protocol.Position) *protocol.Hover {
	sub, ok := s.subjectAt(file, pos)
	if !ok {
		return nil
	}
	if md := changeHover(s.program(sub.rs), file, int(pos.Line)+1); md != "" {
		return &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.Markdown, Value: md}}
	}
	var md string
	if sub.rule != "" {
		md = s.ruleHover(sub, file)
	} else {
		md = s.wordHover(sub, file, pos)
	}
	if md == "" {
		return nil
	}
	return &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.Markdown, Value: md}}
}

// wordHover: a name after a dot is an attribute of the receiver's type
// (x.attacked an object's, p.attacked a player's); another name is one
// the rules declare or a verb, function, kind or keyword of the language.
func (s *server) wordHover(sub subject, file string, pos protocol.Position) string {
	l := lineOf(sub.text, int(pos.Line))
	_, start := word(sub.text, pos)
	if strings.HasSuffix(strings.TrimRight(l[:start], " \t"), ".") {
		lineOff := offsetOf(sub.text, protocol.Position{Line: pos.Line})
		recv, _ := receiverAt(sub.text, lineOff+start, s.program(sub.rs))
		if md := builtinHover(sub.name, recv, true); md != "" {
			return md
		}
	}
	return nameHover(sub.name, s.program(sub.rs), sub.rs.index)
}

// ruleHover: the rule's title, where the rules cite it, which scripts name
// it, and its coverage status.
func (s *server) ruleHover(sub subject, file string) string {
	var b strings.Builder
	n := sub.rule
	fmt.Fprintf(&b, "**%s** %s\n", n, strings.TrimSpace(sub.rs.index.Titles[n]))
	p := s.program(sub.rs)
	if p != nil {
		var where []string
		for _, c := range p.Cites {
			if c.Rule == n {
				where = append(where, fmt.Sprintf("%s:%d (%s)", s.rel(c.Pos.File, sub.rs), c.Pos.Line, c.What))
			}
		}
		if len(where) > 0 {
			fmt.Fprintf(&b, "\nCited at: %s\n", strings.Join(where, ", "))
		} else {
			fmt.Fprintf(&b, "\nCited nowhere in the rules.\n")
		}
	}
	c := corpusOf(sub.rs.dir, scriptFile(file))
	scripts := c.scriptsOf(n)
	if len(scripts) > 0 {
		var names []string
		for _, sc := range scripts {
			names = append(names, sc.Name)
		}
		fmt.Fprintf(&b, "\nTested by: %s\n", strings.Join(names, ", "))
	} else {
		fmt.Fprintf(&b, "\nTested by no script.\n")
	}
	if p != nil {
		cov := conformance.BuildCoverage(conformance.CoverageInput{Program: p, Scripts: c.scripts, Lists: c.lists})
		for _, r := range cov.Rules {
			if r.Rule == n {
				fmt.Fprintf(&b, "\nCoverage: %s", r.Status)
				if r.Excluded != "" {
					fmt.Fprintf(&b, " (%s)", r.Excluded)
				}
				b.WriteString("\n")
			}
		}
	}
	return b.String()
}

func scriptFile(file string) string {
	if filepath.Ext(file) == ".mtg" {
		return ""
	}
	return file
}

// rel shows a file of the ruleset by its name in the ruleset's directory.
func (s *server) rel(file string, rs *ruleset) string {
	if rs.dir != "" {
		if r, err := filepath.Rel(filepath.Dir(rs.dir), file); err == nil {
			return r
		}
	}
	return file
}

// nameHover describes a name: a phase, step, keyword, predicate or timing
// of the rules (with their rules), or a word of the language.
func nameHover(name string, p *compiler.Program, idx *compiler.Index) string {
	rulesText := func(rs []string) string {
		var out []string
		for _, r := range rs {
			t := ""
			if idx != nil {
				t = " " + strings.TrimSpace(idx.Titles[r])
			}
			out = append(out, "- **"+r+"**"+t)
		}
		return strings.Join(out, "\n")
	}
	if p != nil {
		for _, ph := range p.Phases {
			if ph.Name == name && !ph.Implicit || ph.Name == name && len(ph.Steps) == 0 {
				return fmt.Sprintf("phase `%s`\n\n%s", name, rulesText(ph.Rules))
			}
			for _, st := range ph.Steps {
				if st.Name == name {
					kind := "step"
					if ph.Implicit {
						kind = "phase (no steps of its own)"
					}
					return fmt.Sprintf("%s `%s` of phase `%s`\n\n%s", kind, name, ph.Name, rulesText(st.Rules))
				}
			}
			if ph.Name == name {
				return fmt.Sprintf("phase `%s`\n\n%s", name, rulesText(ph.Rules))
			}
		}
		for _, k := range p.Keywords {
			if k.Name == name {
				md := fmt.Sprintf("keyword `%s` (`x has %s`)\n\n%s", name, name, rulesText(k.Rules))
				if k.Prevents != "" {
					md += fmt.Sprintf("\n\nprevents `%s`:\n%s", k.Prevents, rulesText(k.PreventRules))
				}
				return md
			}
		}
		if k := p.Kind(name); k != nil {
			var rules []string
			n := 0
			for _, pr := range p.Predicates {
				if pr.Pred == k {
					n++
					for _, r := range pr.Rules {
						if !slices.Contains(rules, r) {
							rules = append(rules, r)
						}
					}
				}
			}
			return fmt.Sprintf("kind of predicate\n\n```mtg\n%s\n```\n\n%d predicate(s) of this kind, citing:\n%s", strings.TrimSpace(grammar.FormatNode(k.Decl)), n, rulesText(rules))
		}
		for _, pr := range p.Predicates {
			if pr.Kind == name {
				return fmt.Sprintf("predicate\n\n```mtg\n%s\n```\n\n%s", strings.TrimSpace(grammar.FormatNode(pr.Decl)), rulesText(pr.Rules))
			}
		}
		for _, t := range p.Timings {
			if t.Name == name {
				return fmt.Sprintf("timing\n\n```mtg\n%s\n```\n\n%s", strings.TrimSpace(grammar.FormatNode(t.Decl)), rulesText(t.Rules))
			}
		}
	}
	var kinds []string
	if md := builtinHover(name, compiler.Invalid, false); md != "" {
		kinds = append(kinds, md)
	}
	if md := builtinHover(name, compiler.Invalid, true); md != "" {
		kinds = append(kinds, md)
	}
	for _, k := range compiler.Kinds() {
		if k.Name == name {
			kinds = append(kinds, fmt.Sprintf("kind `%s` (`for each %s v`, `count(%s, v, COND)`; v is a %s)\n\n%s", name, name, name, k.Var(), k.Doc))
		}
	}
	for _, k := range grammar.Keywords() {
		if k == name {
			kinds = append(kinds, fmt.Sprintf("keyword of the language `%s`", name))
		}
	}
	return strings.Join(kinds, "\n\n")
}

// declOf returns where a name is declared: a phase, step, keyword,
// predicate or timing.
func declOf(name string, p *compiler.Program) (grammar.Pos, bool) {
	if p == nil {
		return grammar.Pos{}, false
	}
	for _, ph := range p.Phases {
		if ph.Name == name {
			return ph.Pos, true
		}
		for _, st := range ph.Steps {
			if st.Name == name {
				return st.Pos, true
			}
		}
	}
	for _, k := range p.Keywords {
		if k.Name == name {
			return k.Pos, true
		}
	}
	if k := p.Kind(name); k != nil {
		return k.Pos, true
	}
	for _, pr := range p.Predicates {
		if pr.Kind == name {
			return pr.Pos, true
		}
	}
	for _, t := range p.Timings {
		if t.Name == name {
			return t.Pos, true
		}
	}
	for _, e := range p.TriggerEvents {
		if e.Name == name {
			return e.Pos, true
		}
	}
	for _, list := range [][]*compiler.StackObject{p.Effects, p.StackObjects} {
		for _, o := range list {
			if o.Name == name {
				return o.Pos, true
			}
		}
	}
	return grammar.Pos{}, false
}

// predicateOf is where the predicate clause of kind name is declared: the
// one citing rule first if given, else the first.
func predicateOf(name, rule string, p *compiler.Program) (grammar.Pos, bool) {
	if p == nil {
		return grammar.Pos{}, false
	}
	var at grammar.Pos
	for _, pr := range p.Predicates {
		if pr.Kind != name {
			continue
		}
		if rule != "" && len(pr.Rules) > 0 && pr.Rules[0] == rule {
			return pr.Pos, true
		}
		if !at.IsValid() {
			at = pr.Pos
		}
	}
	return at, at.IsValid()
}

// deltaClause matches a delta's clause that names a base declaration:
// override, remove or recite KIND NAME ["RULE"].
var deltaClause = regexp.MustCompile(`^\s*(override|remove|recite)\s+([a-z_]+)\s+$`)

// firstRule is the first quoted rule number after the word on its line.
var firstRule = regexp.MustCompile(`^\s*"([0-9][0-9a-z.*]*)"`)

// definitionKinds are the citations that define their rule.
var definitionKinds = map[string]bool{"phase": true, "step": true, "action": true, "sba": true, "watch": true}

// definition: for a name, its declaration; for a rule number, the clause
// that defines it (else its first citation), else its row in the index.
func (s *server) definition(file string, pos protocol.Position) []protocol.Location {
	sub, ok := s.subjectAt(file, pos)
	if !ok {
		return nil
	}
	p := s.program(sub.rs)
	if sub.name != "" {
		w, start := word(sub.text, pos)
		l := lineOf(sub.text, int(pos.Line))
		before, after := l[:start], l[min(len(l), start+len(w)):]
		rule := ""
		if m := firstRule.FindStringSubmatch(after); m != nil {
			rule = m[1]
		}
		// override/remove/recite KIND NAME: the clause of the base it
		// names (a predicate by its kind and first rule).
		if m := deltaClause.FindStringSubmatch(before); m != nil {
			if base := s.baseDir(sub.rs.dir); base != "" {
				bp := s.program(s.load(base))
				if m[2] == "predicate" {
					if at, ok := predicateOf(sub.name, rule, bp); ok {
						return s.locations([]grammar.Pos{at})
					}
				} else if at, ok := declOf(sub.name, bp); ok {
					return s.locations([]grammar.Pos{at})
				}
			}
		}
		// holds(KIND, ...) and a predicate's own line: the predicate,
		// not a keyword spelled the same.
		if strings.HasSuffix(strings.TrimRight(before, " "), "holds(") || strings.HasSuffix(strings.TrimSpace(before), "predicate") {
			if at, ok := predicateOf(sub.name, rule, p); ok {
				return s.locations([]grammar.Pos{at})
			}
		}
		if at, ok := declOf(sub.name, p); ok {
			return s.locations([]grammar.Pos{at})
		}
		return nil
	}
	if p != nil {
		var first []grammar.Pos
		for _, c := range p.Cites {
			if c.Rule == sub.rule && definitionKinds[c.What] {
				return s.locations([]grammar.Pos{c.Pos})
			}
			if c.Rule == sub.rule && first == nil {
				first = []grammar.Pos{c.Pos}
			}
		}
		if first != nil {
			return s.locations(first)
		}
	}
	if row := s.indexRow(sub.rs, sub.rule); row.IsValid() {
		return s.locations([]grammar.Pos{row})
	}
	return nil
}

// indexRow returns where the index lists rule n.
func (s *server) indexRow(rs *ruleset, n string) grammar.Pos {
	if rs.indexFile == "" {
		return grammar.Pos{}
	}
	data, err := s.read(rs.indexFile)
	if err != nil {
		return grammar.Pos{}
	}
	for i, l := range strings.Split(string(data), "\n") {
		cols := strings.Split(l, "\t")
		if len(cols) == 3 && cols[1] == n {
			return grammar.Pos{File: rs.indexFile, Line: i + 1, Col: len(cols[0]) + 2}
		}
	}
	return grammar.Pos{}
}

// references: for a rule number, every citation in the rules and every
// script that names it; for a kind of predicate, where the ruleset names
// it as one; for another name, its whole-word uses in the ruleset.
func (s *server) references(file string, pos protocol.Position) []protocol.Location {
	sub, ok := s.subjectAt(file, pos)
	if !ok {
		return nil
	}
	var at []grammar.Pos
	if sub.rule != "" {
		if p := s.program(sub.rs); p != nil {
			for _, c := range p.Cites {
				if c.Rule == sub.rule {
					at = append(at, c.Pos)
				}
			}
		}
		for _, sc := range corpusOf(sub.rs.dir, scriptFile(file)).scriptsOf(sub.rule) {
			text, _ := s.text(sc.Path)
			l := lineOf(text, sc.Header.Line-1)
			col := strings.Index(l+" ", " "+sub.rule+" ") + 2
			at = append(at, grammar.Pos{File: sc.Path, Line: sc.Header.Line, Col: col})
		}
		return s.locations(at)
	}
	// A kind of predicate: where it is named as one (its declaration, its
	// predicates, what consults it), not a keyword spelled the same.
	if value, ok := s.kindsDeclared(sub.rs.files)[sub.name]; ok && filepath.Ext(file) == ".mtg" && atKind(file, sub.text, pos, sub.name, value) {
		s.eachParsed(sub.rs.files, func(_ string, pf *grammar.File) {
			at = append(at, kindUses(pf, sub.name, value)...)
		})
		return s.locations(at)
	}
	re := regexp.MustCompile(`\b` + regexp.QuoteMeta(sub.name) + `\b`)
	for _, f := range sub.rs.files {
		text, _ := s.text(f)
		for i, l := range strings.Split(text, "\n") {
			if c := strings.IndexByte(l, '#'); c >= 0 {
				l = l[:c]
			}
			for _, m := range re.FindAllStringIndex(l, -1) {
				at = append(at, grammar.Pos{File: f, Line: i + 1, Col: m[0] + 1})
			}
		}
	}
	return s.locations(at)
}

// locations turns positions into locations, leaving out those of no file
// on disk (the embedded rules).
func (s *server) locations(at []grammar.Pos) []protocol.Location {
	out := []protocol.Location{}
	for _, p := range at {
		if !filepath.IsAbs(p.File) {
			continue
		}
		text, _ := s.text(p.File)
		out = append(out, protocol.Location{URI: fileURI(p.File), Range: span(text, p.Line, p.Col)})
	}
	return out
}

// format is mtgc fmt on an open .mtg document: one edit replacing it all,
// none when it is already canonical; refused when it does not parse.
func (s *server) format(file string) ([]protocol.TextEdit, error) {
	if filepath.Ext(file) != ".mtg" {
		return nil, nil
	}
	text, ok := s.text(file)
	if !ok {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, file+": not open")
	}
	out, err := grammar.FormatSource(file, []byte(text))
	if err != nil {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "mtgc fmt: the file does not parse:\n"+err.Error())
	}
	if string(out) == text {
		return []protocol.TextEdit{}, nil
	}
	lines := strings.Count(text, "\n")
	last := lineOf(text, lines)
	return []protocol.TextEdit{{
		Range:   protocol.Range{End: protocol.Position{Line: uint32(lines), Character: charCol(last, len(last))}},
		NewText: string(out),
	}}, nil
}

// changeHover shows, on a line of an edition's delta that overrides,
// recites or removes a clause of its base, the base's clause.
func changeHover(p *compiler.Program, file string, line int) string {
	if p == nil {
		return ""
	}
	for _, c := range p.Changes {
		if c.Pos.Line != line || c.Pos.File != file && !strings.HasSuffix(filepath.ToSlash(file), "/"+c.Pos.File) && filepath.Base(file) != c.Pos.File {
			continue
		}
		switch {
		case c.Old != nil:
			return fmt.Sprintf("%s %s: replaces, from %s (%s)\n\n```mtg\n%s\n```", c.Op, c.Identity, p.Extends[0], c.Old.Position(), strings.TrimSpace(grammar.FormatNode(c.Old)))
		case c.Op == "recite":
			return fmt.Sprintf("%s %s: the base's clause, cited now by %s", c.Op, c.Identity, strings.Join(c.Rules, ", "))
		}
	}
	return ""
}
