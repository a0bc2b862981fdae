package difftest

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestGroupingIsPairwise: Options groups by exact keys the options that
// comparing each one with the first of every earlier group, card by card,
// groups (pairwise, below), over random games with chaos (damage,
// counters, shields, attachments, effects, combat).
func TestGroupingIsPairwise(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 20
	}
	var flat, grouped []rt.Option
	var decisions, merged, rare int
	for seed := uint64(1); seed <= uint64(games); seed++ {
		// The random decks, of copies: the lands share their subtypes, and
		// the other cards are copies of the first five.
		cfg := GameConfig(engine.Rules, seed)
		for _, p := range cfg.Players {
			for i := range p.Deck {
				if i > 0 && i < 17 {
					p.Deck[i].Subtypes = p.Deck[0].Subtypes
				} else if i >= 22 {
					p.Deck[i] = p.Deck[17+(i-17)%5]
				}
			}
		}
		g, err := rt.New(engine.Rules, cfg)
		if err != nil {
			t.Fatal(err)
		}
		pol := &rt.UniformPolicy{RNG: rt.RNG{State: seed}}
		ch := &chaos{rng: rt.RNG{State: seed ^ 0xc4a05}}
		for n := 0; n < 3000; n++ {
			d := g.Advance()
			if d.Kind == rt.DecideGameOver || d.Kind == rt.DecideStuck || g.TurnNum > 40 {
				break
			}
			if d.Kind == rt.DecidePriority {
				if act := ch.next(g); act != nil {
					act(g)
				}
			}
			flat, grouped = g.Options(flat[:0], false), g.Options(grouped[:0], true)
			want := pairwise(g, flat)
			if diff := cmp.Diff(want, grouped); diff != "" {
				t.Fatalf("seed %d, decision %d (%v): grouped options differ from the pairwise groups (-pairwise +Options):\n%s", seed, n, d.Kind, diff)
			}
			decisions++
			for _, o := range grouped {
				if o.Count > 1 {
					merged++
					if c := g.Obj(o.Obj); c.Damage != 0 || c.Counters != ([rt.MaxCounterKinds]int32{}) || c.Regen != 0 {
						rare++
					}
				}
			}
			if err := g.Submit(pol.Decide(g, d)); err != nil {
				if err := g.Submit(rt.PassPolicy{}.Decide(g, d)); err != nil {
					break
				}
			}
		}
	}
	t.Logf("%d decisions, %d groups of several options, %d of them of damaged or countered cards", decisions, merged, rare)
	if merged == 0 || rare == 0 {
		t.Errorf("the games grouped %d options, %d of cards with damage or counters: the test does not reach what it checks", merged, rare)
	}
}

// pairwise groups flat (Options ungrouped) by comparing each option with
// the first option of every earlier group: same fields, identical cards.
func pairwise(g *rt.Game, flat []rt.Option) []rt.Option {
	var out []rt.Option
next:
	for _, o := range flat {
		o.Count = 1
		if o.Obj != rt.NoObj && g.Pending().Kind != rt.DecideOrder && g.Pending().Kind != rt.DecideDamage && g.Pending().Kind != rt.DecideTriggers {
			for i := range out {
				b := &out[i]
				if b.Obj != rt.NoObj && b.Kind == o.Kind && b.Target == o.Target && b.Ability == o.Ability && b.Amount == o.Amount && identical(g, b.Obj, o.Obj) {
					b.Count++
					continue next
				}
			}
		}
		out = append(out, o)
	}
	return out
}

// identical: the same characteristics and state, in the same zone of the
// same owner and controller, nothing attached either way and, on the
// battlefield, in no relation (combat, an effect on it) that sets it
// apart. Names, subtypes and costs are compared by value, triggers and
// abilities by identity: objects of one Card share them.
func identical(g *rt.Game, x, y rt.ObjID) bool {
	a, b := g.Obj(x), g.Obj(y)
	fa, fb := rt.Exec{Game: g}.Face(x), rt.Exec{Game: g}.Face(y)
	if !(fa.Name == fb.Name && a.Owner == b.Owner && a.Controller == b.Controller && a.Zone == b.Zone &&
		a.Types == b.Types && a.Super == b.Super && slices.Equal(fa.Subtypes, fb.Subtypes) &&
		a.Timing == b.Timing && a.Power == b.Power && a.Toughness == b.Toughness && a.Damage == b.Damage && a.Counters == b.Counters &&
		a.Keywords == b.Keywords && fa.Cost == fb.Cost && a.Tapped == b.Tapped && a.PhasedOut == b.PhasedOut &&
		a.Token == b.Token && a.State == b.State && a.Flags == b.Flags && a.AttachedTo == rt.NoObj && b.AttachedTo == rt.NoObj &&
		sameSlice(fa.Triggers, fb.Triggers) && a.Copy == b.Copy &&
		a.Regen == b.Regen && a.Enchant == b.Enchant &&
		fa.CounterMax == fb.CounterMax && fa.Capped == fb.Capped && a.SubBits == b.SubBits &&
		fa.AttackCost == fb.AttackCost && fa.BlockCost == fb.BlockCost && a.Protector == b.Protector &&
		sameSlice(fa.Abilities, fb.Abilities)) {
		return false
	}
	if a.Zone != rt.ZoneBattlefield {
		return true
	}
	e := rt.Exec{Game: g}
	for _, z := range []rt.ObjID{x, y} {
		for _, w := range g.Battlefield {
			if g.Obj(w).AttachedTo == z {
				return false
			}
		}
		for _, ef := range g.Effects {
			if ef.Target == z {
				return false
			}
		}
		if e.Attacking(z) || e.Blocking(z) {
			return false
		}
	}
	return true
}

func sameSlice[T any](a, b []T) bool { return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0]) }
