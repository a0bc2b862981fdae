package compiler

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"
)

// TestReadDirRefusesSpecialFiles (issue 26, item 4): a .mtg that is a link
// to /dev/zero, a FIFO, or past MaxSourceBytes is refused at once, with
// its name, instead of being read forever or hanging.
func TestReadDirRefusesSpecialFiles(t *testing.T) {
	for name, mk := range map[string]func(p string) error{
		"zero": func(p string) error { return os.Symlink("/dev/zero", p) },
		"fifo": func(p string) error { return syscall.Mkfifo(p, 0o644) },
		"big":  func(p string) error { return os.WriteFile(p, make([]byte, MaxSourceBytes+1), 0o644) },
	} {
		dir := t.TempDir()
		if err := mk(filepath.Join(dir, name+".mtg")); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() {
			_, _, err := ReadDir(os.DirFS(dir), ".")
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), name+".mtg") {
				t.Errorf("%s: %v", name, err)
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("%s: ReadDir hangs", name)
		}
	}
}

// TestExtendsCycle: editions that extend one another in a cycle are
// reported as a cycle naming the editions, not as a base not found.
func TestExtendsCycle(t *testing.T) {
	fsys := fstest.MapFS{
		"a/a.mtg": {Data: []byte("edition a \"A\" extends b\n")},
		"b/b.mtg": {Data: []byte("edition b \"B\" extends a\n")},
		"c/c.mtg": {Data: []byte("edition c \"C\" extends c\n")},
	}
	for dir, want := range map[string]string{
		"a": "the editions extend one another in a cycle: a extends b extends a",
		"c": "the editions extend one another in a cycle: c extends c",
	} {
		_, err := Load(fsys, dir)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", dir, err, want)
		}
	}
}
