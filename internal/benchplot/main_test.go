package main

import "testing"

// TestRead: the benchmark output kept in docs/perf holds every metric of
// BenchmarkBoard for every N the plot draws.
func TestRead(t *testing.T) {
	s, err := read("../../docs/perf/board-after.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range metrics {
		for _, n := range []int{0, 5, 20, 50, 100, 200} {
			if len(s[m][n]) == 0 || median(s[m][n]) <= 0 {
				t.Errorf("%s at N=%d: no samples", m, n)
			}
		}
	}
}
