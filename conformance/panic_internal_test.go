package conformance

import (
	"strings"
	"testing"

	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestPanicFailsOneScript (issue 35 item 4): a panic inside the runtime
// while a script runs fails that script, with the panic and its stack in
// its log, and every other script runs and is reported.
func TestPanicFailsOneScript(t *testing.T) {
	r := *engine.Rules
	r.Toughness = func(g rt.Exec, x rt.ObjID) int32 { panic("boom in the rules") }
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"a-good.txtar": "# rules: 500.1\ngame\n",
		"b-bad.txtar":  "# rules: 500.1\ngame\nlibrary p1 A count=2\nlibrary p2 B count=2\nbattlefield p1 Husk creature 0/0\nat upkeep\nadvance\n",
		"c-good.txtar": "# rules: 500.1\ngame\n",
	})
	scripts, err := ReadCorpus(dir)
	if err != nil {
		t.Fatal(err)
	}
	res := RunScripts(Config{Rules: &r}, scripts, false)
	if len(res) != 3 {
		t.Fatalf("%d results, want 3", len(res))
	}
	for _, x := range res {
		bad := x.Script.Name == "b-bad"
		if x.Failed != bad {
			t.Errorf("%s: failed=%v\n%s", x.Script.Name, x.Failed, x.Log)
		}
		if bad && (!strings.Contains(x.Log, "panic: boom in the rules") || !strings.Contains(x.Log, "goroutine ")) {
			t.Errorf("%s: the log does not give the panic and its stack:\n%s", x.Script.Name, x.Log)
		}
	}
}
