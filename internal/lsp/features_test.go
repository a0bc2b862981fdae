package lsp_test

import (
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/mtgc-dev/mtgc/internal/lsp/lsptest"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// broken breaks turn.mtg twice: a syntax error in the upkeep step's phase
// (beginning) is left alone; a check error in combat.mtg's block
// predicates, and a syntax error at the end of keywords.mtg.
func breakRules(t *testing.T, c *lsptest.Client, root string) (turn, combat, keywords string) {
	t.Helper()
	turn = filepath.Join(root, "rules", "turn.mtg")
	combat = filepath.Join(root, "rules", "combat.mtg")
	keywords = filepath.Join(root, "rules", "keywords.mtg")
	c.Open(turn, read(t, turn))
	// A check error in combat.mtg: an unknown attribute.
	ctext := strings.Replace(read(t, combat), "a has flying and not", "a.flyer and a has flying and not", 1)
	c.Open(combat, ctext)
	// A syntax error at the end of keywords.mtg.
	c.Open(keywords, read(t, keywords)+"\nkeyword {\n")
	c.Diagnostics(combat, func(d []protocol.Diagnostic) bool { return len(d) > 0 })
	return turn, combat, keywords
}

// TestBrokenRules: with check and syntax errors in the ruleset, hover
// keeps "Cited at" and coverage, references and definitions work, from
// the declarations that still check.
func TestBrokenRules(t *testing.T) {
	root := project(t)
	c := start(t)
	c.Initialize(root)
	turn, _, _ := breakRules(t, c, root)
	text := read(t, turn)
	var h protocol.Hover
	line, char := at(t, text, `"502.3"`, 3)
	if err := c.Call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: lsptest.Pos(turn, line, char)}, &h); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Cited at: rules/turn.mtg:" + itoa(line+1) + " (action)", "Coverage: tested"} {
		if !strings.Contains(h.Contents.Value, want) {
			t.Errorf("hover on 502.3 in a broken ruleset: no %q in\n%s", want, h.Contents.Value)
		}
	}
	var refs []protocol.Location
	if err := c.Call(protocol.MethodTextDocumentReferences, &protocol.ReferenceParams{TextDocumentPositionParams: lsptest.Pos(turn, line, char)}, &refs); err != nil {
		t.Fatal(err)
	}
	if len(refs) != 2 {
		t.Errorf("references of 502.3 in a broken ruleset: %+v", refs)
	}
	// flying is still declared (keywords.mtg's broken tail is left out).
	var defs []protocol.Location
	line, char = at(t, text, "step untap", 6)
	if err := c.Call(protocol.MethodTextDocumentDefinition, &protocol.DefinitionParams{TextDocumentPositionParams: lsptest.Pos(turn, line, char)}, &defs); err != nil {
		t.Fatal(err)
	}
	if len(defs) != 1 || defs[0].Range.Start.Line != line {
		t.Errorf("definition of untap in a broken ruleset: %+v", defs)
	}
}

// TestIncrementalSync: ranged changes are applied in order, and the
// diagnostics follow the text they make.
func TestIncrementalSync(t *testing.T) {
	root := project(t)
	c := start(t)
	c.Initialize(root)
	turn := filepath.Join(root, "rules", "turn.mtg")
	text := read(t, turn)
	c.Open(turn, text)
	line, char := at(t, text, `"502.3"`, 1)
	// 502.3 -> 502.39 (an error), then -> 502.3 again, in two changes.
	pos := protocol.Position{Line: line, Character: char + 5}
	c.ChangeRanges(turn, 2, lsptest.Edit{Range: protocol.Range{Start: pos, End: pos}, Text: "9"})
	d := c.Diagnostics(turn, func(d []protocol.Diagnostic) bool { return len(d) > 0 })
	if !strings.Contains(d[0].Message, "502.39") {
		t.Errorf("after an incremental insert: %+v", d)
	}
	end := protocol.Position{Line: line, Character: char + 6}
	c.ChangeRanges(turn, 3, lsptest.Edit{Range: protocol.Range{Start: pos, End: end}, Text: "x"}, lsptest.Edit{Range: protocol.Range{Start: pos, End: end}, Text: ""})
	c.Diagnostics(turn, func(d []protocol.Diagnostic) bool { return len(d) == 0 })
}

