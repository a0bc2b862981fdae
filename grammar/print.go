package grammar

import (
	"bytes"
	"io"
	"strconv"
	"strings"
)

// Print writes the canonical text of f to w.
func Print(w io.Writer, f *File) error {
	_, err := w.Write(Format(f))
	return err
}

// FormatSource parses src and returns its canonical text.
func FormatSource(path string, src []byte) ([]byte, error) {
	f, err := ParseFile(path, src)
	if err != nil {
		return nil, err
	}
	return Format(f), nil
}

// Format returns the canonical text of f: two-space indentation, one
// clause or statement per line, a blank line between declarations, and
// f.Comments placed back next to the code they were next to.
//
// The tree is first printed as a list of lines, each remembering the
// source positions of its first and last tokens; the comments are then
// placed between those lines by position.
func Format(f *File) []byte {
	if f == nil {
		return nil
	}
	p := &printer{group: -1}
	p.file(f)
	p.placeComments(f.Comments)
	return p.render()
}

// A line is one output line of code. Its leading comments are printed
// before it, its trailing comment after it on the same line.
type line struct {
	indent      int
	text        strings.Builder
	first, last Pos // positions of the first and last positioned tokens
	// close marks a line that starts with "}": its leading comments belong
	// inside the block, one level deeper.
	close bool
	// closeCol is, for a "}" whose position the tree does not record, the
	// column of the keyword that opened the declaration.
	closeCol int
	group    int  // -1 for the edition, i for f.Decls[i]
	keyword  bool // the group is a one-line declaration (keyword, predicate)
	leading  []*Comment
	trailing *Comment
}

type printer struct {
	lines   []*line
	cur     *line
	indent  int
	group   int
	keyword bool
	eof     []*Comment // comments after the last line
	// sameLine: the next declaration goes on the current line.
	sameLine bool
}

func (p *printer) newLine() {
	p.cur = &line{indent: p.indent, group: p.group, keyword: p.keyword}
	p.lines = append(p.lines, p.cur)
}

// tok writes a token whose source position is known.
func (p *printer) tok(pos Pos, s string) {
	if pos.IsValid() {
		if !p.cur.first.IsValid() {
			p.cur.first = pos
		}
		p.cur.last = pos
	}
	p.cur.text.WriteString(s)
}

func (p *printer) text(s string) { p.cur.text.WriteString(s) }

func (p *printer) ident(id Ident) { p.tok(id.Pos, id.Name) }

func (p *printer) rules(rules []Rule) {
	for _, r := range rules {
		p.text(" ")
		p.tok(r.Pos, strconv.Quote(r.Number))
	}
}

// openBody ends a declaration header with " {" and indents what follows.
func (p *printer) openBody() {
	p.text(" {")
	p.indent++
}

// closeBody writes the "}" of a declaration that starts at start.
func (p *printer) closeBody(start Pos) {
	p.indent--
	p.newLine()
	p.cur.close = true
	p.cur.closeCol = start.Col
	p.text("}")
}

func (p *printer) file(f *File) {
	if f.Edition != nil {
		p.newLine()
		p.tok(f.Edition.Pos, "edition")
		p.text(" ")
		p.ident(f.Edition.Name)
		p.text(" " + strconv.Quote(f.Edition.Title))
		if f.Edition.Extends != nil {
			p.text(" extends ")
			p.ident(*f.Edition.Extends)
		}
	}
	for i, d := range f.Decls {
		p.group = i
		// One-line declarations adjacent in the source stay together.
		switch d.(type) {
		case *KeywordDecl, *KindDecl, *CardTypeDecl, *CounterDecl, *LandManaDecl, *StateDecl, *CharacteristicDecl, *PredicateDecl, *TimingDecl, *TriggerEventDecl, *MechanismDecl, *RemoveDecl, *ReciteDecl:
			p.keyword = true
		default:
			p.keyword = false
		}
		p.decl(d)
	}
}

