package main

import (
	"github.com/mtgc-dev/mtgc/rules"
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	// The in-process tests read the repository's root rules (cr2017) and
	// corpus as the default; default.txtar tests the real default.
	if _, set := os.LookupEnv("MTGC_EDITION"); !set {
		os.Setenv("MTGC_EDITION", rules.Root)
	}
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
			// The scripts test the CLI on the repository's root rules
			// (cr2017) and corpus; default.txtar unsets this.
			env.Setenv("MTGC_EDITION", rules.Root)
			return nil
		},
	})
}
