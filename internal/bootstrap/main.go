// Command bootstrap regenerates the generated engines (engine/engine_gen.go
// and engine/<edition>/engine_gen.go) without importing them: for the day a
// runtime change makes a checked-in engine fail to compile, which also
// stops `go run ./cmd/mtgc gen` (mtgc embeds the engines). Run it from the
// repository root: go run ./internal/bootstrap
package main

import (
	"fmt"
	"os"
	"path"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/rules"
)

func main() {
	for _, ed := range rules.Editions() {
		pkg, out := "engine", "engine/engine_gen.go"
		if ed.Name != rules.Default {
			pkg, out = ed.Name, path.Join("engine", ed.Name, "engine_gen.go")
		}
		if err := generate(path.Join("rules", ed.Dir), pkg, out); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}

// generate writes the engine of the ruleset in dir (read from the working
// tree, not the embedded copy) to out.
func generate(dir, pkg, out string) error {
	p, err := compiler.Load(os.DirFS("."), path.Clean(dir))
	if err != nil {
		return err
	}
	src, err := compiler.Generate(p, compiler.Options{Package: pkg})
	if err != nil {
		return err
	}
	return os.WriteFile(out, src, 0o644)
}
