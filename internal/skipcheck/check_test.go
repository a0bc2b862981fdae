package main

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// A stream as go test -json writes it: one test passes, one skips with a
// reason, a subtest skips under an allowed test, a package has no tests.
const stream = `{"Action":"start","Package":"example.com/a"}
{"Action":"run","Package":"example.com/a","Test":"TestRuns"}
{"Action":"output","Package":"example.com/a","Test":"TestRuns","Output":"=== RUN   TestRuns\n"}
{"Action":"output","Package":"example.com/a","Test":"TestRuns","Output":"--- PASS: TestRuns (0.00s)\n"}
{"Action":"pass","Package":"example.com/a","Test":"TestRuns"}
{"Action":"run","Package":"example.com/a","Test":"TestStale"}
{"Action":"output","Package":"example.com/a","Test":"TestStale","Output":"=== RUN   TestStale\n"}
{"Action":"output","Package":"example.com/a","Test":"TestStale","Output":"    a_test.go:9: engine is stale\n"}
{"Action":"output","Package":"example.com/a","Test":"TestStale","Output":"--- SKIP: TestStale (0.00s)\n"}
{"Action":"skip","Package":"example.com/a","Test":"TestStale"}
{"Action":"run","Package":"example.com/a","Test":"TestBrowser/chromium"}
{"Action":"skip","Package":"example.com/a","Test":"TestBrowser/chromium"}
{"Action":"output","Package":"example.com/b","Output":"?   \texample.com/b\t[no test files]\n"}
{"Action":"skip","Package":"example.com/b"}
`

func TestSkipsListed(t *testing.T) {
	var out strings.Builder
	r, err := check(strings.NewReader(stream), &out, []string{"TestBrowser"})
	if err != nil {
		t.Fatal(err)
	}
	want := result{Ran: 3, Allowed: 1, Skipped: []string{"example.com/a TestStale: a_test.go:9: engine is stale"}}
	if d := cmp.Diff(want, r); d != "" {
		t.Errorf("result (-want +got):\n%s", d)
	}
	if strings.Contains(out.String(), "--- PASS: TestRuns") || !strings.Contains(out.String(), "[no test files]") {
		t.Errorf("the output is not go test's without -v (a passing test's log, or no package line):\n%s", out.String())
	}
}

// A failing test's output is printed, as go test prints it.
func TestFailureShown(t *testing.T) {
	const failing = `{"Action":"run","Package":"example.com/a","Test":"TestBad"}
{"Action":"output","Package":"example.com/a","Test":"TestBad","Output":"    a_test.go:3: got 1, want 2\n"}
{"Action":"output","Package":"example.com/a","Test":"TestBad","Output":"--- FAIL: TestBad (0.00s)\n"}
{"Action":"fail","Package":"example.com/a","Test":"TestBad"}
{"Action":"output","Package":"example.com/a","Output":"FAIL\texample.com/a\t0.01s\n"}
`
	var out strings.Builder
	if _, err := check(strings.NewReader(failing), &out, nil); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"a_test.go:3: got 1, want 2", "--- FAIL: TestBad", "FAIL\texample.com/a"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in:\n%s", want, out.String())
		}
	}
}

func TestNoSkipNoTest(t *testing.T) {
	if _, err := check(strings.NewReader(""), new(strings.Builder), nil); err == nil {
		t.Error("an empty stream was accepted: a run with no test must not pass")
	}
	if _, err := check(strings.NewReader("{not json\n"), new(strings.Builder), nil); err == nil {
		t.Error("a broken event was accepted")
	}
	r, err := check(strings.NewReader(stream), new(strings.Builder), nil)
	if err != nil || len(r.Skipped) != 2 {
		t.Errorf("without -allow, both skips are listed: %+v, %v", r, err)
	}
}
