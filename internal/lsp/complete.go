package lsp

import (
	"path/filepath"
	"sort"
	"strings"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/grammar"
	"go.lsp.dev/protocol"
)

// complete offers what may come at the cursor: rule numbers of the index
// inside a string (or on a script's "# rules:" line), attributes after a
// dot, script commands at the start of a script line, and otherwise the
// language's words and the names the rules declare.
func (s *server) complete(file string, pos protocol.Position) *protocol.CompletionList {
	text, ok := s.text(file)
	if !ok {
		return nil
	}
	rs := s.load(rulesDirOf(file))
	l := lineOf(text, int(pos.Line))
	before := l[:byteCol(l, pos.Character)]
	var items []protocol.CompletionItem
	add := func(kind protocol.CompletionItemKind, detail string, labels ...string) {
		for _, lb := range labels {
			items = append(items, protocol.CompletionItem{Label: lb, Kind: kind, Detail: detail})
		}
	}
	ruleNumbers := func() {
		if rs.index == nil {
			return
		}
		for _, n := range rs.index.Numbers {
			items = append(items, protocol.CompletionItem{Label: n, Kind: protocol.CompletionItemKindReference, Detail: strings.TrimSpace(rs.index.Titles[n])})
		}
	}
	v := compiler.Vocab()
	script := filepath.Ext(file) != ".mtg"
	trimmed := strings.TrimLeft(before, " \t")
	switch {
	case script && strings.HasPrefix(trimmed, "#"):
		if strings.HasPrefix(strings.TrimSpace(strings.TrimPrefix(trimmed, "#")), "rules:") {
			ruleNumbers()
		}
	case !script && strings.Count(before, `"`)%2 == 1:
		ruleNumbers()
	case script && !strings.ContainsAny(strings.TrimPrefix(trimmed, "! "), " \t"):
		add(protocol.CompletionItemKindFunction, "script command (conformance/README.md)", conformance.ScriptCommands()...)
	case strings.HasSuffix(before, "."):
		add(protocol.CompletionItemKindField, "object attribute", keys(v.ObjectAttrs)...)
		add(protocol.CompletionItemKindField, "player attribute", keys(v.PlayerAttrs)...)
		add(protocol.CompletionItemKindField, "game attribute", keys(v.GameAttrs)...)
	default:
		if !script {
			add(protocol.CompletionItemKindKeyword, "keyword", grammar.Keywords()...)
			add(protocol.CompletionItemKindFunction, "statement", keys(v.Verbs)...)
			add(protocol.CompletionItemKindClass, "kind", keys(v.Kinds)...)
			add(protocol.CompletionItemKindFunction, "function", v.Functions...)
			add(protocol.CompletionItemKindEnumMember, "trigger event (trigger X, EVENT)", v.Events...)
		}
		if p := s.program(rs); p != nil {
			for _, ph := range p.Phases {
				add(protocol.CompletionItemKindEnumMember, "phase", ph.Name)
				for _, st := range ph.Steps {
					if st.Name != ph.Name {
						add(protocol.CompletionItemKindEnumMember, "step of "+ph.Name, st.Name)
					}
				}
			}
			for _, k := range p.Keywords {
				add(protocol.CompletionItemKindConstant, "keyword ability", k.Name)
			}
			if !script {
				for _, pr := range p.Predicates {
					add(protocol.CompletionItemKindInterface, "predicate", pr.Kind)
				}
			}
			for _, t := range p.Timings {
				add(protocol.CompletionItemKindEvent, "timing", t.Name)
			}
		}
	}
	sort.SliceStable(items, func(i, j int) bool { return items[i].Label < items[j].Label })
	return &protocol.CompletionList{Items: dedupe(items)}
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func dedupe(items []protocol.CompletionItem) []protocol.CompletionItem {
	out := items[:0]
	for i, it := range items {
		if i > 0 && it.Label == items[i-1].Label {
			continue
		}
		out = append(out, it)
	}
	if out == nil {
		out = []protocol.CompletionItem{}
	}
	return out
}
