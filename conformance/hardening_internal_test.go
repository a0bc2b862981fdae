package conformance

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/mtgc-dev/mtgc/engine"
)

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// runParams runs Params(dir) as a direct caller of testscript does and
// returns whether each script failed, by name, and its log.
func runParams(t *testing.T, dir string) (map[string]bool, map[string]string) {
	t.Helper()
	root := &scriptT{name: "corpus", timeout: time.Minute}
	root.do(func(r *scriptT) { testscript.RunT(r, Config{Rules: engine.Rules}.Params(dir)) })
	failed, logs := map[string]bool{}, map[string]string{}
	for _, c := range root.children {
		failed[c.name], logs[c.name] = c.Failed(), c.log.String()
	}
	return failed, logs
}

// TestTxtBesideTxtar (issue 26, item 1): evil.txt beside a harmless
// evil.txtar is checked itself, not the .txtar: its exec never runs.
func TestTxtBesideTxtar(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(t.TempDir(), "pwned")
	writeFiles(t, dir, map[string]string{
		"evil.txt":   "# rules: 500.1\nexec sh -c 'touch " + out + "'\n",
		"evil.txtar": "# rules: 500.1\ngame\n",
	})
	failed, logs := runParams(t, dir)
	if _, err := os.Stat(out); err == nil {
		t.Fatal("the exec of evil.txt ran")
	}
	if len(failed) != 2 || !failed["evil"] || failed["evil#1"] {
		t.Errorf("failed: %v, want evil (the .txt) failed and evil#1 (the .txtar) passed", failed)
	}
	if !strings.Contains(logs["evil"], "exec is not available") {
		t.Errorf("evil: the log does not say why:\n%s", logs["evil"])
	}
}

// TestScriptEnvMinimal (item 3): a script sees none of the process's
// environment (cmpenv would print it).
func TestScriptEnvMinimal(t *testing.T) {
	t.Setenv("MTGC_SECRET", "hunter2")
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"env.txtar": "# rules: 500.1\ncmpenv empty want\n-- empty --\n[][][]\n-- want --\n[$PATH][$MTGC_SECRET][$GOTRACEBACK]\n",
	})
	failed, logs := runParams(t, dir)
	if failed["env"] {
		t.Errorf("the script sees the process's environment:\n%s", logs["env"])
	}
	if strings.Contains(strings.Join(mapValues(logs), ""), "hunter2") {
		t.Error("a secret of the environment is in the log")
	}
}

func mapValues(m map[string]string) []string {
	var out []string
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

// TestUnreadableScriptsFailAlone (item 4): a script that is a link to
// /dev/zero, a FIFO, or past the size cap fails alone, at once, and the
// others run.
func TestUnreadableScriptsFailAlone(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"good.txtar": "# rules: 500.1\ngame\n"})
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.txtar")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.txtar"), 0o644); err != nil {
		t.Fatal(err)
	}
	big := append([]byte("# rules: 500.1\ngame\n#"), bytes.Repeat([]byte("x"), MaxScriptBytes)...)
	writeFiles(t, dir, map[string]string{"big.txtar": string(big)})
	done := make(chan struct{})
	go func() {
		defer close(done)
		scripts, err := ReadCorpus(dir)
		if err != nil {
			t.Error(err)
			return
		}
		res := RunScripts(Config{Rules: engine.Rules}, scripts, false)
		got := map[string]string{}
		for _, r := range res {
			got[r.Script.Name] = r.Log
			if r.Failed != (r.Script.Name != "good") {
				t.Errorf("%s: failed=%v\n%s", r.Script.Name, r.Failed, r.Log)
			}
		}
		for name, want := range map[string]string{"zero": "a device", "fifo": "named pipe", "big": "too large"} {
			if !strings.Contains(got[name], want) {
				t.Errorf("%s: log %q, want it to say %q", name, got[name], want)
			}
		}
		// A direct caller of Params(dir) too.
		failed, _ := runParams(t, dir)
		if len(failed) != 4 || failed["good"] || !failed["zero"] || !failed["fifo"] || !failed["big"] {
			t.Errorf("Params(dir): failed %v", failed)
		}
	}()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("reading the corpus hangs")
	}
}

