package lsp

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// FuzzStream: whatever bytes a client sends, the framing never panics,
// never allocates past its limits, and each Read either returns a message
// or an error; a malformed message is answered and skipped. Seeds are
// issue 26's cases.
//
//	go test ./internal/lsp -run '^$' -fuzz FuzzStream -fuzztime 2m
func FuzzStream(f *testing.F) {
	good := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`
	f.Add([]byte(framed(good)))
	f.Add([]byte(framed(`{"jsonrpc":"2.0","id":`) + framed(good)))
	f.Add([]byte(framed(`{"jsonrpc":"2.0","id":7,"method":5}`)))
	f.Add([]byte("Content-Length: 999999999999\r\n\r\n"))
	f.Add([]byte("X-Junk: " + strings.Repeat("a", maxHeaderLine) + "\r\n"))
	f.Add([]byte(strings.Repeat("X: y\r\n", maxHeaders+1)))
	f.Add([]byte("Content-Length: -3\r\n\r\n"))
	f.Add([]byte("Content-Length: 5\r\n\r\n{}"))
	f.Add([]byte(framed(`{"jsonrpc":"2.0","method":"textDocument/hover","params":{"textDocument":{"uri":"file:///dev/zero"},"position":{"line":0,"character":0}},"id":2}`)))
	f.Fuzz(func(t *testing.T, in []byte) {
		var out bytes.Buffer
		s := newBoundedStream(rwc{bytes.NewReader(in), &out})
		for i := 0; i < 100; i++ {
			msg, _, err := s.Read(context.Background())
			if err != nil {
				return
			}
			if msg == nil {
				t.Fatal("no message and no error")
			}
		}
	})
}
