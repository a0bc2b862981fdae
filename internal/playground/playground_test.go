package playground

import (
	"github.com/mtgc-dev/mtgc/rules"
	"strings"
	"testing"
)

func edition(t *testing.T) *Edition {
	t.Helper()
	ed, err := LoadEdition(rules.Root)
	if err != nil {
		t.Fatal(err)
	}
	if ed.Files["turn.mtg"] == "" || ed.Files[rules.Root+".tsv"] == "" || ed.Script != DefaultScript {
		t.Fatalf("edition %s: files %d, script %q", rules.Root, len(ed.Files), ed.Script)
	}
	return ed
}

func TestEditions(t *testing.T) {
	eds := Editions()
	defaults := 0
	for _, e := range eds {
		if e.Default {
			defaults++
			if e.Name != rules.Default || e.Title == "" {
				t.Errorf("the default edition is %+v, want %s", e, rules.Default)
			}
		}
	}
	if len(eds) < 2 || defaults != 1 {
		t.Fatalf("editions: %+v", eds)
	}
}

func TestCheck(t *testing.T) {
	ed := edition(t)
	script, err := CorpusScript(rules.Root, ed.Script)
	if err != nil {
		t.Fatal(err)
	}
	if res := Check(ed.Files, script); !res.OK || len(res.Diagnostics) != 0 || res.Edition != rules.Root {
		t.Fatalf("embedded rules: %+v", res)
	}
	files := map[string]string{}
	for k, v := range ed.Files {
		files[k] = v
	}
	files["turn.mtg"] = strings.Replace(files["turn.mtg"], "untap x", "untapp x", 1)
	res := Check(files, "# rules: 999.9\nfrobnicate\n")
	if res.OK {
		t.Fatal("a misspelt verb checks")
	}
	var rulesDiag, scriptDiag bool
	for _, d := range res.Diagnostics {
		if d.File == "turn.mtg" && d.Line > 0 && d.Col > 0 && strings.Contains(d.Msg, "untapp") {
			rulesDiag = true
		}
		if d.File == ScriptName && d.Line == 2 && strings.Contains(d.Msg, "frobnicate") {
			scriptDiag = true
		}
	}
	if !rulesDiag || !scriptDiag {
		t.Fatalf("diagnostics: %+v", res.Diagnostics)
	}
}

func TestRun(t *testing.T) {
	ed := edition(t)
	script, err := CorpusScript(rules.Root, ed.Script)
	if err != nil {
		t.Fatal(err)
	}
	res := Run(ed.Files, script)
	if res.Verdict != "pass" || len(res.Games) != 1 {
		t.Fatalf("run: %s\n%s", res.Verdict, res.Log)
	}
	var found bool
	for _, e := range res.Games[0].Events {
		if e.Rule == "514.1" && e.Title != "" && len(e.Cites) > 0 && e.Cites[0].File == "turn.mtg" {
			found = true
		}
	}
	if !found {
		t.Fatalf("no 514.1 event with its title and citation: %+v", res.Games[0].Events)
	}
	if res.Reason != "" || res.ReasonLine != 0 {
		t.Errorf("a passing run has a reason: %q (line %d)", res.Reason, res.ReasonLine)
	}
	// A runaway script stops at the pass limit, failing alone.
	res = Run(ed.Files, "# rules: 514.1\ngame\nlibrary p1 A count=2000000000\n")
	if res.Verdict != "fail" || !strings.Contains(res.Log, "limit") {
		t.Fatalf("runaway: %s\n%s", res.Verdict, res.Log)
	}
	if !strings.Contains(res.Reason, "limit") || res.ReasonLine != 3 || !strings.HasPrefix(res.Reason, "line 3: library p1 A") {
		t.Errorf("runaway's reason: %q (line %d)", res.Reason, res.ReasonLine)
	}
	// A failed expectation: the reason names the command, its line and
	// what differed, not only the log's last lines.
	res = Run(ed.Files, "# rules: 514.1\ngame\nexpect life p1 3\n")
	if res.Verdict != "fail" || res.ReasonLine != 3 || !strings.Contains(res.Reason, "expect life p1 3") || !strings.Contains(res.Reason, "20") {
		t.Errorf("a failed expectation's reason: %s %q (line %d)\n%s", res.Verdict, res.Reason, res.ReasonLine, res.Log)
	}
	// Rules that do not check and a script with problems say so.
	broken := map[string]string{}
	for k, v := range ed.Files {
		broken[k] = v
	}
	broken["turn.mtg"] = strings.Replace(broken["turn.mtg"], "untap x", "untapp x", 1)
	if res = Run(broken, script); res.Verdict != "error" || !strings.Contains(res.Reason, "rules do not check (1 problem in") {
		t.Errorf("broken rules' reason: %s %q", res.Verdict, res.Reason)
	}
	if res = Run(ed.Files, "# rules: 514.1\ngame\nfrobnicate\n"); res.Verdict != "error" || res.ReasonLine != 3 || !strings.Contains(res.Reason, "frobnicate") {
		t.Errorf("a broken script's reason: %s %q (line %d)", res.Verdict, res.Reason, res.ReasonLine)
	}
}

