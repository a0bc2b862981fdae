// Package lsptest is a minimal LSP client for tests: it drives a server
// over a stream as an editor would and collects the diagnostics it
// publishes.
package lsptest

import (
	"context"
	"encoding/json"
	"io"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// Client is one connection to a server.
type Client struct {
	t    testing.TB
	conn jsonrpc2.Conn

	mu    sync.Mutex
	diags map[string][]protocol.Diagnostic // by file name, the latest
	got   chan struct{}
}

// New connects to the server at the other end of rwc.
func New(t testing.TB, rwc io.ReadWriteCloser) *Client {
	c := &Client{t: t, conn: jsonrpc2.NewConn(jsonrpc2.NewStream(rwc)), diags: map[string][]protocol.Diagnostic{}, got: make(chan struct{}, 100)}
	c.conn.Go(context.Background(), func(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
		if req.Method() == protocol.MethodTextDocumentPublishDiagnostics {
			var p protocol.PublishDiagnosticsParams
			if err := json.Unmarshal(req.Params(), &p); err != nil {
				t.Errorf("publishDiagnostics: %v", err)
			}
			c.mu.Lock()
			c.diags[p.URI.Filename()] = p.Diagnostics
			c.mu.Unlock()
			select {
			case c.got <- struct{}{}:
			default:
			}
		}
		return reply(ctx, nil, nil)
	})
	return c
}

// Call sends a request and decodes its result into result; it fails the
// test on an error response unless wantErr.
func (c *Client) Call(method string, params, result any) error {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_, err := c.conn.Call(ctx, method, params, result)
	return err
}

// Notify sends a notification.
func (c *Client) Notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

// Open sends didOpen for file with text.
func (c *Client) Open(file, text string) {
	c.t.Helper()
	c.Notify(protocol.MethodTextDocumentDidOpen, &protocol.DidOpenTextDocumentParams{
		TextDocument: protocol.TextDocumentItem{URI: uri.File(file), LanguageID: "mtg", Version: 1, Text: text},
	})
}

// Change sends didChange with the whole new text (a change without a
// range: go.lsp.dev/protocol's type always has one).
func (c *Client) Change(file, text string, version int32) {
	c.t.Helper()
	c.Notify(protocol.MethodTextDocumentDidChange, map[string]any{
		"textDocument":   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uri.File(file)}, Version: version},
		"contentChanges": []map[string]any{{"text": text}},
	})
}

// Edit is one incremental change: the text replacing a range.
type Edit struct {
	Range protocol.Range
	Text  string
}

// ChangeRanges sends didChange with incremental changes, applied in order.
func (c *Client) ChangeRanges(file string, version int32, edits ...Edit) {
	c.t.Helper()
	var changes []protocol.TextDocumentContentChangeEvent
	for _, e := range edits {
		changes = append(changes, protocol.TextDocumentContentChangeEvent{Range: e.Range, Text: e.Text})
	}
	c.Notify(protocol.MethodTextDocumentDidChange, &protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uri.File(file)}, Version: version},
		ContentChanges: changes,
	})
}

// Diagnostics waits until the server has published diagnostics for file
// that satisfy ok, and returns them; it fails the test after a timeout.
func (c *Client) Diagnostics(file string, ok func([]protocol.Diagnostic) bool) []protocol.Diagnostic {
	c.t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		c.mu.Lock()
		d, have := c.diags[file]
		c.mu.Unlock()
		if have && ok(d) {
			return d
		}
		select {
		case <-c.got:
		case <-deadline:
			c.t.Fatalf("no acceptable diagnostics for %s; last: %+v", file, d)
		}
	}
}

// Pos is the params of a request at a position of file.
func Pos(file string, line, char uint32) protocol.TextDocumentPositionParams {
	return protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: uri.File(file)},
		Position:     protocol.Position{Line: line, Character: char},
	}
}

// Initialize sends initialize and initialized.
func (c *Client) Initialize(root string) protocol.InitializeResult {
	c.t.Helper()
	var res protocol.InitializeResult
	if err := c.Call(protocol.MethodInitialize, &protocol.InitializeParams{RootURI: uri.File(root)}, &res); err != nil {
		c.t.Fatalf("initialize: %v", err)
	}
	c.Notify(protocol.MethodInitialized, &protocol.InitializedParams{})
	return res
}

// Shutdown sends shutdown then exit.
func (c *Client) Shutdown() {
	c.t.Helper()
	if err := c.Call(protocol.MethodShutdown, nil, nil); err != nil {
		c.t.Fatalf("shutdown: %v", err)
	}
	c.Notify(protocol.MethodExit, nil)
}
