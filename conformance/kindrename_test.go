package conformance_test

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/interp"
	"github.com/mtgc-dev/mtgc/rules"
)

// TestKindsRenamed: the kinds of predicate are the rules' names, not the
// runtime's. The 2025 rules with can_attack renamed may_attack and
// cant_block renamed blocked_from in every .mtg file (their declarations
// in kinds.mtg, their predicates, and the conditions that consult them)
// check, and the scripts of those rules pass on them, refusals quoting
// the new names.
func TestKindsRenamed(t *testing.T) {
	renames := map[string]string{"can_attack": "may_attack", "cant_block": "blocked_from"}
	word := regexp.MustCompile(`\b(can_attack|cant_block)\b`)
	fsys := fstest.MapFS{}
	entries, err := fs.ReadDir(rules.FS, ".")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		data, err := fs.ReadFile(rules.FS, e.Name())
		if err != nil {
			t.Fatal(err)
		}
		if path.Ext(e.Name()) == ".mtg" {
			out := word.ReplaceAllStringFunc(string(data), func(w string) string { n++; return renames[w] })
			data = []byte(out)
		}
		fsys[e.Name()] = &fstest.MapFile{Data: data}
	}
	if n < 10 {
		t.Fatalf("renamed %d uses of can_attack and cant_block, want them all (more than 10)", n)
	}
	p, err := compiler.LoadAs(fsys, ".", "rules")
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"can_attack", "cant_block"} {
		if p.Kind(k) != nil {
			t.Fatalf("the renamed rules still declare %s", k)
		}
		if p.Kind(renames[k]) == nil {
			t.Fatalf("the renamed rules declare no %s", renames[k])
		}
	}
	r, err := interp.Rules(p)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, name := range []string{"508.1-declare-own-creatures", "508.1a-summoning-sickness", "509.1a-block-attackers-of-own", "702.9b-flying-and-reach", "702.118-skulk"} {
		data, err := os.ReadFile(filepath.Join("testdata", name+".txtar"))
		if err != nil {
			t.Fatal(err)
		}
		// A refusal quotes the clause that decided, by its kind's name.
		script := strings.NewReplacer(`\(can_attack, `, `\(may_attack, `, `\(cant_block, `, `\(blocked_from, `).Replace(string(data))
		if err := os.WriteFile(filepath.Join(dir, name+".txtar"), []byte(script), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	conformance.Run(t, r, dir, false)
}
