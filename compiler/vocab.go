package compiler

import (
	"fmt"
	"reflect"
	goruntime "runtime"
	"sort"
	"strings"

	rt "github.com/mtgc-dev/mtgc/runtime"
)

// The vocabulary of the language: every attribute, verb and function is one
// row of the table below (as CUE's pkg.Builtin and Starlark's Universe are),
// bound to one function of the runtime. The checker reads a row's
// signature, which is the runtime function's own (derived by reflection, so
// the two cannot disagree); the generator emits a call to that function by
// its name; the interpreter calls the function value. Neither back end
// knows a name of the language. The README's vocabulary, the editor grammars
// and the language server read the same table.

// Form says how a builtin is written.
type Form uint8

const (
	Attribute Form = iota + 1 // x.NAME, p.NAME, game.NAME
	Verb                      // NAME args (a statement)
	Function                  // NAME(args) (an expression)
)

var formNames = [...]string{"", "attribute", "verb", "function"}

func (f Form) String() string { return formNames[f] }

// Builtin is one row of the vocabulary.
type Builtin struct {
	Name string
	Form Form
	Doc  string
	// Fn is the runtime binding: a method expression of *runtime.Game
	// ((*rt.Game).Power) or a function of package runtime whose first
	// parameter is the game (rt.ObjDamage). Its parameters after the game
	// give Recv and Params; a verb's last parameter is the cited rule.
	Fn any

	// Derived from Fn when the table is built.
	Recv     Type   // attributes: Object, Player or Game
	Params   []Type // verbs and functions: the arguments, in order
	Result   Type   // attributes and functions; Invalid for a verb
	Blocking bool   // a verb that asks a player (its function reports false while it waits)
	Go       string // how generated code calls Fn: "g.Power" or "rt.ObjDamage"
	Method   bool   // Go is a method of the game (else a function taking it first)

	// What the rules must also say when they use it.
	NeedsPreds  []string // predicate kinds the ruleset must declare
	NeedsDamage bool     // on_damage declarations
	NotIn       []NotIn  // predicate kinds in which it may not be used
	OnlyIn      string   // the predicate kind it may only be used in, if any
	Usage       string   // its arguments, for an arity error ("2 objects"); derived if ""
	// Procedure, for a verb whose whole behaviour is Go's, says what Go
	// decides (coverage counts the rules its clause cites as the
	// runtime's); Choice, for a verb that only asks a player, what the
	// .mtg gives.
	Procedure string
	Choice    string
	// Filter: blocks(b, a); a loop over the attackers whose condition
	// starts with it lists b's attackers first (generated code).
	Filter bool
	// Reads is what an sba reading it depends on (the runtime rechecks
	// state-based actions after such a change).
	Reads Reads
}

// Reads are parts of the state whose change an sba may observe.
type Reads uint8

const (
	ReadsPosition Reads = 1 << iota // the active player, the step, game.*
	ReadsTapped
	ReadsMana
)

func attr(name string, fn any, doc string) *Builtin {
	return &Builtin{Name: name, Form: Attribute, Fn: fn, Doc: doc}
}

func verb(name string, fn any, doc string) *Builtin {
	return &Builtin{Name: name, Form: Verb, Fn: fn, Doc: doc}
}

func function(name string, fn any, doc string) *Builtin {
	return &Builtin{Name: name, Form: Function, Fn: fn, Doc: doc}
}

func (b *Builtin) reads(r Reads) *Builtin         { b.Reads |= r; return b }
func (b *Builtin) needs(kinds ...string) *Builtin { b.NeedsPreds = kinds; return b }
func (b *Builtin) notIn(n ...NotIn) *Builtin      { b.NotIn = n; return b }
func (b *Builtin) onlyIn(kind string) *Builtin    { b.OnlyIn = kind; return b }
func (b *Builtin) filter() *Builtin               { b.Filter = true; return b }
func (b *Builtin) usageIs(u string) *Builtin      { b.Usage = u; return b }

// NotIn is a predicate kind a function may not be used in, and why.
type NotIn struct{ Kind, Why string }

const readEachOther = ": assigns_damage and lethal_damage may not read each other"

// usage is what an arity error says the function takes.
func (b *Builtin) usage() string {
	if b.Usage != "" {
		return b.Usage
	}
	return fmt.Sprintf("%d argument(s) (%s)", len(b.Params), typeList(b.Params))
}
func (b *Builtin) procedure(why string) *Builtin { b.Procedure = why; return b }
func (b *Builtin) choice(what string) *Builtin   { b.Choice = what; return b }
func (b *Builtin) needsDamageHooks() *Builtin    { b.NeedsDamage = true; return b }

