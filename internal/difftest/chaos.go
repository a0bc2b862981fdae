package difftest

import (
	"strings"

	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// chaosRule is what the chaos events cite: they stand for instants and
// abilities resolving, which is how such things happen in a game, so they
// cite the rule the edition gives the resolve mechanism (116.4 in cr2017).
func chaosRule(g *rt.Game) string { return g.Rules.Cite[rt.MechResolve] }

// chaos stands for the cards the built-in decks do not have: between a
// decision and its answer it sometimes does to the game what a resolving
// spell would (damage, counters, life, attachments, continuous effects,
// regeneration shields, skipped steps, extra turns), through the runtime's
// own logging methods, so that random games reach the state-based actions
// and the clauses that a deck of vanilla creatures never would. It chooses
// from one game and returns an action that does the same to any game in
// the same state.
type chaos struct {
	rng rt.RNG
}

func pick(rng *rt.RNG, xs []rt.ObjID) rt.ObjID {
	if len(xs) == 0 {
		return rt.NoObj
	}
	return xs[rng.Intn(len(xs))]
}

func (c *chaos) next(g *rt.Game) func(*rt.Game) {
	if c.rng.Intn(5) != 0 {
		return nil
	}
	var creatures, perms, attachable []rt.ObjID
	for _, x := range g.Battlefield {
		o := g.Obj(x)
		if o.PhasedOut {
			continue
		}
		perms = append(perms, x)
		if o.Types&g.Rules.CombatantTypes != 0 {
			creatures = append(creatures, x)
		}
		for _, s := range (rt.Exec{Game: g}).Face(x).Subtypes {
			if s == "aura" || s == "equipment" {
				attachable = append(attachable, x)
			}
		}
	}
	rng := &c.rng
	switch rng.Intn(10) {
	case 0, 1:
		x, n := pick(rng, creatures), int32(1+rng.Intn(3))
		if x == rt.NoObj {
			return nil
		}
		if k, ok := g.Rules.State("deathtouch_damage"); ok && k >= rt.FirstFlag && rng.Intn(4) == 0 {
			// Damage from a source with deathtouch, as the rules hold it
			// (a flag of theirs, if they declare it).
			return func(g *rt.Game) {
				rt.Exec{Game: g}.MarkDamage(x, n, chaosRule(g))
				rt.Exec{Game: g}.SetFlag(x, k, true, chaosRule(g))
			}
		}
		return func(g *rt.Game) { rt.Exec{Game: g}.MarkDamage(x, n, chaosRule(g)) }
	case 2:
		x := pick(rng, perms)
		k, n := rt.CounterKind(rng.Intn(len(g.Rules.Counters))), int32(rng.Intn(5)-1)
		if x == rt.NoObj {
			return nil
		}
		return func(g *rt.Game) { rt.Exec{Game: g}.AddCounters(x, k, n, chaosRule(g)) }
	case 3:
		p, n := rng.Intn(len(g.Players)), int32(1+rng.Intn(6))
		if g.P(p).Lost {
			return nil
		}
		if rng.Intn(3) == 0 {
			return func(g *rt.Game) { rt.Exec{Game: g}.GainLife(p, n, chaosRule(g)) }
		}
		return func(g *rt.Game) { rt.Exec{Game: g}.LoseLife(p, n, chaosRule(g)) }
	case 4:
		x, y := pick(rng, attachable), pick(rng, perms)
		if x == rt.NoObj || y == rt.NoObj {
			return nil
		}
		return func(g *rt.Game) { rt.Exec{Game: g}.Attach(x, y, "") }
	case 5:
		x := pick(rng, creatures)
		if x == rt.NoObj {
			return nil
		}
		e := rt.Effect{Target: x, Label: "chaos", Power: int32(rng.Intn(5) - 2), Toughness: int32(rng.Intn(5) - 2)}
		if kws := len(g.Rules.Keywords); kws > 0 && rng.Intn(2) == 0 {
			k := rng.Intn(kws)
			e.Keywords = 1 << uint(k)
			if g.Rules.Parameterized.Has(k) {
				e.KeywordArg = int32(1 + rng.Intn(3))
			}
		}
		switch rng.Intn(4) {
		case 0:
			e.Dur = rt.Duration{Kind: rt.UntilEndOfTurn}
		case 1:
			e.Dur = rt.Duration{Kind: rt.ThisTurn}
		case 2:
			e.Dur = rt.Duration{Kind: rt.UntilEndOf, Segment: g.CurrentStep()}
		default:
			e.Dur = rt.Duration{Kind: rt.UntilEndOf, Segment: g.CurrentPhase()}
		}
		return func(g *rt.Game) { rt.Exec{Game: g}.AddEffect(e) }
	case 6:
		x := pick(rng, creatures)
		if x == rt.NoObj {
			return nil
		}
		return func(g *rt.Game) { g.Obj(x).Regen++; g.Touch() }
	case 7:
		p := rng.Intn(len(g.Players))
		names := g.Plan()
		if len(names) == 0 || g.P(p).Lost {
			return nil
		}
		name := names[rng.Intn(len(names))]
		return func(g *rt.Game) { rt.Exec{Game: g}.AddSkip(p, name) }
	case 8:
		return c.effect(g, perms)
	default:
		p := rng.Intn(len(g.Players))
		if g.P(p).Lost || rng.Intn(4) != 0 {
			return nil
		}
		return func(g *rt.Game) { rt.Exec{Game: g}.AddExtraTurn(p) }
	}
}

// effect applies one of the rules' effects (put attacking, put blocking,
// made to block...) during combat, to random permanents and players of
// the kinds its parameters name: both engines must do the same with it.
func (c *chaos) effect(g *rt.Game, perms []rt.ObjID) func(*rt.Game) {
	rng := &c.rng
	if len(g.Rules.Effects) == 0 || g.CurrentPhase() != "combat" || len(perms) == 0 {
		return nil
	}
	// The effects of permanents and players: one that takes only numbers
	// is a card ability's (it reads the ability resolving, and there is
	// none here).
	n := 0
	for k := range g.Rules.Effects {
		if strings.ContainsAny(g.Rules.Effects[k].Kinds, "op") {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	i, k := -1, rng.Intn(n)
	for k >= 0 {
		i++
		if strings.ContainsAny(g.Rules.Effects[i].Kinds, "op") {
			k--
		}
	}
	kinds := g.Rules.Effects[i].Kinds
	args := make([]int32, len(kinds))
	for j := range kinds {
		switch kinds[j] {
		case 'o':
			args[j] = int32(pick(rng, perms))
		case 'p':
			args[j] = int32(rng.Intn(len(g.Players)))
		default:
			args[j] = int32(rng.Intn(5))
		}
	}
	return func(g *rt.Game) { rt.Exec{Game: g}.RunEffect(i, args...) }
}
