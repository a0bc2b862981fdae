package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var updateFigures = flag.Bool("update-figures", false, "rewrite the figures README.md and docs/*.md quote from mtgc's output")

// figure is a count or size a document quotes from a command's output,
// marked so that it can be checked:
//
//	<!-- mtgc diff-editions cr2017 cr2025 rules/cr2017/testdata -->196 scripts: 165 agree, ...<!-- /mtgc -->
//
// The marked text must be found, numbers and all, in what the command
// prints. No figure in the documents is typed by hand.
var figure = regexp.MustCompile(`<!-- mtgc ([^>]*?) -->(.*?)<!-- /mtgc -->`)

// number is a figure's number: 196, 1,832, 90.2.
var number = regexp.MustCompile(`[0-9][0-9,]*(?:\.[0-9]+)?`)

// shape is the pattern of a quoted text with its numbers left open.
func shape(text string) *regexp.Regexp {
	var b strings.Builder
	last := 0
	for _, loc := range number.FindAllStringIndex(text, -1) {
		b.WriteString(regexp.QuoteMeta(text[last:loc[0]]))
		b.WriteString(`[0-9][0-9,]*(?:\.[0-9]+)?`)
		last = loc[1]
	}
	b.WriteString(regexp.QuoteMeta(text[last:]))
	return regexp.MustCompile(b.String())
}

// TestDocFigures runs the command of every figure README.md and docs/*.md
// quote and fails when the output no longer says what the document does;
// -update-figures rewrites the documents with today's output.
func TestDocFigures(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	docs = append(docs, filepath.Join(root, "README.md"))
	t.Chdir(root)
	if old, set := os.LookupEnv("MTGC_EDITION"); set {
		os.Unsetenv("MTGC_EDITION")
		t.Cleanup(func() { os.Setenv("MTGC_EDITION", old) })
	}
	outputs := map[string]string{}
	output := func(cmd string) (string, error) {
		if out, ok := outputs[cmd]; ok {
			return out, nil
		}
		var out, errOut bytes.Buffer
		if code := run(&cli{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut}, strings.Fields(cmd)); code != 0 {
			return "", fmt.Errorf("mtgc %s: exit %d: %s", cmd, code, tail(errOut.String()))
		}
		outputs[cmd] = out.String()
		return out.String(), nil
	}
	found := 0
	for _, doc := range docs {
		data, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		name, _ := filepath.Rel(root, doc)
		text := string(data)
		changed := false
		var failed []string
		text = figure.ReplaceAllStringFunc(text, func(m string) string {
			found++
			sub := figure.FindStringSubmatch(m)
			cmd, quoted := sub[1], sub[2]
			line := 1 + strings.Count(string(data[:strings.Index(string(data), m)]), "\n")
			out, err := output(cmd)
			if err != nil {
				failed = append(failed, fmt.Sprintf("%s:%d: %v", name, line, err))
				return m
			}
			got := shape(quoted).FindString(out)
			switch {
			case got == "":
				failed = append(failed, fmt.Sprintf("%s:%d: `mtgc %s` prints nothing like %q any more: change the document", name, line, cmd, quoted))
			case got != quoted && *updateFigures:
				changed = true
				return strings.Replace(m, "-->"+quoted+"<!--", "-->"+got+"<!--", 1)
			case got != quoted:
				failed = append(failed, fmt.Sprintf("%s:%d: says %q; `mtgc %s` says %q (go test ./cmd/mtgc -run TestDocFigures -update-figures)", name, line, quoted, cmd, got))
			}
			return m
		})
		for _, f := range failed {
			t.Error(f)
		}
		if changed {
			if err := writeFileAtomic(doc, []byte(text)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if found < 5 {
		t.Fatalf("the documents mark %d figures: the pattern no longer finds them", found)
	}
}
