package grammar_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/mtgc-dev/mtgc/grammar"
)

var ignorePos = cmpopts.IgnoreTypes(grammar.Pos{})

func id(name string) *grammar.Ident         { return &grammar.Ident{Name: name} }
func num(v int64, text string) grammar.Expr { return &grammar.IntLit{Value: v, Text: text} }
func bin(op string, x, y grammar.Expr) grammar.Expr {
	return &grammar.Binary{Op: op, X: x, Y: y}
}
func sel(x grammar.Expr, name string) grammar.Expr {
	return &grammar.Selector{X: x, Sel: grammar.Ident{Name: name}}
}

// parseExpr parses expr as the value of a let statement.
func parseExpr(t *testing.T, expr string) (grammar.Expr, error) {
	t.Helper()
	src := "edition e \"t\"\nsba \"1\" {\n  let v = " + expr + "\n}\n"
	f, err := grammar.ParseFile("x.mtg", []byte(src))
	if err != nil {
		return nil, err
	}
	return f.Decls[0].(*grammar.SbaDecl).Body.Stmts[0].(*grammar.LetStmt).Value, nil
}

func TestParseExpr(t *testing.T) {
	a, b, c := id("a"), id("b"), id("c")
	tests := []struct {
		src  string
		want grammar.Expr
	}{
		{"a", a},
		{"42", num(42, "42")},
		{"007", num(7, "007")},
		{`"x\ty\u00e9"`, &grammar.StringLit{Value: "x\tyé"}},
		{"a or b or c", bin("or", bin("or", a, b), c)},
		{"a or b and c", bin("or", a, bin("and", b, c))},
		{"a and b or c", bin("or", bin("and", a, b), c)},
		{"not a and b", bin("and", &grammar.Unary{Op: "not", X: a}, b)},
		{"not not a", &grammar.Unary{Op: "not", X: &grammar.Unary{Op: "not", X: a}}},
		{"not a == b", &grammar.Unary{Op: "not", X: bin("==", a, b)}},
		{"a - b - c", bin("-", bin("-", a, b), c)},
		{"a + b * c", bin("+", a, bin("*", b, c))},
		{"a * b + c", bin("+", bin("*", a, b), c)},
		{"-a * b", bin("*", &grammar.Unary{Op: "-", X: a}, b)},
		{"- -a", &grammar.Unary{Op: "-", X: &grammar.Unary{Op: "-", X: a}}},
		{"a + 1 <= b.c", bin("<=", bin("+", a, num(1, "1")), sel(b, "c"))},
		{"a.b.c", sel(sel(a, "b"), "c")},
		{"not x has k", &grammar.Unary{Op: "not", X: &grammar.HasExpr{X: id("x"), Keyword: grammar.Ident{Name: "k"}}}},
		{"-x.y has k", &grammar.Unary{Op: "-", X: &grammar.HasExpr{X: sel(id("x"), "y"), Keyword: grammar.Ident{Name: "k"}}}},
		{"f()", &grammar.CallExpr{Fun: grammar.Ident{Name: "f"}}},
		{"f(a, b + c).d", sel(&grammar.CallExpr{Fun: grammar.Ident{Name: "f"}, Args: []grammar.Expr{a, bin("+", b, c)}}, "d")},
		{"(a or b) and c", bin("and", &grammar.ParenExpr{X: bin("or", a, b)}, c)},
		{"step.had_priority", sel(id("step"), "had_priority")},
		{"game.turn == phase.step", bin("==", sel(id("game"), "turn"), sel(id("phase"), "step"))},
		{"player", id("player")},
	}
	for _, tt := range tests {
		got, err := parseExpr(t, tt.src)
		if err != nil {
			t.Errorf("%s: %v", tt.src, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got, ignorePos); diff != "" {
			t.Errorf("%s: (-want +got)\n%s", tt.src, diff)
		}
	}
}

func TestParseExprErrors(t *testing.T) {
	for src, want := range map[string]string{
		"a == b == c":          "comparisons do not chain",
		"a +":                  `expected expression, found "}"`,
		"f(a,)":                `expected expression, found ")"`,
		"(a":                   `expected ")" or operator, found "}"`,
		"x has":                `expected name, found "}"`,
		"x has k.y":            `expected statement, "}" or operator, found "."`,
		"x.1":                  `expected name, found number 1`,
		"12345678901234567890": "integer 12345678901234567890 is too large",
		"let":                  `expected expression, found "let"`,
		"a ! b":                `unexpected character '!'`,
		"a == ()":              "() is no value",
		"f(())":                "() is no value",
	} {
		_, err := parseExpr(t, src)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error = %v, want %q", src, err, want)
		}
	}
}