func (p *printer) decl(d Decl) {
	if p.sameLine {
		p.sameLine = false
	} else {
		p.newLine()
	}
	switch d := d.(type) {
	case *PlayerDecl:
		p.tok(d.Pos, "player")
		p.openBody()
		for _, s := range d.Settings {
			p.newLine()
			p.ident(s.Name)
			p.text(" = ")
			p.expr(s.Value, 0)
		}
		p.closeBody(d.Pos)
	case *KeywordDecl:
		p.tok(d.Pos, "keyword ")
		p.ident(d.Name)
		if len(d.Params) > 0 {
			p.typedParams(d.Params)
		}
		p.rules(d.Rules)
		if k := d.Kind; k != nil && !k.Triggered {
			p.text(" static")
			p.rules(k.Rules)
		} else if k != nil {
			p.text(" triggered")
			p.triggeredTail(k)
		}
		if d.Redundant != nil {
			p.text(" redundant")
			p.rules(d.Redundant.Rules)
		}
		if d.Prevents != nil {
			p.text(" prevents ")
			p.ident(*d.Prevents)
			p.rules(d.PreventRules)
		}
	case *CardTypeDecl:
		p.tok(d.Pos, "card_type ")
		p.ident(d.Name)
		p.rules(d.Rules)
		for _, id := range d.Props {
			p.text(" ")
			p.ident(id)
		}
	case *KindDecl:
		p.tok(d.Pos, "kind ")
		p.ident(d.Name)
		p.typedParams(d.Params)
		if d.Every {
			p.text(" every")
		}
		if d.Result != nil {
			p.text(" ")
			p.ident(*d.Result)
		}
		p.text(" " + strconv.Quote(d.Doc))
	case *CounterDecl:
		p.tok(d.Pos, "counter ")
		p.tok(d.Name.Pos, strconv.Quote(d.Name.Name))
		p.rules(d.Rules)
	case *LandManaDecl:
		p.tok(d.Pos, "land_mana ")
		p.ident(d.Name)
		p.rules(d.Rules)
		p.text(" ")
		p.ident(d.Color)
	case *StateDecl:
		p.tok(d.Pos, "state ")
		if d.Holder != nil {
			p.ident(*d.Holder)
			p.text(" ")
		}
		p.ident(d.Name)
		p.text(" ")
		p.ident(d.Kind)
		p.rules(d.Rules)
	case *CharacteristicDecl:
		p.characteristic(d.Pos, d.Name, d.Rules, d.Param, d.Value)
	case *TurnDecl:
		p.tok(d.Pos, "turn")
		p.rules(d.Rules)
		p.openBody()
		if len(d.Order) > 0 {
			p.newLine()
			p.tok(d.OrderPos, "order ")
			for i, id := range d.Order {
				if i > 0 {
					p.text(", ")
				}
				p.ident(id)
			}
		}
		if d.ExtraMode != nil {
			p.newLine()
			p.text("extra_turns")
			p.rules(d.ExtraRules)
			p.text(" ")
			p.ident(*d.ExtraMode)
		}
		p.closeBody(d.Pos)
	case *EveryDecl:
		p.tok(d.Pos, "every ")
		p.ident(d.Kind)
		p.openBody()
		for _, c := range d.Items {
			p.newLine()
			p.clause(c)
		}
		p.closeBody(d.Pos)
	case *PhaseDecl:
		p.tok(d.Pos, "phase ")
		p.ident(d.Name)
		p.rules(d.Rules)
		p.openBody()
		for _, c := range d.Items {
			p.newLine()
			p.clause(c)
		}
		p.closeBody(d.Pos)
	case *SbaDecl:
		kw := "sba"
		if d.Watch {
			kw = "watch"
		}
		p.tok(d.Pos, kw)
		p.rules(d.Rules)
		p.text(" ")
		p.block(d.Body)
	case *PredicateDecl:
		p.tok(d.Pos, "predicate ")
		p.ident(d.Kind)
		p.rules(d.Rules)
		p.params(d.Params)
		if d.Value {
			p.text(") = ")
		} else {
			p.text(") if ")
		}
		p.expr(d.If, 0)
	case *CardDecl:
		p.cardDecl(d)
	case *MechanismDecl:
		p.tok(d.Pos, "mechanism ")
		p.ident(d.Name)
		p.rules(d.Rules)
		for i, z := range d.From {
			if i == 0 {
				p.text(" from ")
			} else {
				p.text(", ")
			}
			p.ident(z)
		}
		if d.Body != nil {
			p.text(" ")
			p.block(d.Body)
		}
	case *TimingDecl:
		p.tok(d.Pos, "timing ")
		p.ident(d.Name)
		p.rules(d.Rules)
		p.text(" (")
		p.ident(d.Param)
		p.text(") if ")
		p.expr(d.If, 0)
	case *TriggerEventDecl:
		p.tok(d.Pos, "trigger_event ")
		p.ident(d.Name)
		p.rules(d.Rules)
		for i, on := range d.On {
			if i == 0 {
				p.text(" on ")
			} else {
				p.text(", ")
			}
			p.ident(on.Kind)
			if on.Name != nil {
				p.text(" ")
				p.ident(*on.Name)
			}
		}
		p.typedParams(d.Params)
		if d.If != nil {
			p.text(" if ")
			p.expr(d.If, 0)
		}
		if d.Value != nil {
			p.text(" = ")
			p.expr(d.Value, 0)
		}
	case *StackObjectDecl:
		if d.Effect {
			p.tok(d.Pos, "effect ")
		} else {
			p.tok(d.Pos, "stack_object ")
		}
		p.ident(d.Name)
		p.rules(d.Rules)
		p.typedParams(d.Params)
		p.text(" ")
		p.block(d.Body)
	case *DamageDecl:
		p.tok(d.Pos, "on_damage ")
		p.ident(d.To)
		p.rules(d.Rules)
		p.params(d.Params)
		p.text(") ")
		p.block(d.Body)
	case *EventDecl:
		p.tok(d.Pos, "on_event ")
		p.ident(d.Kind)
		if d.Name != nil {
			p.text(" ")
			p.ident(*d.Name)
		}
		p.rules(d.Rules)
		p.params(d.Params)
		p.text(") ")
		p.block(d.Body)
	case *ReplaceDecl:
		p.replaceDecl(d)
	case *OverrideDecl:
		p.tok(d.Pos, "override ")
		switch x := d.Decl.(type) {
		case Decl:
			p.inline(func() { p.decl(x) })
		case Clause:
			p.clause(x)
			if d.In != nil {
				p.text(" in ")
				p.ident(*d.In)
			}
		}
	case *RemoveDecl:
		p.tok(d.Pos, "remove ")
		p.clauseRef(d.ClauseRef)
	case *AddDecl:
		p.tok(d.Pos, "add ")
		if d.Step != nil {
			p.clause(d.Step)
			p.text(" " + d.Where + " ")
			p.ident(*d.Anchor)
			break
		}
		p.clause(d.Clause)
		p.text(" in ")
		p.ident(*d.In)
		switch d.Where {
		case "first":
			p.text(" first")
		case "after", "before":
			p.text(" " + d.Where)
			p.rules([]Rule{*d.AnchorRule})
		}
	case *ReciteDecl:
		p.tok(d.Pos, "recite ")
		p.clauseRef(d.ClauseRef)
		p.text(" as")
		p.rules(d.Rules)
	case *RenumberDecl:
		p.tok(d.Pos, "renumber")
		p.openBody()
		for _, r := range d.Pairs {
			p.newLine()
			p.text(strconv.Quote(r.From.Number) + " = " + strconv.Quote(r.To.Number))
		}
		p.closeBody(d.Pos)
	}
}