// builtins is the vocabulary. Adding an attribute is this row and the
// runtime function it names; nothing else.
var builtins = []*Builtin{
	// Objects.
	attr("power", (*rt.Game).Power, "its power: printed, plus counters and effects"),
	attr("toughness", (*rt.Game).Toughness, "its toughness: printed, plus counters and effects"),
	attr("damage", rt.ObjDamage, "the damage marked on it"),
	attr("tapped", rt.ObjTapped, "it is tapped").reads(ReadsTapped),
	attr("phased_out", rt.ObjPhasedOut, "it is phased out"),
	attr("token", rt.ObjToken, "it is a token"),
	attr("fresh", rt.ObjFresh, "it came under its controller's control since their most recent turn began"),
	attr("controller", rt.ObjController, "its controller"),
	attr("owner", rt.ObjOwner, "its owner"),
	attr("name", rt.ObjNameOf, "its name"),
	attr("timestamp", rt.ObjTimestamp, "its timestamp"),
	attr("legendary", rt.ObjLegendary, "it has the supertype legendary"),
	attr("world", rt.ObjWorld, "it has the supertype world"),
	attr("basic", rt.ObjBasic, "it has the supertype basic"),
	attr("spell_copy", rt.ObjSpellCopy, "it is a copy of a spell"),
	attr("card_copy", rt.ObjCardCopy, "it is a copy of a card"),
	attr("on_battlefield", rt.ObjOnBattlefield, "it is on the battlefield"),
	attr("on_stack", rt.ObjOnStack, "it is on the stack"),
	attr("deathtouch_damage", rt.ObjDeathtouchDamage, "it was dealt damage by a source with deathtouch since the last check"),
	attr("attached", (*rt.Game).Attached, "it is attached to an object"),
	attr("attached_legally", (*rt.Game).AttachedLegally, "it is attached to an object it could enchant or equip"),
	attr("attached_to_creature", rt.ObjAttachedToCreature, "it is attached to a creature"),
	attr("attached_to_land", rt.ObjAttachedToLand, "it is attached to a land"),
	attr("over_counter_max", (*rt.Game).OverCounterMax, "it has more counters of a kind than it may have"),
	attr("aura", rt.ObjAura, "it has the subtype Aura"),
	attr("equipment", rt.ObjEquipment, "it has the subtype Equipment"),
	attr("fortification", rt.ObjFortification, "it has the subtype Fortification"),
	attr("artifact", rt.ObjArtifact, "it is an artifact"),
	attr("creature", rt.ObjCreature, "it is a creature"),
	attr("enchantment", rt.ObjEnchantment, "it is an enchantment"),
	attr("land", rt.ObjLand, "it is a land"),
	attr("planeswalker", rt.ObjPlaneswalker, "it is a planeswalker"),
	attr("battle", rt.ObjBattle, "it is a battle"),
	attr("protector", (*rt.Game).Protector, "the player designated as its protector (a battle's); no player if none"),
	attr("trigger_pending", (*rt.Game).TriggerPending, "it is the source of a triggered ability that has triggered and not yet left the stack"),
	attr("attacked", (*rt.Game).BeingAttacked, "some creature is attacking it"),
	// Objects in combat.
	attr("attacking", (*rt.Game).Attacking, "it is an attacking creature"),
	attr("blocking", (*rt.Game).Blocking, "it is a blocking creature"),
	attr("blocked", (*rt.Game).Blocked, "it is an attacking creature that became blocked"),
	attr("blockers", (*rt.Game).BlockerCount, "the number of creatures blocking it"),
	attr("attacks_alone", (*rt.Game).AttacksAlone, "it is the only creature declared as an attacker"),
	attr("attacking_alone", (*rt.Game).AttackingAlone, "it is the only attacking creature"),
	attr("blocks_alone", (*rt.Game).BlocksAlone, "it is the only creature declared as a blocker"),
	attr("blocking_alone", (*rt.Game).BlockingAlone, "it is the only blocking creature"),
	attr("defending_player", (*rt.Game).DefendingPlayer, "the player it attacks, or who defends what it attacks"),
	attr("combat_controller", (*rt.Game).CombatController, "the player who controlled it as it was declared in combat"),
	attr("attackers_blocked", (*rt.Game).AttackersBlocked, "the number of attackers it blocks"),
	attr("declared_blockers", (*rt.Game).DeclaredBlockers, "the number of creatures declared to block it"),
	attr("declared_attacking", (*rt.Game).DeclaredAttacking, "it is attacking and was declared as an attacker"),
	attr("attack_cost", (*rt.Game).HasAttackCost, "it has a cost to attack"),
	attr("block_cost", (*rt.Game).HasBlockCost, "it has a cost to block"),
	attr("deals_combat_damage", (*rt.Game).DealsCombatDamage, "it deals combat damage in this step (deals_damage_now)"),
	attr("in_first_step", (*rt.Game).InFirstStep, "it dealt combat damage in the first of two combat damage steps"),
	attr("assigned_damage", (*rt.Game).AssignedDamage, "the combat damage assigned to it"),
	attr("deathtouch_assigned", (*rt.Game).DeathtouchAssigned, "combat damage assigned to it comes from a source with deathtouch"),

	// Players.
	attr("life", rt.PlayerLife, "their life total"),
	attr("poison", rt.PlayerPoison, "their poison counters"),
	attr("max_hand_size", rt.PlayerMaxHandSize, "their maximum hand size"),
	attr("land_plays", rt.PlayerLandPlays, "how many lands they may play this turn"),
	attr("lands_played", rt.PlayerLandsPlayed, "how many lands they played this turn"),
	attr("hand", rt.PlayerHand, "the number of cards in their hand"),
	attr("library", rt.PlayerLibrary, "the number of cards in their library"),
	attr("graveyard", rt.PlayerGraveyard, "the number of cards in their graveyard"),
	attr("mana", rt.PlayerMana, "the total mana in their mana pool").reads(ReadsMana),
	attr("drew_from_empty", rt.PlayerDrewFromEmpty, "they drew from an empty library since the last check"),
	attr("attacked", (*rt.Game).Attacked, "some creature is attacking them"),

	// The game.
	attr("turn", rt.GameTurn, "the turn number"),
	attr("players", rt.GamePlayers, "the number of players"),
	attr("pending", (*rt.Game).ActionsPending, "turn-based actions of the step are still to run"),
	attr("had_priority", (*rt.Game).StepHadPriority, "a player received priority in this step"),
	attr("skip_effect", (*rt.Game).SkipEffect, "an effect skips the step or phase beginning"),
	attr("stack", rt.GameStack, "the number of objects on the stack"),
	attr("attackers_declared", (*rt.Game).AttackersDeclared, "attackers have been declared this combat"),
	attr("blockers_declared", (*rt.Game).BlockersDeclared, "blockers have been declared this combat"),
	attr("attackers", (*rt.Game).NumAttackers, "the number of attacking creatures"),
	attr("attackers_this_combat", (*rt.Game).AttackersThisCombat, "the number of creatures that began attacking this combat (declared as attackers or put onto the battlefield attacking), those no longer attacking included"),
	attr("dealing_combat_damage", (*rt.Game).DealingCombatDamage, "the damage being dealt is combat damage"),
	attr("combat_damage_pending", (*rt.Game).CombatDamagePending, "combat damage assigned and not yet dealt"),
	attr("declaring", (*rt.Game).Declaring, "the player whose declaration of attackers or blockers is being asked for or checked (choose_attackers, choose_blockers); no player otherwise"),
	attr("defender", (*rt.Game).Defender, "the defending player chosen as the combat began (choose_defender); no player before"),
	attr("combat_damage_step", (*rt.Game).CombatDamageStep, "the number of combat damage steps begun this combat (start_combat_damage)"),
	attr("second_combat_damage_step", (*rt.Game).SecondCombatDamageStep, "a second combat damage step follows or is under way (add_combat_damage_step)"),

	// Statements.
	verb("untap", (*rt.Game).Untap, "X becomes untapped"),
	verb("tap", (*rt.Game).Tap, "X becomes tapped"),
	verb("phase_in", (*rt.Game).PhaseIn, "X phases in"),
	verb("phase_out", (*rt.Game).PhaseOut, "X phases out"),
	verb("phase_toggle", (*rt.Game).PhaseToggle, "X phases in if phased out, out if phased in"),
	verb("draw", (*rt.Game).Draw, "P draws N cards"),
	verb("discard_to", (*rt.Game).DiscardTo, "P discards down to N cards, choosing which").
		choice("the .mtg says who discards down to how many; the player picks the cards"),
	verb("remove_damage", (*rt.Game).RemoveDamage, "the damage marked on X is removed"),
	verb("mark_damage", (*rt.Game).MarkDamage, "N damage is marked on X"),
	verb("mark_deathtouch", (*rt.Game).MarkDeathtouch, "X is marked as dealt damage by a source with deathtouch"),
	verb("end_effects", (*rt.Game).EndEffects, "the effects of the ending given end"),
	verb("empty_mana", (*rt.Game).EmptyMana, "P's mana pool empties"),
	verb("gain_life", (*rt.Game).GainLife, "P gains N life"),
	verb("lose_life", (*rt.Game).LoseLife, "P loses N life"),
	verb("add_counters", (*rt.Game).AddCounters, "N counters of the kind are put on X"),
	verb("remove_counters", (*rt.Game).RemoveCounters, "N counters of the kind are removed from X"),
	verb("destroy", (*rt.Game).Destroy, "X is destroyed (unless a keyword prevents it)"),
	verb("move", (*rt.Game).Move, "X is put into the zone given"),
	verb("lose", (*rt.Game).Lose, "P loses the game"),
	verb("cease", (*rt.Game).Cease, "X ceases to exist"),
	verb("unattach", (*rt.Game).Unattach, "X becomes unattached"),
	verb("trim_counters", (*rt.Game).TrimCounters, "X's counters over their maximum are removed"),
	verb("set_protector", (*rt.Game).SetProtector, "P becomes X's protector"),
	// Combat.
	verb("choose_defender", (*rt.Game).ChooseDefender, "P chooses the defending player (asked only with several opponents)").
		choice("the .mtg says who chooses; the player picks one opponent (asked only with several), game.defender; what it limits is the rules' attack_restriction"),
	verb("choose_attackers", (*rt.Game).ChooseAttackers, "P chooses attackers: checked whole against the predicates, recorded as the declaration").
		choice("the .mtg says who; its predicates say what may attack what; the statements after it make the attack"),
	verb("choose_blockers", (*rt.Game).ChooseBlockers, "P chooses blockers: checked whole against the predicates, recorded as the declaration").
		needs("blocks_at_most").
		choice("the .mtg says who; its predicates say what may block what; the statements after it make the blocks"),
	verb("pay_declared_costs", (*rt.Game).PayDeclaredCosts, "P pays the total cost to attack or block of their declared creatures"),
	verb("become_attacking", (*rt.Game).BecomeAttacking, "declared creature X attacks what it was declared to attack"),
	verb("become_blocking", (*rt.Game).BecomeBlocking, "declared creature X blocks what it was declared to block, last in the damage assignment order"),
	verb("trigger", (*rt.Game).Trigger, "the abilities that trigger on the event about X trigger"),
	verb("choose_order", (*rt.Game).ChooseOrder, "P puts the creatures X is in combat with in a damage assignment order").
		choice("the .mtg says who orders which creature's blockers (or attackers); the player gives the order"),
	verb("choose_place", (*rt.Game).ChoosePlace, "P announces the place of X in Y's damage assignment order (X blocking Y, or Y blocking X), the others' relative order kept: queued and asked before priority (decision place), only when there is more than one place"),
	verb("put_triggers", (*rt.Game).PutTriggers, "P puts the triggered abilities P controls that wait on the stack, in the order P chooses (asked only when there is more than one order)").
		choice("the .mtg says which players put their triggered abilities on the stack, in which order of players; each player gives the order of their own"),
	verb("remove_from_combat", (*rt.Game).RemoveFromCombat, "X is removed from combat"),
	verb("clear_combat", (*rt.Game).ClearCombat, "the combat's records are forgotten"),
	verb("start_combat_damage", (*rt.Game).StartCombatDamage, "a combat damage step begins: nothing assigned, nobody dealing damage yet"),
	verb("deals_damage_now", (*rt.Game).DealsDamageNow, "X deals combat damage in this step"),
	verb("add_combat_damage_step", (*rt.Game).AddCombatDamageStep, "a second combat damage step follows this one"),
	verb("assign_to_attacked", (*rt.Game).AssignToAttacked, "X assigns N combat damage to what it attacks"),
	verb("assign_to", (*rt.Game).AssignTo, "X assigns N combat damage to Y"),
	verb("may_divide", (*rt.Game).MayDivide, "X's combat damage in this step is divided as its controller chooses among the creatures it is in combat with, in order"),
	verb("may_divide_to_attacked", (*rt.Game).MayDivideToAttacked, "as may_divide, with what attacker X attacks after the creatures blocking it"),
	verb("divide_combat_damage", (*rt.Game).DivideCombatDamage, "P divides at once the combat damage of their creatures made dividers (may_divide) that have not assigned it; a division_restriction that holds refuses it").
		needs("assigns_damage", "lethal_damage").
		choice("the .mtg says whose damage is divided (may_divide), by whom and in which order, and which divisions are legal (division_restriction); the player gives the amounts"),
	verb("deal_combat_damage", (*rt.Game).DealCombatDamage, "the combat damage assigned and not yet dealt is dealt, all at once").needsDamageHooks(),
	verb("attack_player", (*rt.Game).AttackPlayer, "X is put into combat attacking P"),
	verb("attack_permanent", (*rt.Game).AttackPermanent, "X is put into combat attacking permanent Y, if its controller may attack it"),
	verb("block", (*rt.Game).BlockAttacker, "X is put into combat blocking Y, last in its order; Y becomes blocked"),

	// Functions.
	function("counters", rt.ObjCounters, "counters(x, \"+1/+1\"): the number of counters of the kind on x").usageIs(`2 arguments (object, "kind")`),
	function("subtype", (*rt.Game).HasSubtype, "subtype(x, \"aura\"): x has the subtype named").usageIs(`2 arguments (object, "subtype")`),
	function("shares_subtype", (*rt.Game).SharesSubtype, "shares_subtype(x, y): x and y share a subtype").usageIs("2 objects"),
	function("blocks", (*rt.Game).BlocksAttacker, "blocks(b, a): blocker b blocks attacker a").usageIs("2 objects").filter(),
	function("assigns", (*rt.Game).Assigns, "assigns(s): the value of assigns_damage for s").usageIs("1 object").
		notIn(NotIn{"assigns_damage", readEachOther}, NotIn{"lethal_damage", readEachOther}),
	function("assigning", (*rt.Game).Assigning, "assigning(s, b): the damage s is dividing to b in the division being checked").usageIs("2 objects (source, recipient)").onlyIn("division_restriction"),
	function("assigning_attacked", (*rt.Game).AssigningAttacked, "assigning_attacked(s): the damage s is dividing to what it attacks in the division being checked").usageIs("1 object (source)").onlyIn("division_restriction"),
	function("place", (*rt.Game).Place, "place(s, b): b's place in the order of the division being checked of s (1 first), 0 if it is not a recipient").usageIs("2 objects (source, recipient)").onlyIn("division_restriction"),
	function("lethal", (*rt.Game).Lethal, "lethal(s, b): the value of lethal_damage for s and b").usageIs("2 objects (source, recipient)").
		notIn(NotIn{"lethal_damage", ", which defines it"}, NotIn{"assigns_damage", readEachOther}),
}

