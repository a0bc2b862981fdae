package runtime_test

import (
	"bytes"
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime"
	"github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestReadOnly: a host can read a game but not corrupt it. Two games play
// the same answers; in one, the host writes over everything it reads
// (the decision's slices, the options, the legal actions, the default
// answer, the zones, the combat, the events) before answering, and over
// each answer once submitted. The two
// must stay the same game: the same state saved, the same events, the same
// answers accepted.
func TestReadOnly(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		cfg := sampleConfig(seed)
		clean, err := engine.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		host, err := engine.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		games := [2]*rt.Game{clean, host}
		pols := [2]*rt.UniformPolicy{{RNG: rt.RNG{State: seed}}, {RNG: rt.RNG{State: seed}}}
		var (
			opts   []rt.Option
			legal  []rt.Answer
			ids    []rt.ObjID
			atk    []rt.Attack
			blk    []rt.Block
			events []rt.Event
			seen   = map[rt.DecisionKind]int{}
		)
		for n := 0; n < 4000 && clean.Turn() <= 20; n++ {
			var answers [2]rt.Answer
			for i, g := range games {
				// Both games are read alike; the host's reads are
				// written over.
				w := i == 1
				d := g.Advance()
				if d.Kind == rt.DecideGameOver || d.Kind == rt.DecideStuck {
					answers[i].Kind = 255
					continue
				}
				seen[d.Kind] += i
				if w {
					scribble(d.From)
					for _, gr := range d.Groups {
						scribble(gr.From)
					}
				}
				if p := g.Pending(); w {
					scribble(p.From)
				}
				opts = g.Options(opts[:0], false)
				for j := range opts {
					if w {
						opts[j] = rt.Option{Obj: -7, Kind: rt.Cast}
					}
				}
				legal = g.LegalActions(legal[:0])
				for _, a := range legal {
					if w {
						scribbleAnswer(a)
					}
				}
				if a := (rt.PassPolicy{}).Decide(g, g.Pending()); w {
					scribbleAnswer(a)
				}
				for _, z := range []rt.Zone{rt.ZoneBattlefield, rt.ZoneHand, rt.ZoneLibrary, rt.ZoneGraveyard, rt.ZoneExile, rt.ZoneStack} {
					if ids = g.Zone(z, -1, ids[:0]); w {
						scribble(ids)
					}
				}
				if atk, blk = g.Combat(atk[:0], blk[:0]); w {
					for j := range atk {
						atk[j] = rt.Attack{Attacker: 999}
					}
					for j := range blk {
						blk[j] = rt.Block{Blocker: 999}
					}
				}
				if events = g.Events(0, events[:0]); w {
					for j := range events {
						events[j] = rt.Event{Kind: rt.EvWin, Name: "scribbled"}
					}
				}
				answers[i] = cloneAnswer(pols[i].Decide(g, g.Pending()))
			}
			if !reflect.DeepEqual(answers[0], answers[1]) {
				t.Fatalf("seed %d, decision %d: the same policy answers %+v to the clean game, %+v to the host's", seed, n, answers[0], answers[1])
			}
			if answers[0].Kind == 255 {
				break
			}
			errClean, errHost := clean.Submit(answers[0]), host.Submit(answers[1])
			scribbleAnswer(answers[1]) // what the host gave is the game's: its slices are the host's again
			if (errClean == nil) != (errHost == nil) {
				t.Fatalf("seed %d, decision %d: the clean game says %v, the host's %v", seed, n, errClean, errHost)
			}
		}
		var a, b bytes.Buffer
		if err := clean.Save(&a); err != nil {
			t.Fatal(err)
		}
		if err := host.Save(&b); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("seed %d: the game whose reads were written over is another game", seed)
		}
		if ea, eb := clean.Events(0, nil), host.Events(0, nil); !reflect.DeepEqual(ea, eb) {
			t.Errorf("seed %d: the events differ (%d and %d)", seed, len(ea), len(eb))
		}
		if seed == 1 && seen[rt.DecideDamage]+seen[rt.DecideOrder]+seen[rt.DecideCards] == 0 {
			t.Errorf("seed %d: no decision with candidates to write over (%v): the test shows nothing", seed, seen)
		}
	}
}

func scribble(s []rt.ObjID) {
	for i := range s {
		s[i] = rt.ObjID(1000 + i)
	}
}

