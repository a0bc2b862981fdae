package conformance_test

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/engine"
)

// TestCheckScript: a script that uses a command able to run a program or
// write outside its work directory, names a command through a variable,
// or carries a file leaving its work directory, is refused before it runs.
func TestCheckScript(t *testing.T) {
	for _, c := range []struct {
		name, script, want string
	}{
		{"exec", "# rules: 500.1\nexec sh -c 'echo hi'\n", "exec is not available"},
		{"negated exec", "# rules: 500.1\n! exec false\n", "exec is not available"},
		{"conditional exec", "# rules: 500.1\n[unix] [!windows] exec sh\n", "exec is not available"},
		{"quote in a name", "# rules: 500.1\n'ex''ec' sh\n", ""}, // ex'ec: unknown to testscript
		{"quoted name", "# rules: 500.1\n'exec' sh\n", "exec is not available"},
		{"background exec", "# rules: 500.1\nexec sleep 100 &\n", "exec is not available"},
		{"cp", "# rules: 500.1\ncp want /tmp/x\n-- want --\nx\n", "cp is not available"},
		{"mv", "# rules: 500.1\nmv a b\n", "mv is not available"},
		{"rm", "# rules: 500.1\nrm /tmp/x\n", "rm is not available"},
		{"mkdir", "# rules: 500.1\nmkdir /tmp/x\n", "mkdir is not available"},
		{"symlink", "# rules: 500.1\nsymlink a -> /etc\n", "symlink is not available"},
		{"chmod", "# rules: 500.1\nchmod 777 a\n", "chmod is not available"},
		{"env", "# rules: 500.1\nenv X=exec\n", "env is not available"},
		{"cd", "# rules: 500.1\ncd /\n", "cd is not available"},
		{"unquote", "# rules: 500.1\nunquote /tmp/x\n", "unquote is not available"},
		{"variable", "# rules: 500.1\n$X sh\n", "through a variable"},
		{"dotdot file", "# rules: 500.1\ngame\n-- ../escaped --\nx\n", "must stay in its work directory"},
		{"absolute file", "# rules: 500.1\ngame\n-- /tmp/escaped --\nx\n", "must stay in its work directory"},
		{"variable file", "# rules: 500.1\ngame\n-- $WORK/../x --\nx\n", "must stay in its work directory"},
		{"nested dotdot file", "# rules: 500.1\ngame\n-- a/../../x --\nx\n", "must stay in its work directory"},
		// Issue 26, item 3: the builtins that read files read only the script's own.
		{"cmp environ", "# rules: 500.1\ncmp /proc/self/environ want\n-- want --\n", "must be in its work directory"},
		{"cmp passwd second", "# rules: 500.1\ncmp stdout /etc/passwd\n", "must be in its work directory"},
		{"cmpenv home", "# rules: 500.1\ncmpenv $HOME/x want\n", "must be in its work directory"},
		{"exists ssh", "# rules: 500.1\nexists -readonly /root/.ssh\n", "must be in its work directory"},
		{"negated exists", "# rules: 500.1\n! exists ../x\n", "must be in its work directory"},
		{"grep dotdot", "# rules: 500.1\ngrep root ../../../../etc/passwd\n", "must be in its work directory"},
		{"grep count", "# rules: 500.1\n[unix] grep -count=1 root '/etc/passwd'\n", "must be in its work directory"},
		{"grep fine", "# rules: 500.1\ngrep -count=1 '/etc/x' want\n-- want --\n", ""},
		{"fine", "# rules: 500.1\ngame # exec in a comment\nexists want\n# exec sh\nstdout 'exec'\n-- want --\n-- sub/dir/f --\n", ""},
	} {
		err := conformance.CheckScript("s.txtar", []byte(c.script))
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: refused: %v", c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: got %v, want an error containing %q", c.name, err, c.want)
		}
	}
}

// TestCorpusIsSafe: every script of the corpus passes the check.
func TestCorpusIsSafe(t *testing.T) {
	scripts, err := conformance.ReadCorpus("testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range scripts {
		if s.Unsafe != nil {
			t.Error(s.Unsafe)
		}
	}
}

