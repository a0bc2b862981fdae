package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mtgc-dev/mtgc/internal/difftest"
)

// TestDifftestNamesStoppedGames: a game stopped for want of a legal answer
// is named by its seed and its refusal, in the summary and in -json, and
// the merge of shards keeps every shard's (a count alone told no one which
// game to reproduce).
func TestDifftestNamesStoppedGames(t *testing.T) {
	const reason = "508.1d: 'Creature' must attack if able (test)"
	real := compareGame
	t.Cleanup(func() { compareGame = real })
	compareGame = func(a, b difftest.Engine, seed uint64, opt difftest.Options) (difftest.Result, error) {
		res := difftest.Result{Turns: 2, Events: 10, Answers: 7, Over: true}
		if seed == 13 || seed == 16 {
			res.Over, res.Stopped = false, reason
		}
		return res, nil
	}
	common := []string{"difftest", "-games", "8", "-seed", "11", "-turns", "5"}
	text := string(runCLI(t, 0, common...))
	for _, want := range []string{"2 stopped", "stopped: seed 13, turn 2, after 7 answers: " + reason, "stopped: seed 16,", "reproduce: mtgc difftest -turns 5 -seed 13 -games 1"} {
		if !strings.Contains(text, want) {
			t.Errorf("the summary does not say %q:\n%s", want, text)
		}
	}
	var one diffReport
	if err := json.Unmarshal(runCLI(t, 0, append(common, "-json")...), &one); err != nil {
		t.Fatal(err)
	}
	want := []diffStopped{{Seed: 13, Turn: 2, Answers: 7, Reason: reason}, {Seed: 16, Turn: 2, Answers: 7, Reason: reason}}
	if one.Stopped != 2 || len(one.StoppedGames) != 2 || one.StoppedGames[0] != want[0] || one.StoppedGames[1] != want[1] {
		t.Errorf("-json: stopped %d, %+v; want 2, %+v", one.Stopped, one.StoppedGames, want)
	}
	// Shards 1/2 (seeds 11-14) and 2/2 (15-18) each hold one; merged, both.
	dir := t.TempDir()
	var files []string
	for _, sh := range []string{"2/2", "1/2"} {
		f := filepath.Join(dir, strings.ReplaceAll(sh, "/", "of")+".json")
		if err := os.WriteFile(f, runCLI(t, 0, append(common, "-json", "-shard", sh)...), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	var merged diffReport
	if err := json.Unmarshal(runCLI(t, 0, append([]string{"difftest", "merge", "-json"}, files...)...), &merged); err != nil {
		t.Fatal(err)
	}
	if merged.Stopped != 2 || len(merged.StoppedGames) != 2 || merged.StoppedGames[0] != want[0] || merged.StoppedGames[1] != want[1] {
		t.Errorf("merge: stopped %d, %+v; want 2, %+v", merged.Stopped, merged.StoppedGames, want)
	}
}
