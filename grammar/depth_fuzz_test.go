package grammar_test

import (
	"strings"
	"testing"

	"github.com/mtgc-dev/mtgc/grammar"
)

// FuzzParseDepth: a construct repeated many times (a unit between a
// prefix and a suffix: else-if chains, brackets, prefix operators, nested
// blocks) never overflows the parser's stack or panics, and whatever
// parses formats and parses again. Seeds are issue 26's cases.
//
//	go test ./grammar -run '^$' -fuzz FuzzParseDepth -fuzztime 2m -fuzzminimizetime 5s
func FuzzParseDepth(f *testing.F) {
	head := "edition e \"t\"\non_damage object \"1\" (s, x, n) {\n"
	f.Add(head+"  if x.creature {\n    mark_damage x, n\n  }", " else if x.creature {\n    mark_damage x, n\n  }", "\n}\n", uint16(5000))
	f.Add(head+"  let y = ", "(", "1\n}\n", uint16(5000))
	f.Add(head+"  let y = ", "not ", "x\n}\n", uint16(5000))
	f.Add(head+"  let y = ", "-", "1\n}\n", uint16(5000))
	f.Add(head+"  let y = ", "if x.creature then 1 else ", "0\n}\n", uint16(5000))
	f.Add(head, "  if x.creature {\n", "mark_damage x, n\n", uint16(3000))
	f.Add(head+"  let y = 1", " and x.creature", "\n}\n", uint16(5000))
	f.Fuzz(func(t *testing.T, prefix, unit, suffix string, n uint16) {
		if len(unit)*int(n) > 4<<20 {
			return
		}
		src := prefix + strings.Repeat(unit, int(n)) + suffix
		f, err := grammar.ParseFile("depth.mtg", []byte(src))
		if err != nil {
			if strings.Contains(err.Error(), "internal parser error") {
				t.Fatalf("internal error: %.300v", err)
			}
			return
		}
		out := grammar.Format(f)
		if _, err := grammar.ParseFile("depth.mtg", out); err != nil {
			t.Fatalf("formatted source does not parse: %.300v", err)
		}
	})
}