func TestCoverage(t *testing.T) {
	ed := edition(t)
	cov, err := Coverage(ed.Files)
	if err != nil {
		t.Fatal(err)
	}
	if len(cov.Sections) == 0 || cov.Total == "" {
		t.Fatalf("coverage: %+v", cov)
	}
}

// TestCards: every edition opens with a cards file that checks with its
// rules; the Cards panel lists its card; a script names the card and sees
// its ability (p2 is not asked to block with it), which a run of the
// same script without it does not.
func TestCards(t *testing.T) {
	for _, info := range Editions() {
		ed, err := LoadEdition(info.Name)
		if err != nil {
			t.Fatal(err)
		}
		res := Check(ed.Files, "")
		if !res.OK || len(res.Diagnostics) != 0 {
			t.Fatalf("%s with its cards file: %+v", info.Name, res.Diagnostics)
		}
		if len(res.Cards) != 1 {
			t.Fatalf("%s: cards %+v, want Goblin Raider", info.Name, res.Cards)
		}
		c := res.Cards[0]
		if c.Name != "Goblin Raider" || c.Cost != "1R" && c.Cost != "{1}{R}" || c.Types != "creature" || c.PT != "2/2" || c.File != CardsFile || c.Line < 10 ||
			len(c.Subtypes) != 2 || c.Subtypes[0] != "goblin" {
			t.Errorf("%s: card %+v", info.Name, c)
		}
	}
	ed := edition(t)
	script := `# rules: 509.1b
game
library p1 A count=4
library p2 B count=4
battlefield p1 Bears creature 2/2
battlefield p2 'Goblin Raider' card
at declare_attackers
attack p1 Bears
until declare_blockers
expect pending priority p1
`
	if res := Run(ed.Files, script); res.Verdict != "pass" {
		t.Fatalf("a script naming the cards file's card: %s\n%s", res.Verdict, res.Log)
	}
	files := map[string]string{}
	for k, v := range ed.Files {
		files[k] = v
	}
	files[CardsFile] = strings.Replace(files[CardsFile], "  predicate cant_block", "  # predicate cant_block", 1)
	if res := Run(files, script); res.Verdict != "fail" {
		t.Fatalf("Goblin Raider without its ability still can't block: %s\n%s", res.Verdict, res.Log)
	}
	// A mistake in the cards file is positioned in it.
	files[CardsFile] = strings.Replace(ed.Files[CardsFile], "power 2 toughness 2", "power 2 toughnes 2", 1)
	res := Check(files, "")
	if res.OK || len(res.Diagnostics) == 0 || res.Diagnostics[0].File != CardsFile || res.Diagnostics[0].Line == 0 {
		t.Fatalf("a broken cards file: %+v", res.Diagnostics)
	}
}
