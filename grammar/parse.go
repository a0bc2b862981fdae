package grammar

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The grammar is LL(1). Lookahead 0 makes participle commit to a branch as
// soon as it has consumed a token, so an error is reported where it is
// (`let for`) rather than where the enclosing list gave up (`expected "}"`).
var (
	fileParser  = participle.MustBuild[pFile](participle.Lexer(lexDef{}), participle.UseLookahead(0))
	declsParser = participle.MustBuild[pDecls](participle.Lexer(lexDef{}), participle.UseLookahead(0))
)

// maxNesting bounds bracket nesting and runs of prefix operators, so that
// hostile input cannot exhaust the stack of the recursive parser.
const maxNesting = 100

// ParseFile parses the .mtg source src; path is used in positions only.
// On failure the error is an ErrorList holding every error found.
func ParseFile(path string, src []byte) (f *File, err error) {
	defer func() {
		if r := recover(); r != nil {
			f = nil
			err = ErrorList{{Pos: Pos{File: path, Line: 1, Col: 1}, Msg: fmt.Sprintf("internal parser error: %v", r)}}
		}
	}()
	sc := scan(path, src)
	errs := sc.errs
	if e := checkNesting(sc.toks); e != nil {
		return nil, append(errs, e).normalize()
	}
	pf, perr := parseTokens(fileParser, sc.toks)
	if perr != nil {
		errs = append(errs, recoverErrors(sc, perr)...)
		return nil, errs.normalize()
	}
	c := &converter{}
	f = c.file(path, pf)
	f.Comments = sc.comments
	if errs = append(errs, c.errs...); len(errs) > 0 {
		return nil, errs.normalize()
	}
	return f, nil
}

func parseTokens[G any](p *participle.Parser[G], toks []lexer.Token) (*G, error) {
	pl, err := lexer.Upgrade(&tokenLexer{toks: toks})
	if err != nil {
		return nil, err
	}
	return p.ParseFromLexer(pl)
}

// checkNesting refuses, from the tokens alone, input the recursive parser
// would recurse on too deeply: brackets, runs of prefix operators, and
// chains of `} else if` (each else-if is one level more: a chain of
// 400,000 overflowed the stack).
func checkNesting(toks []lexer.Token) *Error {
	depth, run := 0, 0
	// chains[d] is the length of the else-if chain open at brace depth d;
	// open is their sum.
	var chains []int
	open := 0
	var ex exprSize
	for i, t := range toks {
		if t.Type == tokPunct || t.Type == tokKeyword {
			switch t.Value {
			case "(", "{":
				depth++
			case ")", "}":
				depth--
				if t.Value == "}" {
					// The chains inside the block are over.
					for len(chains) > depth+1 && len(chains) > 0 {
						open -= chains[len(chains)-1]
						chains = chains[:len(chains)-1]
					}
				}
			case "else":
				if i+1 < len(toks) && toks[i+1].Value == "if" && word(toks[i+1]) != "" && depth >= 0 {
					for len(chains) <= depth {
						chains = append(chains, 0)
					}
					chains[depth]++
					open++
					if chains[depth] > maxNesting {
						return &Error{Pos: toPos(t.Pos), Msg: fmt.Sprintf("too deeply nested: more than %d else if in one chain (use a predicate, or for each)", maxNesting)}
					}
				}
			}
		}
		if depth >= 0 && len(chains) > depth && i > 0 && word(toks[i-1]) == "}" && word(t) != "else" && chains[depth] > 0 {
			open -= chains[depth]
			chains[depth] = 0 // the chain ended with its last block
		}
		if depth+open > 2*maxNesting {
			return &Error{Pos: toPos(t.Pos), Msg: "too deeply nested"}
		}
		if t.Value == "not" || t.Value == "-" {
			run++
		} else {
			run = 0
		}
		if depth > maxNesting || run > maxNesting {
			return &Error{Pos: toPos(t.Pos), Msg: "too deeply nested"}
		}
		if i > 0 {
			if msg := ex.add(toks[i-1], t); msg != "" {
				return &Error{Pos: toPos(t.Pos), Msg: msg}
			}
		}
	}
	return nil
}

