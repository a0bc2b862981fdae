package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/conformance"
)

// coverageRun runs mtgc coverage on the repository's rules and corpus,
// with -json, and returns the report.
func coverageRun(t *testing.T, args ...string) *conformance.Coverage {
	t.Helper()
	var stdout, stderr bytes.Buffer
	args = append(append([]string{"coverage", "-json", "-rules", "../../rules"}, args...), "../../conformance/testdata")
	if code := run(&cli{stdout: &stdout, stderr: &stderr}, args); code != 0 {
		t.Fatalf("mtgc %s: exit %d\n%s", strings.Join(args, " "), code, stderr.String())
	}
	var cov conformance.Coverage
	d := json.NewDecoder(&stdout)
	d.DisallowUnknownFields()
	if err := d.Decode(&cov); err != nil {
		t.Fatal(err)
	}
	return &cov
}

// TestCoverageHTML parses the page (as XML: it is well-formed) and checks
// that it is self-contained, has one cell per rule of the index coloured by
// the rule's status, and that every link leads somewhere: a row of the page,
// or a file that exists.
func TestCoverageHTML(t *testing.T) {
	page := filepath.Join(t.TempDir(), "out", "coverage.html")
	if err := os.MkdirAll(filepath.Dir(page), 0o755); err != nil {
		t.Fatal(err)
	}
	cov := coverageRun(t, "-html", page)
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	d.Entity = xml.HTMLEntity
	ids := map[string]bool{}
	cells := map[string]string{} // rule -> class
	var hrefs []string
	var stack []string
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the page is not well-formed: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			stack = append(stack, tok.Name.Local)
			attr := map[string]string{}
			for _, a := range tok.Attr {
				attr[a.Name.Local] = a.Value
			}
			switch tok.Name.Local {
			case "script", "link", "img", "iframe", "object", "embed", "base":
				t.Errorf("the page has a <%s>: it must need nothing but itself", tok.Name.Local)
			}
			if id := attr["id"]; id != "" {
				if ids[id] {
					t.Errorf("id %q twice", id)
				}
				ids[id] = true
			}
			if h, ok := attr["href"]; ok {
				hrefs = append(hrefs, h)
			}
			if c := attr["class"]; tok.Name.Local == "a" && strings.HasPrefix(c, "cell ") {
				rule := strings.TrimPrefix(attr["href"], "#r-")
				if _, dup := cells[rule]; dup {
					t.Errorf("two cells for %s", rule)
				}
				cells[rule] = strings.TrimPrefix(c, "cell ")
			}
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 && stack[len(stack)-1] == "style" && regexp.MustCompile(`url\(|@import`).Match(tok) {
				t.Errorf("the style loads something: %s", tok)
			}
		}
	}
	if len(cov.Rules) < 200 || len(cells) != len(cov.Rules) {
		t.Fatalf("%d cells for %d rules", len(cells), len(cov.Rules))
	}
	for _, r := range cov.Rules {
		class, ok := cells[r.Rule]
		if !ok || strings.Fields(class)[0] != r.Status {
			t.Errorf("cell of %s: class %q, want status %s", r.Rule, class, r.Status)
		}
		if !ids["r-"+r.Rule] {
			t.Errorf("no row for %s", r.Rule)
		}
	}
	files := 0
	for _, h := range hrefs {
		switch {
		case strings.HasPrefix(h, "#"):
			if !ids[h[1:]] {
				t.Errorf("link %s: no such id", h)
			}
		case strings.Contains(h, ":") || strings.HasPrefix(h, "/"):
			t.Errorf("link %s: not relative", h)
		default:
			file, anchor, _ := strings.Cut(h, "#")
			if _, err := os.Stat(filepath.Join(filepath.Dir(page), filepath.FromSlash(file))); err != nil {
				t.Errorf("link %s: %v", h, err)
			}
			if anchor != "" && !regexp.MustCompile(`^L[1-9][0-9]*$`).MatchString(anchor) {
				t.Errorf("link %s: anchor is not #L<line>", h)
			}
			files++
		}
	}
	if files == 0 {
		t.Errorf("no links to sources or scripts")
	}
}

// TestCoverageJSONDocumented: every field of the JSON report is documented
// in docs/coverage.md, and the repository passes -strict.
func TestCoverageJSONDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/coverage.md")
	if err != nil {
		t.Fatal(err)
	}
	cov := coverageRun(t, "-static")
	if cov.Schema != conformance.CoverageSchema || len(cov.Problems) != 0 {
		t.Errorf("schema %q, problems %q", cov.Schema, cov.Problems)
	}
	for _, typ := range []reflect.Type{
		reflect.TypeOf(conformance.Coverage{}),
		reflect.TypeOf(conformance.RuleCoverage{}),
		reflect.TypeOf(conformance.Impl{}),
		reflect.TypeOf(conformance.SectionCoverage{}),
		reflect.TypeOf(conformance.MeaningSummary{}),
	} {
		for i := 0; i < typ.NumField(); i++ {
			name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
			if !bytes.Contains(doc, []byte("`"+name+"`")) {
				t.Errorf("docs/coverage.md does not document %s.%s (`%s`)", typ.Name(), typ.Field(i).Name, name)
			}
		}
	}
	for _, s := range []string{conformance.StatusTested, conformance.StatusExcluded, conformance.StatusUntested, conformance.StatusUnimplemented, conformance.StatusMissing, conformance.StatusOutOfScope,
		conformance.MeaningMtg, conformance.MeaningRuntime, conformance.MeaningBoth, conformance.MeaningNone} {
		if !bytes.Contains(doc, []byte("`"+s+"`")) {
			t.Errorf("docs/coverage.md does not document status %s", s)
		}
	}
	for _, v := range compiler.ProcedureVerbNames() {
		if !bytes.Contains(doc, []byte("`"+v+"`")) {
			t.Errorf("docs/coverage.md does not name the procedure verb %s", v)
		}
	}
}

// TestCoverageWidth: the text table without -v fits 100 columns.
func TestCoverageWidth(t *testing.T) {
	cov := &conformance.Coverage{Ran: true, Rules: []conformance.RuleCoverage{
		{Rule: "702.110b", Status: conformance.StatusUnimplemented, Meaning: "runtime", Title: strings.Repeat("a very long title ", 20),
			Implemented: []conformance.Impl{{File: "rules/combat.mtg", Line: 1}}, Scripts: []string{"a", "b"}, Failing: []string{"a"}},
	}}
	var b strings.Builder
	if err := writeCoverageText(&b, cov, false, false); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(b.String(), "\n") {
		if n := utf8.RuneCountInString(line); n > coverageWidth {
			t.Errorf("%d columns: %q", n, line)
		}
	}
}
