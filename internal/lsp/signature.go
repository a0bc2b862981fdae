package lsp

import (
	"fmt"
	"strings"
	"unicode/utf16"

	"github.com/mtgc-dev/mtgc/compiler"
	"go.lsp.dev/protocol"
)

// Signature help: inside the parentheses of a function or special form
// (`counters(x, |`), or after a statement's verb (`draw active, |`), the
// row's signature from the vocabulary table, its documentation, and the
// argument being written.

// The protocol's ParameterInformation.label may be a pair of offsets into
// the signature's label; go.lsp.dev/protocol has only the string form,
// which is ambiguous when two parameters look alike (x object, y object).
type signatureHelp struct {
	Signatures      []signatureInfo `json:"signatures"`
	ActiveSignature uint32          `json:"activeSignature"`
	ActiveParameter uint32          `json:"activeParameter"`
}

type signatureInfo struct {
	Label         string                 `json:"label"`
	Documentation protocol.MarkupContent `json:"documentation"`
	Parameters    []parameterInfo        `json:"parameters"`
}

type parameterInfo struct {
	Label         [2]uint32 `json:"label"` // UTF-16 offsets in the signature's label
	Documentation string    `json:"documentation,omitempty"`
}

// paramNames names a row's parameters by type, as its documentation does:
// X, Y for objects, P, Q for players, N, M for numbers (upper case for a
// verb, lower for a function).
func paramNames(ts []compiler.Type, upper bool) []string {
	letters := map[compiler.Type][]string{
		compiler.Object: {"x", "y", "z"}, compiler.Player: {"p", "q"}, compiler.Int: {"n", "m"},
		compiler.Str: {"s"}, compiler.ZoneT: {"zone"}, compiler.EndT: {"ending"},
		compiler.Counter: {"kind"}, compiler.EventT: {"event"},
	}
	used := map[compiler.Type]int{}
	var out []string
	for _, t := range ts {
		ls := letters[t]
		name := "a"
		if len(ls) > 0 {
			name = ls[used[t]%len(ls)]
		}
		used[t]++
		if upper && len(name) == 1 {
			name = strings.ToUpper(name)
		}
		out = append(out, name+" "+t.String())
	}
	return out
}

// build makes a signature of a head and its parameters: "head(a, b) rest"
// or "head a, b".
func build(head string, params []string, open, close, rest, doc string) signatureInfo {
	units := func(s string) uint32 { return uint32(len(utf16.Encode([]rune(s)))) }
	label := head + open
	var ps []parameterInfo
	for i, p := range params {
		if i > 0 {
			label += ", "
		}
		start := units(label)
		label += p
		ps = append(ps, parameterInfo{Label: [2]uint32{start, units(label)}})
	}
	label += close + rest
	return signatureInfo{Label: strings.TrimSpace(label), Documentation: protocol.MarkupContent{Kind: protocol.Markdown, Value: doc}, Parameters: ps}
}

// signatureOf is the signature of a verb or function row.
func signatureOf(b *compiler.Builtin) signatureInfo {
	doc := b.Doc
	if b.Blocking {
		doc += "\n\nAsks a player: it must be its action's only statement."
	}
	if b.Form == compiler.Verb {
		return build(b.Name, paramNames(b.Params, true), " ", "", "", doc)
	}
	return build(b.Name, paramNames(b.Params, false), "(", ")", " "+b.Result.String(), doc)
}

// specialSignature is a special form's, from its documentation
// ("count(KIND, v, COND): ...").
func specialSignature(f compiler.SpecialForm) (signatureInfo, bool) {
	head, doc, ok := strings.Cut(f.Doc, ": ")
	// "holds(KIND, x), holds(KIND, x, y)": the forms of one name, the
	// longest last; its parameters cover the others'.
	if i := strings.LastIndex(head, "), "+f.Name+"("); i >= 0 {
		head = head[i+3:]
	}
	open, close := strings.IndexByte(head, '('), strings.LastIndexByte(head, ')')
	if !ok || open < 0 || close < open {
		return signatureInfo{}, false
	}
	var params []string
	for _, p := range strings.Split(head[open+1:close], ",") {
		params = append(params, strings.TrimSpace(p))
	}
	return build(head[:open], params, "(", ")", "", doc), true
}

