package conformance

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/internal/safeio"
)

// The machine-readable lists that go with a corpus, in the directory that
// holds the corpus directory (for this repository: conformance/). Each is a
// tab-separated file; lines starting with # and blank lines are comments.
// A malformed line is an error naming the file and line.
const (
	// ScopeFile lists the rules that must be covered now: one rule number
	// per line (a prefix: "514" means 514 and every subrule, "509.1" means
	// 509.1 and 509.1a...), then an optional tab and note.
	ScopeFile = "scope.tsv"
	// ExclusionsFile lists rules deliberately neither implemented nor
	// tested: RULE<TAB>REASON.
	ExclusionsFile = "exclusions.tsv"
	// RuntimeFile lists rules the runtime implements by itself, with no .mtg
	// citation (priority ending a step, extra steps, ...):
	// RULE<TAB>WHERE<TAB>NOTE, WHERE a Go file of the runtime.
	RuntimeFile = "runtime.tsv"
	// KnownFailuresFile lists scripts expected to fail: SCRIPT<TAB>REASON.
	// A listed script that passes fails the run, so the list stays honest.
	KnownFailuresFile = "known-failures.tsv"
)

// Entry is one line of a list.
type Entry struct {
	Key    string // a rule number or prefix, or a script name
	Reason string // the reason or note; for RuntimeFile, the note
	Where  string // RuntimeFile only: the Go file that implements the rule
	Line   int    // line number in File
	File   string
}

// Pos is the entry's position, "file:line".
func (e Entry) Pos() string { return fmt.Sprintf("%s:%d", e.File, e.Line) }

// Lists are the machine-readable lists of a corpus. A nil or empty list is
// an empty file.
type Lists struct {
	Scope         []Entry
	Exclusions    []Entry
	Runtime       []Entry
	KnownFailures []Entry
}

// listSpec says what the columns of a list are.
type listSpec struct {
	file   string
	cols   int  // required columns
	max    int  // maximum columns
	reason bool // the last required column must not be empty
	what   string
}

var specs = map[string]listSpec{
	ScopeFile:         {ScopeFile, 1, 2, false, "RULE[<TAB>NOTE]"},
	ExclusionsFile:    {ExclusionsFile, 2, 2, true, "RULE<TAB>REASON"},
	RuntimeFile:       {RuntimeFile, 3, 3, true, "RULE<TAB>WHERE<TAB>NOTE"},
	KnownFailuresFile: {KnownFailuresFile, 2, 2, true, "SCRIPT<TAB>REASON"},
}

