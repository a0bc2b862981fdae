package lsp

import (
	"regexp"
	"strings"

	"github.com/mtgc-dev/mtgc/compiler"
)

// The types of the variables in scope at the cursor, read from the text of
// the enclosing declaration up to the cursor: it needs no parse, so it
// works in the broken code being typed. A variable is bound by `for each
// KIND v`, the queries (count, any, all, sum, keeps, chosen), `let v =
// EXPR`, and a declaration's parameters (a stack object's or effect's
// typed ones, a timing's player, a predicate's — typed by the checked
// program's predicate of that kind —, on_damage's source, recipient and
// amount). The nearest binding before the cursor wins.

type token struct {
	text string
	off  int  // byte offset in the text
	bol  bool // first token of its line, at column 0
	line int
}

func isNameByte(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

func isIdentStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// tokens splits text into identifiers, numbers, strings (kept quoted) and
// punctuation, skipping comments.
func tokens(text string) []token {
	var out []token
	line, bol := 0, 0
	for i := 0; i < len(text); {
		c := text[i]
		start := i
		switch {
		case c == '\n':
			line++
			i++
			bol = i
			continue
		case c == ' ' || c == '\t' || c == '\r':
			i++
			continue
		case c == '#':
			for i < len(text) && text[i] != '\n' {
				i++
			}
			continue
		case c == '"':
			i++
			for i < len(text) && text[i] != '"' && text[i] != '\n' {
				if text[i] == '\\' {
					i++
				}
				i++
			}
			if i < len(text) && text[i] == '"' {
				i++
			}
		case isIdentStart(c) || c >= '0' && c <= '9':
			for i < len(text) && isNameByte(text[i]) {
				i++
			}
		case strings.ContainsRune("=!<>", rune(c)) && i+1 < len(text) && text[i+1] == '=':
			i += 2
		default:
			i++
		}
		if i > len(text) {
			i = len(text)
		}
		out = append(out, token{text: text[start:i], off: start, bol: start == bol, line: line})
	}
	return out
}

// declWords start a top-level declaration (at column 0).
var declWords = map[string]bool{
	"edition": true, "player": true, "keyword": true, "turn": true, "every": true, "phase": true, "sba": true, "watch": true,
	"predicate": true, "timing": true, "mechanism": true, "stack_object": true, "effect": true, "on_damage": true, "on_event": true,
	"card_type": true, "counter": true, "land_mana": true, "state": true, "characteristic": true,
}

// kindType is the type of the variable a query of the kind binds: a kind
// of the vocabulary, or a card type the rules declare (its objects).
func kindType(name string, p *compiler.Program) compiler.Type {
	for _, k := range compiler.Kinds() {
		if k.Name == name {
			return k.Var()
		}
	}
	if p != nil {
		for _, t := range p.CardTypes {
			if t.Name == name {
				return compiler.Object
			}
		}
	}
	return compiler.Invalid
}

// scopeAt returns the variables bound before offset off, with their types.
func scopeAt(text string, off int, p *compiler.Program) map[string]compiler.Type {
	toks := tokens(text[:off])
	start := 0
	for i := len(toks) - 1; i >= 0; i-- {
		if toks[i].bol && declWords[toks[i].text] {
			start = i
			break
		}
	}
	toks = toks[start:]
	vars := map[string]compiler.Type{}
	at := func(i int) string {
		if i < len(toks) {
			return toks[i].text
		}
		return ""
	}
	// The declaration's parameters: after its name and rules, in parens.
	params := func(from int) (list [][]string) {
		i := from
		for i < len(toks) && at(i) != "(" {
			if at(i) == "{" {
				return nil
			}
			i++
		}
		var cur []string
		for i++; i < len(toks) && at(i) != ")"; i++ {
			if at(i) == "," {
				list = append(list, cur)
				cur = nil
				continue
			}
			cur = append(cur, at(i))
		}
		if len(cur) > 0 {
			list = append(list, cur)
		}
		return list
	}
	last := func(words []string) string {
		if len(words) == 0 {
			return ""
		}
		return words[len(words)-1]
	}
	switch at(0) {
	case "stack_object", "effect":
		for _, pr := range params(1) {
			if len(pr) == 2 {
				vars[pr[1]] = map[string]compiler.Type{"player": compiler.Player, "object": compiler.Object, "int": compiler.Int}[pr[0]]
			}
		}
	case "timing":
		for _, pr := range params(1) {
			vars[last(pr)] = compiler.Player
		}
	case "predicate":
		var types []compiler.Type
		if p != nil {
			for _, pd := range p.Predicates {
				if pd.Kind == at(1) {
					for _, v := range pd.Params {
						types = append(types, v.T)
					}
				}
			}
		}
		for i, pr := range params(1) {
			t := compiler.Object
			if i < len(types) {
				t = types[i]
			}
			vars[last(pr)] = t
		}
	case "on_event":
		types := compiler.EventParams(at(1))
		for i, pr := range params(1) {
			if i < len(types) {
				vars[last(pr)] = types[i]
			}
		}
	case "on_damage":
		ps := params(1)
		types := []compiler.Type{compiler.Object, compiler.Player, compiler.Int}
		switch at(1) {
		case "object":
			types[1] = compiler.Object
		case "source":
			types = []compiler.Type{compiler.Object, compiler.Int}
		}
		for i, pr := range ps {
			if i < len(types) {
				vars[last(pr)] = types[i]
			}
		}
	}
	for i := 0; i < len(toks); i++ {
		switch t := at(i); {
		case t == "for" && at(i+1) == "each":
			vars[at(i+3)] = kindType(at(i+2), p)
		case (t == "count" || t == "any" || t == "all" || t == "sum") && at(i+1) == "(" && at(i+3) == ",":
			vars[at(i+4)] = kindType(at(i+2), p)
		case t == "keeps" && at(i+1) == "(":
			// keeps(P, x, KIND, v, COND)
			k := kindType(at(i+6), p)
			vars[at(i+4)], vars[at(i+8)] = k, k
		case t == "chosen" && at(i+1) == "(":
			vars[at(i+4)], vars[at(i+8)] = compiler.Player, compiler.Player
		case t == "let" && at(i+2) == "=":
			var expr []string
			for j := i + 3; j < len(toks) && toks[j].line == toks[i].line; j++ {
				expr = append(expr, toks[j].text)
			}
			vars[at(i+1)] = exprType(expr, vars)
		}
	}
	return vars
}

// exprType guesses the type of an expression's tokens: enough for a let.
func exprType(expr []string, vars map[string]compiler.Type) compiler.Type {
	if len(expr) == 0 {
		return compiler.Invalid
	}
	if expr[0] == "if" {
		for i, t := range expr {
			if t == "then" {
				var then []string
				for _, u := range expr[i+1:] {
					if u == "else" {
						break
					}
					then = append(then, u)
				}
				return exprType(then, vars)
			}
		}
		return compiler.Invalid
	}
	depth := 0
	for _, t := range expr {
		switch t {
		case "(":
			depth++
		case ")":
			depth--
		case "==", "!=", "<=", ">=", "<", ">", "and", "or", "not", "has":
			if depth == 0 {
				return compiler.Bool
			}
		case "+", "-", "*":
			if depth == 0 {
				return compiler.Int
			}
		}
	}
	switch h := expr[0]; {
	case h == "true" || h == "false":
		return compiler.Bool
	case h[0] >= '0' && h[0] <= '9':
		return compiler.Int
	case h[0] == '"':
		return compiler.Str
	case len(expr) > 1 && expr[1] == "(":
		switch h {
		case "count", "sum", "min", "max":
			return compiler.Int
		case "any", "all", "began", "ended", "during", "holds":
			return compiler.Bool
		case "keeps":
			return compiler.Bool
		case "chosen":
			return compiler.Bool
		}
		if b, ok := compiler.Lookup(compiler.Function, compiler.Invalid, h); ok {
			return b.Result
		}
		return compiler.Invalid
	}
	var chain []string
	for i, t := range expr {
		if i%2 == 1 {
			if t != "." {
				return compiler.Invalid
			}
			continue
		}
		chain = append(chain, t)
	}
	return chainType(chain, vars)
}

// chainType is the type of x.a.b: a variable, active or game, then
// attributes.
func chainType(chain []string, vars map[string]compiler.Type) compiler.Type {
	if len(chain) == 0 {
		return compiler.Invalid
	}
	t, ok := vars[chain[0]]
	if !ok {
		switch chain[0] {
		case "active":
			t = compiler.Player
		case "game":
			t = compiler.Game
		default:
			return compiler.Invalid
		}
	}
	for _, a := range chain[1:] {
		b, ok := compiler.Lookup(compiler.Attribute, t, a)
		if !ok {
			return compiler.Invalid
		}
		t = b.Result
	}
	return t
}

// receiverRe matches a selector being written at the end of the text
// before the cursor: the chain before the last dot, and what follows it.
var receiverRe = regexp.MustCompile(`([A-Za-z_][A-Za-z0-9_]*(?:[ \t]*\.[ \t]*[A-Za-z_][A-Za-z0-9_]*)*)[ \t]*\.[ \t]*([A-Za-z0-9_]*)$`)

// receiverAt returns the type of the receiver of the selector written
// before offset off (x in `x.` or `x.pow`), and whether there is one.
func receiverAt(text string, off int, p *compiler.Program) (compiler.Type, bool) {
	lineStart := strings.LastIndexByte(text[:off], '\n') + 1
	m := receiverRe.FindStringSubmatch(text[lineStart:off])
	if m == nil {
		return compiler.Invalid, false
	}
	var chain []string
	for _, part := range strings.Split(m[1], ".") {
		chain = append(chain, strings.TrimSpace(part))
	}
	return chainType(chain, scopeAt(text, off, p)), true
}