func scribbleAnswer(a rt.Answer) {
	scribble(a.Objs)
	for i := range a.Targets {
		a.Targets[i] = -99
	}
	for i := range a.Amounts {
		a.Amounts[i] = 77
	}
	for _, dv := range a.Damage {
		scribble(dv.To)
		for i := range dv.Amounts {
			dv.Amounts[i] = 77
		}
	}
}

func cloneAnswer(a rt.Answer) rt.Answer {
	a.Objs, a.Targets, a.Amounts = slices.Clone(a.Objs), slices.Clone(a.Targets), slices.Clone(a.Amounts)
	dmg := make([]rt.Division, len(a.Damage))
	for i, dv := range a.Damage {
		dmg[i] = rt.Division{Source: dv.Source, To: slices.Clone(dv.To), Amounts: slices.Clone(dv.Amounts)}
	}
	if a.Damage != nil {
		a.Damage = dmg
	}
	return a
}

// TestReadOnlyShape: the host's Game has no exported field, and no method
// of it returns a reference into the game: a result holds no pointer, map,
// function or channel, but for Clone's new *Game, an error, a Decision
// (whose slices Advance and Pending copy: TestReadOnly) and fresh []string;
// a slice is the buffer the caller passed in (a parameter of its type).
func TestReadOnlyShape(t *testing.T) {
	gt := reflect.TypeOf(rt.Game{})
	for i := 0; i < gt.NumField(); i++ {
		if f := gt.Field(i); f.IsExported() {
			t.Errorf("Game has an exported field %s: a host could write it", f.Name)
		}
	}
	allowed := map[reflect.Type]bool{
		reflect.TypeOf((*rt.Game)(nil)):      true, // Clone's copy
		reflect.TypeOf((*error)(nil)).Elem(): true,
		reflect.TypeOf(rt.Decision{}):        true,
		reflect.TypeOf([]string(nil)):        true, // Trace, Plan: made for the caller
	}
	pt := reflect.TypeOf((*rt.Game)(nil))
	for i := 0; i < pt.NumMethod(); i++ {
		m := pt.Method(i)
		params := map[reflect.Type]bool{}
		for j := 1; j < m.Type.NumIn(); j++ {
			params[m.Type.In(j)] = true
		}
		for j := 0; j < m.Type.NumOut(); j++ {
			out := m.Type.Out(j)
			if allowed[out] || params[out] && out.Kind() == reflect.Slice || !holdsRef(out, map[reflect.Type]bool{}) {
				continue
			}
			t.Errorf("(*Game).%s returns %v, which may share the game's memory", m.Name, out)
		}
	}
}

// holdsRef reports whether a value of t can refer to other memory. A string
// can, but is immutable.
func holdsRef(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Func, reflect.Chan, reflect.Slice, reflect.Interface, reflect.UnsafePointer:
		return true
	case reflect.Array:
		return holdsRef(t.Elem(), seen)
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if holdsRef(t.Field(i).Type, seen) {
				return true
			}
		}
	}
	return false
}

// TestConfigMirrors: the host's Config and LogConfig are the
// implementation's field for field (but for Log and Stream, which take the
// host's Game): a field added to one and not the other fails here, before
// Reset drops it silently.
func TestConfigMirrors(t *testing.T) {
	for _, pair := range [][2]reflect.Type{
		{reflect.TypeOf(rt.Config{}), reflect.TypeOf(rtimpl.Config{})},
		{reflect.TypeOf(rt.LogConfig{}), reflect.TypeOf(rtimpl.LogConfig{})},
	} {
		host, impl := pair[0], pair[1]
		if host.NumField() != impl.NumField() {
			t.Errorf("%v has %d fields, %v %d", host, host.NumField(), impl, impl.NumField())
			continue
		}
		for i := 0; i < host.NumField(); i++ {
			h, m := host.Field(i), impl.Field(i)
			same := h.Type == m.Type || h.Name == "Log" || h.Name == "Stream"
			if h.Name != m.Name || !same {
				t.Errorf("%v's field %d is %s %v, %v's %s %v", host, i, h.Name, h.Type, impl, m.Name, m.Type)
			}
		}
	}
}

