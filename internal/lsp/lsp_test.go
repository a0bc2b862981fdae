package lsp_test

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mtgc-dev/mtgc/internal/lsp"
	"github.com/mtgc-dev/mtgc/internal/lsp/lsptest"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// project copies the repository's rules and two of its scripts into a
// temporary project laid out as the repository is.
func project(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	copyGlob(t, "../../rules/*.mtg", filepath.Join(root, "rules"))
	copyGlob(t, "../../rules/*.tsv", filepath.Join(root, "rules"))
	copyGlob(t, "../../conformance/testdata/502.3-untap.txtar", filepath.Join(root, "conformance", "testdata"))
	copyGlob(t, "../../conformance/*.tsv", filepath.Join(root, "conformance"))
	return root
}

func copyGlob(t *testing.T, pattern, dir string) {
	t.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		t.Fatalf("%s: %v (%d files)", pattern, err, len(files))
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// start runs a server in process and returns a client connected to it.
func start(t *testing.T) *lsptest.Client {
	a, b := net.Pipe()
	done := make(chan error, 1)
	go func() { done <- lsp.Serve(context.Background(), a) }()
	c := lsptest.New(t, b)
	t.Cleanup(func() {
		c.Shutdown()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return c
}

// at returns the position of the first occurrence of sub in text, plus
// off characters.
func at(t *testing.T, text, sub string, off int) (uint32, uint32) {
	t.Helper()
	i := strings.Index(text, sub)
	if i < 0 {
		t.Fatalf("%q not in the text", sub)
	}
	line := strings.Count(text[:i], "\n")
	col := i - strings.LastIndex(text[:i], "\n") - 1
	return uint32(line), uint32(col + off)
}

func read(t *testing.T, file string) string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestDiagnostics(t *testing.T) {
	root := project(t)
	c := start(t)
	res := c.Initialize(root)
	if res.ServerInfo == nil || res.ServerInfo.Name != "mtgc" || res.Capabilities.HoverProvider != true {
		t.Fatalf("initialize: %+v", res)
	}
	turn := filepath.Join(root, "rules", "turn.mtg")
	good := read(t, turn)
	broken := strings.Replace(good, `action "502.3"`, `action "502.99"`, 1)
	c.Open(turn, broken)
	diags := c.Diagnostics(turn, func(d []protocol.Diagnostic) bool { return len(d) > 0 })
	line, char := at(t, broken, `"502.99"`, 0)
	want := []protocol.Diagnostic{{
		Range: protocol.Range{
			Start: protocol.Position{Line: line, Character: char},
			End:   protocol.Position{Line: line, Character: char + 1},
		},
		Severity: protocol.DiagnosticSeverityError, Source: "mtgc",
		Message: diags[0].Message,
	}}
	if d := cmp.Diff(want, diags); d != "" {
		t.Errorf("diagnostics (-want +got):\n%s", d)
	}
	if !strings.Contains(diags[0].Message, "rule 502.99 is not in the cr2025 index") {
		t.Errorf("message %q", diags[0].Message)
	}
	// The other files of the ruleset are clean.
	c.Diagnostics(filepath.Join(root, "rules", "sba.mtg"), func(d []protocol.Diagnostic) bool { return len(d) == 0 })

	// Mended, the errors go.
	c.Change(turn, good, 2)
	c.Diagnostics(turn, func(d []protocol.Diagnostic) bool { return len(d) == 0 })

	// A script: a rule outside the index and an unknown command.
	script := filepath.Join(root, "conformance", "testdata", "x.txtar")
	c.Open(script, "# rules: 502.3 502.77\ngame\nfrobnicate p1\n")
	diags = c.Diagnostics(script, func(d []protocol.Diagnostic) bool { return len(d) == 2 })
	if !strings.Contains(diags[0].Message, "502.77, which is not in the cr2025 index") || diags[0].Range.Start != (protocol.Position{Line: 0, Character: 15}) {
		t.Errorf("script diagnostic 0: %+v", diags[0])
	}
	if !strings.Contains(diags[1].Message, "unknown command frobnicate") || diags[1].Range.Start.Line != 2 {
		t.Errorf("script diagnostic 1: %+v", diags[1])
	}
}

func TestHoverDefinitionReferences(t *testing.T) {
	root := project(t)
	c := start(t)
	c.Initialize(root)
	turn := filepath.Join(root, "rules", "turn.mtg")
	text := read(t, turn)
	c.Open(turn, text)

	hover := func(file string, line, char uint32) string {
		t.Helper()
		var h protocol.Hover
		if err := c.Call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: lsptest.Pos(file, line, char)}, &h); err != nil {
			t.Fatal(err)
		}
		return h.Contents.Value
	}
	line, char := at(t, text, `"502.3"`, 3)
	action := "rules/turn.mtg:" + itoa(line+1) // the action that cites 502.3
	h := hover(turn, line, char)
	for _, want := range []string{
		"**502.3** Active player untaps permanents all at once",
		"Cited at: " + action + " (action)",
		"Tested by: 502.3-untap",
		"Coverage: tested",
	} {
		if !strings.Contains(h, want) {
			t.Errorf("hover on 502.3: no %q in\n%s", want, h)
		}
	}
	line, char = at(t, text, "step untap", 6)
	if h := hover(turn, line, char); !strings.Contains(h, "step `untap` of phase `beginning`") || !strings.Contains(h, "**502** Untap Step") {
		t.Errorf("hover on untap:\n%s", h)
	}
	line, char = at(t, text, "end_effects", 2)
	if h := hover(turn, line, char); !strings.Contains(h, "statement `end_effects ending`") {
		t.Errorf("hover on end_effects:\n%s", h)
	}
	line, char = at(t, text, "game.skip_effect", 7)
	if h := hover(turn, line, char); !strings.Contains(h, "game attribute `game.skip_effect bool`\n\nan effect skips the step or phase beginning") {
		t.Errorf("hover on skip_effect:\n%s", h)
	}
	combat := filepath.Join(root, "rules", "combat.mtg")
	ctext := read(t, combat)
	line, char = at(t, ctext, "has flying", 5)
	if h := hover(combat, line, char); !strings.Contains(h, "keyword `flying`") || !strings.Contains(h, "**702.9** Flying") {
		t.Errorf("hover on flying:\n%s", h)
	}
	// A kind of predicate: its declaration (rules/kinds.mtg) and the
	// predicates of the kind.
	line, char = at(t, ctext, "holds(can_attack, a)", 8)
	if h := hover(combat, line, char); !strings.Contains(h, "kind of predicate") || !strings.Contains(h, `kind can_attack (object a) every "every one must hold for a to attack"`) || !strings.Contains(h, "**508.1a**") {
		t.Errorf("hover on can_attack:\n%s", h)
	}
	// A script: the rule numbers of its header.
	script := filepath.Join(root, "conformance", "testdata", "502.3-untap.txtar")
	if h := hover(script, 0, 10); !strings.Contains(h, "**502.3** Active player untaps") {
		t.Errorf("hover in a script:\n%s", h)
	}

	locs := func(method string, file string, line, char uint32) []string {
		t.Helper()
		var out []protocol.Location
		params := lsptest.Pos(file, line, char)
		var p any = &protocol.DefinitionParams{TextDocumentPositionParams: params}
		if method == protocol.MethodTextDocumentReferences {
			p = &protocol.ReferenceParams{TextDocumentPositionParams: params}
		}
		if err := c.Call(method, p, &out); err != nil {
			t.Fatal(err)
		}
		var s []string
		for _, l := range out {
			rel, _ := filepath.Rel(root, uri.URI(l.URI).Filename())
			s = append(s, rel+":"+itoa(l.Range.Start.Line+1))
		}
		return s
	}
	// flying is declared in keywords.mtg.
	line, char = at(t, ctext, "has flying", 5)
	if d := cmp.Diff([]string{"rules/keywords.mtg:13"}, locs(protocol.MethodTextDocumentDefinition, combat, line, char)); d != "" {
		t.Errorf("definition of flying (-want +got):\n%s", d)
	}
	// 502.3 from the script: the action that defines it.
	if d := cmp.Diff([]string{action}, locs(protocol.MethodTextDocumentDefinition, script, 0, 10)); d != "" {
		t.Errorf("definition of 502.3 (-want +got):\n%s", d)
	}
	line, char = at(t, text, `"502.3"`, 3)
	if d := cmp.Diff([]string{action, "conformance/testdata/502.3-untap.txtar:1"}, locs(protocol.MethodTextDocumentReferences, turn, line, char)); d != "" {
		t.Errorf("references of 502.3 (-want +got):\n%s", d)
	}
	// References of the kind trample, from holds(trample, a): its
	// declaration, its predicate and the four conditions that consult it
	// (rules/combat.mtg), not the keyword (rules/keywords.mtg, "a has
	// trample").
	combat = filepath.Join(root, "rules", "combat.mtg")
	ctext = read(t, combat)
	c.Open(combat, ctext)
	line, char = at(t, ctext, "not holds(trample, a) and not a.chosen {", 10)
	refs := locs(protocol.MethodTextDocumentReferences, combat, line, char)
	per := map[string]int{}
	for _, r := range refs {
		per[strings.SplitN(r, ":", 2)[0]]++
	}
	if d := cmp.Diff(map[string]int{"rules/kinds.mtg": 1, "rules/combat.mtg": 5}, per); d != "" {
		t.Errorf("references of the kind trample (-want +got):\n%s\n%v", d, refs)
	}
}

func itoa(n uint32) string { return strconv.Itoa(int(n)) }

func TestCompletionAndFormatting(t *testing.T) {
	root := project(t)
	c := start(t)
	c.Initialize(root)
	file := filepath.Join(root, "rules", "extra.mtg")
	text := "edition cr2017 \"x\"\nsba \"704.5\" {\n  for each creature c where c.  {\n  }\n}\n"
	c.Open(file, text)
	complete := func(line, char uint32) map[string]string {
		t.Helper()
		var l protocol.CompletionList
		if err := c.Call(protocol.MethodTextDocumentCompletion, &protocol.CompletionParams{TextDocumentPositionParams: lsptest.Pos(file, line, char)}, &l); err != nil {
			t.Fatal(err)
		}
		m := map[string]string{}
		for _, it := range l.Items {
			m[it.Label] = it.Detail
		}
		return m
	}
	if got := complete(1, 8); got["704.5g"] == "" || got["tapped"] != "" {
		t.Errorf("completion in a rule number: 704.5g %q, tapped %q", got["704.5g"], got["tapped"])
	}
	if got := complete(2, 30); got["tapped"] != "x.tapped bool" || got["704.5g"] != "" {
		t.Errorf("completion after a dot: tapped %q", got["tapped"])
	}
	if got := complete(3, 2); got["for"] != "keyword" || got["untap"] == "" || got["flying"] != "keyword ability" {
		t.Errorf("completion of a statement: for %q untap %q flying %q", got["for"], got["untap"], got["flying"])
	}

	var edits []protocol.TextEdit
	messy := "edition cr2017 \"x\"\nsba \"704.5g\"   {\nfor each creature c where c.damage>0 { destroy c }\n}\n"
	c.Change(file, messy, 2)
	if err := c.Call(protocol.MethodTextDocumentFormatting, &protocol.DocumentFormattingParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri.File(file)}}, &edits); err != nil {
		t.Fatal(err)
	}
	want := "edition cr2017 \"x\"\n\nsba \"704.5g\" {\n  for each creature c where c.damage > 0 {\n    destroy c\n  }\n}\n"
	if len(edits) != 1 || edits[0].NewText != want || edits[0].Range.End.Line != 4 {
		t.Errorf("formatting: %+v", edits)
	}
	c.Change(file, "sba {", 3)
	if err := c.Call(protocol.MethodTextDocumentFormatting, &protocol.DocumentFormattingParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri.File(file)}}, &edits); err == nil || !strings.Contains(err.Error(), "does not parse") {
		t.Errorf("formatting a broken file: %v", err)
	}
}

