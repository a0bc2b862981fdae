package engine_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestCombatDamageOracle plays random small combats (1-3 attackers against
// 1-3 potential blockers, random keywords, power, toughness and marked
// damage, random blocks and damage assignment orders) through both combat
// damage steps, and checks every damage assignment decision against a
// brute-force reading of 510.1c-d, 702.19b and 702.2c computed by the test
// from the creatures alone:
//
//   - the engine asks for exactly the assignments that leave a choice (a
//     blocked creature with two or more blockers or with trample and a
//     blocker, a blocker of two attackers), all of a player's at once
//     (510.1: each player announces their creatures' assignments), with
//     the recipients in the damage assignment order the test declared;
//   - of every combination of divisions of those creatures' damage (or
//     3000 drawn at random when there are more), the engine accepts exactly
//     the legal ones, and a refused one leaves the game unchanged. Lethal
//     damage to a recipient counts damage already marked on it and damage
//     other creatures assign to it in the same step (every assignment that
//     leaves no choice, the other player's announcement, and the other
//     divisions of the same announcement); a recipient already assigned
//     damage by a deathtouch source in this step has lethal damage assigned
//     (702.2c), and from a deathtouch source any nonzero amount is lethal;
//   - the game goes on with a random legal division, so that later
//     assignments of the step see it, and once the damage is dealt each
//     creature's marked damage, deaths and both life totals (lifelink) match
//     what the test assigned.
func TestCombatDamageOracle(t *testing.T) {
	cases := 300
	if testing.Short() {
		cases = 80
	}
	var st oracleStats
	start := time.Now()
	rng := rt.RNG{State: 3}
	for n := 0; n < cases; n++ {
		o := newOracleCase(t, n, &rng, &st)
		o.play()
	}
	t.Logf("%d cases, %d damage steps, %d assignment decisions (%d about several creatures at once, %d counting other creatures' damage, %d a deathtouch source's), %d divisions enumerated (%d legal), %d refusals compared whole, in %v",
		cases, st.steps, st.decisions, st.joint, st.shared, st.deathtouch, st.divisions, st.legal, st.compared, time.Since(start).Round(time.Millisecond))
	if st.decisions < cases/2 || st.joint == 0 || st.shared == 0 || st.deathtouch == 0 {
		t.Errorf("the generator leaves too few choices: %d assignment decisions in %d cases, %d counting other creatures' damage, %d a deathtouch source's", st.decisions, cases, st.shared, st.deathtouch)
	}
}

type oracleStats struct {
	steps      int // combat damage steps checked
	decisions  int // damage assignment decisions
	joint      int // decisions about two or more creatures at once
	shared     int // decisions where other creatures' damage to a recipient counts
	deathtouch int // decisions where a deathtouch source's damage to a recipient counts
	divisions  int // divisions submitted
	legal      int // divisions the oracle says are legal
	compared   int // refusals compared with the whole game
}

// oCreature is what the oracle knows of a creature: all of it is fixed for
// the combat (no effects change power, toughness or keywords).
type oCreature struct {
	id           rt.ObjID
	side         int
	power, tough int32
	kw           map[string]bool
	blocks       []rt.ObjID // the attackers it was declared to block
	order        []rt.ObjID // the damage assignment order the test declared
}

func (c *oCreature) String() string {
	var kws []string
	for _, k := range oracleKeywords {
		if c.kw[k] {
			kws = append(kws, k)
		}
	}
	s := fmt.Sprintf("#%d %d/%d", c.id, c.power, c.tough)
	if len(kws) > 0 {
		s += " " + strings.Join(kws, ",")
	}
	if len(c.blocks) > 0 {
		s += fmt.Sprintf(" blocks %v", c.blocks)
	}
	if len(c.order) > 0 {
		s += fmt.Sprintf(" order %v", c.order)
	}
	return s
}

var oracleKeywords = []string{"trample", "deathtouch", "first_strike", "double_strike", "lifelink", "blocks_additional_creature"}

// oSnap is the part of the game the oracle reads before a damage step.
type oSnap struct {
	alive  map[rt.ObjID]bool
	damage map[rt.ObjID]int32
	life   [2]int32
}

type oracleCase struct {
	t     *testing.T
	n     int
	rng   *rt.RNG
	st    *oracleStats
	g     *rt.Game
	all   []*oCreature
	by    map[rt.ObjID]*oCreature
	snap  oSnap // the state when the last player was asked something else than a damage assignment
	desc  string
	steps int // damage steps modelled

	// The damage step being played.
	open       bool
	pre        oSnap
	dealers    []rt.ObjID
	dealtFirst []rt.ObjID
	firstStep  bool                            // the combat has a first-strike damage step
	known      map[rt.ObjID]map[rt.ObjID]int32 // source -> recipient (NoObj: the defending player) -> amount
	choosers   []rt.ObjID                      // who must be asked, in no particular order
	asked      []rt.ObjID
}

func newOracleCase(t *testing.T, n int, rng *rt.RNG, st *oracleStats) *oracleCase {
	o := &oracleCase{t: t, n: n, rng: rng, st: st, by: map[rt.ObjID]*oCreature{}}
	var cards [2][]rt.Card
	var specs [2][]*oCreature
	for side := 0; side < 2; side++ {
		for i, k := 0, 1+rng.Intn(3); i < k; i++ {
			c := &oCreature{side: side, power: int32(rng.Intn(6)), tough: int32(1 + rng.Intn(4)), kw: map[string]bool{}}
			var kws []string
			for _, kw := range oracleKeywords {
				odds := 4 // one in odds
				switch {
				case kw == "blocks_additional_creature" && side == 0:
					continue
				case kw == "trample" && side == 1:
					continue // it means nothing to a blocker
				case kw == "trample", kw == "blocks_additional_creature":
					odds = 2
				}
				if rng.Intn(odds) == 0 {
					kws = append(kws, kw)
					c.kw[kw] = true
				}
			}
			cards[side] = append(cards[side], rt.Card{Name: fmt.Sprintf("%c%d", "AB"[side], i), Types: engine.Rules.Types("creature"), Power: c.power, Toughness: c.tough, Keywords: kws})
			specs[side] = append(specs[side], c)
		}
	}
	g, ids := combatAt(t, cards)
	o.g = g
	for side := 0; side < 2; side++ {
		for i, c := range specs[side] {
			c.id = ids[side][i]
			g.Obj(c.id).Damage = int32(rng.Intn(int(c.tough)))
			o.all = append(o.all, c)
			o.by[c.id] = c
		}
	}
	g.Touch()
	// Each potential blocker blocks a random attacker or none; one that can
	// block an additional creature sometimes blocks two.
	attackers := ids[0]
	for _, c := range specs[1] {
		if rng.Intn(5) == 0 {
			continue
		}
		k := rng.Intn(len(attackers))
		c.blocks = []rt.ObjID{attackers[k]}
		if c.kw["blocks_additional_creature"] && len(attackers) >= 2 && rng.Intn(3) != 0 {
			j := rng.Intn(len(attackers) - 1)
			if j >= k {
				j++
			}
			c.blocks = append(c.blocks, attackers[j])
		}
	}
	return o
}

func (o *oracleCase) fatalf(format string, args ...any) {
	o.t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "case %d (step %d):", o.n, o.steps)
	for _, c := range o.all {
		fmt.Fprintf(&b, "\n\t%v, marked %d", c, o.g.Obj(c.id).Damage)
	}
	o.t.Fatalf("%s\n%s", b.String(), fmt.Sprintf(format, args...))
}

