package safeio

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestReadRefusesSpecialFiles: /dev/zero (also through a link), a FIFO, a
// directory and a file past the cap are refused at once; Open likewise.
func TestReadRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "zero")
	if err := os.Symlink("/dev/zero", link); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big")
	if err := os.WriteFile(big, make([]byte, 101), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"/dev/zero": "a device", link: "a device", fifo: "named pipe", dir: "a directory", big: "too large"} {
		if _, err := ReadFile(name, 100); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ReadFile %s: %v, want %q", name, err, want)
		}
		if want != "too large" {
			if f, err := Open(name); err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("Open %s: %v", name, err)
				if f != nil {
					f.Close()
				}
			}
		}
	}
	if _, err := ReadFS(os.DirFS(dir), "fifo", 100); err == nil {
		t.Error("ReadFS read a FIFO")
	}
}

// TestReaderCaps: a Reader fails past its cap with ErrTooLarge.
func TestReaderCaps(t *testing.T) {
	r := NewReader(strings.NewReader(strings.Repeat("x", 1000)), "input", 100)
	_, err := io.ReadAll(r)
	if !errors.Is(err, ErrTooLarge) {
		t.Errorf("got %v", err)
	}
	if _, err := ReadAll(strings.NewReader("abc"), "input", 3); err != nil {
		t.Errorf("at the cap: %v", err)
	}
}

// TestWriteFileWithin: a link leading out of the directory given is not
// written through; a read-only file is not rewritten.
func TestWriteFileWithin(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	victim := filepath.Join(outside, "victim")
	os.WriteFile(victim, []byte("keep"), 0o644)
	os.Symlink(victim, filepath.Join(dir, "link"))
	if err := WriteFile(filepath.Join(dir, "link"), []byte("x"), dir); err == nil || !strings.Contains(err.Error(), "outside") {
		t.Errorf("link out: %v", err)
	}
	if data, _ := os.ReadFile(victim); string(data) != "keep" {
		t.Error("written through the link")
	}
	ro := filepath.Join(dir, "ro")
	os.WriteFile(ro, []byte("keep"), 0o444)
	if err := WriteFile(ro, []byte("x"), dir); err == nil || !strings.Contains(err.Error(), "read-only") {
		t.Errorf("read-only: %v", err)
	}
	if err := WriteFile(filepath.Join(dir, "new"), []byte("x"), dir); err != nil {
		t.Error(err)
	}
}
