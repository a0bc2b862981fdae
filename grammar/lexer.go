package grammar

import (
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// Token types handed to participle. Keywords get their own type so that
// `@Ident` never matches a reserved word.
const (
	tokIdent lexer.TokenType = iota + 1
	tokKeyword
	tokInt
	tokString
	tokPunct
)

var tokenSymbols = map[string]lexer.TokenType{
	"EOF":     lexer.EOF,
	"Ident":   tokIdent,
	"Keyword": tokKeyword,
	"Int":     tokInt,
	"String":  tokString,
	"Punct":   tokPunct,
}

// keywords are the reserved words of the language.
var keywords = []string{
	"edition", "player", "keyword", "turn", "order", "extra_turns", "every",
	"step", "phase", "action", "priority", "no_priority", "skip", "repeat",
	"allow", "on_end", "on_begin", "sba", "watch", "for", "each", "where", "if", "else", "let", "until", "unchanged",
	"and", "or", "not", "has", "prevents", "predicate", "timing", "then", "mechanism",
	"stack_object", "on_damage", "on_event", "replace", "effect", "trigger_event", "extends", "override", "remove", "add", "renumber", "recite", "as",
	"card_type", "counter", "land_mana", "state", "characteristic", "kind", "static", "triggered", "redundant", "does", "card",
}

var isKeyword = func() map[string]bool {
	m := make(map[string]bool, len(keywords))
	for _, k := range keywords {
		m[k] = true
	}
	return m
}()

// puncts lists the operator and delimiter tokens, two-byte ones first so
// the scanner tries them before their one-byte prefixes.
var puncts = []string{
	"==", "!=", "<=", ">=",
	"<", ">", "+", "-", "*", "(", ")", "{", "}", ",", ".", "=",
}

// scanned is the result of scanning a whole file.
type scanned struct {
	toks     []lexer.Token // significant tokens, ending with EOF
	comments []*Comment
	errs     ErrorList
}

// scan splits src into tokens. It never fails: bad characters are skipped
// and bad strings still yield a String token, each with an error, so the
// parser can go on and report the rest of the file.
func scan(path string, src []byte) *scanned {
	s := &scanner{path: path, src: src, line: 1, strayEnd: -1, out: &scanned{}}
	s.run()
	return s.out
}

type scanner struct {
	path      string
	src       []byte
	off       int
	line      int
	lineStart int
	strayEnd  int // end of the last bad character, or -1
	out       *scanned
}

func (s *scanner) pos(off int) lexer.Position {
	return lexer.Position{Filename: s.path, Offset: off, Line: s.line, Column: off - s.lineStart + 1}
}

func (s *scanner) errorf(off int, format string, args ...any) {
	s.out.errs = append(s.out.errs, &Error{Pos: toPos(s.pos(off)), Msg: fmt.Sprintf(format, args...)})
}

func (s *scanner) emit(typ lexer.TokenType, start int) {
	s.out.toks = append(s.out.toks, lexer.Token{Type: typ, Value: string(s.src[start:s.off]), Pos: s.pos(start)})
}

func (s *scanner) run() {
	for s.off < len(s.src) {
		start := s.off
		c := s.src[s.off]
		switch {
		case c == '\n':
			s.off++
			s.line++
			s.lineStart = s.off
		case c == ' ' || c == '\t' || c == '\r':
			s.off++
		case c == '#':
			s.comment()
		case c == '"':
			s.str()
		case isLetter(c):
			for s.off < len(s.src) && (isLetter(s.src[s.off]) || isDigit(s.src[s.off])) {
				s.off++
			}
			typ := tokIdent
			if isKeyword[string(s.src[start:s.off])] {
				typ = tokKeyword
			}
			s.emit(typ, start)
		case isDigit(c):
			for s.off < len(s.src) && isDigit(s.src[s.off]) {
				s.off++
			}
			s.emit(tokInt, start)
		default:
			if p := s.punct(); p != "" {
				s.off += len(p)
				s.emit(tokPunct, start)
				continue
			}
			r, size := utf8.DecodeRune(s.src[s.off:])
			switch {
			case start == s.strayEnd:
				// One error for a run of bad characters, such as "&&".
			case r == utf8.RuneError && size == 1:
				s.errorf(start, "invalid UTF-8 encoding")
			default:
				s.errorf(start, "unexpected character %q%s", r, charHint[r])
			}
			s.off += size
			s.strayEnd = s.off
		}
	}
	s.out.toks = append(s.out.toks, lexer.EOFToken(s.pos(s.off)))
}

func (s *scanner) punct() string {
	rest := s.src[s.off:]
	for _, p := range puncts {
		if len(rest) >= len(p) && string(rest[:len(p)]) == p {
			return p
		}
	}
	return ""
}

func (s *scanner) comment() {
	start := s.off
	for s.off < len(s.src) && s.src[s.off] != '\n' {
		s.off++
	}
	text := s.src[start:s.off]
	s.checkUTF8(start, text)
	end := len(text)
	for end > 0 && (text[end-1] == ' ' || text[end-1] == '\t' || text[end-1] == '\r') {
		end--
	}
	s.out.comments = append(s.out.comments, &Comment{Pos: toPos(s.pos(start)), Text: string(text[:end])})
}

// checkUTF8 reports the first invalid UTF-8 sequence in b, which starts at off.
func (s *scanner) checkUTF8(off int, b []byte) {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			s.errorf(off+i, "invalid UTF-8 encoding")
			return
		}
		i += size
	}
}