func (o *oracleCase) takeSnap() oSnap {
	s := oSnap{alive: map[rt.ObjID]bool{}, damage: map[rt.ObjID]int32{}}
	for _, c := range o.all {
		s.alive[c.id] = o.g.Obj(c.id).Zone == rt.ZoneBattlefield
		s.damage[c.id] = o.g.Obj(c.id).Damage
	}
	s.life = [2]int32{o.g.P(0).Life, o.g.P(1).Life}
	return s
}

func (o *oracleCase) play() {
	g := o.g
	for i := 0; i < 200; i++ {
		d := g.Advance()
		if o.open && d.Kind != rt.DecideDamage {
			o.checkOutcome()
		}
		if g.CurrentStep() == "combat_damage" && int(g.Combat.DamageSteps) > o.steps {
			o.beginStep(int(g.Combat.DamageSteps))
			if d.Kind != rt.DecideDamage {
				o.checkOutcome()
			}
		}
		if d.Kind == rt.DecideGameOver || g.CurrentStep() == "end_of_combat" {
			if o.steps == 0 {
				o.fatalf("the combat ended without a combat damage step")
			}
			return
		}
		if d.Kind != rt.DecideDamage {
			o.snap = o.takeSnap()
		}
		var a rt.Answer
		switch d.Kind {
		case rt.DecidePriority:
			a = rt.Answer{Kind: rt.Pass}
		case rt.DecideAttackers:
			a = rt.Answer{Kind: rt.Declare}
			for _, c := range o.all {
				if c.side == 0 {
					a.Objs = append(a.Objs, c.id)
				}
			}
		case rt.DecideBlockers:
			a = rt.Answer{Kind: rt.Declare}
			for _, c := range o.all {
				for _, x := range c.blocks {
					a.Objs = append(a.Objs, c.id)
					a.Targets = append(a.Targets, int32(x))
				}
			}
		case rt.DecideOrder:
			a = o.order(d)
		case rt.DecideDamage:
			a = o.assign(d)
		default:
			o.fatalf("unexpected decision %v", d.Kind)
		}
		if err := g.Submit(a); err != nil {
			o.fatalf("answer %+v to %v refused: %v", a, d.Kind, err)
		}
	}
	o.fatalf("the combat never ended")
}

