package compiler

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/mtgc-dev/mtgc/grammar"
	"github.com/mtgc-dev/mtgc/internal/safeio"
)

// maxErrors caps the errors reported for one ruleset.
const maxErrors = 50

// MaxSourceBytes is the size cap of one .mtg or .tsv file of a ruleset (a
// few hundred times the largest of the repository's). Only regular files
// are read: a link to /dev/zero or a FIFO is refused without being read.
const MaxSourceBytes = 8 << 20

// Source is one .mtg file.
type Source struct {
	Name string // as shown in positions, e.g. "rules/turn.mtg"
	Data []byte
}

// ReadDir reads the .mtg files of directory dir of fsys, sorted by name,
// naming them "<base of dir>/<file>" so positions do not depend on where the
// tool runs. It also returns the edition indexes (*.tsv) found there.
func ReadDir(fsys fs.FS, dir string) ([]Source, map[string][]byte, error) {
	return ReadDirAs(fsys, dir, dir)
}

// ReadDirAs is ReadDir with positions naming the files "<base of shown>/<file>".
func ReadDirAs(fsys fs.FS, dir, shown string) ([]Source, map[string][]byte, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, nil, err
	}
	base := path.Base(shown)
	if base == "." || base == "/" {
		base = ""
	}
	var srcs []Source
	idx := map[string][]byte{}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		name := e.Name()
		switch {
		case strings.HasSuffix(name, ".mtg"):
			data, err := safeio.ReadFS(fsys, path.Join(dir, name), MaxSourceBytes)
			if err != nil {
				return nil, nil, err
			}
			shown := name
			if base != "" {
				shown = base + "/" + name
			}
			srcs = append(srcs, Source{Name: shown, Data: data})
		case strings.HasSuffix(name, ".tsv"):
			data, err := safeio.ReadFS(fsys, path.Join(dir, name), MaxSourceBytes)
			if err != nil {
				return nil, nil, err
			}
			idx[strings.TrimSuffix(name, ".tsv")] = data
		}
	}
	if len(srcs) == 0 {
		return nil, nil, fmt.Errorf("%s: no .mtg files", shown)
	}
	return srcs, idx, nil
}

// SourceHash identifies a set of sources; generated engines record it so
// that tools can tell when an engine is older than its rules.
func SourceHash(srcs []Source) string {
	sorted := append([]Source(nil), srcs...)
	sort.Slice(sorted, func(i, j int) bool { return path.Base(sorted[i].Name) < path.Base(sorted[j].Name) })
	h := sha256.New()
	for _, s := range sorted {
		fmt.Fprintf(h, "%s\x00%d\x00", path.Base(s.Name), len(s.Data))
		h.Write(s.Data)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))[:32]
}

// Compile parses and checks a ruleset. indexes maps edition names to the
// contents of their rule index. The error, if any, is a grammar.ErrorList
// with every problem found (up to a cap), sorted by position.
func Compile(srcs []Source, indexes map[string][]byte) (*Program, error) {
	var errs grammar.ErrorList
	var files []*grammar.File
	for _, s := range srcs {
		f, err := grammar.ParseFile(s.Name, s.Data)
		if err != nil {
			var list grammar.ErrorList
			if errors.As(err, &list) {
				errs = append(errs, list...)
			} else {
				errs = append(errs, &grammar.Error{Pos: grammar.Pos{File: s.Name, Line: 1, Col: 1}, Msg: err.Error()})
			}
			continue
		}
		files = append(files, f)
	}
	if len(errs) > 0 {
		return nil, capErrors(errs)
	}
	c := newChecker(files, indexes)
	p := c.check()
	if len(c.errs) > 0 {
		return nil, capErrors(c.errs)
	}
	p.Hash = SourceHash(srcs)
	return p, nil
}

// Load reads and compiles the ruleset in dir.
func Load(fsys fs.FS, dir string) (*Program, error) { return LoadAs(fsys, dir, dir) }

// LoadAs is Load with positions naming the files "<base of shown>/<file>".
func LoadAs(fsys fs.FS, dir, shown string) (*Program, error) {
	srcs, idx, err := ReadDirAs(fsys, dir, shown)
	if err != nil {
		return nil, err
	}
	p, err := Compile(srcs, idx)
	if p != nil {
		p.Dir = path.Base(shown)
	}
	return p, err
}

func capErrors(errs grammar.ErrorList) error {
	sort.SliceStable(errs, func(i, j int) bool {
		a, b := errs[i].Pos, errs[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	if len(errs) > maxErrors {
		errs = append(errs[:maxErrors:maxErrors], &grammar.Error{Pos: errs[maxErrors].Pos, Msg: fmt.Sprintf("too many errors (%d more)", len(errs)-maxErrors)})
	}
	return errs
}

func sortStrings(s []string) { sort.Strings(s) }
