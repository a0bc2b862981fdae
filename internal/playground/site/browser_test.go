package site

import (
	"encoding/base64"
	"encoding/json"
	"flag"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"
)

// chromium is Debian's Chromium (apt-get install chromium): the browser
// test runs only where it is installed, and never downloads one.
const chromium = "/usr/bin/chromium"

var screenshot = flag.String("screenshot", "", "write the page's screenshot to this file (docs/playground.png for the README)")

// TestBrowser loads the playground in headless Chromium and uses it as a
// person would: it types an error into a .mtg file, sees the diagnostic,
// fixes it, runs the script, reads the trace, stops a run that is past its
// deadline, and round-trips a share link. It builds the WebAssembly
// (about 20s the first time) and measures it against Budget.
func TestBrowser(t *testing.T) {
	if _, err := os.Stat(chromium); err != nil {
		t.Skipf("%s not installed (apt-get install chromium; .ci/run does)", chromium)
	}
	if testing.Short() {
		t.Skip("-short: the browser test builds the WebAssembly and drives Chromium")
	}
	s, err := Build(t.TempDir())
	if s != nil {
		t.Log(s.SizeLine())
	}
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s)
	defer srv.Close()

	b := startBrowser(t, chromium)
	b.page(t, 1400, 860)
	b.do(t, "Page.navigate", map[string]any{"url": srv.URL + "/"})
	b.waitFor(t, "the page to load mtgc", `document.body.dataset.ready === "true"`, 90*time.Second)
	b.waitFor(t, "the first check", `document.querySelector("#diagnostics").textContent.includes("The rules check")`, 30*time.Second)
	// The page opens the default edition, cr2025, the rules written in full
	// at the root of rules/; the steps below edit them.
	b.waitFor(t, "the default edition", `document.querySelector("#edition").value === "cr2025"`, 10*time.Second)

	// Type an error: "untap x" becomes "untapp x" in turn.mtg, keystroke by
	// keystroke through the browser's input.
	b.eval(t, `(() => {
		const {rulesView, openFile} = window.mtgcPlayground;
		openFile("turn.mtg");
		const at = rulesView.state.doc.toString().indexOf("untap x") + "untap".length;
		rulesView.dispatch({selection: {anchor: at}});
		rulesView.focus();
	})()`, nil)
	b.do(t, "Input.insertText", map[string]any{"text": "p"})
	b.waitFor(t, "the diagnostic of the misspelt verb", `[...document.querySelectorAll("#diagnostics .diagnostic")].some(li => li.textContent.includes("rules/turn.mtg:") && li.textContent.includes("untapp"))`, 30*time.Second)
	b.waitFor(t, "the error marked in the editor", `document.querySelector("#rules-editor .cm-lintRange-error") && document.querySelector('#file-tabs [data-file="turn.mtg"] .count')`, 10*time.Second)
	// The count over the script is the script's: the error is turn.mtg's,
	// counted on its tab.
	var state string
	b.eval(t, `document.querySelector("#check-state").textContent`, &state)
	if strings.Contains(state, "1 problem") || !strings.Contains(state, "rules have problems") {
		t.Errorf("the script's heading with an error in turn.mtg only: %q", state)
	}

	// Fix it with a backspace.
	for _, typ := range []string{"keyDown", "keyUp"} {
		b.do(t, "Input.dispatchKeyEvent", map[string]any{"type": typ, "key": "Backspace", "code": "Backspace", "windowsVirtualKeyCode": 8})
	}
	b.waitFor(t, "the rules to check again", `document.querySelector("#diagnostics").textContent.includes("The rules check") && !document.querySelector("#rules-editor .cm-lintRange-error")`, 30*time.Second)

	// Run the script and read the trace: the discard of 514.1, with the
	// rule's title, its coverage and a link to its place in turn.mtg.
	b.eval(t, `document.querySelector("#run").click()`, nil)
	b.waitFor(t, "the verdict", `document.querySelector("#verdict").textContent.startsWith("PASS")`, 60*time.Second)
	var row struct {
		Rule, Title, Status, Cite string
	}
	b.eval(t, `(() => {
		const tr = [...document.querySelectorAll("#trace tr.event")].find(tr => tr.querySelector("a.rule")?.textContent === "514.1");
		if (!tr) return null;
		return {Rule: tr.querySelector("a.rule").textContent, Title: tr.querySelector(".title").textContent,
			Status: tr.querySelector(".status")?.textContent ?? "", Cite: tr.querySelector(".cites a")?.textContent ?? ""};
	})()`, &row)
	if row.Rule != "514.1" || row.Title == "" || row.Status != "tested" || !strings.HasPrefix(row.Cite, "turn.mtg:") {
		t.Fatalf("the trace's 514.1 event: %+v", row)
	}
	b.eval(t, `(() => { window.mtgcPlayground.openFile("combat.mtg"); [...document.querySelectorAll("#trace a.rule")].find(a => a.textContent === "514.1").click(); })()`, nil)
	b.waitFor(t, "the rule link to open its .mtg", `window.mtgcPlayground.app.open === "turn.mtg" && window.mtgcPlayground.rulesView.state.sliceDoc(window.mtgcPlayground.rulesView.state.selection.main.from, window.mtgcPlayground.rulesView.state.selection.main.to).includes("514.1")`, 10*time.Second)
	if *screenshot != "" {
		shot(t, b, *screenshot)
	}

	// The rule's coverage links to its cell in the grid of the edited rules.
	b.eval(t, `[...document.querySelectorAll("#trace tr.event")].find(tr => tr.querySelector("a.rule")?.textContent === "514.1").querySelector("a.status").click()`, nil)
	b.waitFor(t, "the coverage grid at 514.1", `!document.querySelector("#coverage-panel").hidden && document.getElementById("cov-514.1")?.classList.contains("tested") && document.querySelectorAll("#coverage .section").length > 5`, 10*time.Second)

	// A failed run says why beside its verdict, whatever panel is open,
	// and the reason leads to the script's line.
	b.eval(t, `(() => { const {scriptView} = window.mtgcPlayground; const at = scriptView.state.doc.toString().indexOf("\n-- "); scriptView.dispatch({changes: {from: at, insert: "\nexpect life p1 3"}}); document.querySelector("#run").click(); })()`, nil)
	b.waitFor(t, "the failed verdict and its reason", `document.querySelector("#verdict").textContent.startsWith("FAIL") && !document.querySelector("#reason").hidden && document.querySelector("#reason").textContent.includes("expect life p1 3")`, 60*time.Second)
	b.eval(t, `(() => { document.querySelector("#reason a").click(); const {scriptView} = window.mtgcPlayground; const s = scriptView.state; return s.doc.lineAt(s.selection.main.from).text; })()`, &state)
	if state != "expect life p1 3" {
		t.Errorf("the reason's link goes to %q, not the failing line", state)
	}
	b.eval(t, `(() => { const {scriptView} = window.mtgcPlayground; const d = scriptView.state.doc.toString(); const at = d.indexOf("\nexpect life p1 3"); scriptView.dispatch({changes: {from: at, to: at + "\nexpect life p1 3".length}}); })()`, nil)

	// A run past its deadline is stopped: its worker is terminated and the
	// page goes on.
	b.eval(t, `window.mtgcPlayground.app.runDeadlineMs = 1; document.querySelector("#run").click()`, nil)
	b.waitFor(t, "the run to be stopped", `document.querySelector("#verdict").textContent === "STOPPED" && document.querySelector("#log").textContent.includes("worker was terminated")`, 30*time.Second)
	b.eval(t, `window.mtgcPlayground.app.runDeadlineMs = 15000`, nil)

	// The Cards panel lists the cards of the cards.mtg tab; a card declared
	// there is listed once the rules check again.
	b.eval(t, `(() => { document.querySelector('#panel-tabs [data-panel="cards"]').click(); })()`, nil)
	b.waitFor(t, "the Cards panel with Goblin Raider", `!document.querySelector("#cards-panel").hidden && [...document.querySelectorAll("#cards table.cards a")].some(a => a.textContent === "Goblin Raider")`, 10*time.Second)
	b.eval(t, `(() => {
		const {rulesView, openFile} = window.mtgcPlayground;
		openFile("cards.mtg");
		rulesView.dispatch({changes: {from: rulesView.state.doc.length, insert: '\ncard wall_of_stone "Wall of Stone" {\n  cost "{1}{R}{R}"\n  types creature\n  subtypes "wall"\n  power 0 toughness 8\n  keywords defender\n}\n'}});
	})()`, nil)
	b.waitFor(t, "the declared card in the Cards panel", `[...document.querySelectorAll("#cards table.cards a")].some(a => a.textContent === "Wall of Stone")`, 30*time.Second)
	b.eval(t, `window.mtgcPlayground.openFile("turn.mtg")`, nil)

	// Share: an edit to turn.mtg, to the cards and to the script go into
	// the link, and a fresh load of the link brings them back.
	b.eval(t, `(() => {
		const {rulesView, scriptView} = window.mtgcPlayground;
		rulesView.dispatch({changes: {from: 0, insert: "# shared edit\n"}});
		scriptView.dispatch({changes: {from: scriptView.state.doc.line(2).from, insert: "# shared script\n"}});
		document.querySelector("#share").click();
	})()`, nil)
	b.waitFor(t, "the share link", `location.hash.startsWith("#s=") && document.querySelector("#share-link").value.includes("#s=")`, 10*time.Second)
	var link string
	b.eval(t, `location.href`, &link)
	b.do(t, "Page.navigate", map[string]any{"url": "about:blank"})
	b.waitFor(t, "about:blank", `location.href === "about:blank"`, 10*time.Second)
	b.do(t, "Page.navigate", map[string]any{"url": link})
	b.waitFor(t, "the shared link to load", `document.body.dataset.ready === "true"`, 90*time.Second)
	var got struct {
		Turn, Cards, Script, Status string
		Changed                     bool
	}
	b.eval(t, `(() => { const {app, scriptView} = window.mtgcPlayground; return {Turn: app.files["turn.mtg"], Cards: app.files["cards.mtg"], Script: scriptView.state.doc.toString(),
		Status: document.querySelector("#status").textContent, Changed: document.querySelector('#file-tabs [data-file="turn.mtg"]').textContent.includes("•")}; })()`, &got)
	if !strings.HasPrefix(got.Turn, "# shared edit\n") || !strings.Contains(got.Cards, `"Wall of Stone"`) || !strings.Contains(got.Script, "\n# shared script\n") || !got.Changed || !strings.Contains(got.Status, "shared link") {
		t.Fatalf("the shared link's state: %+v", got)
	}
	b.waitFor(t, "the shared card in the Cards panel", `[...document.querySelectorAll("#cards table.cards a")].some(a => a.textContent === "Wall of Stone")`, 30*time.Second)
	b.eval(t, `document.querySelector("#run").click()`, nil)
	b.waitFor(t, "the shared script's verdict", `document.querySelector("#verdict").textContent.startsWith("PASS")`, 60*time.Second)
	for _, e := range b.pageErrors() {
		t.Errorf("the page reported an error: %s", e)
	}
}

// shot writes a PNG of the page.
func shot(t *testing.T, b *browser, file string) {
	t.Helper()
	res := b.do(t, "Page.captureScreenshot", map[string]any{"format": "png"})
	var r struct{ Data string }
	if err := json.Unmarshal(res, &r); err != nil {
		t.Fatal(err)
	}
	png, err := base64.StdEncoding.DecodeString(r.Data)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s", file)
}
