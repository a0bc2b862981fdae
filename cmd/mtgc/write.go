package main

import "github.com/mtgc-dev/mtgc/internal/safeio"

// writeFileAtomic replaces the file at path with data, atomically: data
// goes to a temporary file in the same directory, renamed over the file.
// It respects what is there: a symlink is followed (its target is
// replaced, the link kept), a read-only file or anything but a regular
// file is refused with nothing written, and the file's permissions are
// kept (0644 for a new file). See safeio.WriteFile.
func writeFileAtomic(path string, data []byte) error { return safeio.WriteFile(path, data, "") }