func TestParseDecls(t *testing.T) {
	src := `edition cr2017 "Rules"
player {
  life = 20
}
keyword phasing "702.26"
turn "500.1" {
  extra_turns "500.7" newest_first
  order a, b
}
every phase {
  on_end "500.5" {
    end_effects until_end_of_phase
  }
}
phase beginning "501" "501.1" {
  step untap "502" {
    no_priority "502.3"
    allow "1" land
  }
  priority "2" active if game.pending
  skip "3" if x
  repeat "4" if y
  action "5" {
    for each player p {
      if a {
        f a
      } else if b {
        g b, c
      } else {
        let z = 1
      }
    }
  }
}
sba "704.5a" {
  for each creature c where c.toughness <= 0 {
    move c, graveyard
  }
}
`
	f, err := grammar.ParseFile("x.mtg", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	rules := func(ns ...string) []grammar.Rule {
		var rs []grammar.Rule
		for _, n := range ns {
			rs = append(rs, grammar.Rule{Number: n})
		}
		return rs
	}
	want := &grammar.File{
		Path:    "x.mtg",
		Edition: &grammar.Edition{Name: grammar.Ident{Name: "cr2017"}, Title: "Rules"},
		Decls: []grammar.Decl{
			&grammar.PlayerDecl{Settings: []*grammar.Setting{{Name: grammar.Ident{Name: "life"}, Value: num(20, "20")}}},
			&grammar.KeywordDecl{Name: grammar.Ident{Name: "phasing"}, Rules: rules("702.26")},
			&grammar.TurnDecl{Rules: rules("500.1"), Order: []grammar.Ident{{Name: "a"}, {Name: "b"}},
				ExtraRules: rules("500.7"), ExtraMode: id("newest_first")},
			&grammar.EveryDecl{Kind: grammar.Ident{Name: "phase"}, Items: []grammar.Clause{&grammar.OnEnd{Rules: rules("500.5"),
				Body: &grammar.Block{Stmts: []grammar.Stmt{&grammar.CallStmt{Verb: grammar.Ident{Name: "end_effects"},
					Args: []grammar.Expr{id("until_end_of_phase")}}}}}}},
			&grammar.PhaseDecl{Name: grammar.Ident{Name: "beginning"}, Rules: rules("501", "501.1"), Items: []grammar.Clause{
				&grammar.StepDecl{Name: grammar.Ident{Name: "untap"}, Rules: rules("502"), Clauses: []grammar.Clause{
					&grammar.NoPriority{Rules: rules("502.3")},
					&grammar.Allow{Rules: rules("1"), What: grammar.Ident{Name: "land"}},
				}},
				&grammar.Priority{Rules: rules("2"), Player: id("active"), If: sel(id("game"), "pending")},
				&grammar.Skip{Rules: rules("3"), If: id("x")},
				&grammar.Repeat{Rules: rules("4"), If: id("y")},
				&grammar.Action{Rules: rules("5"), Body: &grammar.Block{Stmts: []grammar.Stmt{
					&grammar.ForStmt{Kind: grammar.Ident{Name: "player"}, Var: grammar.Ident{Name: "p"}, Body: &grammar.Block{Stmts: []grammar.Stmt{
						&grammar.IfStmt{Cond: id("a"),
							Then: &grammar.Block{Stmts: []grammar.Stmt{&grammar.CallStmt{Verb: grammar.Ident{Name: "f"}, Args: []grammar.Expr{id("a")}}}},
							ElseIf: &grammar.IfStmt{Cond: id("b"),
								Then: &grammar.Block{Stmts: []grammar.Stmt{&grammar.CallStmt{Verb: grammar.Ident{Name: "g"}, Args: []grammar.Expr{id("b"), id("c")}}}},
								Else: &grammar.Block{Stmts: []grammar.Stmt{&grammar.LetStmt{Name: grammar.Ident{Name: "z"}, Value: num(1, "1")}}},
							},
						},
					}}},
				}}},
			}},
			&grammar.SbaDecl{Rules: rules("704.5a"), Body: &grammar.Block{Stmts: []grammar.Stmt{
				&grammar.ForStmt{Kind: grammar.Ident{Name: "creature"}, Var: grammar.Ident{Name: "c"},
					Where: bin("<=", sel(id("c"), "toughness"), num(0, "0")),
					Body: &grammar.Block{Stmts: []grammar.Stmt{&grammar.CallStmt{Verb: grammar.Ident{Name: "move"},
						Args: []grammar.Expr{id("c"), id("graveyard")}}}}},
			}}},
		},
	}
	if diff := cmp.Diff(want, f, ignorePos); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
}

func TestPositions(t *testing.T) {
	src := "# c\nedition e \"t\"\n\nsba \"704.5a\" {\n  for each player p where p.life <= 0 {\n    lose p\n  }\n}\n"
	f, err := grammar.ParseFile("dir/x.mtg", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	pos := func(line, col, off int) grammar.Pos {
		return grammar.Pos{File: "dir/x.mtg", Line: line, Col: col, Offset: off}
	}
	sba := f.Decls[0].(*grammar.SbaDecl)
	loop := sba.Body.Stmts[0].(*grammar.ForStmt)
	cmpExpr := loop.Where.(*grammar.Binary)
	for _, tt := range []struct {
		name string
		got  grammar.Pos
		want grammar.Pos
	}{
		{"file", f.Pos, pos(2, 1, 4)},
		{"comment", f.Comments[0].Pos, pos(1, 1, 0)},
		{"edition name", f.Edition.Name.Pos, pos(2, 9, 12)},
		{"sba", sba.Pos, pos(4, 1, 19)},
		{"rule", sba.Rules[0].Pos, pos(4, 5, 23)},
		{"block", sba.Body.Pos, pos(4, 14, 32)},
		{"block end", sba.Body.End, pos(8, 1, 89)},
		{"for", loop.Pos, pos(5, 3, 36)},
		{"for kind", loop.Kind.Pos, pos(5, 12, 45)},
		{"binary", cmpExpr.Pos, pos(5, 27, 60)},
		{"selector name", cmpExpr.X.(*grammar.Selector).Sel.Pos, pos(5, 29, 62)},
		{"int", cmpExpr.Y.Position(), pos(5, 37, 70)},
	} {
		if tt.got != tt.want {
			t.Errorf("%s: Pos = %+v, want %+v", tt.name, tt.got, tt.want)
		}
	}
	if got := f.Comments[0].Text; got != "# c" {
		t.Errorf("comment text = %q", got)
	}
	if got := loop.Pos.String(); got != "dir/x.mtg:5:3" {
		t.Errorf("Pos.String() = %q", got)
	}
}

func TestParseRules(t *testing.T) {
	for _, name := range []string{"turn", "combat", "sba"} {
		path := "../rules/" + name + ".mtg"
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := grammar.ParseFile(path, src)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if f.Edition.Name.Name != "cr2025" || len(f.Decls) == 0 || len(f.Comments) == 0 {
			t.Errorf("%s: edition %q, %d declarations, %d comments", path, f.Edition.Name.Name, len(f.Decls), len(f.Comments))
		}
	}
}

func TestInspect(t *testing.T) {
	src := "edition e \"t\"\nkeyword k \"1\"\nsba \"2\" {\n  lose p.x\n}\n"
	f, err := grammar.ParseFile("x.mtg", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	depth := 0
	grammar.Inspect(f, func(n grammar.Node) bool {
		if n == nil {
			depth--
			return false
		}
		depth++
		s := strings.TrimPrefix(fmt.Sprintf("%T", n), "*grammar.")
		switch n := n.(type) {
		case *grammar.Ident:
			s += " " + n.Name
		case *grammar.Rule:
			s += " " + n.Number
		}
		got = append(got, s)
		return true
	})
	want := []string{"File", "Edition", "Ident e", "KeywordDecl", "Ident k", "Rule 1",
		"SbaDecl", "Rule 2", "Block", "CallStmt", "Ident lose", "Selector", "Ident p", "Ident x"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("visit order (-want +got)\n%s", diff)
	}
	if depth != 0 {
		t.Errorf("f(nil) calls unbalanced: depth %d", depth)
	}

	// Names are visited through pointers into the tree, so they can be changed.
	grammar.Inspect(f, func(n grammar.Node) bool {
		if id, ok := n.(*grammar.Ident); ok && id.Name == "lose" {
			id.Name = "win"
		}
		return true
	})
	if got := f.Decls[1].(*grammar.SbaDecl).Body.Stmts[0].(*grammar.CallStmt).Verb.Name; got != "win" {
		t.Errorf("verb after Inspect = %q, want win", got)
	}
}
