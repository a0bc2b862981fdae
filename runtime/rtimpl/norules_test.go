package rtimpl

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// nonTestFiles lists the runtime's Go files, tests excluded.
func nonTestFiles(t *testing.T) []string {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") {
			out = append(out, f)
		}
	}
	return out
}

// TestNoTurnRulesInRuntime: the meaning of the numbered rules lives in
// .mtg. The runtime names no rule, even in a comment: no subrule of any
// section ("116.3d"), and no section of the turn's rules (5xx, 703, 704)
// on its own.
func TestNoTurnRulesInRuntime(t *testing.T) {
	rule := regexp.MustCompile(`\b(5[01][0-9]|70[34])(\.[0-9]+[a-z]?)?\b|\b[1-9][0-9]{2}\.[0-9]+[a-z]?\b`)
	for _, f := range nonTestFiles(t) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			if m := rule.FindString(line); m != "" && !strings.Contains(line, "0x") {
				t.Errorf("%s:%d: rule-like number %s in the runtime: %s", f, i+1, m, strings.TrimSpace(line))
			}
		}
	}
}

// ruleInString matches a rule number in a string: "116.3d", "704.5g",
// "500" (a section alone, when the string is nothing else but it).
var ruleInString = regexp.MustCompile(`(^|[^0-9.])[1-9][0-9]{2}\.[0-9]+[a-z]?\b|^[1-9][0-9]{2}$`)

// TestNoRuleNumbersInRuntimeStrings: whatever the runtime cites, the
// edition's .mtg declares (a clause's rules, a predicate's, a mechanism's
// in Rules.Cite): no string literal of the runtime holds a rule number of
// any section, so another edition's rules run without touching Go.
func TestNoRuleNumbersInRuntimeStrings(t *testing.T) {
	fset := token.NewFileSet()
	for _, f := range nonTestFiles(t) {
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Fatalf("%s: %v", fset.Position(lit.Pos()), err)
			}
			if m := ruleInString.FindString(s); m != "" {
				t.Errorf("%s: rule number %s in a string of the runtime: %s", fset.Position(lit.Pos()), strings.TrimLeft(m, " ("), lit.Value)
			}
			return true
		})
	}
}

// TestRuleInStringPattern: the pattern finds rule numbers where they hide
// and leaves other numbers alone.
func TestRuleInStringPattern(t *testing.T) {
	for s, want := range map[string]bool{
		"116.3d": true, "115.2a": true, "%s (116.1b)": true, "see 702.19b": true, "500": true,
		"1.5": false, "at most 16 phases": false, "%d": false, "+1/+1": false, "0x1f": false, "1000.25": false,
	} {
		if got := ruleInString.MatchString(s); got != want {
			t.Errorf("%q: match %v, want %v", s, got, want)
		}
	}
}

// TestMechanismTable: every mechanism has a row, with a unique name the
// .mtg can write and a description; the names parse back.
func TestMechanismTable(t *testing.T) {
	seen := map[string]bool{}
	ident := regexp.MustCompile(`^[a-z][a-z0-9_]*$`)
	for m := range NumMechanisms {
		s := mechanisms[m]
		if !ident.MatchString(s.Name) || s.Doc == "" || !strings.HasPrefix(s.Const, "Mech") {
			t.Errorf("mechanism %d: row %+v lacks a name or a description", m, s)
		}
		if seen[s.Name] {
			t.Errorf("mechanism %d: name %s used twice", m, s.Name)
		}
		seen[s.Name] = true
		if got, ok := ParseMechanism(s.Name); !ok || got != m {
			t.Errorf("ParseMechanism(%q) = %v, %v; want %v", s.Name, got, ok, m)
		}
	}
	if _, ok := ParseMechanism("nothing"); ok {
		t.Errorf("ParseMechanism accepts an unknown name")
	}
	if len(MechanismNames()) != int(NumMechanisms) {
		t.Errorf("MechanismNames has %d names for %d mechanisms", len(MechanismNames()), NumMechanisms)
	}
}

// TestNewRefusesMissingCites: rules that give priority but leave a
// mechanism without a rule are refused by New, naming what is missing.
func TestNewRefusesMissingCites(t *testing.T) {
	r := &Rules{Phases: []Phase{{Name: "main", Steps: []Step{{Name: "main", Priority: func(Exec) int { return 0 }}}}}}
	for m := range NumMechanisms {
		if m != MechResolve && m != MechCast {
			r.Cite[m] = "100.1"
		}
	}
	_, err := New(r, Config{Players: []PlayerConfig{{Name: "p1"}}})
	if err == nil || !strings.Contains(err.Error(), "cast, resolve") {
		t.Fatalf("New = %v, want a refusal naming cast, resolve", err)
	}
	r.Cite[MechResolve], r.Cite[MechCast] = "100.1", "100.1"
	if _, err := New(r, Config{Players: []PlayerConfig{{Name: "p1"}}}); err != nil {
		t.Fatalf("New with every mechanism cited: %v", err)
	}
	if _, err := New(&Rules{Phases: []Phase{{Name: "main", Steps: []Step{{Name: "main"}}}}}, Config{Players: []PlayerConfig{{Name: "p1"}}}); err != nil {
		t.Fatalf("rules without priority need no mechanism: %v", err)
	}
}
