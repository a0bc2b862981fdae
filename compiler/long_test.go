package compiler

import (
	"runtime"
	"strings"
	"testing"
)

// longExprs are expressions of n terms of each kind whose checking (and
// the formatting of their generated Go) took time quadratic in n: a
// 20,000-term and chain 6 s, a 5,000-deep if-else chain minutes. The
// parser now bounds them (grammar's maxOperators, maxConditionals).
var longExprs = []struct {
	name  string
	expr  func(n int) string
	limit int    // the most terms accepted
	msg   string // the refusal past it
}{
	{"and", func(n int) string { return strings.Repeat("b.creature and ", n-1) + "b.creature" }, 1001, "expression too long: more than 1000 operators"},
	{"plus", func(n int) string { return strings.Repeat("b.power + ", n-2) + "b.power > 0" }, 1001, "expression too long: more than 1000 operators"},
	{"ifelse", func(n int) string { return strings.Repeat("if b.creature then true else ", n-1) + "false" }, 100, "more than 100 if ... else in one expression"},
}

// withPredicate returns the default rules with can_block's condition
// replaced by expr.
func withPredicate(t testing.TB, expr string) []Source {
	srcs := defaultSources(t)
	const old = `predicate can_block "509.1a" (b) if b.creature and not b.tapped`
	for i, s := range srcs {
		if strings.Contains(string(s.Data), old) {
			srcs[i].Data = []byte(strings.Replace(string(s.Data), old, `predicate can_block "509.1a" (b) if `+expr, 1))
			return srcs
		}
	}
	t.Fatal("can_block not found in the default rules")
	return nil
}

func checkAndGenerate(srcs []Source, idx map[string][]byte) error {
	p, err := Compile(srcs, idx)
	if err == nil {
		_, err = Generate(p, Options{Package: "engine"})
	}
	return err
}

// work is what checking and generating srcs costs, counted rather than
// timed (a shared machine makes wall-clock time unsteady): the number of
// allocations and the bytes allocated.
func work(srcs []Source, idx map[string][]byte) (allocs, bytes uint64) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_ = checkAndGenerate(srcs, idx)
	runtime.ReadMemStats(&after)
	return after.Mallocs - before.Mallocs, after.TotalAlloc - before.TotalAlloc
}

// TestLongExpressions: the longest expressions accepted check and
// generate, 100,000-term ones are refused with a positioned limit, and the
// work either takes grows linearly with the terms: four times the terms
// take less than eight times the work (allocations and bytes allocated;
// for the accepted ones, past the work of the rules themselves, measured
// with a 2-term expression), where the quadratic checking and formatting
// this guards against took sixteen. BenchmarkCheckLongExpr measures time.
func TestLongExpressions(t *testing.T) {
	idx := index(t)
	for _, c := range longExprs {
		if err := checkAndGenerate(withPredicate(t, c.expr(c.limit)), idx); err != nil {
			t.Errorf("%s: %d terms refused: %v", c.name, c.limit, err)
		}
		err := checkAndGenerate(withPredicate(t, c.expr(100_000)), idx)
		if err == nil || !strings.Contains(err.Error(), "/combat.mtg:") || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: 100k terms: %v, want a positioned %q", c.name, err, c.msg)
		}
		var baseA, baseB uint64 // a refusal stops before the rules are checked: no base
		for _, n := range []int{c.limit, 100_000} {
			if n == c.limit {
				baseA, baseB = work(withPredicate(t, c.expr(2)), idx)
			} else {
				baseA, baseB = 0, 0
			}
			quarterA, quarterB := work(withPredicate(t, c.expr(n/4)), idx)
			fullA, fullB := work(withPredicate(t, c.expr(n)), idx)
			growth := func(what string, base, quarter, full uint64) {
				if quarter <= base || full <= base {
					return // no measurable growth: nothing quadratic
				}
				if r := float64(full-base) / float64(quarter-base); r >= 8 {
					t.Errorf("%s: %s grow %.1fx from %d to %d terms (%d to %d over a base of %d), want linear", c.name, what, r, n/4, n, quarter, full, base)
				}
			}
			growth("allocations", baseA, quarterA, fullA)
			growth("bytes allocated", baseB, quarterB, fullB)
		}
	}
}

// BenchmarkCheckLongExpr: checking and generating the longest expressions
// accepted, and refusing 100k-term ones.
func BenchmarkCheckLongExpr(b *testing.B) {
	idx := index(b)
	for _, c := range longExprs {
		for _, n := range []int{c.limit, 100_000} {
			srcs := withPredicate(b, c.expr(n))
			b.Run(c.name+"-"+map[bool]string{true: "limit", false: "100k"}[n == c.limit], func(b *testing.B) {
				for b.Loop() {
					_ = checkAndGenerate(srcs, idx)
				}
			})
		}
	}
}
