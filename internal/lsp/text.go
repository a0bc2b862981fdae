package lsp

import (
	"regexp"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"go.lsp.dev/protocol"
)

// LSP positions count UTF-16 code units; the checker's columns count bytes
// from 1. These convert on the line's text.

// lineOf returns line n (0-based) of text, without its newline.
func lineOf(text string, n int) string {
	for i := 0; i < n; i++ {
		j := strings.IndexByte(text, '\n')
		if j < 0 {
			return ""
		}
		text = text[j+1:]
	}
	if j := strings.IndexByte(text, '\n'); j >= 0 {
		text = text[:j]
	}
	return strings.TrimSuffix(text, "\r")
}

// byteCol converts a UTF-16 character offset on line to a byte offset.
func byteCol(line string, char uint32) int {
	units := 0
	for i, r := range line {
		if units >= int(char) {
			return i
		}
		units += len(utf16.Encode([]rune{r}))
	}
	return len(line)
}

// charCol converts a byte offset on line to a UTF-16 character offset.
func charCol(line string, b int) uint32 {
	if b > len(line) {
		b = len(line)
	}
	n := 0
	for _, r := range line[:b] {
		n += len(utf16.Encode([]rune{r}))
	}
	return uint32(n)
}

// span returns the range of the word starting at (line, col), both 1-based
// bytes as the checker gives them, in text: at least one character.
func span(text string, line, col int) protocol.Range {
	if line < 1 {
		line = 1
	}
	l := lineOf(text, line-1)
	start := col - 1
	if start < 0 {
		start = 0
	}
	if start > len(l) {
		start = len(l)
	}
	end := start
	for end < len(l) && isWordByte(l[end]) {
		end++
	}
	if end == start && end < len(l) {
		_, size := utf8.DecodeRuneInString(l[end:])
		end += size
	}
	return protocol.Range{
		Start: protocol.Position{Line: uint32(line - 1), Character: charCol(l, start)},
		End:   protocol.Position{Line: uint32(line - 1), Character: charCol(l, end)},
	}
}

func isWordByte(c byte) bool {
	return c == '_' || c == '.' || c == '#' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

var ruleNumber = regexp.MustCompile(`^[0-9]{3}(\.[0-9]+[a-z]*)?$`)

// word returns the word under the cursor (letters, digits, _ and .) and
// the byte offset of its start on the line.
func word(text string, pos protocol.Position) (string, int) {
	l := lineOf(text, int(pos.Line))
	at := byteCol(l, pos.Character)
	start, end := at, at
	for start > 0 && isIdentByte(l[start-1]) {
		start--
	}
	for end < len(l) && isIdentByte(l[end]) {
		end++
	}
	w := l[start:end]
	// "x.tapped": the part under the cursor.
	if !ruleNumber.MatchString(w) && strings.Contains(w, ".") {
		rel := at - start
		parts := strings.Split(w, ".")
		off := 0
		for _, p := range parts {
			if rel <= off+len(p) {
				return p, start + off
			}
			off += len(p) + 1
		}
	}
	return w, start
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '.' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// didChangeParams is DidChangeTextDocumentParams with the range of each
// change optional, as the protocol has it: without one, the change is the
// whole text.
type didChangeParams struct {
	TextDocument   protocol.VersionedTextDocumentIdentifier `json:"textDocument"`
	ContentChanges []contentChange                          `json:"contentChanges"`
}

// contentChange is one change of a didChange.
type contentChange struct {
	Range *protocol.Range `json:"range,omitempty"`
	Text  string          `json:"text"`
}

// applyChange applies one change of didChange to text.
func applyChange(text string, ch contentChange) string {
	if ch.Range == nil {
		return ch.Text
	}
	start, end := offsetOf(text, ch.Range.Start), offsetOf(text, ch.Range.End)
	if end < start {
		start, end = end, start
	}
	return text[:start] + ch.Text + text[end:]
}

// offsetOf converts a position to a byte offset in text, clamped to the
// text (a line past the end is the end; a character past a line's end is
// its end).
func offsetOf(text string, pos protocol.Position) int {
	off := 0
	for i := uint32(0); i < pos.Line; i++ {
		j := strings.IndexByte(text[off:], '\n')
		if j < 0 {
			return len(text)
		}
		off += j + 1
	}
	line := text[off:]
	if j := strings.IndexByte(line, '\n'); j >= 0 {
		line = line[:j]
	}
	return off + byteCol(strings.TrimSuffix(line, "\r"), pos.Character)
}