// The special forms: names that bind a variable or take a name, checked
// and translated as nodes of their own (see resolve.go).
var specialForms = []struct{ Name, Doc string }{
	{"count", "count(KIND, v, COND): the number of objects or players of the kind for which COND holds"},
	{"any", "any(KIND, v, COND): some one of the kind matches"},
	{"all", "all(KIND, v, COND): every one of the kind matches"},
	{"sum", "sum(KIND, v, COND, VALUE): the total of VALUE over the matches"},
	{"keeps", "keeps(P, x, KIND, v, COND): P chooses which match to keep; x is the one kept (sba conditions only)"},
	{"chosen", "chosen(P, x, player, v, COND): P chooses a player among the matches for x (sbas only)"},
	{"began", "began(S): step or phase S has begun this turn"},
	{"ended", "ended(S): step or phase S has ended this turn"},
	{"during", "during(S): the game is in step or phase S"},
	{"holds", "holds(KIND, x): the rules' predicates of KIND hold for x, as the runtime reads them (not in a predicate)"},
	{"min", "min(a, b, ...): the least"},
	{"max", "max(a, b, ...): the greatest"},
}

// Enum is a name an argument takes from a closed list (a zone, an ending,
// a counter kind, a trigger event, a query kind): its runtime value and
// the Go name generated code writes.
type Enum struct {
	Name  string
	Value int
	Go    string // e.g. "ZoneGraveyard" (package runtime)
	Doc   string
}

