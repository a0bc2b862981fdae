package rtimpl

import (
	"fmt"
	"strings"
)

// Mechanism is a generic piece of the runtime that cites a rule: the
// priority loop, special actions, casting, activating, the stack. The
// runtime knows what each one does but not which rule of the edition says
// so: the .mtg declares it (`mechanism pass_priority "RULE"`), and the
// runtime cites Rules.Cite[m].
type Mechanism uint8

const (
	MechHoldPriority     Mechanism = iota // who holds priority: acting without it, or answering it with something else
	MechPassPriority                      // a player passes priority
	MechPlayLand                          // playing a land (a special action)
	MechCast                              // casting a spell
	MechActivate                          // activating an activated ability
	MechTapMana                           // tapping a land for mana (a mana ability)
	MechStackTriggers                     // triggered abilities go on the stack, active player's first (APNAP)
	MechResolve                           // the top object of the stack resolves
	MechUndeclaredTiming                  // a card carries a timing restriction the rules do not declare
	MechGameWon                           // after a loss: whether a player has won the game
	MechGameDrawn                         // after a loss: whether the game is a draw
	MechTarget                            // what any object chosen as a target must be
	MechChooseForCost                     // what any object chosen for a cost must be
	MechNoTarget                          // a spell or ability with no legal choice for a target
	MechAllPassed                         // all players pass in succession
	MechActed                             // a player holding priority took an action
	MechBeforePriority                    // each time a player would receive priority
	NumMechanisms
)

// MechSpec describes a mechanism: its name in .mtg, the Go constant
// generated code writes, and what it cites a rule for.
type MechSpec struct {
	Name  string
	Const string
	Doc   string
	// Optional: an edition may leave it undeclared (its rules have no
	// such effect); the runtime then refuses to do it.
	Optional bool
	// Procedure: the rules give its procedure as statements
	// (`mechanism NAME RULE { ... }`, Rules.Procedures); the runtime has
	// none of its own.
	Procedure bool
	// Chooses: its statements may ask a player (they run again from the
	// start once answered); otherwise they must decide nothing.
	Chooses bool
	// Action: a priority action; its conditions are the rules'
	// (`require` lines, Rules.Requires), the runtime has none of its own.
	Action bool
	// Answer is the answer to a priority decision that takes the action
	// (and the option that offers it).
	Answer AnswerKind
	// Ability: the action's object is an activated ability of an object
	// (Answer.Ability numbers it).
	Ability bool
	// Mana: the action's objects are mana sources: the runtime's mana
	// (what a player may pay with, and paying) is what they make.
	Mana bool
	// Chosen: the conditions (require lines, Rules.Requires) any object
	// chosen for an effect's parameter of its kind must meet besides the
	// effect's own: a target's (MechTarget), a cost's (MechChooseForCost);
	// not an action (no zones, no answer).
	Chosen bool
}

// mechanisms is indexed by Mechanism; TestMechanismTable keeps it complete.
var mechanisms = [NumMechanisms]MechSpec{
	MechHoldPriority:     {"hold_priority", "MechHoldPriority", "a player acts without holding priority, or answers priority with something else", false, false, false, false, Pass, false, false, false},
	MechPassPriority:     {"pass_priority", "MechPassPriority", "a player passes priority: the runtime counts the pass (all players passing in succession is all_passed), and the rules' statements say who receives priority next (give_priority; game.priority_player is the player who passed)", false, true, false, false, Pass, false, false, false},
	MechPlayLand:         {"play_land", "MechPlayLand", "a player plays a land (a special action): the move and the event; refused by the first of the rules' require lines that fails", false, false, false, true, PlayLand, false, false, false},
	MechCast:             {"cast", "MechCast", "a player casts a spell: paying, the move to the stack and the event; refused by the first of the rules' require lines that fails", false, false, false, true, Cast, false, false, false},
	MechActivate:         {"activate", "MechActivate", "a player activates an activated ability: its {T} cost, paying and the event; refused by the first of the rules' require lines that fails", false, false, false, true, Activate, true, false, false},
	MechTapMana:          {"tap_mana", "MechTapMana", "a player taps a permanent for mana (the runtime's mana sources are what its require lines accept); refused by the first that fails", false, false, false, true, TapMana, false, true, false},
	MechStackTriggers:    {"stack_triggers", "MechStackTriggers", "waiting triggered abilities are put on the stack, by the rules' statements (each player's in the order they choose: put_triggers)", false, true, true, false, Pass, false, false, false},
	MechResolve:          {"resolve", "MechResolve", "the top object of the stack resolves: a spell or an ability by the rules' statements (what resolving it does: apply_effect, spell_to, spell_to_battlefield)", false, true, true, false, Pass, false, false, false},
	MechUndeclaredTiming: {"undeclared_timing", "MechUndeclaredTiming", "a spell or ability carries a timing restriction the rules do not declare", false, false, false, false, Pass, false, false, false},
	MechGameWon:          {"game_won", "MechGameWon", "after a player loses (after all the losses of one check of state-based actions), the rules' statements say whether a player wins the game (win)", false, true, false, false, Pass, false, false, false},
	MechGameDrawn:        {"game_drawn", "MechGameDrawn", "after a player loses, if no player has won, the rules' statements say whether the game is a draw (draw_game)", false, true, false, false, Pass, false, false, false},
	MechTarget:           {"target", "MechTarget", "an object chosen as a target (as an ability goes on the stack, and again as it resolves) is legal if the rules' require lines hold, and the effect's condition; undeclared, no object is", true, false, false, false, Pass, false, false, true},
	MechChooseForCost:    {"choose_for_cost", "MechChooseForCost", "an object chosen for a cost is legal if the rules' require lines hold, and the effect's condition; undeclared, no object is", true, false, false, false, Pass, false, false, true},
	MechAllPassed:        {"all_passed", "MechAllPassed", "all players pass in succession: the rules' statements say what happens (end_step, resolve_top, give_priority); the passes count from none again once they have run", false, true, true, false, Pass, false, false, false},
	MechActed:            {"acted", "MechActed", "a player holding priority (game.priority_player) cast a spell, activated an ability (a mana ability too) or played a land: the rules' statements say who receives priority next (give_priority, which counts the passes from none again)", false, true, false, false, Pass, false, false, false},
	MechBeforePriority:   {"before_priority", "MechBeforePriority", "a player (game.priority_player) would receive priority: the rules' statements run first (perform_state_based_actions, stack_triggers, choose_targets), again from the start after a player answers; the player receives priority once they end (a player no longer in the game: the next in turn order)", false, true, true, false, Pass, false, false, false},
	MechNoTarget:         {"no_target", "MechNoTarget", "a spell or ability on the stack has no legal choice for one of its targets (or cost parameters): the rules' statements say what happens (leave_stack); otherwise what it names is nothing", true, true, false, false, Pass, false, false, false},
}