// blockersOf lists the creatures declared to block attacker x.
func (o *oracleCase) blockersOf(x rt.ObjID) []rt.ObjID {
	var out []rt.ObjID
	for _, c := range o.all {
		if slices.Contains(c.blocks, x) {
			out = append(out, c.id)
		}
	}
	return out
}

// order answers a damage assignment order decision with a random
// permutation, after checking that it is asked of the right player about
// the right creatures.
func (o *oracleCase) order(d rt.Decision) rt.Answer {
	c := o.by[d.Obj]
	if c == nil || len(c.order) > 0 {
		o.fatalf("order asked for %d, which is not a creature of the test or was ordered already", d.Obj)
	}
	want := c.blocks
	if c.side == 0 {
		want = o.blockersOf(c.id)
	}
	if d.Player != c.side || !sameSet(d.From, want) || len(want) < 2 {
		o.fatalf("order for %v asked of p%d among %v, want p%d among %v", c, d.Player+1, d.From, c.side+1, want)
	}
	c.order = slices.Clone(d.From)
	o.rng.Shuffle(c.order)
	return rt.Answer{Kind: rt.Declare, Objs: slices.Clone(c.order)}
}

func sameSet(a, b []rt.ObjID) bool {
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// recipients is what creature c assigns its combat damage among, in its
// damage assignment order, given what is alive (NoObj last: the defending
// player, for an attacker with trample). unblocked reports an attacker no
// creature was declared to block.
func (o *oracleCase) recipients(c *oCreature, alive map[rt.ObjID]bool) (to []rt.ObjID, unblocked bool) {
	if c.side == 0 {
		declared := o.blockersOf(c.id)
		if len(declared) == 0 {
			return nil, true
		}
		order := c.order
		if len(order) == 0 {
			order = declared
		}
		for _, b := range order {
			if alive[b] {
				to = append(to, b)
			}
		}
		if c.kw["trample"] {
			to = append(to, rt.NoObj)
		}
		return to, false
	}
	order := c.order
	if len(order) == 0 {
		order = c.blocks
	}
	for _, a := range order {
		if alive[a] {
			to = append(to, a)
		}
	}
	return to, false
}

// beginStep models combat damage step k from the state before it: who
// deals damage (510.4, 702.7b, 702.4b), what is assigned without a choice
// (510.1a-d), and who must be asked.
func (o *oracleCase) beginStep(k int) {
	if k != o.steps+1 {
		o.fatalf("combat damage step %d after %d", k, o.steps)
	}
	o.steps = k
	o.st.steps++
	o.open = true
	o.pre = o.snap
	o.known = map[rt.ObjID]map[rt.ObjID]int32{}
	o.dealers, o.choosers, o.asked = nil, nil, nil
	var inCombat []*oCreature
	for _, c := range o.all {
		if o.pre.alive[c.id] && (c.side == 0 || len(c.blocks) > 0) {
			inCombat = append(inCombat, c)
		}
	}
	strikesFirst := func(c *oCreature) bool { return c.kw["first_strike"] || c.kw["double_strike"] }
	switch {
	case k == 1 && slices.ContainsFunc(inCombat, strikesFirst):
		o.firstStep = true
		for _, c := range inCombat {
			if strikesFirst(c) {
				o.dealers = append(o.dealers, c.id)
			}
		}
		o.dealtFirst = slices.Clone(o.dealers)
	case k == 1:
		for _, c := range inCombat {
			o.dealers = append(o.dealers, c.id)
		}
	case k == 2 && o.firstStep:
		for _, c := range inCombat {
			if c.kw["double_strike"] || !slices.Contains(o.dealtFirst, c.id) {
				o.dealers = append(o.dealers, c.id)
			}
		}
	default:
		o.fatalf("an unexpected combat damage step %d", k)
	}
	for _, x := range o.dealers {
		c := o.by[x]
		if c.power <= 0 {
			continue // 510.1a
		}
		to, unblocked := o.recipients(c, o.pre.alive)
		switch {
		case unblocked:
			o.known[x] = map[rt.ObjID]int32{rt.NoObj: c.power} // 510.1b
		case len(to) == 0:
			// 510.1c-d: blocked by no creature left, or blocking none.
		case len(to) == 1:
			o.known[x] = map[rt.ObjID]int32{to[0]: c.power} // all to the only one (or, with trample, to the player)
		default:
			o.choosers = append(o.choosers, x)
		}
	}
}

// lethalNeed is the damage s must assign to r for r to have lethal damage
// assigned, from what the oracle knows of the step so far and what the
// other creatures announced with s assign (others).
func (o *oracleCase) lethalNeed(s, r rt.ObjID, others map[rt.ObjID]map[rt.ObjID]int32) int32 {
	left := o.by[r].tough - o.pre.damage[r]
	for _, known := range []map[rt.ObjID]map[rt.ObjID]int32{o.known, others} {
		for src, m := range known {
			if src == s || m[r] == 0 {
				continue
			}
			if o.by[src].kw["deathtouch"] {
				return 0 // 702.2c: already assigned lethal damage
			}
			left -= m[r]
		}
	}
	left = max(left, 0)
	if o.by[s].kw["deathtouch"] {
		left = min(left, 1)
	}
	return left
}

// divisions lists every division of n damage among k recipients.
func divisions(k int, n int32) [][]int32 {
	var out [][]int32
	cur := make([]int32, k)
	var walk func(i int, left int32)
	walk = func(i int, left int32) {
		if i == k-1 {
			cur[i] = left
			out = append(out, slices.Clone(cur))
			return
		}
		for a := int32(0); a <= left; a++ {
			cur[i] = a
			walk(i+1, left-a)
		}
	}
	walk(0, n)
	return out
}

// maxCombos caps the combinations of divisions tried for one decision:
// beyond it, that many are drawn at random.
const maxCombos = 3000

// assign checks a damage assignment decision against the oracle: the
// player is asked about all of their creatures that have a choice at once,
// and of the combinations of their divisions the engine accepts exactly
// those where each creature assigns lethal damage in order, counting what
// the others assign. It answers with a random legal combination.
func (o *oracleCase) assign(d rt.Decision) rt.Answer {
	var want []rt.ObjID
	for _, x := range o.choosers {
		if o.by[x].side == d.Player && !slices.Contains(o.asked, x) {
			want = append(want, x)
		}
	}
	var got []rt.ObjID
	for _, gr := range d.Groups {
		got = append(got, gr.Source)
	}
	if !slices.Equal(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(want))) || len(got) == 0 || d.Obj != got[0] {
		o.fatalf("damage assignment asked of p%d for %v (first %d); the oracle expects %v (asked already: %v)", d.Player+1, got, d.Obj, want, o.asked)
	}
	o.asked = append(o.asked, got...)
	o.st.decisions++
	if len(got) > 1 {
		o.st.joint++
	}
	tos := make([][]rt.ObjID, len(got))
	options := make([][][]int32, len(got))
	combos := 1
	for i, gr := range d.Groups {
		c := o.by[gr.Source]
		to, _ := o.recipients(c, o.pre.alive)
		if !slices.Equal(gr.From, to) || gr.N != int(c.power) || c.side != d.Player {
			o.fatalf("damage assignment of %v: p%d assigns %d among %v, want p%d %d among %v", c, d.Player+1, gr.N, gr.From, c.side+1, c.power, to)
		}
		tos[i] = to
		options[i] = divisions(len(to), c.power)
		combos *= len(options[i])
	}
	// Enumerate the combinations, or draw maxCombos of them.
	pick := make([]int, len(got))
	var all [][]int
	if combos <= maxCombos {
		var walk func(i int)
		walk = func(i int) {
			if i == len(pick) {
				all = append(all, slices.Clone(pick))
				return
			}
			for k := range options[i] {
				pick[i] = k
				walk(i + 1)
			}
		}
		walk(0)
	} else {
		for n := 0; n < maxCombos; n++ {
			for i := range pick {
				pick[i] = o.rng.Intn(len(options[i]))
			}
			all = append(all, slices.Clone(pick))
		}
	}
	g := o.g
	trial := g.Clone()
	compared, shared, deathtouch := false, false, false
	var legal []map[rt.ObjID]map[rt.ObjID]int32
	var legalAnswers []rt.Answer
	for _, combo := range all {
		assigned := map[rt.ObjID]map[rt.ObjID]int32{}
		a := rt.Answer{Kind: rt.Declare}
		for i, k := range combo {
			m := map[rt.ObjID]int32{}
			for j, r := range tos[i] {
				if n := options[i][k][j]; n > 0 {
					m[r] += n
				}
			}
			assigned[got[i]] = m
			a.Damage = append(a.Damage, rt.Division{Source: got[i], To: slices.Clone(tos[i]), Amounts: slices.Clone(options[i][k])})
		}
		ok := true
		for i, k := range combo {
			s := got[i]
			others := map[rt.ObjID]map[rt.ObjID]int32{}
			for src, m := range assigned {
				if src != s {
					others[src] = m
				}
			}
			amounts := options[i][k]
			for j := range amounts {
				r := tos[i][j]
				if r == rt.NoObj {
					continue
				}
				for src, m := range assigned {
					if src != s && m[r] > 0 {
						shared = true
						deathtouch = deathtouch || o.by[src].kw["deathtouch"]
					}
				}
				for src, m := range o.known {
					if src != s && m[r] > 0 {
						shared = true
						deathtouch = deathtouch || o.by[src].kw["deathtouch"]
					}
				}
				if amounts[j] >= o.lethalNeed(s, r, others) {
					continue
				}
				for later := j + 1; later < len(amounts); later++ {
					if amounts[later] > 0 {
						ok = false
					}
				}
			}
		}
		o.st.divisions++
		trial.CopyFrom(g)
		err := trial.Submit(a)
		if (err == nil) != ok {
			o.fatalf("damage assignment %v of %v among %v: engine error %v, oracle legal %v", a.Damage, got, tos, err, ok)
		}
		if ok {
			o.st.legal++
			legal = append(legal, assigned)
			legalAnswers = append(legalAnswers, a)
			continue
		}
		// The refusal left the game as it was: cheaply each time, whole
		// for the first refusal of each decision.
		if len(trial.Log) != len(g.Log) || len(trial.Combat.Assigned) != len(g.Combat.Assigned) || trial.Pending().Kind != rt.DecideDamage {
			o.fatalf("the refused assignment %v changed the game", a.Damage)
		}
		if !compared {
			compared = true
			o.st.compared++
			if diff := cmp.Diff(g, trial, stateOpts...); diff != "" {
				o.fatalf("the refused assignment %v changed the game:\n%s", a.Damage, diff)
			}
		}
	}
	if shared {
		o.st.shared++
	}
	if deathtouch {
		o.st.deathtouch++
	}
	if len(legal) == 0 {
		if combos > maxCombos {
			// None drawn at random was legal: the default always is.
			a := g.DefaultDamage(d)
			for _, dv := range a.Damage {
				m := map[rt.ObjID]int32{}
				for j, r := range dv.To {
					if dv.Amounts[j] > 0 {
						m[r] += dv.Amounts[j]
					}
				}
				o.known[dv.Source] = m
			}
			return a
		}
		o.fatalf("no legal assignment for %v among %v", got, tos)
	}
	k := o.rng.Intn(len(legal))
	for src, m := range legal[k] {
		o.known[src] = m
	}
	return legalAnswers[k]
}