var zoneEnum = []Enum{
	{"library", int(rt.ZoneLibrary), "ZoneLibrary", "its owner's library"},
	{"hand", int(rt.ZoneHand), "ZoneHand", "its owner's hand"},
	{"graveyard", int(rt.ZoneGraveyard), "ZoneGraveyard", "its owner's graveyard"},
	{"exile", int(rt.ZoneExile), "ZoneExile", "exile"},
}

var endingEnum = []Enum{
	{"until_end_of_turn", int(rt.EndUntilEndOfTurn), "EndUntilEndOfTurn", "effects that last until end of turn"},
	{"this_turn", int(rt.EndThisTurn), "EndThisTurn", "effects that last this turn"},
	{"until_end_of_step", int(rt.EndUntilEndOfStep), "EndUntilEndOfStep", "effects that last until end of step"},
	{"until_end_of_phase", int(rt.EndUntilEndOfPhase), "EndUntilEndOfPhase", "effects that last until end of phase"},
	{"until_step", int(rt.EndUntilStep), "EndUntilStep", "effects that last until the step now beginning (every step's on_begin)"},
	{"until_phase", int(rt.EndUntilPhase), "EndUntilPhase", "effects that last until the phase now beginning (every phase's on_begin)"},
}

var counterEnum = []Enum{
	{"+1/+1", int(rt.CounterPlus), "CounterPlus", "+1/+1 counters"},
	{"-1/-1", int(rt.CounterMinus), "CounterMinus", "-1/-1 counters"},
	{"loyalty", int(rt.CounterLoyalty), "CounterLoyalty", "loyalty counters"},
	{"charge", int(rt.CounterCharge), "CounterCharge", "charge counters"},
	{"defense", int(rt.CounterDefense), "CounterDefense", "defense counters"},
}

