package grammar

import "strings"

// FormatNode returns the canonical text of one node (a declaration, a
// clause, a statement, a block or an expression), as Format would print it
// at the top level, without comments: one line, or several for a node with
// a block. Tools that change a tree use it to show what they changed.
func FormatNode(n Node) string {
	p := &printer{group: -1}
	switch n := n.(type) {
	case Decl:
		p.decl(n)
	case Clause:
		p.newLine()
		p.clause(n)
	case Stmt:
		p.newLine()
		p.stmt(n)
	case *Block:
		p.newLine()
		p.block(n)
	case Expr:
		p.newLine()
		p.expr(n, 0)
	default:
		return ""
	}
	var b strings.Builder
	for i, l := range p.lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(strings.Repeat("  ", l.indent))
		b.WriteString(l.text.String())
	}
	return b.String()
}
