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

// writeFileAtomic writes data to a temporary file in path's directory and
// renames it over path, so readers never see a partial file.
func writeFileAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	mode := os.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		mode = st.Mode().Perm()
	}
	if err := os.Chmod(tmp, mode); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}