// maxOperators and maxConditionals bound one expression, so that the
// parser, the checker and the generated Go's formatting (which are not
// linear in them) stay fast on any input: a ruleset needs a few dozen.
const (
	maxOperators    = 1000
	maxConditionals = maxNesting
)

// exprSize counts the binary operators and conditionals of the expression
// being read, from the tokens alone: one ends where a line starts with
// neither an operator nor then/else after a line that did not end with
// one, at a brace, and at a declaration in column 1.
type exprSize struct{ ops, ifs int }

var binaryOps = map[string]bool{
	"and": true, "or": true, "==": true, "!=": true, "<=": true, ">=": true,
	"<": true, ">": true, "+": true, "-": true, "*": true,
}

// word is a token's value if it is punctuation or a keyword, else "".
func word(t lexer.Token) string {
	if t.Type == tokPunct || t.Type == tokKeyword {
		return t.Value
	}
	return ""
}

func (e *exprSize) add(prev, t lexer.Token) string {
	p, w := word(prev), word(t)
	continues := binaryOps[p] || p == "then" || p == "else" || p == "if" || binaryOps[w] || w == "then" || w == "else"
	// A new line starts a new expression unless the expression goes on
	// (an operator ends the line or starts the next): at column 1 too,
	// so that the count does not depend on indentation (the formatted
	// source indents what the fuzzer wrote at column 1).
	if w == "{" || w == "}" || (t.Pos.Line != prev.Pos.Line && !continues) {
		*e = exprSize{}
	}
	switch {
	case binaryOps[w]:
		if e.ops++; e.ops > maxOperators {
			return fmt.Sprintf("expression too long: more than %d operators (split it into predicates or lets)", maxOperators)
		}
	case w == "if":
		if e.ifs++; e.ifs > maxConditionals {
			return fmt.Sprintf("too deeply nested: more than %d if ... else in one expression", maxConditionals)
		}
	}
	return ""
}

// A chunkParser parses the tokens of one chunk of a file (ending with EOF)
// and returns a function that converts the result, for its errors.
type chunkParser func(toks []lexer.Token) (func(*converter), error)

func parseHead(toks []lexer.Token) (func(*converter), error) {
	p, err := parseTokens(fileParser, toks)
	if err != nil {
		return nil, err
	}
	return func(c *converter) { c.file("", p) }, nil
}

func parseDecls(toks []lexer.Token) (func(*converter), error) {
	p, err := parseTokens(declsParser, toks)
	if err != nil {
		return nil, err
	}
	return func(c *converter) { c.decls(p.Decls) }, nil
}

var declKeywords = map[string]bool{
	"edition": true, "player": true, "keyword": true, "turn": true,
	"every": true, "phase": true, "sba": true, "watch": true, "predicate": true, "timing": true, "mechanism": true,
	"stack_object": true, "on_damage": true, "on_event": true, "replace": true, "effect": true, "trigger_event": true,
	"card_type": true, "counter": true, "land_mana": true, "state": true, "characteristic": true, "kind": true, "card": true,
	"override": true, "remove": true, "add": true, "renumber": true, "recite": true,
}

