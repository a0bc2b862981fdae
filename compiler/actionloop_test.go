package compiler_test

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/rules"
)

// TestActionLoopHoists: an action's compiled loop (next_NAME) evaluates
// once per call what reads neither x nor ability: a line that reads no
// object before the loop (play_land's step_allows_land), the parts of a
// line that read only the player (step_allows_sorcery), the card types of
// holds(KIND, x) (PredTypes); never what reads x, or a quantifier's own
// variable, which stay in the loop.
func TestActionLoopHoists(t *testing.T) {
	srcs, _, err := compiler.ReadDirAs(rules.FS, ".", rules.Dir)
	if err != nil {
		t.Fatal(err)
	}
	const line = `require step_allows_sorcery(player) or holds(cast_any_time, x) else "a {types} spell"`
	const with = `require step_allows_sorcery(player) or holds(cast_any_time, x) or any(creature, c, c.controller == player and c.power > 5) else "a {types} spell"`
	found := false
	for i, s := range srcs {
		if strings.Contains(string(s.Data), line) {
			srcs[i].Data = []byte(strings.Replace(string(s.Data), line, with, 1))
			found = true
		}
	}
	if !found {
		t.Fatalf("no rules file has the line %q to change", line)
	}
	idx, err := fs.ReadFile(rules.FS, "cr2025.tsv")
	if err != nil {
		t.Fatal(err)
	}
	p, err := compiler.Compile(srcs, map[string][]byte{"cr2025": idx})
	if err != nil {
		t.Fatal(err)
	}
	out, err := compiler.Generate(p, compiler.Options{Package: "hengine"})
	if err != nil {
		t.Fatal(err)
	}
	fn := func(name string) string {
		m := regexp.MustCompile(`(?s)\nfunc ` + name + `\(.*?\n}\n`).Find(out)
		if m == nil {
			t.Fatalf("no function %s in the generated engine", name)
		}
		return string(m)
	}
	cast := fn("next_cast")
	loop := strings.Index(cast, "for i := from")
	for _, want := range []string{"v_0_hoisted := g.StepAllowsSorcery(v_player)", "g.PredTypes(kind_cast_any_time)"} {
		if k := strings.Index(cast, want); k < 0 || k > loop {
			t.Errorf("next_cast does not evaluate %s once, before its loop:\n%s", want, cast)
		}
	}
	if k := strings.Index(cast, "g.Holds(kind_cast_any_time, v_x)"); k < loop {
		t.Errorf("next_cast tests holds(cast_any_time, x) outside its loop:\n%s", cast)
	}
	if k := strings.Index(cast, "v_c"); k >= 0 && k < loop {
		t.Errorf("next_cast hoists a quantifier over its own variable (c) out of its loop:\n%s", cast)
	}
	land := fn("next_play_land")
	if k, l := strings.Index(land, "g.StepAllowsLand(v_player)"), strings.Index(land, "for i := from"); k < 0 || k > l || !strings.Contains(land[k:l], "return -1, 0") {
		t.Errorf("next_play_land does not decide by step_allows_land, which reads no object, before its loop:\n%s", land)
	}
}
