package engine_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mtgc-dev/mtgc/engine"
	"github.com/mtgc-dev/mtgc/engine/cr2017"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// combatAt builds a game at the declare attackers step of turn 2 (p1
// active) with the given creatures, and returns it with their IDs. The
// oracles of this file and oracle_test.go are readings of the 2017 rules
// (the damage assignment order, lethal first along it): the game is
// cr2017's.
func combatAt(tb testing.TB, cards [2][]rt.Card) (*rt.Game, [2][]rt.ObjID) {
	g, err := rt.New(cr2017.Rules, rt.Config{Players: []rt.PlayerConfig{{Name: "p1", Deck: filler(5)}, {Name: "p2", Deck: filler(5)}}, NoOpeningHand: true, NoShuffle: true})
	if err != nil {
		tb.Fatal(err)
	}
	var ids [2][]rt.ObjID
	for p := 0; p < 2; p++ {
		for _, c := range cards[p] {
			x, err := g.Create(c, p, rt.ZoneBattlefield)
			if err != nil {
				tb.Fatal(err)
			}
			ids[p] = append(ids[p], x)
		}
	}
	if err := g.StartAt(2, 0, "declare_attackers"); err != nil {
		tb.Fatal(err)
	}
	return g, ids
}

// until answers priority with passes until the engine asks kind.
func until(tb testing.TB, g *rt.Game, kind rt.DecisionKind) rt.Decision {
	for i := 0; i < 100; i++ {
		d := g.Advance()
		if d.Kind == kind {
			return d
		}
		if d.Kind != rt.DecidePriority {
			tb.Fatalf("waiting for %v, got %v", kind, d.Kind)
		}
		if err := g.Submit(rt.Answer{Kind: rt.Pass}); err != nil {
			tb.Fatal(err)
		}
	}
	tb.Fatalf("never asked for %v", kind)
	return rt.Decision{}
}

// TestDamageAssignmentOracle checks every possible division of a blocked
// attacker's damage against a brute-force reading of 510.1c-d and 702.19b,
// 702.2c: the engine must accept exactly the legal ones, and leave the game
// unchanged when it refuses.
func TestDamageAssignmentOracle(t *testing.T) {
	rng := rt.RNG{State: 42}
	cases := 300
	if testing.Short() {
		cases = 60
	}
	for n := 0; n < cases; n++ {
		var kws []string
		trample, deathtouch := rng.Intn(2) == 0, rng.Intn(3) == 0
		if trample {
			kws = append(kws, "trample")
		}
		if deathtouch {
			kws = append(kws, "deathtouch")
		}
		power := int32(1 + rng.Intn(6))
		nb := 1 + rng.Intn(3)
		if nb == 1 && !trample {
			nb = 2 // a single blocker without trample leaves no choice
		}
		var blockers []rt.Card
		var damage []int32
		for i := 0; i < nb; i++ {
			blockers = append(blockers, rt.Card{Name: fmt.Sprintf("B%d", i), Types: engine.Rules.Types("creature"), Power: 0, Toughness: int32(1 + rng.Intn(4))})
			damage = append(damage, int32(rng.Intn(2)))
		}
		g, ids := combatAt(t, [2][]rt.Card{{{Name: "A", Types: engine.Rules.Types("creature"), Power: power, Toughness: 9, Keywords: kws}}, blockers})
		for i, x := range ids[1] {
			if damage[i] < blockers[i].Toughness {
				g.Obj(x).Damage = damage[i]
			}
		}
		g.Touch()
		until(t, g, rt.DecideAttackers)
		if err := g.Submit(rt.Answer{Kind: rt.Declare, Objs: ids[0]}); err != nil {
			t.Fatal(err)
		}
		until(t, g, rt.DecideBlockers)
		b := rt.Answer{Kind: rt.Declare, Objs: ids[1]}
		for range ids[1] {
			b.Targets = append(b.Targets, int32(ids[0][0]))
		}
		if err := g.Submit(b); err != nil {
			t.Fatal(err)
		}
		d := g.Advance()
		if d.Kind == rt.DecideOrder {
			if err := g.Submit(rt.Answer{Kind: rt.Declare, Objs: d.From}); err != nil {
				t.Fatal(err)
			}
		}
		d = until(t, g, rt.DecideDamage)
		lethal := make([]int32, len(d.From))
		for i, x := range d.From {
			if x == rt.NoObj {
				continue
			}
			if deathtouch {
				lethal[i] = 1
			} else {
				lethal[i] = max(0, g.Toughness(x)-g.Obj(x).Damage)
			}
		}
		// The host is told each recipient's lethal damage by the figure the
		// .mtg poses the decision with (divide_combat_damage's lethal_damage).
		var opts []int32
		for _, o := range g.Options(nil, false) {
			if o.Obj != ids[0][0] {
				t.Fatalf("case %d: a damage option of %d, not the attacker's", n, o.Obj)
			}
			opts = append(opts, o.Amount)
		}
		if diff := cmp.Diff(lethal, opts); diff != "" {
			t.Fatalf("case %d: the options' amounts are not the lethal damage (-oracle +options):\n%s", n, diff)
		}
		// Enumerate every division of power among d.From.
		amounts := make([]int32, len(d.From))
		var walk func(i int, left int32)
		walk = func(i int, left int32) {
			if i == len(amounts)-1 {
				amounts[i] = left
				legal := true
				for k := range amounts {
					if amounts[k] == 0 {
						continue
					}
					for j := 0; j < k; j++ {
						if amounts[j] < lethal[j] {
							legal = false
						}
					}
				}
				before := g.Clone()
				c := g.Clone()
				err := c.Submit(rt.Answer{Kind: rt.Declare, Objs: d.From, Amounts: append([]int32(nil), amounts...)})
				if (err == nil) != legal {
					t.Fatalf("case %d: power %d trample %v deathtouch %v lethal %v: assignment %v: engine error %v, oracle legal %v", n, power, trample, deathtouch, lethal, amounts, err, legal)
				}
				if err != nil {
					// The refusal happened on the clone; the game is untouched.
					if len(g.Log) != len(before.Log) {
						t.Fatalf("a refused assignment changed the game")
					}
				}
				return
			}
			for a := int32(0); a <= left; a++ {
				amounts[i] = a
				walk(i+1, left-a)
			}
		}
		walk(0, power)
	}
}

