package main

import (
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progressAfter is how long a run goes before it shows progress: a short
// run prints nothing.
var progressAfter = 2 * time.Second

// isTerminal reports whether f is a terminal (a variable for tests).
var isTerminal = func(f *os.File) bool { return term.IsTerminal(int(f.Fd())) }

// progress reports a long run's progress on stderr: a progress bar
// (github.com/schollz/progressbar) when stderr is a terminal, else a plain
// line every 10% ("mtgc verb: 40/100 unit"). Nothing shows before
// progressAfter. The function it returns takes how many of total are done,
// from any goroutine; finish clears the bar.
func progress(ctx *cli, verb, unit string, total int) (update func(done int), finish func()) {
	start := time.Now()
	var mu sync.Mutex
	f, isFile := ctx.stderr.(*os.File)
	if isFile && isTerminal(f) {
		var bar *progressbar.ProgressBar
		update = func(done int) {
			mu.Lock()
			defer mu.Unlock()
			if bar == nil {
				if time.Since(start) < progressAfter {
					return
				}
				bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(f), progressbar.OptionSetDescription("mtgc "+verb),
					progressbar.OptionShowCount(), progressbar.OptionShowIts(), progressbar.OptionSetItsString(unit),
					progressbar.OptionClearOnFinish(), progressbar.OptionThrottle(100*time.Millisecond))
			}
			bar.Set(done)
		}
		finish = func() {
			mu.Lock()
			defer mu.Unlock()
			if bar != nil {
				bar.Finish()
				bar.Clear()
				bar = nil
				start = time.Now().Add(24 * time.Hour) // finished: no bar again
			}
		}
		return update, finish
	}
	step := max(1, total/10)
	last := 0
	update = func(done int) {
		mu.Lock()
		defer mu.Unlock()
		if time.Since(start) < progressAfter || done == total {
			return
		}
		if done/step > last/step {
			fmt.Fprintf(ctx.stderr, "mtgc %s: %d/%d %s\n", verb, done, total, unit)
			last = done
		}
	}
	return update, func() {}
}
