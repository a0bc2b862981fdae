package difftest

import (
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/mtgc-dev/mtgc/compiler"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// Engine is one side of a comparison.
type Engine struct {
	Name  string // "compiled", "interpreted"
	Rules *rt.Rules
}

// Options shape the random games.
type Options struct {
	Turns int32 // stop after this many turns (default 60)
	// Chaos sometimes changes the game between a decision and its answer,
	// as resolving spells would (see chaos).
	Chaos bool
	// StateEvery compares the whole states every that many answers (and at
	// every turn and at the end); 0 means at turns and at the end only.
	StateEvery int
	// Index, if set, is the index every event's rule must be in.
	Index *compiler.Index
	// NoInvariants skips the invariants in Play (to time games alone).
	NoInvariants bool
}

func (o Options) turns() int32 {
	if o.Turns <= 0 {
		return 60
	}
	return o.Turns
}

// StateOpts compare two games' states: every field, unexported ones
// included, except the rules (functions differ by construction), the log
// (compared event by event) and the runtime's scratch buffers.
var StateOpts = []cmp.Option{
	cmp.Exporter(func(reflect.Type) bool { return true }),
	cmpopts.IgnoreFields(rt.Game{}, "Rules", "Log", "scratch", "hits", "zoneBuf", "optKeys", "aux", "watchBuf", "decl", "preds", "live"),
	cmpopts.EquateEmpty(),
}

// StateDiff returns the differences between two games' states under
// StateOpts, or "". reflect.DeepEqual answers first, cmp only when it finds
// a difference (which may be in an ignored field): cmp is a hundred times
// slower, too slow to compare hundreds of games at every answer.
func StateDiff(a, b *rt.Game) string {
	ca, cb := *a, *b
	ca.Rules, cb.Rules, ca.Log, cb.Log = nil, nil, nil, nil
	if reflect.DeepEqual(&ca, &cb) {
		return ""
	}
	return cmp.Diff(a, b, StateOpts...)
}

// Divergence is the first difference between two engines, or an invariant
// that one of them broke.
type Divergence struct {
	Seed   uint64
	Turn   int32
	Step   string
	Answer int // answers submitted before it
	What   string
}

func (d *Divergence) Error() string {
	return fmt.Sprintf("seed %d: turn %d, %s step, after %d answers: %s", d.Seed, d.Turn, d.Step, d.Answer, d.What)
}

// Result summarizes a game that did not diverge.
type Result struct {
	Turns   int32
	Events  int
	Answers int
	Over    bool
	// Stopped says why a game stopped before its end: no answer the
	// policies tried was legal.
	Stopped string
	// StackObjects counts the rules' stack objects put on the stack.
	StackObjects int
}

// Compare plays the random game of seed on a and b in lockstep: the same
// configuration, the same answers (a seeded runtime.RandomPolicy decides
// from a's game) and the same chaos, checking after every Advance that the
// events logged, the decision and the invariants agree, and comparing the
// whole states at every turn, every opt.StateEvery answers and at the
// end. It returns the first *Divergence, or nil.
func Compare(a, b Engine, seed uint64, opt Options) (Result, error) {
	cfg := GameConfig(a.Rules, seed)
	ga, err := rt.New(a.Rules, cfg)
	if err != nil {
		return Result{}, err
	}
	gb, err := rt.New(b.Rules, GameConfig(b.Rules, seed))
	if err != nil {
		return Result{}, err
	}
	pol := &rt.RandomPolicy{RNG: rt.RNG{State: seed ^ 0x5eed}, Unchecked: true}
	ch := &chaos{rng: rt.RNG{State: seed ^ 0xc4a05}}
	inva, invb := NewInvariants(opt.Index), NewInvariants(opt.Index)
	var res Result
	turn := ga.TurnNum
	diverged := func(format string, args ...any) error {
		return &Divergence{Seed: seed, Turn: ga.TurnNum, Step: ga.CurrentStep(), Answer: res.Answers, What: fmt.Sprintf(format, args...)}
	}
	states := func() error {
		if d := StateDiff(ga, gb); d != "" {
			return diverged("the states differ (-%s +%s):\n%s", a.Name, b.Name, d)
		}
		return nil
	}
	logged := 0
	var opts optionBufs
	for {
		da, db := ga.Advance(), gb.Advance()
		if err := compareLogs(ga, gb, a.Name, b.Name, logged); err != "" {
			return res, diverged("%s", err)
		}
		logged = len(ga.Log)
		if !reflect.DeepEqual(da, db) {
			return res, diverged("%s waits for %+v, %s for %+v", a.Name, da, b.Name, db)
		}
		if err := compareOptions(ga, gb, a.Name, b.Name, &opts); err != "" {
			return res, diverged("%s", err)
		}
		if err := inva.Check(ga, da); err != nil {
			return res, diverged("%s: %v", a.Name, err)
		}
		if err := invb.Check(gb, db); err != nil {
			return res, diverged("%s: %v", b.Name, err)
		}
		for _, e := range ga.Log[res.Events:] {
			if e.Kind == rt.EvPutOnStack {
				res.StackObjects++
			}
		}
		res.Turns, res.Events = ga.TurnNum, len(ga.Log)
		end := da.Kind == rt.DecideGameOver || da.Kind == rt.DecideStuck || ga.TurnNum > opt.turns()
		if end || ga.TurnNum != turn || (opt.StateEvery > 0 && res.Answers%opt.StateEvery == 0) {
			turn = ga.TurnNum
			if err := states(); err != nil {
				return res, err
			}
		}
		if end {
			res.Over = ga.Over()
			return res, nil
		}
		if opt.Chaos && da.Kind == rt.DecidePriority {
			if act := ch.next(ga); act != nil {
				act(ga)
				act(gb)
			}
		}
		// The policy may pick an illegal answer (Unchecked: a declaration
		// without a creature that must attack, or one a restriction
		// forbids): it tries again, then falls back to passing or the
		// first cards, as runtime.Run does. Both engines must refuse alike.
		var ans rt.Answer
		var erra error
		for try := 0; try <= maxTries; try++ {
			ans = pol.Decide(ga, da)
			if try == maxTries {
				ans = rt.PassPolicy{}.Decide(ga, da)
			}
			var errb error
			checked := ga.Check(ans)
			erra, errb = ga.Submit(ans), gb.Submit(ans)
			if errString(checked) != errString(erra) {
				return res, diverged("answer %+v: Check says %v, Submit says %v", ans, checked, erra)
			}
			if refusalKey(erra) != refusalKey(errb) {
				return res, diverged("answer %+v: %s says %v, %s says %v", ans, a.Name, erra, b.Name, errb)
			}
			if erra == nil {
				break
			}
		}
		if erra != nil {
			// No legal answer found: the game ends here, alike on both.
			res.Stopped = erra.Error()
			return res, states()
		}
		res.Answers++
	}
}

// compareLogs compares the events logged from index from on, and describes
// the first difference with the events before it.
func compareLogs(ga, gb *rt.Game, na, nb string, from int) string {
	la, lb := ga.Log, gb.Log
	n := max(len(la), len(lb))
	for i := from; i < n; i++ {
		if i < len(la) && i < len(lb) && la[i] == lb[i] {
			continue
		}
		line := func(g *rt.Game, i int) string {
			if i >= len(g.Log) {
				return "(no event)"
			}
			return g.Format(g.Log[i])
		}
		var b strings.Builder
		fmt.Fprintf(&b, "first differing event, #%d:\n\t%-11s %s\n\t%-11s %s\n", i, na+":", line(ga, i), nb+":", line(gb, i))
		if i > 0 {
			b.WriteString("after:\n")
			for j := max(0, i-5); j < i; j++ {
				fmt.Fprintf(&b, "\t%s\n", ga.Format(la[j]))
			}
		}
		return strings.TrimSuffix(b.String(), "\n")
	}
	return ""
}

// maxTries is how many answers the random policy may try before the
// fallback.
const maxTries = 8

// Play plays the random game of seed on one engine, checking the
// invariants after every Advance.
func Play(e Engine, seed uint64, opt Options) (Result, error) {
	g, err := rt.New(e.Rules, GameConfig(e.Rules, seed))
	if err != nil {
		return Result{}, err
	}
	pol := &rt.RandomPolicy{RNG: rt.RNG{State: seed ^ 0x5eed}, Unchecked: true}
	ch := &chaos{rng: rt.RNG{State: seed ^ 0xc4a05}}
	inv := NewInvariants(opt.Index)
	var res Result
	for {
		d := g.Advance()
		if !opt.NoInvariants {
			if err := inv.Check(g, d); err != nil {
				return res, &Divergence{Seed: seed, Turn: g.TurnNum, Step: g.CurrentStep(), Answer: res.Answers, What: fmt.Sprintf("%s: %v", e.Name, err)}
			}
		}
		res.Turns, res.Events = g.TurnNum, len(g.Log)
		if d.Kind == rt.DecideGameOver || d.Kind == rt.DecideStuck || g.TurnNum > opt.turns() {
			res.Over = g.Over()
			return res, nil
		}
		if opt.Chaos && d.Kind == rt.DecidePriority {
			if act := ch.next(g); act != nil {
				act(g)
			}
		}
		var err error
		for try := 0; try <= maxTries; try++ {
			ans := pol.Decide(g, d)
			if try == maxTries {
				ans = rt.PassPolicy{}.Decide(g, d)
			}
			if err = g.Submit(ans); err == nil {
				break
			}
		}
		if err != nil {
			res.Stopped = err.Error()
			return res, nil
		}
		res.Answers++
	}
}

// refusalKey is what two engines must agree on about a refusal: the rule
// and the message, not where the .mtg predicate that refused is (a mutant's
// source has other positions).
func refusalKey(err error) string {
	var r *rt.Refusal
	if errors.As(err, &r) {
		return r.Rule + ": " + r.Msg
	}
	return fmt.Sprint(err)
}