// checkOutcome compares the game after a combat damage step with what the
// oracle assigned.
func (o *oracleCase) checkOutcome() {
	o.open = false
	if len(o.asked) != len(o.choosers) {
		o.fatalf("the damage was dealt after asking %v; the oracle expects %v to be asked", o.asked, o.choosers)
	}
	g := o.g
	got := map[rt.ObjID]int32{}
	dt := map[rt.ObjID]bool{}
	var gain [2]int32
	var toPlayer int32
	for src, m := range o.known {
		for r, n := range m {
			if r == rt.NoObj {
				toPlayer += n
			} else {
				got[r] += n
				if o.by[src].kw["deathtouch"] && n > 0 {
					dt[r] = true
				}
			}
			if o.by[src].kw["lifelink"] {
				gain[o.by[src].side] += n
			}
		}
	}
	for _, c := range o.all {
		if !o.pre.alive[c.id] {
			continue
		}
		marked := o.pre.damage[c.id] + got[c.id]
		dies := marked >= c.tough || dt[c.id]
		obj := g.Obj(c.id)
		switch {
		case dies && obj.Zone == rt.ZoneBattlefield:
			o.fatalf("%v was dealt %d (marked %d before, deathtouch %v) and survived", c, got[c.id], o.pre.damage[c.id], dt[c.id])
		case !dies && obj.Zone != rt.ZoneBattlefield:
			o.fatalf("%v was dealt %d (marked %d before) and left the battlefield", c, got[c.id], o.pre.damage[c.id])
		case !dies && obj.Damage != marked:
			o.fatalf("%v has %d damage marked, want %d + %d", c, obj.Damage, o.pre.damage[c.id], got[c.id])
		}
	}
	want := [2]int32{o.pre.life[0] + gain[0], o.pre.life[1] + gain[1] - toPlayer}
	if life := [2]int32{g.P(0).Life, g.P(1).Life}; life != want {
		o.fatalf("life %v after combat damage %v, want %v (lifelink %v, %d to p2)", life, o.known, want, gain, toPlayer)
	}
}
