package lsp

import (
	"fmt"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"

	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/grammar"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// Rename works on the names the rules declare: keywords, phases, steps,
// kinds of predicate, effects, stack objects and timings. Their uses are found in
// the syntax trees of the ruleset's .mtg files (each parsed on its own,
// recovering around syntax errors, so a broken file is renamed too), and
// as whole words in the conformance scripts of the ruleset (kw=flying, at
// precombat_main, effect put_attacking ... and their golden traces).

// renamable maps the kinds of declaration whose names may be renamed.
var renamable = map[string]bool{"keyword": true, "phase": true, "step": true, "effect": true, "stack_object": true, "timing": true}

// fixedNames are the kinds of declaration whose names the runtime fixes:
// renaming one would name nothing it knows.
var fixedNames = map[string]string{
	"mechanism": "mechanisms are the runtime's own, named by it",
}

// kindUses returns the positions where a syntax tree names the kind of
// predicate name: its declaration (kind), its predicates (predicate,
// override, and a card's), remove and recite predicate, the first
// argument of holds and holding, and a value kind called by name (value).
// A keyword or another name spelled the same elsewhere is not one.
func kindUses(root grammar.Node, name string, value bool) []grammar.Pos {
	var out []grammar.Pos
	ref := func(r *grammar.ClauseRef) {
		if r.Kind.Name == "predicate" && r.Name != nil && r.Name.Name == name {
			out = append(out, r.Name.Pos)
		}
	}
	grammar.Inspect(root, func(n grammar.Node) bool {
		switch n := n.(type) {
		case *grammar.KindDecl:
			if n.Name.Name == name {
				out = append(out, n.Name.Pos)
			}
		case *grammar.PredicateDecl:
			if n.Kind.Name == name {
				out = append(out, n.Kind.Pos)
			}
		case *grammar.RemoveDecl:
			ref(&n.ClauseRef)
		case *grammar.ReciteDecl:
			ref(&n.ClauseRef)
		case *grammar.CallExpr:
			if (n.Fun.Name == "holds" || n.Fun.Name == "holding") && len(n.Args) > 0 {
				if id, ok := n.Args[0].(*grammar.Ident); ok && id.Name == name {
					out = append(out, id.Pos)
				}
			}
			if value && n.Fun.Name == name {
				out = append(out, n.Fun.Pos)
			}
		}
		return true
	})
	return out
}

// kindsDeclared lists the kinds of predicate the .mtg files declare, each
// with whether it is a value (called by name).
func (s *server) kindsDeclared(files []string) map[string]bool {
	out := map[string]bool{}
	s.eachParsed(files, func(_ string, pf *grammar.File) {
		for _, d := range pf.Decls {
			if k, ok := d.(*grammar.KindDecl); ok {
				out[k.Name.Name] = k.Result != nil
			}
		}
	})
	return out
}

// eachParsed calls f with each of the .mtg files that parses (its text
// made parseable first: a broken file is read around its syntax errors).
func (s *server) eachParsed(files []string, f func(file string, pf *grammar.File)) {
	for _, file := range files {
		text, _ := s.text(file)
		t, ok := parseable(file, text)
		if !ok {
			continue
		}
		if pf, err := grammar.ParseFile(file, []byte(t)); err == nil {
			f(file, pf)
		}
	}
}

// atKind reports whether the word at pos of a .mtg file names the kind of
// predicate name there (kindUses), not a keyword spelled the same.
func atKind(file, text string, pos protocol.Position, name string, value bool) bool {
	_, start := word(text, pos)
	t, ok := parseable(file, text)
	if !ok {
		return false
	}
	pf, err := grammar.ParseFile(file, []byte(t))
	if err != nil {
		return false
	}
	for _, p := range kindUses(pf, name, value) {
		if p.Line == int(pos.Line)+1 && p.Col == start+1 {
			return true
		}
	}
	return false
}

var identRE = regexp.MustCompile(`^[a-z_][a-z0-9_]*$`)

// declared lists the names the .mtg files declare, with their kind.
func (s *server) declared(files []string) map[string]string {
	out := map[string]string{}
	s.eachParsed(files, func(_ string, pf *grammar.File) {
		for _, d := range pf.Decls {
			switch d := d.(type) {
			case *grammar.KeywordDecl:
				out[d.Name.Name] = "keyword"
			case *grammar.PhaseDecl:
				out[d.Name.Name] = "phase"
				for _, c := range d.Items {
					if st, ok := c.(*grammar.StepDecl); ok {
						out[st.Name.Name] = "step"
					}
				}
			case *grammar.PredicateDecl:
				out[d.Kind.Name] = "predicate"
			case *grammar.StackObjectDecl:
				if d.Effect {
					out[d.Name.Name] = "effect"
				} else {
					out[d.Name.Name] = "stack_object"
				}
			case *grammar.TimingDecl:
				out[d.Name.Name] = "timing"
			case *grammar.MechanismDecl:
				out[d.Name.Name] = "mechanism"
			}
		}
	})
	return out
}

// notNames are the fields of the syntax tree whose identifiers are never
// a declared name: verbs, functions, attributes, kinds of objects,
// variables and parameters.
var notNames = map[string]bool{
	"CallStmt.Verb": true, "CallExpr.Fun": true, "Selector.Sel": true, "ForStmt.Kind": true, "ForStmt.Var": true,
	"LetStmt.Name": true, "Param.Type": true, "Param.Name": true, "Allow.What": true, "DamageDecl.To": true,
	"DamageDecl.Params": true, "EventDecl.Kind": true, "EventDecl.Name": true, "EventDecl.Params": true, "PredicateDecl.Params": true, "TimingDecl.Param": true, "EveryDecl.Kind": true,
	"Edition.Name": true, "MechanismDecl.Name": true, "TurnDecl.ExtraMode": true,
	"PredicateDecl.Kind": true, "KindDecl.Name": true, // kinds of predicate (kindUses)
}

var identType = reflect.TypeOf(grammar.Ident{})

var callType = reflect.TypeOf(grammar.CallExpr{})

// identsNamed walks a syntax tree and returns the positions of the
// identifiers spelled name, but for those of notNames.
func identsNamed(root any, name string) []grammar.Pos {
	var out []grammar.Pos
	seen := map[uintptr]bool{}
	var walk func(v reflect.Value, field string)
	walk = func(v reflect.Value, field string) {
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if v.IsNil() {
				return
			}
			if v.Kind() == reflect.Pointer {
				if seen[v.Pointer()] {
					return
				}
				seen[v.Pointer()] = true
			}
			walk(v.Elem(), field)
		case reflect.Slice:
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i), field)
			}
		case reflect.Struct:
			if v.Type() == callType {
				// holds(KIND, x), holding(KIND, x): the first argument is a
				// kind of predicate, never a keyword or another declared name.
				if c := v.Interface().(grammar.CallExpr); (c.Fun.Name == "holds" || c.Fun.Name == "holding") && len(c.Args) > 0 {
					walk(v.FieldByName("Fun"), "CallExpr.Fun")
					for i := 1; i < len(c.Args); i++ {
						walk(v.FieldByName("Args").Index(i), "CallExpr.Args")
					}
					return
				}
			}
			if v.Type() == identType {
				if !notNames[field] && v.FieldByName("Name").String() == name {
					out = append(out, v.FieldByName("Pos").Interface().(grammar.Pos))
				}
				return
			}
			t := v.Type()
			for i := 0; i < t.NumField(); i++ {
				if !t.Field(i).IsExported() || t.Field(i).Type == reflect.TypeOf(grammar.Pos{}) {
					continue
				}
				walk(v.Field(i), t.Name()+"."+t.Field(i).Name)
			}
		}
	}
	walk(reflect.ValueOf(root), "")
	return out
}

