package conformance_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mtgc-dev/mtgc/conformance"
)

func TestParseList(t *testing.T) {
	tests := []struct {
		name, kind, data string
		want             []conformance.Entry
		err              string
	}{
		{
			name: "exclusions", kind: conformance.ExclusionsFile,
			data: "# comment\n\n505.3\tArchenemy\n  # indented comment\n703.4d\tArchenemy too \n",
			want: []conformance.Entry{
				{Key: "505.3", Reason: "Archenemy", Line: 3, File: "x.tsv"},
				{Key: "703.4d", Reason: "Archenemy too", Line: 5, File: "x.tsv"},
			},
		},
		{name: "exclusion without reason", kind: conformance.ExclusionsFile, data: "# c\n505.3\n", err: "x.tsv:2: want RULE<TAB>REASON (tab-separated), got 1 column(s)"},
		{name: "exclusion with empty reason", kind: conformance.ExclusionsFile, data: "505.3\t \n", err: "x.tsv:1: want RULE<TAB>REASON: the last column must say why"},
		{name: "spaces instead of a tab", kind: conformance.ExclusionsFile, data: "505.3 Archenemy\n", err: "x.tsv:1: want RULE<TAB>REASON (tab-separated), got 1 column(s)"},
		{name: "too many columns", kind: conformance.ExclusionsFile, data: "505.3\ta\tb\n", err: "x.tsv:1: want RULE<TAB>REASON (tab-separated), got 3 column(s)"},
		{name: "duplicate", kind: conformance.ExclusionsFile, data: "505.3\ta\n505.3\tb\n", err: "x.tsv:2: 505.3 is already listed on line 1"},
		{name: "every bad line", kind: conformance.ExclusionsFile, data: "a\nb\n", err: "x.tsv:1: want RULE<TAB>REASON (tab-separated), got 1 column(s)\nx.tsv:2: want RULE<TAB>REASON (tab-separated), got 1 column(s)"},
		{
			name: "scope with and without notes", kind: conformance.ScopeFile,
			data: "500\tTurn structure\n703.4a\n",
			want: []conformance.Entry{
				{Key: "500", Reason: "Turn structure", Line: 1, File: "x.tsv"},
				{Key: "703.4a", Line: 2, File: "x.tsv"},
			},
		},
		{
			name: "runtime", kind: conformance.RuntimeFile,
			data: "500.2\truntime/rtimpl/priority.go\tall pass\n",
			want: []conformance.Entry{{Key: "500.2", Where: "runtime/rtimpl/priority.go", Reason: "all pass", Line: 1, File: "x.tsv"}},
		},
		{name: "runtime without where", kind: conformance.RuntimeFile, data: "500.2\tall pass\n", err: "x.tsv:1: want RULE<TAB>WHERE<TAB>NOTE (tab-separated), got 2 column(s)"},
		{
			name: "known failures", kind: conformance.KnownFailuresFile,
			data: "502.2-untap\tissue 7\r\n",
			want: []conformance.Entry{{Key: "502.2-untap", Reason: "issue 7", Line: 1, File: "x.tsv"}},
		},
		{name: "known failure with two words", kind: conformance.KnownFailuresFile, data: "502.2 untap\tissue 7\n", err: "x.tsv:1: want SCRIPT<TAB>REASON: the first column must be one word"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := conformance.ParseList(tt.kind, "x.tsv", []byte(tt.data))
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("error = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("entries (-want +got):\n%s", d)
			}
		})
	}
}

func TestMatchRule(t *testing.T) {
	tests := []struct {
		rule, prefix string
		want         bool
	}{
		{"509", "509", true},
		{"509.1", "509", true},
		{"509.1a", "509", true},
		{"5090", "509", false},
		{"500", "50", false},
		{"509.1", "509.1", true},
		{"509.1a", "509.1", true},
		{"509.10", "509.1", false},
		{"509.2", "509.1", false},
		{"703.4a", "703.4a", true},
		{"703.4ab", "703.4a", false},
		{"703.4", "703.4a", false},
	}
	for _, tt := range tests {
		if got := conformance.MatchRule(tt.rule, tt.prefix); got != tt.want {
			t.Errorf("MatchRule(%q, %q) = %v, want %v", tt.rule, tt.prefix, got, tt.want)
		}
	}
}

func TestListsCheck(t *testing.T) {
	idx := program(t).Index
	scripts := []conformance.Script{{Name: "502.2-untap"}}
	parse := func(kind, data string) []conformance.Entry {
		e, err := conformance.ParseList(kind, kind, []byte(data))
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	tests := []struct {
		name  string
		lists conformance.Lists
		err   string
	}{
		{name: "good", lists: conformance.Lists{
			Scope:         parse(conformance.ScopeFile, "509.1\n703.4a\n"),
			Exclusions:    parse(conformance.ExclusionsFile, "505.3\tArchenemy\n"),
			Runtime:       parse(conformance.RuntimeFile, "500.2\truntime/priority.go\tall pass\n"),
			KnownFailures: parse(conformance.KnownFailuresFile, "502.2-untap\twhy\n"),
		}},
		{name: "scope matching nothing", lists: conformance.Lists{Scope: parse(conformance.ScopeFile, "# c\n599\n")}, err: "scope.tsv:2: 599 is not a rule of the cr2025 index"},
		{name: "unknown exclusion", lists: conformance.Lists{Exclusions: parse(conformance.ExclusionsFile, "505.33\tx\n")}, err: "exclusions.tsv:1: 505.33 is not a rule of the cr2025 index (did you mean 505.3, "},
		{name: "unknown runtime rule", lists: conformance.Lists{Runtime: parse(conformance.RuntimeFile, "500.2x\tf.go\tx\n")}, err: "runtime.tsv:1: 500.2x is not a rule of the cr2025 index"},
		{name: "unknown script", lists: conformance.Lists{KnownFailures: parse(conformance.KnownFailuresFile, "502.2-untapp\tx\n")}, err: "known-failures.tsv:1: 502.2-untapp is not a script of the corpus"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.lists.Check(idx, scripts)
			switch {
			case tt.err == "" && err != nil:
				t.Fatal(err)
			case tt.err != "" && (err == nil || !strings.HasPrefix(err.Error(), tt.err)):
				t.Fatalf("error = %v, want %q", err, tt.err)
			}
		})
	}
}
