package lsp

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"go.lsp.dev/protocol"

	"github.com/mtgc-dev/mtgc/compiler"
)

// Code actions: the quick fixes of the diagnostics the client sends back,
// for the checker's and the script linter's "did you mean" (each
// suggestion replaces the word), and for a rule number missing from the
// edition's index (a row added to the index, its title to write).

var (
	didYouMean = regexp.MustCompile(`\(did you mean ([^?)]+)\?\)`)
	notInIndex = regexp.MustCompile(`\b([0-9]{3}(?:\.[0-9]+[a-z]*)?)(?:,)? (?:which )?is not in the ([a-z0-9_]+) index`)
)

// suggestions splits "502.2, 500.2 or 502" into its names.
func suggestions(s string) []string {
	var out []string
	for _, part := range strings.Split(s, ", ") {
		for _, w := range strings.Split(part, " or ") {
			if w = strings.TrimSpace(w); w != "" {
				out = append(out, w)
			}
		}
	}
	return out
}

func (s *server) codeActions(file string, diags []protocol.Diagnostic) []protocol.CodeAction {
	out := []protocol.CodeAction{}
	text, ok := s.text(file)
	if !ok {
		return out
	}
	for _, d := range diags {
		if d.Source != "" && d.Source != source {
			continue
		}
		if m := didYouMean.FindStringSubmatch(d.Message); m != nil {
			cands := suggestions(m[1])
			rng, w := wordRange(text, d.Range.Start, ruleNumber.MatchString(cands[0]))
			for i, c := range cands {
				out = append(out, protocol.CodeAction{
					Title: fmt.Sprintf("Change %s to %s", w, c), Kind: protocol.QuickFix, Diagnostics: []protocol.Diagnostic{d},
					IsPreferred: i == 0 && len(cands) == 1,
					Edit:        &protocol.WorkspaceEdit{Changes: map[protocol.DocumentURI][]protocol.TextEdit{fileURI(file): {{Range: rng, NewText: c}}}},
				})
			}
		}
		if m := notInIndex.FindStringSubmatch(d.Message); m != nil {
			if a, ok := s.addIndexRow(file, m[1], m[2], d); ok {
				out = append(out, a)
			}
		}
	}
	return out
}

// wordRange is the range of the word at start (past an opening quote): a
// rule number, or a name.
func wordRange(text string, start protocol.Position, number bool) (protocol.Range, string) {
	l := lineOf(text, int(start.Line))
	b := byteCol(l, start.Character)
	if b < len(l) && l[b] == '"' {
		b++
	}
	e := b
	for e < len(l) && (isIdentByte(l[e]) && (number || l[e] != '.')) {
		e++
	}
	return protocol.Range{
		Start: protocol.Position{Line: start.Line, Character: charCol(l, b)},
		End:   protocol.Position{Line: start.Line, Character: charCol(l, e)},
	}, l[b:e]
}

// addIndexRow is the action adding rule n to the index of the ruleset of
// file, in number order, with the edition date of the other rows and a
// title to write.
func (s *server) addIndexRow(file, n, edition string, d protocol.Diagnostic) (protocol.CodeAction, bool) {
	rs := s.load(rulesDirOf(file))
	idxFile := rs.indexFile
	if idxFile == "" && rs.dir != "" {
		idxFile = filepath.Join(rs.dir, edition+".tsv")
	}
	if idxFile == "" {
		return protocol.CodeAction{}, false
	}
	text, ok := s.text(idxFile)
	if !ok {
		return protocol.CodeAction{}, false
	}
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	date, after := "", 0 // insert after line `after` (1-based; 0: after the header)
	for i, l := range lines {
		cols := strings.Split(l, "\t")
		if i == 0 || len(cols) < 3 {
			continue
		}
		if date == "" {
			date = cols[0]
		}
		if compiler.RuleLess(cols[1], n) {
			after = i + 1
		}
	}
	if after == 0 {
		after = 1
	}
	row := fmt.Sprintf("%s\t%s\t%s\n", date, n, "TODO: short title")
	at := protocol.Position{Line: uint32(after)}
	return protocol.CodeAction{
		Title: fmt.Sprintf("Add rule %s to %s", n, filepath.Base(idxFile)), Kind: protocol.QuickFix, Diagnostics: []protocol.Diagnostic{d},
		Edit: &protocol.WorkspaceEdit{Changes: map[protocol.DocumentURI][]protocol.TextEdit{
			fileURI(idxFile): {{Range: protocol.Range{Start: at, End: at}, NewText: row}},
		}},
	}, true
}
