package lsp

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mtgc-dev/mtgc/grammar"
	"go.lsp.dev/protocol"
)

// symbol is one declaration of a .mtg file, as the outline shows it.
type symbol struct {
	name, detail string
	kind         protocol.SymbolKind
	at           grammar.Pos // the name (or the declaration's keyword)
	from, to     int         // the lines it spans, 1-based
	children     []symbol
}

func rulesOf(rs []grammar.Rule) string {
	var out []string
	for _, r := range rs {
		out = append(out, r.Number)
	}
	return strings.Join(out, " ")
}

// fileSymbols parses text (recovering declarations around syntax errors)
// and lists its declarations; phases hold their steps.
func fileSymbols(file, text string) []symbol {
	t, ok := parseable(file, text)
	if !ok {
		return nil
	}
	f, err := grammar.ParseFile(file, []byte(t))
	if err != nil {
		return nil
	}
	last := strings.Count(text, "\n") + 1
	var out []symbol
	for i, d := range f.Decls {
		to := last
		if i+1 < len(f.Decls) {
			to = f.Decls[i+1].Position().Line - 1
		}
		to = trimBlank(text, d.Position().Line, to)
		if sy, ok := declSymbol(d, text, to); ok {
			out = append(out, sy)
		}
	}
	return out
}

