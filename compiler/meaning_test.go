package compiler

import (
	"slices"
	"testing"

	"github.com/mtgc-dev/mtgc/rules"
)

// TestConstructsCountEveryDecision: the .mtg side of the meaning figure
// counts the decisions of every construct that makes one, derived
// characteristics, trigger events' conditions and land types' mana
// included, not only the clauses that cite a rule.
func TestConstructsCountEveryDecision(t *testing.T) {
	srcs, _, err := ReadEdition(rules.FS, ".", rules.Dir)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Compile(srcs, rootIndex(t))
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	var legally *Construct
	cs := p.Constructs()
	for i, c := range cs {
		count[c.What]++
		if c.What == "characteristic" && slices.Equal(c.Rules, []string{"704.5m"}) {
			legally = &cs[i]
		}
	}
	if count["characteristic"] != len(p.Derived) || count["land_mana"] != len(p.LandMana) || count["land_mana"] == 0 {
		t.Errorf("%d characteristic and %d land_mana constructs, want %d and %d (> 0)", count["characteristic"], count["land_mana"], len(p.Derived), len(p.LandMana))
	}
	n := 0
	for _, e := range p.TriggerEvents {
		if e.If != nil {
			n++
		}
	}
	if count["trigger_event"] < n || n == 0 {
		t.Errorf("%d trigger_event constructs, want at least %d (> 0): one for each condition", count["trigger_event"], n)
	}
	// attached_legally: x.attached_to != x and ... and ... and ...: three ands.
	if legally == nil || legally.Decisions != 3 {
		t.Errorf("attached_legally's construct: %+v, want 3 decisions", legally)
	}
}
