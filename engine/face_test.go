package engine_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestFacesShared: equal cards share one face, clones share the table,
// and a face one game adds (a fixture's SetFace, a token) is never seen
// by the other, whichever of the two adds it first.
func TestFacesShared(t *testing.T) {
	g := newBench(t, 20)
	e := rt.Exec{Game: g}
	if f0, f1 := e.Face(g.Battlefield[0]), e.Face(g.Battlefield[2]); f0.Name != "Forest" || f1.Name != "Forest" || &f0.Subtypes[0] != &f1.Subtypes[0] {
		t.Fatalf("the forests (each made from its own Card) have two faces: %+v, %+v", f0, f1)
	}
	token := func(h *rt.Game, name string) rt.ObjID {
		x, err := h.Create(rt.Card{Name: name, Types: engine.Rules.Types("creature"), Power: 1, Toughness: 1, Token: true}, 0, rt.ZoneBattlefield)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	name := func(h *rt.Game, x rt.ObjID) string { return rt.Exec{Game: h}.Face(x).Name }
	for _, src := range []bool{false, true} {
		g := newBench(t, 20)
		c := g.Clone()
		a, b := g, c
		if src {
			a, b = c, g
		}
		x := a.Battlefield[0]
		f := rt.Exec{Game: a}.Face(x)
		f.Name = "Renamed"
		rt.Exec{Game: a}.SetFace(x, f)
		y := token(b, "Other")
		if n, m := name(a, x), name(b, x); n != "Renamed" || m != "Forest" {
			t.Errorf("src %v: %q and %q, want Renamed and Forest", src, n, m)
		}
		z := token(a, "Token")
		if n, m := name(b, y), name(a, z); n != "Other" || m != "Token" {
			t.Errorf("src %v: %q and %q, want Other and Token", src, n, m)
		}
	}
}
