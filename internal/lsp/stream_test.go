package lsp

import (
	"context"
	"io"
	"strconv"
	"strings"
	"testing"
)

type rwc struct {
	io.Reader
	io.Writer
}

func (rwc) Close() error { return nil }

// TestBoundedStream: a message within the limits is read; a Content-Length
// past them, a header line too long, too many header lines and a missing
// length are refused without reading (or allocating) the content.
func TestBoundedStream(t *testing.T) {
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`
	cases := []struct {
		name, in, err string
	}{
		{"ok", "Content-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body, ""},
		{"huge", "Content-Length: 999999999999\r\n\r\n", "a message of 999999999999 bytes"},
		{"long line", "X-Junk: " + strings.Repeat("a", maxHeaderLine) + "\r\n", "header line longer"},
		{"many lines", strings.Repeat("X: y\r\n", maxHeaders+1), "header lines"},
		{"no length", "X: y\r\n\r\n", "missing Content-Length"},
		{"bad length", "Content-Length: -3\r\n\r\n", "invalid Content-Length"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newBoundedStream(rwc{strings.NewReader(c.in), io.Discard})
			msg, _, err := s.Read(context.Background())
			switch {
			case c.err == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case c.err == "" && msg == nil:
				t.Fatal("no message")
			case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
				t.Fatalf("error %v, want one saying %q", err, c.err)
			}
		})
	}
}
