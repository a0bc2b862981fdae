package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWriteFileAtomic: a write replaces a regular file keeping its mode,
// follows a symlink (the target gets the data, the link stays a link), and
// refuses a read-only file, a directory and a dangling link with nothing
// changed.
func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	at := func(n string) string { return filepath.Join(dir, n) }
	write := func(n, data string, mode os.FileMode) {
		if err := os.WriteFile(at(n), []byte(data), mode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(at(n), mode); err != nil {
			t.Fatal(err)
		}
	}
	write("plain", "old", 0o600)
	write("target", "old", 0o644)
	if err := os.Symlink("target", at("link")); err != nil {
		t.Fatal(err)
	}
	write("ro", "old", 0o444)
	if err := os.Mkdir(at("dir"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("nowhere/x", at("dangling")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, path, wantErr string
		check               string // the file that must hold "new"
	}{
		{"new file", "new", "", "new"},
		{"regular file", "plain", "", "plain"},
		{"symlink", "link", "", "target"},
		{"read-only", "ro", "is read-only", ""},
		{"directory", "dir", "is a directory", ""},
		{"dangling symlink", "dangling", "is a symlink whose target can't be written", ""},
	} {
		err := writeFileAtomic(at(c.path), []byte("new"))
		if c.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), c.wantErr) {
				t.Errorf("%s: err %v, want %q", c.name, err, c.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if data, _ := os.ReadFile(at(c.check)); string(data) != "new" {
			t.Errorf("%s: %s holds %q", c.name, c.check, data)
		}
	}
	if st, _ := os.Lstat(at("link")); st.Mode()&os.ModeSymlink == 0 {
		t.Error("the symlink was replaced by a file")
	}
	if st, _ := os.Stat(at("plain")); st.Mode().Perm() != 0o600 {
		t.Errorf("plain's mode became %v", st.Mode().Perm())
	}
	if st, _ := os.Stat(at("new")); st.Mode().Perm() != 0o644 {
		t.Errorf("a new file's mode is %v", st.Mode().Perm())
	}
	if data, _ := os.ReadFile(at("ro")); string(data) != "old" {
		t.Errorf("the read-only file was rewritten: %q", data)
	}
	left, _ := filepath.Glob(at(".*tmp*"))
	if len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}
