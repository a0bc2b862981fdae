package conformance

import (
	"bytes"
	"fmt"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
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
	unsafe := map[string]error{}
	sn, err := newSnapshot()
	if err != nil {
		for _, s := range scripts {
			unsafe[s.Name] = err
		}
	}
	named := map[string]string{}  // the name testscript gives a copy -> the script's
	copies := map[string]string{} // the script's name -> its copy
	p := c.params(sn)
	for _, s := range scripts {
		if err != nil {
			break
		}
		if s.Unsafe != nil {
			unsafe[s.Name] = s.Unsafe
			continue
		}
		name := s.Name
		for i := 1; sn.scripts[name] != nil; i++ {
			name = s.Name + "#" + strconv.Itoa(i)
		}
		e := sn.add(name, s.Path)
		if e.err != nil {
			unsafe[s.Name] = e.err
			continue
		}
		named[strings.TrimSuffix(filepath.Base(e.copy), ".txtar")] = s.Name
		copies[s.Name] = e.copy
		p.Files = append(p.Files, e.copy)
	}
	if sn != nil {
		defer sn.remove()
	}
	root := &scriptT{name: "corpus", verbose: verbose, timeout: c.Limits.timeout()}
	if len(p.Files) > 0 {
		root.do(func(t *scriptT) { testscript.RunT(t, p.Params) })
	}
	byName := map[string]*scriptT{}
	for _, ch := range root.children {
		if n, ok := named[ch.name]; ok && byName[n] == nil {
			byName[n] = ch
		}
	}
	out := make([]Result, len(scripts))
	for i, s := range scripts {
		r := Result{Script: s, Fired: fired.Rules(s.Name)}
		ch := byName[s.Name]
		switch {
		case unsafe[s.Name] != nil:
			r.Failed, r.Log = true, unsafe[s.Name].Error()+"\n"
		case ch != nil:
			ch.mu.Lock()
			r.Failed, r.Skipped, r.Log, r.Elapsed = ch.failed, ch.skipped, ch.log.String(), ch.elapsed
			// The log names the copy that ran: name the script instead.
			r.Log = strings.ReplaceAll(r.Log, copies[s.Name], s.Path)
			ch.mu.Unlock()
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

// grace is how long past its timeout a script that does not stop by
// itself (stuck outside the commands that check the time) is waited for
// before it is abandoned and reported as timed out.
var grace = 5 * time.Second

// scriptT implements testscript.T outside "go test": each Run is a
// goroutine so that Fatal/FailNow/Skip can stop it with runtime.Goexit.
type scriptT struct {
	name    string
	verbose bool
	timeout time.Duration // per script, for Run's children
	// abandoned: the script ran past its time and was given up on; what
	// its goroutine does from then on is not recorded.
	abandoned bool
	failed    bool
	skipped   bool
	elapsed   time.Duration
	mu        sync.Mutex
	log       bytes.Buffer
	children  []*scriptT
}

func (t *scriptT) do(f func(*scriptT)) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(t)
	}()
	<-done
}

// doWithin is do, giving up after d (0: never) and reporting false; the
// abandoned goroutine runs on until it stops by itself.
func (t *scriptT) doWithin(f func(*scriptT), d time.Duration) bool {
	if d <= grace {
		t.do(f)
		return true
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(t)
	}()
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-done:
		return true
	case <-timer.C:
		return false
	}
}

func (t *scriptT) Skip(args ...any) {
	t.Log(args...)
	t.mu.Lock()
	t.skipped = t.skipped || !t.abandoned
	t.mu.Unlock()
	runtime.Goexit()
}

func (t *scriptT) Fatal(args ...any) {
	t.Log(args...)
	t.FailNow()
}

func (t *scriptT) FailNow() {
	t.mu.Lock()
	t.failed = true
	t.mu.Unlock()
	runtime.Goexit()
}

// Failed reports whether the script has failed: the harness prints the
// game log of failed scripts.
func (t *scriptT) Failed() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.failed
}

func (t *scriptT) Parallel() {}

func (t *scriptT) Log(args ...any) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.abandoned {
		fmt.Fprintln(&t.log, args...)
	}
}

func (t *scriptT) Verbose() bool { return t.verbose }

func (t *scriptT) Run(name string, f func(testscript.T)) {
	c := &scriptT{name: filepath.Base(name), verbose: t.verbose}
	start := time.Now()
	if !c.doWithin(func(c *scriptT) { f(c) }, t.timeout+grace) {
		c.mu.Lock()
		fmt.Fprintln(&c.log, timedOut(t.timeout))
		c.failed, c.abandoned = true, true
		c.mu.Unlock()
	}
	c.elapsed = time.Since(start)
	t.mu.Lock()
	t.children = append(t.children, c)
	if c.failed {
		t.failed = true
	}
	t.mu.Unlock()
}
