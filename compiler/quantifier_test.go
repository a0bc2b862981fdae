package compiler_test

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/rules"
)

// quantifierRules are restrictions written with sum, all and any, each
// active while a permanent with its keyword is on the battlefield.
const quantifierRules = `edition cr2025 "test"
keyword q_power_cap
keyword q_all_big
keyword q_any_flyer
predicate attack_restriction "508.1c" (x) if x has q_power_cap and sum(creature, c, c.attacking, c.power) > 4
predicate attack_restriction "508.1c" (x) if x has q_all_big and not all(creature, c, not c.attacking or c.power >= 3)
predicate attack_restriction "508.1c" (x) if x has q_any_flyer and game.attackers > 0 and not any(creature, c, c.attacking and c has flying)
`

// TestQuantifiersBothEngines: sum, all and any mean the same in a generated
// engine and in the interpreter, and what the rules say: every declaration
// of attackers under each restriction is accepted or refused as expected,
// on both. The engine is generated into a scratch module, whose program
// also builds the interpreter's rules from the same sources.
func TestQuantifiersBothEngines(t *testing.T) {
	srcs, _, err := compiler.ReadDirAs(rules.FS, ".", rules.Dir)
	if err != nil {
		t.Fatal(err)
	}
	srcs = append(srcs, compiler.Source{Name: "rules/quantifiers.mtg", Data: []byte(quantifierRules)})
	idx, err := fs.ReadFile(rules.FS, "cr2025.tsv")
	if err != nil {
		t.Fatal(err)
	}
	p, err := compiler.Compile(srcs, map[string][]byte{"cr2025": idx})
	if err != nil {
		t.Fatal(err)
	}
	out, err := compiler.Generate(p, compiler.Options{Package: "qengine"})
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{"qengine/engine_gen.go": out, "main.go": []byte(quantifierMain), "src/cr2025.tsv": idx}
	for _, s := range srcs {
		files[filepath.Join("src", filepath.Base(s.Name))] = s.Data
	}
	got := compiler.RunScratch(t, files)
	want := map[string]string{
		// sum of the attackers' power at most 4
		"q_power_cap": "-:ok A:ok B:ok C:ok AB:refused BC:refused",
		// every attacker has power 3 or more
		"q_all_big": "-:ok A:refused B:ok C:ok AB:refused BC:ok",
		// some attacker flies, if any attacks
		"q_any_flyer": "-:ok A:refused B:refused C:ok AB:refused BC:ok",
	}
	var expect strings.Builder
	for _, engine := range []string{"compiled", "interpreted"} {
		for _, k := range []string{"q_power_cap", "q_all_big", "q_any_flyer"} {
			fmt.Fprintf(&expect, "%s %s %s\n", engine, k, want[k])
		}
	}
	if string(got) != expect.String() {
		t.Errorf("got:\n%swant:\n%s", got, expect.String())
	}
}

var quantifierMain = strings.TrimSpace(`
package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/interp"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
	"scratch/qengine"
)

// declare reports whether the declaration of the named creatures is
// accepted, in a game where p2 controls a permanent with keyword kw.
func declare(r *rt.Rules, kw, names string) string {
	g, err := rt.New(r, rt.Config{Players: []rt.PlayerConfig{{Name: "p1"}, {Name: "p2"}}, NoOpeningHand: true})
	if err != nil {
		panic(err)
	}
	ids := map[rune]rt.ObjID{}
	for _, c := range []rt.Card{
		{Name: "A", Types: r.Types("creature"), Power: 2, Toughness: 2},
		{Name: "B", Types: r.Types("creature"), Power: 3, Toughness: 3},
		{Name: "C", Types: r.Types("creature"), Power: 3, Toughness: 3, Keywords: []string{"flying"}},
	} {
		x, err := g.Create(c, 0, rt.ZoneBattlefield)
		if err != nil {
			panic(err)
		}
		ids[rune(c.Name[0])] = x
	}
	if _, err := g.Create(rt.Card{Name: "Limit", Types: r.Types("artifact"), Keywords: []string{kw}}, 1, rt.ZoneBattlefield); err != nil {
		panic(err)
	}
	if err := g.StartAt(2, 0, "declare_attackers"); err != nil {
		panic(err)
	}
	if d := g.Advance(); d.Kind != rt.DecideAttackers {
		panic(fmt.Sprint("waiting for ", d.Kind))
	}
	a := rt.Answer{Kind: rt.Declare}
	for _, n := range strings.TrimPrefix(names, "-") {
		a.Objs = append(a.Objs, ids[n])
	}
	if g.Submit(a) != nil {
		return "refused"
	}
	return "ok"
}

func main() {
	var srcs []compiler.Source
	entries, err := os.ReadDir("src")
	if err != nil {
		panic(err)
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".mtg") {
			data, err := os.ReadFile("src/" + e.Name())
			if err != nil {
				panic(err)
			}
			srcs = append(srcs, compiler.Source{Name: "rules/" + e.Name(), Data: data})
		}
	}
	idx, err := os.ReadFile("src/cr2025.tsv")
	if err != nil {
		panic(err)
	}
	p, err := compiler.Compile(srcs, map[string][]byte{"cr2025": idx})
	if err != nil {
		panic(err)
	}
	interpreted, err := interp.Rules(p)
	if err != nil {
		panic(err)
	}
	for _, e := range []struct {
		name  string
		rules *rt.Rules
	}{{"compiled", qengine.Rules}, {"interpreted", interpreted}} {
		for _, kw := range []string{"q_power_cap", "q_all_big", "q_any_flyer"} {
			var out []string
			for _, d := range []string{"-", "A", "B", "C", "AB", "BC"} {
				out = append(out, d+":"+declare(e.rules, kw, d))
			}
			fmt.Printf("%s %s %s\n", e.name, kw, strings.Join(out, " "))
		}
	}
}
`) + "\n"