// clauseRef prints what names a clause of the base.
func (p *printer) clauseRef(r ClauseRef) {
	p.ident(r.Kind)
	if r.Name != nil {
		p.text(" ")
		p.ident(*r.Name)
	}
	if r.Rule != nil {
		p.rules([]Rule{*r.Rule})
	}
	if r.In != nil {
		p.text(" in ")
		p.ident(*r.In)
	}
}

// inline prints what f prints starting on the current line (a
// declaration after "override ").
func (p *printer) inline(f func()) {
	p.sameLine = true
	f()
	p.sameLine = false
}

// replaceDecl prints `replace EVENT NAME RULE... (PARAMS) [if COND] {...}`,
// a declaration of the rules or a card's.
func (p *printer) replaceDecl(d *ReplaceDecl) {
	if d.Prevent {
		p.tok(d.Pos, "prevent ")
	} else {
		p.tok(d.Pos, "replace ")
	}
	p.ident(d.Event)
	p.text(" ")
	p.ident(d.Name)
	p.rules(d.Rules)
	p.params(d.Params)
	p.text(") ")
	if d.If != nil {
		p.text("if ")
		p.expr(d.If, 0)
		p.text(" ")
	}
	p.block(d.Body)
}

// params prints " (a, b, c" (the caller closes the list).
func (p *printer) params(ids []Ident) {
	p.text(" (")
	for i, id := range ids {
		if i > 0 {
			p.text(", ")
		}
		p.ident(id)
	}
}

