package main

import (
	"io"
	"os"
	"strings"
	"testing"
	"time"
)

// TestProgressPlain: off a terminal, a long run prints a plain line every
// 10%, and a short one nothing.
func TestProgressPlain(t *testing.T) {
	defer func(d time.Duration) { progressAfter = d }(progressAfter)
	var b strings.Builder
	update, finish := progress(&cli{stdout: io.Discard, stderr: &b}, "difftest", "games", 50)
	for i := 1; i <= 50; i++ {
		update(i)
	}
	finish()
	if b.Len() != 0 {
		t.Errorf("a short run printed %q", b.String())
	}
	progressAfter = 0
	b.Reset()
	update, finish = progress(&cli{stdout: io.Discard, stderr: &b}, "difftest", "games", 50)
	for i := 1; i <= 50; i++ {
		update(i)
	}
	finish()
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 9 || lines[0] != "mtgc difftest: 5/50 games" || lines[8] != "mtgc difftest: 45/50 games" {
		t.Errorf("progress lines: %q", lines)
	}
}

// TestProgressClearedBeforeSummary: on a terminal, difftest's bar is
// cleared before the summary is printed, so the summary is not written
// on the bar's line.
func TestProgressClearedBeforeSummary(t *testing.T) {
	defer func(d time.Duration, f func(*os.File) bool) { progressAfter, isTerminal = d, f }(progressAfter, isTerminal)
	progressAfter, isTerminal = 0, func(*os.File) bool { return true }
	f, err := os.CreateTemp(t.TempDir(), "tty")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if code := run(&cli{stdout: f, stderr: f}, []string{"difftest", "-games", "3", "-turns", "4"}); code != 0 {
		t.Fatalf("difftest: exit %d", code)
	}
	data, err := os.ReadFile(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	out := string(data)
	if !strings.Contains(out, "mtgc difftest") {
		t.Fatalf("no bar was drawn: %q", out)
	}
	i := strings.Index(out, "3 games (seeds")
	if i < 0 {
		t.Fatalf("no summary: %q", out)
	}
	// What the terminal shows on the summary's line: the text after
	// the last carriage return before it.
	line := out[strings.LastIndex(out[:i], "\n")+1 : i]
	if cr := strings.LastIndex(line, "\r"); cr >= 0 {
		line = line[cr+1:]
	}
	if strings.TrimSpace(line) != "" {
		t.Errorf("the summary shares its line with %q", line)
	}
}
