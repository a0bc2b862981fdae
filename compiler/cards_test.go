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

// TestCardScopes: a clause without self among its parameters is a static
// ability of the card's permanents that applies to other objects: its
// condition holds where one of them, self, satisfies it; a value clause's
// self is read in the condition of its if alone.
func TestCardScopes(t *testing.T) {
	p, err := rootWith(t, `card lure "Lure" {
  types enchantment
  predicate must_block_attacker "509.1c" (b, a) if a == self.attached_to
}
card bront "Bront" {
  types creature
  predicate assigns_damage "510.1a" (s) = if s.controller == self.controller then max(0, s.toughness) else assigns_damage(s)
}
`)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"must_block_attacker 509.1c": `any(permanent, self, is_card(self, "Lure") and (a == self.attached_to))`,
		"assigns_damage 510.1a":      `if any(permanent, self, is_card(self, "Bront") and (s.controller == self.controller)) then max(0, s.toughness) else if any(permanent, self, is_card(self, "Bront")) then (max(0, s.power)) else max(0, s.power)`,
	}
	for _, pr := range p.Predicates {
		key := pr.Kind + " " + pr.Rules[0]
		if w, ok := want[key]; ok && pr.Decl.Params[0].Name != "self" {
			if got := grammar.FormatNode(pr.Decl.If); got != w {
				t.Errorf("%s:\n got %s\nwant %s", key, got, w)
			}
			if pr.Kind == "must_block_attacker" && pr.GuardCard != "Lure" {
				t.Errorf("%s: guard card %q, want Lure (no Lure in the game: not evaluated)", key, pr.GuardCard)
			}
			delete(want, key)
		}
	}
	for k := range want {
		t.Errorf("no clause %s", k)
	}
}

// TestCardValues: a card's value clause and its characteristic-defining
// ability are folded into the rules' own (no clause more), as
// `if is_card(self, "Name") then CARD else RULES`, the card's KIND(self)
// the rules' value inlined.
func TestCardValues(t *testing.T) {
	base, err := rootWith(t, "")
	if err != nil {
		t.Fatal(err)
	}
	p, err := rootWith(t, `card guard "Guard" {
  types creature
  predicate blocks_at_most "509.1a" (self) = max(blocks_at_most(self), 3)
  characteristic defined_power "604.3" (self) = count(creature, c, c.controller == self.controller)
}
`)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Predicates) != len(base.Predicates) {
		t.Fatalf("want as many predicate clauses, got %d then %d", len(base.Predicates), len(p.Predicates))
	}
	for _, pr := range p.Predicates {
		if pr.Kind != "blocks_at_most" {
			continue
		}
		got := grammar.FormatNode(pr.Decl.If)
		want := `if is_card(self, "Guard") then max((if self has blocks_additional_creature then 2 else 1), 3) else if self has blocks_additional_creature then 2 else 1`
		if got != want {
			t.Errorf("blocks_at_most:\n got %s\nwant %s", got, want)
		}
	}
	for _, d := range p.Derived {
		if d.Name == "defined_power" {
			got := grammar.FormatNode(d.Decl.Value)
			want := `if is_card(self, "Guard") then count(creature, c, c.controller == self.controller) else self.printed_power`
			if got != want {
				t.Errorf("defined_power:\n got %s\nwant %s", got, want)
			}
		}
	}
}

func TestCardErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"card a \"A\" {\n  predicate assigns_damage \"510.1a\" (s) = self.power\n}\n", "cards.mtg:3:43: card a: predicate assigns_damage: a value clause without self among its parameters reads self, one of the card's permanents, only in the condition of its if"},
		{"card a \"A\" {\n  predicate assigns_damage \"510.1a\" (s) = if s.controller == self.controller then self.power else assigns_damage(s)\n}\n", "cards.mtg:3:83: card a: predicate assigns_damage: self, one of the card's permanents, is read only in the condition"},
		{"card a \"A\" {\n  predicate cant_block \"509.1b\" (b, x) if b.creature and self.tapperd\n}\n", "cards.mtg:3:"},
		{"card a \"A\" {\n  predicate lethal_damage \"702.19b\" (self) = 2\n}\n", "cards.mtg:3:3: card a: predicate lethal_damage takes 2 parameter(s)"},
		{"card a \"A\" {\n  predicate damage_assigner \"702.22j\" (b) = b.controller\n}\n", "card a: predicate damage_assigner: the variable b would hide the b the card's clause names"},
		{"card a \"A\" {\n  predicate blocks_at_most \"509.1a\" (self) = blocks_at_most(self, self)\n}\n", "cards.mtg:3:46: card a: predicate blocks_at_most: blocks_at_most takes 1 object(s), not 2"},
		{"card a \"A\" {\n  characteristic defined_power (x) = 1\n}\n", "cards.mtg:3:33: card a: characteristic defined_power: its parameter is self"},
		{"card a \"A\" {\n  characteristic defind_power (self) = 1\n}\n", "cards.mtg:3:18: card a: characteristic defind_power: the rules derive no characteristic defind_power for the card to define (did you mean defined_power?)"},
		{"card a \"A\" {\n  predicate cant_blok \"509.1b\" (self, a) if a.creature\n}\n", "cards.mtg:3:13: unknown predicate cant_blok"},
		{"card a \"A\" {\n  predicate cant_block \"509.1b\" (self, a) if a.powr > 1\n}\n", "cards.mtg:3:"},
		{"card a \"A\" {\n  replace damage r \"614.1a\" (x, s, n) if x.controller == self.controller {\n    add_counters self, \"+1/+1\", n\n  }\n}\n", "cards.mtg:4:18: card a: replace r: self names one of the card's permanents only in the condition"},
		{"card a \"A\" {\n  replace damage r \"614.1a\" (self, n) {\n  }\n}\n", "cards.mtg:3:30: replace damage takes 3 parameter(s) (x, s, n)"},
		{"card a \"A\" {\n  replace damag r \"614.1a\" (self) {\n  }\n}\n", "cards.mtg:3:11: damag cannot be replaced (want one of damage, destroy, player_damage) (did you mean damage?)"},
		{"card a \"A\" {\n  replace damage r \"614.1a\" (self, s, n) {\n    add_counters s, \"+1/+1\", m\n  }\n}\n", "cards.mtg:4:30: undefined: m (did you mean n?)"},
		{"effect e \"111.1\" () {\n  create_token game.ability_controller, \"Soldier Token\", 2\n}\n", "cards.mtg:3:41: create_token: no token \"Soldier Token\": the rules declare no token"},
		{"token s \"Soldier Token\" {\n  types creature\n}\neffect e \"111.1\" () {\n  create_token game.ability_controller, \"Soldier Tokn\", 2\n}\n", "cards.mtg:6:41: create_token: no token \"Soldier Tokn\" (the rules declare Soldier Token) (did you mean Soldier Token?)"},
		{"card s \"Soldier Token\" {\n  types creature\n}\neffect e \"111.1\" () {\n  create_token game.ability_controller, \"Soldier Token\", 2\n}\n", "cards.mtg:6:41: create_token: no token \"Soldier Token\": the rules declare no token"},
		{"card a \"A\" {\n  types enchantment\n  enchant creture\n}\n", "cards.mtg:4:11: card a: enchant creture: not a card type of these rules"},
		{"effect e \"111.1\" () {\n}\ncard a \"A\" {\n  types enchantment\n  spell does e\n}\n", "cards.mtg:6:3: card a: only an instant, a sorcery (a card type of these rules that is nonpermanent) or an Aura (enchant ...) does something as it resolves"},
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