// TestSandboxVersion: the list of unsafe builtins is that of go-internal
// v1.16.0; another version may have new builtins to review.
func TestSandboxVersion(t *testing.T) {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		t.Skip("no build info")
	}
	for _, m := range bi.Deps {
		if m.Path == "github.com/rogpeppe/go-internal" && m.Version != "v1.16.0" {
			t.Errorf("go-internal is %s: review its testscript builtins and update unsafeBuiltins/safeBuiltins in sandbox.go, then this test", m.Version)
		}
	}
}

// TestUnsafeScriptsFailAlone: through RunScripts (mtgc test) and Run (go
// test), an unsafe script fails with the reason, runs nothing, and the
// others still run.
func TestUnsafeScriptsFailAlone(t *testing.T) {
	out := filepath.Join(t.TempDir(), "pwned")
	scripts := writeScripts(t, map[string]string{
		"exec":  "# rules: 500.1\nexec sh -c 'touch " + out + "'\n",
		"file":  "# rules: 500.1\ngame\n-- ../../pwned --\nx\n",
		"fine":  "# rules: 500.1\ngame\n",
		"fine2": "# rules: 500.1\ngame\nadvance\n",
	})
	res := conformance.RunScripts(conformance.Config{Rules: engine.Rules}, scripts, false)
	for _, r := range res {
		want := strings.HasPrefix(r.Script.Name, "fine")
		if r.Failed == want {
			t.Errorf("%s: failed=%v\n%s", r.Script.Name, r.Failed, r.Log)
		}
		if !want && !strings.Contains(r.Log, "not available") && !strings.Contains(r.Log, "work directory") {
			t.Errorf("%s: the log does not say why:\n%s", r.Script.Name, r.Log)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Fatal("the script ran a program")
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(scripts[0].Path), "..", "pwned")); err == nil {
		t.Fatal("a script's file was written outside its work directory")
	}
}

// TestLimits: a script past a limit fails alone, saying which, at once.
func TestLimits(t *testing.T) {
	scripts := writeScripts(t, map[string]string{
		"count":  "# rules: 500.1\ngame\nlibrary p1 A count=2000000000\n",
		"passes": "# rules: 500.1\ngame\nset maxhand p1 100000\nset maxhand p2 100000\nlibrary p1 A count=900\nlibrary p2 A count=900\npass 2000000000\n",
		"until":  "# rules: 500.1\ngame\nuntil nosuchstep\n",
		"fine":   "# rules: 500.1\ngame\nlibrary p1 A count=10\n",
	})
	start := time.Now()
	res := conformance.RunScripts(conformance.Config{Rules: engine.Rules, Limits: conformance.Limits{Objects: 2000, Passes: 5000}}, scripts, false)
	want := map[string]string{
		"count":  "limit: a game may hold at most 2000 objects",
		"passes": "limit: more than 5000 priority passes",
		"until":  "the rules have no step or phase \"nosuchstep\"",
	}
	for _, r := range res {
		w, bad := want[r.Script.Name]
		if r.Failed != bad || !strings.Contains(r.Log, w) {
			t.Errorf("%s: failed=%v, want %v with %q:\n%s", r.Script.Name, r.Failed, bad, w, r.Log)
		}
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("the limits took %v to stop the scripts", d)
	}

	timeout := writeScripts(t, map[string]string{
		"slow": "# rules: 500.1\ngame\nset maxhand p1 100000\nset maxhand p2 100000\nlibrary p1 A count=5000\nlibrary p2 A count=5000\npass 2000000000\n",
		"fine": "# rules: 500.1\ngame\n",
	})
	res = conformance.RunScripts(conformance.Config{Rules: engine.Rules, Limits: conformance.Limits{Timeout: 20 * time.Millisecond, Passes: 1 << 30}}, timeout, false)
	if r := res[1]; !r.Failed || !strings.Contains(r.Log, "timed out after 20ms") {
		t.Errorf("slow: failed=%v, want timed out after 20ms:\n%s", r.Failed, r.Log)
	}
	if r := res[0]; r.Failed {
		t.Errorf("fine failed:\n%s", r.Log)
	}
}
