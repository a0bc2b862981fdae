package difftest_test

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/mtgc-dev/mtgc/internal/difftest"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// hostile decodes answers from fuzz bytes: any kind (unknown ones too),
// indexes negative, past the end or at the limits of their type, huge and
// negative amounts, duplicates.
type hostile struct {
	data []byte
	i    int
}

func (h *hostile) byte() byte {
	if h.i >= len(h.data) {
		return 0
	}
	h.i++
	return h.data[h.i-1]
}

func (h *hostile) done() bool { return h.i >= len(h.data) }

func (h *hostile) int32(n int) int32 {
	switch b := h.byte(); b % 8 {
	case 0:
		return -1
	case 1:
		return -1 << 31
	case 2:
		return 1<<31 - 1
	case 3:
		return int32(n) // one past the last
	case 4:
		return -1 - int32(h.byte()%9) // a player code
	default:
		if n == 0 {
			return 0
		}
		return int32(int(b) % n) // a real index
	}
}

func (h *hostile) list(n int) []int32 {
	out := make([]int32, h.byte()%5)
	for i := range out {
		out[i] = h.int32(n)
	}
	return out
}

func (h *hostile) objs(n int) []rt.ObjID {
	var out []rt.ObjID
	for _, x := range h.list(n) {
		out = append(out, rt.ObjID(x))
	}
	return out
}

func (h *hostile) answer(g *rt.Game) rt.Answer {
	n := len(g.Objs)
	a := rt.Answer{Kind: rt.AnswerKind(h.byte() % 9), Obj: rt.ObjID(h.int32(n)), Objs: h.objs(n), Targets: h.list(n), Amounts: h.list(n), Ability: int(h.int32(4))}
	for range h.byte() % 3 {
		a.Damage = append(a.Damage, rt.Division{Source: rt.ObjID(h.int32(n)), To: h.objs(n), Amounts: h.list(n)})
	}
	return a
}

// submit answers g, turning a panic into an error that fails the test.
func submit(g *rt.Game, a rt.Answer) (err error, panicked error) {
	defer func() {
		if r := recover(); r != nil {
			panicked = fmt.Errorf("Submit(%+v) panics: %v", a, r)
		}
	}()
	return g.Submit(a), nil
}

// FuzzAnswers: random answers to the decisions of random games, on both
// engines. No answer panics; a refused one leaves each game exactly as it
// was (state and log) and cites a rule or is a typed error; both engines
// accept or refuse it alike. Run in CI briefly:
//
//	go test ./internal/difftest -run '^$' -fuzz FuzzAnswers -fuzztime 10s
//
// saveBytes is g's Save without its log (compared by length apart: the
// log makes Save slow, and a refusal logs nothing).
func saveBytes(t *testing.T, g *rt.Game) []byte {
	t.Helper()
	log := g.Log
	g.Log = nil
	defer func() { g.Log = log }()
	var b bytes.Buffer
	if err := g.Save(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// byteDiff shows where two saved states first differ.
func byteDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-80)
	return fmt.Sprintf("before: ...%s...\nafter:  ...%s...", a[from:min(len(a), i+80)], b[from:min(len(b), i+80)])
}

func FuzzAnswers(f *testing.F) {
	ea, eb, _ := engines(f)
	f.Add(uint64(1), []byte{2, 0, 0, 0, 0, 0})             // Cast, Obj -1
	f.Add(uint64(2), []byte{2, 3, 0, 0, 0, 0, 1, 2, 2, 2}) // Cast past the end
	f.Add(uint64(3), []byte{5, 1, 4, 1, 5, 0, 5, 2, 4, 2, 3, 1, 2, 2, 2})
	f.Add(uint64(4), []byte{6, 2, 0, 0, 0, 0, 0, 6, 5, 1, 6, 0, 0, 0, 0})
	f.Add(uint64(5), []byte("declare everything twice, and then some more bytes"))
	f.Fuzz(func(t *testing.T, seed uint64, data []byte) {
		h := &hostile{data: data}
		ga, err := rt.New(ea.Rules, difftest.GameConfig(ea.Rules, seed))
		if err != nil {
			t.Fatal(err)
		}
		gb, err := rt.New(eb.Rules, difftest.GameConfig(eb.Rules, seed))
		if err != nil {
			t.Fatal(err)
		}
		pol := &rt.RandomPolicy{RNG: rt.RNG{State: seed}}
		for step := 0; step < 400 && !h.done(); step++ {
			d := ga.Advance()
			gb.Advance()
			if d.Kind == rt.DecideGameOver || d.Kind == rt.DecideStuck {
				d = rt.Decision{} // still answer: the typed refusal
			}
			a := h.answer(ga)
			ca, cb := ga.Clone(), gb.Clone()
			sa, sb := saveBytes(t, ga), saveBytes(t, gb)
			erra, pa := submit(ga, a)
			errb, pb := submit(gb, a)
			for _, p := range []error{pa, pb} {
				if p != nil {
					t.Fatalf("seed %d, answer %d: %v", seed, step, p)
				}
			}
			if (erra == nil) != (errb == nil) || (erra != nil && erra.Error() != errb.Error()) {
				t.Fatalf("seed %d: answer %+v: compiled says %v, interpreted says %v", seed, a, erra, errb)
			}
			if erra != nil {
				for _, c := range []struct {
					name          string
					before, after *rt.Game
					err           error
				}{{"compiled", ca, ga, erra}, {"interpreted", cb, gb, errb}} {
					if diff := difftest.StateDiff(c.before, c.after); diff != "" || len(c.before.Log) != len(c.after.Log) {
						t.Fatalf("seed %d: refused answer %+v changed the %s game:\n%s", seed, a, c.name, diff)
					}
					// Byte for byte: replays and caches compare Save's bytes.
					before := sa
					if c.name == "interpreted" {
						before = sb
					}
					if after := saveBytes(t, c.after); !bytes.Equal(before, after) {
						t.Fatalf("seed %d: refused answer %+v changed the %s game's saved bytes:\n%s", seed, a, c.name, byteDiff(before, after))
					}
					var ref *rt.Refusal
					if !errors.As(c.err, &ref) || (ref.Rule == "" && ref.Err == nil) {
						t.Fatalf("seed %d: answer %+v refused with %v: no rule, no typed error", seed, a, c.err)
					}
				}
			}
			if d.Kind == rt.DecideNone {
				return // the game is over
			}
			if erra == nil {
				if diff := difftest.StateDiff(ga, gb); diff != "" {
					t.Fatalf("seed %d: after accepted answer %+v the engines differ:\n%s", seed, a, diff)
				}
				continue
			}
			// Move on with a legal answer (the random policy's, or passing).
			legal := pol.Decide(ga, d)
			if ga.Submit(legal) != nil {
				legal = rt.PassPolicy{}.Decide(ga, d)
				if ga.Submit(legal) != nil {
					return // no legal answer found: the game ends here
				}
			}
			if err := gb.Submit(legal); err != nil {
				t.Fatalf("seed %d: %+v accepted by compiled, refused by interpreted: %v", seed, legal, err)
			}
		}
	})
}
