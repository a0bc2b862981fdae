package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"
)

// testEvent is one event of `mtgc test -json`: the format of `go test -json`
// (cmd/test2json), so CI tools that read one read the other. docs/ci.md
// documents it.
type testEvent struct {
	Time    time.Time `json:",omitempty"`
	Action  string
	Package string   `json:",omitempty"`
	Test    string   `json:",omitempty"`
	Elapsed *float64 `json:",omitempty"`
	Output  string   `json:",omitempty"`
}

// jsonReporter prints the results as a go test -json stream, each
// script's events as it runs and ends: run, output (its log), then pass,
// fail or skip; at the end the table of sections as output of the package,
// and the package's pass or fail. The Package of every event is pkg, the
// corpus directory as the user names it.
type jsonReporter struct {
	enc    *json.Encoder
	pkg    string
	failed bool
	began  bool
}

func newJSONReporter(w io.Writer, pkg string) *jsonReporter {
	return &jsonReporter{enc: json.NewEncoder(w), pkg: pkg}
}

func (j *jsonReporter) emit(e testEvent) error {
	e.Time, e.Package = time.Now(), j.pkg
	return j.enc.Encode(e)
}

func (j *jsonReporter) output(test, text string) error {
	for _, line := range strings.SplitAfter(text, "\n") {
		if line == "" {
			continue
		}
		if err := j.emit(testEvent{Action: "output", Test: test, Output: line}); err != nil {
			return err
		}
	}
	return nil
}

func (j *jsonReporter) start() error {
	if j.began {
		return nil
	}
	j.began = true
	return j.emit(testEvent{Action: "start"})
}

func secs(d time.Duration) *float64 { s := d.Round(time.Millisecond).Seconds(); return &s }

func (j *jsonReporter) begin(name string) error {
	if err := j.start(); err != nil {
		return err
	}
	if err := j.emit(testEvent{Action: "run", Test: name}); err != nil {
		return err
	}
	return j.output(name, "=== RUN   "+name+"\n")
}

func (j *jsonReporter) script(r scriptResult) error {
	name := r.Script.Name
	action, verdict := "pass", "PASS"
	switch r.Outcome {
	case outFail, outXPass:
		action, verdict, j.failed = "fail", "FAIL", true
	case outXFail, outSkip:
		action, verdict = "skip", "SKIP"
	}
	log := r.Log
	if m := r.message(); r.Outcome != outPass && r.Outcome != outFail && m != "" {
		log = m + "\n" + log
	}
	if r.Outcome != outPass || testVerbose {
		if err := j.output(name, indent(log)); err != nil {
			return err
		}
	}
	if err := j.output(name, fmt.Sprintf("--- %s: %s (%.2fs)\n", verdict, name, r.Elapsed.Seconds())); err != nil {
		return err
	}
	return j.emit(testEvent{Action: action, Test: name, Elapsed: secs(r.Elapsed)})
}

func (j *jsonReporter) end(results []scriptResult, total time.Duration) error {
	if err := j.start(); err != nil {
		return err
	}
	var table bytes.Buffer
	if err := writeSectionTable(&table, results); err != nil {
		return err
	}
	if err := j.output("", table.String()); err != nil {
		return err
	}
	action, verdict := "pass", "ok  "
	if j.failed {
		action, verdict = "fail", "FAIL"
	}
	if err := j.output("", fmt.Sprintf("%s\t%s\t%.3fs\n", verdict, j.pkg, total.Seconds())); err != nil {
		return err
	}
	return j.emit(testEvent{Action: action, Elapsed: secs(total)})
}

// JUnit XML, in the dialect CI systems render (Jenkins, GitLab, GitHub
// actions that publish test reports): one testsuite per section, one
// testcase per script in the suite of the section of its first rule.
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Skipped  int          `xml:"skipped,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Time     string      `xml:"time,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string     `xml:"name,attr"`
	Classname string     `xml:"classname,attr"`
	File      string     `xml:"file,attr,omitempty"`
	Time      string     `xml:"time,attr"`
	Failure   *junitText `xml:"failure,omitempty"`
	Skipped   *junitText `xml:"skipped,omitempty"`
	SystemOut string     `xml:"system-out,omitempty"`
}

type junitText struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Body    string `xml:",chardata"`
}

func seconds(d time.Duration) string { return fmt.Sprintf("%.3f", d.Seconds()) }

// junitReport renders the results as JUnit XML.
func junitReport(results []scriptResult, total time.Duration) []byte {
	root := junitSuites{Name: "mtgc conformance", Time: seconds(total)}
	bySec := map[string]*junitSuite{}
	var secs []string
	times := map[string]time.Duration{}
	for _, r := range results {
		sec := "none"
		if s := sectionsOf(r.Script); len(s) > 0 {
			sec = s[0]
		}
		su := bySec[sec]
		if su == nil {
			su = &junitSuite{Name: "conformance." + sec}
			bySec[sec] = su
			secs = append(secs, sec)
		}
		c := junitCase{
			Name:      r.Script.Name,
			Classname: "conformance." + sec,
			File:      r.Path,
			Time:      seconds(r.Elapsed),
			SystemOut: "rules: " + strings.Join(r.Script.Header.Rules, " "),
		}
		switch r.Outcome {
		case outFail:
			c.Failure = &junitText{Message: "script failed: " + r.Path, Type: "failure", Body: r.Log}
			su.Failures++
		case outXPass:
			c.Failure = &junitText{Message: r.message(), Type: "unexpected-pass", Body: r.Log}
			su.Failures++
		case outXFail:
			c.Skipped = &junitText{Message: r.message(), Body: r.Log}
			su.Skipped++
		case outSkip:
			c.Skipped = &junitText{Message: "skipped", Body: r.Log}
			su.Skipped++
		}
		su.Tests++
		times[sec] += r.Elapsed
		su.Cases = append(su.Cases, c)
	}
	sort.Strings(secs)
	for _, sec := range secs {
		su := bySec[sec]
		su.Time = seconds(times[sec])
		root.Tests += su.Tests
		root.Failures += su.Failures
		root.Skipped += su.Skipped
		root.Suites = append(root.Suites, *su)
	}
	out, err := xml.MarshalIndent(root, "", "  ")
	if err != nil {
		panic(err) // plain structs of strings and ints always marshal
	}
	return append([]byte(xml.Header), append(out, '\n')...)
}