var eventEnum = []Enum{
	{"attacks", int(rt.OnAttacks), "OnAttacks", "it attacks"},
	{"blocks", int(rt.OnBlocks), "OnBlocks", "it blocks"},
	{"creature_blocks", int(rt.OnCreatureBlocks), "OnCreatureBlocks", "a creature blocks (every permanent watching)"},
	{"becomes_blocked", int(rt.OnBecomesBlocked), "OnBecomesBlocked", "it becomes blocked"},
	{"blocked_by", int(rt.OnBlockedBy), "OnBlockedBy", "it becomes blocked by a creature (once per blocker)"},
	{"unblocked", int(rt.OnUnblocked), "OnUnblocked", "it attacks and isn't blocked"},
	{"blocked_by_count", int(rt.OnBlockedByCount), "OnBlockedByCount", "it becomes blocked by exactly a number of creatures"},
}

// Kind is what a query (`for each KIND v`, count, any, all, sum, keeps,
// chosen) ranges over.
type Kind struct {
	Name   string
	Over   rt.Over
	OverGo string // the rt.Over constant's name
	Types  rt.TypeSet
	TypeGo string // the rt.TypeSet constant's name, or ""
	Combat bool   // a combat list: not an sba's query
	Doc    string
	OnlyIn string // the predicate kind whose check it exists in, if any
}

