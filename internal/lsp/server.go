// Package lsp is mtgc's language server: diagnostics, hover, definitions,
// references, completion (by the receiver's type after a dot), signature
// help, formatting, document and workspace symbols,
// rename and quick fixes for .mtg files and conformance scripts (.txtar),
// over the Language Server Protocol, with incremental sync. On broken
// rules the features work from the declarations that still check
// (recover.go). The framing and the
// protocol's types come from go.lsp.dev/jsonrpc2 and go.lsp.dev/protocol;
// the answers come from the checker (compiler), the rule index and the
// conformance corpus, read afresh from disk and the open documents.
package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/internal/safeio"
)

// Version is what the server reports as its version in initialize.
var Version = "(devel)"

// Serve answers one client on rwc until it sends exit or closes the
// stream. It returns nil after a shutdown request then exit, an error
// otherwise (as the protocol asks: exit without shutdown is a failure).
func Serve(ctx context.Context, rwc io.ReadWriteCloser) error {
	s := &server{docs: map[string]string{}, good: map[string]*ruleset{}, lastParsed: map[string]string{}}
	if wd, err := os.Getwd(); err == nil {
		s.roots = []string{wd} // until initialize names the workspace
	}
	s.conn = jsonrpc2.NewConn(newBoundedStream(rwc))
	s.conn.Go(ctx, s.handle)
	select {
	case <-s.conn.Done():
	case <-ctx.Done():
		s.conn.Close()
		return ctx.Err()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.exited && s.shutdown {
		return nil
	}
	if s.exited {
		return errors.New("exit before shutdown")
	}
	if err := s.conn.Err(); err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	return errors.New("the client closed the stream without shutdown and exit")
}

// server is one client's session.
type server struct {
	conn jsonrpc2.Conn

	mu       sync.Mutex
	docs     map[string]string   // open documents by file name
	docBytes int                 // the sum of their sizes
	roots    []string            // the workspace: only files under these are read
	good     map[string]*ruleset // the last ruleset of a directory that compiled
	// lastParsed is, per .mtg file, its last text that parsed (recover.go).
	lastParsed map[string]string
	// root is the workspace's root directory (initialize), for workspace
	// symbols.
	root     string
	shutdown bool
	exited   bool
}

func (s *server) handle(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) (err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	// A bug answering one request must not take the editor's server down:
	// the request fails, the session goes on.
	defer func() {
		if r := recover(); r != nil {
			err = reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.InternalError, fmt.Sprintf("mtgc lsp: %s failed: %v", req.Method(), r)))
		}
	}()
	if s.shutdown && req.Method() != protocol.MethodExit {
		return reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "the server is shut down"))
	}
	var result any
	switch req.Method() {
	case protocol.MethodInitialize:
		var p protocol.InitializeParams
		if err = decode(req, &p); err == nil {
			s.root = rootOf(&p)
			s.setRoots(&p)
			result = s.initialize()
		}
	case protocol.MethodInitialized:
	case protocol.MethodShutdown:
		s.shutdown = true
	case protocol.MethodExit:
		s.exited = true
		s.conn.Close()
		return nil
	case protocol.MethodTextDocumentDidOpen:
		var p protocol.DidOpenTextDocumentParams
		if err = decode(req, &p); err == nil {
			if s.keep(ctx, p.TextDocument.URI.Filename(), p.TextDocument.Text) {
				s.publish(ctx, p.TextDocument.URI.Filename())
			}
		}
	case protocol.MethodTextDocumentDidChange:
		var p didChangeParams
		if err = decode(req, &p); err == nil && len(p.ContentChanges) > 0 {
			// Incremental sync: each change replaces a range, in order; a
			// change without a range is the whole text.
			file := p.TextDocument.URI.Filename()
			text := s.docs[file]
			for _, ch := range p.ContentChanges {
				text = applyChange(text, ch)
			}
			if s.keep(ctx, file, text) {
				s.publish(ctx, file)
			}
		}
	case protocol.MethodTextDocumentDidSave:
		var p protocol.DidSaveTextDocumentParams
		if err = decode(req, &p); err == nil {
			s.publish(ctx, p.TextDocument.URI.Filename())
		}
	case protocol.MethodTextDocumentDidClose:
		var p protocol.DidCloseTextDocumentParams
		if err = decode(req, &p); err == nil {
			s.forget(p.TextDocument.URI.Filename())
		}
	case protocol.MethodTextDocumentHover:
		var p protocol.HoverParams
		if err = decode(req, &p); err == nil {
			result = s.hover(p.TextDocument.URI.Filename(), p.Position)
		}
	case protocol.MethodTextDocumentDefinition:
		var p protocol.DefinitionParams
		if err = decode(req, &p); err == nil {
			result = s.definition(p.TextDocument.URI.Filename(), p.Position)
		}
	case protocol.MethodTextDocumentReferences:
		var p protocol.ReferenceParams
		if err = decode(req, &p); err == nil {
			result = s.references(p.TextDocument.URI.Filename(), p.Position)
		}
	case protocol.MethodTextDocumentCompletion:
		var p protocol.CompletionParams
		if err = decode(req, &p); err == nil {
			result = s.complete(p.TextDocument.URI.Filename(), p.Position)
		}
	case protocol.MethodTextDocumentSignatureHelp:
		var p protocol.SignatureHelpParams
		if err = decode(req, &p); err == nil {
			result = s.signatureHelp(p.TextDocument.URI.Filename(), p.Position)
		}
	case protocol.MethodTextDocumentDocumentSymbol:
		var p protocol.DocumentSymbolParams
		if err = decode(req, &p); err == nil {
			result = s.documentSymbols(p.TextDocument.URI.Filename())
		}
	case protocol.MethodWorkspaceSymbol:
		var p protocol.WorkspaceSymbolParams
		if err = decode(req, &p); err == nil {
			result = s.workspaceSymbols(p.Query)
		}
	case protocol.MethodTextDocumentPrepareRename:
		var p protocol.PrepareRenameParams
		if err = decode(req, &p); err == nil {
			result, err = s.prepareRename(p.TextDocument.URI.Filename(), p.Position)
		}
	case protocol.MethodTextDocumentRename:
		var p protocol.RenameParams
		if err = decode(req, &p); err == nil {
			result, err = s.rename(p.TextDocument.URI.Filename(), p.Position, p.NewName)
		}
	case protocol.MethodTextDocumentCodeAction:
		var p protocol.CodeActionParams
		if err = decode(req, &p); err == nil {
			result = s.codeActions(p.TextDocument.URI.Filename(), p.Context.Diagnostics)
		}
	case protocol.MethodTextDocumentFormatting:
		var p protocol.DocumentFormattingParams
		if err = decode(req, &p); err == nil {
			result, err = s.format(p.TextDocument.URI.Filename())
		}
	default:
		if _, isCall := req.(*jsonrpc2.Call); isCall {
			err = jsonrpc2.NewError(jsonrpc2.MethodNotFound, "mtgc lsp does not implement "+req.Method())
		}
	}
	return reply(ctx, result, err)
}