// TestSymbols: the outline of a .mtg file (phases holding their steps)
// and of a script, and workspace symbols by name, on a broken ruleset.
func TestSymbols(t *testing.T) {
	root := project(t)
	c := start(t)
	c.Initialize(root)
	turn, _, keywords := breakRules(t, c, root)
	var syms []protocol.DocumentSymbol
	if err := c.Call(protocol.MethodTextDocumentDocumentSymbol, &protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri.File(turn)}}, &syms); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range syms {
		if s.Name == "beginning" {
			for _, ch := range s.Children {
				names = append(names, ch.Name)
			}
		}
	}
	if strings.Join(names, " ") != "untap upkeep draw" {
		t.Errorf("steps of beginning in the outline: %q (symbols %+v)", names, syms)
	}
	// The broken file still has an outline: what parses.
	if err := c.Call(protocol.MethodTextDocumentDocumentSymbol, &protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri.File(keywords)}}, &syms); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, s := range syms {
		found = found || s.Name == "flying" && s.Kind == protocol.SymbolKindConstant
	}
	if !found {
		t.Errorf("no keyword flying in the outline of a broken keywords.mtg: %+v", syms)
	}
	script := filepath.Join(root, "conformance", "testdata", "502.3-untap.txtar")
	if err := c.Call(protocol.MethodTextDocumentDocumentSymbol, &protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri.File(script)}}, &syms); err != nil {
		t.Fatal(err)
	}
	if len(syms) == 0 || !strings.HasPrefix(syms[0].Name, "rules: 502.3") {
		t.Errorf("outline of a script: %+v", syms)
	}
	var ws []protocol.SymbolInformation
	if err := c.Call(protocol.MethodWorkspaceSymbol, &protocol.WorkspaceSymbolParams{Query: "UNTAP"}, &ws); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range ws {
		got = append(got, s.Name+"@"+filepath.Base(uri.URI(s.Location.URI).Filename()))
	}
	if !contains(got, "untap@turn.mtg") {
		t.Errorf("workspace symbols for UNTAP: %q", got)
	}
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// TestRename: a keyword renamed in every .mtg file (its declaration, its
// uses, not the statements or attributes of the same spelling) and in
// the scripts; a step; refusals.
func TestRename(t *testing.T) {
	root := project(t)
	copyGlob(t, "../../conformance/testdata/702.9b-*.txtar", filepath.Join(root, "conformance", "testdata"))
	c := start(t)
	c.Initialize(root)
	_, combat, keywords := breakRules(t, c, root)
	ktext := read(t, keywords)
	line, char := at(t, ktext, "keyword flying", 9)
	var r protocol.Range
	if err := c.Call(protocol.MethodTextDocumentPrepareRename, &protocol.PrepareRenameParams{TextDocumentPositionParams: lsptest.Pos(keywords, line, char)}, &r); err != nil {
		t.Fatal(err)
	}
	if r.Start.Character != 8 || r.End.Character != 14 {
		t.Errorf("prepareRename range %+v", r)
	}
	var edit protocol.WorkspaceEdit
	if err := c.Call(protocol.MethodTextDocumentRename, &protocol.RenameParams{TextDocumentPositionParams: lsptest.Pos(keywords, line, char), NewName: "flight"}, &edit); err != nil {
		t.Fatal(err)
	}
	per := map[string]int{}
	for u, edits := range edit.Changes {
		for _, e := range edits {
			if e.NewText != "flight" || e.Range.End.Character-e.Range.Start.Character != 6 {
				t.Errorf("edit %+v", e)
			}
		}
		per[filepath.Base(uri.URI(u).Filename())] += len(edits)
	}
	if per["keywords.mtg"] != 1 || per["combat.mtg"] < 2 {
		t.Errorf("rename flying: edits per file %v", per)
	}
	scripts := 0
	for f, n := range per {
		if strings.HasSuffix(f, ".txtar") {
			scripts += n
		}
	}
	if scripts == 0 {
		t.Errorf("rename flying: no script renamed (%v)", per)
	}
	// A step: its declaration and its uses.
	turn := filepath.Join(root, "rules", "turn.mtg")
	ttext := read(t, turn)
	line, char = at(t, ttext, "step untap", 6)
	if err := c.Call(protocol.MethodTextDocumentRename, &protocol.RenameParams{TextDocumentPositionParams: lsptest.Pos(turn, line, char), NewName: "untap_step"}, &edit); err != nil {
		t.Fatal(err)
	}
	var lines []int
	for u, edits := range edit.Changes {
		if uri.URI(u).Filename() == turn {
			for _, e := range edits {
				lines = append(lines, int(e.Range.Start.Line)+1)
			}
		}
	}
	sort.Ints(lines)
	if len(lines) == 0 || lines[0] != int(line)+1 {
		t.Errorf("rename of step untap: lines %v of turn.mtg", lines)
	}
	// The statement untap x is not the step.
	for _, l := range lines {
		if strings.Contains(strings.Split(ttext, "\n")[l-1], "untap x") {
			t.Errorf("rename of step untap renamed the statement on line %d", l)
		}
	}
	// Refusals: a verb, a name already declared, not a name.
	for _, tc := range []struct {
		file, text, at, to, err string
	}{
		{turn, ttext, "untap x", "fix", "cannot be renamed"},
		{keywords, ktext, "keyword flying", "reach", "already declare"},
		{keywords, ktext, "keyword flying", "Fly-ing", "is not a name"},
	} {
		line, char := at(t, tc.text, tc.at, len(tc.at)-2)
		if tc.at == "keyword flying" {
			char -= 2
		}
		err := c.Call(protocol.MethodTextDocumentRename, &protocol.RenameParams{TextDocumentPositionParams: lsptest.Pos(tc.file, line, char), NewName: tc.to}, &edit)
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("rename %q to %q: %v, want %q", tc.at, tc.to, err, tc.err)
		}
	}
	_ = combat
}

