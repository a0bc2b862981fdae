package compiler

import "testing"

// TestUntilAsks: an effect whose first statement is an until unchanged
// loop asks a player if any statement of the loop does (each may), a
// choice nested in it included; one whose statements ask nothing does not.
func TestUntilAsks(t *testing.T) {
	ask, tell := &Do{B: verbs["choose_permanents"]}, &Do{B: verbs["gain_life"]}
	if !ask.B.Blocking || tell.B.Blocking {
		t.Fatal("choose_permanents must ask and gain_life not")
	}
	for _, c := range []struct {
		s    Stmt
		want bool
	}{
		{&Until{Body: []Stmt{tell, ask}}, true},
		{&Until{Body: []Stmt{tell, &If{Then: []Stmt{tell}, Else: []Stmt{ask}}}}, true},
		{&Until{Body: []Stmt{&Until{Body: []Stmt{&For{Body: []Stmt{ask}}}}}}, true},
		{&Until{Body: []Stmt{&For{By: &VarRef{}}}}, true},
		{&Until{Body: []Stmt{tell, &For{Body: []Stmt{tell}}}}, false},
	} {
		if got := asksFirst(c.s); got != c.want {
			t.Errorf("asksFirst(%#v) = %v, want %v", c.s, got, c.want)
		}
	}
}
