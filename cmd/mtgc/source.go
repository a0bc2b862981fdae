package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/rules"
)

// loadRules compiles the ruleset in dir, or the embedded one when dir is "".
func loadRules(dir string) (*compiler.Program, error) {
	if dir == "" {
		return compiler.LoadAs(rules.FS, ".", rules.Dir)
	}
	st, err := os.Stat(dir)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("%s is not a directory of .mtg files", dir)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "*.mtg")); len(m) == 0 {
		return nil, fmt.Errorf("%s has no .mtg files: give a directory of rules (.mtg files and the edition's .tsv index), e.g. mtgc check rules", dir)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	return compiler.LoadAs(os.DirFS(abs), ".", filepath.Base(abs))
}

// rulesHash is the source hash of the ruleset in dir ("" = embedded).
func rulesHash(dir string) (string, error) {
	if dir == "" {
		srcs, _, err := compiler.ReadDirAs(rules.FS, ".", rules.Dir)
		if err != nil {
			return "", err
		}
		return compiler.SourceHash(srcs), nil
	}
	srcs, _, err := compiler.ReadDir(os.DirFS(dir), ".")
	if err != nil {
		return "", err
	}
	return compiler.SourceHash(srcs), nil
}

func oneDir(args []string) (string, error) {
	switch len(args) {
	case 0:
		return "", nil
	case 1:
		return args[0], nil
	}
	return "", errUsage
}
