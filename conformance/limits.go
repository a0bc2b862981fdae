package conformance

import (
	"fmt"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// Limits bound what one script may do, so that a runaway or hostile script
// fails alone, with a message saying which limit it hit, and the rest of
// the suite runs. The zero value of a field means its default.
type Limits struct {
	// Timeout is the wall-clock time one script may take (default
	// DefaultTimeout). Commands that play check it between answers; a
	// script stuck elsewhere is abandoned when it is past by a grace
	// period, and reported as timed out all the same.
	Timeout time.Duration
	// Objects is how many objects one game may hold (default
	// DefaultObjects): library p1 A count=2000000000 is refused at once.
	Objects int
	// Passes is how many priority passes the commands of one script may
	// make in all (default DefaultPasses): pass 2000000000 stops there.
	Passes int
}

// The default limits: a thousand times what the corpus's largest script
// needs, and a small fraction of a CI job's memory.
const (
	DefaultTimeout = time.Minute
	DefaultObjects = 100_000
	DefaultPasses  = 1_000_000
)

func (l Limits) timeout() time.Duration {
	if l.Timeout <= 0 {
		return DefaultTimeout
	}
	return l.Timeout
}

func (l Limits) objects() int {
	if l.Objects <= 0 {
		return DefaultObjects
	}
	return l.Objects
}

func (l Limits) passes() int {
	if l.Passes <= 0 {
		return DefaultPasses
	}
	return l.Passes
}

// budget is what is left of one script's limits.
type budget struct {
	limits   Limits
	deadline time.Time
	passes   int
}

func newBudget(l Limits) *budget {
	return &budget{limits: l, deadline: time.Now().Add(l.timeout())}
}

// timedOut is the message of a script past its time.
func timedOut(d time.Duration) string {
	return fmt.Sprintf("timed out after %v (the per-script limit: mtgc test -timeout, conformance.Limits.Timeout)", d)
}

// pass counts one priority pass (or any answer a command gives in a loop)
// and fails the script past its passes or its time.
func (b *budget) pass(ts *testscript.TestScript) {
	b.passes++
	if b.passes > b.limits.passes() {
		fail(ts, "limit: more than %d priority passes in one script (mtgc test -max-passes, conformance.Limits.Passes)", b.limits.passes())
	}
	b.check(ts)
}

// check fails the script past its time.
func (b *budget) check(ts *testscript.TestScript) {
	if time.Now().After(b.deadline) {
		fail(ts, "%s", timedOut(b.limits.timeout()))
	}
}

// create fails the script if a game of have objects may not get n more.
func (b *budget) create(ts *testscript.TestScript, have int, n int32) {
	if max := b.limits.objects(); int64(have)+int64(n) > int64(max) {
		fail(ts, "limit: a game may hold at most %d objects; this one has %d and the command creates %d (mtgc test -max-objects, conformance.Limits.Objects)", max, have, n)
	}
}
