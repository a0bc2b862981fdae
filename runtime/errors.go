package runtime

import "fmt"

// Refusal is an illegal answer or action. The game is left exactly as it
// was before the attempt.
type Refusal struct {
	Rule string // the rule the attempt breaks
	Msg  string
	// Why quotes the .mtg predicate that refused, with its position:
	// "cant_block, rules/combat.mtg:81: a has flying and ...", or "".
	Why string
}

func (r *Refusal) Error() string {
	s := r.Msg
	if r.Rule != "" {
		s = r.Rule + ": " + s
	}
	if r.Why != "" {
		s += " (" + r.Why + ")"
	}
	return s
}

func refuse(rule, format string, args ...any) *Refusal {
	return &Refusal{Rule: rule, Msg: fmt.Sprintf(format, args...)}
}

func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }
