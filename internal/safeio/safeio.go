// Package safeio reads and writes the files mtgc does not trust: a
// conformance script, a .mtg file, a replay, a saved state, a sim deck, a
// document an editor names. Every read is of a regular file only (a FIFO,
// a device such as /dev/zero, a directory, or a symlink to one of them is
// refused without being opened for reading), and up to a size cap, so that
// no input can hang a reader or make it allocate without bound.
package safeio

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// ErrTooLarge is wrapped by the errors of reads past their cap.
var ErrTooLarge = errors.New("file too large")

// TooLarge is the error of a read of what past max bytes.
func TooLarge(what string, max int64) error {
	return fmt.Errorf("%s: %w: more than %d bytes (the limit for this kind of file)", what, ErrTooLarge, max)
}

// notRegular is the error for a file that is not a regular file.
func notRegular(name string, m fs.FileMode) error {
	kind := "not a regular file"
	switch {
	case m.IsDir():
		kind = "a directory"
	case m&fs.ModeNamedPipe != 0:
		kind = "a named pipe (FIFO)"
	case m&fs.ModeDevice != 0 || m&fs.ModeCharDevice != 0:
		kind = "a device"
	case m&fs.ModeSocket != 0:
		kind = "a socket"
	}
	return fmt.Errorf("%s is %s: only regular files are read", name, kind)
}

// ReadFile reads the regular file name (following symlinks), refusing
// anything else and a file of more than max bytes.
func ReadFile(name string, max int64) ([]byte, error) {
	st, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, notRegular(name, st.Mode())
	}
	if st.Size() > max {
		return nil, TooLarge(name, max)
	}
	// O_NONBLOCK: a file swapped for a FIFO after the Stat does not block
	// the open; the Stat of the open file refuses it.
	f, err := os.OpenFile(name, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err = f.Stat(); err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, notRegular(name, st.Mode())
	}
	return ReadAll(f, name, max)
}

// Open opens the regular file name (following symlinks) for reading,
// refusing anything else without blocking on it (a FIFO, a device); the
// caller caps what it reads (NewReader).
func Open(name string) (*os.File, error) {
	st, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, notRegular(name, st.Mode())
	}
	f, err := os.OpenFile(name, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, err
	}
	if st, err = f.Stat(); err != nil || !st.Mode().IsRegular() {
		f.Close()
		if err == nil {
			err = notRegular(name, st.Mode())
		}
		return nil, err
	}
	return f, nil
}

// ReadFS is ReadFile for a file of fsys.
func ReadFS(fsys fs.FS, name string, max int64) ([]byte, error) {
	st, err := fs.Stat(fsys, name)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, notRegular(name, st.Mode())
	}
	if st.Size() > max {
		return nil, TooLarge(name, max)
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err = f.Stat(); err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, notRegular(name, st.Mode())
	}
	return ReadAll(f, name, max)
}

// ReadAll reads r to its end, refusing more than max bytes (what names r in
// the error).
func ReadAll(r io.Reader, what string, max int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, TooLarge(what, max)
	}
	return data, nil
}

// Reader is an io.Reader that fails with a TooLarge error once more than
// its cap has been read from it, for a decoder that reads as it goes.
type Reader struct {
	R    io.Reader
	What string
	Max  int64
	n    int64
}

// NewReader returns a Reader of r capped at max bytes.
func NewReader(r io.Reader, what string, max int64) *Reader {
	return &Reader{R: r, What: what, Max: max}
}

func (r *Reader) Read(p []byte) (int, error) {
	if r.n > r.Max {
		return 0, TooLarge(r.What, r.Max)
	}
	if left := r.Max + 1 - r.n; int64(len(p)) > left {
		p = p[:left]
	}
	n, err := r.R.Read(p)
	r.n += int64(n)
	if r.n > r.Max {
		return n, TooLarge(r.What, r.Max)
	}
	return n, err
}

// WriteFile replaces the file at path with data, atomically: data goes to
// a temporary file in the same directory, renamed over the file. It
// respects what is there: a symlink is followed (its target is replaced,
// the link kept), a read-only file or anything but a regular file is
// refused with nothing written, and the file's permissions are kept (0644
// for a new file). within, if not "", is a directory the file (after its
// symlinks) must be in: a link leading out of it is refused.
func WriteFile(path string, data []byte, within string) error {
	target, mode, err := writeTarget(path, within)
	if err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".tmp*")
	if err != nil {
		return fmt.Errorf("can't write %s: %v", path, err)
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, mode)
	}
	if err == nil {
		err = os.Rename(tmp, target)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("can't write %s: %v", path, err)
	}
	return nil
}

// writeTarget returns the file a write to path must replace (path, or
// what its symlinks lead to) and the permissions to give it, or why it
// must not be written.
func writeTarget(path, within string) (string, os.FileMode, error) {
	target := path
	if st, err := os.Lstat(path); err == nil && st.Mode()&os.ModeSymlink != 0 {
		if target, err = filepath.EvalSymlinks(path); err != nil {
			return "", 0, fmt.Errorf("%s is a symlink whose target can't be written: %v", path, err)
		}
		if within != "" && !Inside(within, target) {
			return "", 0, fmt.Errorf("%s is a symlink to %s, outside %s: not rewritten", path, target, within)
		}
	}
	st, err := os.Stat(target)
	switch {
	case os.IsNotExist(err):
		return target, 0o644, nil
	case err != nil:
		return "", 0, err
	case st.IsDir():
		return "", 0, fmt.Errorf("%s is a directory: give the name of a file to write", path)
	case !st.Mode().IsRegular():
		return "", 0, fmt.Errorf("%s is not a regular file: not replaced", path)
	case st.Mode().Perm()&0o222 == 0:
		return "", 0, fmt.Errorf("%s is read-only: not rewritten (make it writable to allow it)", path)
	}
	return target, st.Mode().Perm(), nil
}

// Inside reports whether file (symlinks resolved) is in directory dir
// (symlinks resolved).
func Inside(dir, file string) bool {
	d, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return false
	}
	d, err = filepath.Abs(d)
	if err != nil {
		return false
	}
	f, err := filepath.Abs(file)
	if err != nil {
		return false
	}
	if r, err := filepath.EvalSymlinks(f); err == nil {
		f = r
	}
	rel, err := filepath.Rel(d, f)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}