// TestEditionCorpus: a script in an edition's directory (rules/cr1999/
// testdata) is checked against that edition's index, not the default's.
func TestEditionCorpus(t *testing.T) {
	root := t.TempDir()
	ed := filepath.Join(root, "rules", "cr1999")
	copyGlob(t, "../../rules/*.mtg", filepath.Join(root, "rules"))
	copyGlob(t, "../../rules/*.tsv", filepath.Join(root, "rules"))
	copyGlob(t, "../../rules/cr1999/*.mtg", ed)
	copyGlob(t, "../../rules/cr1999/*.tsv", ed)
	c := start(t)
	c.Initialize(root)
	script := filepath.Join(ed, "testdata", "x.txtar")
	c.Open(script, "# rules: 502.2 702.27\ngame\n")
	diags := c.Diagnostics(script, func(d []protocol.Diagnostic) bool { return len(d) > 0 })
	if len(diags) != 1 || !strings.Contains(diags[0].Message, "not in the cr1999 index") {
		t.Errorf("diagnostics %+v, want 702.27 outside the cr1999 index", diags)
	}
}

// TestAnywhere asks for hover, definition and completion at positions all
// over a file, past the ends of lines and of the file too: every request
// gets an answer, none an error.
func TestAnywhere(t *testing.T) {
	root := project(t)
	c := start(t)
	c.Initialize(root)
	turn := filepath.Join(root, "rules", "turn.mtg")
	text := read(t, turn)
	c.Open(turn, text)
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines)+3; i += 4 {
		n := 0
		if i < len(lines) {
			n = len(lines[i])
		}
		for _, ch := range []int{0, n / 2, n, n + 5} {
			params := lsptest.Pos(turn, uint32(i), uint32(ch))
			var h *protocol.Hover
			if err := c.Call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: params}, &h); err != nil {
				t.Errorf("hover at %d:%d: %v", i, ch, err)
			}
			var locs []protocol.Location
			if err := c.Call(protocol.MethodTextDocumentDefinition, &protocol.DefinitionParams{TextDocumentPositionParams: params}, &locs); err != nil {
				t.Errorf("definition at %d:%d: %v", i, ch, err)
			}
			var l *protocol.CompletionList
			if err := c.Call(protocol.MethodTextDocumentCompletion, &protocol.CompletionParams{TextDocumentPositionParams: params}, &l); err != nil {
				t.Errorf("completion at %d:%d: %v", i, ch, err)
			}
		}
	}
}
