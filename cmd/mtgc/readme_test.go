package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// readmeCommand is an mtgc command line the README shows, indented as code:
// `go run ./cmd/mtgc ARGS` or `./mtgc ARGS`, with its comment.
var readmeCommand = regexp.MustCompile(`(?m)^ {4,}(?:go run \./cmd/mtgc|\./mtgc) ([^#\n]*?)\s*(?:#.*)?$`)

// readmeLimits are flags added to the README's commands that run a long
// campaign (the whole mutation run, a hundred games): the command is the
// README's, on fewer games or rules, so that its working is checked here.
var readmeLimits = map[string][]string{
	"mutate":   {"-run", "514.1", "-games", "0"},
	"difftest": {"-games", "3"},
}

// readmeElsewhere are the README's commands this test does not run, with
// the test that does: a server runs until it is stopped.
var readmeElsewhere = map[string]string{
	"serve": "internal/playground/site's TestBrowser serves and drives the page",
}

// TestReadmeCommands runs every mtgc command README.md shows, as a user
// would from the repository's root with no environment of their own, and
// fails on any that exits non-zero: the README's commands keep working.
func TestReadmeCommands(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var lines [][]string
	for _, m := range readmeCommand.FindAllStringSubmatch(string(data), -1) {
		lines = append(lines, strings.Fields(m[1]))
	}
	if len(lines) < 8 {
		t.Fatalf("README.md shows %d mtgc commands: the pattern no longer finds them", len(lines))
	}
	t.Chdir(root)
	if old, set := os.LookupEnv("MTGC_EDITION"); set {
		os.Unsetenv("MTGC_EDITION") // the user's environment: none
		t.Cleanup(func() { os.Setenv("MTGC_EDITION", old) })
	}
	for _, args := range lines {
		if len(args) == 0 {
			continue
		}
		if _, ok := readmeElsewhere[args[0]]; ok {
			continue
		}
		name := strings.Join(args, " ")
		// What the command writes goes to a scratch directory, not into
		// the checkout: a file named after an output flag, or "> FILE".
		var redirect string
		tmp := t.TempDir()
		for i := 0; i < len(args); i++ {
			switch {
			case args[i] == ">" && i+1 < len(args):
				redirect = filepath.Join(tmp, filepath.Base(args[i+1]))
				args = append(args[:i:i], args[i+2:]...)
				i--
			case (args[i] == "-junit" || args[i] == "-html" || args[i] == "-o" || args[i] == "-record") && i+1 < len(args):
				args[i+1] = filepath.Join(tmp, filepath.Base(args[i+1]))
			}
		}
		args = append(args, readmeLimits[args[0]]...)
		t.Run(name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := run(&cli{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut}, args)
			if redirect != "" {
				if err := os.WriteFile(redirect, out.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if code != 0 {
				t.Errorf("mtgc %s: exit %d\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), code, tail(out.String()), tail(errOut.String()))
			}
		})
	}
}

// tail is the end of a long output.
func tail(s string) string {
	if len(s) > 3000 {
		return "..." + s[len(s)-3000:]
	}
	return s
}