func decode(req jsonrpc2.Request, v any) error {
	if err := json.Unmarshal(req.Params(), v); err != nil {
		return jsonrpc2.NewError(jsonrpc2.InvalidParams, fmt.Sprintf("%s: %v", req.Method(), err))
	}
	return nil
}

func (s *server) initialize() *protocol.InitializeResult {
	return &protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			TextDocumentSync: &protocol.TextDocumentSyncOptions{
				OpenClose: true,
				Change:    protocol.TextDocumentSyncKindIncremental,
				Save:      &protocol.SaveOptions{},
			},
			HoverProvider:              true,
			DefinitionProvider:         true,
			ReferencesProvider:         true,
			DocumentFormattingProvider: true,
			CompletionProvider:         &protocol.CompletionOptions{TriggerCharacters: []string{"\"", "."}},
			SignatureHelpProvider:      &protocol.SignatureHelpOptions{TriggerCharacters: []string{"(", ",", " "}},
			DocumentSymbolProvider:     true,
			WorkspaceSymbolProvider:    true,
			RenameProvider:             &protocol.RenameOptions{PrepareProvider: true},
			CodeActionProvider:         &protocol.CodeActionOptions{CodeActionKinds: []protocol.CodeActionKind{protocol.QuickFix}},
		},
		ServerInfo: &protocol.ServerInfo{Name: "mtgc", Version: Version},
	}
}

