package grammar_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/grammar"
)

func TestFormatNode(t *testing.T) {
	src := `edition cr2017 "t"

sba "704.5g" {
  for each creature c where c.toughness > 0 and c.damage >= c.toughness {
    destroy c
  }
}

phase ending "512" {
  skip "500.10" if game.skip_effect
}
`
	f, err := grammar.ParseFile("x.mtg", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	sba := f.Decls[0].(*grammar.SbaDecl)
	loop := sba.Body.Stmts[0].(*grammar.ForStmt)
	skip := f.Decls[1].(*grammar.PhaseDecl).Items[0]
	cases := []struct {
		name string
		n    grammar.Node
		want string
	}{
		{"statement with a block", loop, "for each creature c where c.toughness > 0 and c.damage >= c.toughness {\n  destroy c\n}"},
		{"expression", loop.Where, "c.toughness > 0 and c.damage >= c.toughness"},
		{"call", loop.Body.Stmts[0], "destroy c"},
		{"clause", skip, `skip "500.10" if game.skip_effect`},
		{"declaration", sba, "sba \"704.5g\" {\n  for each creature c where c.toughness > 0 and c.damage >= c.toughness {\n    destroy c\n  }\n}"},
		{"built expression", &grammar.Unary{Op: "not", X: &grammar.Binary{Op: "or", X: &grammar.Ident{Name: "a"}, Y: &grammar.Ident{Name: "b"}}}, "not (a or b)"},
	}
	for _, c := range cases {
		if got := grammar.FormatNode(c.n); got != c.want {
			t.Errorf("%s: got\n%s\nwant\n%s", c.name, got, c.want)
		}
	}
}
