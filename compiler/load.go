package compiler

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
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
	// Layer is 0 for the edition compiled, 1 for a file of the edition it
	// extends, 2 for that edition's base, and so on (ReadEdition).
	Layer int
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

// ReadEdition reads the ruleset in dir as ReadDirAs does and, when its
// edition extends another, the files of the base too (Layer 1), and of the
// base's base (Layer 2), and so on. The base named B is the directory B
// beside dir, or the directory above dir when that one declares edition B
// (the embedded default at the root of rules/). The indexes are those of
// dir, and those of its bases under their own editions' names.
func ReadEdition(fsys fs.FS, dir, shown string) ([]Source, map[string][]byte, error) {
	srcs, idx, err := ReadDirAs(fsys, dir, shown)
	if err != nil {
		return nil, nil, err
	}
	seen := map[string]bool{path.Clean(dir): true}
	var chain []string // the editions read, the first first
	for layer := 1; ; layer++ {
		ed, base := declaredEdition(lastLayer(srcs).Data)
		if base == "" {
			return srcs, idx, nil
		}
		chain = append(chain, ed)
		if slices.Contains(chain, base) {
			return nil, nil, fmt.Errorf("%s: the editions extend one another in a cycle: %s extends %s", shown, strings.Join(chain, " extends "), base)
		}
		if layer > 8 {
			return nil, nil, fmt.Errorf("%s: editions extend one another more than 8 deep", shown)
		}
		found := ""
		for _, cand := range []string{path.Join(dir, "..", base), path.Join(dir, "..")} {
			if seen[path.Clean(cand)] || !fs.ValidPath(path.Clean(cand)) {
				continue
			}
			files, _ := fs.Glob(fsys, path.Join(path.Clean(cand), "*.mtg"))
			if len(files) == 0 {
				continue
			}
			data, err := fs.ReadFile(fsys, files[0])
			if err != nil {
				continue
			}
			if ed, _ := declaredEdition(data); ed == base {
				found = path.Clean(cand)
				break
			}
		}
		if found == "" {
			// A library written over an embedded edition (cards/ over the
			// default one) reads that edition's embedded rules.
			if more, baseIdx, ok := embeddedBase(base, layer); ok {
				if top, _ := declaredEdition(srcs[0].Data); top != "" && idx[top] == nil && baseIdx[base] != nil {
					if idx == nil {
						idx = map[string][]byte{}
					}
					idx[top] = baseIdx[base] // it cites its base's rules
				}
				return append(srcs, more...), idx, nil
			}
			return srcs, idx, nil // the checker reports the missing base
		}
		seen[found] = true
		rel, _ := relPath(dir, found)
		baseShown := path.Join(shown, rel)
		more, baseIdx, err := ReadDirAs(fsys, found, baseShown)
		if err != nil {
			return nil, nil, err
		}
		// The base's own index too, under its edition's name: a broken
		// delta has its base checked alone, with it (Compile).
		for k, v := range baseIdx {
			if idx == nil {
				idx = map[string][]byte{}
			}
			if idx[k] == nil {
				idx[k] = v
			}
		}
		for i := range more {
			more[i].Layer = layer
		}
		srcs = append(srcs, more...)
		dir, shown = found, baseShown
	}
}

// lastLayer returns a source of the deepest layer read so far.
func lastLayer(srcs []Source) Source { return srcs[len(srcs)-1] }

// relPath is the path from directory from to directory to, both within one
// fs.FS ("../cr2017" or "..").
func relPath(from, to string) (string, bool) {
	from, to = path.Clean(from), path.Clean(to)
	if path.Dir(from) == to || (from != "." && !strings.Contains(from, "/") && to == ".") {
		return "..", true
	}
	return path.Join("..", path.Base(to)), true
}

var editionLine = regexp.MustCompile(`(?m)^[ \t]*edition[ \t]+([A-Za-z_][A-Za-z0-9_]*)[ \t]+"(?:[^"\\\n]|\\.)*"(?:[ \t]+extends[ \t]+([A-Za-z_][A-Za-z0-9_]*))?`)

// declaredEdition reads the edition a .mtg file declares, and the one it
// extends ("" if none), from its edition line.
func declaredEdition(data []byte) (name, base string) {
	m := editionLine.FindSubmatch(data)
	if m == nil {
		return "", ""
	}
	return string(m[1]), string(m[2])
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
	var layers []layer
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
		for len(layers) <= s.Layer {
			layers = append(layers, layer{})
		}
		layers[s.Layer].files = append(layers[s.Layer].files, f)
	}
	if len(errs) > 0 {
		return nil, capErrors(errs)
	}
	var cards []Card
	var values []cardValue
	for i := range layers {
		var cerrs grammar.ErrorList
		var cs []Card
		var vs []cardValue
		layers[i].files, cs, vs, cerrs = expandCards(layers[i].files, cards)
		cards, errs = append(cards, cs...), append(errs, cerrs...)
		values = append(values, vs...)
	}
	if len(errs) > 0 {
		return nil, capErrors(errs)
	}
	files, m := mergeLayers(layers)
	if len(m.errs) > 0 {
		errs := m.errs
		if len(layers) > 1 && layers[1].edition != nil && indexes[layers[1].edition.Name.Name] != nil {
			// The base's own mistakes too, at their lines: a broken
			// delta must not hide them (a mistake in the base often is
			// what broke the delta). The base is compiled anew from its
			// sources: the merge renumbered its parsed files in place.
			var base []Source
			for _, s := range srcs {
				if s.Layer > 0 {
					s.Layer--
					base = append(base, s)
				}
			}
			if _, err := Compile(base, indexes); err != nil {
				var list grammar.ErrorList
				if errors.As(err, &list) {
					errs = append(errs, list...)
				}
			}
		}
		return nil, capErrors(errs)
	}
	files, ferrs := foldCardValues(files, values)
	c := newChecker(files, indexes)
	c.inherited = m.inherited
	c.cards = cards
	p := c.check()
	c.errs = append(ferrs, c.errs...)
	p.Cards = cards
	if c.index != nil {
		c.errs = append(c.errs, checkCards(p, p.Cards)...)
	}
	p.Changes, p.Renumber, p.Extends = m.changes, m.renumber, m.chain
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
	srcs, idx, err := ReadEdition(fsys, dir, shown)
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

// DeclaredEdition reads the edition a .mtg file declares and the one it
// extends ("" if none), from its edition line alone.
func DeclaredEdition(data []byte) (name, base string) { return declaredEdition(data) }