// Caps on what a client may make the server hold: open documents (their
// number, each one's size, all of them together) and a file it reads.
const (
	maxDocs     = 500
	maxDocBytes = compiler.MaxSourceBytes // one document, one file read
	maxAllDocs  = 128 << 20               // all open documents
)

// keep records an open document's text, if the caps allow: a document
// past them is not kept (the server reads the file from disk instead) and
// the client is told why. It reports whether the document is kept.
func (s *server) keep(ctx context.Context, file, text string) bool {
	old, had := s.docs[file]
	msg := ""
	switch {
	case len(text) > maxDocBytes:
		msg = fmt.Sprintf("mtgc lsp: %s is larger than %d bytes: not checked", file, maxDocBytes)
	case !had && len(s.docs) >= maxDocs:
		msg = fmt.Sprintf("mtgc lsp: more than %d open documents: %s is not kept (close some)", maxDocs, file)
	case s.docBytes-len(old)+len(text) > maxAllDocs:
		msg = fmt.Sprintf("mtgc lsp: the open documents would take more than %d bytes: %s is not kept (close some)", maxAllDocs, file)
	}
	if msg != "" {
		s.forget(file)
		s.conn.Notify(ctx, protocol.MethodWindowShowMessage, &protocol.ShowMessageParams{Type: protocol.MessageTypeWarning, Message: msg})
		return false
	}
	s.docBytes += len(text) - len(old)
	s.docs[file] = text
	return true
}

func (s *server) forget(file string) {
	s.docBytes -= len(s.docs[file])
	delete(s.docs, file)
}

// setRoots records the workspace the client names (its folders, else its
// root); without any, the server's working directory.
func (s *server) setRoots(p *protocol.InitializeParams) {
	var roots []string
	for _, f := range p.WorkspaceFolders {
		roots = append(roots, uri.URI(f.URI).Filename())
	}
	if len(roots) == 0 && p.RootURI != "" {
		roots = append(roots, p.RootURI.Filename())
	}
	if len(roots) == 0 && p.RootPath != "" {
		roots = append(roots, p.RootPath)
	}
	if len(roots) > 0 {
		s.roots = roots
	}
}

// readable reports why the server may not read file from disk, or nil:
// only regular files under the workspace are read (a hover on
// file:///dev/zero or /etc/passwd reads nothing).
func (s *server) readable(file string) error {
	for _, r := range s.roots {
		if safeio.Inside(r, file) {
			return nil
		}
	}
	return fmt.Errorf("%s is outside the workspace", file)
}

// read reads a file of the workspace from disk, with the size cap.
func (s *server) read(file string) ([]byte, error) {
	if err := s.readable(file); err != nil {
		return nil, err
	}
	return readFile(file, maxDocBytes)
}

// text returns an open document's text, or the file's on disk.
func (s *server) text(file string) (string, bool) {
	if t, ok := s.docs[file]; ok {
		return t, true
	}
	data, err := s.read(file)
	if err != nil {
		return "", false
	}
	return string(data), true
}

func fileURI(file string) protocol.DocumentURI { return uri.File(file) }

// rootOf is the workspace's root directory: the first workspace folder,
// else rootUri, else rootPath.
func rootOf(p *protocol.InitializeParams) string {
	if len(p.WorkspaceFolders) > 0 {
		return uri.URI(p.WorkspaceFolders[0].URI).Filename()
	}
	if p.RootURI != "" {
		return p.RootURI.Filename()
	}
	return p.RootPath
}
