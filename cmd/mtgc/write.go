package main

import (
	"fmt"
	"os"
	"path/filepath"
)

// writeFileAtomic replaces the file at path with data, atomically: data
// goes to a temporary file in the same directory, renamed over the file.
// It respects what is there: a symlink is followed (its target is
// replaced, the link kept), a read-only file or anything but a regular
// file is refused with nothing written, and the file's permissions are
// kept (0644 for a new file).
func writeFileAtomic(path string, data []byte) error {
	target, mode, err := writeTarget(path)
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
func writeTarget(path string) (string, os.FileMode, error) {
	target := path
	if st, err := os.Lstat(path); err == nil && st.Mode()&os.ModeSymlink != 0 {
		if target, err = filepath.EvalSymlinks(path); err != nil {
			return "", 0, fmt.Errorf("%s is a symlink whose target can't be written: %v", path, err)
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