// renameTarget is the declared name at the cursor and the ruleset it
// belongs to, or an error saying why it cannot be renamed.
func (s *server) renameTarget(file string, pos protocol.Position) (subject, string, error) {
	sub, ok := s.subjectAt(file, pos)
	if !ok || sub.name == "" {
		return sub, "", jsonrpc2.NewError(jsonrpc2.InvalidParams, "mtgc lsp: rename works on a name the rules declare (keyword, phase, step, kind of predicate, effect, stack object, timing)")
	}
	if value, ok := s.kindsDeclared(s.familyFiles(sub.rs.dir))[sub.name]; ok && filepath.Ext(file) == ".mtg" && atKind(file, sub.text, pos, sub.name, value) {
		return sub, "kind", nil
	}
	kind := s.declared(s.familyFiles(sub.rs.dir))[sub.name]
	refuse := jsonrpc2.NewError(jsonrpc2.InvalidParams, fmt.Sprintf("mtgc lsp: %s here is not a keyword, phase, step, effect, stack object or timing the rules declare: it cannot be renamed", sub.name))
	if why, ok := fixedNames[kind]; ok {
		return sub, "", jsonrpc2.NewError(jsonrpc2.InvalidParams, fmt.Sprintf("mtgc lsp: %s is a %s: it cannot be renamed (%s)", sub.name, kind, why))
	}
	if !renamable[kind] {
		return sub, "", refuse
	}
	// In a .mtg file, the word must be a use of the name, not a verb or
	// an attribute spelled the same (untap x).
	if filepath.Ext(file) == ".mtg" {
		_, start := word(sub.text, pos)
		found := false
		if t, ok := parseable(file, sub.text); ok {
			if pf, err := grammar.ParseFile(file, []byte(t)); err == nil {
				for _, p := range identsNamed(pf, sub.name) {
					found = found || p.Line == int(pos.Line)+1 && p.Col == start+1
				}
			}
		}
		if !found {
			return sub, "", refuse
		}
	}
	return sub, kind, nil
}