// TestStreamCannotChange: a Stream function that tries to play, answer,
// reset or set up the game it streams, in the middle of the change that
// made the event, is refused (ErrStreaming) and changes nothing: the game
// is the one a quiet stream plays.
func TestStreamCannotChange(t *testing.T) {
	cfg := func(stream func(*rt.Game, rt.Event)) rt.Config {
		c := sampleConfig(4)
		c.Log = rt.LogConfig{Mode: rt.LogStream, Stream: stream}
		return c
	}
	var quiet, loud []string
	refused := 0
	q, err := engine.New(cfg(func(g *rt.Game, e rt.Event) { quiet = append(quiet, g.Format(e)) }))
	if err != nil {
		t.Fatal(err)
	}
	l, err := engine.New(cfg(func(g *rt.Game, e rt.Event) {
		loud = append(loud, g.Format(e))
		if len(loud)%7 != 0 {
			return
		}
		if d := g.Advance(); d.Kind != rt.DecideNone {
			t.Errorf("Advance in a stream played to %v", d.Kind)
		}
		for _, err := range []error{
			g.Submit(rt.Answer{Kind: rt.Pass}),
			g.Reset(engine.Rules, rt.Config{Players: []rt.PlayerConfig{{Name: "x"}}}),
			g.StartAt(1, 0, "upkeep"),
		} {
			if !errors.Is(err, rt.ErrStreaming) {
				t.Errorf("in a stream: %v, want ErrStreaming", err)
			}
			refused++
		}
		if _, err := g.Create(rt.Card{Name: "X"}, 0, rt.ZoneHand); !errors.Is(err, rt.ErrStreaming) {
			t.Errorf("Create in a stream: %v", err)
		}
		g.CopyFrom(g.Clone())
	}))
	if err != nil {
		t.Fatal(err)
	}
	pq, pl := &rt.UniformPolicy{RNG: rt.RNG{State: 4}}, &rt.UniformPolicy{RNG: rt.RNG{State: 4}}
	q.Run(pq, 3000)
	l.Run(pl, 3000)
	if !slices.Equal(quiet, loud) || refused == 0 {
		t.Errorf("the game whose stream tried to change it is another (%d and %d events; %d refusals)", len(quiet), len(loud), refused)
	}
}

// scribbler answers as its policy does, then writes over the decision it
// was given (when on): what Run hands a policy is the host's copy.
type scribbler struct {
	pol rt.UniformPolicy
	on  bool
}

func (s *scribbler) Decide(g *rt.Game, d rt.Decision) rt.Answer {
	a := cloneAnswer(s.pol.Decide(g, d))
	if s.on {
		scribble(d.From)
		for _, gr := range d.Groups {
			scribble(gr.From)
		}
	}
	return a
}

