// Command gen writes compiler/vocabfacts_gen.go: the facts of the
// vocabulary's attributes and functions, derived from the runtime's
// source (package vocabfacts). go generate runs it in the compiler's
// directory.
package main

import (
	"fmt"
	"os"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/compiler/internal/vocabfacts"
)

func main() {
	var funcs []string
	for _, b := range compiler.Builtins() {
		if b.Form != compiler.Verb {
			funcs = append(funcs, vocabfacts.FuncName(b.Fn))
		}
	}
	src, err := vocabfacts.Generate(".", funcs)
	if err == nil {
		err = os.WriteFile("vocabfacts_gen.go", src, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "vocabfacts:", err)
		os.Exit(1)
	}
}
