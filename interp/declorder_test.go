package interp_test

import (
	"strings"
	"testing"

	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestDeclarationClauseOrder: a declaration's clauses are checked in the
// order the rules state them, the first that fails refusing it; the
// runtime has no order of its own. The same declaration of blockers (a
// tapped Bear blocking a flying Bird: it fails both declarable and
// declarable_against) is refused citing declarable when it is stated
// first, and declarable_against when that is.
func TestDeclarationClauseOrder(t *testing.T) {
	const each = "      declarable given(b, holds(can_block, b))\n"
	const against = "      declarable_against given(b, a, not holds(cant_block, b, a))\n"
	const rest = `      declarable_at_most given(b, blocks_at_most(b))
      declaration_forbidden given(x, holds(block_restriction, x))
      declaration_requires given(b, holding(must_block, b))
      declaration_requires_against given(b, a, holding(must_block_attacker, b, a))
      declaration_may_add given(b, not b.block_cost)
      for each player q where q.attacked {
        choose_blockers q
      }
    }
`
	for _, tc := range []struct {
		name, clauses, want string
	}{
		{"declarable first", each + against, "'Bear' can't block ("},
		{"declarable_against first", against + each, "'Bear' can't block 'Bird'"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "edition cr2017 \"t\"\noverride action \"509.1\" \"509.1b\" \"509.1d\" \"703.4j\" {\n" + tc.clauses + rest
			_, r, g := cr2017With(t, "order.mtg", src)
			bird, err := g.Create(rt.Card{Name: "Bird", Types: r.Types("creature"), Power: 1, Toughness: 1, Keywords: []string{"flying"}}, 0, rt.ZoneBattlefield)
			if err != nil {
				t.Fatal(err)
			}
			bear, err := g.Create(rt.Card{Name: "Bear", Types: r.Types("creature"), Power: 2, Toughness: 2}, 1, rt.ZoneBattlefield)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.Create(rt.Card{Name: "Spider", Types: r.Types("creature"), Power: 1, Toughness: 3, Keywords: []string{"reach"}}, 1, rt.ZoneBattlefield); err != nil {
				t.Fatal(err)
			}
			g.Objs[bear].Tapped = true
			toBlockers(t, g, []rt.ObjID{bird})
			err = g.Submit(rt.Answer{Kind: rt.Declare, Objs: []rt.ObjID{bear}, Targets: []int32{int32(bird)}})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("refusal %v, want one saying %q", err, tc.want)
			}
		})
	}
}

// toBlockers plays game g from its first declare attackers step (player
// 0's turn) to the declaration of blockers: attackers attack, every
// player passes.
func toBlockers(t *testing.T, g *rt.Game, attackers []rt.ObjID) {
	t.Helper()
	if err := g.StartAt(2, 0, "declare_attackers"); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 20; i++ {
		d := g.Advance()
		switch d.Kind {
		case rt.DecideAttackers:
			if err := g.Submit(rt.Answer{Kind: rt.Declare, Objs: attackers}); err != nil {
				t.Fatal(err)
			}
		case rt.DecidePriority:
			if err := g.Submit(rt.Answer{Kind: rt.Pass}); err != nil {
				t.Fatal(err)
			}
		case rt.DecideBlockers:
			return
		default:
			t.Fatalf("waiting for %v\n%s", d.Kind, g.Trace(0))
		}
	}
	t.Fatal("never asked for blockers")
}

// TestNoDefaultDefender: whom creatures declared without a target attack
// is the rules' function (default_defender, given to choose_attackers);
// when it names no player (here: the defender chosen as combat began, in
// a game set up after it), a declaration naming no target is refused and
// one naming its targets is not.
func TestNoDefaultDefender(t *testing.T) {
	const src = `edition cr2017 "t"
override predicate default_defender "506.2a" (p) = game.defender
`
	_, r, g := cr2017With(t, "nodefender.mtg", src)
	ogre, err := g.Create(rt.Card{Name: "Ogre", Types: r.Types("creature"), Power: 3, Toughness: 3}, 0, rt.ZoneBattlefield)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.StartAt(2, 0, "declare_attackers"); err != nil {
		t.Fatal(err)
	}
	if d := g.Advance(); d.Kind != rt.DecideAttackers {
		t.Fatalf("waiting for %v, want attackers", d.Kind)
	}
	err = g.Submit(rt.Answer{Kind: rt.Declare, Objs: []rt.ObjID{ogre}})
	if err == nil || !strings.Contains(err.Error(), "the rules name no defending player") {
		t.Fatalf("an attack naming no target with no defending player: %v, want it refused", err)
	}
	if err := g.Submit(rt.Answer{Kind: rt.Declare, Objs: []rt.ObjID{ogre}, Targets: []int32{rt.PlayerCode(1)}}); err != nil {
		t.Fatalf("an attack naming its target: %v", err)
	}
}
