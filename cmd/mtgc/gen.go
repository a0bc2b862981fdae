package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/grammar"
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
		// A directory is checked with every edition under it (the
		// deltas written over it), each error once, in its own file.
		dirs := []string{rs.dir}
		if rs.dir != "" {
			dirs = append(dirs, editionDirs(rs.dir)...)
		}
		var errs grammar.ErrorList
		var other []string
		seen := map[string]bool{}
		for _, d := range dirs {
			r := rs
			if d != rs.dir {
				r = ruleset{dir: d}
			}
			p, err := r.load()
			if err == nil {
				name := p.Edition
				if d != rs.dir {
					name += " (" + displayPath(d) + ")"
				}
				fmt.Fprintf(ctx.stdout, "%s: %d files, %d phases, %d state-based actions, %d rule citations: ok\n",
					name, len(p.Files), len(p.Phases), len(p.SBAs), len(p.Cites))
				continue
			}
			var list grammar.ErrorList
			if !errors.As(err, &list) {
				other = append(other, err.Error())
				continue
			}
			for _, e := range list {
				if k := e.Error(); !seen[k] {
					seen[k] = true
					errs = append(errs, e)
				}
			}
		}
		switch {
		case len(other) > 0 && len(errs) > 0:
			return fmt.Errorf("%s\n%s", errs.Error(), strings.Join(other, "\n"))
		case len(other) > 0:
			return errors.New(strings.Join(other, "\n"))
		case len(errs) > 0:
			return errs
		}
		return nil
	},
}

// editionDirs lists the directories under dir holding .mtg files (the
// editions written as deltas over it, and theirs), in order; testdata
// directories are corpora, not rules.
func editionDirs(dir string) []string {
	var out []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() || p == dir {
			return nil
		}
		if d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") {
			return filepath.SkipDir
		}
		if m, _ := filepath.Glob(filepath.Join(p, "*.mtg")); len(m) > 0 {
			out = append(out, p)
		}
		return nil
	})
	return out
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
