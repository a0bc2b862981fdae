package engine_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// recordGame plays a seeded uniform game, recording a replay.
func recordGame(t testing.TB, seed uint64, turns int32) (*rt.Game, *rt.Replay) {
	cfg := sampleConfig(seed, rt.LogConfig{})
	g, err := rt.New(engine.Rules, cfg)
	if err != nil {
		t.Fatal(err)
	}
	rep := rt.NewReplay(engine.Rules, cfg)
	pol := &rt.UniformPolicy{RNG: rt.RNG{State: seed}}
	for {
		d := g.Advance()
		if d.Kind == rt.DecideGameOver || d.Kind == rt.DecideStuck || g.TurnNum > turns {
			return g, rep
		}
		a := pol.Decide(g, d)
		if err := g.Submit(a); err != nil {
			t.Fatal(err)
		}
		rep.Answers = append(rep.Answers, cloneAnswer(a))
	}
}

// cloneAnswer copies every slice of an answer: a policy's answer may hold
// the game's buffers, which later decisions write.
func cloneAnswer(a rt.Answer) rt.Answer {
	a.Objs, a.Targets = append([]rt.ObjID(nil), a.Objs...), append([]int32(nil), a.Targets...)
	a.Amounts, a.Damage = append([]int32(nil), a.Amounts...), append([]rt.Division(nil), a.Damage...)
	for i := range a.Damage {
		d := &a.Damage[i]
		d.To, d.Amounts = append([]rt.ObjID(nil), d.To...), append([]int32(nil), d.Amounts...)
	}
	return a
}

// TestReplayRoundTrip: a replay written and read back plays the same game,
// to the same events and state.
func TestReplayRoundTrip(t *testing.T) {
	for seed := uint64(1); seed <= 8; seed++ {
		g, rep := recordGame(t, seed, 30)
		var b bytes.Buffer
		if err := rep.Write(&b); err != nil {
			t.Fatal(err)
		}
		back, err := rt.ReadReplay(&b)
		if err != nil {
			t.Fatal(err)
		}
		r, err := back.Start(engine.Rules)
		if err != nil {
			t.Fatal(err)
		}
		if err := back.Play(r, func(rt.Decision) {}); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if d := cmp.Diff(g.Trace(0), r.Trace(0)); d != "" {
			t.Fatalf("seed %d: the replay's trace differs:\n%s", seed, d)
		}
		if d := cmp.Diff(g, r, stateOpts...); d != "" {
			t.Fatalf("seed %d: the replay's state differs:\n%s", seed, d)
		}
	}
}

// FuzzReplay: whatever the file, reading and playing a replay returns an
// error or plays; it never panics (Play reports an engine failure as an
// error: the fuzzer fails on that error too).
func FuzzReplay(f *testing.F) {
	_, rep := recordGame(f, 3, 4)
	var b bytes.Buffer
	rep.Write(&b)
	f.Add(b.Bytes())
	f.Add([]byte(`{"mtgc_replay":1,"players":[{"name":"a","deck":[]}],"answers":[{"kind":"declare","objs":[-7,3],"targets":[99,-100]}]}`))
	f.Add([]byte(`{"mtgc_replay":1,"players":[{"name":"a","deck":[{"Name":"x","Types":2,"Power":-5}]}],"answers":[]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rep, err := rt.ReadReplay(bytes.NewReader(data))
		if err != nil {
			return
		}
		rep.RulesHash = engine.Rules.SourceHash
		g, err := rep.Start(engine.Rules)
		if err != nil {
			return
		}
		if err := rep.Play(g, func(rt.Decision) {}); err != nil && strings.Contains(err.Error(), "engine failed") {
			t.Fatal(err)
		}
	})
}
