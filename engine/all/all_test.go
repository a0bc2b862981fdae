package all_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/engine/all"
	"github.com/mtgc-dev/mtgc/internal/benchgame"
	"github.com/mtgc-dev/mtgc/rules"
)

// TestEngines: every embedded edition has its generated engine, in the
// order of rules.Editions, generated from the rules embedded now (go
// generate ./... writes them: internal/genengines).
func TestEngines(t *testing.T) {
	eds := rules.Editions()
	if len(all.Engines) != len(eds) {
		t.Fatalf("%d engines for %d editions (%s): run go generate ./...", len(all.Engines), len(eds), rules.Names())
	}
	for i, ed := range eds {
		r := all.Engines[i]
		if r.Edition != ed.Name {
			t.Errorf("engine %d is of edition %s, want %s: run go generate ./...", i, r.Edition, ed.Name)
			continue
		}
		p, err := compiler.LoadAs(rules.FS, ed.Dir, ed.Shown)
		if err != nil {
			t.Errorf("%s: %v", ed.Shown, err)
			continue
		}
		if p.Hash != r.SourceHash {
			t.Errorf("the %s engine was generated from other rules (%s) than %s's (%s): run go generate ./...", ed.Name, r.SourceHash, ed.Shown, p.Hash)
		}
	}
}

// TestConformance runs each edition's corpus (rules/<ed>/testdata) against
// its generated engine, with the edition's known failures. The default
// edition's corpus is package conformance's, run by its own tests.
func TestConformance(t *testing.T) {
	for _, r := range all.Engines {
		if r.Edition == rules.Root {
			continue
		}
		t.Run(r.Edition, func(t *testing.T) { conformance.RunEdition(t, r) })
	}
}

// BenchmarkTurn20Permanents: one whole turn of each edition with 20
// creatures a player (the same game as engine's benchmark of that name):
// go test -bench Turn20Permanents/cr1999 ./engine/all for one edition.
func BenchmarkTurn20Permanents(b *testing.B) {
	for _, r := range all.Engines {
		b.Run(r.Edition, func(b *testing.B) {
			g := benchgame.New(b, r, 20)
			benchgame.PlayTurn(b, g)
			benchgame.PlayTurn(b, g)
			benchgame.Recycle(g)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				benchgame.PlayTurn(b, g)
				benchgame.Recycle(g)
			}
		})
	}
}
