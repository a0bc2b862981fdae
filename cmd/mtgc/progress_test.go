package main

import (
	"io"
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
