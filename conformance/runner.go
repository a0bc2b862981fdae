package conformance

import (
	"bytes"
	"fmt"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// Result is the outcome of one script run by RunScripts.
type Result struct {
	Script  Script
	Failed  bool
	Skipped bool
	// Log is testscript's log of the script: on failure, the commands of the
	// failing section, the failure, and the game log (see GameLog).
	Log     string
	Elapsed time.Duration
	// Fired lists the rules the events of the script's games cited, sorted.
	Fired []string
}

// RunScripts runs scripts under c outside "go test" (as mtgc test does),
// one after the other, and returns their results in the order given.
// verbose keeps the log of passing scripts too. c.Known is not consulted:
// the caller decides what an expected failure means.
func RunScripts(c Config, scripts []Script, verbose bool) []Result {
	fired := c.Fired
	if fired == nil {
		fired = &Fired{}
	}
	c.Fired = fired
	p := c.Params("")
	for _, s := range scripts {
		p.Files = append(p.Files, s.Path)
	}
	root := &scriptT{name: "corpus", verbose: verbose}
	if len(p.Files) > 0 {
		root.do(func(t *scriptT) { testscript.RunT(t, p) })
	}
	byName := map[string]*scriptT{}
	for _, ch := range root.children {
		byName[ch.name] = ch
	}
	out := make([]Result, len(scripts))
	for i, s := range scripts {
		r := Result{Script: s, Fired: fired.Rules(s.Name)}
		ch := byName[s.Name]
		switch {
		case ch != nil:
			r.Failed, r.Skipped, r.Log, r.Elapsed = ch.failed, ch.skipped, ch.log.String(), ch.elapsed
		case root.failed:
			// testscript failed before running the script (a bad Params).
			r.Failed, r.Log = true, root.log.String()
		default:
			r.Failed, r.Log = true, fmt.Sprintf("%s did not run\n", s.Path)
		}
		out[i] = r
	}
	return out
}

// scriptT implements testscript.T outside "go test": each Run is a
// goroutine so that Fatal/FailNow/Skip can stop it with runtime.Goexit.
type scriptT struct {
	name     string
	verbose  bool
	failed   bool
	skipped  bool
	elapsed  time.Duration
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

// Failed reports whether the script has failed: the harness prints the
// game log of failed scripts.
func (t *scriptT) Failed() bool { return t.failed }

func (t *scriptT) Parallel() {}

func (t *scriptT) Log(args ...any) {
	t.mu.Lock()
	defer t.mu.Unlock()
	fmt.Fprintln(&t.log, args...)
}

func (t *scriptT) Verbose() bool { return t.verbose }

func (t *scriptT) Run(name string, f func(testscript.T)) {
	c := &scriptT{name: filepath.Base(name), verbose: t.verbose}
	start := time.Now()
	c.do(func(c *scriptT) { f(c) })
	c.elapsed = time.Since(start)
	t.mu.Lock()
	t.children = append(t.children, c)
	if c.failed {
		t.failed = true
	}
	t.mu.Unlock()
}
