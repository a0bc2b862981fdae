package lsp

import (
	"errors"
	"strings"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/grammar"
)

// Recovery: while the user types, a ruleset rarely checks. The features
// (hover's "Cited at" and coverage, definitions, references, symbols,
// rename) work on the program made of what still checks:
//
//   - per file: a file that does not parse has the top-level declaration
//     around each syntax error blanked out (lines kept, so positions stay
//     those of the text being edited); if it still does not parse, its
//     last text that parsed stands in for it, else it is left out;
//   - per declaration: a check error blanks the top-level declaration
//     that holds it, and the rest is checked again, until it checks.
//
// Only the diagnostics come from the text as it is.

// maxRecoveryRounds bounds the parse and check rounds of a recovery.
const maxRecoveryRounds = 12

// recoverProgram returns the program of srcs without the declarations that
// do not parse or check, or nil if none can be made. lastParsed holds, per
// file, its last text that parsed (updated here); saved returns a file's
// text on disk. A file that does not parse is tried as it would parse with
// its broken declarations blanked, then as it last parsed, then as saved.
func recoverProgram(srcs []compiler.Source, indexes map[string][]byte, lastParsed map[string]string, saved func(string) (string, bool)) *compiler.Program {
	options := make([][]string, len(srcs))
	for i, src := range srcs {
		text := string(src.Data)
		if _, err := grammar.ParseFile(src.Name, src.Data); err == nil {
			lastParsed[src.Name] = text
			options[i] = []string{text}
			continue
		}
		add := func(t string) {
			if !contains(options[i], t) {
				if _, err := grammar.ParseFile(src.Name, []byte(t)); err == nil {
					options[i] = append(options[i], t)
				}
			}
		}
		if t, ok := parseable(src.Name, text); ok {
			add(t)
		}
		if t, ok := lastParsed[src.Name]; ok {
			add(t)
		}
		if t, ok := saved(src.Name); ok {
			add(t)
		}
	}
	for k := 0; k < 3; k++ {
		var work []compiler.Source
		for i, src := range srcs {
			if o := options[i]; len(o) > 0 {
				work = append(work, compiler.Source{Name: src.Name, Data: []byte(o[min(k, len(o)-1)])})
			}
		}
		if p := checkRecovering(work, indexes); p != nil {
			return p
		}
	}
	return nil
}

// checkRecovering compiles work, blanking the declarations that hold
// check errors until it checks; nil if it cannot.
func checkRecovering(work []compiler.Source, indexes map[string][]byte) *compiler.Program {
	for round := 0; round < maxRecoveryRounds && len(work) > 0; round++ {
		p, err := compiler.Compile(work, indexes)
		if err == nil {
			return p
		}
		var errs grammar.ErrorList
		if !errors.As(err, &errs) {
			return nil
		}
		blanked := false
		for i, src := range work {
			text := string(src.Data)
			f, perr := grammar.ParseFile(src.Name, src.Data)
			if perr != nil {
				continue
			}
			for _, e := range errs {
				if e.Pos.File != src.Name {
					continue
				}
				if from, to, ok := declLines(f, text, e.Pos.Line); ok {
					text = blankLines(text, from, to)
					blanked = true
				}
			}
			work[i].Data = []byte(text)
		}
		if !blanked {
			return nil
		}
	}
	return nil
}

// parseable returns text with the parts around its syntax errors blanked,
// if that parses: first the innermost clause around each error (a step of
// a phase), else the top-level declaration.
func parseable(name, text string) (string, bool) {
	for _, inner := range []bool{true, false} {
		t := text
		for round := 0; round < maxRecoveryRounds; round++ {
			_, err := grammar.ParseFile(name, []byte(t))
			if err == nil {
				return t, true
			}
			var errs grammar.ErrorList
			if !errors.As(err, &errs) || len(errs) == 0 {
				return "", false
			}
			from, to, ok := chunkLines(t, errs[0].Pos.Line)
			if inner {
				from, to, ok = innerLines(t, errs[0].Pos.Line)
			}
			if !ok {
				break
			}
			t = blankLines(t, from, to)
		}
	}
	return "", false
}

// innerLines returns the lines of the innermost clause that holds line:
// from the last line at or before it that starts with a word, to the line
// before the next one indented as much or less (taking in the "}" that
// closes it).
func innerLines(text string, line int) (from, to int, ok bool) {
	lines := strings.Split(text, "\n")
	if line < 1 || line > len(lines) {
		return 0, 0, false
	}
	indent := func(l string) int { return len(l) - len(strings.TrimLeft(l, " \t")) }
	start := -1
	for i := line - 1; i >= 0; i-- {
		t := strings.TrimLeft(lines[i], " \t")
		if t != "" && isIdentByte(t[0]) && !strings.HasPrefix(lines[i], "edition ") {
			start = i
			break
		}
	}
	if start < 0 {
		return 0, 0, false
	}
	in := indent(lines[start])
	end := len(lines) - 1
	for i := start + 1; i < len(lines); i++ {
		t := strings.TrimSpace(lines[i])
		if t == "" || strings.HasPrefix(t, "#") || indent(lines[i]) > in {
			continue
		}
		end = i - 1
		if strings.HasPrefix(t, "}") && indent(lines[i]) == in && strings.HasSuffix(strings.TrimSpace(lines[start]), "{") {
			end = i
		}
		break
	}
	return start + 1, end + 1, true
}

// declLines returns the lines (1-based, inclusive) of the top-level
// declaration of f that holds line: from its first line to the line before
// the next declaration. The edition line is never one.
func declLines(f *grammar.File, text string, line int) (from, to int, ok bool) {
	last := strings.Count(text, "\n") + 1
	for i, d := range f.Decls {
		start := d.Position().Line
		end := last
		if i+1 < len(f.Decls) {
			end = f.Decls[i+1].Position().Line - 1
		}
		if line >= start && line <= end {
			return start, end, true
		}
	}
	return 0, 0, false
}

// chunkLines returns, for text that does not parse, the lines of the
// top-level chunk that holds line: from the last line at or before it
// that starts a declaration (a word at column 1, not the edition line)
// to the line before the next one.
func chunkLines(text string, line int) (from, to int, ok bool) {
	lines := strings.Split(text, "\n")
	if line < 1 {
		line = 1
	}
	if line > len(lines) {
		line = len(lines)
	}
	starts := func(i int) bool { // i 0-based
		l := lines[i]
		return l != "" && isIdentByte(l[0]) && !strings.HasPrefix(l, "edition ")
	}
	from = 0
	for i := line - 1; i >= 0; i-- {
		if starts(i) {
			from = i + 1
			break
		}
	}
	if from == 0 {
		return 0, 0, false
	}
	to = len(lines)
	for i := line; i < len(lines); i++ {
		if starts(i) {
			to = i
			break
		}
	}
	return from, to, true
}

// blankLines empties lines from..to (1-based, inclusive), keeping their
// newlines so that every other position stays where it was.
func blankLines(text string, from, to int) string {
	lines := strings.Split(text, "\n")
	for i := from - 1; i < to && i < len(lines); i++ {
		if i >= 0 {
			lines[i] = ""
		}
	}
	return strings.Join(lines, "\n")
}
