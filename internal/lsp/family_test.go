package lsp_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mtgc-dev/mtgc/internal/lsp/lsptest"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// familyProject is the root rules with the cr2017 delta over them, and
// corpus scripts of both.
func familyProject(t *testing.T) string {
	t.Helper()
	root := project(t)
	copyGlob(t, "../../rules/cr2017/*.mtg", filepath.Join(root, "rules", "cr2017"))
	copyGlob(t, "../../rules/cr2017/*.tsv", filepath.Join(root, "rules", "cr2017"))
	copyGlob(t, "../../rules/cr2017/testdata/511.*.txtar", filepath.Join(root, "rules", "cr2017", "testdata"))
	copyGlob(t, "../../conformance/testdata/511.*.txtar", filepath.Join(root, "conformance", "testdata"))
	return root
}

// lineOfText is the 1-based line of the first occurrence of sub.
func lineOfText(t *testing.T, text, sub string) int {
	t.Helper()
	i := strings.Index(text, sub)
	if i < 0 {
		t.Fatalf("%q not in the text", sub)
	}
	return strings.Count(text[:i], "\n") + 1
}

// TestDefinitionEverywhere: trigger events, holds(KIND, ...), and a delta's
// override of a base clause go to what they name (issue 40).
func TestDefinitionEverywhere(t *testing.T) {
	root := familyProject(t)
	c := start(t)
	c.Initialize(root)
	combat := filepath.Join(root, "rules", "combat.mtg")
	ctext := read(t, combat)
	delta := filepath.Join(root, "rules", "cr2017", "combat.mtg")
	dtext := read(t, delta)
	c.Open(combat, ctext)
	c.Open(delta, dtext)
	def := func(file, text, sub string, off int) []string {
		t.Helper()
		line, char := at(t, text, sub, off)
		var out []protocol.Location
		if err := c.Call(protocol.MethodTextDocumentDefinition, &protocol.DefinitionParams{TextDocumentPositionParams: lsptest.Pos(file, line, char)}, &out); err != nil {
			t.Fatal(err)
		}
		var s []string
		for _, l := range out {
			rel, _ := filepath.Rel(root, uri.URI(l.URI).Filename())
			s = append(s, rel+":"+itoa(l.Range.Start.Line+1))
		}
		return s
	}
	for _, tc := range []struct {
		name       string
		file, text string
		sub        string
		off        int
		want       string // a line of rules/combat.mtg
	}{
		{"trigger event", combat, ctext, "trigger a, attacks", 12, "trigger_event attacks "},
		{"holds(trample, a): the predicate", combat, ctext, "not holds(trample, a) and not a.chosen {", 12, "predicate trample "},
		{"override effect: the base's", delta, dtext, "override effect put_blocking", 17, "effect put_blocking "},
		{"override predicate: the base clause of its first rule", delta, dtext, `override predicate can_attack "508.1a"`, 21, `predicate can_attack "508.1a"`},
	} {
		want := []string{"rules/combat.mtg:" + itoa(uint32(lineOfText(t, ctext, tc.want)))}
		if d := cmp.Diff(want, def(tc.file, tc.text, tc.sub, tc.off)); d != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, d)
		}
	}
}

