package main

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/engine"
)

var (
	testRules   string
	testRun     string
	testVerbose bool
	testUpdate  bool
)

var testCmd = &command{
	name:  "test",
	args:  "[corpus-dir]",
	short: "Run a conformance corpus (default: the embedded one) against the compiled engine.",
	flags: func(fs *flag.FlagSet) {
		fs.StringVar(&testRules, "rules", "", "rules directory the engine must have been generated from (default: the embedded rules)")
		fs.StringVar(&testRun, "run", "", "run only scripts whose name or # rules: line matches this regexp")
		fs.BoolVar(&testVerbose, "v", false, "print every script's log, not only failures'")
		fs.BoolVar(&testUpdate, "update", false, "rewrite golden files of failing cmp commands in the scripts (needs a corpus directory)")
	},
	run: runTest,
}

func runTest(ctx *cli, _ *flag.FlagSet, args []string) error {
	dir, err := oneDir(args)
	if err != nil {
		return err
	}
	// Never test an engine older than the rules it claims to implement.
	hash, err := rulesHash(testRules)
	if err != nil {
		return err
	}
	if hash != engine.SourceHash {
		where := "the embedded rules"
		if testRules != "" {
			where = testRules
		}
		return fmt.Errorf("mtgc test: the compiled engine was generated from other rules than %s\n\t(engine %s, rules %s)\n\trun go generate ./... and rebuild mtgc, then test again", where, engine.SourceHash, hash)
	}
	if testUpdate && dir == "" {
		return fmt.Errorf("mtgc test -update needs the corpus directory to rewrite")
	}
	if dir == "" {
		tmp, err := os.MkdirTemp("", "mtgc-test")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		sub, err := fs.Sub(conformance.Corpus, "testdata")
		if err != nil {
			return err
		}
		if dir, err = conformance.Extract(sub, tmp); err != nil {
			return err
		}
	}
	scripts, err := conformance.ReadCorpus(dir)
	if err != nil {
		return err
	}
	var files []string
	var re *regexp.Regexp
	if testRun != "" {
		if re, err = regexp.Compile(testRun); err != nil {
			return fmt.Errorf("-run: %v", err)
		}
	}
	for _, s := range scripts {
		if re == nil || re.MatchString(s.Name) || re.MatchString(strings.Join(s.Header.Rules, " ")) {
			files = append(files, s.Path)
		}
	}
	if len(files) == 0 {
		return fmt.Errorf("mtgc test: no script matches -run %q", testRun)
	}
	p := conformance.Params(engine.Rules, "", testUpdate)
	p.Files = files
	root := &scriptT{name: "corpus", verbose: testVerbose}
	root.do(func(t *scriptT) { testscript.RunT(t, p) })
	sort.Slice(root.children, func(i, j int) bool { return root.children[i].name < root.children[j].name })
	passed, failed := 0, 0
	for _, c := range root.children {
		status := "PASS"
		if c.failed {
			status = "FAIL"
			failed++
		} else {
			passed++
		}
		if c.failed || testVerbose {
			fmt.Fprintf(ctx.stdout, "--- %s: %s\n%s", status, c.name, indent(c.log.String()))
		} else {
			fmt.Fprintf(ctx.stdout, "ok   %s\n", c.name)
		}
	}
	if root.failed && len(root.children) == 0 {
		fmt.Fprint(ctx.stdout, root.log.String())
		failed++
	}
	fmt.Fprintf(ctx.stdout, "%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return errFailed
	}
	return nil
}

func indent(s string) string {
	if s == "" {
		return ""
	}
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return "    " + strings.Join(lines, "\n    ") + "\n"
}

// scriptT implements testscript.T outside "go test": each Run is a
// goroutine so that Fatal/FailNow/Skip can stop it with runtime.Goexit.
type scriptT struct {
	name     string
	verbose  bool
	failed   bool
	skipped  bool
	mu       sync.Mutex
	log      bytes.Buffer
	children []*scriptT
}

func (t *scriptT) do(f func(*scriptT)) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(t)
	}()
	<-done
}

func (t *scriptT) Skip(args ...any) {
	t.Log(args...)
	t.skipped = true
	runtime.Goexit()
}

func (t *scriptT) Fatal(args ...any) {
	t.Log(args...)
	t.FailNow()
}

func (t *scriptT) FailNow() {
	t.failed = true
	runtime.Goexit()
}

func (t *scriptT) Parallel() {}

func (t *scriptT) Log(args ...any) {
	t.mu.Lock()
	defer t.mu.Unlock()
	fmt.Fprintln(&t.log, args...)
}

func (t *scriptT) Verbose() bool { return t.verbose }

func (t *scriptT) Run(name string, f func(testscript.T)) {
	c := &scriptT{name: filepath.Base(name), verbose: t.verbose}
	c.do(func(c *scriptT) { f(c) })
	t.mu.Lock()
	t.children = append(t.children, c)
	if c.failed {
		t.failed = true
	}
	t.mu.Unlock()
}