func (s *server) prepareRename(file string, pos protocol.Position) (*protocol.Range, error) {
	if _, _, err := s.renameTarget(file, pos); err != nil {
		return nil, err
	}
	text, _ := s.text(file)
	w, start := word(text, pos)
	l := lineOf(text, int(pos.Line))
	return &protocol.Range{
		Start: protocol.Position{Line: pos.Line, Character: charCol(l, start)},
		End:   protocol.Position{Line: pos.Line, Character: charCol(l, start+len(w))},
	}, nil
}

// rename returns the edits that rename the declared name at the cursor in
// every .mtg file of its ruleset and every script of its corpus.
func (s *server) rename(file string, pos protocol.Position, newName string) (*protocol.WorkspaceEdit, error) {
	sub, what, err := s.renameTarget(file, pos)
	if err != nil {
		return nil, err
	}
	old := sub.name
	if !identRE.MatchString(newName) {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, fmt.Sprintf("mtgc lsp: %q is not a name (lower-case letters, digits and _, not starting with a digit)", newName))
	}
	for _, k := range grammar.Keywords() {
		if k == newName {
			return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, fmt.Sprintf("mtgc lsp: %s is a keyword of the language", newName))
		}
	}
	if other, ok := s.declared(s.familyFiles(sub.rs.dir))[newName]; ok {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, fmt.Sprintf("mtgc lsp: the rules already declare a %s %s", other, newName))
	}
	kinds := s.kindsDeclared(s.familyFiles(sub.rs.dir))
	if _, ok := kinds[newName]; ok {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, fmt.Sprintf("mtgc lsp: the rules already declare a kind %s", newName))
	}
	changes := map[protocol.DocumentURI][]protocol.TextEdit{}
	edit := func(f, text string, line, col int) {
		l := lineOf(text, line-1)
		changes[fileURI(f)] = append(changes[fileURI(f)], protocol.TextEdit{
			Range: protocol.Range{
				Start: protocol.Position{Line: uint32(line - 1), Character: charCol(l, col-1)},
				End:   protocol.Position{Line: uint32(line - 1), Character: charCol(l, col-1+len(old))},
			},
			NewText: newName,
		})
	}
	// Every edition the name may be written in: the base it is declared
	// in and the deltas over it (override, remove, recite name it too),
	// with their corpora.
	fam := s.family(sub.rs.dir)
	s.eachParsed(s.familyFiles(sub.rs.dir), func(f string, pf *grammar.File) {
		text, _ := s.text(f)
		uses := identsNamed(pf, old)
		if what == "kind" {
			uses = kindUses(pf, old, kinds[old])
		}
		for _, p := range uses {
			if strings.HasPrefix(lineOf(text, p.Line-1)[p.Col-1:], old) {
				edit(f, text, p.Line, p.Col)
			}
		}
	})
	if what == "kind" {
		// The scripts name no kind (a refusal they expect may quote one:
		// that is the script's to change).
		return &protocol.WorkspaceEdit{Changes: changes}, nil
	}
	// The scripts: whole words, outside comments; the first word of a
	// line is a command, renamed only if it is not one.
	commands := map[string]bool{}
	for _, c := range conformance.ScriptCommands() {
		commands[c] = true
	}
	re := regexp.MustCompile(`\b` + regexp.QuoteMeta(old) + `\b`)
	var scripts []string
	for i, d := range fam {
		sf := ""
		if i == 0 {
			sf = scriptFile(file)
		}
		for _, sc := range corpusOf(d, sf).scripts {
			if !contains(scripts, sc.Path) {
				scripts = append(scripts, sc.Path)
			}
		}
	}
	for f := range s.docs {
		if filepath.Ext(f) == ".txtar" && contains(fam, rulesDirOf(f)) && !contains(scripts, f) {
			scripts = append(scripts, f)
		}
	}
	sort.Strings(scripts)
	for _, f := range scripts {
		text, ok := s.text(f)
		if !ok {
			continue
		}
		for i, l := range strings.Split(text, "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), "#") {
				continue
			}
			for _, m := range re.FindAllStringIndex(l, -1) {
				first := strings.TrimLeft(strings.TrimPrefix(strings.TrimLeft(l, " \t"), "! "), " \t")
				if m[0] == len(l)-len(first) && commands[old] {
					continue
				}
				// A name glued to other name characters (x-flying) is
				// another word.
				if m[0] > 0 && (l[m[0]-1] == '-') || m[1] < len(l) && l[m[1]] == '-' {
					continue
				}
				edit(f, text, i+1, m[0]+1)
			}
		}
	}
	return &protocol.WorkspaceEdit{Changes: changes}, nil
}

// familyFiles are the .mtg files of every edition of dir's family (open
// documents and the disk), dir's first.
func (s *server) familyFiles(dir string) []string {
	if dir == "" {
		return nil
	}
	var out []string
	for _, d := range s.family(dir) {
		files, _ := filepath.Glob(filepath.Join(d, "*.mtg"))
		for f := range s.docs {
			if filepath.Ext(f) == ".mtg" && filepath.Dir(f) == d && !contains(files, f) {
				files = append(files, f)
			}
		}
		sort.Strings(files)
		out = append(out, files...)
	}
	return out
}
