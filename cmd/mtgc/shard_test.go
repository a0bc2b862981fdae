package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// runCLI runs mtgc in process and returns its stdout.
func runCLI(t *testing.T, want int, args ...string) []byte {
	t.Helper()
	var out, errb bytes.Buffer
	if code := run(&cli{stdout: &out, stderr: &errb}, args); code != want {
		t.Fatalf("mtgc %v: exit %d, want %d\n%s%s", args, code, want, out.String(), errb.String())
	}
	return out.Bytes()
}

// TestSimShardsMerge: `mtgc sim -shard I/N -json` on N machines, then
// `mtgc sim merge`, prints the summary of the one-machine run of the same
// campaign, every count, rate and interval (the timings aside).
func TestSimShardsMerge(t *testing.T) {
	dir := t.TempDir()
	common := []string{"sim", "-games", "23", "-turns", "30", "-seed", "5", "-json", "-progress=false", "-autopass"}
	var one simReport
	if err := json.Unmarshal(runCLI(t, 0, append(common, "-workers", "2")...), &one); err != nil {
		t.Fatal(err)
	}
	const n = 3
	var files []string
	for i := 1; i <= n; i++ {
		f := filepath.Join(dir, fmt.Sprintf("shard%d.json", i))
		out := runCLI(t, 0, append(common, "-workers", "1", "-shard", fmt.Sprintf("%d/%d", i, n))...)
		if err := os.WriteFile(f, out, 0o644); err != nil {
			t.Fatal(err)
		}
		files = append([]string{f}, files...) // any order
	}
	var merged simReport
	if err := json.Unmarshal(runCLI(t, 0, append([]string{"sim", "merge", "-json"}, files...)...), &merged); err != nil {
		t.Fatal(err)
	}
	for _, r := range []*simReport{&one, &merged} {
		r.Seconds, r.GamesPerS, r.DecPerS, r.Workers = 0, 0, 0, 0
	}
	if d := cmp.Diff(one, merged); d != "" {
		t.Errorf("the merge of %d shards differs from one run:\n%s", n, d)
	}
	if one.Games != 23 || one.Turns == 0 {
		t.Errorf("implausible run: %+v", one.Summary)
	}
	runCLI(t, 1, append([]string{"sim", "merge"}, files[0], files[2])...) // a shard missing
	other := runCLI(t, 0, "sim", "-games", "23", "-turns", "31", "-json", "-progress=false", "-shard", "2/3")
	f := filepath.Join(dir, "other.json")
	os.WriteFile(f, other, 0o644)
	runCLI(t, 1, "sim", "merge", files[2], f) // another campaign
	// Issue 35 item 7: the first or the last shard missing, wins past the
	// games, counts that would wrap, an unbounded file: refused, exit 1,
	// nothing on stdout.
	refused := func(what string, args ...string) {
		t.Helper()
		if out := runCLI(t, 1, append([]string{"sim", "merge", "-json"}, args...)...); len(out) != 0 {
			t.Errorf("%s: refused, yet printed %q", what, out)
		}
	}
	refused("the first shard missing", files[0], files[1])
	refused("the last shard missing", files[1], files[2])
	forged := func(name string, edit func(r *simReport)) string {
		var r simReport
		data, _ := os.ReadFile(files[2])
		if err := json.Unmarshal(data, &r); err != nil {
			t.Fatal(err)
		}
		edit(&r)
		b, _ := json.Marshal(r)
		g := filepath.Join(dir, name)
		os.WriteFile(g, b, 0o644)
		return g
	}
	refused("wins past the games", forged("wins.json", func(r *simReport) { r.Players[0].Wins = r.Games + 1 }), files[1], files[0])
	refused("a count that wraps", forged("wrap.json", func(r *simReport) { r.Decisions = math.MaxInt64 }), files[1], files[0])
	zero := filepath.Join(dir, "zero.json")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	refused("a link to /dev/zero", zero, files[1], files[0])
}

// TestDifftestShardsMerge: the same for a difftest soak.
func TestDifftestShardsMerge(t *testing.T) {
	dir := t.TempDir()
	common := []string{"difftest", "-games", "5", "-seed", "11", "-turns", "20", "-json"}
	var one diffReport
	if err := json.Unmarshal(runCLI(t, 0, common...), &one); err != nil {
		t.Fatal(err)
	}
	var files []string
	for i := 1; i <= 2; i++ {
		f := filepath.Join(dir, fmt.Sprintf("shard%d.json", i))
		os.WriteFile(f, runCLI(t, 0, append(common, "-shard", fmt.Sprintf("%d/2", i))...), 0o644)
		files = append(files, f)
	}
	var merged diffReport
	if err := json.Unmarshal(runCLI(t, 0, "difftest", "merge", "-json", files[1], files[0]), &merged); err != nil {
		t.Fatal(err)
	}
	one.Seconds, merged.Seconds = 0, 0
	if d := cmp.Diff(one, merged); d != "" {
		t.Errorf("the merge of 2 shards differs from one run:\n%s", d)
	}
	if one.Games != 5 || one.Events == 0 {
		t.Errorf("implausible soak: %+v", one)
	}
	// Issue 35 item 7, as for sim merge: the first or the last shard
	// missing, games ended past the games played, counts that would wrap:
	// refused, exit 1, nothing on stdout.
	refused := func(what string, args ...string) {
		t.Helper()
		if out := runCLI(t, 1, append([]string{"difftest", "merge", "-json"}, args...)...); len(out) != 0 {
			t.Errorf("%s: refused, yet printed %q", what, out)
		}
	}
	refused("the first shard missing", files[1])
	refused("the last shard missing", files[0])
	refused("a shard given twice", files[0], files[0], files[1])
	forged := func(name string, edit func(r *diffReport)) string {
		var r diffReport
		data, _ := os.ReadFile(files[1])
		if err := json.Unmarshal(data, &r); err != nil {
			t.Fatal(err)
		}
		edit(&r)
		b, _ := json.Marshal(r)
		g := filepath.Join(dir, name)
		os.WriteFile(g, b, 0o644)
		return g
	}
	refused("ended past the games", forged("ended.json", func(r *diffReport) { r.Ended = r.Games + 1 }), files[0])
	refused("a count that wraps", forged("wrap.json", func(r *diffReport) { r.Events = math.MaxInt64 }), files[0])
	refused("a negative count", forged("neg.json", func(r *diffReport) { r.Games = -3 }), files[0])
}
