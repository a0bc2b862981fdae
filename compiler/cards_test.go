package compiler

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/mtgc-dev/mtgc/grammar"
	"github.com/mtgc-dev/mtgc/rules"
)

// rootWith compiles the root edition's files with one more file.
func rootWith(t *testing.T, extra string) (*Program, error) {
	t.Helper()
	names, err := fs.Glob(rules.FS, "*.mtg")
	if err != nil {
		t.Fatal(err)
	}
	var srcs []Source
	for _, n := range names {
		data, err := fs.ReadFile(rules.FS, n)
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, Source{Name: "rules/" + n, Data: data})
	}
	srcs = append(srcs, Source{Name: "cards.mtg", Data: []byte("edition " + rules.Root + " \"x\"\n" + extra)})
	return Compile(srcs, rootIndex(t))
}

func TestCardDeclaration(t *testing.T) {
	base, err := rootWith(t, "")
	if err != nil {
		t.Fatal(err)
	}
	p, err := rootWith(t, `card phantom_warrior "Phantom Warrior" {
  predicate cant_block "509.1b" (b, self) if b.creature
}
`)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Cards) != 1 || p.Cards[0].Name != "Phantom Warrior" || p.Cards[0].Ident != "phantom_warrior" || p.Cards[0].Card.Declared != "Phantom Warrior" {
		t.Fatalf("cards: %+v", p.Cards)
	}
	if len(p.Predicates) != len(base.Predicates)+1 {
		t.Fatalf("want one more predicate clause, got %d then %d", len(base.Predicates), len(p.Predicates))
	}
	last := p.Predicates[len(p.Predicates)-1]
	and, ok := last.Decl.If.(*grammar.Binary)
	if !ok || and.Op != "and" {
		t.Fatalf("the card's clause is not scoped: %#v", last.Decl.If)
	}
	call, ok := and.X.(*grammar.CallExpr)
	if !ok || call.Fun.Name != "is_card" || len(call.Args) != 2 {
		t.Fatalf("the card's clause is not scoped to it: %#v", and.X)
	}
	if lit, ok := call.Args[1].(*grammar.StringLit); !ok || lit.Value != "Phantom Warrior" {
		t.Fatalf("the card's clause is scoped to %#v", call.Args[1])
	}
	if len(p.Keywords) != len(base.Keywords) {
		t.Fatalf("a card takes a keyword: %d then %d", len(base.Keywords), len(p.Keywords))
	}
}

func TestCardErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"card a \"A\" {\n  predicate cant_block \"509.1b\" (b, x) if b.creature\n}\n", "cards.mtg:3:3: card a: a card's clause names self among its parameters"},
		{"card a \"A\" {\n  predicate blocks_at_most \"509.1a\" (self) = 2\n}\n", "cards.mtg:3:3: card a: predicate blocks_at_most = ...: a card's clause is a condition"},
		{"card a \"A\" {\n  predicate cant_blok \"509.1b\" (self, a) if a.creature\n}\n", "cards.mtg:3:13: unknown predicate cant_blok"},
		{"card a \"A\" {\n  predicate cant_block \"509.1b\" (self, a) if a.powr > 1\n}\n", "cards.mtg:3:"},
		{"card a \"A\" {\n}\ncard b \"A\" {\n}\n", "cards.mtg:4:8: card \"A\" declared twice"},
		{"card a \"A\" {\n}\ncard a \"B\" {\n}\n", "cards.mtg:4:6: card a declared twice"},
		{"card a \"A\" {\n  predicate cant_block \"509.1b\" (self, a) if a.creature\n", "cards.mtg:"},
	} {
		_, err := rootWith(t, c.src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: want an error containing %q, got %v", c.src, c.want, err)
		}
	}
}