// str scans a double-quoted string with Go escapes. An unterminated string
// runs to the end of the line.
func (s *scanner) str() {
	start := s.off
	s.off++
	for {
		if s.off >= len(s.src) || s.src[s.off] == '\n' {
			s.errorf(start, "unterminated string")
			s.emit(tokString, start)
			return
		}
		c := s.src[s.off]
		switch c {
		case '"':
			s.off++
			s.checkUTF8(start, s.src[start:s.off])
			s.emit(tokString, start)
			return
		case '\\':
			s.escape()
		default:
			s.off++
		}
	}
}

// escape checks the escape sequence at s.off, which is a backslash, and
// moves past it.
func (s *scanner) escape() {
	start := s.off
	s.off++
	if s.off >= len(s.src) || s.src[s.off] == '\n' {
		s.errorf(start, "invalid escape sequence at end of line")
		return
	}
	c := s.src[s.off]
	s.off++
	var n, base int
	switch c {
	case 'a', 'b', 'f', 'n', 'r', 't', 'v', '\\', '"':
		return
	case 'x':
		n, base = 2, 16
	case 'u':
		n, base = 4, 16
	case 'U':
		n, base = 8, 16
	case '0', '1', '2', '3', '4', '5', '6', '7':
		n, base = 2, 8
	default:
		r, _ := utf8.DecodeRune(s.src[s.off-1:])
		s.errorf(start, "invalid escape sequence \\%c in string", r)
		if r >= utf8.RuneSelf {
			s.off += utf8.RuneLen(r) - 1
		}
		return
	}
	digits := s.off
	for i := 0; i < n; i++ {
		if s.off >= len(s.src) || digitVal(s.src[s.off]) >= base {
			s.errorf(start, "invalid escape sequence %s in string", s.src[start:s.off])
			return
		}
		s.off++
	}
	text := string(s.src[digits:s.off])
	if base == 8 {
		text = string(c) + text
	}
	v, _ := strconv.ParseUint(text, base, 32)
	switch {
	case base == 8 && v > 255:
		s.errorf(start, "octal escape %s out of range", s.src[start:s.off])
	case (c == 'u' || c == 'U') && !utf8.ValidRune(rune(v)):
		s.errorf(start, "escape %s is not a valid Unicode code point", s.src[start:s.off])
	}
}

func isLetter(c byte) bool { return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }

func digitVal(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c - 'a' + 10)
	case 'A' <= c && c <= 'F':
		return int(c - 'A' + 10)
	}
	return 16
}

func toPos(p lexer.Position) Pos {
	return Pos{File: p.Filename, Line: p.Line, Col: p.Column, Offset: p.Offset}
}

// lexDef makes the scanner usable as a participle lexer. ParseFile scans
// itself and feeds tokens through tokenLexer, so lexing errors here are
// dropped; they are reported from scan.
type lexDef struct{}

func (lexDef) Symbols() map[string]lexer.TokenType { return tokenSymbols }

func (lexDef) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return &tokenLexer{toks: scan(filename, src).toks}, nil
}

// tokenLexer replays a token slice that ends with EOF.
type tokenLexer struct {
	toks []lexer.Token
	i    int
}

func (l *tokenLexer) Next() (lexer.Token, error) {
	t := l.toks[l.i]
	if l.i < len(l.toks)-1 {
		l.i++
	}
	return t, nil
}

// Keywords returns the reserved words of the language.
func Keywords() []string { return append([]string(nil), keywords...) }

// charHint says what to write instead of the operators of other languages.
var charHint = map[rune]string{
	'&': " (write and)",
	'|': " (write or)",
	'!': " (write not, or != for not equal)",
}
