package lsp_test

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mtgc-dev/mtgc/internal/lsp/lsptest"
	"go.lsp.dev/protocol"
)

// cursor returns the text without its marker | and the marker's position.
func cursor(t *testing.T, marked string) (string, uint32, uint32) {
	t.Helper()
	i := strings.Index(marked, "|")
	if i < 0 {
		t.Fatalf("no | in %q", marked)
	}
	text := marked[:i] + marked[i+1:]
	line := strings.Count(text[:i], "\n")
	return text, uint32(line), uint32(i - strings.LastIndex(text[:i], "\n") - 1)
}

// TestTypedCompletion: after a dot, completion offers the attributes of the
// receiver's type only — an object's, a player's, the game's — whatever
// binds the receiver (a loop, a query, a let, a chain, a declaration's
// parameters), in a file that does not parse; hover on an attribute
// describes the row of the receiver's type.
func TestTypedCompletion(t *testing.T) {
	root := project(t)
	c := start(t)
	c.Initialize(root)
	file := filepath.Join(root, "rules", "extra.mtg")
	const head = "edition cr2017 \"x\"\n"
	cases := []struct {
		name, text string
		want, not  []string
	}{
		{"for each player", "sba \"704.5a\" {\n  for each player p where p.|\n", []string{"life", "mana", "attacked"}, []string{"power", "turn"}},
		{"partial name", "sba \"704.5a\" {\n  for each player p where p.li|\n", []string{"life"}, []string{"power"}},
		{"active", "sba \"704.5a\" {\n  for each creature c where c.controller == active.|", []string{"life"}, []string{"power", "turn"}},
		{"for each creature", "sba \"704.5a\" {\n  for each creature c where c.|", []string{"power", "tapped", "attacked"}, []string{"life", "turn"}},
		{"chain", "sba \"704.5a\" {\n  for each creature c where c.controller.|", []string{"life"}, []string{"power"}},
		{"game", "sba \"704.5a\" {\n  for each creature c where game.|", []string{"turn", "stack"}, []string{"life", "power"}},
		{"count", "sba \"704.5a\" {\n  for each player p where count(creature, y, y.|", []string{"power"}, []string{"life"}},
		{"let", "phase main \"505\" {\n  action \"505.1\" {\n    let q = active\n    draw q.|", []string{"hand", "life"}, []string{"power"}},
		{"effect parameters", "effect e \"508.3\" (object x, player q) {\n  draw q, x.|", []string{"power"}, []string{"life"}},
		{"timing", "timing t \"506.6\" (w) if w.|", []string{"life"}, []string{"power"}},
		{"predicate", "predicate can_attack \"508.1a\" (a) if a.|", []string{"tapped"}, []string{"life"}},
		{"on_damage", "on_damage player \"120.3a\" (s, r, n) {\n  lose_life r.|", []string{"life"}, []string{"power"}},
	}
	for i, tc := range cases {
		text, line, char := cursor(t, head+tc.text)
		if i == 0 {
			c.Open(file, text)
		} else {
			c.Change(file, text, int32(i+2))
		}
		var l protocol.CompletionList
		if err := c.Call(protocol.MethodTextDocumentCompletion, &protocol.CompletionParams{TextDocumentPositionParams: lsptest.Pos(file, line, char)}, &l); err != nil {
			t.Fatal(err)
		}
		got := map[string]protocol.CompletionItem{}
		for _, it := range l.Items {
			got[it.Label] = it
		}
		for _, w := range tc.want {
			if _, ok := got[w]; !ok {
				t.Errorf("%s: no %s among %d items", tc.name, w, len(l.Items))
			}
		}
		for _, w := range tc.not {
			if _, ok := got[w]; ok {
				t.Errorf("%s: %s offered (%d items)", tc.name, w, len(l.Items))
			}
		}
		if it, ok := got["life"]; ok && it.Detail != "p.life int" {
			t.Errorf("%s: life's detail %q", tc.name, it.Detail)
		}
	}

	// Hover on attacked: a player's, an object's.
	text, line, char := cursor(t, head+"sba \"704.5a\" {\n  for each player p where p.atta|cked and count(creature, y, y.attacked) > 0 {\n    lose p\n  }\n}\n")
	c.Change(file, text, 100)
	var h protocol.Hover
	if err := c.Call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: lsptest.Pos(file, line, char)}, &h); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(h.Contents.Value, "player attribute `p.attacked bool`") || strings.Contains(h.Contents.Value, "object") {
		t.Errorf("hover on p.attacked:\n%s", h.Contents.Value)
	}
	if err := c.Call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: lsptest.Pos(file, line, char+38)}, &h); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(h.Contents.Value, "object attribute `x.attacked bool`") || strings.Contains(h.Contents.Value, "player attribute") {
		t.Errorf("hover on y.attacked:\n%s", h.Contents.Value)
	}
}