// BenchmarkCombatTurn: the combat of a turn with 8 creatures per side with
// mixed keywords, every creature of the active player attacking, the
// defender blocking one for one, default damage assignment. Each iteration
// copies the game from the same position into a reused game whose log is
// emptied, as a search would.
func BenchmarkCombatTurn(b *testing.B) {
	kws := [][]string{nil, {"flying"}, {"first_strike"}, {"trample"}, {"deathtouch"}, {"lifelink"}, {"double_strike"}, {"vigilance"}}
	var sides [2][]rt.Card
	for p := 0; p < 2; p++ {
		for i := 0; i < 8; i++ {
			sides[p] = append(sides[p], rt.Card{Name: fmt.Sprintf("C%d%d", p, i), Types: engine.Rules.Types("creature"), Power: 2, Toughness: 3, Keywords: kws[i]})
		}
	}
	start, ids := combatAt(b, sides)
	attack := rt.Answer{Kind: rt.Declare, Objs: ids[0]}
	block := rt.Answer{Kind: rt.Declare}
	for j, x := range ids[1] {
		if j != 1 { // nothing without flying or reach blocks the flyer
			block.Objs = append(block.Objs, x)
			block.Targets = append(block.Targets, int32(ids[0][j]))
		}
	}
	g := start.Clone()
	logBuf := make([]rt.Event, 0, 1024)
	play := func() {
		for {
			d := g.Advance()
			if g.CurrentStep() == "postcombat_main" || d.Kind == rt.DecideGameOver {
				return
			}
			a := rt.Answer{Kind: rt.Pass}
			switch d.Kind {
			case rt.DecidePriority:
			case rt.DecideAttackers:
				a = attack
			case rt.DecideBlockers:
				a = block
			default:
				a = rt.PassPolicy{}.Decide(g, d)
			}
			if err := g.Submit(a); err != nil {
				b.Fatal(err)
			}
		}
	}
	play() // grow the reused game's buffers
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g.CopyFrom(start)
		g.Log = logBuf[:0]
		play()
	}
}

// requirementSides: 20 creatures per side with mixed restrictions and
// requirements (508.1d, 509.1c): every third must attack / block if able,
// some fly, some have reach or menace, some have defender.
func requirementSides() [2][]rt.Card {
	var sides [2][]rt.Card
	for p := 0; p < 2; p++ {
		for i := 0; i < 20; i++ {
			c := rt.Card{Name: fmt.Sprintf("C%d", i), Types: engine.Rules.Types("creature"), Power: 1, Toughness: 1}
			switch {
			case i%3 == 0 && p == 0:
				c.Keywords = []string{"attacks_each_combat"}
			case i%3 == 0:
				c.Keywords = []string{"blocks_each_combat"}
			case i%5 == 1:
				c.Keywords = []string{"flying"}
			case i%5 == 2 && p == 1:
				c.Keywords = []string{"reach"}
			case i%7 == 4 && p == 0:
				c.Keywords = []string{"menace"}
			}
			sides[p] = append(sides[p], c)
		}
	}
	return sides
}

// BenchmarkDeclareAttackers20: checking (and making) a declaration of 20
// attackers, some that must attack if able, with 20 creatures on the other
// side; the game is copied back before each try.
func BenchmarkDeclareAttackers20(b *testing.B) {
	g, ids := combatAt(b, requirementSides())
	until(b, g, rt.DecideAttackers)
	benchSubmit(b, g, rt.Answer{Kind: rt.Declare, Objs: ids[0]})
}

