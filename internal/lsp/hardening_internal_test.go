package lsp

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
)

func framed(body string) string {
	return "Content-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body
}

// TestMalformedMessageAnswered (issue 26, item 7): a message that is not
// JSON, or not JSON-RPC, gets an error response and the next message is
// read: the session does not end.
func TestMalformedMessageAnswered(t *testing.T) {
	good := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`
	in := framed(`{"jsonrpc":"2.0","id":`) + framed(`{"jsonrpc":"2.0","id":7,"method":5}`) + framed(`[1,2`) + framed(good)
	var out bytes.Buffer
	s := newBoundedStream(rwc{strings.NewReader(in), &out})
	msg, _, err := s.Read(context.Background())
	if err != nil {
		t.Fatalf("the session ended: %v", err)
	}
	if c, ok := msg.(*jsonrpc2.Call); !ok || c.Method() != "initialize" {
		t.Fatalf("read %#v, want the initialize after the bad messages", msg)
	}
	got := out.String()
	if strings.Count(got, "Content-Length:") != 3 || strings.Count(got, `"code":-32700`) != 2 || !strings.Contains(got, `"id":7`) || !strings.Contains(got, `"code":-32600`) {
		t.Errorf("the error responses: %s", got)
	}
	if _, _, err := s.Read(context.Background()); err == nil || !strings.Contains(err.Error(), "EOF") {
		t.Errorf("at the end: %v", err)
	}
}

func testServer(t *testing.T, root string) *server {
	s := &server{docs: map[string]string{}, good: map[string]*ruleset{}, roots: []string{root}}
	s.conn = jsonrpc2.NewConn(jsonrpc2.NewStream(rwc{strings.NewReader(""), io.Discard}))
	return s
}

// TestDocumentCaps (item 7): a thousand one-megabyte documents opened and
// never closed are not all held: the open documents stay under their caps.
func TestDocumentCaps(t *testing.T) {
	s := testServer(t, t.TempDir())
	text := strings.Repeat("x", 1<<20)
	for i := 0; i < 1000; i++ {
		s.keep(context.Background(), "/w/doc"+strconv.Itoa(i)+".mtg", text)
	}
	if len(s.docs) > maxDocs || s.docBytes > maxAllDocs {
		t.Errorf("%d documents, %d bytes held", len(s.docs), s.docBytes)
	}
	if s.keep(context.Background(), "/w/huge.mtg", strings.Repeat("x", maxDocBytes+1)) {
		t.Error("a document past the size cap was kept")
	}
	for f := range s.docs {
		s.forget(f)
	}
	if s.docBytes != 0 {
		t.Errorf("%d bytes counted after closing every document", s.docBytes)
	}
}

// TestReadsOnlyWorkspaceFiles (item 7): the server reads only regular
// files under the workspace: /dev/zero, /etc/passwd and a FIFO of the
// workspace read nothing, at once.
func TestReadsOnlyWorkspaceFiles(t *testing.T) {
	root := t.TempDir()
	s := testServer(t, root)
	fifo := filepath.Join(root, "fifo.mtg")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	zero := filepath.Join(root, "zero.mtg")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(root, "good.mtg")
	if err := os.WriteFile(good, []byte("edition e \"t\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, f := range []string{"/dev/zero", "/etc/passwd", fifo, zero} {
			if text, ok := s.text(f); ok {
				t.Errorf("%s read: %.40q", f, text)
			}
		}
		if _, ok := s.text(good); !ok {
			t.Error("a file of the workspace is not read")
		}
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("a read hangs")
	}
}
