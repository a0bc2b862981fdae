package lsp

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/grammar"
	"github.com/mtgc-dev/mtgc/internal/safeio"
	"github.com/mtgc-dev/mtgc/rules"
)

var readFile = safeio.ReadFile

// ruleset is a rules directory as the editor sees it: its .mtg files
// (open documents over the disk), its index, and what the checker made of
// them.
type ruleset struct {
	dir   string // absolute; "" for the embedded rules
	files []string
	prog  *compiler.Program // nil if it does not compile
	// recovered is the program of the declarations that still check when
	// prog is nil (recover.go), or nil.
	recovered *compiler.Program
	errs      grammar.ErrorList
	index     *compiler.Index // the edition's index, even when prog is nil
	// indexFile is the .tsv the index was read from ("" if embedded).
	indexFile string
}

// load checks the rules in dir (absolute), reading open documents from
// s.docs; dir "" is the embedded default ruleset.
func (s *server) load(dir string) *ruleset {
	rs := &ruleset{dir: dir}
	if dir == "" {
		p, err := compiler.LoadAs(rules.FS, ".", rules.Dir)
		rs.prog, rs.index = p, p.Index
		if err != nil {
			rs.prog = nil
		}
		return rs
	}
	var srcs []compiler.Source
	indexes := map[string][]byte{}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		name := filepath.Join(dir, e.Name())
		switch filepath.Ext(name) {
		case ".mtg":
			if t, ok := s.text(name); ok {
				srcs = append(srcs, compiler.Source{Name: name, Data: []byte(t)})
				rs.files = append(rs.files, name)
			}
		case ".tsv":
			if t, ok := s.text(name); ok {
				indexes[strings.TrimSuffix(e.Name(), ".tsv")] = []byte(t)
			}
		}
	}
	if len(srcs) == 0 {
		return rs
	}
	srcs = append(srcs, s.bases(dir, srcs[0])...)
	p, err := compiler.Compile(srcs, indexes)
	if err != nil {
		if !errors.As(err, &rs.errs) {
			rs.errs = grammar.ErrorList{{Pos: grammar.Pos{File: srcs[0].Name, Line: 1, Col: 1}, Msg: err.Error()}}
		}
		if rp := recoverProgram(srcs, indexes, s.lastParsed, func(f string) (string, bool) {
			data, err := s.read(f)
			return string(data), err == nil
		}); rp != nil {
			rp.Dir = dir
			rs.recovered, rs.index = rp, rp.Index
		}
	} else {
		for _, src := range srcs {
			s.lastParsed[src.Name] = string(src.Data)
		}
		p.Dir = dir
		rs.prog, rs.index = p, p.Index
		s.good[dir] = rs
	}
	if rs.index == nil {
		rs.index = readIndex(indexes, srcs)
	}
	for ed := range indexes {
		if rs.index != nil && rs.index.Edition == ed {
			rs.indexFile = filepath.Join(dir, ed+".tsv")
		}
	}
	return rs
}

// readIndex reads the index of the edition the sources declare, or the
// only index there is, when the rules do not compile.
func readIndex(indexes map[string][]byte, srcs []compiler.Source) *compiler.Index {
	edition := ""
	for _, src := range srcs {
		if f, err := grammar.ParseFile(src.Name, src.Data); err == nil && f.Edition != nil {
			edition = f.Edition.Name.Name
		}
	}
	if _, ok := indexes[edition]; !ok && len(indexes) == 1 {
		for ed := range indexes {
			edition = ed
		}
	}
	data, ok := indexes[edition]
	if !ok {
		return nil
	}
	idx, err := compiler.ReadIndex(edition+".tsv", bytes.NewReader(data))
	if err != nil {
		return nil
	}
	idx.Edition = edition
	return idx
}

// program returns the ruleset's program; when it does not check, the
// program of its declarations that do (recover.go), else the last one of
// its directory that compiled (positions may be a little off while the
// user types).
func (s *server) program(rs *ruleset) *compiler.Program {
	if rs.prog != nil {
		return rs.prog
	}
	if rs.recovered != nil {
		return rs.recovered
	}
	if g := s.good[rs.dir]; g != nil {
		return g.prog
	}
	return nil
}