func (p *printer) clause(c Clause) {
	switch c := c.(type) {
	case *StepDecl:
		p.tok(c.Pos, "step ")
		p.ident(c.Name)
		p.rules(c.Rules)
		p.openBody()
		for _, cl := range c.Clauses {
			p.newLine()
			p.clause(cl)
		}
		p.closeBody(c.Pos)
	case *Action:
		p.tok(c.Pos, "action")
		p.rules(c.Rules)
		p.text(" ")
		p.block(c.Body)
	case *Priority:
		p.tok(c.Pos, "priority")
		p.rules(c.Rules)
		p.text(" ")
		// A leading string would be read back as one more rule.
		if startsWithString(c.Player) {
			p.paren(c.Player)
		} else {
			p.expr(c.Player, 0)
		}
		if c.If != nil {
			p.text(" if ")
			p.expr(c.If, 0)
		}
	case *NoPriority:
		p.tok(c.Pos, "no_priority")
		p.rules(c.Rules)
	case *Skip:
		p.tok(c.Pos, "skip")
		p.rules(c.Rules)
		p.text(" if ")
		p.expr(c.If, 0)
	case *Repeat:
		p.tok(c.Pos, "repeat")
		p.rules(c.Rules)
		p.text(" if ")
		p.expr(c.If, 0)
	case *Allow:
		p.tok(c.Pos, "allow")
		p.rules(c.Rules)
		p.text(" ")
		p.ident(c.What)
		if c.If != nil {
			p.text(" if ")
			p.expr(c.If, 0)
		}
	case *OnEnd:
		if c.Begin {
			p.tok(c.Pos, "on_begin")
		} else {
			p.tok(c.Pos, "on_end")
		}
		p.rules(c.Rules)
		p.text(" ")
		p.block(c.Body)
	}
}

// block writes "{" at the end of the current line, the statements, and
// "}" on a line of its own.
func (p *printer) block(b *Block) {
	if b == nil {
		b = &Block{}
	}
	p.tok(b.Pos, "{")
	p.indent++
	for _, s := range b.Stmts {
		p.newLine()
		p.stmt(s)
	}
	p.indent--
	p.newLine()
	p.cur.close = true
	p.tok(b.End, "}")
}

func (p *printer) stmt(s Stmt) {
	switch s := s.(type) {
	case *PayStmt:
		p.tok(s.Pos, "pay ")
		p.block(s.Body)
	case *ForStmt:
		p.tok(s.Pos, "for each ")
		p.ident(s.Kind)
		p.text(" ")
		p.ident(s.Var)
		if s.By != nil {
			p.text(" chosen by ")
			p.expr(s.By, 0)
			if s.UpTo != nil {
				p.text(" up to ")
				p.expr(s.UpTo, 0)
			}
		}
		if s.Where != nil {
			p.text(" where ")
			p.expr(s.Where, 0)
		}
		p.text(" ")
		p.block(s.Body)
	case *IfStmt:
		p.ifStmt(s)
	case *UntilStmt:
		p.tok(s.Pos, "until unchanged ")
		p.block(s.Body)
	case *RequireStmt:
		p.tok(s.Pos, "require ")
		if s.Rule != nil {
			p.text(strconv.Quote(s.Rule.Number) + " ")
		}
		p.expr(s.Cond, 0)
		p.text(" else " + strconv.Quote(s.Else))
	case *LetStmt:
		p.tok(s.Pos, "let ")
		p.ident(s.Name)
		p.text(" = ")
		p.expr(s.Value, 0)
	case *CallStmt:
		p.ident(s.Verb)
		if len(s.Args) == 0 {
			p.text("()")
		}
		for i, a := range s.Args {
			if i > 0 {
				p.text(",")
			}
			p.text(" ")
			p.expr(a, 0)
		}
	}
}

// ifStmt writes an if statement; an else branch continues the line of the
// closing "}".
func (p *printer) ifStmt(s *IfStmt) {
	p.tok(s.Pos, "if ")
	p.expr(s.Cond, 0)
	p.text(" ")
	p.block(s.Then)
	switch {
	case s.ElseIf != nil:
		p.text(" else ")
		p.ifStmt(s.ElseIf)
	case s.Else != nil:
		p.text(" else ")
		p.block(s.Else)
	}
}

// Binding strength of each kind of expression, loosest first, as in the
// grammar: or, and, not, comparison, + -, *, unary -, has, selector,
// operand.
const (
	precCond = iota // loosest: its else branch takes all that follows
	precOr
	precAnd
	precNot
	precCmp
	precSum
	precTerm
	precNeg
	precHas
	precSel
	precOperand
)

