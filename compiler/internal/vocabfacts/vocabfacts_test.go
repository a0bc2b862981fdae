package vocabfacts

import "testing"

// TestDerive runs the derivation on testdata/fake: a reader of another
// object, or of a function value, is never Own, whatever it is named; one
// reading the tapped flag reports ReadsTapped, one reading an attack or a
// block (or an object's index into their lists) ReadsCombat.
func TestDerive(t *testing.T) {
	a, err := Load(".", "./testdata/fake")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		own   bool
		reads Reads
	}{
		{"Controller", true, 0},
		{"Exec.Name", true, 0},
		{"Tapped", false, ReadsTapped},
		{"AttachedController", false, 0},
		{"AttachedTapped", false, ReadsTapped},
		{"AnyControlledLike", false, 0},
		{"Exec.Power", false, 0},
		{"Mana", false, ReadsMana},
		{"IsActive", false, ReadsPosition},
		{"Exec.CombatController", true, ReadsCombat},
		{"Exec.Blocked", false, ReadsCombat},
		{"Exec.FirstAttackerController", false, ReadsCombat},
		{"Exec.OtherIndex", false, ReadsCombat},
		{"Reassigned", false, 0},
		{"Ping", false, ReadsTapped},
		{"Pong2", false, ReadsTapped},
	} {
		f, err := a.Func(c.name)
		if err != nil {
			t.Fatal(err)
		}
		if f.Own != c.own || f.Reads != c.reads {
			t.Errorf("%s: Own %v, Reads %d (reads %v); want Own %v, Reads %d", c.name, f.Own, f.Reads, f.ReadSet, c.own, c.reads)
		}
	}
}

func TestSplitFuncName(t *testing.T) {
	for in, want := range map[string][2]string{
		"example.com/m/runtime.Exec.Power":    {"example.com/m/runtime", "Exec.Power"},
		"example.com/m/runtime/rtimpl.ObjTap": {"example.com/m/runtime/rtimpl", "ObjTap"},
		"example.com/m.v2/x.F":                {"example.com/m.v2/x", "F"},
	} {
		p, n, err := SplitFuncName(in)
		if err != nil || p != want[0] || n != want[1] {
			t.Errorf("SplitFuncName(%q) = %q, %q, %v; want %q, %q", in, p, n, err, want[0], want[1])
		}
	}
}
