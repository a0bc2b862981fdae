package conformance

import (
	"testing"

	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestReordered: events before the next priority that both sides log in
// another order are no difference; other events, or the same ones across
// a priority, are.
func TestReordered(t *testing.T) {
	ev := func(k rt.EventKind, obj rt.ObjID) logged { return logged{e: rt.Event{Kind: k, Obj: obj}} }
	tap, attack, prio := ev(rt.EvTap, 1), ev(rt.EvAttack, 1), ev(rt.EvPriority, rt.NoObj)
	other := ev(rt.EvTap, 2)
	for _, c := range []struct {
		name   string
		a, b   []logged
		end    int
		agrees bool
	}{
		{"swapped before priority", []logged{attack, tap, prio}, []logged{tap, attack, prio}, 2, true},
		{"swapped to the end", []logged{attack, tap}, []logged{tap, attack}, 2, true},
		{"another event", []logged{attack, tap, prio}, []logged{other, attack, prio}, 0, false},
		{"across a priority", []logged{attack, prio, tap}, []logged{tap, prio, attack}, 0, false},
		{"one more event", []logged{attack, tap, prio}, []logged{tap, attack, tap, prio}, 0, false},
	} {
		end, ok := reordered(c.a, c.b, 0)
		if ok != c.agrees || ok && end != c.end {
			t.Errorf("%s: reordered = %d, %v; want %d, %v", c.name, end, ok, c.end, c.agrees)
		}
	}
}
