package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
)

// event is one line of go test -json (cmd/test2json).
type event struct {
	Action  string
	Package string
	Test    string
	Output  string
}

// result is what a stream held.
type result struct {
	Ran     int      // tests that passed, failed or skipped
	Allowed int      // skips of allowed tests
	Skipped []string // "pkg TestName: reason", in the stream's order
}

// maxLine bounds one line of the stream (a test's output line can be long,
// not unbounded).
const maxLine = 16 << 20

// check prints to out what go test without -v would (the output of the
// tests that fail, each package's result line) and collects the skipped
// tests.
func check(in io.Reader, out io.Writer, allowed []string) (result, error) {
	var r result
	reason := map[string]string{}         // package + test -> its last t.Skip or t.Log line
	held := map[string]*strings.Builder{} // package + test -> its output, printed if it fails
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	line := 0
	for sc.Scan() {
		line++
		b := sc.Bytes()
		if len(b) == 0 {
			continue
		}
		if b[0] != '{' {
			// go test prints build failures and the like as text.
			fmt.Fprintf(out, "%s\n", b)
			continue
		}
		var e event
		if err := json.Unmarshal(b, &e); err != nil {
			return r, fmt.Errorf("line %d: not a go test -json event: %v", line, err)
		}
		key := e.Package + " " + e.Test
		switch e.Action {
		case "output":
			if e.Test == "" {
				io.WriteString(out, e.Output) // ok, FAIL, build errors, a package's own output
				continue
			}
			if held[key] == nil {
				held[key] = new(strings.Builder)
			}
			if held[key].Len() < maxLine {
				held[key].WriteString(e.Output)
			}
			if s := strings.TrimSpace(e.Output); s != "" && !strings.HasPrefix(s, "=== ") && !strings.HasPrefix(s, "--- SKIP") {
				reason[key] = s
			}
		case "pass", "fail":
			if e.Test != "" {
				r.Ran++
				if e.Action == "fail" && held[key] != nil {
					io.WriteString(out, held[key].String())
				}
				delete(held, key)
			}
		case "skip":
			if e.Test == "" {
				continue // a package with no test files
			}
			r.Ran++
			delete(held, key)
			top, _, _ := strings.Cut(e.Test, "/")
			if slices.Contains(allowed, top) {
				r.Allowed++
				continue
			}
			s := key
			if why := reason[key]; why != "" {
				s += ": " + why
			}
			r.Skipped = append(r.Skipped, s)
		}
	}
	if err := sc.Err(); err != nil {
		return r, err
	}
	if r.Ran == 0 {
		return r, fmt.Errorf("no test in the stream (was it go test -json?)")
	}
	return r, nil
}
