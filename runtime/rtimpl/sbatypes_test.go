package rtimpl

import "testing"

// TestSBAsByTypes: the sbas over permanents of some types that a
// permanent may match, read from the table of its types (low byte, high
// byte), are those typed on any of its types, for every set of types,
// bits of both halves included.
func TestSBAsByTypes(t *testing.T) {
	sbas := []SBA{
		{Over: OverPermanents, Types: 1 << 0},
		{Over: OverPermanents, Types: 1<<3 | 1<<9},
		{Over: OverPermanents, Types: 1 << 15},
		{Over: OverPermanents}, // any type: not in the table
		{Over: OverPlayers},
	}
	ix := indexSBAs(sbas)
	for ts := 0; ts < 1<<16; ts++ {
		var want uint64
		for i, s := range sbas {
			if s.Over == OverPermanents && uint16(s.Types)&uint16(ts) != 0 {
				want |= 1 << i
			}
		}
		if got := ix.byTypes[0][uint8(ts)] | ix.byTypes[1][uint8(ts>>8)]; got != want {
			t.Fatalf("types %#x: sbas %b, want %b", ts, got, want)
		}
	}
}