var binaryPrec = map[string]int{
	"or": precOr, "and": precAnd,
	"==": precCmp, "!=": precCmp, "<": precCmp, "<=": precCmp, ">": precCmp, ">=": precCmp,
	"+": precSum, "-": precSum, "*": precTerm,
}

func prec(e Expr) int {
	switch e := e.(type) {
	case *Binary:
		return binaryPrec[e.Op]
	case *Unary:
		if e.Op == "not" {
			return precNot
		}
		return precNeg
	case *HasExpr:
		return precHas
	case *Selector:
		return precSel
	case *CondExpr:
		return precCond
	}
	return precOperand
}

// expr writes e, in parentheses if it binds looser than min requires.
func (p *printer) expr(e Expr, min int) {
	if prec(e) < min {
		p.paren(e)
		return
	}
	switch e := e.(type) {
	case *Ident:
		p.ident(*e)
	case *IntLit:
		p.tok(e.Pos, intText(e))
	case *StringLit:
		p.tok(e.Pos, strconv.Quote(e.Value))
	case *Binary:
		// Left-associative, and comparisons do not chain.
		l := prec(e)
		left := l
		if l == precCmp {
			left = precSum
		}
		p.expr(e.X, left)
		p.text(" " + e.Op + " ")
		p.expr(e.Y, l+1)
	case *Unary:
		if e.Op == "not" {
			p.tok(e.Pos, "not ")
			p.expr(e.X, precNot)
		} else {
			p.tok(e.Pos, "-")
			p.expr(e.X, precNeg)
		}
	case *Selector:
		p.expr(e.X, precSel)
		p.text(".")
		p.ident(e.Sel)
	case *HasExpr:
		p.expr(e.X, precSel)
		p.text(" has ")
		p.ident(e.Keyword)
	case *CallExpr:
		p.ident(e.Fun)
		p.text("(")
		for i, a := range e.Args {
			if i > 0 {
				p.text(", ")
			}
			p.expr(a, 0)
		}
		p.text(")")
	case *ParenExpr:
		p.tok(e.Pos, "(")
		p.expr(e.X, 0)
		p.text(")")
	case *CondExpr:
		p.tok(e.Pos, "if ")
		p.expr(e.Cond, 0)
		p.text(" then ")
		p.expr(e.Then, 0)
		p.text(" else ")
		p.expr(e.Else, 0)
	}
}

func (p *printer) paren(e Expr) {
	p.text("(")
	p.expr(e, 0)
	p.text(")")
}

func intText(e *IntLit) string {
	if v, err := strconv.ParseInt(e.Text, 10, 64); err == nil && v == e.Value {
		return e.Text
	}
	return strconv.FormatInt(e.Value, 10)
}

func startsWithString(e Expr) bool {
	for {
		switch x := e.(type) {
		case *StringLit:
			return true
		case *Binary:
			e = x.X
		case *Selector:
			e = x.X
		case *HasExpr:
			e = x.X
		default:
			return false
		}
	}
}

// placeComments gives each comment, in order, a place:
//   - inside the source span of a line: before that line;
//   - on the source line where a line ends: after it, on the same line;
//   - otherwise before the next line, or before an earlier "}" of unknown
//     position if the comment is indented deeper than that "}".
//
// Places never go backwards, so comments keep their order.
func (p *printer) placeComments(comments []*Comment) {
	// Places are numbered 2i (before line i), 2i+1 (after line i) and
	// 2*len(p.lines) (end of file).
	min, next := 0, 0
	for _, c := range comments {
		var at int
		at, next = p.commentPlace(c, next)
		at = max(at, min)
		if at%2 == 1 && p.lines[at/2].trailing != nil {
			at++
		}
		switch {
		case at == 2*len(p.lines):
			p.eof = append(p.eof, c)
		case at%2 == 0:
			p.lines[at/2].leading = append(p.lines[at/2].leading, c)
		default:
			p.lines[at/2].trailing = c
		}
		min = at
	}
}

