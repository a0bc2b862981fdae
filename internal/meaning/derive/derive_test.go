package derive

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestGeneric: the reviewed list is what stands between a function that
// reads the rules' kinds and the deciders. Unlisting an entry makes it a
// decider (so a function that starts deciding and is not listed is
// counted, and runtime.txt's TestDerive fails until it is reviewed), and
// listing a function the runtime does not have fails Derive.
func TestGeneric(t *testing.T) {
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	for name, why := range Generic {
		if strings.TrimSpace(strings.TrimPrefix(why, Evaluator)) == "" {
			t.Errorf("Generic[%q] says no reason", name)
		}
	}
	const entry = "(Exec).Holds2"
	why, ok := Generic[entry]
	if !ok {
		t.Fatalf("%s is not listed: choose another entry for this test", entry)
	}
	delete(Generic, entry)
	tab, err := Derive(root, nil)
	Generic[entry] = why
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := tab.Decider(entry); !ok {
		t.Errorf("unlisted, %s (which reads a PredKind parameter) is no decider", entry)
	}
	tab, err = Derive(root, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := tab.Decider(entry); ok {
		t.Errorf("listed, %s is a decider", entry)
	}
	if _, ok := tab.Decider("(*Game).checkAttackers"); !ok {
		t.Error("(*Game).checkAttackers, which reads DeclKinds fields, is no decider")
	}
	Generic["(*Game).noSuchFunction"] = "a test's"
	_, err = Derive(root, nil)
	delete(Generic, "(*Game).noSuchFunction")
	if err == nil || !strings.Contains(err.Error(), "noSuchFunction") {
		t.Errorf("listing a function the runtime lacks: err = %v, want one naming it", err)
	}
}
