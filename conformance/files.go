package conformance

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/mtgc-dev/mtgc/internal/safeio"
)

// MaxScriptBytes is the size cap of one conformance script file: a
// thousand times the corpus's largest. A larger one (or /dev/zero, a FIFO,
// anything but a regular file) fails alone, unread past the cap.
const MaxScriptBytes = 4 << 20

// ReadScriptFile reads the script file name: a regular file (symlinks
// followed) of at most MaxScriptBytes.
func ReadScriptFile(name string) ([]byte, error) {
	return safeio.ReadFile(name, MaxScriptBytes)
}

// safeName reports whether a script's file name can be printed as it is:
// printable, no control character (a newline, an ANSI escape), no quote.
func safeName(s string) bool {
	for _, r := range s {
		if !unicode.IsPrint(r) || r == '"' || r == '\\' {
			return false
		}
	}
	return s != ""
}

// ShowName is s as it may be printed in a log, a verdict line or a report:
// s itself if every character is printable, else s quoted with Go escapes
// (a newline as \n, an ESC as \x1b), so that no name can forge a line of
// the output or drive a terminal.
func ShowName(s string) string {
	if safeName(s) {
		return s
	}
	return strconv.Quote(s)
}

// nameError is why a script with file name base may not run, or nil.
func nameError(path, base string) error {
	if safeName(base) {
		return nil
	}
	return fmt.Errorf("%s: a script's file name must be printable (no control character, quote or backslash): %s", ShowName(path), ShowName(base))
}

// snapshot is a private copy of the scripts a run executes, written after
// each was read (with its cap) and checked: testscript runs the copy, so
// what was checked is what runs, whatever the corpus directory holds by
// then (a .txt beside a .txtar, a file swapped, a FIFO).
type snapshot struct {
	dir     string
	files   []string          // the copies, in order
	scripts map[string]*entry // by the name testscript gives each copy
	once    sync.Once
}

// entry is one script of a snapshot.
type entry struct {
	orig   string // the script's file in the corpus
	corpus string // the corpus directory: -update writes nothing outside it
	data   []byte // what was read and checked
	copy   string
	err    error // why it may not run; its copy is empty
}

func newSnapshot() (*snapshot, error) {
	dir, err := os.MkdirTemp("", "mtgc-scripts")
	if err != nil {
		return nil, err
	}
	return &snapshot{dir: dir, scripts: map[string]*entry{}}, nil
}

// add reads, checks and copies the script path under name (unique in the
// snapshot); a script that may not run gets an empty copy and its error,
// which Setup reports.
func (sn *snapshot) add(name, path string) *entry {
	e := &entry{orig: path, corpus: filepath.Dir(path)}
	if e.err = nameError(path, filepath.Base(path)); e.err == nil {
		if e.data, e.err = ReadScriptFile(path); e.err == nil {
			e.err = CheckScript(path, e.data)
		}
	}
	copyName := name
	if !safeName(name) || strings.ContainsAny(name, "/"+string(filepath.Separator)) {
		copyName = fmt.Sprintf("script%d", len(sn.files)+1)
	}
	e.copy = filepath.Join(sn.dir, copyName+".txtar")
	data := e.data
	if e.err != nil {
		data = nil
	}
	if err := os.WriteFile(e.copy, data, 0o600); err != nil && e.err == nil {
		e.err = err
	}
	sn.files = append(sn.files, e.copy)
	sn.scripts[copyName] = e
	return e
}

// remove deletes the copies.
func (sn *snapshot) remove() { sn.once.Do(func() { os.RemoveAll(sn.dir) }) }

// writeBack copies what testscript's -update wrote into e's copy back to
// the script in the corpus: atomically, refusing a read-only file and a
// symlink leading out of the corpus.
func (e *entry) writeBack() error {
	data, err := ReadScriptFile(e.copy)
	if err != nil {
		return err
	}
	if bytes.Equal(data, e.data) {
		return nil
	}
	return safeio.WriteFile(e.orig, data, e.corpus)
}

// snapshotDir is the snapshot of the scripts of dir as testscript would
// list them (every *.txtar and *.txt, sorted), named as testscript names
// them ("evil" and "evil#1" for evil.txt and evil.txtar).
func snapshotDir(dir string) (*snapshot, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	sn, err := newSnapshot()
	if err != nil {
		return nil, err
	}
	names := map[string]bool{}
	for _, de := range entries {
		n := de.Name()
		base, ok := strings.CutSuffix(n, ".txt")
		if !ok {
			if base, ok = strings.CutSuffix(n, ".txtar"); !ok {
				continue
			}
		}
		name := base
		for i := 1; names[name]; i++ {
			name = base + "#" + strconv.Itoa(i)
		}
		names[name] = true
		sn.add(name, filepath.Join(dir, n))
	}
	return sn, nil
}

// scriptEnv is the environment a script sees: only testscript's own
// variables about its work directory, nothing of the process's (no PATH:
// no program runs; no CI secret can reach cmpenv or the output).
var scriptEnv = map[string]bool{"WORK": true, "HOME": true, "TMPDIR": true, "devnull": true, "/": true, ":": true, "$": true, "exe": true}

func minimalEnv(vars []string) []string {
	var out []string
	for _, kv := range vars {
		if k, _, ok := strings.Cut(kv, "="); ok && scriptEnv[k] {
			out = append(out, kv)
		}
	}
	return out
}
