package main

import (
	"os"
	"path"
	"regexp"
	"strings"
	"testing"
)

// ciOutput finds the files the README's commands write: -junit FILE,
// -html FILE, > FILE.
var ciOutput = regexp.MustCompile(`(?:-junit|-html|>)\s+([\w.-]+\.(?:xml|json|html|svg|txt))\b`)

// TestCIOutputsIgnored: every file the README's commands write in the
// checkout is ignored by .gitignore, so it is never taken for a
// generated file left uncommitted.
func TestCIOutputsIgnored(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	ignore, err := os.ReadFile("../../.gitignore")
	if err != nil {
		t.Fatal(err)
	}
	var patterns []string
	for _, l := range strings.Split(string(ignore), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			patterns = append(patterns, strings.TrimPrefix(l, "/"))
		}
	}
	found := 0
	for _, m := range ciOutput.FindAllStringSubmatch(string(readme), -1) {
		found++
		name, ok := m[1], false
		for _, p := range patterns {
			if match, _ := path.Match(p, name); match {
				ok = true
			}
		}
		if !ok {
			t.Errorf("README's %q writes %s, which .gitignore does not ignore", m[0], name)
		}
	}
	if found == 0 {
		t.Fatal("no output file found in the README's commands: the pattern is stale")
	}
}
