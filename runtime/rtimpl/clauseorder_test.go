package rtimpl

import (
	"slices"
	"testing"
)

// TestClauseOrder: the order a declaration's clauses are checked in is
// the order they were stated in, split into a pair's and the whole's,
// with any clause not stated after; an Order read from a saved game,
// whatever its bits, gives each clause once.
func TestClauseOrder(t *testing.T) {
	var d DeclFns
	for _, k := range []Clause{ClauseRequires, ClauseAgainst, ClauseForbidden, ClauseAgainst, ClauseEach} {
		d.stated(k)
	}
	var pb, wb [NumClauses]Clause
	pair, whole := d.order(&pb, &wb)
	if want := []Clause{ClauseAgainst, ClauseEach, ClauseAtMost}; !slices.Equal(pair, want) {
		t.Errorf("pair clauses %v, want %v", pair, want)
	}
	if want := []Clause{ClauseRequires, ClauseForbidden, ClauseCost}; !slices.Equal(whole, want) {
		t.Errorf("whole clauses %v, want %v", whole, want)
	}
	for _, o := range []uint64{0, 0xffffffff, 0xffffffffffffffff, 0x0f111111, 0xff000000, 0x06123456, 0x0f00000000654321} {
		d := DeclFns{Order: o}
		pair, whole := d.order(&pb, &wb)
		all := append(slices.Clone(pair), whole...)
		slices.Sort(all)
		if want := []Clause{1, 2, 3, 4, 5, 6}; !slices.Equal(all, want) {
			t.Errorf("Order %#x: clauses %v, want each once", o, all)
		}
	}
}
