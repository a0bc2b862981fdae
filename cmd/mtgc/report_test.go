package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mtgc-dev/mtgc/conformance"
)

// The JUnit XML schema as CI systems read it (the Ant/Jenkins dialect),
// declared apart from the writer's types so the test checks the format,
// not the writer against itself.
type xTestsuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Skipped  int          `xml:"skipped,attr"`
	Time     float64      `xml:"time,attr"`
	Suites   []xTestsuite `xml:"testsuite"`
}

type xTestsuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Time     float64     `xml:"time,attr"`
	Cases    []xTestcase `xml:"testcase"`
}

type xTestcase struct {
	Name      string    `xml:"name,attr"`
	Classname string    `xml:"classname,attr"`
	Time      float64   `xml:"time,attr"`
	Failure   *xMessage `xml:"failure"`
	Skipped   *xMessage `xml:"skipped"`
	SystemOut string    `xml:"system-out"`
}

type xMessage struct {
	Message string `xml:"message,attr"`
	Body    string `xml:",chardata"`
}

func parseJUnit(t *testing.T, data []byte) xTestsuites {
	t.Helper()
	if !bytes.HasPrefix(data, []byte(xml.Header)) {
		t.Errorf("no XML declaration: %.60q", data)
	}
	var got xTestsuites
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	if err := d.Decode(&got); err != nil {
		t.Fatalf("not XML: %v\n%s", err, data)
	}
	return got
}

// TestJUnitReport: every outcome maps to JUnit's vocabulary, suites per
// section, counts that add up; the output parses back.
func TestJUnitReport(t *testing.T) {
	script := func(name string, rules ...string) conformance.Script {
		return conformance.Script{Name: name, Header: conformance.Header{Rules: rules}}
	}
	res := func(s conformance.Script, o outcome, log string) scriptResult {
		return scriptResult{Result: conformance.Result{Script: s, Log: log, Elapsed: time.Millisecond}, Outcome: o, Path: "c/" + s.Name + ".txtar", Known: "issue 9", KnownAt: "k.tsv:3"}
	}
	results := []scriptResult{
		res(script("502.2-untap", "502.2", "703.4b"), outPass, ""),
		res(script("514.1-discard", "514.1"), outFail, "FAIL: c/514.1-discard.txtar:4: <want> & \"got\"\x01\n"),
		res(script("514.2-damage", "514.2"), outXFail, "log"),
		res(script("514.3-x", "514.3"), outXPass, ""),
	}
	got := parseJUnit(t, junitReport(results, 2*time.Second))
	want := xTestsuites{
		XMLName: xml.Name{Local: "testsuites"}, Tests: 4, Failures: 2, Skipped: 1, Time: 2,
		Suites: []xTestsuite{
			{Name: "conformance.502", Tests: 1, Time: 0.001, Cases: []xTestcase{
				{Name: "502.2-untap", Classname: "conformance.502", Time: 0.001, SystemOut: "rules: 502.2 703.4b"},
			}},
			{Name: "conformance.514", Tests: 3, Failures: 2, Skipped: 1, Time: 0.003, Cases: []xTestcase{
				{Name: "514.1-discard", Classname: "conformance.514", Time: 0.001, SystemOut: "rules: 514.1",
					Failure: &xMessage{Message: "script failed: c/514.1-discard.txtar", Body: "FAIL: c/514.1-discard.txtar:4: <want> & \"got\"\uFFFD\n"}},
				{Name: "514.2-damage", Classname: "conformance.514", Time: 0.001, SystemOut: "rules: 514.2",
					Skipped: &xMessage{Message: "known failure (k.tsv:3: issue 9)", Body: "log"}},
				{Name: "514.3-x", Classname: "conformance.514", Time: 0.001, SystemOut: "rules: 514.3",
					Failure: &xMessage{Message: "passes, but k.tsv:3 lists it as a known failure (issue 9): remove it from the list"}},
			}},
		},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("JUnit report (-want +got):\n%s", d)
	}
}

// TestJUnitFile: mtgc test -junit on the corpus writes a report with one
// passing testcase per script.
func TestJUnitFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "report.xml")
	var stdout, stderr bytes.Buffer
	if code := run(&cli{stdout: &stdout, stderr: &stderr}, []string{"test", "-run", "514", "-junit", out}); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	got := parseJUnit(t, data)
	n := strings.Count(stdout.String(), "\nok   ")
	if strings.HasPrefix(stdout.String(), "ok   ") {
		n++
	}
	if got.Tests != n || got.Failures != 0 || n == 0 {
		t.Errorf("tests=%d failures=%d, want %d passing", got.Tests, got.Failures, n)
	}
	for _, s := range got.Suites {
		for _, c := range s.Cases {
			if c.Failure != nil || c.Skipped != nil || !strings.HasPrefix(c.Classname, "conformance.") {
				t.Errorf("testcase %+v", c)
			}
		}
	}
}

// testEventSchema is the go test -json event (cmd/test2json).
type testEventSchema struct {
	Time    time.Time
	Action  string
	Package string
	Test    string
	Elapsed float64
	Output  string
}

