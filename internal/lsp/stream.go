package lsp

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

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
type boundedStream struct {
	jsonrpc2.Stream // writes and closes
	in              *bufio.Reader
}

func newBoundedStream(rwc io.ReadWriteCloser) jsonrpc2.Stream {
	return &boundedStream{Stream: jsonrpc2.NewStream(rwc), in: bufio.NewReaderSize(rwc, maxHeaderLine)}
}

// Read implements jsonrpc2.Stream.
func (s *boundedStream) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	if err := ctx.Err(); err != nil {
		return nil, 0, err
	}
	var total, length int64
	for n := 0; ; n++ {
		if n == maxHeaders {
			return nil, total, fmt.Errorf("more than %d header lines", maxHeaders)
		}
		line, err := s.in.ReadSlice('\n')
		total += int64(len(line))
		if err == bufio.ErrBufferFull {
			return nil, total, fmt.Errorf("a header line longer than %d bytes", maxHeaderLine)
		}
		if err != nil {
			return nil, total, fmt.Errorf("failed reading header line: %w", err)
		}
		text := strings.TrimSpace(string(line))
		if text == "" {
			break
		}
		name, value, ok := strings.Cut(text, ":")
		if !ok {
			return nil, total, fmt.Errorf("invalid header line %q", text)
		}
		if name == jsonrpc2.HdrContentLength {
			if length, err = strconv.ParseInt(strings.TrimSpace(value), 10, 64); err != nil || length <= 0 {
				return nil, total, fmt.Errorf("invalid %s %q", jsonrpc2.HdrContentLength, value)
			}
			if length > maxMessage {
				return nil, total, fmt.Errorf("a message of %d bytes: at most %d", length, maxMessage)
			}
		}
	}
	if length == 0 {
		return nil, total, fmt.Errorf("missing %s header", jsonrpc2.HdrContentLength)
	}
	data := make([]byte, length)
	if _, err := io.ReadFull(s.in, data); err != nil {
		return nil, total, fmt.Errorf("read full of data: %w", err)
	}
	total += length
	msg, err := jsonrpc2.DecodeMessage(data)
	return msg, total, err
}