// recoverErrors is called when the file does not parse. Participle stops at
// the first error, so the file is cut into top-level declarations and each
// is parsed on its own, so that every broken declaration is reported.
func recoverErrors(sc *scanned, full error) ErrorList {
	toks := sc.toks
	var errs ErrorList
	starts, unclosed := chunkStarts(toks)
	for i, start := range starts {
		if len(errs) >= maxErrors {
			break
		}
		end := len(toks) - 1
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		parse := parseDecls
		if i == 0 {
			if toks[0].Value == "edition" {
				parse = parseHead
			} else {
				errs = append(errs, &Error{Pos: toPos(toks[0].Pos),
					Msg: fmt.Sprintf(`expected "edition" at start of file, found %s`, describe(toks[0]))})
				if !declKeywords[toks[0].Value] {
					continue
				}
			}
		}
		chunk := make([]lexer.Token, 0, end-start+1)
		chunk = append(chunk, toks[start:end]...)
		chunk = append(chunk, lexer.EOFToken(toks[end].Pos))
		conv, err := parse(chunk)
		if err != nil {
			e := chunkError(parse, chunk, toks[end], err)
			if open, ok := unclosed[i+1]; ok && end > start && e.Pos.Offset >= toks[end].Pos.Offset {
				// The declaration ran into the next one: its "}" is
				// missing, after its last token.
				e = missingBrace(toks[end-1], open)
			}
			if !lexErrorBefore(sc.errs, chunk[0].Pos, e.Pos) {
				errs = append(errs, e)
			}
			continue
		}
		c := &converter{}
		conv(c)
		errs = append(errs, c.errs...)
	}
	if len(errs) == 0 {
		// The file as a whole is wrong where each piece is right: report
		// the error of the whole.
		e := chunkError(parseHead, toks, toks[len(toks)-1], full)
		if !lexErrorBefore(sc.errs, toks[0].Pos, e.Pos) {
			errs = append(errs, e)
		}
	}
	return errs
}

// changesNext are the words after which a declaration keyword names a
// clause (every phase, remove keyword flying), not a new declaration.
var changesNext = map[string]bool{"every": true, "override": true, "remove": true, "recite": true, "add": true}

// chunkStarts returns the index of the first token of each top-level
// declaration: a declaration keyword outside braces, parentheses and
// brackets, or one at the start of a line in column 1, which survives a
// missing "}". unclosed[k], when set, is the "{" left open before start k
// (k == len(starts): before the end of the file): the declaration before
// it lacks the "}" of that brace.
// stateKindOrHolder reports whether toks[i], player, is the holder or
// the kind of a state declaration (state player NAME KIND, state [game]
// NAME player), not a player declaration.
func stateKindOrHolder(toks []lexer.Token, i int) bool {
	for j := i - 1; j >= 0 && j >= i-3; j-- {
		if toks[j].Pos.Line != toks[i].Pos.Line {
			return false
		}
		if toks[j].Type == tokKeyword && toks[j].Value == "state" {
			return true
		}
	}
	return false
}

// kindLine reports whether toks[i] follows "kind" on its line: a kind's
// every, or its player value (kind defender_of (object t) player "...").
func kindLine(toks []lexer.Token, i int) bool {
	for j := i - 1; j >= 0 && toks[j].Pos.Line == toks[i].Pos.Line; j-- {
		if toks[j].Type == tokKeyword && toks[j].Value == "kind" {
			return true
		}
	}
	return false
}

func chunkStarts(toks []lexer.Token) (starts []int, unclosed map[int]lexer.Token) {
	starts = []int{0}
	var braces []lexer.Token // the "{" open, innermost last
	parens := 0              // "(" and "[" open
	for i := 1; i < len(toks)-1; i++ {
		t := toks[i]
		switch {
		case t.Type == tokPunct && t.Value == "{":
			braces = append(braces, t)
		case t.Type == tokPunct && t.Value == "}":
			if len(braces) > 0 {
				braces = braces[:len(braces)-1]
			}
		case t.Type == tokPunct && (t.Value == "(" || t.Value == "["):
			parens++
		case t.Type == tokPunct && (t.Value == ")" || t.Value == "]"):
			parens = max(parens-1, 0)
		case t.Type == tokKeyword && declKeywords[t.Value] && !changesNext[toks[i-1].Value] &&
			!(t.Value == "player" && stateKindOrHolder(toks, i)) && !((t.Value == "player" || t.Value == "every") && kindLine(toks, i)) &&
			(len(braces) == 0 && parens == 0 || t.Pos.Column == 1):
			if len(braces) > 0 {
				if unclosed == nil {
					unclosed = map[int]lexer.Token{}
				}
				unclosed[len(starts)] = braces[len(braces)-1]
			}
			starts = append(starts, i)
			braces, parens = braces[:0], 0
		}
	}
	if len(braces) > 0 { // the last declaration runs into the end of the file
		if unclosed == nil {
			unclosed = map[int]lexer.Token{}
		}
		unclosed[len(starts)] = braces[len(braces)-1]
	}
	return starts, unclosed
}