// benchSubmit measures answering g's pending decision with a and the game
// going on to its next decision (a declaration is checked as it is
// answered and made as the game goes on), the game copied back into a
// reused one before each try.
func benchSubmit(b *testing.B, g *rt.Game, a rt.Answer) {
	c := g.Clone()
	if err := c.Submit(a); err != nil {
		b.Fatal(err)
	}
	c.Advance()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c.CopyFrom(g)
		if err := c.Submit(a); err != nil {
			b.Fatal(err)
		}
		c.Advance()
	}
}

// BenchmarkDeclareBlockers20: checking (and making) a declaration of 20
// blockers against 20 attackers, with requirements (every third blocks if
// able), flying, reach and menace.
func BenchmarkDeclareBlockers20(b *testing.B) {
	g, ids := combatAt(b, requirementSides())
	until(b, g, rt.DecideAttackers)
	if err := g.Submit(rt.Answer{Kind: rt.Declare, Objs: ids[0]}); err != nil {
		b.Fatal(err)
	}
	until(b, g, rt.DecideBlockers)
	// Each blocker blocks the attacker with its index when it can (a flyer
	// only by a flyer or reach, a menace creature by two), else none.
	a := rt.Answer{Kind: rt.Declare}
	kw := func(x rt.ObjID, k string) bool { return rt.Exec{Game: g}.HasKeywordNamed(x, k) }
	for i, x := range ids[1] {
		at := ids[0][i]
		if kw(at, "flying") && !kw(x, "flying") && !kw(x, "reach") || kw(at, "menace") {
			continue
		}
		a.Objs = append(a.Objs, x)
		a.Targets = append(a.Targets, int32(at))
	}
	benchSubmit(b, g, a)
}

// TestDefaultDeclare: the default declarations (what PassPolicy answers)
// obey the requirements, so a simple caller is never refused.
func TestDefaultDeclare(t *testing.T) {
	card := func(name string, kws ...string) rt.Card {
		return rt.Card{Name: name, Types: engine.Rules.Types("creature"), Power: 1, Toughness: 1, Keywords: kws}
	}
	cases := []struct {
		name             string
		sides            [2][]rt.Card
		attackers, block []string
	}{
		{"nothing required", [2][]rt.Card{{card("A"), card("B")}, {card("X")}}, nil, nil},
		{"must attack", [2][]rt.Card{{card("A", "attacks_each_combat"), card("B")}, {card("X")}}, []string{"A"}, nil},
		{"can't attack alone", [2][]rt.Card{{card("A", "attacks_each_combat", "cant_attack_alone"), card("B")}, {card("X")}}, []string{"A", "B"}, nil},
		{"alone and nobody to join", [2][]rt.Card{{card("A", "attacks_each_combat", "cant_attack_alone")}, {card("X")}}, nil, nil},
		{"must block", [2][]rt.Card{{card("A", "attacks_each_combat")}, {card("X", "blocks_each_combat"), card("Y")}}, []string{"A"}, []string{"X"}},
		{"can't block a flyer", [2][]rt.Card{{card("A", "attacks_each_combat", "flying")}, {card("X", "blocks_each_combat")}}, []string{"A"}, nil},
		{"menace, with a companion", [2][]rt.Card{{card("A", "attacks_each_combat", "menace")}, {card("X", "blocks_each_combat"), card("Y")}}, []string{"A"}, []string{"X", "Y"}},
		{"menace, alone", [2][]rt.Card{{card("A", "attacks_each_combat", "menace")}, {card("X", "blocks_each_combat")}}, []string{"A"}, nil},
		{"can't block alone, with a companion", [2][]rt.Card{{card("A", "attacks_each_combat")}, {card("X", "blocks_each_combat", "cant_block_alone"), card("Y")}}, []string{"A"}, []string{"X", "Y"}},
		{"can't block alone, alone", [2][]rt.Card{{card("A", "attacks_each_combat")}, {card("X", "blocks_each_combat", "cant_block_alone")}}, []string{"A"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, _ := combatAt(t, c.sides)
			names := func(xs []rt.ObjID) []string {
				var out []string
				for _, x := range xs {
					out = append(out, rt.Exec{Game: g}.Face(x).Name)
				}
				return out
			}
			for _, want := range [][]string{c.attackers, c.block} {
				d := g.Advance()
				for d.Kind == rt.DecidePriority {
					if err := g.Submit(rt.Answer{Kind: rt.Pass}); err != nil {
						t.Fatal(err)
					}
					d = g.Advance()
				}
				if d.Kind != rt.DecideAttackers && d.Kind != rt.DecideBlockers {
					if len(want) > 0 {
						t.Fatalf("waiting for %v, want a declaration of %v", d.Kind, want)
					}
					return
				}
				a := rt.PassPolicy{}.Decide(g, d)
				if got := names(a.Objs); !slices.Equal(got, want) {
					t.Errorf("%v: default declares %v, want %v", d.Kind, got, want)
				}
				if err := g.Submit(a); err != nil {
					t.Fatalf("%v: the default declaration is refused: %v", d.Kind, err)
				}
			}
		})
	}
}
