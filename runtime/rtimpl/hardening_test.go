package rtimpl_test

import (
	"bytes"
	"io"
	"math"
	"os"
	"path/filepath"
	goruntime "runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// repeat is a reader of s repeated n times, without holding it all.
func repeat(s string, n int) io.Reader {
	return io.LimitReader(&cycle{s: s}, int64(len(s))*int64(n))
}

type cycle struct {
	s string
	i int
}

func (c *cycle) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		k := copy(p[n:], c.s[c.i:])
		n += k
		c.i = (c.i + k) % len(c.s)
	}
	return n, nil
}

// allocated runs f and returns the bytes it allocated.
func allocated(f func()) uint64 {
	var a, b goruntime.MemStats
	goruntime.GC()
	goruntime.ReadMemStats(&a)
	f()
	goruntime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// TestReplayLimitsAsRead (issue 26, item 5): a deck of 21 million cards and
// 3.9 million answers are refused when the count is passed, having read
// and allocated little.
func TestReplayLimitsAsRead(t *testing.T) {
	for _, c := range []struct {
		name string
		r    func() io.Reader
		want string
	}{
		{"deck", func() io.Reader {
			return io.MultiReader(strings.NewReader(`{"mtgc_replay":1,"players":[{"name":"p1","deck":[{}`), repeat(",{}", 21_000_000), strings.NewReader(`]}],"answers":[]}`))
		}, "more than 1000 cards"},
		{"answers", func() io.Reader {
			return io.MultiReader(strings.NewReader(`{"mtgc_replay":1,"players":[{"name":"p1","deck":[]}],"answers":[{"kind":"pass"}`), repeat(`,{"kind":"pass"}`, 3_900_000), strings.NewReader(`]}`))
		}, "more than 1048576 answers"},
		{"players", func() io.Reader {
			return io.MultiReader(strings.NewReader(`{"mtgc_replay":1,"players":[{}`), repeat(`,{"name":"p"}`, 1_000_000), strings.NewReader(`]}`))
		}, "more than 8 players"},
	} {
		var err error
		cr := &countingReader{r: c.r()}
		n := allocated(func() { _, err = rt.ReadReplay(cr) })
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
		if cr.n > 20<<20 {
			t.Errorf("%s: %d MB read before the refusal", c.name, cr.n>>20)
		}
		if c.name != "answers" && n > 16<<20 {
			t.Errorf("%s: %d MB allocated before the refusal", c.name, n>>20)
		}
	}
	// Still: a replay larger than its limit is refused.
	_, err := rt.ReadReplay(io.MultiReader(strings.NewReader(`{"meta":{"x":"`), repeat("x", rt.MaxReplayBytes)))
	if err == nil || !strings.Contains(err.Error(), "too large") {
		t.Errorf("oversize replay: %v", err)
	}
}

// TestReplayPlayerNames (item 10): a player name with a newline or an ANSI
// escape is refused (it would forge trace lines), by ReadReplay and New.
func TestReplayPlayerNames(t *testing.T) {
	for _, name := range []string{"p1\n704.5a p2 loses the game", "\x1b[2J", "a\rb", "\u202e"} {
		var b bytes.Buffer
		rep := rt.NewReplay(engine.Rules, rt.Config{Players: []rt.PlayerConfig{{Name: name}, {Name: "p2"}}})
		if err := rep.Write(&b); err != nil {
			t.Fatal(err)
		}
		if _, err := rt.ReadReplay(&b); err == nil || !strings.Contains(err.Error(), "printable") {
			t.Errorf("ReadReplay %q: %v", name, err)
		}
		if _, err := rt.New(engine.Rules, rt.Config{Players: []rt.PlayerConfig{{Name: name}, {Name: "p2"}}}); err == nil {
			t.Errorf("New %q: accepted", name)
		}
	}
}

// TestReplayCardText (issue 35 item 6): a card name or an ability's label
// with a newline or an escape is refused by New, as a player name is: a
// replay's deck can't forge trace lines.
func TestReplayCardText(t *testing.T) {
	bad := "Bear\n704.5a p2 loses the game"
	for _, c := range []rt.Card{
		{Name: bad, Types: engine.Rules.Types("creature"), Power: 2, Toughness: 2},
		{Name: "Bear", Types: engine.Rules.Types("creature"), Power: 2, Toughness: 2, Triggers: []rt.Trigger{{Triggered: rt.Triggered{Label: "\x1b[2J"}}}},
		{Name: "Totem", Types: engine.Rules.Types("artifact"), Abilities: []rt.Ability{{Label: "a\rb"}}},
		{Name: "Elf", Types: engine.Rules.Types("creature"), Subtypes: []string{"elf\u202e"}},
	} {
		if _, err := rt.New(engine.Rules, rt.Config{Players: []rt.PlayerConfig{{Name: "p1", Deck: []rt.Card{c}}, {Name: "p2"}}}); err == nil || !strings.Contains(err.Error(), "printable") {
			t.Errorf("New with card %+v: %v", c, err)
		}
	}
	if _, err := rt.New(engine.Rules, rt.Config{Players: []rt.PlayerConfig{{Name: "p1", Deck: rt.SampleDeck(engine.Rules, "green")}, {Name: "p2"}}}); err != nil {
		t.Errorf("a sample deck is refused: %v", err)
	}
}

func saved(t *testing.T) string {
	t.Helper()
	g, err := rt.New(engine.Rules, rt.Config{Players: []rt.PlayerConfig{{Name: "p1", Deck: rt.SampleDeck(engine.Rules, "green")}, {Name: "p2", Deck: rt.SampleDeck(engine.Rules, "red")}}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 40; i++ { // a few turns in: the zones and the stack hold something
		g.Advance()
		g.Submit(rt.Answer{})
	}
	var b bytes.Buffer
	if err := g.Save(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestLoadValidatesReferences (item 5): NoObj (-1) in a hand, a library,
// the battlefield or as a spell's source, an object in two zones, or a
// stack item's controller that is no player, is refused by Load instead of
// panicking the next Options or Advance.
func TestLoadValidatesReferences(t *testing.T) {
	good := saved(t)
	if _, err := rt.Load(engine.Rules, strings.NewReader(good)); err != nil {
		t.Fatalf("the good state: %v", err)
	}
	for name, c := range map[string]struct{ old, new, want string }{
		"hand":        {`"Hand":[`, `"Hand":[-1,`, "does not exist"},
		"library":     {`"Library":[`, `"Library":[-1,`, "does not exist"},
		"battlefield": {`"Battlefield":[`, `"Battlefield":[-1,`, "does not exist"},
		"twice":       {`"Battlefield":[`, `"Battlefield":[0,0,`, "is in"},
		"stack":       {`"Stack":null`, `"Stack":[{"About":-1,"Args":[0,0,0],"Controller":0,"Damage":null,"Object":0,"Recipient":-1,"Source":-1,"Unchosen":0,"Trigger":{"Delay":{"Arg":0,"Args":[0,0,0],"Effect":0,"Event":0,"Label":"","Segment":""},"Triggered":{"Arg":0,"Args":[0,0,0],"Effect":0,"Event":0,"Label":"","Segment":""}},"Value":0}]`, "stack item"},
		"controller":  {`"Stack":null`, `"Stack":[{"About":-1,"Args":[0,0,0],"Controller":-128,"Damage":null,"Object":0,"Recipient":-1,"Source":0,"Unchosen":0,"Trigger":{"Delay":{"Arg":0,"Args":[0,0,0],"Effect":0,"Event":0,"Label":"","Segment":""},"Triggered":{"Arg":0,"Args":[0,0,0],"Effect":0,"Event":0,"Label":"","Segment":""}},"Value":0}]`, "stack item"},
	} {
		if !strings.Contains(good, c.old) {
			t.Fatalf("%s: the saved state has no %s", name, c.old)
		}
		text := strings.Replace(good, c.old, c.new, 1)
		text = strings.ReplaceAll(text, ",]", "]")
		g, err := rt.Load(engine.Rules, strings.NewReader(text))
		if err == nil {
			func() {
				defer func() {
					if p := recover(); p != nil {
						t.Errorf("%s: accepted, then panics: %v", name, p)
					}
				}()
				g.Advance()
				g.Options(nil, true)
			}()
			t.Errorf("%s: accepted", name)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", name, err, c.want)
		}
	}
}

// TestLoadLimitsAsRead (item 5): 40 million battlefield entries are
// refused as they are read, with little allocated.
func TestLoadLimitsAsRead(t *testing.T) {
	good := saved(t)
	i := strings.Index(good, `"Battlefield":[`) + len(`"Battlefield":[`)
	var err error
	cr := &countingReader{r: io.MultiReader(strings.NewReader(good[:i]+"0"), repeat(",0", 40_000_000), strings.NewReader(good[i:]))}
	n := allocated(func() { _, err = rt.Load(engine.Rules, cr) })
	if err == nil || !strings.Contains(err.Error(), "more than") {
		t.Errorf("got %v, want a limit", err)
	}
	if cr.n > 8<<20 {
		t.Errorf("%d MB read before the refusal", cr.n>>20)
	}
	if n > 512<<20 {
		t.Errorf("%d MB allocated before the refusal", n>>20)
	}
}

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// TestArithmeticSaturates (item 8): life, damage and power saturate at
// the bounds of int32 instead of wrapping.
func TestArithmeticSaturates(t *testing.T) {
	g, err := rt.New(engine.Rules, rt.Config{Players: []rt.PlayerConfig{{Name: "p1", Deck: rt.SampleDeck(engine.Rules, "green")}, {Name: "p2", Deck: rt.SampleDeck(engine.Rules, "red")}}, Seed: 1, NoOpeningHand: true})
	if err != nil {
		t.Fatal(err)
	}
	g.Players[0].Life = math.MaxInt32
	rt.Exec{Game: g}.GainLife(0, 1, "119.3")
	if got := g.Players[0].Life; got != math.MaxInt32 {
		t.Errorf("2^31-1 life + 1 = %d", got)
	}
	g.Players[1].Life = math.MinInt32 + 1
	rt.Exec{Game: g}.LoseLife(1, math.MaxInt32, "119.3")
	if got := g.Players[1].Life; got != math.MinInt32 {
		t.Errorf("life lost past the bound: %d", got)
	}
	x, err := g.Create(rt.Card{Name: "Bears", Types: engine.Rules.Types("creature"), Power: 2, Toughness: 2}, 0, rt.ZoneBattlefield)
	if err != nil {
		t.Fatal(err)
	}
	rt.Exec{Game: g}.AddEffect(rt.Effect{Target: x, Power: math.MaxInt32, Toughness: math.MaxInt32})
	if p, tg := g.Power(x), g.Toughness(x); p != math.MaxInt32 || tg != math.MaxInt32 {
		t.Errorf("a pump past the bound: %d/%d", p, tg)
	}
	rt.Exec{Game: g}.MarkDamage(x, math.MaxInt32, "120.3")
	rt.Exec{Game: g}.MarkDamage(x, math.MaxInt32, "120.3")
	if d := g.Objs[x].Damage; d != math.MaxInt32 {
		t.Errorf("damage marked past the bound: %d", d)
	}
}

// TestTooManyPlayers (item 8): a configuration beyond what the types hold
// (129 players; Owner and Controller are int8) is refused with an error,
// not a panic.
func TestTooManyPlayers(t *testing.T) {
	players := make([]rt.PlayerConfig, 129)
	for i := range players {
		players[i].Deck = rt.SampleDeck(engine.Rules, "green")[:1]
	}
	_, err := rt.New(engine.Rules, rt.Config{Players: players})
	if err == nil || !strings.Contains(err.Error(), "at most 127") {
		t.Errorf("129 players: %v", err)
	}
}

// TestManyAttackersNotAlone (item 8): with 257 declared attackers none
// "attacks alone" (an int8 count wrapped to 1).
func TestManyAttackersNotAlone(t *testing.T) {
	var names []string
	for i := 1; i <= 257; i++ {
		names = append(names, "'Bears#"+strconv.Itoa(i)+"'")
	}
	src := "# rules: 506.5\ngame\nlibrary p1 A count=2\nlibrary p2 B count=2\nbattlefield p1 Bears creature 2/2 count=257\nat declare_attackers\nattack p1 " + strings.Join(names, " ") + "\nadvance\n! expect alone attacks 'Bears#1'\n! expect alone attacks 'Bears#2'\n"
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "many.txtar"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	scripts, err := conformance.ReadCorpus(dir)
	if err != nil {
		t.Fatal(err)
	}
	r := conformance.RunScripts(conformance.Config{Rules: engine.Rules}, scripts, false)[0]
	if r.Failed {
		t.Errorf("257 attackers:\n%s", r.Log)
	}
}

// TestRefusalKeepsSavedBytes (item 11): a block declaration refused by a
// restriction (702.110b, menace) leaves Save's bytes as they were, byte
// for byte (Combat.Blocks and scratch buffers did go from null to []).
func TestRefusalKeepsSavedBytes(t *testing.T) {
	src := "# rules: 702.110b\ngame\nlibrary p1 A count=2\nlibrary p2 B count=2\nbattlefield p1 Brute creature 3/3 menace\nbattlefield p1 Ogre creature 3/3\nbattlefield p2 Bears creature 2/2\nbattlefield p2 Wall creature 0/4\nat declare_attackers\nattack p1 Brute Ogre\nuntil declare_blockers\n"
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "menace.txtar"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	scripts, err := conformance.ReadCorpus(dir)
	if err != nil {
		t.Fatal(err)
	}
	games := &conformance.Games{}
	if r := conformance.RunScripts(conformance.Config{Rules: engine.Rules, Games: games}, scripts, false)[0]; r.Failed {
		t.Fatal(r.Log)
	}
	gs := games.Of("menace")
	if len(gs) != 1 {
		t.Fatalf("%d games", len(gs))
	}
	g := gs[0]
	obj := func(name string) rt.ObjID {
		for i := range g.Objs {
			if (rt.Exec{Game: g}).Face(rt.ObjID(i)).Name == name {
				return rt.ObjID(i)
			}
		}
		t.Fatalf("no %s", name)
		return rt.NoObj
	}
	save := func() []byte {
		var b bytes.Buffer
		if err := g.Save(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	if d := g.Advance(); d.Kind != rt.DecideBlockers {
		t.Fatalf("pending %v, want the blockers", d.Kind)
	}
	before := save()
	for _, a := range []rt.Answer{
		{Kind: rt.Declare, Objs: []rt.ObjID{obj("Bears")}, Targets: []int32{int32(obj("Brute"))}},
		{Kind: rt.Declare, Objs: []rt.ObjID{obj("Bears"), obj("Wall")}, Targets: []int32{int32(obj("Brute")), int32(obj("Ogre"))}},
	} {
		if err := g.Submit(a); err == nil || !strings.Contains(err.Error(), "702.111b") {
			t.Fatalf("%+v: %v, want the menace refusal", a, err)
		}
		if after := save(); !bytes.Equal(before, after) {
			i := 0
			for i < len(before) && i < len(after) && before[i] == after[i] {
				i++
			}
			t.Fatalf("the refusal changed the saved bytes at %d:\nbefore ...%s\nafter  ...%s", i, before[max(0, i-100):min(len(before), i+60)], after[max(0, i-100):min(len(after), i+60)])
		}
	}
}
