package rtimpl

import (
	"errors"
	"fmt"
)

// Errors a caller can test for with errors.Is on what Submit returns.
var (
	// ErrNoDecision: Submit was called with no decision pending (before
	// Advance, or twice for one decision).
	ErrNoDecision = errors.New("no decision is pending: call Advance first")
	// ErrGameOver: the game has ended (or is stuck); nothing more can be
	// answered.
	ErrGameOver = errors.New("the game is over")
)

// Refusal is an illegal answer or action. The game is left exactly as it
// was before the attempt.
type Refusal struct {
	Rule string // the rule the attempt breaks
	Msg  string
	// Why quotes the .mtg predicate that refused, with its position:
	// "cant_block, rules/combat.mtg:81: a has flying and ...", or "".
	Why string
	// Err, if not nil, is the sentinel the refusal is an instance of
	// (ErrNoDecision, ErrGameOver): errors.Is(err, ErrGameOver) holds.
	Err error
}

func (r *Refusal) Unwrap() error { return r.Err }

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
