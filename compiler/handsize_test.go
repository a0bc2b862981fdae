package compiler

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// TestMaxHandSizeInMtg shows that the cleanup discard lives in .mtg: the
// same rules with "max_hand_size = 8" instead of 7, regenerated, give an
// engine whose cleanup discards one card fewer — with no Go edited. Both
// engines are generated into a scratch module and run by a small program.
func TestMaxHandSizeInMtg(t *testing.T) {
	files := map[string][]byte{"main.go": []byte(handSizeMain)}
	base := defaultSources(t)
	for _, size := range []string{"7", "8"} {
		var srcs []Source
		edited := false
		for _, s := range base {
			data := s.Data
			if bytes.Contains(data, []byte("max_hand_size = 7")) {
				data = bytes.Replace(data, []byte("max_hand_size = 7"), []byte("max_hand_size = "+size), 1)
				edited = true
			}
			s.Data = data
			srcs = append(srcs, s)
		}
		if !edited {
			t.Fatal("no \"max_hand_size = 7\" in the default rules")
		}
		p, err := Compile(srcs, index(t))
		if err != nil {
			t.Fatal(err)
		}
		out, err := Generate(p, Options{Package: "engine" + size})
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Join("engine"+size, "engine_gen.go")] = out
	}
	got := RunScratch(t, files)
	want := "max 7: discard 2\nmax 8: discard 1\n"
	if string(got) != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}

var handSizeMain = strings.TrimSpace(`
package main

import (
	"fmt"

	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
	"scratch/engine7"
	"scratch/engine8"
)

// Nine cards in the active player's hand at the start of cleanup: how many
// does 514.1 make them discard?
func discards(r *rt.Rules) int {
	g, err := rt.New(r, rt.Config{Players: []rt.PlayerConfig{{Name: "p1"}, {Name: "p2"}}, NoOpeningHand: true})
	if err != nil {
		panic(err)
	}
	for i := 0; i < 9; i++ {
		g.Create(rt.Card{Name: fmt.Sprint("card", i)}, 0, rt.ZoneHand)
	}
	if err := g.StartAt(2, 0, "cleanup"); err != nil {
		panic(err)
	}
	d := g.Advance()
	if d.Kind != rt.DecideCards {
		return 0
	}
	return d.N
}

func main() {
	fmt.Printf("max 7: discard %d\n", discards(engine7.Rules))
	fmt.Printf("max 8: discard %d\n", discards(engine8.Rules))
}
`) + "\n"