// ParseList parses one list; kind is one of the *File constants and name is
// the name errors use. Every malformed line is reported, each as
// "name:line: message".
func ParseList(kind, name string, data []byte) ([]Entry, error) {
	spec, ok := specs[kind]
	if !ok {
		return nil, fmt.Errorf("conformance: unknown list %q", kind)
	}
	var out []Entry
	var errs []string
	seen := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSuffix(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		bad := func(format string, args ...any) {
			errs = append(errs, fmt.Sprintf("%s:%d: %s", name, n, fmt.Sprintf(format, args...)))
		}
		if len(cols) < spec.cols || len(cols) > spec.max {
			bad("want %s (tab-separated), got %d column(s)", spec.what, len(cols))
			continue
		}
		for i := range cols {
			cols[i] = strings.TrimSpace(cols[i])
		}
		if cols[0] == "" || strings.ContainsAny(cols[0], " ") {
			bad("want %s: the first column must be one word", spec.what)
			continue
		}
		if spec.reason && cols[spec.cols-1] == "" {
			bad("want %s: the last column must say why", spec.what)
			continue
		}
		if prev, dup := seen[cols[0]]; dup {
			bad("%s is already listed on line %d", cols[0], prev)
			continue
		}
		seen[cols[0]] = n
		e := Entry{Key: cols[0], Line: n, File: name}
		switch kind {
		case RuntimeFile:
			e.Where, e.Reason = cols[1], cols[2]
		default:
			if len(cols) > 1 {
				e.Reason = cols[1]
			}
		}
		out = append(out, e)
	}
	if err := sc.Err(); err != nil {
		errs = append(errs, fmt.Sprintf("%s: %v", name, err))
	}
	if len(errs) > 0 {
		return out, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return out, nil
}

// ReadLists reads the lists of directory dir of fsys; a missing file is an
// empty list. shown is the directory name errors use.
func ReadLists(fsys fs.FS, dir, shown string) (Lists, error) {
	var l Lists
	var errs []string
	for _, kind := range []string{ScopeFile, ExclusionsFile, RuntimeFile, KnownFailuresFile} {
		data, err := safeio.ReadFS(fsys, filepath.ToSlash(filepath.Join(dir, kind)), MaxScriptBytes)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			return l, err
		}
		entries, err := ParseList(kind, filepath.Join(shown, kind), data)
		if err != nil {
			errs = append(errs, err.Error())
		}
		switch kind {
		case ScopeFile:
			l.Scope = entries
		case ExclusionsFile:
			l.Exclusions = entries
		case RuntimeFile:
			l.Runtime = entries
		case KnownFailuresFile:
			l.KnownFailures = entries
		}
	}
	if len(errs) > 0 {
		return l, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return l, nil
}

// Check checks the lists against an index and a corpus: every rule they
// name must be in the index (a scope prefix must match at least one rule),
// and every known failure must name a script of the corpus. scripts may be
// nil to skip the last check.
func (l Lists) Check(idx *compiler.Index, scripts []Script) error {
	var errs []string
	bad := func(e Entry, format string, args ...any) {
		errs = append(errs, fmt.Sprintf("%s: %s", e.Pos(), fmt.Sprintf(format, args...)))
	}
	unknown := func(e Entry) {
		bad(e, "%s is not a rule of the %s index%s", e.Key, idx.Edition, suggest(idx, e.Key))
	}
	for _, e := range l.Scope {
		if !anyRule(idx, e.Key) {
			unknown(e)
		}
	}
	for _, list := range [][]Entry{l.Exclusions, l.Runtime} {
		for _, e := range list {
			if !idx.Has(e.Key) {
				unknown(e)
			}
		}
	}
	if scripts != nil {
		names := map[string]bool{}
		for _, s := range scripts {
			names[s.Name] = true
		}
		for _, e := range l.KnownFailures {
			if !names[e.Key] {
				bad(e, "%s is not a script of the corpus", e.Key)
			}
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return nil
}

func anyRule(idx *compiler.Index, prefix string) bool {
	for _, n := range idx.Numbers {
		if MatchRule(n, prefix) {
			return true
		}
	}
	return false
}

// InScope reports whether the scope list covers rule n.
func (l Lists) InScope(n string) bool {
	for _, e := range l.Scope {
		if MatchRule(n, e.Key) {
			return true
		}
	}
	return false
}

// Known returns the known failures as script name -> reason.
func (l Lists) Known() map[string]string {
	out := map[string]string{}
	for _, e := range l.KnownFailures {
		out[e.Key] = e.Reason
	}
	return out
}

// MatchRule reports whether rule n is prefix or one of its subrules:
// "509" matches 509, 509.1 and 509.1a; "509.1" matches 509.1 and 509.1a but
// not 509.10; "703.4a" matches only 703.4a.
func MatchRule(n, prefix string) bool {
	if n == prefix {
		return true
	}
	if !strings.HasPrefix(n, prefix) {
		return false
	}
	next := n[len(prefix)]
	if next == '.' {
		return !strings.Contains(prefix, ".")
	}
	return next >= 'a' && next <= 'z' && strings.Contains(prefix, ".") && isDigit(prefix[len(prefix)-1])
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// Section is the section a rule belongs to: "509" for 509.1a.
func Section(n string) string {
	s, _, _ := strings.Cut(n, ".")
	return s
}

// Sections returns the sections of the index, in index order.
func Sections(idx *compiler.Index) []string {
	var out []string
	seen := map[string]bool{}
	for _, n := range idx.Numbers {
		if s := Section(n); !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

func suggest(idx *compiler.Index, n string) string {
	s := idx.Suggest(n)
	switch len(s) {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf(" (did you mean %s?)", s[0])
	}
	return fmt.Sprintf(" (did you mean %s or %s?)", strings.Join(s[:len(s)-1], ", "), s[len(s)-1])
}

// CheckHeaders checks that every rule the scripts' "# rules:" lines name is
// in the index. Each error is "path:1: message".
func CheckHeaders(scripts []Script, idx *compiler.Index) error {
	var errs []string
	for _, s := range scripts {
		for _, r := range s.Header.Rules {
			if !idx.Has(r) {
				errs = append(errs, fmt.Sprintf("%s:%d: # rules: names %s, which is not in the %s index%s", s.Path, s.Header.Line, r, idx.Edition, suggest(idx, r)))
			}
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return nil
}

// sortedKeys returns the keys of a set, sorted.
func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
