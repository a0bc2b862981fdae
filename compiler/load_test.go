package compiler

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
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