// declSymbol is the outline's entry of one declaration spanning its lines
// to to; a delta's override, remove, add, renumber and recite are entries
// too, named for what they change.
func declSymbol(d grammar.Node, text string, to int) (symbol, bool) {
	s := symbol{at: d.Position(), from: d.Position().Line, to: to}
	switch d := d.(type) {
	case *grammar.PlayerDecl:
		s.name, s.kind = "player", protocol.SymbolKindObject
	case *grammar.KeywordDecl:
		s.name, s.detail, s.kind, s.at = d.Name.Name, "keyword "+rulesOf(d.Rules), protocol.SymbolKindConstant, d.Name.Pos
	case *grammar.TurnDecl:
		s.name, s.detail, s.kind = "turn", rulesOf(d.Rules), protocol.SymbolKindModule
	case *grammar.EveryDecl:
		s.name, s.kind = "every "+d.Kind.Name, protocol.SymbolKindNamespace
	case *grammar.PhaseDecl:
		s.name, s.detail, s.kind, s.at = d.Name.Name, "phase "+rulesOf(d.Rules), protocol.SymbolKindNamespace, d.Name.Pos
		for j, c := range d.Items {
			st, ok := c.(*grammar.StepDecl)
			if !ok {
				continue
			}
			sto := to
			for _, c2 := range d.Items[j+1:] {
				if _, ok := c2.(*grammar.StepDecl); ok {
					sto = c2.Position().Line - 1
					break
				}
			}
			sto = trimBlank(text, st.Pos.Line, sto)
			s.children = append(s.children, symbol{name: st.Name.Name, detail: "step " + rulesOf(st.Rules), kind: protocol.SymbolKindEvent,
				at: st.Name.Pos, from: st.Pos.Line, to: sto})
		}
	case *grammar.SbaDecl:
		s.name, s.detail, s.kind = "sba "+rulesOf(d.Rules), "state-based action", protocol.SymbolKindOperator
		if d.Watch {
			s.name, s.detail = "watch "+rulesOf(d.Rules), "watch"
		}
	case *grammar.PredicateDecl:
		s.name, s.detail, s.kind, s.at = d.Kind.Name, "predicate "+rulesOf(d.Rules), protocol.SymbolKindFunction, d.Kind.Pos
	case *grammar.StackObjectDecl:
		s.name, s.detail, s.kind, s.at = d.Name.Name, "stack_object "+rulesOf(d.Rules), protocol.SymbolKindStruct, d.Name.Pos
		if d.Effect {
			s.detail, s.kind = "effect "+rulesOf(d.Rules), protocol.SymbolKindMethod
		}
	case *grammar.DamageDecl:
		s.name, s.detail, s.kind = "on_damage "+d.To.Name, rulesOf(d.Rules), protocol.SymbolKindEvent
	case *grammar.EventDecl:
		s.name, s.detail, s.kind = "on_event "+d.Kind.Name, rulesOf(d.Rules), protocol.SymbolKindEvent
	case *grammar.TimingDecl:
		s.name, s.detail, s.kind, s.at = d.Name.Name, "timing "+rulesOf(d.Rules), protocol.SymbolKindFunction, d.Name.Pos
	case *grammar.MechanismDecl:
		s.name, s.detail, s.kind, s.at = d.Name.Name, "mechanism "+rulesOf(d.Rules), protocol.SymbolKindProperty, d.Name.Pos
	case *grammar.CardTypeDecl:
		s.name, s.detail, s.kind, s.at = d.Name.Name, "card_type "+rulesOf(d.Rules), protocol.SymbolKindClass, d.Name.Pos
	case *grammar.CounterDecl:
		s.name, s.detail, s.kind, s.at = d.Name.Name, "counter "+rulesOf(d.Rules), protocol.SymbolKindEnumMember, d.Name.Pos
	case *grammar.LandManaDecl:
		s.name, s.detail, s.kind, s.at = d.Name.Name, "land_mana "+d.Color.Name+" "+rulesOf(d.Rules), protocol.SymbolKindEnumMember, d.Name.Pos
	case *grammar.StateDecl:
		s.name, s.detail, s.kind, s.at = d.Name.Name, "state "+d.Kind.Name+" "+rulesOf(d.Rules), protocol.SymbolKindField, d.Name.Pos
	case *grammar.CharacteristicDecl:
		s.name, s.detail, s.kind, s.at = d.Name.Name, "characteristic "+rulesOf(d.Rules), protocol.SymbolKindProperty, d.Name.Pos
	case *grammar.ReplaceDecl:
		s.name, s.detail, s.kind, s.at = d.Name.Name, "replacement "+rulesOf(d.Rules), protocol.SymbolKindEvent, d.Name.Pos
	case *grammar.TriggerEventDecl:
		s.name, s.detail, s.kind, s.at = d.Name.Name, "trigger_event "+rulesOf(d.Rules), protocol.SymbolKindEvent, d.Name.Pos
	case *grammar.OverrideDecl:
		inner, ok := declSymbol(d.Decl, text, to)
		if !ok {
			inner = symbol{name: clauseWord(d.Decl), kind: protocol.SymbolKindOperator}
		}
		inner.name = "override " + inner.name
		inner.at, inner.from, inner.to = d.Pos, d.Pos.Line, to
		return inner, true
	case *grammar.RemoveDecl:
		s.name, s.detail, s.kind = "remove "+refName(d.ClauseRef), "removed from the base", protocol.SymbolKindNull
	case *grammar.ReciteDecl:
		s.name, s.detail, s.kind = "recite "+refName(d.ClauseRef), "as "+rulesOf(d.Rules), protocol.SymbolKindOperator
	case *grammar.RenumberDecl:
		s.name, s.detail, s.kind = "renumber", fmt.Sprintf("%d numbers", len(d.Pairs)), protocol.SymbolKindNamespace
	case *grammar.AddDecl:
		what := "clause"
		if d.Step != nil {
			what = "step " + d.Step.Name.Name
		} else if d.Clause != nil {
			what = clauseWord(d.Clause)
		}
		s.name, s.kind = "add "+what, protocol.SymbolKindOperator
		if d.In != nil {
			s.detail = "in " + d.In.Name
		}
		if d.Anchor != nil {
			s.detail = d.Where + " " + d.Anchor.Name
		}
	default:
		return s, false
	}
	return s, true
}

// refName names a delta's reference to a base clause: its kind, name and
// first rule.
func refName(r grammar.ClauseRef) string {
	out := r.Kind.Name
	if r.Name != nil {
		out += " " + r.Name.Name
	}
	if r.Rule != nil {
		out += " " + r.Rule.Number
	}
	return out
}

// clauseWord names a clause by its Go type (action, priority, skip...).
func clauseWord(n grammar.Node) string {
	t := fmt.Sprintf("%T", n)
	t = strings.TrimPrefix(t[strings.LastIndex(t, ".")+1:], "*")
	return strings.ToLower(strings.TrimSuffix(t, "Decl"))
}

