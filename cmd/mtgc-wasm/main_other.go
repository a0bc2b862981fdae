//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

// main on other platforms says how to build the command.
func main() {
	fmt.Fprintln(os.Stderr, "mtgc-wasm is the playground's WebAssembly build: GOOS=js GOARCH=wasm go build -o mtgc.wasm ./cmd/mtgc-wasm (or run mtgc serve)")
	os.Exit(2)
}
