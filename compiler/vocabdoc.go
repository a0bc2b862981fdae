package compiler

import (
	"fmt"
	"strings"

	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// VocabularyDoc is the language's vocabulary as a Markdown reference,
// made from the table (docs/vocabulary.md is this text; a test keeps it
// so).
func VocabularyDoc() string {
	var b strings.Builder
	b.WriteString("# The vocabulary of the language\n\n")
	b.WriteString("<!-- Generated from compiler/vocab.go by `go test ./compiler -run TestVocabularyDoc -update`. DO NOT EDIT. -->\n\n")
	b.WriteString("Every name below is one row of the table in compiler/vocab.go, bound to one function of the\n")
	b.WriteString("runtime (the last column): the checker reads its signature, generated code calls it, and the\n")
	b.WriteString("interpreter calls the same function.\n\n")
	row := func(cells ...string) {
		for i := range cells {
			cells[i] = strings.ReplaceAll(cells[i], "|", `\|`)
		}
		b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
	}
	section := func(title string, pick func(*Builtin) bool) {
		fmt.Fprintf(&b, "## %s\n\n", title)
		row("name", "written", "meaning", "runtime")
		row("---", "---", "---", "---")
		for _, x := range builtins {
			if pick(x) {
				sig := "`" + x.Signature() + "`"
				if x.Blocking {
					sig += " (asks a player)"
				}
				row("`"+x.Name+"`", sig, x.Doc, "`"+x.Go+"`")
			}
		}
		b.WriteString("\n")
	}
	section("Object attributes", func(x *Builtin) bool { return x.Form == Attribute && x.Recv == Object })
	section("Player attributes", func(x *Builtin) bool { return x.Form == Attribute && x.Recv == Player })
	section("Game attributes", func(x *Builtin) bool { return x.Form == Attribute && x.Recv == Game })
	section("Statements", func(x *Builtin) bool { return x.Form == Verb })
	section("Functions", func(x *Builtin) bool { return x.Form == Function })
	b.WriteString("## Special forms\n\nThese bind a variable or take a name, so the checker gives each a node of its own.\n\n")
	row("name", "meaning")
	row("---", "---")
	row("`put_on_stack`", "put_on_stack NAME, P, ARGS...: the rules' stack object NAME, controlled by P")
	for _, f := range specialForms {
		row("`"+f.Name+"`", f.Doc)
	}
	b.WriteString("\n## Query kinds\n\n")
	row("kind", "ranges over")
	row("---", "---")
	for _, k := range kindTable {
		doc := k.Doc
		if k.Combat {
			doc += " (not an sba's query)"
		}
		row("`"+k.Name+"`", doc)
	}
	enums := []struct {
		title string
		t     Type
	}{{"Zones", ZoneT}, {"Endings", EndT}, {"Counter kinds", Counter}}
	for _, e := range enums {
		fmt.Fprintf(&b, "\n## %s\n\n", e.title)
		row("name", "meaning", "runtime")
		row("---", "---", "---")
		for _, x := range Enums(e.t) {
			row("`"+x.Name+"`", x.Doc, "`rt."+x.Go+"`")
		}
	}
	b.WriteString("\n## Runtime events\n\n")
	b.WriteString("Trigger events are the rules' own (`trigger_event` declarations; `trigger X, EVENT` fires one declared without `on`). ")
	b.WriteString("These are the runtime's events a `trigger_event ... on KIND` declaration may be, matched as the runtime logs them, and those an `on_event KIND` declaration runs on (its parameters: the event's player or object, if it is about one, then its number).\n\n")
	row("kind", "about", "names", "meaning", "runtime")
	row("---", "---", "---", "---", "---")
	for _, e := range runtimeEvents {
		about, named := "no object", "nothing"
		if e.Object {
			about = "an object"
		} else if e.Player {
			about = "a player"
		}
		if e.Named != "" {
			named = "a " + e.Named
		}
		var kinds []string
		for _, k := range e.KindGo {
			kinds = append(kinds, "`rt."+k+"`")
		}
		row("`"+e.Name+"`", about, named, e.Doc, strings.Join(kinds, ", "))
	}
	b.WriteString("\n## Predicate kinds\n\n")
	b.WriteString("The rules declare the kinds of their predicates, `kind NAME (PARAMS) [every] [number | player] \"MEANING\"`: " +
		"the language and the runtime know none by name (the 2025 rules' are in rules/kinds.mtg).\n")
	b.WriteString("\n## Mechanisms\n\n")
	row("mechanism", "cites its rule for")
	row("---", "---")
	for i, n := range rt.MechanismNames() {
		m := rt.Mechanism(i)
		doc := m.Doc()
		if m.Optional() {
			doc += " (optional)"
		}
		row("`"+n+"`", doc)
	}
	return b.String()
}
