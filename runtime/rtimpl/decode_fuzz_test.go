package rtimpl_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// FuzzReadReplay: whatever bytes a replay holds, ReadReplay never panics
// and what it accepts is within the limits; a game it starts plays its
// answers without a panic. Seeds: a real replay, and issue 26's cases in
// small.
//
//	go test ./runtime -run '^$' -fuzz FuzzReadReplay -fuzztime 2m
func FuzzReadReplay(f *testing.F) {
	var b bytes.Buffer
	rep := rt.NewReplay(engine.Rules, rt.Config{Players: []rt.PlayerConfig{{Name: "p1", Deck: rt.SampleDeck(engine.Rules, "green")}, {Name: "p2", Deck: rt.SampleDeck(engine.Rules, "red")}}, Seed: 3})
	rep.Answers = []rt.Answer{{}, {Kind: rt.Cast, Obj: 3}, {Kind: rt.Declare, Objs: []rt.ObjID{1, 2}, Targets: []int32{-1, -2}}}
	rep.Write(&b)
	f.Add(b.Bytes())
	f.Add([]byte(`{"mtgc_replay":1,"players":[{"name":"p1","deck":[{},{},{}]}],"answers":[{"kind":"pass"},{"kind":"pass"}]}`))
	f.Add([]byte(`{"mtgc_replay":1,"players":[{"name":"p1\n704.5a p2 loses the game","deck":[]}],"answers":[]}`))
	f.Add([]byte(`{"mtgc_replay":1,"players":[{"name":"p1","deck":[{"Name":"X","Triggers":[{"Does":3,"N":2000000000}]}]}]}`))
	f.Add([]byte(`{"mtgc_replay":1,"players":[{},{},{},{},{},{},{},{},{}]}`))
	f.Add([]byte(`{"mtgc_replay":1,"players":[{"name":"p1"}],"answers":[{"kind":"declare","objs":[-1,-1],"amounts":[2147483647,1]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rep, err := rt.ReadReplay(bytes.NewReader(data))
		if err != nil {
			return
		}
		if len(rep.Players) == 0 || len(rep.Players) > rt.MaxReplayPlayers || len(rep.Answers) > rt.MaxReplayAnswers {
			t.Fatalf("accepted past the limits: %d players, %d answers", len(rep.Players), len(rep.Answers))
		}
		for _, p := range rep.Players {
			if len(p.Deck) > rt.MaxReplayCards || strings.ContainsAny(p.Name, "\n\r\x1b") {
				t.Fatalf("accepted a player past the limits: %q, %d cards", p.Name, len(p.Deck))
			}
		}
		rep.RulesHash = engine.Rules.SourceHash
		g, err := rep.Start(engine.Rules)
		if err != nil {
			return
		}
		_ = rep.Play(g, nil) // refusals are errors; a panic fails the fuzz
	})
}

// FuzzLoad: whatever bytes a saved state holds, Load never panics, and a
// game it accepts survives Advance and Options without a panic. Seeds: a
// real state and issue 26's cases (NoObj in a hand, an object in two
// zones, a stack item without a source).
//
//	go test ./runtime -run '^$' -fuzz FuzzLoad -fuzztime 2m
func FuzzLoad(f *testing.F) {
	g, _ := rt.New(engine.Rules, rt.Config{Players: []rt.PlayerConfig{{Name: "p1", Deck: rt.SampleDeck(engine.Rules, "green")}, {Name: "p2", Deck: rt.SampleDeck(engine.Rules, "red")}}, Seed: 1})
	for i := 0; i < 30; i++ {
		g.Advance()
		g.Submit(rt.Answer{})
	}
	g.Log = nil
	var b bytes.Buffer
	g.Save(&b)
	good := b.String()
	f.Add(good)
	f.Add(strings.Replace(good, `"Hand":[`, `"Hand":[-1,`, 1))
	f.Add(strings.Replace(good, `"Library":[`, `"Library":[0,0,`, 1))
	f.Add(strings.Replace(good, `"Stack":null`, `"Stack":[{"About":-1,"Args":[0,0,0],"Controller":0,"Damage":null,"Object":0,"Source":-1,"Trigger":{"Count":0,"Does":0,"Keyword":-1,"Label":"","N":0,"On":0,"Segment":"","Then":"","Yours":false}}]`, 1))
	f.Add(strings.Replace(good, `"Active":0`, `"Active":-128`, 1))
	f.Fuzz(func(t *testing.T, text string) {
		g, err := rt.Load(engine.Rules, strings.NewReader(text))
		if err != nil {
			return
		}
		defer func() {
			if p := recover(); p != nil {
				t.Fatalf("an accepted state panics: %v", p)
			}
		}()
		for i := 0; i < 20; i++ {
			d := g.Advance()
			g.Options(nil, true)
			if d.Kind == rt.DecideNone || d.Kind == rt.DecideGameOver || d.Kind == rt.DecideStuck {
				return
			}
			g.Submit(rt.Answer{})
		}
	})
}
