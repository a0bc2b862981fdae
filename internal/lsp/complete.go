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
	case isSelector(text, int(pos.Line), before):
		// After a dot: the attributes of the receiver's type, when it is
		// known (a variable, active, game, or a chain of attributes), else
		// every attribute, each saying what it applies to.
		recv, _ := receiverAt(text, offsetOf(text, pos), s.program(rs))
		for _, b := range compiler.Builtins() {
			if b.Form == compiler.Attribute && (recv == b.Recv || !hasAttrs(recv)) {
				items = append(items, builtinItem(b, protocol.CompletionItemKindField))
			}
		}
	default:
		if !script {
			add(protocol.CompletionItemKindKeyword, "keyword", grammar.Keywords()...)
			for _, b := range compiler.Builtins() {
				switch b.Form {
				case compiler.Verb:
					items = append(items, builtinItem(b, protocol.CompletionItemKindFunction))
				case compiler.Function:
					items = append(items, builtinItem(b, protocol.CompletionItemKindFunction))
				}
			}
			add(protocol.CompletionItemKindFunction, "statement", "put_on_stack")
			add(protocol.CompletionItemKindFunction, "statement", "put_triggered")
			for _, f := range compiler.SpecialForms() {
				items = append(items, docItem(f.Name, protocol.CompletionItemKindFunction, "special form", f.Doc))
			}
			for _, k := range compiler.Kinds() {
				items = append(items, docItem(k.Name, protocol.CompletionItemKindClass, "kind (for each "+k.Name+" v: "+k.Var().String()+")", k.Doc))
			}
			if prog := s.program(rs); prog != nil {
				for _, t := range prog.CardTypes {
					items = append(items, docItem(t.Name, protocol.CompletionItemKindClass, "card type (for each "+t.Name+" v: object)", "the objects of card type "+t.Name+", as the rules declare it"))
				}
			}
			add(protocol.CompletionItemKindVariable, "the active player (player)", "active")
			add(protocol.CompletionItemKindModule, "the game's attributes (game.NAME)", "game")
			for name, t := range scopeAt(text, offsetOf(text, pos), s.program(rs)) {
				if name != "" && t != compiler.Invalid {
					add(protocol.CompletionItemKindVariable, "variable ("+t.String()+")", name)
				}
			}
		}
		if p := s.program(rs); p != nil {
			for _, te := range p.TriggerEvents {
				add(protocol.CompletionItemKindEnumMember, "trigger event (trigger X, EVENT)", te.Name)
			}
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
				for _, k := range p.Kinds {
					items = append(items, docItem(k.Name, protocol.CompletionItemKindInterface, "kind of predicate: "+strings.TrimPrefix(strings.TrimSpace(grammar.FormatNode(k.Decl)), "kind "), k.Doc))
				}
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

// isSelector: the cursor follows a dot and a name is being written
// after it (x. or x.pow), not inside a string or a number.
func isSelector(text string, line int, before string) bool {
	if strings.Count(before, `"`)%2 == 1 {
		return false
	}
	trimmed := strings.TrimRight(strings.TrimRight(before, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"), " \t")
	if !strings.HasSuffix(trimmed, ".") {
		return false
	}
	// 502.2 is a rule number, not a selector.
	head := strings.TrimSuffix(trimmed, ".")
	return head != "" && isNameByte(head[len(head)-1]) && !isDigits(lastWord(head))
}

func lastWord(s string) string {
	i := len(s)
	for i > 0 && isNameByte(s[i-1]) {
		i--
	}
	return s[i:]
}

func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// hasAttrs: values of the type have attributes.
func hasAttrs(t compiler.Type) bool {
	return t == compiler.Object || t == compiler.Player || t == compiler.Game
}

// builtinItem is a completion of a vocabulary row: its signature as the
// detail, its documentation.
func builtinItem(b *compiler.Builtin, kind protocol.CompletionItemKind) protocol.CompletionItem {
	doc := b.Doc
	if b.Blocking {
		doc += "\n\nAsks a player: it must be its action's only statement."
	}
	return docItem(b.Name, kind, b.Signature(), doc)
}

func docItem(label string, kind protocol.CompletionItemKind, detail, doc string) protocol.CompletionItem {
	return protocol.CompletionItem{Label: label, Kind: kind, Detail: detail,
		Documentation: protocol.MarkupContent{Kind: protocol.Markdown, Value: doc}}
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