// Var is the type of the variable a query of the kind binds.
func (k *Kind) Var() Type {
	if k.Over == rt.OverPlayers || k.Over == rt.OverPlayersAPNAP {
		return Player
	}
	return Object
}

var kindTable = []*Kind{
	{"anything", rt.OverAnything, "OverAnything", 0, "", false, "every object that exists, in any zone", ""},
	{"player", rt.OverPlayers, "OverPlayers", 0, "", false, "the players still in the game", ""},
	{"apnap_player", rt.OverPlayersAPNAP, "OverPlayersAPNAP", 0, "", false, "the players still in the game, the active player first, then the others in turn order (not an sba's query)", ""},
	{"object", rt.OverObjects, "OverObjects", 0, "", false, "everything on the battlefield, phased out too", ""},
	{"permanent", rt.OverPermanents, "OverPermanents", 0, "", false, "the phased-in permanents", ""},
	{"artifact", rt.OverPermanents, "OverPermanents", rt.TypeArtifact, "TypeArtifact", false, "the artifacts on the battlefield", ""},
	{"creature", rt.OverPermanents, "OverPermanents", rt.TypeCreature, "TypeCreature", false, "the creatures on the battlefield", ""},
	{"enchantment", rt.OverPermanents, "OverPermanents", rt.TypeEnchantment, "TypeEnchantment", false, "the enchantments on the battlefield", ""},
	{"land", rt.OverPermanents, "OverPermanents", rt.TypeLand, "TypeLand", false, "the lands on the battlefield", ""},
	{"planeswalker", rt.OverPermanents, "OverPermanents", rt.TypePlaneswalker, "TypePlaneswalker", false, "the planeswalkers on the battlefield", ""},
	{"battle", rt.OverPermanents, "OverPermanents", rt.TypeBattle, "TypeBattle", false, "the battles on the battlefield", ""},
	{"attacker", rt.OverAttackers, "OverAttackers", 0, "", true, "the attacking creatures, in the order they began attacking", ""},
	{"blocker", rt.OverBlockers, "OverBlockers", 0, "", true, "the blocking creatures, each once", ""},
	{"declared", rt.OverDeclared, "OverDeclared", 0, "", true, "the creatures of the declaration being made, each once, in the order chosen", ""},
	{"combatant", rt.OverCombatants, "OverCombatants", 0, "", true, "the creatures in combat: attackers, then blockers", ""},
	{"recipient", rt.OverRecipients, "OverRecipients", 0, "", true, "the creatures the division being checked divides among, in its order", "division_restriction"},
}

