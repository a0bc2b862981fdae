package lsp

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestDeltaEdition: the editor checks an edition written as a delta with
// its base, and a hover on an override shows the base's clause it
// replaces.
func TestDeltaEdition(t *testing.T) {
	root, err := filepath.Abs("../../rules")
	if err != nil {
		t.Fatal(err)
	}
	s := testServer(t, root)
	s.lastParsed = map[string]string{}
	dir := filepath.Join(root, "cr2008")
	rs := s.load(dir)
	if rs.prog == nil {
		t.Fatalf("cr2008 does not check in the editor: %v", rs.errs)
	}
	file := filepath.Join(dir, "turn.mtg")
	text, ok := s.text(file)
	if !ok {
		t.Fatal("no turn.mtg")
	}
	line := -1
	for i, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "override every phase") {
			line = i
		}
	}
	if line < 0 {
		t.Fatal("no override every phase in rules/cr2008/turn.mtg")
	}
	md := changeHover(rs.prog, file, line+1)
	if !strings.Contains(md, "replaces, from cr2017") || !strings.Contains(md, "every phase") {
		t.Errorf("hover on the override: %q", md)
	}
}
