// Command bootstrap regenerates engine/engine_gen.go without importing the
// engine: for the day a runtime change makes the checked-in engine fail to
// compile, which also stops `go run ./cmd/mtgc gen` (mtgc embeds the
// engine). Run it from the repository root: go run ./internal/bootstrap
package main

import (
	"fmt"
	"os"

	"github.com/mtgc-dev/mtgc/compiler"
)

func main() {
	p, err := compiler.Load(os.DirFS("."), "rules")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	out, err := compiler.Generate(p, compiler.Options{Package: "engine"})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := os.WriteFile("engine/engine_gen.go", out, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