// rulesDirOf returns the rules directory a file belongs to: its own
// directory for a .mtg file; for a script, the nearest ancestor that holds
// .mtg files or whose rules/ does, or "" (the embedded rules).
func rulesDirOf(file string) string {
	if filepath.Ext(file) == ".mtg" {
		return filepath.Dir(file)
	}
	for d := filepath.Dir(file); ; {
		// An edition's directory holds its own corpus (rules/cr1999/testdata).
		if m, _ := filepath.Glob(filepath.Join(d, "*.mtg")); len(m) > 0 {
			return d
		}
		cand := filepath.Join(d, "rules")
		if m, _ := filepath.Glob(filepath.Join(cand, "*.mtg")); len(m) > 0 {
			return cand
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

// corpus is the scripts and lists that go with a rules directory.
type corpus struct {
	scripts []conformance.Script
	lists   conformance.Lists
}

// corpusOf reads the conformance scripts of a rules directory (its
// testdata/, ../conformance/testdata, ../testdata) and the directory of the
// script being edited, if any, with the lists beside the rules or in
// ../conformance.
func corpusOf(rulesDir, script string) corpus {
	var c corpus
	if rulesDir == "" {
		return c
	}
	root := filepath.Dir(rulesDir)
	dirs := []string{filepath.Join(rulesDir, "testdata"), filepath.Join(root, "conformance", "testdata"), filepath.Join(root, "testdata")}
	if script != "" {
		dirs = append(dirs, filepath.Dir(script))
	}
	seen := map[string]bool{}
	for _, d := range dirs {
		if seen[d] {
			continue
		}
		seen[d] = true
		scripts, _ := conformance.ReadCorpus(d)
		c.scripts = append(c.scripts, scripts...)
	}
	sort.Slice(c.scripts, func(i, j int) bool { return c.scripts[i].Path < c.scripts[j].Path })
	// The lists are beside an edition's rules, or in ../conformance.
	if _, err := os.Stat(filepath.Join(rulesDir, "scope.tsv")); err == nil {
		c.lists, _ = conformance.ReadLists(os.DirFS(rulesDir), ".", filepath.Base(rulesDir))
	} else if l, err := conformance.ReadLists(os.DirFS(filepath.Join(root, "conformance")), ".", "conformance"); err == nil {
		c.lists = l
	}
	return c
}

// scriptsOf returns the scripts whose "# rules:" line names rule n.
func (c corpus) scriptsOf(n string) []conformance.Script {
	var out []conformance.Script
	for _, s := range c.scripts {
		for _, r := range s.Header.Rules {
			if r == n {
				out = append(out, s)
				break
			}
		}
	}
	return out
}

var extendsLine = regexp.MustCompile(`(?m)^[ \t]*edition[ \t]+[A-Za-z_][A-Za-z0-9_]*[ \t]+"(?:[^"\\\n]|\\.)*"[ \t]+extends[ \t]+([A-Za-z_][A-Za-z0-9_]*)`)
var editionName = regexp.MustCompile(`(?m)^[ \t]*edition[ \t]+([A-Za-z_][A-Za-z0-9_]*)`)

// bases reads the files of the editions a delta edition extends (Layer 1,
// 2, ...), found as compiler.ReadEdition finds them: the directory of the
// base's name beside dir, or the one above it. Open documents of a base
// are read as the editor holds them.
func (s *server) bases(dir string, first compiler.Source) []compiler.Source {
	var out []compiler.Source
	cur, data := dir, first.Data
	for layer := 1; layer <= 8; layer++ {
		m := extendsLine.FindSubmatch(data)
		if m == nil {
			return out
		}
		base := string(m[1])
		found := ""
		for _, cand := range []string{filepath.Join(filepath.Dir(cur), base), filepath.Dir(cur)} {
			files, _ := filepath.Glob(filepath.Join(cand, "*.mtg"))
			if len(files) == 0 || cand == cur {
				continue
			}
			if t, ok := s.text(files[0]); ok {
				if n := editionName.FindStringSubmatch(t); n != nil && n[1] == base {
					found = cand
					break
				}
			}
		}
		if found == "" {
			return out
		}
		files, _ := filepath.Glob(filepath.Join(found, "*.mtg"))
		sort.Strings(files)
		for _, f := range files {
			if t, ok := s.text(f); ok {
				out = append(out, compiler.Source{Name: f, Data: []byte(t), Layer: layer})
				data = []byte(t)
			}
		}
		cur = found
	}
	return out
}

// baseDir is the directory of the edition dir extends (its first layer),
// or "" for an edition written in full.
func (s *server) baseDir(dir string) string {
	files, _ := filepath.Glob(filepath.Join(dir, "*.mtg"))
	sort.Strings(files)
	for _, f := range files {
		t, ok := s.text(f)
		if !ok {
			continue
		}
		m := extendsLine.FindStringSubmatch(t)
		if m == nil {
			continue
		}
		for _, cand := range []string{filepath.Join(filepath.Dir(dir), m[1]), filepath.Dir(dir)} {
			cf, _ := filepath.Glob(filepath.Join(cand, "*.mtg"))
			if len(cf) == 0 || cand == dir {
				continue
			}
			if ct, ok := s.text(cf[0]); ok {
				if n := editionName.FindStringSubmatch(ct); n != nil && n[1] == m[1] {
					return cand
				}
			}
		}
		return ""
	}
	return ""
}

// family is every rules directory a name declared in dir's edition may be
// written in: the edition at the bottom of dir's chain of bases (written
// in full), and every edition beside or under it whose chain of bases
// reaches that one (rules/, rules/cr2017, rules/cr2008...), dir's first.
func (s *server) family(dir string) []string {
	root := dir
	for i := 0; i < 8; i++ {
		b := s.baseDir(root)
		if b == "" {
			break
		}
		root = b
	}
	reaches := func(d string) bool {
		for i := 0; i < 8 && d != ""; i++ {
			if d == root {
				return true
			}
			d = s.baseDir(d)
		}
		return false
	}
	out := []string{dir}
	var cands []string
	for _, parent := range []string{root, filepath.Dir(root)} {
		entries, _ := os.ReadDir(parent)
		for _, e := range entries {
			if e.IsDir() {
				cands = append(cands, filepath.Join(parent, e.Name()))
			}
		}
	}
	cands = append([]string{root}, cands...)
	for _, d := range cands {
		if d == dir || contains(out, d) {
			continue
		}
		if m, _ := filepath.Glob(filepath.Join(d, "*.mtg")); len(m) > 0 && reaches(d) {
			out = append(out, d)
		}
	}
	return out
}
