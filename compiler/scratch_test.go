package compiler

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// RunScratch writes files (paths relative to the module) into a scratch
// module that requires this repository through a replace, runs its main
// package with the go tool, offline, and returns what it printed. Tests
// that need a generated engine compiled use it; it skips with -short or
// without a go tool.
func RunScratch(t *testing.T, files map[string][]byte) []byte {
	t.Helper()
	if testing.Short() {
		t.Skip("builds a generated engine with the go tool")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	gosum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	mod := t.TempDir()
	all := map[string][]byte{
		"go.sum": gosum,
		"go.mod": []byte(fmt.Sprintf("module scratch\n\ngo 1.26\n\nrequire github.com/mtgc-dev/mtgc v0.0.0\n\nreplace github.com/mtgc-dev/mtgc => %s\n", root)),
	}
	for name, data := range files {
		all[name] = data
	}
	for name, data := range all {
		path := filepath.Join(mod, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(goTool, "run", ".")
	cmd.Dir = mod
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go run: %v\n%s", err, out)
	}
	return out
}