func (m Mechanism) String() string {
	if m < NumMechanisms {
		return mechanisms[m].Name
	}
	return fmt.Sprintf("Mechanism(%d)", m)
}

// Const is the name of the mechanism's Go constant ("MechPassPriority").
func (m Mechanism) Const() string { return mechanisms[m].Const }

// Doc says what the mechanism cites its rule for.
func (m Mechanism) Doc() string { return mechanisms[m].Doc }

// Procedure reports whether the rules give the mechanism's procedure
// as statements.
func (m Mechanism) Procedure() bool { return m < NumMechanisms && mechanisms[m].Procedure }

// Chooses reports whether the mechanism's statements may ask a player.
func (m Mechanism) Chooses() bool { return m < NumMechanisms && mechanisms[m].Chooses }

// Action reports whether the mechanism is a priority action whose
// conditions the rules give (require lines).
func (m Mechanism) Action() bool { return m < NumMechanisms && mechanisms[m].Action }

// Chosen reports whether the mechanism's require lines are what any object
// chosen for an effect's parameter of its kind must be (MechSpec.Chosen).
func (m Mechanism) Chosen() bool { return m < NumMechanisms && mechanisms[m].Chosen }

// HasRequires reports whether the rules give the mechanism require lines:
// an action's, or a chosen object's.
func (m Mechanism) HasRequires() bool { return m.Action() || m.Chosen() }

// manaMechanism is the action whose objects are mana sources (MechSpec.Mana).
var manaMechanism = func() Mechanism {
	for i := range mechanisms {
		if mechanisms[i].Mana {
			return Mechanism(i)
		}
	}
	return NumMechanisms
}()

// Optional reports whether rules may leave the mechanism undeclared.
func (m Mechanism) Optional() bool { return mechanisms[m].Optional }

// MechanismNames lists the mechanisms' names, in order.
func MechanismNames() []string {
	out := make([]string, NumMechanisms)
	for i := range mechanisms {
		out[i] = mechanisms[i].Name
	}
	return out
}

// ParseMechanism maps a mechanism's name to the mechanism.
func ParseMechanism(name string) (Mechanism, bool) {
	for i := range mechanisms {
		if mechanisms[i].Name == name {
			return Mechanism(i), true
		}
	}
	return 0, false
}

// GivesPriority reports whether some step of the rules gives priority: the
// mechanisms run only then, so such rules must cite a rule for each.
func (r *Rules) GivesPriority() bool {
	for pi := range r.Phases {
		for si := range r.Phases[pi].Steps {
			if r.Phases[pi].Steps[si].Priority != nil {
				return true
			}
		}
	}
	return false
}

// checkCites refuses rules that give priority without a rule for every
// mechanism: an event would cite nothing.
func checkCites(r *Rules) error {
	if !r.GivesPriority() {
		return nil
	}
	var missing []string
	for m := range NumMechanisms {
		if r.Cite[m] == "" && !m.Optional() {
			missing = append(missing, m.String())
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("the rules give priority but cite no rule for the mechanisms %s", strings.Join(missing, ", "))
	}
	return nil
}