// signatureHelp finds the call around the cursor: the innermost open
// parenthesis after a name on the text before the cursor (the current
// statement), else a verb at the start of the line.
func (s *server) signatureHelp(file string, pos protocol.Position) *signatureHelp {
	text, ok := s.text(file)
	if !ok {
		return nil
	}
	l := lineOf(text, int(pos.Line))
	before := l[:byteCol(l, pos.Character)]
	toks := tokens(before)
	depth := 0
	commas := map[int]int{} // commas at each depth
	for i := len(toks) - 1; i >= 0; i-- {
		switch toks[i].text {
		case ")":
			depth++
		case "(":
			if depth == 0 {
				if i > 0 {
					if sig, ok := callSignature(toks[i-1].text); ok {
						return activeParam(sig, commas[0])
					}
				}
				// A bare parenthesis: the commas inside it are not the
				// verb's; look further out.
				commas[0] = 0
				continue
			}
			depth--
		case ",":
			if depth == 0 {
				commas[0]++
			}
		}
	}
	// A statement: its first word is the verb.
	if len(toks) >= 1 && len(toks[0].text) > 0 && isIdentStart(toks[0].text[0]) {
		if b, ok := compiler.Lookup(compiler.Verb, compiler.Invalid, toks[0].text); ok && (len(toks) > 1 || strings.HasSuffix(before, " ")) {
			n := 0
			depth := 0
			for _, t := range toks[1:] {
				switch t.text {
				case "(":
					depth++
				case ")":
					depth--
				case ",":
					if depth == 0 {
						n++
					}
				}
			}
			return activeParam(signatureOf(b), n)
		}
	}
	return nil
}

func callSignature(name string) (signatureInfo, bool) {
	if b, ok := compiler.Lookup(compiler.Function, compiler.Invalid, name); ok {
		return signatureOf(b), true
	}
	for _, f := range compiler.SpecialForms() {
		if f.Name == name {
			return specialSignature(f)
		}
	}
	return signatureInfo{}, false
}

// activeParam: the n-th argument, the last one for a variadic tail
// (min(a, b, ...)).
func activeParam(sig signatureInfo, n int) *signatureHelp {
	if k := len(sig.Parameters); k > 0 && n >= k {
		n = k - 1
	}
	return &signatureHelp{Signatures: []signatureInfo{sig}, ActiveParameter: uint32(n)}
}

// builtinHover describes the vocabulary's rows of a name; recv, when the
// name follows a dot, picks the attribute of the receiver's type.
func builtinHover(name string, recv compiler.Type, selector bool) string {
	var out []string
	for _, b := range compiler.Builtins() {
		if b.Name != name {
			continue
		}
		if selector != (b.Form == compiler.Attribute) {
			continue
		}
		if selector && hasAttrs(recv) && b.Recv != recv {
			continue
		}
		what := map[compiler.Form]string{compiler.Verb: "statement", compiler.Function: "function", compiler.Attribute: b.Recv.String() + " attribute"}[b.Form]
		md := fmt.Sprintf("%s `%s`\n\n%s", what, b.Signature(), b.Doc)
		if b.Blocking {
			md += "\n\nAsks a player: it must be its action's only statement."
		}
		out = append(out, md)
	}
	if !selector {
		for _, f := range compiler.SpecialForms() {
			if f.Name == name {
				out = append(out, fmt.Sprintf("special form\n\n%s", f.Doc))
			}
		}
	}
	return strings.Join(out, "\n\n---\n\n")
}
