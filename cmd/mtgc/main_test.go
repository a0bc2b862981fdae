package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"mtgc": func() { os.Exit(run(&cli{stdout: os.Stdout, stderr: os.Stderr}, os.Args[1:])) },
	})
}

// TestCLI runs the scripts of testdata/: the commands, their output, their
// exit codes, on good and broken rules.
func TestCLI(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir: "testdata",
		Setup: func(env *testscript.Env) error {
			env.Setenv("REPO", root)
			return nil
		},
	})
}