// TestRenameAcrossEditions: a name renamed in the root is renamed in the
// deltas over it and their corpora; holds(KIND, ...) is not a keyword's
// use, and a kind of predicate is renamed where it is named as one.
func TestRenameAcrossEditions(t *testing.T) {
	root := familyProject(t)
	c := start(t)
	c.Initialize(root)
	combat := filepath.Join(root, "rules", "combat.mtg")
	ctext := read(t, combat)
	c.Open(combat, ctext)
	rename := func(sub string, off int, to string) (map[string]int, error) {
		t.Helper()
		line, char := at(t, ctext, sub, off)
		var edit protocol.WorkspaceEdit
		err := c.Call(protocol.MethodTextDocumentRename, &protocol.RenameParams{TextDocumentPositionParams: lsptest.Pos(combat, line, char), NewName: to}, &edit)
		per := map[string]int{}
		for u, edits := range edit.Changes {
			rel, _ := filepath.Rel(root, uri.URI(u).Filename())
			per[rel] += len(edits)
		}
		return per, err
	}
	// The effect the cr2017 delta overrides.
	per, err := rename("effect put_blocking", 8, "put_into_combat_blocking")
	if err != nil {
		t.Fatal(err)
	}
	if per["rules/combat.mtg"] != 1 || per["rules/cr2017/combat.mtg"] != 1 {
		t.Errorf("rename put_blocking: edits per file %v (want the root's declaration and cr2017's override)", per)
	}
	// A step: the scripts of both corpora.
	per, err = rename("step end_of_combat", 6, "combat_end")
	if err != nil {
		t.Fatal(err)
	}
	var rootScripts, deltaScripts int
	for f, n := range per {
		switch {
		case strings.HasPrefix(f, "conformance/testdata/"):
			rootScripts += n
		case strings.HasPrefix(f, "rules/cr2017/testdata/"):
			deltaScripts += n
		}
	}
	if per["rules/combat.mtg"] == 0 || rootScripts == 0 || deltaScripts == 0 {
		t.Errorf("rename end_of_combat: edits per file %v (want the rules and the scripts of both corpora)", per)
	}
	// A kind of predicate, from holds(trample, a): its declaration, its
	// predicates and where it is consulted, not the keyword trample.
	per, err = rename("not holds(trample, a) and not a.chosen {", 10, "tramples")
	if err != nil {
		t.Fatalf("rename of the kind trample from holds(trample, a): %v", err)
	}
	// combat.mtg: holds(trample, a) four times and predicate trample;
	// keywords.mtg's keyword trample and combat.mtg's "a has trample" are
	// the keyword's.
	if per["rules/kinds.mtg"] != 1 || per["rules/combat.mtg"] != 5 || per["rules/keywords.mtg"] != 0 {
		t.Errorf("rename of the kind trample: edits per file %v (want its declaration in kinds.mtg and its five uses in combat.mtg, none of the keyword)", per)
	}
	for f := range per {
		if strings.Contains(f, "testdata") {
			t.Errorf("rename of the kind trample edited the script %s", f)
		}
	}
	keywords := filepath.Join(root, "rules", "keywords.mtg")
	ktext := read(t, keywords)
	c.Open(keywords, ktext)
	line, char := at(t, ktext, "keyword trample", 9)
	var edit protocol.WorkspaceEdit
	if err := c.Call(protocol.MethodTextDocumentRename, &protocol.RenameParams{TextDocumentPositionParams: lsptest.Pos(keywords, line, char), NewName: "tramples"}, &edit); err != nil {
		t.Fatal(err)
	}
	for u, edits := range edit.Changes {
		if uri.URI(u).Filename() != combat {
			continue
		}
		lines := strings.Split(ctext, "\n")
		for _, e := range edits {
			l := lines[e.Range.Start.Line]
			if strings.HasPrefix(l[e.Range.Start.Character-min(e.Range.Start.Character, 6):], "holds(") || strings.HasPrefix(l, "predicate trample") && e.Range.Start.Character == uint32(len("predicate ")) {
				t.Errorf("rename of keyword trample renamed the predicate kind in %q", l)
			}
		}
	}
	// A kind of predicate from one of its predicates: the rules declare
	// it, so it is renamed everywhere it is named, the delta's override
	// too; not to a kind the rules declare already.
	per, err = rename("predicate can_attack", 12, "may_attack")
	if err != nil {
		t.Fatalf("rename of predicate can_attack: %v", err)
	}
	if per["rules/kinds.mtg"] != 1 || per["rules/combat.mtg"] < 2 || per["rules/cr2017/combat.mtg"] == 0 {
		t.Errorf("rename of the kind can_attack: edits per file %v (want kinds.mtg's declaration, the root's predicates and choose_attackers, cr2017's override)", per)
	}
	if _, err := rename("predicate can_attack", 12, "cant_attack"); err == nil || !strings.Contains(err.Error(), "already declare a") || !strings.Contains(err.Error(), "cant_attack") {
		t.Errorf("rename of can_attack to cant_attack: %v, want a refusal naming the kind it would clash with", err)
	}
}

// TestDeltaOutline: a delta's outline lists every declaration: its
// overrides, removes, adds, renumberings and recitals as well as what it
// declares (issue 40: 4 of cr2017's combat.mtg's were listed).
func TestDeltaOutline(t *testing.T) {
	root := familyProject(t)
	c := start(t)
	c.Initialize(root)
	delta := filepath.Join(root, "rules", "cr2017", "combat.mtg")
	text := read(t, delta)
	c.Open(delta, text)
	var syms []protocol.DocumentSymbol
	if err := c.Call(protocol.MethodTextDocumentDocumentSymbol, &protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri.File(delta)}}, &syms); err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, s := range syms {
		names[s.Name] = true
	}
	for _, want := range []string{`remove predicate defender_of 508.5`, `override put_blocking`, `override can_attack`, `override action`} {
		if !names[want] {
			t.Errorf("the outline has no %q: %v", want, names)
		}
	}
	// Every top-level declaration of the file is there.
	decls := 0
	for _, l := range strings.Split(text, "\n") {
		if l != "" && l[0] != ' ' && l[0] != '#' && l[0] != '}' && !strings.HasPrefix(l, "edition ") {
			decls++
		}
	}
	if len(syms) != decls {
		t.Errorf("%d symbols for %d declarations: %v", len(syms), decls, names)
	}
}