// missingBrace is the error of a declaration that ends, at its last token
// last, with brace open still open: reported just after last, where the
// "}" is missing.
func missingBrace(last, open lexer.Token) *Error {
	pos := toPos(last.Pos)
	if !strings.Contains(last.Value, "\n") {
		pos.Col += len(last.Value)
		pos.Offset += len(last.Value)
	}
	return &Error{Pos: pos, Msg: fmt.Sprintf("missing `}` for the `{` at %d:%d", open.Pos.Line, open.Pos.Column)}
}

// lexErrorBefore reports whether a scanning error lies between from and to;
// a parse error there is most likely its consequence.
func lexErrorBefore(errs ErrorList, from lexer.Position, to Pos) bool {
	for _, e := range errs {
		if e.Pos.Offset >= from.Offset && e.Pos.Offset <= to.Offset {
			return true
		}
	}
	return false
}

// chunkError turns participle's error into a positioned, readable Error.
// follow is the token after the chunk, shown when the chunk ends too soon.
func chunkError(parse chunkParser, chunk []lexer.Token, follow lexer.Token, err error) *Error {
	var perr participle.Error
	if !errors.As(err, &perr) {
		return &Error{Pos: toPos(chunk[0].Pos), Msg: err.Error()}
	}
	pos := perr.Position()
	for i, t := range chunk {
		if t.Pos.Offset != pos.Offset {
			continue
		}
		found := t
		if t.EOF() {
			found = follow
		}
		if i > maxProbeTokens {
			// Probing reparses the declaration up to here once per kind
			// of token: past this size that costs seconds (a fuzzed
			// 20 KB expression took five), so say less.
			return &Error{Pos: toPos(found.Pos), Msg: fmt.Sprintf("unexpected %s", describe(found))}
		}
		return &Error{Pos: toPos(found.Pos), Msg: expectedMessage(probe(parse, chunk, i), chunk, i, found)}
	}
	return &Error{Pos: toPos(pos), Msg: perr.Message()}
}

// maxProbeTokens bounds the declarations whose errors are probed.
const maxProbeTokens = 2000

// candidates stand for every kind of token in probe.
var candidates = func() []lexer.Token {
	ts := []lexer.Token{
		{Type: tokIdent, Value: "x"},
		{Type: tokInt, Value: "1"},
		{Type: tokString, Value: `"1"`},
	}
	for _, k := range keywords {
		ts = append(ts, lexer.Token{Type: tokKeyword, Value: k})
	}
	for _, p := range puncts {
		ts = append(ts, lexer.Token{Type: tokPunct, Value: p})
	}
	return ts
}()

// probe finds which tokens the grammar accepts at chunk[i], where parsing
// failed, by putting each candidate there, followed by the end of input,
// and checking whether the parser gets past it. Participle's own
// "expected" text is a fragment of its grammar, which reads badly as a
// message.
func probe(parse chunkParser, chunk []lexer.Token, i int) map[string]bool {
	ok := map[string]bool{}
	at := chunk[i].Pos
	eof := lexer.EOFToken(at)
	eof.Pos.Offset++
	toks := make([]lexer.Token, i+2)
	copy(toks, chunk[:i])
	toks[i+1] = eof
	for _, c := range candidates {
		c.Pos = at
		toks[i] = c
		_, err := parse(toks)
		var perr participle.Error
		if err == nil || errors.As(err, &perr) && perr.Position().Offset > at.Offset {
			ok[candidateKey(c)] = true
		}
	}
	return ok
}

func candidateKey(t lexer.Token) string {
	switch t.Type {
	case tokIdent:
		return "<ident>"
	case tokInt:
		return "<int>"
	case tokString:
		return "<string>"
	}
	return t.Value
}