// TestReadOnlyRun: the decisions Run hands a policy are copies too.
func TestReadOnlyRun(t *testing.T) {
	var saved [2]bytes.Buffer
	for i, on := range []bool{false, true} {
		g, err := engine.New(sampleConfig(11))
		if err != nil {
			t.Fatal(err)
		}
		g.Run(&scribbler{pol: rt.UniformPolicy{RNG: rt.RNG{State: 11}}, on: on}, 5000)
		if err := g.Save(&saved[i]); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(saved[0].Bytes(), saved[1].Bytes()) {
		t.Error("the game whose policy wrote over its decisions is another game")
	}
}

// TestGivenCards: what a host gives a game (the decks of its Config, a
// card to Create) is the game's once given: writing the host's slices
// afterwards changes nothing. The game kept a card's subtypes (a face of
// the game shared them with the host's card) before.
func TestGivenCards(t *testing.T) {
	deck := func() []rt.Card {
		d := rt.SampleDeck(engine.Rules, "green")
		for i := range d {
			d[i].Subtypes = slices.Clone(d[i].Subtypes)
			d[i].Keywords = append([]string{"trample"}, d[i].Keywords...)
		}
		return d
	}
	var saved [2]bytes.Buffer
	for i := range saved {
		d1, d2 := deck(), deck()
		g, err := engine.New(rt.Config{Seed: 3, Players: []rt.PlayerConfig{{Name: "p1", Deck: d1}, {Name: "p2", Deck: d2}}})
		if err != nil {
			t.Fatal(err)
		}
		c := rt.Card{Name: "Bear", Types: engine.Rules.Types("creature"), Power: 2, Toughness: 2, Subtypes: []string{"bear"}, Keywords: []string{"flying"}}
		if _, err := g.Create(c, 0, rt.ZoneBattlefield); err != nil {
			t.Fatal(err)
		}
		if i == 1 { // the host writes what it gave
			for _, d := range [][]rt.Card{d1, d2, {c}} {
				for j := range d {
					for k := range d[j].Subtypes {
						d[j].Subtypes[k] = "island"
					}
					for k := range d[j].Keywords {
						d[j].Keywords[k] = "defender"
					}
				}
			}
		}
		g.Run(&rt.UniformPolicy{RNG: rt.RNG{State: 3}}, 3000)
		if err := g.Save(&saved[i]); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(saved[0].Bytes(), saved[1].Bytes()) {
		t.Error("writing the cards given changed the game")
	}
}

// TestStreamReads: a Stream function may read the game it streams, with
// every query of the host's API (Check, Options, LegalActions, the
// default answer, CanCast...), in the middle of the change that made the
// event: the game is the one a quiet stream plays, event for event.
func TestStreamReads(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		cfg := func(stream func(*rt.Game, rt.Event)) rt.Config {
			c := sampleConfig(seed)
			c.Log = rt.LogConfig{Mode: rt.LogStream, Stream: stream}
			return c
		}
		var quiet, loud []string
		q, _ := engine.New(cfg(func(g *rt.Game, e rt.Event) { quiet = append(quiet, g.Format(e)) }))
		var opts []rt.Option
		var legal []rt.Answer
		l, _ := engine.New(cfg(func(g *rt.Game, e rt.Event) {
			loud = append(loud, g.Format(e))
			d := g.Pending()
			g.Check(rt.Answer{Kind: rt.Pass})
			g.Check(rt.PassPolicy{}.Decide(g, d))
			opts = g.Options(opts[:0], true)
			legal = g.LegalActions(legal[:0])
			g.Forced()
			for _, x := range g.Zone(rt.ZoneHand, -1, nil) {
				g.CanCast(0, x)
				g.CanPlayLand(1, x)
				g.Power(x)
			}
		}))
		q.Run(&rt.UniformPolicy{RNG: rt.RNG{State: seed}}, 3000)
		l.Run(&rt.UniformPolicy{RNG: rt.RNG{State: seed}}, 3000)
		if !slices.Equal(quiet, loud) {
			n := 0
			for n < len(quiet) && n < len(loud) && quiet[n] == loud[n] {
				n++
			}
			t.Errorf("seed %d: differ at event %d of %d/%d: %q vs %q", seed, n, len(quiet), len(loud), at(quiet, n), at(loud, n))
		}
	}
}

func at(s []string, i int) string {
	if i < len(s) {
		return s[i]
	}
	return ""
}

// TestStack: Stack lists what is on the stack as values, the spells with
// their objects (those Zone lists on the stack), bottom first.
func TestStack(t *testing.T) {
	g, err := engine.New(sampleConfig(2))
	if err != nil {
		t.Fatal(err)
	}
	pol := &rt.RandomPolicy{RNG: rt.RNG{State: 2}}
	var entries []rt.StackEntry
	var ids []rt.ObjID
	spells := 0
	for n := 0; n < 3000; n++ {
		d := g.Advance()
		if d.Kind == rt.DecideGameOver || d.Kind == rt.DecideStuck {
			break
		}
		entries, ids = g.Stack(entries[:0]), g.Zone(rt.ZoneStack, -1, ids[:0])
		if len(entries) != len(ids) {
			t.Fatalf("Stack lists %d, Zone %d", len(entries), len(ids))
		}
		for i, e := range entries {
			if e.Source != ids[i] {
				t.Fatalf("entry %d: %v, Zone says %v", i, e.Source, ids[i])
			}
			if e.Spell {
				spells++
				if o := g.Obj(e.Source); o.Zone != rt.ZoneStack || e.Name != "" || e.Controller != int(o.Controller) {
					t.Fatalf("the spell %s on the stack: %+v, its object in %v", g.ObjName(e.Source), e, o.Zone)
				}
			}
		}
		if err := g.Submit(pol.Decide(g, d)); err != nil {
			t.Fatal(err)
		}
	}
	if spells == 0 {
		t.Error("no spell was seen on the stack: the test shows nothing")
	}
}
