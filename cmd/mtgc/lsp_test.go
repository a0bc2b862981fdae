package main

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mtgc-dev/mtgc/internal/lsp/lsptest"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// TestLSPBinary builds the real mtgc and drives `mtgc lsp` as an editor
// does: initialize, didOpen of a broken file (diagnostics), and on that
// broken file hover (its citations), references, document and workspace
// symbols, rename, code actions and an incremental change; then, mended,
// hover on a rule number (its title), definition, shutdown and exit
// (status 0).
func TestLSPBinary(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "mtgc")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	rules := filepath.Join(dir, "proj", "rules")
	if err := os.MkdirAll(rules, 0o755); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("../../rules/*.[mt][ts][gv]")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err == nil {
			err = os.WriteFile(filepath.Join(rules, filepath.Base(f)), data, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}

	cmd := exec.Command(bin, "lsp")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	c := lsptest.New(t, rwc{stdout, stdin})

	if res := c.Initialize(filepath.Join(dir, "proj")); res.ServerInfo == nil || res.ServerInfo.Name != "mtgc" {
		t.Fatalf("initialize: %+v", res)
	}
	turn := filepath.Join(rules, "turn.mtg")
	data, _ := os.ReadFile(turn)
	broken := strings.Replace(string(data), "step untap", "step untap untap", 1)
	c.Open(turn, broken)
	diags := c.Diagnostics(turn, func(d []protocol.Diagnostic) bool { return len(d) > 0 })
	line := uint32(strings.Count(broken[:strings.Index(broken, "step untap untap")], "\n"))
	if diags[0].Range.Start.Line != line || diags[0].Severity != protocol.DiagnosticSeverityError {
		t.Errorf("diagnostic %+v, want one on line %d", diags[0], line)
	}
	brokenFeatures(t, c, turn, broken)
	c.Change(turn, string(data), 2)
	c.Diagnostics(turn, func(d []protocol.Diagnostic) bool { return len(d) == 0 })

	text := string(data)
	i := strings.Index(text, `"502.3"`) + 2
	line = uint32(strings.Count(text[:i], "\n"))
	char := uint32(i - strings.LastIndex(text[:i], "\n") - 1)
	var h protocol.Hover
	if err := c.Call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: lsptest.Pos(turn, line, char)}, &h); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(h.Contents.Value, "502.3** Active player untaps permanents all at once") {
		t.Errorf("hover on 502.3: %q", h.Contents.Value)
	}
	var locs []protocol.Location
	if err := c.Call(protocol.MethodTextDocumentDefinition, &protocol.DefinitionParams{TextDocumentPositionParams: lsptest.Pos(turn, line, char)}, &locs); err != nil {
		t.Fatal(err)
	}
	if len(locs) != 1 || locs[0].URI.Filename() != turn || locs[0].Range.Start.Line != line {
		t.Errorf("definition of 502.3: %+v, want %s:%d", locs, turn, line+1)
	}

	c.Shutdown()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("mtgc lsp exited with %v after shutdown and exit\n%s", err, stderr.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("mtgc lsp did not exit after shutdown and exit")
	}
}

// rwc joins the server's stdout and stdin into the client's stream.
type rwc struct {
	io.Reader
	io.WriteCloser
}

// brokenFeatures drives every feature on a file that does not parse.
func brokenFeatures(t *testing.T, c *lsptest.Client, turn, broken string) {
	t.Helper()
	pos := func(sub string, off int) protocol.TextDocumentPositionParams {
		i := strings.Index(broken, sub) + off
		line := uint32(strings.Count(broken[:i], "\n"))
		return lsptest.Pos(turn, line, uint32(i-strings.LastIndex(broken[:i], "\n")-1))
	}
	var h protocol.Hover
	if err := c.Call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: pos(`"504.1"`, 2)}, &h); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(h.Contents.Value, "Cited at: rules/turn.mtg:") {
		t.Errorf("hover on 504.1 in a broken file: %q", h.Contents.Value)
	}
	var refs []protocol.Location
	if err := c.Call(protocol.MethodTextDocumentReferences, &protocol.ReferenceParams{TextDocumentPositionParams: pos(`"504.1"`, 2)}, &refs); err != nil || len(refs) == 0 {
		t.Errorf("references of 504.1 in a broken file: %v %+v", err, refs)
	}
	doc := protocol.TextDocumentIdentifier{URI: uri.File(turn)}
	var syms []protocol.DocumentSymbol
	if err := c.Call(protocol.MethodTextDocumentDocumentSymbol, &protocol.DocumentSymbolParams{TextDocument: doc}, &syms); err != nil || len(syms) < 5 {
		t.Errorf("document symbols of a broken file: %v %+v", err, syms)
	}
	var ws []protocol.SymbolInformation
	if err := c.Call(protocol.MethodWorkspaceSymbol, &protocol.WorkspaceSymbolParams{Query: "upkeep"}, &ws); err != nil || len(ws) == 0 {
		t.Errorf("workspace symbols: %v %+v", err, ws)
	}
	var edit protocol.WorkspaceEdit
	if err := c.Call(protocol.MethodTextDocumentRename, &protocol.RenameParams{TextDocumentPositionParams: pos("step upkeep", 6), NewName: "upkeep_step"}, &edit); err != nil || len(edit.Changes[uri.File(turn)]) == 0 {
		t.Errorf("rename in a broken file: %v %+v", err, edit)
	}
	// An incremental change adds a misspelt attribute: its did-you-mean
	// is a code action.
	i := strings.Index(broken, "x.tapped")
	line := uint32(strings.Count(broken[:i], "\n"))
	char := uint32(i - strings.LastIndex(broken[:i], "\n") - 1 + 2)
	c.ChangeRanges(turn, 2, lsptest.Edit{Range: protocol.Range{Start: protocol.Position{Line: line, Character: char + 2}, End: protocol.Position{Line: line, Character: char + 4}}, Text: "p"})
	// The syntax error hides the check error: mend it first, keeping the typo.
	j := strings.Index(broken, "step untap untap")
	sl := uint32(strings.Count(broken[:j], "\n"))
	sc := uint32(j - strings.LastIndex(broken[:j], "\n") - 1 + len("step untap"))
	c.ChangeRanges(turn, 3, lsptest.Edit{Range: protocol.Range{Start: protocol.Position{Line: sl, Character: sc}, End: protocol.Position{Line: sl, Character: sc + 6}}, Text: ""})
	diags := c.Diagnostics(turn, func(d []protocol.Diagnostic) bool { return len(d) == 1 && strings.Contains(d[0].Message, "taped") })
	var actions []protocol.CodeAction
	if err := c.Call(protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{TextDocument: doc, Range: diags[0].Range,
		Context: protocol.CodeActionContext{Diagnostics: diags}}, &actions); err != nil || len(actions) == 0 || actions[0].Title != "Change taped to tapped" {
		t.Errorf("code actions: %v %+v", err, actions)
	}
}