// commentPlace returns the place of c and the index of the first line
// that starts after c. That index only grows from one comment to the next,
// so the search starts at from, the index found for the previous comment.
func (p *printer) commentPlace(c *Comment, from int) (place, next int) {
	next = len(p.lines)
	for i := from; i < len(p.lines); i++ {
		if l := p.lines[i]; l.first.IsValid() && l.first.Offset > c.Pos.Offset {
			next = i
			break
		}
	}
	prev := -1
	for i := next - 1; i >= 0; i-- {
		if p.lines[i].first.IsValid() {
			prev = i
			break
		}
	}
	if prev >= 0 {
		l := p.lines[prev]
		if c.Pos.Offset < l.last.Offset {
			return 2 * prev, next
		}
		if c.Pos.Line == l.last.Line {
			return 2*prev + 1, next
		}
	}
	for i := prev + 1; i < next; i++ {
		if col := p.lines[i].closeCol; col > 0 && col < c.Pos.Col {
			return 2 * i, next
		}
	}
	return 2 * next, next
}

// render writes out the lines and comments. Blank lines appear only at the
// top level: between declarations (except between keyword declarations
// that were adjacent in the source), and where the source had one between
// top-level comments and declarations.
func (p *printer) render() []byte {
	var b bytes.Buffer
	srcLine := 0 // last source line written, to detect blank lines in the source
	blankAfter := func(line int) {
		if srcLine > 0 && line-srcLine > 1 && b.Len() > 0 {
			b.WriteByte('\n')
		}
	}
	comment := func(indent int, c *Comment) {
		writeIndent(&b, indent)
		b.WriteString(c.Text)
		b.WriteByte('\n')
		srcLine = max(srcLine, c.Pos.Line)
	}
	for i, l := range p.lines {
		if i == 0 || l.group != p.lines[i-1].group {
			// First line of a top-level declaration.
			first := l.first.Line
			if len(l.leading) > 0 {
				first = l.leading[0].Pos.Line
			}
			if b.Len() > 0 && (i == 0 || !l.keyword || !p.lines[i-1].keyword) {
				b.WriteByte('\n')
			} else {
				blankAfter(first)
			}
			for j, c := range l.leading {
				if j > 0 {
					blankAfter(c.Pos.Line)
				}
				comment(0, c)
			}
			if len(l.leading) > 0 {
				blankAfter(l.first.Line)
			}
		} else {
			indent := l.indent
			if l.close {
				indent++
			}
			for _, c := range l.leading {
				comment(indent, c)
			}
		}
		writeIndent(&b, l.indent)
		b.WriteString(l.text.String())
		if l.trailing != nil {
			b.WriteString(" " + l.trailing.Text)
			srcLine = max(srcLine, l.trailing.Pos.Line)
		}
		b.WriteByte('\n')
		if l.close && !l.first.IsValid() {
			// A "}" of unknown position: once formatted, it is on the
			// line after the previous one.
			srcLine++
		} else {
			srcLine = max(srcLine, l.last.Line)
		}
	}
	for _, c := range p.eof {
		blankAfter(c.Pos.Line)
		comment(0, c)
	}
	return b.Bytes()
}

func writeIndent(b *bytes.Buffer, n int) {
	for range n {
		b.WriteString("  ")
	}
}

// typedParams prints typed parameters: " (object x, player q)".
func (p *printer) typedParams(ps []Param) {
	p.text(" (")
	for i, pr := range ps {
		if i > 0 {
			p.text(", ")
		}
		if pr.Or {
			p.text("or ")
		}
		if pr.Target {
			p.text("target ")
		}
		if pr.Cost {
			p.text("cost ")
		}
		p.ident(pr.Type)
		p.text(" ")
		p.ident(pr.Name)
		if pr.Where != nil {
			p.text(" where ")
			p.expr(pr.Where, 0)
		}
	}
	p.text(")")
}

// triggeredTail prints a triggered ability after its word: its rules,
// event and effect.
func (p *printer) triggeredTail(k *KeywordKind) {
	p.rules(k.Rules)
	p.text(" on ")
	p.ident(k.Event)
	if k.Arg != nil {
		p.text(" ")
		p.ident(*k.Arg)
	} else if k.ArgNum != nil {
		p.text(" " + *k.ArgNum)
	}
	p.text(" does ")
	p.ident(k.Effect)
	if len(k.Args) > 0 {
		p.text("(" + strings.Join(k.Args, ", ") + ")")
	}
}

// characteristic prints `characteristic NAME RULES (PARAM) = VALUE`, of
// the rules or of a card.
func (p *printer) characteristic(pos Pos, name Ident, rules []Rule, param Ident, value Expr) {
	p.tok(pos, "characteristic ")
	p.ident(name)
	p.rules(rules)
	p.params([]Ident{param})
	p.text(") = ")
	p.expr(value, 0)
}