type sigHelp struct {
	Signatures []struct {
		Label         string
		Documentation struct{ Value string }
		Parameters    []struct{ Label [2]int }
	}
	ActiveParameter int
}

// TestSignatureHelp: a verb's, a function's and a special form's
// signature, with the argument being written, from the vocabulary.
func TestSignatureHelp(t *testing.T) {
	root := project(t)
	c := start(t)
	c.Initialize(root)
	file := filepath.Join(root, "rules", "extra.mtg")
	const head = "edition cr2017 \"x\"\nphase main \"505\" {\n  action \"505.1\" {\n"
	cases := []struct {
		name, text, label, param, doc string
		active                        int
	}{
		{"verb", "    draw active, |", "draw P player, N int", "N int", "P draws N cards", 1},
		{"verb first", "    draw |", "draw P player, N int", "P player", "P draws N cards", 0},
		{"function", "    if counters(x, |", "counters(x object, kind counter) int", "kind counter", "the number of counters", 1},
		{"special form", "    if count(creature, y, y.power > max(1, |", "max(a, b, ...)", "b", "the greatest", 1},
		{"variadic", "    if count(creature, y, y.power > max(1, 2, 3, |", "max(a, b, ...)", "...", "the greatest", 2},
		{"special form outer", "    if count(creature, y, y.power > max(1, 2), |", "count(KIND, v, COND)", "COND", "the number of objects", 2},
		{"holds", "    if holds(trample, |", "holds(KIND, x, y)", "x", "the rules' predicates of KIND", 1},
		{"nothing", "    |", "", "", "", 0},
	}
	for i, tc := range cases {
		text, line, char := cursor(t, head+tc.text)
		if i == 0 {
			c.Open(file, text)
		} else {
			c.Change(file, text, int32(i+2))
		}
		var raw json.RawMessage
		if err := c.Call(protocol.MethodTextDocumentSignatureHelp, &protocol.SignatureHelpParams{TextDocumentPositionParams: lsptest.Pos(file, line, char)}, &raw); err != nil {
			t.Fatal(err)
		}
		var sh *sigHelp
		if len(raw) == 0 {
			raw = json.RawMessage("null")
		}
		if err := json.Unmarshal(raw, &sh); err != nil {
			t.Fatal(err)
		}
		if tc.label == "" {
			if sh != nil {
				t.Errorf("%s: signature help %s", tc.name, raw)
			}
			continue
		}
		if sh == nil || len(sh.Signatures) != 1 {
			t.Errorf("%s: signature help %s", tc.name, raw)
			continue
		}
		s := sh.Signatures[0]
		if s.Label != tc.label || sh.ActiveParameter != tc.active || !strings.Contains(s.Documentation.Value, tc.doc) {
			t.Errorf("%s: %s", tc.name, raw)
			continue
		}
		p := s.Parameters[sh.ActiveParameter].Label
		if got := s.Label[p[0]:p[1]]; got != tc.param {
			t.Errorf("%s: active parameter %q, want %q", tc.name, got, tc.param)
		}
	}
}
