package compiler

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMaxHandSizeInMtg shows that the cleanup discard lives in .mtg: the
// same rules with "max_hand_size = 8" instead of 7, regenerated, give an
// engine whose cleanup discards one card fewer — with no Go edited. Both
// engines are generated into a scratch module and run by a small program.
func TestMaxHandSizeInMtg(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two generated engines with the go tool")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	mod := t.TempDir()
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
			srcs = append(srcs, Source{Name: s.Name, Data: data})
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
		write(t, filepath.Join(mod, "engine"+size, "engine_gen.go"), out)
	}
	gosum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(mod, "go.sum"), gosum)
	write(t, filepath.Join(mod, "go.mod"), []byte(fmt.Sprintf("module scratch\n\ngo 1.26\n\nrequire github.com/mtgc-dev/mtgc v0.0.0\n\nreplace github.com/mtgc-dev/mtgc => %s\n", root)))
	write(t, filepath.Join(mod, "main.go"), []byte(handSizeMain))
	cmd := exec.Command(goTool, "run", ".")
	cmd.Dir = mod
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	got, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go run: %v\n%s", err, got)
	}
	want := "max 7: discard 2\nmax 8: discard 1\n"
	if string(got) != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}

func write(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

var handSizeMain = strings.TrimSpace(`
package main

import (
	"fmt"

	rt "github.com/mtgc-dev/mtgc/runtime"
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
