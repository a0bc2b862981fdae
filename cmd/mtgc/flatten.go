package main

import (
	"flag"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/rules"
)

var flattenEd string

var flattenCmd = &command{
	name:  "flatten",
	args:  "[-edition name | rules-dir]",
	short: "Print an edition written as a delta as one whole, canonical ruleset.",
	flags: func(fs *flag.FlagSet) {
		fs.StringVar(&flattenEd, "edition", "", "embedded edition to flatten instead of a directory: "+rules.Names())
	},
	run: func(ctx *cli, fs *flag.FlagSet, args []string) error {
		dir, err := oneDir(args)
		if err != nil {
			return err
		}
		rs, err := resolveRules(dir, flattenEd, "")
		if err != nil {
			return err
		}
		srcs, idx, err := rs.read()
		if err != nil {
			return err
		}
		out, err := compiler.Flatten(srcs, idx)
		if err != nil {
			return err
		}
		_, err = ctx.stdout.Write(out)
		return err
	},
}
