// Command skipcheck reads the JSON stream of go test -json on its standard
// input, prints the tests' output as go test would, and fails when a test
// skipped: a skipped test checks nothing, and CI runs without -short, so no
// test has a reason to skip there. It lists every skipped test with the
// reason it gave. -allow names tests run later by name (after what they need
// is installed), whose skip here is expected.
//
//	go test -json ./... | go run ./internal/skipcheck -allow TestNeovim,TestBrowser
//
// It exits 1 when a test skipped (not allowed), when the stream has no test
// at all, or when a line is not a test event; go test's own failure is its
// exit status (set -o pipefail).
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
)

func main() {
	allow := flag.String("allow", "", "comma-separated names of tests that may skip (run later by name)")
	flag.Parse()
	var allowed []string
	if *allow != "" {
		allowed = strings.Split(*allow, ",")
	}
	r, err := check(os.Stdin, os.Stdout, allowed)
	if err != nil {
		fmt.Fprintln(os.Stderr, "skipcheck:", err)
		os.Exit(1)
	}
	if len(r.Skipped) > 0 {
		fmt.Fprintf(os.Stderr, "skipcheck: %d tests skipped (CI runs without -short: a skip checks nothing):\n", len(r.Skipped))
		for _, s := range r.Skipped {
			fmt.Fprintf(os.Stderr, "  %s\n", s)
		}
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "skipcheck: %d tests ran, none skipped", r.Ran)
	if r.Allowed > 0 {
		fmt.Fprintf(os.Stderr, " (%d allowed to skip here: %s)", r.Allowed, *allow)
	}
	fmt.Fprintln(os.Stderr)
}
