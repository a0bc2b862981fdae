package derive

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestGeneric: the reviewed list is what stands between a function that
// reads the rules' kinds and the deciders. Unlisting an entry makes it a
// decider (so a function that starts deciding and is not listed is
// counted, and runtime.txt's TestDerive fails until it is reviewed), and
// listing a function the runtime does not have fails Derive.
func TestGeneric(t *testing.T) {
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	for name, why := range Generic {
		if strings.TrimSpace(strings.TrimPrefix(why, Evaluator)) == "" {
			t.Errorf("Generic[%q] says no reason", name)
		}
	}
	const entry = "(Exec).Holds2"
	why, ok := Generic[entry]
	if !ok {
		t.Fatalf("%s is not listed: choose another entry for this test", entry)
	}
	delete(Generic, entry)
	tab, err := Derive(root, nil)
	Generic[entry] = why
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := tab.Decider(entry); !ok {
		t.Errorf("unlisted, %s (which reads a PredKind parameter) is no decider", entry)
	}
	tab, err = Derive(root, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := tab.Decider(entry); ok {
		t.Errorf("listed, %s is a decider", entry)
	}
	if _, ok := tab.Decider("(*Game).pay"); !ok {
		t.Error("(*Game).pay, which calls an evaluator and branches on what deciders answer, is no decider")
	}
	// Decides: a function listed as deciding is one, though nothing marks
	// it; listed in both lists, or absent, it fails the derivation.
	for name := range Decides {
		if d, ok := tab.Decider(name); !ok || !slices.Contains(d.Marks, "listed") {
			t.Errorf("%s, listed in Decides, is no decider marked listed", name)
		}
	}
	why = Generic["(*Game).payableAfter"]
	Decides["(*Game).payableAfter"] = "a test's"
	delete(Generic, "(*Game).payableAfter")
	dt, err := Derive(root, nil)
	Generic["(*Game).payableAfter"] = why
	if d, ok := dt.Decider("(*Game).payableAfter"); err != nil || !ok || !slices.Contains(d.Marks, "listed") {
		t.Errorf("payableAfter listed in Decides: err %v, decider %v %v, want one marked listed", err, ok, d.Marks)
	}
	_, err = Derive(root, nil)
	delete(Decides, "(*Game).payableAfter")
	if err == nil || !strings.Contains(err.Error(), "both") {
		t.Errorf("a function in both lists: err = %v, want one saying so", err)
	}
	Generic["(*Game).noSuchFunction"] = "a test's"
	_, err = Derive(root, nil)
	delete(Generic, "(*Game).noSuchFunction")
	if err == nil || !strings.Contains(err.Error(), "noSuchFunction") {
		t.Errorf("listing a function the runtime lacks: err = %v, want one naming it", err)
	}
}

// TestCombines: a function that branches on a decider's answer decides
// (mark "combines"), though it reads no kind and no decider calls it:
// in the runtime, the priority loop (which branches on what
// chooseTargets and stackTriggers answer); and in a synthetic runtime, each way of
// branching on an answer, and what does not count.
func TestCombines(t *testing.T) {
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := Derive(root, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Forced branched on mayAct's answer, priorityOptions' passed on:
	// since the priority actions' conditions are the .mtg's require lines
	// (enumerateOptions evaluates them, listed), what it answers is the
	// rules', and neither decides.
	for _, name := range []string{"(*Game).Forced", "(*Game).mayAct", "(*Game).priorityOptions"} {
		if _, ok := tab.Decider(name); ok {
			t.Errorf("%s is a decider: the priority options are the .mtg's actions, evaluated", name)
		}
	}
	// The priority loop is listed (generic.go): what it decided is the
	// .mtg's statements, which it runs.
	if _, ok := tab.Decider("(*Game).priority"); ok {
		t.Errorf("(*Game).priority is a decider: the priority loop runs the .mtg's statements")
	}
	for name, marks := range map[string]string{
		"(*Game).pay": "combines eval", // (the payment: what casting reaches)
	} {
		d, ok := tab.Decider(name)
		if !ok {
			t.Errorf("%s is no decider", name)
			continue
		}
		if got := strings.Join(d.Marks, " "); got != marks {
			t.Errorf("%s: marks %q, want %q", name, got, marks)
		}
	}

	dir := filepath.Join(t.TempDir(), "runtime", "rtimpl")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	const src = `package rtimpl

type PredKind int

type Game struct{ n int }

func (g *Game) Advance() {}

// test reads a kind: a decider.
func (g *Game) test(k PredKind) bool { return k != 0 }

// wrap passes test's answer on: it answers for it.
func (g *Game) wrap() bool { return g.test(1) }

func (g *Game) helper() int { return g.n }

func (g *Game) inIf() int {
	if g.test(2) {
		return g.helper()
	}
	return 0
}

func (g *Game) inAnd(x bool) bool {
	y := x && g.test(3)
	return y
}

func (g *Game) throughVar() int {
	ok := g.test(4)
	same := ok
	for same {
		return 1
	}
	return 0
}

func (g *Game) inSwitch() int {
	switch g.test(5) {
	case true:
		return 1
	}
	return 0
}

func (g *Game) inReturn() bool { return !g.test(6) }

func (g *Game) comparedInReturn() bool {
	bad := g.test(10)
	return bad == false
}

func (g *Game) throughWrapper() bool {
	if g.wrap() {
		return true
	}
	return false
}

func (g *Game) ofCombiner() bool { return g.n > 0 || g.inIf() > 0 }

// Not branching on an answer: passing it on, storing it, ranging over a
// list it is in.
func (g *Game) passes() bool { return g.test(7) }

func (g *Game) stores() { g.n = len(g.list()) }

func (g *Game) list() []bool { return []bool{g.test(8)} }

func (g *Game) ranges() {
	for range g.list() {
		g.n++
	}
}

// listed generic: no decider, whatever it branches on.
func (g *Game) listed() bool {
	if g.test(9) {
		return true
	}
	return false
}
`
	if err := os.WriteFile(filepath.Join(dir, "x.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	saved, savedDecides := Generic, Decides
	Generic, Decides = map[string]string{"(*Game).listed": "a test's"}, nil
	syn, err := Derive(filepath.Dir(filepath.Dir(dir)), nil)
	Generic, Decides = saved, savedDecides
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"(*Game).test":             "PredKind",
		"(*Game).inIf":             "combines reached", // ofCombiner calls it
		"(*Game).inAnd":            "combines",
		"(*Game).throughVar":       "combines",
		"(*Game).inSwitch":         "combines",
		"(*Game).inReturn":         "combines",
		"(*Game).comparedInReturn": "combines",
		"(*Game).throughWrapper":   "combines",
		"(*Game).ofCombiner":       "combines",
		"(*Game).helper":           "reached", // a combiner calls it
		"(*Game).wrap":             "reached",
	}
	got := map[string]string{}
	for _, d := range syn.Deciders {
		got[d.Func] = strings.Join(d.Marks, " ")
	}
	for name, marks := range want {
		if got[name] != marks {
			t.Errorf("synthetic %s: marks %q, want %q", name, got[name], marks)
		}
	}
	for name, marks := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("synthetic %s is a decider (%s): it branches on no decider's answer", name, marks)
		}
	}
}
