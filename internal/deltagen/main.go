// Command deltagen writes an edition as a delta over another: given a base
// edition (any ruleset that checks, itself a delta or not) and a target
// edition written in full, it infers the renumbering of the base's
// citations from the clauses the two share but for their numbers, then
// writes the target's .mtg as `extends BASE` with the overrides, removals
// and additions that make the base into the target, one output file per
// target file. The maintainers' tool for moving an edition to a delta;
// the result is checked as any ruleset, and the corpora and difftest prove
// it the same edition.
//
//	go run ./internal/deltagen BASE_DIR TARGET_DIR OUT_DIR
package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/grammar"
)

func main() {
	if len(os.Args) != 4 {
		fmt.Fprintln(os.Stderr, "usage: deltagen BASE_DIR TARGET_DIR OUT_DIR")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2], os.Args[3]); err != nil {
		fmt.Fprintln(os.Stderr, "deltagen:", err)
		os.Exit(1)
	}
}

func run(baseDir, targetDir, outDir string) error {
	base, err := loadDir(baseDir)
	if err != nil {
		return fmt.Errorf("base: %v", err)
	}
	target, err := parseDir(targetDir)
	if err != nil {
		return fmt.Errorf("target: %v", err)
	}
	var ted *grammar.Edition
	for _, f := range target {
		if f.Edition != nil {
			ted = f.Edition
			break
		}
	}
	table := inferRenumber(base.Files, target)
	renumber(base.Files, table)
	d := &differ{base: base.Files, target: target, out: map[string]*outFile{}}
	d.diff()
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	header := fmt.Sprintf("edition %s %s extends %s\n", ted.Name.Name, strconv.Quote(ted.Title), base.Edition)
	var names []string
	for n := range d.out {
		names = append(names, n)
	}
	sort.Strings(names)
	wroteTable := false
	for _, n := range names {
		of := d.out[n]
		var b bytes.Buffer
		b.WriteString(header)
		if !wroteTable && len(table) > 0 {
			b.WriteString("\n" + renumberText(table))
			wroteTable = true
		}
		for _, r := range of.removes {
			b.WriteString("\n" + r)
		}
		if len(of.recites) > 0 {
			b.WriteString("\n")
		}
		for _, r := range of.recites {
			b.WriteString("\n" + r)
		}
		if len(of.decls) > 0 {
			f := &grammar.File{Path: n, Decls: of.decls, Comments: of.comments}
			b.WriteString("\n")
			b.Write(grammar.Format(f))
		}
		out, err := grammar.FormatSource(n, b.Bytes())
		if err != nil {
			return fmt.Errorf("%s: the delta does not parse: %v\n%s", n, err, b.Bytes())
		}
		if err := os.WriteFile(filepath.Join(outDir, filepath.Base(n)), out, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// loadDir checks a base edition and returns its program (its merged files).
func loadDir(dir string) (*compiler.Program, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	root := filepath.Dir(filepath.Dir(abs))
	rel, _ := filepath.Rel(root, abs)
	srcs, idx, err := compiler.ReadEdition(os.DirFS(root), filepath.ToSlash(rel), filepath.Base(abs))
	if err != nil {
		return nil, err
	}
	return compiler.Compile(srcs, idx)
}

func parseDir(dir string) ([]*grammar.File, error) {
	paths, _ := filepath.Glob(filepath.Join(dir, "*.mtg"))
	var out []*grammar.File
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		f, err := grammar.ParseFile(filepath.Base(p), data)
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
}

// A clause of an edition: its identity, its rules, the text with its rule
// numbers masked, and where it is.
type clause struct {
	node   grammar.Node
	id     string
	in     string // the phase or step holding it ("" at top level)
	rules  []*grammar.Rule
	masked string
}

var ruleLit = regexp.MustCompile(`"[0-9]{3}(\.[0-9]+[a-z]?)?"`)

// masked is a clause's text without its own rules (and with the rules of
// the clauses inside it masked): two clauses that differ only in what
// they cite have the same.
func masked(n grammar.Node) string {
	return ruleLit.ReplaceAllString(unruled(n), `"R"`)
}

// unruled is a clause's text without its own rules: a recite can change
// those, and only those.
func unruled(n grammar.Node) string {
	v := reflect.ValueOf(n)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return grammar.FormatNode(n)
	}
	c := reflect.New(v.Elem().Type())
	c.Elem().Set(v.Elem())
	if f := c.Elem().FieldByName("Rules"); f.IsValid() && f.CanSet() {
		f.Set(reflect.Zero(f.Type()))
	}
	return grammar.FormatNode(c.Interface().(grammar.Node))
}

// rulesOf are a clause's own rules.
func rulesOf(n grammar.Node) []grammar.Rule {
	v := reflect.ValueOf(n)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return nil
	}
	if f := v.Elem().FieldByName("Rules"); f.IsValid() {
		rs, _ := f.Interface().([]grammar.Rule)
		return rs
	}
	return nil
}

func clausesOf(files []*grammar.File) []clause {
	var out []clause
	var visit func(n grammar.Node, in string)
	visit = func(n grammar.Node, in string) {
		c := clause{node: n, id: identity(n), in: in}
		grammar.Inspect(n, func(x grammar.Node) bool {
			if r, ok := x.(*grammar.Rule); ok {
				c.rules = append(c.rules, r)
			}
			return true
		})
		c.masked = masked(n)
		out = append(out, c)
		switch d := n.(type) {
		case *grammar.PhaseDecl:
			for _, it := range d.Items {
				visit(it, d.Name.Name)
			}
		case *grammar.StepDecl:
			for _, it := range d.Clauses {
				visit(it, d.Name.Name)
			}
		}
	}
	for _, f := range files {
		for _, d := range f.Decls {
			visit(d, "")
		}
	}
	return out
}

// inferRenumber maps the base's rule numbers to the target's. A target
// clause pairs with the base clause of the same text but for its rules
// (in the same step or phase, if nested), or with the base clause of its
// name (steps, phases, keywords...); each pair votes for pairing their own
// rules in order. A rule goes where most votes say.
func inferRenumber(base, target []*grammar.File) map[string]string {
	votes := map[string]map[string]int{}
	key := func(c clause) string { return c.in + "\x00" + c.masked }
	bc := clausesOf(base)
	byMasked := map[string][]clause{}
	byName := map[string][]clause{}
	for _, c := range bc {
		byMasked[key(c)] = append(byMasked[key(c)], c)
		if !strings.Contains(c.id, `"`) {
			byName[c.id] = append(byName[c.id], c)
		}
	}
	vote := func(b, t grammar.Node, w int) {
		br, tr := rulesOf(b), rulesOf(t)
		for i := 0; i < len(br) && i < len(tr); i++ {
			from, to := br[i].Number, tr[i].Number
			if votes[from] == nil {
				votes[from] = map[string]int{}
			}
			votes[from][to] += w
		}
	}
	for _, t := range clausesOf(target) {
		if ms := byMasked[key(t)]; len(ms) == 1 {
			vote(ms[0].node, t.node, 2)
			continue
		}
		if ns := byName[t.id]; len(ns) == 1 {
			vote(ns[0].node, t.node, 2)
		}
	}
	table := map[string]string{}
	for from, tos := range votes {
		best, n := "", 0
		for to, k := range tos {
			if k > n || k == n && to < best {
				best, n = to, k
			}
		}
		if best != from {
			table[from] = best
		}
	}
	return table
}

func renumber(files []*grammar.File, table map[string]string) {
	for _, f := range files {
		grammar.Inspect(f, func(n grammar.Node) bool {
			if r, ok := n.(*grammar.Rule); ok {
				if to, ok := table[r.Number]; ok {
					r.Number = to
				}
			}
			return true
		})
	}
}

func renumberText(table map[string]string) string {
	var froms []string
	for f := range table {
		froms = append(froms, f)
	}
	sort.Slice(froms, func(i, j int) bool { return compiler.RuleLess(froms[i], froms[j]) })
	var b strings.Builder
	b.WriteString("renumber {\n")
	for _, f := range froms {
		fmt.Fprintf(&b, "  %q = %q\n", f, table[f])
	}
	b.WriteString("}\n")
	return b.String()
}

// identity names a clause as the delta syntax does.
func identity(n grammar.Node) string {
	id, _ := compiler.Identity(n)
	return id
}

func first(rs []grammar.Rule) string {
	if len(rs) == 0 {
		return ""
	}
	return rs[0].Number
}

// outFile is what goes in one file of the delta.
type outFile struct {
	removes  []string
	recites  []string
	decls    []grammar.Decl
	comments []*grammar.Comment
}

type differ struct {
	base, target []*grammar.File
	out          map[string]*outFile
	file         *grammar.File // the target file being read
}

func (d *differ) of(name string) *outFile {
	if d.out[name] == nil {
		d.out[name] = &outFile{}
	}
	return d.out[name]
}

// emit adds a change built on a target node, with the comments around it.
func (d *differ) emit(decl grammar.Decl, from grammar.Node) {
	of := d.of(d.file.Path)
	of.decls = append(of.decls, decl)
	lo, hi := lines(from)
	for _, c := range d.file.Comments {
		if c.Pos.Line >= lo-commentLead(d.file, lo) && c.Pos.Line <= hi {
			of.comments = append(of.comments, c)
		}
	}
}

// commentLead is how many lines of comment directly precede line lo.
func commentLead(f *grammar.File, lo int) int {
	n := 0
	at := map[int]bool{}
	for _, c := range f.Comments {
		at[c.Pos.Line] = true
	}
	for at[lo-n-1] {
		n++
	}
	return n
}

func lines(n grammar.Node) (lo, hi int) {
	lo = n.Position().Line
	hi = lo
	grammar.Inspect(n, func(x grammar.Node) bool {
		if x == nil {
			return false
		}
		if b, ok := x.(*grammar.Block); ok && b.End.Line > hi {
			hi = b.End.Line
		}
		if p := x.Position(); p.Line > hi {
			hi = p.Line
		}
		return true
	})
	return lo, hi + closing(n)
}

// closing counts the closing brace of a braced clause that no node
// carries.
func closing(n grammar.Node) int {
	switch n.(type) {
	case *grammar.PhaseDecl, *grammar.StepDecl, *grammar.PlayerDecl, *grammar.TurnDecl, *grammar.EveryDecl:
		return 1
	}
	return 0
}

func text(n grammar.Node) string { return grammar.FormatNode(n) }

func (d *differ) remove(file, s string) { d.of(file).removes = append(d.of(file).removes, s) }

func (d *differ) diff() {
	baseTop := map[string]grammar.Decl{}
	baseFile := map[string]string{}
	var baseOrder []string
	// Identities the base or the target declares more than once: the
	// delta removes them all and writes the target's.
	count := map[string]int{}
	texts := map[string][]string{}
	for _, f := range d.base {
		for _, dc := range f.Decls {
			id := identity(dc)
			count[id]++
			texts[id] = append(texts[id], text(dc))
		}
	}
	ttexts := map[string][]string{}
	for _, f := range d.target {
		for _, dc := range f.Decls {
			id := identity(dc)
			if count[id] > 0 {
				count[id]++
			}
			ttexts[id] = append(ttexts[id], text(dc))
		}
	}
	dups := map[string]bool{}
	for id, n := range count {
		if len(texts[id]) > 1 || len(ttexts[id]) > 1 {
			dups[id] = n > 0 && strings.Join(texts[id], "\x00") != strings.Join(ttexts[id], "\x00")
			if !dups[id] {
				dups[id] = false
			}
		}
	}
	for _, f := range d.base {
		for _, dc := range f.Decls {
			id := identity(dc)
			baseTop[id] = dc
			baseFile[id] = f.Path
			baseOrder = append(baseOrder, id)
		}
	}
	seen := map[string]bool{}
	removedAll := map[string]bool{}
	for _, f := range d.target {
		d.file = f
		for _, dc := range f.Decls {
			id := identity(dc)
			seen[id] = true
			if changed, dup := dups[id]; dup {
				if changed {
					if !removedAll[id] {
						d.remove(d.file.Path, "remove "+id)
						removedAll[id] = true
					}
					d.emit(dc, dc)
				}
				continue
			}
			b, ok := baseTop[id]
			switch {
			case !ok:
				d.emit(dc, dc)
			case text(b) == text(dc):
			case unruled(b) == unruled(dc) && !isContainer(dc):
				d.recite(id, "", dc)
			default:
				bp, ok1 := b.(*grammar.PhaseDecl)
				tp, ok2 := dc.(*grammar.PhaseDecl)
				if ok1 && ok2 && unruled(headerOnly(bp)) == unruled(headerOnly(tp)) {
					if text(headerOnly(bp)) != text(headerOnly(tp)) {
						d.recite(id, "", tp)
					}
					d.items(bp.Items, tp.Items, tp.Name.Name, tp, true)
					continue
				}
				d.emit(&grammar.OverrideDecl{Pos: dc.Position(), Decl: dc}, dc)
			}
		}
	}
	name := "removed.mtg"
	if len(d.target) > 0 {
		name = d.target[0].Path
	}
	for _, id := range baseOrder {
		if !seen[id] && !removedAll[id] {
			removedAll[id] = true
			d.remove(targetFileFor(d.target, baseFile[id], name), "remove "+id)
		}
	}
}

func targetFileFor(target []*grammar.File, basePath, fallback string) string {
	for _, f := range target {
		if filepath.Base(f.Path) == filepath.Base(basePath) {
			return f.Path
		}
	}
	return fallback
}

func headerOnly(p *grammar.PhaseDecl) *grammar.PhaseDecl {
	return &grammar.PhaseDecl{Pos: p.Pos, Name: p.Name, Rules: p.Rules}
}

func stepHeader(s *grammar.StepDecl) *grammar.StepDecl {
	return &grammar.StepDecl{Pos: s.Pos, Name: s.Name, Rules: s.Rules}
}

// items compares the items of a phase (or the clauses of a step) held
// in container in, emitting per-item changes when the shared items keep
// their order, or overriding the whole container otherwise.
func (d *differ) items(base, target []grammar.Clause, in string, whole grammar.Decl, isPhase bool) {
	bi := map[string]grammar.Clause{}
	var bOrder []string
	for _, c := range base {
		id := identity(c)
		if _, dup := bi[id]; dup {
			d.overrideWhole(whole, in, isPhase)
			return
		}
		bi[id] = c
		bOrder = append(bOrder, id)
	}
	ti := map[string]bool{}
	var common []string
	for _, c := range target {
		id := identity(c)
		if ti[id] {
			d.overrideWhole(whole, in, isPhase)
			return
		}
		ti[id] = true
		if _, ok := bi[id]; ok {
			common = append(common, id)
		}
	}
	var bCommon []string
	for _, id := range bOrder {
		if ti[id] {
			bCommon = append(bCommon, id)
		}
	}
	if strings.Join(bCommon, "\x00") != strings.Join(common, "\x00") {
		d.overrideWhole(whole, in, isPhase)
		return
	}
	for _, id := range bOrder {
		if !ti[id] {
			r := "remove " + id
			if !strings.HasPrefix(id, "step ") && !strings.HasPrefix(id, "action ") {
				r += " in " + in
			}
			d.remove(d.file.Path, r)
		}
	}
	prev := ""
	for i, c := range target {
		id := identity(c)
		b, ok := bi[id]
		switch {
		case !ok:
			d.addItem(c, in, prev, target, i)
		case text(b) == text(c):
		case unruled(b) == unruled(c) && !isContainer(c):
			inStep := in
			if strings.HasPrefix(id, "step ") || strings.HasPrefix(id, "action ") {
				inStep = ""
			}
			d.recite(id, inStep, c)
		default:
			bs, ok1 := b.(*grammar.StepDecl)
			ts, ok2 := c.(*grammar.StepDecl)
			if ok1 && ok2 && unruled(stepHeader(bs)) == unruled(stepHeader(ts)) {
				if text(stepHeader(bs)) != text(stepHeader(ts)) {
					d.recite(id, "", ts)
				}
				d.items(bs.Clauses, ts.Clauses, ts.Name.Name, nil, false)
				break
			}
			o := &grammar.OverrideDecl{Pos: c.Position(), Decl: c}
			if !strings.HasPrefix(id, "step ") && !strings.HasPrefix(id, "action ") {
				o.In = &grammar.Ident{Name: in}
			}
			d.emit(o, c)
		}
		prev = id
	}
}

// overrideWhole overrides a phase, or a step found in the target file.
func (d *differ) overrideWhole(whole grammar.Decl, step string, isPhase bool) {
	if isPhase {
		d.emit(&grammar.OverrideDecl{Pos: whole.Position(), Decl: whole}, whole)
		return
	}
	for _, f := range d.target {
		for _, dc := range f.Decls {
			if p, ok := dc.(*grammar.PhaseDecl); ok {
				for _, it := range p.Items {
					if s, ok := it.(*grammar.StepDecl); ok && s.Name.Name == step {
						d.emit(&grammar.OverrideDecl{Pos: s.Pos, Decl: s}, s)
					}
				}
			}
		}
	}
}

// addItem adds a new step or clause after the item before it (or first).
func (d *differ) addItem(c grammar.Clause, in, prev string, target []grammar.Clause, i int) {
	a := &grammar.AddDecl{Pos: c.Position()}
	if s, ok := c.(*grammar.StepDecl); ok {
		a.Step = s
		switch {
		case strings.HasPrefix(prev, "step "):
			a.Where, a.Anchor = "after", &grammar.Ident{Name: strings.TrimPrefix(prev, "step ")}
		default:
			for _, next := range target[i+1:] {
				if n, ok := next.(*grammar.StepDecl); ok {
					a.Where, a.Anchor = "before", &grammar.Ident{Name: n.Name.Name}
					break
				}
			}
		}
		if a.Anchor == nil {
			d.overrideWhole(nil, in, false)
			return
		}
		d.emit(a, c)
		return
	}
	a.Clause, a.In = c, &grammar.Ident{Name: in}
	if prev == "" {
		a.Where = "first"
	} else if m := regexp.MustCompile(`"([^"]+)"`).FindStringSubmatch(prev); m != nil {
		a.Where, a.AnchorRule = "after", &grammar.Rule{Number: m[1]}
	}
	d.emit(a, c)
}

func isContainer(n grammar.Node) bool {
	switch n.(type) {
	case *grammar.PhaseDecl, *grammar.StepDecl, *grammar.EveryDecl:
		return true
	}
	return false
}

// recite gives a base clause the target clause's rules.
func (d *differ) recite(id, in string, t grammar.Node) {
	if len(rulesOf(t)) == 0 {
		o := &grammar.OverrideDecl{Pos: t.Position(), Decl: t}
		if in != "" {
			o.In = &grammar.Ident{Name: in}
		}
		d.emit(o, t)
		return
	}
	s := "recite " + id
	if in != "" {
		s += " in " + in
	}
	s += " as"
	for _, r := range rulesOf(t) {
		s += " " + strconv.Quote(r.Number)
	}
	d.of(d.file.Path).recites = append(d.of(d.file.Path).recites, s)
}
