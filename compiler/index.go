package compiler

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// Index is the list of numbered rules of one edition, read from a TSV file
// with the columns edition_date, rule_number, short_title.
type Index struct {
	Edition string
	Numbers []string // in file order
	Titles  map[string]string
}

// ReadIndex parses an index file. Malformed lines are errors naming the line.
func ReadIndex(name string, r io.Reader) (*Index, error) {
	idx := &Index{Titles: map[string]string{}}
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if line == 1 && strings.HasPrefix(text, "edition_date") {
			continue
		}
		if strings.TrimSpace(text) == "" {
			continue
		}
		cols := strings.Split(text, "\t")
		if len(cols) != 3 || cols[1] == "" {
			return nil, fmt.Errorf("%s:%d: want 3 tab-separated columns (edition_date, rule_number, short_title)", name, line)
		}
		if _, dup := idx.Titles[cols[1]]; dup {
			return nil, fmt.Errorf("%s:%d: rule %s listed twice", name, line, cols[1])
		}
		idx.Numbers = append(idx.Numbers, cols[1])
		idx.Titles[cols[1]] = cols[2]
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return idx, nil
}

// Has reports whether the index lists rule n.
func (x *Index) Has(n string) bool { _, ok := x.Titles[n]; return ok }

// Suggest returns the closest rule numbers to an unknown one.
func (x *Index) Suggest(n string) []string { return closest(n, x.Numbers, 3) }

// closest returns up to max candidates within a small edit distance of s,
// nearest first (ties keep candidate order, so output is deterministic).
func closest(s string, candidates []string, max int) []string {
	limit := 2
	if len(s) > 6 {
		limit = 3
	}
	type hit struct {
		c string
		d int
	}
	var hits []hit
	for _, c := range candidates {
		if c == s {
			continue // the very name: no suggestion
		}
		d := distance(s, c)
		if d > limit && len(s) >= 3 && (strings.HasPrefix(c, s) || strings.HasPrefix(s, c)) {
			d = limit // a prefix is a near miss too: max_hand for max_hand_size
		}
		if d <= limit {
			hits = append(hits, hit{c, d})
		}
	}
	for i := 1; i < len(hits); i++ {
		for j := i; j > 0 && hits[j].d < hits[j-1].d; j-- {
			hits[j], hits[j-1] = hits[j-1], hits[j]
		}
	}
	var out []string
	for i := 0; i < len(hits) && i < max; i++ {
		out = append(out, hits[i].c)
	}
	return out
}

// distance is the Levenshtein distance between a and b.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func didYouMean(s []string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf(" (did you mean %s?)", s[0])
	}
	return fmt.Sprintf(" (did you mean %s?)", strings.Join(s[:len(s)-1], ", ")+" or "+s[len(s)-1])
}

// RuleLess orders rule numbers as the rules do: 500.2 before 500.10, 704.5
// before 704.5a; anything that is not a rule number ("-") comes last.
func RuleLess(a, b string) bool {
	ra, rb := ruleRE.MatchString(a), ruleRE.MatchString(b)
	if ra != rb {
		return ra
	}
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(pa) && i < len(pb); i++ {
		na, sa := leadingInt(pa[i])
		nb, sb := leadingInt(pb[i])
		if na != nb {
			return na < nb
		}
		if sa != sb {
			return sa < sb
		}
	}
	return len(pa) < len(pb)
}

func leadingInt(s string) (int, string) {
	n, i := 0, 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		n = n*10 + int(s[i]-'0')
		i++
	}
	return n, s[i:]
}