const updatable = "# rules: 500.1\ngame\ntrace\ncmp stdout want\n-- want --\nstale\n"

// TestUpdateWritesSafely (item 9): -update rewrites a script atomically,
// refuses a read-only script and one that is a symlink out of the corpus
// (the file outside is unchanged), and rewrites the others.
func TestUpdateWritesSafely(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	writeFiles(t, dir, map[string]string{"plain.txtar": updatable, "ro.txtar": updatable})
	writeFiles(t, outside, map[string]string{"victim.txtar": updatable})
	if err := os.Chmod(filepath.Join(dir, "ro.txtar"), 0o444); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "victim.txtar"), filepath.Join(dir, "link.txtar")); err != nil {
		t.Fatal(err)
	}
	scripts, err := ReadCorpus(dir)
	if err != nil {
		t.Fatal(err)
	}
	res := RunScripts(Config{Rules: engine.Rules, Update: true}, scripts, false)
	logs := map[string]string{}
	for _, r := range res {
		logs[r.Script.Name] = r.Log
	}
	read := func(p string) string {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	if got := read(filepath.Join(dir, "plain.txtar")); got == updatable || strings.Contains(got, "stale") {
		t.Errorf("plain.txtar not updated:\n%s", got)
	}
	if read(filepath.Join(outside, "victim.txtar")) != updatable {
		t.Error("the file outside the corpus was rewritten through the link")
	}
	if !strings.Contains(logs["link"], "outside") {
		t.Errorf("link: log %q, want it to say the link leads outside the corpus", logs["link"])
	}
	if read(filepath.Join(dir, "ro.txtar")) != updatable {
		t.Error("the read-only script was rewritten")
	}
	if !strings.Contains(logs["ro"], "read-only") {
		t.Errorf("ro: log %q, want it to say it is read-only", logs["ro"])
	}
	if matches, _ := filepath.Glob(filepath.Join(dir, ".*tmp*")); len(matches) > 0 {
		t.Errorf("temporary files left: %v", matches)
	}
}

// TestScriptNameEscaped (item 10): a script file name with a newline or an
// ANSI escape fails alone, named with escapes: it can't forge an "ok" line.
func TestScriptNameEscaped(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"bad\nok   fine.txtar": "# rules: 500.1\ngame\n",
		"red\x1b[31m.txtar":    "# rules: 500.1\ngame\n",
		"good.txtar":           "# rules: 500.1\ngame\n",
	})
	scripts, err := ReadCorpus(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range RunScripts(Config{Rules: engine.Rules}, scripts, false) {
		if strings.ContainsAny(r.Script.Name, "\n\x1b") || strings.ContainsAny(r.Log, "\x1b") || strings.Contains(r.Log, "\nok") {
			t.Errorf("%q: the name or log carries a control character: %q", r.Script.Name, r.Log)
		}
		if r.Failed != (r.Script.Name != "good") {
			t.Errorf("%q: failed=%v", r.Script.Name, r.Failed)
		}
	}
}

// TestBombScriptFailsAlone (item 4): a card attribute draw:2000000000 no
// longer allocates until the process dies: the bomb and ten good scripts
// are all reported, quickly.
func TestBombScriptFailsAlone(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"bomb.txtar": "# rules: 500.1\ngame\nbattlefield p1 Totem artifact\ntriggered Totem T draw:2000000000\nat upkeep\nadvance\npass 2\nadvance\nexpect life p1 20\n",
	}
	for i := 0; i < 10; i++ {
		files["good"+string(rune('a'+i))+".txtar"] = "# rules: 500.1\ngame\n"
	}
	writeFiles(t, dir, files)
	scripts, err := ReadCorpus(dir)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	res := RunScripts(Config{Rules: engine.Rules, Limits: Limits{Timeout: 20 * time.Second}}, scripts, false)
	if len(res) != 11 {
		t.Fatalf("%d results, want 11", len(res))
	}
	for _, r := range res {
		if r.Failed && r.Script.Name != "bomb" {
			t.Errorf("%s failed:\n%s", r.Script.Name, r.Log)
		}
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("the corpus took %v", d)
	}
}
