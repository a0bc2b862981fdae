package main

import (
	"bytes"
	"flag"
	"fmt"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/rules"
)

var checkEd string

var checkCmd = &command{
	name:  "check",
	args:  "[rules-dir]",
	short: "Parse and check a ruleset; print every error as file:line:col: message.",
	flags: func(fs *flag.FlagSet) {
		fs.StringVar(&checkEd, "edition", "", "embedded edition to check instead of a directory: "+rules.Names())
	},
	run: func(ctx *cli, fs *flag.FlagSet, args []string) error {
		dir, err := oneDir(args)
		if err != nil {
			return err
		}
		rs, err := resolveRules(dir, checkEd, "")
		if err != nil {
			return err
		}
		p, err := rs.load()
		if err != nil {
			return err
		}
		fmt.Fprintf(ctx.stdout, "%s: %d files, %d phases, %d state-based actions, %d rule citations: ok\n",
			p.Edition, len(p.Files), len(p.Phases), len(p.SBAs), len(p.Cites))
		return nil
	},
}

var (
	genPkg   string
	genOut   string
	genCheck bool
)

var genCmd = &command{
	name:  "gen",
	args:  "[rules-dir]",
	short: "Generate the Go engine of a ruleset (gofmt'd, deterministic).",
	flags: func(fs *flag.FlagSet) {
		fs.StringVar(&genPkg, "pkg", "engine", "Go package name of the generated file")
		fs.StringVar(&genOut, "o", "-", "output file (written atomically); - for standard output")
		fs.BoolVar(&genCheck, "check", false, "do not write: exit 1 if the output file is not up to date")
	},
	run: func(ctx *cli, fs *flag.FlagSet, args []string) error {
		dir, err := oneDir(args)
		if err != nil {
			return err
		}
		p, err := loadRules(dir)
		if err != nil {
			return err
		}
		src, err := compiler.Generate(p, compiler.Options{Package: genPkg})
		if err != nil {
			return err
		}
		if genCheck {
			if genOut == "-" {
				return usagef("-check needs -o FILE")
			}
			old, _ := readFile(genOut)
			if !bytes.Equal(old, src) {
				return fmt.Errorf("%s is stale: run go generate ./... (or mtgc gen -o %s)", genOut, genOut)
			}
			return nil
		}
		if genOut == "-" {
			_, err := ctx.stdout.Write(src)
			return err
		}
		return writeFileAtomic(genOut, src)
	},
}
