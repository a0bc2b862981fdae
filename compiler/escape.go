package compiler

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// commentText is s made safe to print in a // comment of the generated Go:
// what the rules directory chose (a .mtg file name, the edition's title)
// may hold a newline, after which the rest would be Go source, or a
// character Go refuses in a source file (U+FEFF, NUL, invalid UTF-8).
// Every character that is not printable, and the backslash that starts an
// escape, is written as a Go escape (\n, \ufeff, \x00), so the comment
// stays one line and says what the name is.
func commentText(s string) string {
	if !strings.ContainsFunc(s, needsEscape) && utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i, w := 0, 0; i < len(s); i += w {
		r, n := utf8.DecodeRuneInString(s[i:])
		w = n
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteString(`\x` + strconv.FormatUint(uint64(s[i])|0x100, 16)[1:])
		case r == '\\':
			b.WriteString(`\\`)
		case needsEscape(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func needsEscape(r rune) bool {
	return r == '\\' || !unicode.IsPrint(r) && r != ' '
}
