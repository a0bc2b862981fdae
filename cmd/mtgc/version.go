package main

import (
	"flag"
	"fmt"
	"runtime/debug"

	"github.com/mtgc-dev/mtgc/rules"
)

var versionCmd = &command{
	name:  "version",
	short: "Print mtgc's module version, its Go version and the editions built in.",
	run: func(ctx *cli, _ *flag.FlagSet, args []string) error {
		if len(args) > 0 {
			return errUsage
		}
		goVersion := "(unknown)"
		if bi, ok := debug.ReadBuildInfo(); ok {
			goVersion = bi.GoVersion
		}
		fmt.Fprintf(ctx.stdout, "mtgc %s %s\n", moduleVersion(), goVersion)
		for _, e := range rules.Editions() {
			note := "embedded rules"
			if compiledOf(e.Name) != nil {
				note += ", compiled engine"
			}
			fmt.Fprintf(ctx.stdout, "edition %s (%s)\n", e.Name, note)
		}
		return nil
	},
}

// moduleVersion is mtgc's module version as the build recorded it.
func moduleVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}
