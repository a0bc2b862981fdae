package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"go.lsp.dev/jsonrpc2"
)

// Limits on what a client may send: the library's own framing reads a
// header line of any length and allocates whatever Content-Length says (up
// to 2 GiB), so a client could exhaust memory with one header.
const (
	maxMessage    = 64 << 20 // bytes of one message's content
	maxHeaderLine = 4 << 10  // bytes of one header line
	maxHeaders    = 32       // header lines of one message
)

// boundedStream frames messages as jsonrpc2.NewStream does (LSP's
// Content-Length headers) and refuses a message past the limits; writing
// is the library's.
//
// A message whose content is not a JSON-RPC message (malformed JSON, a
// truncated body, no method) gets an error response (-32700, parse error,
// or -32600, invalid request, with the request's id if it has one) and the
// session goes on with the next message; only a framing error (the
// headers themselves) ends the connection, since what follows can't be
// found.
type boundedStream struct {
	jsonrpc2.Stream // writes and closes
	in              *bufio.Reader
	out             io.Writer
	mu              sync.Mutex // serialises writes: the library's and the error responses
}

func newBoundedStream(rwc io.ReadWriteCloser) jsonrpc2.Stream {
	return &boundedStream{Stream: jsonrpc2.NewStream(rwc), in: bufio.NewReaderSize(rwc, maxHeaderLine), out: rwc}
}

// Write implements jsonrpc2.Stream.
func (s *boundedStream) Write(ctx context.Context, msg jsonrpc2.Message) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.Stream.Write(ctx, msg)
}

// Read implements jsonrpc2.Stream: the next well-formed message.
func (s *boundedStream) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	var total int64
	for {
		msg, n, data, err := s.read1(ctx)
		total += n
		if err != nil || msg != nil {
			return msg, total, err
		}
		if err := s.refuse(data); err != nil {
			return nil, total, err
		}
	}
}

// refuse answers a message that does not decode with an error response.
func (s *boundedStream) refuse(data []byte) error {
	var probe struct {
		ID json.RawMessage `json:"id"`
	}
	code, msg, id := int64(jsonrpc2.ParseError), "parse error: the message is not JSON", json.RawMessage("null")
	if json.Unmarshal(data, &probe) == nil {
		code, msg = int64(jsonrpc2.InvalidRequest), "invalid request: not a JSON-RPC 2.0 message"
		var n int64
		var str string
		if json.Unmarshal(probe.ID, &n) == nil || json.Unmarshal(probe.ID, &str) == nil {
			id = probe.ID
		}
	}
	body, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": "mtgc lsp: " + msg}})
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, err := fmt.Fprintf(s.out, "%s: %d\r\n\r\n", jsonrpc2.HdrContentLength, len(body)); err != nil {
		return err
	}
	_, err = s.out.Write(body)
	return err
}

// read1 reads one framed message: the message, or its content if it does
// not decode (msg nil, err nil), or a framing error.
func (s *boundedStream) read1(ctx context.Context) (msg jsonrpc2.Message, total int64, data []byte, err error) {
	if err := ctx.Err(); err != nil {
		return nil, 0, nil, err
	}
	msg, total, data, err = s.frame()
	if err != nil || msg != nil {
		return msg, total, nil, err
	}
	return nil, total, data, nil
}

func (s *boundedStream) frame() (jsonrpc2.Message, int64, []byte, error) {
	var total, length int64
	for n := 0; ; n++ {
		if n == maxHeaders {
			return nil, total, nil, fmt.Errorf("more than %d header lines", maxHeaders)
		}
		line, err := s.in.ReadSlice('\n')
		total += int64(len(line))
		if err == bufio.ErrBufferFull {
			return nil, total, nil, fmt.Errorf("a header line longer than %d bytes", maxHeaderLine)
		}
		if err != nil {
			return nil, total, nil, fmt.Errorf("failed reading header line: %w", err)
		}
		text := strings.TrimSpace(string(line))
		if text == "" {
			break
		}
		name, value, ok := strings.Cut(text, ":")
		if !ok {
			return nil, total, nil, fmt.Errorf("invalid header line %q", text)
		}
		if name == jsonrpc2.HdrContentLength {
			if length, err = strconv.ParseInt(strings.TrimSpace(value), 10, 64); err != nil || length <= 0 {
				return nil, total, nil, fmt.Errorf("invalid %s %q", jsonrpc2.HdrContentLength, value)
			}
			if length > maxMessage {
				return nil, total, nil, fmt.Errorf("a message of %d bytes: at most %d", length, maxMessage)
			}
		}
	}
	if length == 0 {
		return nil, total, nil, fmt.Errorf("missing %s header", jsonrpc2.HdrContentLength)
	}
	data := make([]byte, length)
	if _, err := io.ReadFull(s.in, data); err != nil {
		return nil, total, nil, fmt.Errorf("read full of data: %w", err)
	}
	total += length
	msg, err := jsonrpc2.DecodeMessage(data)
	if err != nil {
		return nil, total, data, nil
	}
	return msg, total, nil, nil
}