// TestCodeActions: a did-you-mean of the checker replaces the word; a rule
// missing from the index gets a row added to it, in number order.
func TestCodeActions(t *testing.T) {
	root := project(t)
	c := start(t)
	c.Initialize(root)
	turn := filepath.Join(root, "rules", "turn.mtg")
	text := strings.Replace(read(t, turn), "x.tapped and x.controller == active", "x.tapped and x.controler == active", 1)
	text = strings.Replace(text, `action "502.3"`, `action "502.32"`, 1)
	c.Open(turn, text)
	diags := c.Diagnostics(turn, func(d []protocol.Diagnostic) bool { return len(d) == 2 })
	var actions []protocol.CodeAction
	if err := c.Call(protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: uri.File(turn)},
		Range:        diags[0].Range, Context: protocol.CodeActionContext{Diagnostics: diags},
	}, &actions); err != nil {
		t.Fatal(err)
	}
	titles := map[string]protocol.CodeAction{}
	for _, a := range actions {
		titles[a.Title] = a
	}
	fix, ok := titles["Change controler to controller"]
	if !ok {
		t.Fatalf("no did-you-mean fix among %v", actions)
	}
	e := fix.Edit.Changes[uri.File(turn)][0]
	line, char := at(t, text, "controler", 0)
	if e.NewText != "controller" || e.Range.Start != (protocol.Position{Line: line, Character: char}) || e.Range.End.Character != char+9 {
		t.Errorf("did-you-mean edit %+v", e)
	}
	if _, ok := titles["Change 502.32 to 502.3"]; !ok {
		t.Errorf("no did-you-mean for the rule number among %v", actions)
	}
	add, ok := titles["Add rule 502.32 to cr2025.tsv"]
	if !ok {
		t.Fatalf("no add-a-row action among %v", actions)
	}
	idx := filepath.Join(root, "rules", "cr2025.tsv")
	ie := add.Edit.Changes[uri.File(idx)][0]
	lines := strings.Split(read(t, idx), "\n")
	// 502.32 comes after 502.4 (the last of 502), as the Comprehensive Rules number them.
	if !strings.HasPrefix(lines[ie.Range.Start.Line-1], "2025-09-19\t502.4\t") || ie.NewText != "2025-09-19\t502.32\tTODO: short title\n" {
		t.Errorf("add row %+v after %q", ie, lines[ie.Range.Start.Line-1])
	}
}
