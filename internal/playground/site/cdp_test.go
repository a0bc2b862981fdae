package site

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"testing"
	"time"
)

// browser is a headless Chromium driven through the DevTools protocol over
// --remote-debugging-pipe (NUL-terminated JSON on file descriptors 3 and
// 4): no WebSocket, no library, nothing downloaded.
type browser struct {
	cmd     *exec.Cmd
	in      *os.File // Chromium reads fd 3
	mu      sync.Mutex
	next    int
	waiting map[int]chan cdpReply
	events  chan cdpReply
	session string
	errors  []string // the page's uncaught exceptions, console errors and error log entries
}

type cdpReply struct {
	ID     int             `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Message string `json:"message"`
	} `json:"error"`
	SessionID string `json:"sessionId"`
}

// chromiumFlags are the flags of a closed-network headless run.
var chromiumFlags = []string{
	"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
	"--disable-background-networking", "--disable-component-update", "--disable-sync",
	"--disable-extensions", "--disable-default-apps", "--mute-audio", "--hide-scrollbars",
	"--remote-debugging-pipe",
}

func startBrowser(t *testing.T, exe string) *browser {
	t.Helper()
	toChrome, ours, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	theirs, fromChrome, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	args := append(append([]string(nil), chromiumFlags...), "--user-data-dir="+t.TempDir(), "about:blank")
	cmd := exec.Command(exe, args...)
	cmd.ExtraFiles = []*os.File{toChrome, fromChrome}
	cmd.Stderr = nil
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	toChrome.Close()
	fromChrome.Close()
	b := &browser{cmd: cmd, in: ours, waiting: map[int]chan cdpReply{}, events: make(chan cdpReply, 1024)}
	go b.read(theirs)
	t.Cleanup(func() {
		b.call("", "Browser.close", nil)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
		ours.Close()
		theirs.Close()
	})
	return b
}

func (b *browser) read(f *os.File) {
	r := bufio.NewReader(f)
	for {
		msg, err := r.ReadBytes(0)
		if err != nil {
			b.mu.Lock()
			for id, c := range b.waiting {
				close(c)
				delete(b.waiting, id)
			}
			b.mu.Unlock()
			return
		}
		var rep cdpReply
		if json.Unmarshal(msg[:len(msg)-1], &rep) != nil {
			continue
		}
		if rep.ID == 0 {
			if e := pageError(rep); e != "" {
				b.mu.Lock()
				b.errors = append(b.errors, e)
				b.mu.Unlock()
			}
			select {
			case b.events <- rep:
			default:
			}
			continue
		}
		b.mu.Lock()
		c := b.waiting[rep.ID]
		delete(b.waiting, rep.ID)
		b.mu.Unlock()
		if c != nil {
			c <- rep
		}
	}
}

// call sends a command (to the page's session unless session is "" and
// the command is the browser's) and waits for its result.
func (b *browser) call(session, method string, params any) (json.RawMessage, error) {
	b.mu.Lock()
	b.next++
	id := b.next
	c := make(chan cdpReply, 1)
	b.waiting[id] = c
	b.mu.Unlock()
	msg := map[string]any{"id": id, "method": method}
	if params != nil {
		msg["params"] = params
	}
	if session != "" {
		msg["sessionId"] = session
	}
	data, _ := json.Marshal(msg)
	if _, err := b.in.Write(append(data, 0)); err != nil {
		return nil, err
	}
	select {
	case rep, ok := <-c:
		if !ok {
			return nil, fmt.Errorf("%s: the browser closed the pipe", method)
		}
		if rep.Error != nil {
			return nil, fmt.Errorf("%s: %s", method, rep.Error.Message)
		}
		return rep.Result, nil
	case <-time.After(60 * time.Second):
		return nil, fmt.Errorf("%s: no answer in 60s", method)
	}
}

// page opens a tab and attaches to it.
func (b *browser) page(t *testing.T, width, height int) {
	t.Helper()
	res, err := b.call("", "Target.createTarget", map[string]any{"url": "about:blank"})
	if err != nil {
		t.Fatal(err)
	}
	var target struct{ TargetID string }
	json.Unmarshal(res, &target)
	res, err = b.call("", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true})
	if err != nil {
		t.Fatal(err)
	}
	var att struct{ SessionID string }
	json.Unmarshal(res, &att)
	b.session = att.SessionID
	for _, m := range []string{"Page.enable", "Runtime.enable", "Log.enable"} {
		b.do(t, m, nil)
	}
	b.do(t, "Emulation.setDeviceMetricsOverride", map[string]any{"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false})
}

func (b *browser) do(t *testing.T, method string, params any) json.RawMessage {
	t.Helper()
	res, err := b.call(b.session, method, params)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// eval evaluates a JavaScript expression in the page, awaiting a promise,
// and decodes its value into out (if not nil).
func (b *browser) eval(t *testing.T, expr string, out any) {
	t.Helper()
	res := b.do(t, "Runtime.evaluate", map[string]any{"expression": expr, "awaitPromise": true, "returnByValue": true})
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	if err := json.Unmarshal(res, &r); err != nil {
		t.Fatal(err)
	}
	if r.ExceptionDetails != nil {
		t.Fatalf("%s: %s %s", expr, r.ExceptionDetails.Text, r.ExceptionDetails.Exception.Description)
	}
	if out != nil && len(r.Result.Value) > 0 {
		if err := json.Unmarshal(r.Result.Value, out); err != nil {
			t.Fatalf("%s: %v (%s)", expr, err, r.Result.Value)
		}
	}
}

// waitFor evaluates a boolean expression until it holds.
func (b *browser) waitFor(t *testing.T, what, expr string, d time.Duration) {
	t.Helper()
	deadline := time.Now().Add(d)
	for {
		var ok bool
		b.eval(t, "(() => { try { return !!("+expr+"); } catch { return false; } })()", &ok)
		if ok {
			return
		}
		if time.Now().After(deadline) {
			var state string
			b.eval(t, `document.querySelector("#status")?.textContent + " | " + document.querySelector("#verdict")?.textContent + " | " + document.querySelector("#diagnostics")?.textContent.slice(0, 500)`, &state)
			t.Fatalf("waiting %v for %s: never (%s); page: %s", d, what, expr, state)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// pageError describes an event that reports an error in the page (an
// uncaught exception, console.error, a CSP violation or a failed load), or
// is "".
func pageError(rep cdpReply) string {
	switch rep.Method {
	case "Runtime.exceptionThrown":
		var p struct {
			ExceptionDetails struct {
				Text      string
				Exception struct{ Description string }
			}
		}
		json.Unmarshal(rep.Params, &p)
		return "exception: " + p.ExceptionDetails.Text + " " + p.ExceptionDetails.Exception.Description
	case "Runtime.consoleAPICalled":
		var p struct {
			Type string
			Args []struct{ Value any }
		}
		json.Unmarshal(rep.Params, &p)
		if p.Type == "error" {
			return fmt.Sprintf("console.error: %v", p.Args)
		}
	case "Log.entryAdded":
		var p struct {
			Entry struct{ Level, Text, URL string }
		}
		json.Unmarshal(rep.Params, &p)
		if p.Entry.Level == "error" {
			return "log: " + p.Entry.Text + " " + p.Entry.URL
		}
	}
	return ""
}

// pageErrors returns the errors the page reported so far.
func (b *browser) pageErrors() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.errors...)
}