// trimBlank moves to back over blank and comment lines, not before from.
func trimBlank(text string, from, to int) int {
	for to > from {
		l := strings.TrimSpace(lineOf(text, to-1))
		if l != "" && !strings.HasPrefix(l, "#") {
			break
		}
		to--
	}
	return to
}

func (s *server) documentSymbols(file string) []protocol.DocumentSymbol {
	out := []protocol.DocumentSymbol{}
	text, ok := s.text(file)
	if !ok {
		return out
	}
	if filepath.Ext(file) != ".mtg" {
		return scriptSymbols(text)
	}
	var conv func(sy symbol) protocol.DocumentSymbol
	conv = func(sy symbol) protocol.DocumentSymbol {
		last := lineOf(text, sy.to-1)
		d := protocol.DocumentSymbol{
			Name: sy.name, Detail: sy.detail, Kind: sy.kind,
			Range: protocol.Range{Start: protocol.Position{Line: uint32(sy.from - 1)},
				End: protocol.Position{Line: uint32(sy.to - 1), Character: charCol(last, len(last))}},
			SelectionRange: span(text, sy.at.Line, sy.at.Col),
		}
		for _, c := range sy.children {
			d.Children = append(d.Children, conv(c))
		}
		return d
	}
	for _, sy := range fileSymbols(file, text) {
		out = append(out, conv(sy))
	}
	return out
}

// scriptSymbols outlines a conformance script: its "# rules:" line and
// the files of its archive (-- want.trace --).
func scriptSymbols(text string) []protocol.DocumentSymbol {
	out := []protocol.DocumentSymbol{}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		var name string
		kind := protocol.SymbolKindFile
		switch {
		case strings.HasPrefix(l, "# rules:"):
			name, kind = strings.TrimSpace(strings.TrimPrefix(l, "#")), protocol.SymbolKindNumber
		case strings.HasPrefix(l, "-- ") && strings.HasSuffix(l, " --") && len(l) > 6:
			name = strings.TrimSpace(l[3 : len(l)-3])
		default:
			continue
		}
		r := protocol.Range{Start: protocol.Position{Line: uint32(i)}, End: protocol.Position{Line: uint32(i), Character: charCol(l, len(l))}}
		out = append(out, protocol.DocumentSymbol{Name: name, Kind: kind, Range: r, SelectionRange: r})
	}
	return out
}

// ruleDirs lists the directories under root that hold .mtg files (rules/,
// rules/cr1999/, ...), skipping hidden directories, testdata and
// node_modules.
func ruleDirs(root string) []string {
	var out []string
	if root == "" {
		return nil
	}
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			n := d.Name()
			if path != root && (strings.HasPrefix(n, ".") || n == "node_modules" || n == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if filepath.Ext(path) == ".mtg" {
			dir := filepath.Dir(path)
			if len(out) == 0 || out[len(out)-1] != dir {
				out = append(out, dir)
			}
		}
		return nil
	})
	return out
}

// workspaceSymbols: the declarations of every ruleset of the workspace
// whose name holds the query (case-insensitive), open documents as typed.
func (s *server) workspaceSymbols(query string) []protocol.SymbolInformation {
	out := []protocol.SymbolInformation{}
	q := strings.ToLower(query)
	var files []string
	for _, d := range ruleDirs(s.root) {
		m, _ := filepath.Glob(filepath.Join(d, "*.mtg"))
		files = append(files, m...)
	}
	for f := range s.docs {
		if filepath.Ext(f) == ".mtg" && !contains(files, f) {
			files = append(files, f)
		}
	}
	sort.Strings(files)
	for _, f := range files {
		text, ok := s.text(f)
		if !ok {
			continue
		}
		var add func(sy symbol, container string)
		add = func(sy symbol, container string) {
			if strings.Contains(strings.ToLower(sy.name), q) {
				out = append(out, protocol.SymbolInformation{Name: sy.name, Kind: sy.kind, ContainerName: container,
					Location: protocol.Location{URI: fileURI(f), Range: span(text, sy.at.Line, sy.at.Col)}})
			}
			for _, c := range sy.children {
				add(c, sy.name)
			}
		}
		rel := f
		if r, err := filepath.Rel(s.root, f); err == nil && s.root != "" {
			rel = r
		}
		for _, sy := range fileSymbols(f, text) {
			add(sy, rel)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
