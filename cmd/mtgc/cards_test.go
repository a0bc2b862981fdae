package main

import (
	"strings"
	"testing"
)

// TestTestCards: mtgc test runs the card library's scripts with the
// library's rules (-rules ../../cards), and a script's own cards (--
// cards.mtg --) compiled as it starts.
func TestTestCards(t *testing.T) {
	out := string(runCLI(t, 0, "test", "-rules", "../../cards", "../../testdata/cards/own"))
	if !strings.Contains(out, " passed, 0 failed") || !strings.Contains(out, "ok   hulking-cyclops") {
		t.Fatalf("mtgc test on a script declaring its cards:\n%s", out)
	}
	out = string(runCLI(t, 0, "test", "-rules", "../../cards", "../../testdata/cards/scripts"))
	if !strings.Contains(out, " passed, 0 failed") {
		t.Fatalf("mtgc test on the library's scripts:\n%s", out)
	}
}
