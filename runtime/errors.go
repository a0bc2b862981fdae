package runtime

import "fmt"

// Refusal is an illegal answer or action. The game is left exactly as it
// was before the attempt.
type Refusal struct {
	Rule string // the rule the attempt breaks
	Msg  string
}

func (r *Refusal) Error() string {
	if r.Rule == "" {
		return r.Msg
	}
	return r.Rule + ": " + r.Msg
}

func refuse(rule, format string, args ...any) *Refusal {
	return &Refusal{Rule: rule, Msg: fmt.Sprintf(format, args...)}
}

func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }
