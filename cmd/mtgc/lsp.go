package main

import (
	"context"
	"flag"
	"os"

	"github.com/mtgc-dev/mtgc/internal/lsp"
)

var lspCmd = &command{
	name:  "lsp",
	short: "Run the language server for .mtg files and conformance scripts on stdin/stdout (editors/README.md).",
	run: func(ctx *cli, _ *flag.FlagSet, args []string) error {
		if len(args) > 0 {
			return errUsage
		}
		lsp.Version = moduleVersion()
		return lsp.Serve(context.Background(), stdio{})
	},
}

// stdio is the process's standard input and output as one stream.
type stdio struct{}

func (stdio) Read(p []byte) (int, error)  { return os.Stdin.Read(p) }
func (stdio) Write(p []byte) (int, error) { return os.Stdout.Write(p) }
func (stdio) Close() error {
	os.Stdin.Close()
	return os.Stdout.Close()
}
