package grammar_test

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mtgc-dev/mtgc/grammar"
)

// TestErrors checks the errors reported for testdata/errors/*.mtg. A line
// that must carry errors ends with markers, one per error:
//
//	keyword for  ### `"for" is a reserved word`
//
// Each marker is a quoted regular expression. Every error must match a
// marker of its line and every marker must be matched.
func TestErrors(t *testing.T) {
	files, err := filepath.Glob("testdata/errors/*.mtg")
	if err != nil || len(files) == 0 {
		t.Fatalf("no error test files: %v", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			want := markers(t, src)
			_, err = grammar.ParseFile(file, src)
			var list grammar.ErrorList
			if !errors.As(err, &list) {
				t.Fatalf("ParseFile error = %v, want an ErrorList", err)
			}
			for _, e := range list {
				if e.Pos.File != file {
					t.Errorf("%s: position names file %q", e, e.Pos.File)
				}
				res := want[e.Pos.Line]
				i := 0
				for i < len(res) && !res[i].MatchString(e.Msg) {
					i++
				}
				if i == len(res) {
					t.Errorf("unexpected error %s", e)
					continue
				}
				want[e.Pos.Line] = append(res[:i], res[i+1:]...)
			}
			for line, res := range want {
				for _, re := range res {
					t.Errorf("%s:%d: no error matching %q", file, line, re)
				}
			}
		})
	}
}

// markers returns the expected error patterns of each line.
func markers(t *testing.T, src []byte) map[int][]*regexp.Regexp {
	want := map[int][]*regexp.Regexp{}
	for i, text := range strings.Split(string(src), "\n") {
		_, rest, ok := strings.Cut(text, "###")
		for ok {
			rest = strings.TrimSpace(rest)
			q, err := strconv.QuotedPrefix(rest)
			if err != nil {
				t.Fatalf("line %d: bad marker %q", i+1, rest)
			}
			pattern, _ := strconv.Unquote(q)
			want[i+1] = append(want[i+1], regexp.MustCompile(pattern))
			rest, ok = strings.CutPrefix(strings.TrimSpace(rest[len(q):]), "###")
		}
	}
	return want
}

func TestErrorList(t *testing.T) {
	src := "edition e \"t\"\nkeyword for\nkeyword let\n"
	_, err := grammar.ParseFile("x.mtg", []byte(src))
	want := "x.mtg:2:9: \"for\" is a reserved word\nx.mtg:3:9: \"let\" is a reserved word"
	if err == nil || err.Error() != want {
		t.Errorf("error = %v, want\n%s", err, want)
	}
	if err := (grammar.ErrorList{}).Err(); err != nil {
		t.Errorf("empty ErrorList.Err() = %v, want nil", err)
	}
}

func TestErrorCap(t *testing.T) {
	src := "edition e \"t\"\n" + strings.Repeat("keyword for\n", 80)
	_, err := grammar.ParseFile("x.mtg", []byte(src))
	var list grammar.ErrorList
	if !errors.As(err, &list) || len(list) != 50 {
		t.Fatalf("got %d errors, want 50: %v", len(list), err)
	}
	for i, e := range list {
		if e.Pos.Line != i+2 {
			t.Fatalf("error %d at line %d, want sorted errors", i, e.Pos.Line)
		}
	}
}

func TestDeepNesting(t *testing.T) {
	for name, expr := range map[string]string{
		"parens": strings.Repeat("(", 5000) + "1" + strings.Repeat(")", 5000),
		"not":    strings.Repeat("not ", 5000) + "x",
		"minus":  strings.Repeat("-", 5000) + "1",
	} {
		src := "edition e \"t\"\nsba \"1\" {\n  let x = " + expr + "\n}\n"
		_, err := grammar.ParseFile("x.mtg", []byte(src))
		if err == nil || !strings.Contains(err.Error(), "x.mtg:3:") || !strings.Contains(err.Error(), "too deeply nested") {
			t.Errorf("%s: error = %.200v, want too deeply nested at line 3", name, err)
		}
	}
	ok := "edition e \"t\"\nsba \"1\" {\n  let x = " + strings.Repeat("(", 50) + "1" + strings.Repeat(")", 50) + "\n}\n"
	if _, err := grammar.ParseFile("x.mtg", []byte(ok)); err != nil {
		t.Errorf("50 parentheses: %v", err)
	}
}

// TestDeepElseIf (issue 26, item 6): a long else-if chain is a positioned
// error, not a fatal stack overflow; a chain of 50 parses, and so do
// chains nested in blocks.
func TestDeepElseIf(t *testing.T) {
	chain := func(n int) string {
		return "edition e \"t\"\non_damage object \"1\" (s, x, n) {\n  if x.creature {\n    mark_damage x, n\n  }" + strings.Repeat(" else if x.creature {\n    mark_damage x, n\n  }", n) + "\n}\n"
	}
	_, err := grammar.ParseFile("x.mtg", []byte(chain(400_000)))
	if err == nil || !strings.Contains(err.Error(), "too deeply nested") || !strings.Contains(err.Error(), "x.mtg:") {
		t.Errorf("400,000 else if: %.200v", err)
	}
	if _, err := grammar.FormatSource("x.mtg", []byte(chain(400_000))); err == nil {
		t.Error("FormatSource: accepted 400,000 else if")
	}
	for _, src := range []string{chain(50), chain(100)} {
		if _, err := grammar.ParseFile("x.mtg", []byte(src)); err != nil {
			t.Errorf("refused: %.200v", err)
		}
	}
	// Sequential chains of 60 in one block each end: not one chain of 120.
	seq := "edition e \"t\"\non_damage object \"1\" (s, x, n) {\n" + strings.Repeat("  if x.creature {\n    mark_damage x, n\n  }"+strings.Repeat(" else if x.creature {\n    mark_damage x, n\n  }", 60)+"\n", 2) + "}\n"
	if _, err := grammar.ParseFile("x.mtg", []byte(seq)); err != nil {
		t.Errorf("two chains of 60: %.200v", err)
	}
}
