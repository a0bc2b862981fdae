package main

import (
	"flag"
	"fmt"
	"io/fs"
	"path"
	"runtime/debug"
	"strings"

	"github.com/mtgc-dev/mtgc/engine"
	"github.com/mtgc-dev/mtgc/rules"
)

var versionCmd = &command{
	name:  "version",
	short: "Print mtgc's module version, its Go version and the editions built in.",
	run: func(ctx *cli, _ *flag.FlagSet, args []string) error {
		if len(args) > 0 {
			return errUsage
		}
		version, goVersion := "(unknown)", "(unknown)"
		if bi, ok := debug.ReadBuildInfo(); ok {
			version, goVersion = bi.Main.Version, bi.GoVersion
			if version == "" {
				version = "(devel)"
			}
		}
		fmt.Fprintf(ctx.stdout, "mtgc %s %s\n", version, goVersion)
		for _, e := range builtinEditions() {
			note := "embedded rules"
			if e == engine.Edition {
				note += ", compiled engine"
			}
			fmt.Fprintf(ctx.stdout, "edition %s (%s)\n", e, note)
		}
		return nil
	},
}

// builtinEditions lists the editions whose rule index is embedded: each
// <edition>.tsv of the embedded rules, in subdirectories too.
func builtinEditions() []string {
	var out []string
	fs.WalkDir(rules.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && path.Ext(p) == ".tsv" {
			out = append(out, strings.TrimSuffix(path.Base(p), ".tsv"))
		}
		return nil
	})
	return out
}
