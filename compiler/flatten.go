package compiler

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/mtgc-dev/mtgc/grammar"
)

// Flatten prints an edition as one canonical ruleset: the clauses its
// bases give it and its own, after every renumbering, override, removal
// and addition, under its own edition line with no base. The result checks
// and generates the same engine (but for the positions it cites), so a
// reader sees the whole of an edition that is written as a delta.
func Flatten(srcs []Source, indexes map[string][]byte) ([]byte, error) {
	p, err := Compile(srcs, indexes)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "edition %s %s\n", p.Edition, strconv.Quote(p.Title))
	if len(p.Extends) > 0 {
		fmt.Fprintf(&b, "# Flattened by mtgc flatten: %s over %s.\n", p.Edition, joinNames(p.Extends))
	}
	for _, f := range p.Files {
		g := *f
		g.Edition = nil
		g.Comments = commentsIn(f)
		out := grammar.Format(&g)
		if len(bytes.TrimSpace(out)) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n# ---- %s\n", f.Path)
		b.Write(out)
	}
	return b.Bytes(), nil
}

func joinNames(names []string) string {
	s := ""
	for i, n := range names {
		if i > 0 {
			s += " over "
		}
		s += n
	}
	return s
}

// commentsIn keeps the comments of a file that fall within or just before
// the declarations it still has (not those of removed clauses, nor the
// edition line's).
func commentsIn(f *grammar.File) []*grammar.Comment {
	var out []*grammar.Comment
	prevEnd := 0
	if f.Edition != nil {
		prevEnd = f.Edition.Pos.Line
	}
	ci := 0
	for _, d := range f.Decls {
		start, end := span(d)
		for ci < len(f.Comments) && f.Comments[ci].Pos.Line <= end {
			c := f.Comments[ci]
			if c.Pos.File == f.Path && c.Pos.Line > prevEnd && (c.Pos.Line >= start-8 || c.Pos.Line >= start) {
				out = append(out, c)
			}
			ci++
		}
		prevEnd = end
	}
	return out
}

// span is the first and last line of a declaration in its file.
func span(d grammar.Decl) (first, last int) {
	first = d.Position().Line
	last = first
	grammar.Inspect(d, func(n grammar.Node) bool {
		if n == nil {
			return false
		}
		if b, ok := n.(*grammar.Block); ok && b.End.Line > last {
			last = b.End.Line
		}
		if p := n.Position(); p.File == d.Position().File && p.Line > last {
			last = p.Line
		}
		return true
	})
	return first, last
}
