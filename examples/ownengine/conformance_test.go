// The tests of a project that generated its own engine (package myengine)
// with mtgc: the upstream conformance corpus, scripts of its own, and a
// game driven through the decision API.
package ownengine_test

import (
	"flag"
	"testing"

	"github.com/mtgc-dev/mtgc/conformance"
	rt "github.com/mtgc-dev/mtgc/runtime"

	"example.com/ownengine/myengine"
)

var update = flag.Bool("update", false, "rewrite the golden files of our own scripts")

// TestUpstreamCorpus runs mtgc's own corpus, compiled into the conformance
// package, with its known-failures list, against our engine.
func TestUpstreamCorpus(t *testing.T) {
	conformance.RunCorpus(t, myengine.Rules)
}

// TestOwnScripts runs our scripts, in testdata/, against our engine. Their
// "# rules:" lines and the events of their games must cite rules of the
// edition's index.
func TestOwnScripts(t *testing.T) {
	conformance.Run(t, myengine.Rules, "testdata", *update)
}

// TestGame plays a seeded game between the sample decks with random legal
// answers: every event cites a rule of the index, and the game ends or
// reaches turn 30 without the engine refusing a legal answer.
func TestGame(t *testing.T) {
	idx, err := conformance.DefaultIndex(myengine.Edition)
	if err != nil || idx == nil {
		t.Fatalf("no index for %s: %v", myengine.Edition, err)
	}
	g, err := myengine.New(rt.Config{
		Players: []rt.PlayerConfig{{Name: "p1", Deck: rt.SampleDeck(myengine.Rules, "green")}, {Name: "p2", Deck: rt.SampleDeck(myengine.Rules, "red")}},
		Seed:    7,
	})
	if err != nil {
		t.Fatal(err)
	}
	policy := &rt.RandomPolicy{RNG: rt.RNG{State: 7}}
	for i := 0; g.Turn() <= 30; i++ {
		if i == 100000 {
			t.Fatalf("turn %d: 100000 decisions without reaching turn 31", g.Turn())
		}
		d := g.Advance()
		if d.Kind == rt.DecideGameOver || d.Kind == rt.DecideStuck {
			break
		}
		if err := g.Submit(policy.Decide(g, d)); err != nil {
			t.Fatalf("turn %d: a legal answer was refused: %v", g.Turn(), err)
		}
	}
	events := g.Events(0, nil)
	for _, e := range events {
		if !idx.Has(e.Rule) {
			t.Errorf("event %q cites a rule outside the %s index", g.Format(e), idx.Edition)
		}
	}
	if len(events) == 0 {
		t.Fatal("nothing happened")
	}
	t.Logf("%d events; last: %s", len(events), conformance.TitledLine(g, events[len(events)-1], idx))
}
