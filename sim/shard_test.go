package sim_test

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mtgc-dev/mtgc/sim"
)

// TestShardsMergeToOneRun: a campaign played as N shards (each its own
// run, as on N machines), their summaries through JSON and merged in any
// order, is the campaign played in one run, every count, rate and
// interval equal (the timings aside); with AutoPass, the same games.
func TestShardsMergeToOneRun(t *testing.T) {
	const games = 45
	for _, auto := range []bool{false, true} {
		whole := config(games, 2)
		whole.AutoPass = auto
		one, err := sim.Run(whole)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{1, 2, 4, 7} {
			var parts []sim.Summary
			for i := n; i >= 1; i-- { // the last shard first: order does not matter
				cfg := whole
				cfg.First, cfg.Games = sim.Shard(games, i, n)
				cfg.Workers = i%2 + 1
				s, err := sim.Run(cfg)
				if err != nil {
					t.Fatal(err)
				}
				b, _ := json.Marshal(s)
				var back sim.Summary
				if err := json.Unmarshal(b, &back); err != nil {
					t.Fatal(err)
				}
				parts = append(parts, back)
			}
			m, err := sim.Merge(parts)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(one, m, timings); d != "" {
				t.Errorf("autopass %v: %d shards merged differ from one run:\n%s", auto, n, d)
			}
			if n >= 3 {
				// parts run from the last shard to the first: drop one between.
				gap := append(append([]sim.Summary(nil), parts[:1]...), parts[2:]...)
				if _, err := sim.Merge(gap); err == nil {
					t.Errorf("%d shards: a merge with a shard missing was accepted", n)
				}
			}
			if n > 1 {
				if _, err := sim.Merge(append(parts, parts[0])); err == nil {
					t.Errorf("%d shards: a merge with a shard twice was accepted", n)
				}
			}
		}
		if auto {
			plain := config(games, 2)
			s, _ := sim.Run(plain)
			if s.Players[0].Wins != one.Players[0].Wins || s.Turns != one.Turns || s.Draws != one.Draws {
				t.Errorf("AutoPass played other games: %+v, without %+v", one, s)
			}
		}
	}
}