// TestJSONStream: mtgc test -json is a go test -json stream: every line an
// event with only test2json's fields; per script run, output, then its
// verdict; the package's verdict last.
func TestJSONStream(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run(&cli{stdout: &stdout, stderr: &stderr}, []string{"test", "-json", "-run", "514.3"}); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
	var actions []string
	sc := bufio.NewScanner(&stdout)
	for sc.Scan() {
		var e testEventSchema
		d := json.NewDecoder(strings.NewReader(sc.Text()))
		d.DisallowUnknownFields()
		if err := d.Decode(&e); err != nil {
			t.Fatalf("%q: %v", sc.Text(), err)
		}
		if e.Time.IsZero() || e.Package != "conformance/testdata" {
			t.Errorf("event %+v", e)
		}
		if e.Action != "output" {
			actions = append(actions, e.Action+" "+e.Test)
		}
	}
	want := []string{"start ", "run 514.3-no-priority", "pass 514.3-no-priority", "run 514.3a-sba-repeat", "pass 514.3a-sba-repeat", "run 514.3a-trigger-repeat", "pass 514.3a-trigger-repeat", "pass "}
	if d := cmp.Diff(want, actions); d != "" {
		t.Errorf("actions (-want +got):\n%s", d)
	}
}

func TestShard(t *testing.T) {
	var scripts []conformance.Script
	for _, n := range []string{"e", "a", "d", "c", "b"} {
		scripts = append(scripts, conformance.Script{Name: n})
	}
	names := func(s []conformance.Script) string {
		var out []string
		for _, x := range s {
			out = append(out, x.Name)
		}
		return strings.Join(out, " ")
	}
	tests := []struct {
		arg, want, err string
	}{
		{arg: "1/2", want: "a c e"},
		{arg: "2/2", want: "b d"},
		{arg: "1/1", want: "a b c d e"},
		{arg: "3/3", want: "c"},
		{arg: "6/6", want: ""},
		{arg: "0/2", err: `-shard "0/2": want I/N with 1 <= I <= N, e.g. 2/4`},
		{arg: "3/2", err: `-shard "3/2": want I/N with 1 <= I <= N, e.g. 2/4`},
		{arg: "1", err: `-shard "1": want I/N with 1 <= I <= N, e.g. 2/4`},
		{arg: "a/b", err: `-shard "a/b": want I/N with 1 <= I <= N, e.g. 2/4`},
	}
	for _, tt := range tests {
		i, n, err := parseShard(tt.arg)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("parseShard(%q) error = %v, want %q", tt.arg, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if got := names(shard(scripts, i, n)); got != tt.want {
			t.Errorf("shard %s = %q, want %q", tt.arg, got, tt.want)
		}
	}
}

func TestSelectScripts(t *testing.T) {
	scripts := []conformance.Script{
		{Name: "509.1-blocks", Header: conformance.Header{Rules: []string{"509.1a", "509.1b"}}},
		{Name: "509.10-x", Header: conformance.Header{Rules: []string{"509.10"}}},
		{Name: "509.2-order", Header: conformance.Header{Rules: []string{"509.2"}}},
		{Name: "cleanup", Header: conformance.Header{Rules: []string{"514.1", "703.4m"}}},
	}
	tests := []struct {
		run, want, err string
	}{
		{run: "509.1", want: "509.1-blocks"},
		{run: "509", want: "509.1-blocks 509.10-x 509.2-order"},
		{run: "703.4m", want: "cleanup"},
		{run: "703.4", want: "cleanup"},
		{run: "^509\\.1", want: "509.1-blocks 509.10-x"},
		{run: "order|cleanup", want: "509.2-order cleanup"},
		{run: "", want: "509.1-blocks 509.10-x 509.2-order cleanup"},
		{run: "510", err: `no script matches -run "510": ran 0 scripts`},
		{run: "[", err: "-run: error parsing regexp: missing closing ]: `[`"},
	}
	for _, tt := range tests {
		got, err := selectScripts(scripts, tt.run)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("-run %q: error = %v, want %q", tt.run, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, s := range got {
			names = append(names, s.Name)
		}
		if g := strings.Join(names, " "); g != tt.want {
			t.Errorf("-run %q = %q, want %q", tt.run, g, tt.want)
		}
	}
}

// timedWriter records when each line arrives.
type timedWriter struct {
	mu    sync.Mutex
	lines []time.Time
}

func (w *timedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for range bytes.Count(p, []byte("\n")) {
		w.lines = append(w.lines, time.Now())
	}
	return len(p), nil
}

// TestStreamed: mtgc test prints each script's result as it ends, in text
// and with -json, as go test does: the first line arrives long before the
// run ends, not with the rest at the end.
func TestStreamed(t *testing.T) {
	for _, args := range [][]string{{"test", "-run", "^50"}, {"test", "-json", "-run", "^50"}} {
		w := &timedWriter{}
		start := time.Now()
		if code := run(&cli{stdout: w, stderr: io.Discard}, args); code != 0 {
			t.Fatalf("mtgc %s: exit %d", strings.Join(args, " "), code)
		}
		total := time.Since(start)
		if len(w.lines) < 20 {
			t.Fatalf("mtgc %s: %d lines", strings.Join(args, " "), len(w.lines))
		}
		if first := w.lines[0].Sub(start); first > total/2 {
			t.Errorf("mtgc %s: the first line came at %v of %v: not streamed", strings.Join(args, " "), first, total)
		}
	}
}
