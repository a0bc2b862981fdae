package engine_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// refusedUnchanged submits a and requires a refusal that cites a rule (or
// is one of the typed errors) and leaves the game as it was.
func refusedUnchanged(t *testing.T, g *rt.Game, name string, a rt.Answer) error {
	t.Helper()
	before := g.Clone()
	var err error
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("%s: Submit panics: %v", name, r)
			}
		}()
		err = g.Submit(a)
	}()
	if err == nil {
		t.Fatalf("%s: accepted", name)
	}
	var ref *rt.Refusal
	if !errors.As(err, &ref) || (ref.Rule == "" && ref.Err == nil) {
		t.Errorf("%s: refused with %v: want a rule or a typed error", name, err)
	}
	if d := cmp.Diff(before, g, stateOpts...); d != "" {
		t.Errorf("%s: the refusal changed the game:\n%s", name, d)
	}
	return err
}

// TestAnswerIndexesOutOfRange: every index an answer carries is untrusted;
// negative or past the last object, it is refused, never read.
func TestAnswerIndexesOutOfRange(t *testing.T) {
	g := sampleGame(t, 9)
	if d := g.Advance(); d.Kind != rt.DecidePriority {
		t.Fatalf("want priority, got %v", d.Kind)
	}
	past := rt.ObjID(len(g.Objs))
	for _, c := range []struct {
		name string
		a    rt.Answer
	}{
		{"cast -1", rt.Answer{Kind: rt.Cast, Obj: -1}},
		{"cast past the end", rt.Answer{Kind: rt.Cast, Obj: past}},
		{"cast huge", rt.Answer{Kind: rt.Cast, Obj: 1<<31 - 1}},
		{"play land -1", rt.Answer{Kind: rt.PlayLand, Obj: -1}},
		{"play land past the end", rt.Answer{Kind: rt.PlayLand, Obj: past}},
		{"tap -5", rt.Answer{Kind: rt.TapMana, Obj: -5}},
		{"activate -1", rt.Answer{Kind: rt.Activate, Obj: -1}},
		{"activate ability -1", rt.Answer{Kind: rt.Activate, Obj: 0, Ability: -1}},
		{"unknown kind", rt.Answer{Kind: 200}},
	} {
		refusedUnchanged(t, g, c.name, c.a)
	}
}

// TestAnswerToWrongDecision: the zero Answer{} is a pass, so it answers
// priority, and is refused (citing the decision's rule) anywhere else.
func TestAnswerToWrongDecision(t *testing.T) {
	g, _ := combatAt(t, [2][]rt.Card{{{Name: "Bear", Types: engine.Rules.Types("creature"), Power: 2, Toughness: 2}}, {}})
	d := until(t, g, rt.DecideAttackers)
	err := refusedUnchanged(t, g, "zero answer to attackers", rt.Answer{})
	if ref := err.(*rt.Refusal); ref.Rule != d.Rule {
		t.Errorf("zero answer refused citing %q, want the decision's rule %q", ref.Rule, d.Rule)
	}
	refusedUnchanged(t, g, "attacker -1", rt.Answer{Kind: rt.Declare, Objs: []rt.ObjID{-1}})
	refusedUnchanged(t, g, "target past the end", rt.Answer{Kind: rt.Declare, Objs: []rt.ObjID{0}, Targets: []int32{1 << 30}})
	refusedUnchanged(t, g, "target lowest player code", rt.Answer{Kind: rt.Declare, Objs: []rt.ObjID{0}, Targets: []int32{-1 << 31}})
}

// TestSubmitTypedErrors: an answer with no decision pending, or after the
// game ended, is refused with an error errors.Is recognises; the game over
// refusal cites the rule that ended the game.
func TestSubmitTypedErrors(t *testing.T) {
	g := sampleGame(t, 9)
	err := refusedUnchanged(t, g, "before Advance", rt.Answer{})
	if !errors.Is(err, rt.ErrNoDecision) {
		t.Errorf("before Advance: %v, want ErrNoDecision", err)
	}
	g, err = rt.New(engine.Rules, rt.Config{Players: []rt.PlayerConfig{{Name: "p1"}, {Name: "p2"}}, NoShuffle: true})
	if err != nil {
		t.Fatal(err)
	}
	d := g.Advance() // turn 1 skips its draw; the player who draws first from an empty library loses
	for i := 0; d.Kind == rt.DecidePriority && i < 1000; i++ {
		if err := g.Submit(rt.Answer{}); err != nil {
			t.Fatal(err)
		}
		d = g.Advance()
	}
	if d.Kind != rt.DecideGameOver {
		t.Fatalf("want the game over, got %v", d.Kind)
	}
	err = refusedUnchanged(t, g, "after the game", rt.Answer{})
	var ref *rt.Refusal
	if !errors.Is(err, rt.ErrGameOver) || !errors.As(err, &ref) || ref.Rule != "104.2a" {
		t.Errorf("after the game: %v, want ErrGameOver citing 104.2a (the end of the game)", err)
	}
}

// TestKindNamesInRange: the name of a kind out of range (from a decoded
// state or answer) is a placeholder, not a panic.
func TestKindNamesInRange(t *testing.T) {
	if got := rt.DecisionKind(200).String(); got != "decision200" {
		t.Errorf("DecisionKind(200) = %q", got)
	}
	if got := rt.AnswerKind(200).String(); got != "answer200" {
		t.Errorf("AnswerKind(200) = %q", got)
	}
}