// enumOf is the list of names an enum-typed argument takes.
func enumOf(t Type) ([]Enum, string) {
	switch t {
	case ZoneT:
		return zoneEnum, "zone"
	case EndT:
		return endingEnum, "ending"
	case Counter:
		return counterEnum, "counter kind"
	case EventT:
		return eventEnum, "trigger event"
	}
	return nil, ""
}

// The table, indexed for the checker.
var (
	objectAttrs = map[string]*Builtin{}
	playerAttrs = map[string]*Builtin{}
	gameAttrs   = map[string]*Builtin{}
	verbs       = map[string]*Builtin{}
	functions   = map[string]*Builtin{}
	kinds       = map[string]*Kind{}
)

const runtimePkg = "github.com/mtgc-dev/mtgc/runtime."

var goKinds = map[reflect.Type]Type{
	reflect.TypeOf(rt.ObjID(0)):       Object,
	reflect.TypeOf(int(0)):            Player,
	reflect.TypeOf(int32(0)):          Int,
	reflect.TypeOf(false):             Bool,
	reflect.TypeOf(""):                Str,
	reflect.TypeOf(rt.Zone(0)):        ZoneT,
	reflect.TypeOf(rt.Ending(0)):      EndT,
	reflect.TypeOf(rt.CounterKind(0)): Counter,
	reflect.TypeOf(rt.TriggerOn(0)):   EventT,
}

var gameType = reflect.TypeOf((*rt.Game)(nil))

func init() {
	for _, b := range builtins {
		if err := b.derive(); err != nil {
			panic("compiler: vocabulary row " + b.Name + ": " + err.Error())
		}
		var m map[string]*Builtin
		switch {
		case b.Form == Verb:
			m = verbs
		case b.Form == Function:
			m = functions
		case b.Recv == Object:
			m = objectAttrs
		case b.Recv == Player:
			m = playerAttrs
		default:
			m = gameAttrs
		}
		if _, dup := m[b.Name]; dup {
			panic("compiler: vocabulary row " + b.Name + " twice")
		}
		m[b.Name] = b
	}
	for _, k := range kindTable {
		kinds[k.Name] = k
	}
}

// derive fills a row's signature and Go name from its runtime function.
func (b *Builtin) derive() error {
	v := reflect.ValueOf(b.Fn)
	t := v.Type()
	if t.Kind() != reflect.Func || t.NumIn() == 0 || t.In(0) != gameType || t.IsVariadic() {
		return fmt.Errorf("binding must be a function of the game, not %s", t)
	}
	name := goruntime.FuncForPC(v.Pointer()).Name()
	rest, ok := strings.CutPrefix(name, runtimePkg)
	if !ok {
		return fmt.Errorf("binding %s is not in package runtime", name)
	}
	if m, ok := strings.CutPrefix(rest, "(*Game)."); ok {
		b.Go, b.Method = "g."+m, true
	} else {
		b.Go = "rt." + rest
	}
	var params []Type
	n := t.NumIn()
	if b.Form == Verb {
		if n < 2 || t.In(n-1).Kind() != reflect.String {
			return fmt.Errorf("a verb's last parameter is the cited rule (string)")
		}
		n--
	}
	for i := 1; i < n; i++ {
		pt, ok := goKinds[t.In(i)]
		if !ok {
			return fmt.Errorf("parameter %d has type %s, which the language has no type for", i, t.In(i))
		}
		params = append(params, pt)
	}
	switch b.Form {
	case Verb:
		switch {
		case t.NumOut() == 0:
		case t.NumOut() == 1 && t.Out(0).Kind() == reflect.Bool:
			b.Blocking = true
		default:
			return fmt.Errorf("a verb returns nothing, or false while it waits for a decision")
		}
		b.Params = params
		return nil
	case Attribute:
		switch len(params) {
		case 0:
			b.Recv = Game
		case 1:
			if params[0] != Object && params[0] != Player {
				return fmt.Errorf("an attribute is of an object, a player or the game")
			}
			b.Recv = params[0]
		default:
			return fmt.Errorf("an attribute takes its receiver only")
		}
	case Function:
		b.Params = params
	}
	if t.NumOut() != 1 {
		return fmt.Errorf("an attribute or function returns one value")
	}
	r, ok := goKinds[t.Out(0)]
	if !ok || r > Str {
		return fmt.Errorf("result type %s is not a value of the language", t.Out(0))
	}
	b.Result = r
	return nil
}

