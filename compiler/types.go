package compiler

// Type is the type of a .mtg expression.
type Type uint8

const (
	Invalid Type = iota
	Int
	Bool
	Player
	Object
	Str
	Game  // the `game` namespace
	ZoneT // a zone name, as a verb argument
	EndT  // which effects end, as a verb argument
	Counter
	EventT    // what abilities trigger on (a trigger_event), as a verb argument
	CardTypeT // a declared card type's name, as an argument
	KeywordT  // a keyword, as a trigger event's parameter (x has k)
	PhaseT    // a declared phase's name, as a verb argument
	StepT     // a declared step's name, as a verb argument
	DurT      // how long an effect lasts, as a verb argument (until_end_of_turn, until_end_of_combat...)
	StateT    // a declared state value's name, as a verb argument
	AttrT     // a derived characteristic's name, as an argument
	ColorT    // a color (white, blue, black, red, green, colorless), as an argument
	FnT       // a function of the rules, given(x, y, EXPR), as a verb argument (what the verb evaluates)
	CostT     // a cost in mana (a card's cost to attack, generic(n), a sum of costs)
)

var typeNames = [...]string{"invalid", "int", "bool", "player", "object", "string", "game", "zone", "ending", "counter", "event", "card type", "keyword", "phase", "step", "duration", "state", "characteristic", "color", "function", "cost"}

func (t Type) String() string { return typeNames[t] }

// removedVerbs are statements the language had, with how rules write them
// now (their meaning moved from the runtime into .mtg statements).
var removedVerbs = map[string]string{
	"declare_attackers":    "write choose_attackers P, then the statements that make the declaration (pay_declared_costs, tap, become_attacking, trigger)",
	"declare_blockers":     "write choose_blockers for each player attacked, then pay_declared_costs, become_blocking and the block triggers",
	"order_blockers":       "write choose_order P, a for each attacker a blocked by two or more",
	"order_attackers":      "write choose_order P, b for each blocker b blocking two or more",
	"assign_combat_damage": "write start_combat_damage, who deals damage (deals_damage_now), the assignments without a choice (assign_to_attacked, assign_to), then divide_combat_damage",
	"begin_combat_damage":  "write start_combat_damage, then deals_damage_now for the creatures that deal damage in the step (and add_combat_damage_step)",
	"end_combat":           "write remove_from_combat for each attacker and blocker, then clear_combat",
}

// preventable lists the events a keyword can prevent.
var preventable = map[string]bool{"destroy": true}

// paramTypes are the types a stack object's parameters may have.
var paramTypes = map[string]Type{"player": Player, "object": Object, "int": Int}

var settings = map[string]bool{"life": true, "max_hand_size": true, "land_plays": true, "opening_hand": true}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sortStrings(out)
	return out
}
