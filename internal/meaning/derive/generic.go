package derive

// Evaluator begins the reason of a Generic entry that evaluates the rules'
// predicates: a function that calls one evaluates a rules predicate, so it
// decides (mark "eval").
const Evaluator = "evaluator:"

// Generic is the reviewed list of the runtime's machinery that must stay
// generic: functions that read the rules' kinds or that a decider reaches,
// but that decide no rule themselves (each entry says why). A listed
// function is no decider, and the reach from deciders stops at it. A
// function that starts deciding and is not listed here shows up in
// runtime.txt (TestDerive fails until it is reviewed); a listed function
// that no longer exists fails Derive (TestGenericExists).
//
// What may be listed: evaluating what the .mtg says whatever the kind (a
// kind passed through, never compared with one named), storage and
// indexes of state, the event, zone and stack machinery, checking a
// loaded game's shape, naming, parsing and copying. What may not: a
// function that names a kind, or tests a kind it is given against a rule
// of its own (which kind may attack, which type is cast).
var Generic = map[string]string{
	// The predicate evaluator.
	"(Exec).Holds":         Evaluator + " holds(k, x): whether any predicate of kind k the .mtg declares holds for x",
	"(Exec).Holds2":        Evaluator + " the same of a predicate of two parameters",
	"(Exec).PredValue":     Evaluator + " the value of the first predicate of kind k the .mtg declares, for x",
	"(Exec).PredValue2":    Evaluator + " the same of two parameters",
	"(*Game).pred":         Evaluator + " runs one predicate's compiled body",
	"(*Game).pred2":        Evaluator + " runs one predicate's compiled body, two parameters",
	"(*Game).predsOf":      Evaluator + " the predicates of a kind, from the index",
	"(*Game).predsSlow":    Evaluator + " the predicates of a kind, by a scan (before the index is built)",
	"(*Game).predAll2":     Evaluator + " whether every predicate of a kind holds, two parameters",
	"(*Game).countPreds":   Evaluator + " how many predicates of a kind hold",
	"(*Game).countPreds2":  Evaluator + " the same, two parameters",
	"(*Game).hasPred":      Evaluator + " whether the .mtg declares any predicate of a kind",
	"(*Game).has":          Evaluator + " whether a kind is declared (the index)",
	"(*Game).can":          Evaluator + " holds, as the declarations ask it",
	"(*Game).firstHolding": Evaluator + " the first predicate of a kind that holds (to cite its rule)",
	"(*Game).predRule":     Evaluator + " the rule a predicate cites, for a refusal's message",
	"indexPredicates":      "builds the index of predicates by kind from the rules; decides nothing of one",

	// The predicate kinds' and mechanisms' own tables: what they are, not when they apply.
	"(PredKind).String":      "a kind's name",
	"(PredKind).Spec":        "a kind's declared shape (parameters, value)",
	"(PredKind).PlayerParam": "a kind's declared shape",
	"(PredKind).IsValue":     "a kind's declared shape",
	"(PredKind).IsPlayer":    "a kind's declared shape",
	"(PredKind).Const":       "a kind's Go name, for generated code",
	"(PredKind).Arity":       "a kind's declared shape",
	"(PredKind).All":         "the list of kinds",
	"(Mechanism).String":     "a mechanism's name",
	"(Mechanism).Procedure":  "a mechanism's table entry",
	"(Mechanism).Chooses":    "a mechanism's table entry",
	"(Mechanism).Optional":   "a mechanism's table entry",
	"(Mechanism).Doc":        "a mechanism's table entry",
	"(Mechanism).Const":      "a mechanism's Go name, for generated code",
	"checkCites":             "checks that the rules cite every mechanism they use: loading, not playing",

	// Checking a loaded game's shape: refuses malformed input, decides no play.
	"(*Game).checkLoaded":       "validates a loaded game against the rules' declarations (untrusted input)",
	"(*Game).checkLoadedCombat": "validates a loaded game's combat state",
	"(*Game).checkLoadedZones":  "validates a loaded game's zones",
	"(DeclKinds).shaped":        "validates that a declaration's kinds have the shapes their places need",
	"kindShaped":                "validates one kind's shape",

	// Types, counters, cards: the rules' declarations by index and bit.
	"(*Rules).Types":        "parses a type list the rules declare",
	"(*Rules).TypeString":   "names a type set",
	"(*Rules).ParseType":    "parses a type name the rules declare",
	"(*Rules).ParseCounter": "parses a counter name the rules declare",
	"(*Rules).CounterName":  "names a counter kind",
	"(*Rules).Counter":      "looks a counter kind up by name",
	"(*Rules).cardBits":     "a card's declared types as bits (loading)",
	"(*Rules).Keyword":      "looks a keyword up by name",
	"(*Rules).Timing":       "looks a timing up by name",
	"(*Rules).TimingNames":  "names the timings",
	"(*Game).Create":        "creates a card's object from its declared face",
	"SampleDeck":            "builds a test deck from the declared card types",
	"ParseMana":             "parses a mana cost",
	"setString":             "formats a bit set",
	"itoa":                  "formats a number",
	"(Exec).Is":             "evaluates the .mtg's type test (x is t) with the type it names",
	"ObjIs":                 "the same, as a vocabulary function",
	"(Exec).AttachedToIs":   "evaluates the .mtg's type test of what x is attached to",
	"ObjAttachedToType":     "the same, as a vocabulary function",
	"ObjCounters":           "reads the counters of a kind the .mtg names",
	"(Exec).AddCounters":    "the .mtg's put-counters statement, of the kind it names",
	"(Exec).RemoveCounters": "the .mtg's remove-counters statement",
	"(Exec).TrimCounters":   "the .mtg's trim statement, of the kind it names",
	"(Exec).OverCounterMax": "compares counters of the kind the .mtg names with its maximum",

	// Watches and state-based actions: matched over the set the .mtg declares (its type filter).
	"(*Game).checkWatches": "runs the .mtg's watch declarations over the objects they name",
	"(*Game).members":      "the objects a watch ranges over, by the type filter the .mtg gives",
	"(*Game).inOver":       "whether an object is in a watch's range, by the .mtg's type filter",
	"watchCombat":          "whether a watch ranges over combat",
	"(*Game).watchesOwn":   "the watches of an object",
	"(*Game).matchSBAsNow": "runs the .mtg's sba declarations over the objects they name",

	// Grouping of equal options for hosts: compares objects field by field.
	"(*Game).sameCard":   "whether two objects are indistinguishable (every field compared)",
	"sameClass":          "the same, of derived classes",
	"sameFace":           "whether two faces are equal",
	"sameRare":           "the same, of rare fields",
	"sameSlice":          "slice equality",
	"(*Game).groupKey":   "the key grouping indistinguishable options",
	"(*Game).derive":     "derives an object's class (for grouping)",
	"(*Game).deriveAll":  "derives every object's class",
	"(*Game).internFace": "interns a face in the shared table",
	"(*Game).lone":       "whether an option has no equal",
	"(*Game).plain":      "whether an object has nothing rare",

	// Events, triggers, the stack and zones: run what the .mtg declares.
	"(*Game).emit":            "sends an event to the hooks and triggers the .mtg declares",
	"(*Game).emitObj":         "the same, of an object",
	"(*Game).emitPlayer":      "the same, of a player",
	"(*Game).match":           "whether an event matches a trigger's declared event",
	"(*Game).matches":         "the same, of a stack item",
	"(*Game).onEvent":         "runs the .mtg's on_event hooks",
	"(*Game).fire":            "runs a triggered ability's declared effect",
	"(*Game).fireOf":          "the triggers of an object for an event",
	"(*Game).fireDelayed":     "runs a delayed trigger",
	"(*Game).react":           "collects the triggers an event fires",
	"(*Game).mayTrigger":      "whether an object's trigger is live (its zone)",
	"(*Game).recipient":       "who receives a trigger's event",
	"(*Game).stackWaiting":    "the triggers waiting to be put on the stack",
	"(*Game).appendOrdered":   "appends in an order chosen",
	"(*Game).move":            "moves an object between zones",
	"(*Game).dropEffects":     "ends the effects of an object that left",
	"(*Game).zoneList":        "a player's zone as a list",
	"(*Game).inZone":          "whether an object is in a player's zone",
	"(*Game).resolveObject":   "resolves a stack object's declared effect",
	"(*Game).runActions":      "runs a step's declared actions",
	"(*Game).record":          "appends to the log",
	"(*Game).copyLog":         "copies the log",
	"(*Game).CopyFrom":        "copies a game",
	"(*Combat).copyFrom":      "copies combat state",
	"(*Game).tryGame":         "a trial copy of the game (to test a choice)",
	"(*Game).doneTry":         "ends a trial copy",
	"(*Game).names":           "names objects for messages",
	"(*Game).nameOf":          "names an object",
	"(*Game).current":         "the current step",
	"(*Game).count":           "counts objects",
	"(Exec).KeywordInstances": "counts a keyword's instances the .mtg names",
	"(Exec).HasKeyword":       "whether an object has a keyword the .mtg names",
	"(KeywordSet).Has":        "bit test",
	"(*Game).findAttached":    "the objects attached to one",

	// Storage and indexes of combat: who attacks and blocks what, as declared.
	"(Exec).CombatAt":       "reads a declared pair",
	"(Exec).CombatLen":      "counts declared pairs",
	"(*Game).indexCombat":   "indexes the declared pairs",
	"(*Game).unindexCombat": "drops the index",
	"(*Game).attackIndex":   "index lookup",
	"(*Game).blockIndex":    "index lookup",
	"(*Game).addAttack":     "records a declared attack",
	"(*Game).addBlock":      "records a declared block",
	"(*declIndex).before":   "a declaration index's order",
	"(*declIndex).has":      "a declaration index lookup",
	"(*declIndex).build":    "builds a declaration index",
	"(*declIndex).at":       "a declaration index lookup",
	"(*declIndex).count":    "a declaration index count",
	"(*declIndex).clear":    "clears a declaration index",
	"(*declScratch).opt":    "scratch buffers",
	"(*declScratch).reset":  "scratch buffers",
	"(*Game).declBufs":      "scratch buffers",

	// Arithmetic, randomness and plumbing.
	"clamp32":          "arithmetic",
	"addSat":           "arithmetic",
	"subSat":           "arithmetic",
	"or8":              "arithmetic",
	"shuffle32":        "randomness",
	"(*RNG).Intn":      "randomness",
	"(*RNG).Shuffle":   "randomness",
	"(*RNG).Uint64":    "randomness",
	"(*Game).exec":     "the rules' view of the game",
	"(*Game).face":     "an object's face",
	"(*Game).faceOf":   "an object's face",
	"(*Game).touch":    "marks state changed",
	"(*Game).quiet":    "whether messages are off",
	"(*Game).valid":    "whether an id is in range",
	"(*Game).auxOf":    "an object's auxiliary record",
	"(Exec).Push":      "pushes on the evaluator's stack",
	"(Exec).Release":   "releases a scratch buffer",
	"(Exec).Mark":      "marks a scratch buffer",
	"(Exec).Selected":  "reads a choice made",
	"(Exec).IsPlayer":  "whether an id is a player",
	"PlayerCode":       "a player's code",
	"(Cost).Add":       "adds costs",
	"(Mana).Total":     "sums mana",
	"(Cost).ManaValue": "a cost's mana value",
}