// Builtins returns the vocabulary's rows, in table order (a copy of the
// list; the rows are shared and must not be changed).
func Builtins() []*Builtin { return append([]*Builtin(nil), builtins...) }

// SpecialForm is a name of the language that binds a variable or takes a
// name, with its documentation.
type SpecialForm struct{ Name, Doc string }

// SpecialForms lists them.
func SpecialForms() []SpecialForm {
	out := make([]SpecialForm, len(specialForms))
	for i, f := range specialForms {
		out[i] = SpecialForm(f)
	}
	return out
}

// Kinds lists the query kinds.
func Kinds() []*Kind { return append([]*Kind(nil), kindTable...) }

// Enums lists the names of an enum type (ZoneT, EndT, Counter, EventT).
func Enums(t Type) []Enum {
	e, _ := enumOf(t)
	return append([]Enum(nil), e...)
}

// Lookup returns the attribute of a receiver type, or the verb or
// function, of a name.
func Lookup(f Form, recv Type, name string) (*Builtin, bool) {
	var m map[string]*Builtin
	switch f {
	case Verb:
		m = verbs
	case Function:
		m = functions
	default:
		m = map[Type]map[string]*Builtin{Object: objectAttrs, Player: playerAttrs, Game: gameAttrs}[recv]
	}
	b, ok := m[name]
	return b, ok
}

// Signature is the row as written: "draw P, N" or "x.power int".
func (b *Builtin) Signature() string {
	switch b.Form {
	case Attribute:
		r := map[Type]string{Object: "x", Player: "p", Game: "game"}[b.Recv]
		return fmt.Sprintf("%s.%s %s", r, b.Name, b.Result)
	case Verb:
		return strings.TrimSpace(b.Name + " " + typeList(b.Params))
	}
	return fmt.Sprintf("%s(%s) %s", b.Name, typeList(b.Params), b.Result)
}

// Vocabulary lists every name the checker knows (for tools: the language
// server's completion, the editor grammars).
type Vocabulary struct {
	ObjectAttrs map[string]Type
	PlayerAttrs map[string]Type
	GameAttrs   map[string]Type
	Kinds       map[string]KindInfo
	Verbs       map[string]VerbInfo
	Zones       []string
	Endings     []string
	Counters    []string
	Events      []string
	Functions   []string
	Preventable []string
}

// VerbInfo describes a statement verb: its argument types and whether it
// asks a player to decide.
type VerbInfo struct {
	Args     []Type
	Blocking bool
}

// KindInfo describes a query kind: the runtime.Over constant's name and
// the TypeSet constant's ("" for none).
type KindInfo struct {
	Over  string
	Types string
}

// Vocab returns the language's vocabulary, from the table (a fresh copy).
func Vocab() Vocabulary {
	v := Vocabulary{
		ObjectAttrs: map[string]Type{}, PlayerAttrs: map[string]Type{}, GameAttrs: map[string]Type{},
		Kinds: map[string]KindInfo{}, Verbs: map[string]VerbInfo{},
		Preventable: keys(preventable),
	}
	for n, b := range objectAttrs {
		v.ObjectAttrs[n] = b.Result
	}
	for n, b := range playerAttrs {
		v.PlayerAttrs[n] = b.Result
	}
	for n, b := range gameAttrs {
		v.GameAttrs[n] = b.Result
	}
	for n, b := range verbs {
		v.Verbs[n] = VerbInfo{Args: append([]Type(nil), b.Params...), Blocking: b.Blocking}
	}
	v.Verbs["put_on_stack"] = VerbInfo{}
	v.Verbs["put_triggered"] = VerbInfo{}
	for _, k := range kindTable {
		v.Kinds[k.Name] = KindInfo{Over: k.OverGo, Types: k.TypeGo}
	}
	names := func(es []Enum) []string {
		var out []string
		for _, e := range es {
			out = append(out, e.Name)
		}
		sort.Strings(out)
		return out
	}
	v.Zones, v.Endings, v.Counters, v.Events = names(zoneEnum), names(endingEnum), names(counterEnum), names(eventEnum)
	for n := range functions {
		v.Functions = append(v.Functions, n)
	}
	for _, f := range specialForms {
		v.Functions = append(v.Functions, f.Name)
	}
	sort.Strings(v.Functions)
	return v
}

// functionNames lists every function name, for did-you-mean.
func functionNames() []string { return Vocab().Functions }