// Sets of tokens that are named as one thing in messages.
var (
	operatorTokens = []string{"or", "and", "==", "!=", "<=", ">=", "<", ">", "+", "-", "*", ".", "has", "("}
	exprTokens     = []string{"<ident>", "<int>", "<string>", "(", "-", "not", "if", "step", "phase", "turn", "player"}
	stmtTokens     = []string{"for", "if", "until", "let", "<ident>"}
	declTokens     = []string{"player", "keyword", "turn", "every", "phase", "sba", "watch", "predicate", "timing", "mechanism", "stack_object", "on_damage", "on_event", "replace", "effect", "trigger_event", "card_type", "counter", "land_mana", "state", "characteristic", "kind", "card"}
	clauseTokens   = []string{"action", "priority", "no_priority", "skip", "repeat", "allow", "on_end", "on_begin"}
	deltaTokens    = []string{"override", "remove", "add", "renumber", "recite"}
)

// expectedMessage phrases the set of acceptable tokens at chunk[i].
func expectedMessage(ok map[string]bool, chunk []lexer.Token, i int, found lexer.Token) string {
	if found.Type == tokKeyword && ok["<ident>"] && !ok["<int>"] {
		return fmt.Sprintf("%q is a reserved word", found.Value)
	}
	var words []string
	group := func(name string, need []string, also ...string) {
		for _, t := range need {
			if !ok[t] {
				return
			}
		}
		for _, t := range append(need, also...) {
			delete(ok, t)
		}
		words = append(words, name)
	}
	anyWord := ok["<ident>"]
	for _, k := range keywords {
		anyWord = anyWord && ok[k]
	}
	if anyWord {
		// After a dot, where reserved words are attribute names too.
		for _, k := range keywords {
			delete(ok, k)
		}
	}
	operator := ok["or"]
	if operator {
		for _, t := range operatorTokens {
			delete(ok, t)
		}
	}
	group("declaration", declTokens, deltaTokens...)
	if ok["step"] && ok["action"] {
		group("step", []string{"step"})
	}
	group("clause", clauseTokens)
	group("expression", exprTokens[:5], exprTokens[5:]...)
	group("statement", stmtTokens)
	if ok["<ident>"] {
		words = append(words, "name")
	}
	if ok["<string>"] {
		if i >= 2 && chunk[i-2].Value == "edition" {
			words = append(words, "edition title")
		} else {
			words = append(words, "rule number")
		}
	}
	if ok["<int>"] {
		words = append(words, "number")
	}
	for _, c := range candidates {
		if c.Type == tokKeyword || c.Type == tokPunct {
			if ok[c.Value] {
				words = append(words, strconv.Quote(c.Value))
			}
		}
	}
	if operator {
		words = append(words, "operator")
	}
	if len(words) == 0 {
		return "unexpected " + describe(found)
	}
	return fmt.Sprintf("expected %s, found %s", joinOr(words), describe(found)) + hint(words, operator, found)
}

// hint is a one-line fix for the common mistakes behind an unexpected
// token: an unquoted rule number, = for ==.
func hint(words []string, operator bool, found lexer.Token) string {
	wantsRule := false
	for _, w := range words {
		wantsRule = wantsRule || w == "rule number"
	}
	switch {
	case wantsRule && found.Type == tokInt:
		return ` (rule numbers are quoted: "` + found.Value + `...", e.g. "704.5g")`
	case operator && found.Type == tokPunct && found.Value == "=":
		return " (to compare, write ==)"
	}
	return ""
}

func joinOr(words []string) string {
	if len(words) == 1 {
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// describe names a token for "found ..." in messages.
func describe(t lexer.Token) string {
	switch t.Type {
	case lexer.EOF:
		return "end of file"
	case tokString:
		if r := []rune(t.Value); len(r) > 24 {
			return "string " + string(r[:20]) + `..."`
		}
		return "string " + t.Value
	case tokInt:
		return "number " + t.Value
	}
	return strconv.Quote(t.Value)
}
