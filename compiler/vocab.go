package compiler

import (
	"errors"
	"fmt"
	"reflect"
	goruntime "runtime"
	"sort"
	"strings"

	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
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
	// (rt.Exec.Power) or a function of package runtime whose first
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
	NeedsDamage bool   // on_damage declarations
	OnlyIn      string // the predicate kind it may only be used in, if any
	// States: a verb that only states a clause of a later statement (the
	// clauses of a declaration), the same each time it runs: it may come
	// before a statement that asks, in the same action, which runs again
	// from the start once answered.
	States bool
	// Needs: a statement that States which must come before this one in
	// its action (the clause without which nothing could be declared).
	Needs string
	Usage string // its arguments, for an arity error ("2 objects"); derived if ""
	// Procedure, for a verb whose whole behaviour is Go's, says what Go
	// decides (coverage counts the rules its clause cites as the
	// runtime's); Choice, for a verb that only asks a player, what the
	// .mtg gives.
	Procedure string
	Choice    string
	// Rel: a function row bound to the Holds of a relation the runtime
	// indexes (rt.IndexedRelations: blocks(b, a)) is that relation: a
	// loop over the attackers (or blockers) whose condition starts with
	// it walks only b's attackers (a's blockers), through the runtime's
	// combat index (FilterOf). Derived from Fn when the table is built
	// (relationOf), never written by hand: TestCombatLists checks each
	// relation's push functions against its loops.
	Rel *Relation
	// Reads is what an sba reading it depends on (the runtime rechecks
	// state-based actions after such a change): derived from Fn's source
	// (vocabfacts_gen.go), never written by hand.
	Reads Reads
	// FnArgs: the shape of each function argument (FnT), given(...).
	FnArgs []FnArg
	// TokenArg: the argument (from 1) that names a token the program
	// declares (token IDENT "Name" {...}), a string literal; 0: none.
	TokenArg int
	// Own: an object attribute (or a function of an object and constants)
	// that reads only that object's own state (its zone, controller,
	// phasing, printed characteristics, its own attack or block), which
	// nothing done to another object changes and whose changes the game
	// records: a predicate reading only these (Predicate.Own) may be
	// rechecked for the changed object alone. Derived from Fn's source
	// (vocabfacts_gen.go, internal/vocabfacts: what it reads, against a
	// reviewed list of what is an object's own), never written by hand.
	Own bool
}

// vocabFact is what internal/vocabfacts derives of a row's function
// (vocabfacts_gen.go).
type vocabFact struct {
	Own   bool
	Reads Reads
}

// staleFacts lists the attribute and function rows vocabfacts_gen.go has
// no facts for (a row added since go generate last ran): they read
// everything, and TestVocabFacts fails until it runs again.
var staleFacts []string

// facts sets a row's derived facts.
func (b *Builtin) facts() {
	if b.Form == Verb {
		return
	}
	name := goruntime.FuncForPC(reflect.ValueOf(b.Fn).Pointer()).Name()
	if i := strings.LastIndex(name, "/"); i >= 0 {
		name = name[i+1:]
	}
	_, name, _ = strings.Cut(name, ".") // the name in its package
	f, ok := vocabFacts[name]
	if !ok {
		staleFacts = append(staleFacts, b.Name)
		f = vocabFact{Reads: ReadsPosition | ReadsTapped | ReadsMana | ReadsHeld | ReadsCombat}
	}
	b.Own, b.Reads = f.Own, f.Reads
}

// Reads are parts of the state whose change an sba may observe.
type Reads uint8

const (
	ReadsPosition Reads = 1 << iota // the active player, the step, game.*
	ReadsTapped
	ReadsMana
	ReadsHeld   // a value objects, players or the game hold (state [player|game] NAME KIND)
	ReadsCombat // who attacks and blocks what (the combat's lists, an object's place in them)
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

func (b *Builtin) onlyIn(kind string) *Builtin { b.OnlyIn = kind; return b }
func (b *Builtin) usageIs(u string) *Builtin   { b.Usage = u; return b }
func (b *Builtin) tokenArg(i int) *Builtin     { b.TokenArg = i; return b }
func (b *Builtin) fnArgs(a ...FnArg) *Builtin  { b.FnArgs = a; return b }

// FnArg is what a verb's function argument (FnT) must be, in order of the
// verb's FnT parameters: given(NAME, NAME, EXPR), the names bound to the
// parameters (objects) the runtime evaluates it for, EXPR of the type
// Result (Bool: a condition; Int: a number).
type FnArg struct {
	Names  []string // the names the vocabulary's doc gives them: "s", "b"
	Params []string // what each parameter is, for messages: "the source"...
	Types  []Type   // each parameter's type: Object (nil: all objects) or Player
	Result Type     // Bool (a condition), Int (a number) or Player
	// Undeclared: the value predicates its expression calls need not be
	// declared (the rules may have none: then no value, no player); else
	// they must be, as a value of nothing is a mistake. Declared: the
	// kinds its holds(...) read must be declared too (a kind every one of
	// which must hold holds of everything when the rules declare none).
	Undeclared, Declared bool
}

// fn1 and fn2 are FnArgs of one and two objects (players where the name
// is p or q).
func fn1(name, what string, result Type) FnArg {
	return FnArg{Names: []string{name}, Params: []string{what}, Types: []Type{paramType(name)}, Result: result}
}

func fn2(n1, w1, n2, w2 string, result Type) FnArg {
	return FnArg{Names: []string{n1, n2}, Params: []string{w1, w2}, Types: []Type{paramType(n1), paramType(n2)}, Result: result}
}

func undeclared(a FnArg) FnArg { a.Undeclared = true; return a }
func declared(a FnArg) FnArg   { a.Declared = true; return a }

func paramType(name string) Type {
	if name == "p" || name == "q" {
		return Player
	}
	return Object
}

// usage is what an arity error says the function takes.
func (b *Builtin) usage() string {
	if b.Usage != "" {
		return b.Usage
	}
	return fmt.Sprintf("%d argument(s) (%s)", len(b.Params), typeList(b.Params))
}
func (b *Builtin) procedure(why string) *Builtin { b.Procedure = why; return b }
func (b *Builtin) choice(what string) *Builtin   { b.Choice = what; return b }
func (b *Builtin) states() *Builtin              { b.States = true; return b }
func (b *Builtin) needs(verb string) *Builtin    { b.Needs = verb; return b }
func (b *Builtin) needsDamageHooks() *Builtin    { b.NeedsDamage = true; return b }

//go:generate go run ./internal/vocabfacts/gen

// builtins is the vocabulary. Adding an attribute is this row and the
// runtime function it names, then go generate ./compiler, which derives
// its facts (Own, Reads: vocabfacts_gen.go) from that function's source.
var builtins = []*Builtin{
	// Objects.
	attr("power", rt.Exec.Power, "its power, as the rules derive it (characteristic power); printed if they derive none"),
	attr("toughness", rt.Exec.Toughness, "its toughness, as the rules derive it (characteristic toughness); printed if they derive none"),
	attr("printed_power", rt.ObjPrintedPower, "its printed power"),
	attr("printed_toughness", rt.ObjPrintedToughness, "its printed toughness"),
	attr("effect_power", rt.Exec.EffectPower, "what the continuous effects on it add to its power, summed"),
	attr("effect_toughness", rt.Exec.EffectToughness, "what the continuous effects on it add to its toughness, summed"),
	attr("damage", rt.ObjDamage, "the damage marked on it"),
	attr("tapped", rt.ObjTapped, "it is tapped"),
	attr("phased_out", rt.ObjPhasedOut, "it is phased out"),
	attr("token", rt.ObjToken, "it is a token"),
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
	attr("in_hand", rt.ObjInHand, "it is in a player's hand"),
	attr("exists", rt.ObjExists, "it names an object: false for no object (a state of kind object never set, the attached_to of nothing)"),
	attr("on_stack", rt.ObjOnStack, "it is on the stack"),
	attr("shields", rt.ObjShields, "the shields on it, which the rules' replacements may use up (use_shield); effects give them (a script's regen)"),
	attr("attached", rt.Exec.Attached, "it is attached to an object"),
	attr("attached_to", rt.ObjAttachedTo, "the object it is attached to; no object if none"),
	attr("over_counter_max", rt.Exec.OverCounterMax, "it has more counters of a kind than it may have"),
	attr("aura", rt.ObjAura, "it has the subtype Aura"),
	attr("equipment", rt.ObjEquipment, "it has the subtype Equipment"),
	attr("fortification", rt.ObjFortification, "it has the subtype Fortification"),
	attr("protector", rt.Exec.Protector, "the player designated as its protector (a battle's); no player if none"),
	attr("trigger_pending", rt.Exec.TriggerPending, "it is the source of a triggered ability that has triggered and not yet left the stack"),
	attr("last_known_power", rt.Exec.LastKnownPower, "its power as it last existed: before the batch of state-based actions being performed, if it was one of its objects, else its power now"),
	attr("attacked", rt.Exec.BeingAttacked, "some creature is attacking it"),
	// Objects in combat.
	attr("attacking", rt.Exec.Attacking, "it is an attacking creature"),
	attr("blocking", rt.Exec.Blocking, "it is a blocking creature"),
	attr("blocked", rt.Exec.Blocked, "it is an attacking creature that became blocked"),
	attr("blockers", rt.Exec.BlockerCount, "the number of creatures blocking it"),
	attr("defending_player", rt.Exec.DefendingPlayer, "the player it attacks, or who defends what it attacks"),
	attr("attacked_permanent", rt.Exec.AttackedPermanent, "the planeswalker or battle it attacks; no object if it attacks a player or is not attacking"),
	attr("attacked_player", rt.Exec.AttackedPlayer, "the player it attacks; no player if it attacks a planeswalker or a battle, or is not attacking"),
	attr("combat_controller", rt.Exec.CombatController, "the player who controlled it as it was declared in combat"),
	attr("attackers_blocked", rt.Exec.AttackersBlocked, "the number of attackers it blocks"),
	attr("declared_blockers", rt.Exec.DeclaredBlockers, "the number of creatures declared to block it"),
	attr("declared_attacking", rt.Exec.DeclaredAttacking, "it is attacking and was declared as an attacker"),
	attr("declared", rt.Exec.IsDeclared, "it is in the declaration of attackers or blockers being made"),
	attr("card_attack_cost", rt.Exec.CardAttackCost, "its card's own cost to attack (a cost; none: mana value 0)"),
	attr("card_block_cost", rt.Exec.CardBlockCost, "its card's own cost to block (a cost; none: mana value 0)"),
	attr("deals_combat_damage", rt.Exec.DealsCombatDamage, "it deals combat damage in this step (deals_damage_now)"),
	attr("in_first_step", rt.Exec.InFirstStep, "it dealt combat damage in the first of two combat damage steps"),
	attr("assigned_damage", rt.Exec.AssignedDamage, "the combat damage assigned to it"),

	// Players.
	attr("life", rt.PlayerLife, "their life total"),
	attr("max_hand_size", rt.PlayerMaxHandSize, "their maximum hand size"),
	attr("land_plays", rt.PlayerLandPlays, "how many lands they may play this turn"),
	attr("hand", rt.PlayerHand, "the number of cards in their hand"),
	attr("library", rt.PlayerLibrary, "the number of cards in their library"),
	attr("graveyard", rt.PlayerGraveyard, "the number of cards in their graveyard"),
	attr("mana", rt.PlayerMana, "the total mana in their mana pool"),
	attr("attacked", rt.Exec.Attacked, "some creature is attacking them"),
	attr("next_player", rt.Exec.NextPlayer, "the next player in turn order after them who is still in the game"),
	attr("in_game", rt.PlayerInGame, "they are a player who has not lost the game (false for no player)"),

	// The game.
	attr("turn", rt.GameTurn, "the turn number"),
	attr("players", rt.GamePlayers, "the number of players"),
	attr("pending", rt.Exec.ActionsPending, "turn-based actions of the step are still to run"),
	attr("had_priority", rt.Exec.StepHadPriority, "a player received priority in this step"),
	attr("skip_effect", rt.Exec.SkipEffect, "an effect skips the step or phase beginning"),
	attr("stack", rt.GameStack, "the number of objects on the stack"),
	attr("priority_player", rt.Exec.PriorityPlayer, "the player who holds priority, or would receive it: who passed (mechanism pass_priority), who acted (acted); no player while none receives priority in the step"),
	attr("attackers_declared", rt.Exec.AttackersDeclared, "attackers have been declared this combat"),
	attr("declared_attacker_count", rt.Exec.DeclaredAttackerCount, "the number of creatures declared as attackers this combat (those that left combat since included)"),
	attr("declared_blocker_count", rt.Exec.DeclaredBlockerCount, "the number of creatures declared as blockers this combat (those that left combat since included)"),
	attr("blockers_declared", rt.Exec.BlockersDeclared, "blockers have been declared this combat"),
	attr("attackers", rt.Exec.NumAttackers, "the number of attacking creatures"),
	attr("attackers_this_combat", rt.Exec.AttackersThisCombat, "the number of creatures that began attacking this combat (declared as attackers or put onto the battlefield attacking), those no longer attacking included"),
	attr("dealing_combat_damage", rt.Exec.DealingCombatDamage, "the damage being dealt is combat damage"),
	attr("combat_damage_pending", rt.Exec.CombatDamagePending, "combat damage assigned and not yet dealt"),
	attr("declaring", rt.Exec.Declaring, "the player whose declaration of attackers or blockers is being asked for or checked (choose_attackers, choose_blockers); no player otherwise"),
	attr("defender", rt.Exec.Defender, "the defending player chosen as the combat began (choose_defender); no player before"),
	attr("combat_damage_step", rt.Exec.CombatDamageStep, "the number of combat damage steps begun this combat (start_combat_damage)"),
	attr("ability_controller", rt.Exec.AbilityController, "the controller of the ability, or the instant or sorcery spell, resolving (an effect it applies reads it); no player if none"),
	attr("ability_source", rt.Exec.AbilitySource, "the source of the ability resolving, or the instant or sorcery spell resolving; no object if none"),
	attr("choosing_spell", rt.Exec.ChoosingSpell, "the card of the spell whose targets are being chosen, as the rules' statements of mechanism no_target run; no object for an ability, or at another time"),
	attr("trigger_object", rt.Exec.TriggerObject, "the object of the event the ability resolving triggered on (\"that creature\"), as it last existed if it left; no object if none"),
	attr("trigger_recipient", rt.Exec.TriggerRecipient, "the object the ability resolving remembered as the recipient of the event it triggered on (a trigger event's recipient parameter); no object if none"),
	attr("resolving_spell", rt.Exec.ResolvingSpell, "the card of the spell resolving, as the rules' procedure for the resolve mechanism runs; no object while an ability resolves"),
	attr("resolving_controller", rt.Exec.ResolvingController, "the controller of the spell or ability resolving, as the rules' procedure for the resolve mechanism runs; no player if none"),
	attr("resolving_targets_illegal", rt.Exec.ResolvingTargetsIllegal, "the spell or ability resolving has targets and every one was illegal as they were checked again when it began to resolve (a target no longer legal names nothing)"),
	attr("trigger_value", rt.Exec.TriggerValue, "the number the ability resolving remembered as it triggered (its trigger event's value)"),
	attr("second_combat_damage_step", rt.Exec.SecondCombatDamageStep, "a second combat damage step follows or is under way (add_combat_damage_step)"),

	// Statements.
	verb("untap", rt.Exec.Untap, "X becomes untapped"),
	verb("deal_damage", rt.Exec.DealDamage, "X deals N noncombat damage to creature Y"),
	verb("deal_player_damage", rt.Exec.DealPlayerDamage, "X deals N noncombat damage to player P (nothing for no player)"),
	verb("prevent_damage_by", rt.Exec.PreventDamageBy, "a prevention effect: all damage X would deal is prevented for duration D (as for modify)"),
	verb("prevent_next_damage_to", rt.Exec.PreventNextDamageTo, "a prevention shield: the next N damage that would be dealt to X is prevented, for duration D (615.7: each 1 prevented uses up 1)"),
	verb("prevent_next_player_damage", rt.Exec.PreventNextPlayerDamage, "a prevention shield: the next N damage that would be dealt to player P is prevented, for duration D"),
	verb("prevent_damage_to", rt.Exec.PreventDamageTo, "a prevention effect: all damage that would be dealt to X is prevented for duration D (as for modify)"),
	verb("prevent_combat_damage_by", rt.Exec.PreventCombatDamageBy, "a prevention effect: all combat damage X would deal is prevented for duration D (as for modify)"),
	verb("prevent_combat_damage_to", rt.Exec.PreventCombatDamageTo, "a prevention effect: all combat damage that would be dealt to X is prevented for duration D (as for modify)"),
	verb("prevent_player_damage", rt.Exec.PreventPlayerDamage, "a prevention effect: all damage that would be dealt to player P is prevented for duration D (as for modify)"),
	verb("prevent_combat_damage", rt.Exec.PreventCombatDamage, "a prevention effect: all combat damage that would be dealt is prevented for duration D (as for modify)"),
	verb("tap", rt.Exec.Tap, "X becomes tapped"),
	verb("phase_in", rt.Exec.PhaseIn, "X phases in"),
	verb("phase_out", rt.Exec.PhaseOut, "X phases out"),
	verb("phase_toggle", rt.Exec.PhaseToggle, "X phases in if phased out, out if phased in"),
	verb("choose_permanents", rt.Exec.ChoosePermanents, "P chooses N of the permanents they control (all if they control N or fewer): the flag S (state S flag) of each one chosen is set; it asks, so it is the first statement of its action or effect").
		choice("the .mtg says who chooses, how many and among what, and what happens to the chosen (the statements after it); the player says which"),
	verb("may_choose", rt.Exec.MayChoose, "P may choose X (\"you may\"): X's flag S (state S flag) is set if they do; it asks, so it is the first statement of its action or effect").
		choice("the .mtg says who decides, about what, and what choosing does (the statements after it); the player says yes or no"),
	verb("set_flag", rt.Exec.SetFlag, "X's flag S (a state the rules declare: state S flag) becomes B; read it as X.S"),
	verb("set_number", rt.Exec.SetNumber, "X's number S (state S number) becomes N; read it as X.S"),
	verb("set_object", rt.Exec.SetObject, "X's object S (state S object) becomes Y; read it as X.S"),
	verb("set_player", rt.Exec.SetPlayer, "X's player S (state S player) becomes P; read it as X.S"),
	verb("set_player_flag", rt.Exec.SetPlayerFlag, "player P's flag S (state player S flag) becomes B; written set_flag P, S, B; read it as P.S"),
	verb("set_player_number", rt.Exec.SetPlayerNumber, "player P's number S (state player S number) becomes N; written set_number P, S, N; read it as P.S"),
	verb("set_player_player", rt.Exec.SetPlayerPlayer, "player P's player S (state player S player) becomes Q; written set_player P, S, Q; read it as P.S"),
	verb("set_game_flag", rt.Exec.SetGameFlag, "the game's flag S (state game S flag: a designation such as day) becomes B; written set_flag game, S, B; read it as game.S"),
	verb("set_game_number", rt.Exec.SetGameNumber, "the game's number S (state game S number) becomes N; written set_number game, S, N; read it as game.S"),
	verb("set_game_player", rt.Exec.SetGamePlayer, "the game's player S (state game S player: a designation a player has, such as the monarch) becomes P; written set_player game, S, P; read it as game.S"),
	verb("draw", rt.Exec.Draw, "P draws N cards"),
	verb("discard_to", rt.Exec.DiscardTo, "P discards down to N cards, choosing which").
		choice("the .mtg says who discards down to how many; the player picks the cards"),
	verb("remove_damage", rt.Exec.RemoveDamage, "the damage marked on X is removed"),
	verb("mark_damage", rt.Exec.MarkDamage, "N damage is marked on X"),
	verb("end_effects", rt.Exec.EndEffects, "the effects of the ending given end"),
	verb("modify", rt.Exec.Modify, "a continuous effect gives X +N/+M (N, M may be negative) for duration D: until_end_of_turn, this_turn, until_end_of_S or until_S for a step or phase S; the rules' characteristics read it (x.effect_power, x.effect_toughness); the rules' end_effects end it"),
	verb("grant", rt.Exec.Grant, "a continuous effect gives X keyword K for duration D (as for modify): X has K while it lasts, each such effect an instance of K"),
	verb("lose_keyword", rt.Exec.LoseKeyword, "a continuous effect takes keyword K away from X for duration D (as for modify): its instances, printed or given by earlier effects, are gone while it lasts; a later effect may give K again"),
	verb("lose_all_keywords", rt.Exec.LoseAllKeywords, "as lose_keyword, for every keyword (\"loses all abilities\", of those the rules know as keywords)"),
	verb("set_pt", rt.Exec.SetPT, "a continuous effect sets X's power and toughness to N/M for duration D (as for modify); the rules' characteristics read it (set_power_or, set_toughness_or): the latest such effect wins"),
	verb("become_color", rt.Exec.BecomeColor, "a continuous effect makes X color C and no other for duration D (as for modify; colorless: no color); the rules' characteristics read it (set_color_or): the latest such effect wins"),
	verb("add_type", rt.Exec.AddType, "a continuous effect makes X card type T in addition to its own for duration D (as for modify)"),
	verb("skip_turn", rt.Exec.SkipTurn, "P's next turn is skipped: passed over as though it did not exist, each statement skipping one turn"),
	verb("extra_turn", rt.Exec.ExtraTurn, "P takes an extra turn after this one (in the order the rules' turn gives extra turns)"),
	verb("add_phase", rt.Exec.AddPhase, "an additional phase P follows the next (or current) phase A this turn; it is that phase for the rules' triggers, timings and durations (nothing if no phase A is left)"),
	verb("add_step", rt.Exec.AddStep, "an additional step S follows the next (or current) step A this turn, in A's phase (nothing if no step A is left, or S is of another phase)"),
	verb("go_to_step", rt.Exec.GoToStep, "the current step ends at once (and its phase, if step S is in another) and the turn goes on with its next step S, the steps and phases between skipped; S the current step with none later: a new one begins (nothing if no step S is left); no player receives priority again in the step ending"),
	verb("apply_effect", rt.Exec.ApplyEffect, "P follows the instructions of the spell or ability resolving: its effect (an ability's, an instant's or sorcery's, an Aura spell's) is applied with its arguments, P its controller for it (game.ability_controller); it may ask a player: the statements run again from the start once answered, the targets not checked again").
		choice("what is asked, and of whom, is the effect's own statements (choose_permanents, may_choose), which the .mtg declares"),
	verb("create_delayed_trigger", rt.Exec.CreateDelayedTrigger, "the delayed triggered ability the ability resolving carries, if any, is created under P's control: it triggers once, the next time its event happens"),
	verb("spell_to", rt.Exec.SpellTo, "X, the card of the spell resolving still on the stack, is put into its owner's zone Z (not the battlefield), logged by its resolution; nothing for another object"),
	verb("spell_to_battlefield", rt.Exec.SpellToBattlefield, "X, the card of the spell resolving still on the stack, becomes a permanent on the battlefield under P's control and enters it, logged by its resolution; nothing for another object"),
	verb("clear_stack", rt.Exec.ClearStack, "every spell on the stack, the one resolving included, is put into zone Z, and every ability on it ceases to exist"),
	verb("forget_triggers", rt.Exec.ForgetTriggers, "the triggered abilities P controls waiting to be put on the stack cease to exist"),
	verb("give_priority", rt.Exec.GivePriority, "P receives priority next in the step (the priority loop's mechanisms: all_passed, pass_priority, acted), the passes counting from none again; nothing while no player receives priority in the step"),
	verb("end_step", rt.Exec.EndStep, "the current step ends once its priority does (mechanism all_passed): no player receives priority in it again, its repeat clause is asked; nothing while no player receives priority in it"),
	verb("resolve_top", rt.Exec.ResolveTop, "the top object of the stack resolves (mechanism resolve: a rules' stack object runs its own statements); it may ask a player: the statements run again from the start once answered, and it resolves again from the start; nothing on an empty stack").
		choice("what is asked, and of whom, is mechanism resolve's statements and the effect's, which the .mtg declares"),
	verb("stack_triggers", rt.Exec.StackTriggers, "the triggered abilities waiting to go on the stack are put on it, by mechanism stack_triggers' statements (those of no player still in the game cease to exist)").
		choice("the order is asked by mechanism stack_triggers' statements (put_triggers), which the .mtg declares"),
	verb("choose_targets", rt.Exec.ChooseTargets, "the controllers of the spells and abilities on the stack choose the targets (and cost parameters) still to choose, from the bottom of the stack: asked only among several legal choices, one chosen at once, with none mechanism no_target's statements run").
		choice("the .mtg declares what a target must be (mechanism target, the effect's where), and what happens with none (no_target)"),
	verb("perform_state_based_actions", rt.Exec.PerformSBAs, "state-based actions are checked once, and every one that applies (the rules' sba declarations, matched against the same state) is performed at once; one that asks a player stops the statements, which run again from the start once answered").
		choice("the .mtg's sba declarations say what is asked"),
	verb("check_sba", rt.Exec.CheckSBANow, "state-based actions are checked and performed, again until none is, where P would receive priority, no player receiving it (one that asks a player waits for the next priority)"),
	verb("empty_mana", rt.Exec.EmptyMana, "P's mana pool empties"),
	verb("gain_life", rt.Exec.GainLife, "P gains N life"),
	verb("lose_life", rt.Exec.LoseLife, "P loses N life"),
	verb("add_counters", rt.Exec.AddCounters, "N counters of the kind are put on X"),
	verb("remove_counters", rt.Exec.RemoveCounters, "N counters of the kind are removed from X"),
	verb("attach", rt.Exec.Attach, "X becomes attached to Y (an Aura spell resolving)"),
	verb("create_token", rt.Exec.CreateToken, "N tokens of the token declaration named NAME (token IDENT \"NAME\" {...}) are created on the battlefield, owned and controlled by player P: each enters the battlefield").tokenArg(2).usageIs(`3 arguments (player, "token name", number)`),
	verb("add_player_counters", rt.Exec.AddPlayerCounters, "N counters of the kind are put on player P (poison)"),
	verb("remove_player_counters", rt.Exec.RemovePlayerCounters, "N counters of the kind are removed from player P"),
	verb("destroy", rt.Exec.Destroy, "X is destroyed (unless a keyword prevents it or a replacement of the rules replaces it: replace destroy)"),
	verb("use_shield", rt.Exec.UseShield, "one of the shields on X is used up (x.shields)"),
	verb("move", rt.Exec.Move, "X is put into the zone given"),
	verb("lose", rt.Exec.Lose, "P loses the game"),
	verb("win", rt.Exec.Win, "P wins the game: the game is over (nothing, if it is over already)"),
	verb("leave_stack", rt.Exec.LeaveStack, "the spell or ability whose targets are being chosen (mechanism no_target), X its source (game.ability_source), leaves the stack: an ability ceases to exist, a spell's card is put into its owner's graveyard; nothing at another time"),
	verb("draw_game", rt.Exec.DrawGame, "the game is over, a draw for P (in the game or not) and every other player (nothing, if it is over already)"),
	verb("cease", rt.Exec.Cease, "X ceases to exist"),
	verb("unattach", rt.Exec.Unattach, "X becomes unattached"),
	verb("trim_counters", rt.Exec.TrimCounters, "X's counters over their maximum are removed"),
	verb("set_protector", rt.Exec.SetProtector, "P becomes X's protector"),
	// Combat.
	verb("choose_defender", rt.Exec.ChooseDefender, "P chooses the defending player among the players q for whom the condition A, given(p, q, COND), holds, the next in turn order first (asked only when there are several; none: none is chosen)").
		fnArgs(declared(fn2("p", "the player choosing", "q", "a player", Bool))).
		choice("the .mtg says who chooses and, by the function it gives, among whom (given(p, q, holds(can_attack_player, p, q)): an opponent in the game); the player picks one (asked only when there are several), game.defender; what it limits is the rules' attack_restriction"),
	// The clauses of the next declaration of attackers or blockers: each
	// statement states one, a function of the rules, which the runtime
	// evaluates as the statement says, the same for attackers and blockers.
	verb("declarable", rt.Exec.Declarable, "states a clause of the next declaration asked for (choose_attackers, choose_blockers): each creature declared meets the condition M, given(x, COND); none stated, none may be declared").
		fnArgs(fn1("x", "a creature", Bool)).states(),
	verb("declarable_against", rt.Exec.DeclarableAgainst, "states a clause of the next declaration: each creature declared meets the condition N, given(x, y, COND), with each object y it is declared against (an attacker it blocks, a permanent it attacks)").
		fnArgs(fn2("x", "a creature", "y", "what it is declared against", Bool)).states(),
	verb("declarable_at_most", rt.Exec.DeclarableAtMost, "states a clause of the next declaration: a creature x is declared against at most V, given(x, N), things (none stated: one)").
		fnArgs(fn1("x", "a creature", Int)).states(),
	verb("declaration_forbidden", rt.Exec.DeclarationForbidden, "states a clause of the next declaration: with it made, the condition R, given(x, COND), holds for no permanent x, or it is illegal").
		fnArgs(fn1("x", "a permanent", Bool)).states(),
	verb("declaration_requires", rt.Exec.DeclarationRequires, "states a clause of the next declaration: the number Q, given(x, N), counts the requirements that creature x is declared; a declaration is illegal if another meeting its other clauses obeys more requirements").
		fnArgs(fn1("x", "a creature", Int)).states(),
	verb("declaration_requires_against", rt.Exec.DeclarationRequiresAgainst, "states a clause of the next declaration: the number W, given(x, y, N), counts the requirements that creature x is declared against object y, with those of declaration_requires").
		fnArgs(fn2("x", "a creature", "y", "what it is declared against", Int)).states(),
	verb("declaration_may_add", rt.Exec.DeclarationMayAdd, "states a clause of the next declaration: the search for a declaration obeying more requirements adds a creature no requirement names only if the condition C, given(x, COND), holds for it (none stated: any)").
		fnArgs(fn1("x", "a creature", Bool)).states(),
	verb("declaration_cost", rt.Exec.DeclarationCost, "states a clause of the next declaration: its player must be able to pay the total of the cost K, given(x, q, COST), for each creature x in it, once each (q: the player x is declared to attack; none if it attacks a permanent, or blocks), or it is illegal; pay_declared_costs pays that total (none stated: nothing to pay)").
		fnArgs(undeclared(fn2("x", "a creature", "q", "the player it attacks", CostT))).states(),
	verb("choose_attackers", rt.Exec.ChooseAttackers, "P chooses attackers, checked whole against the clauses stated before it (declarable, declaration_forbidden, declaration_requires, declaration_cost...); each attacks a player q for whom the condition A, given(p, q, COND), holds, or a permanent t for whom B, given(p, t, COND), does, defended by the player D, given(t, PLAYER); a creature declared without a target attacks the player E, given(p, PLAYER) (the defending player); recorded as the declaration").
		fnArgs(declared(fn2("p", "the player attacking", "q", "a player", Bool)), fn2("p", "the player attacking", "t", "a permanent", Bool), undeclared(fn1("t", "a permanent attacked", Player)), fn1("p", "the player attacking", Player)).
		choice("the .mtg says who, what the declaration's clauses are (the statements before it) and what may be attacked (functions of the rules); the player chooses; the statements after it make the attack").needs("declarable"),
	verb("choose_blockers", rt.Exec.ChooseBlockers, "P chooses blockers, each against the attackers it blocks, checked whole against the clauses stated before it (declarable, declarable_against, declarable_at_most, declaration_forbidden, declaration_requires...); recorded as the declaration").
		choice("the .mtg says who and what the declaration's clauses are (the statements before it); the player chooses; the statements after it make the blocks").needs("declarable"),
	verb("pay_declared_costs", rt.Exec.PayDeclaredCosts, "P pays the total of the declaration's cost (declaration_cost) for their declared creatures, each once"),
	verb("become_attacking", rt.Exec.BecomeAttacking, "declared creature X attacks what it was declared to attack"),
	verb("become_blocking", rt.Exec.BecomeBlocking, "declared creature X blocks what it was declared to block, last in the damage assignment order"),
	verb("trigger", rt.Exec.Trigger, "the abilities that trigger on the rules' trigger event (a trigger_event declared without on) about X trigger"),
	verb("trigger_with", rt.Exec.TriggerWith, "as trigger, for an event with another participant Y (the blocker of \"becomes blocked by a creature\"): a trigger event's recipient parameter is Y, and its abilities remember it (game.trigger_recipient)"),
	verb("choose_order", rt.Exec.ChooseOrder, "P puts the creatures X is in combat with in a damage assignment order").
		choice("the .mtg says who orders which creature's blockers (or attackers); the player gives the order"),
	verb("choose_place", rt.Exec.ChoosePlace, "P announces the place of X in Y's damage assignment order (X blocking Y, or Y blocking X), the others' relative order kept: queued and asked before priority (decision place), only when there is more than one place"),
	verb("put_triggers", rt.Exec.PutTriggers, "P puts the triggered abilities P controls that wait on the stack, in the order P chooses (asked only when there is more than one order)").
		choice("the .mtg says which players put their triggered abilities on the stack, in which order of players; each player gives the order of their own"),
	verb("remove_from_combat", rt.Exec.RemoveFromCombat, "X is removed from combat"),
	verb("remove_attacked", rt.Exec.RemoveAttacked, "X, a permanent being attacked, is removed from combat as such (blocking, it keeps blocking): the creatures attacking it attack nothing"),
	verb("clear_combat", rt.Exec.ClearCombat, "the combat's records are forgotten"),
	verb("start_combat_damage", rt.Exec.StartCombatDamage, "a combat damage step begins: nothing assigned, nobody dealing damage yet"),
	verb("deals_damage_now", rt.Exec.DealsDamageNow, "X deals combat damage in this step"),
	verb("add_combat_damage_step", rt.Exec.AddCombatDamageStep, "a second combat damage step follows this one"),
	verb("assign_to_attacked", rt.Exec.AssignToAttacked, "X assigns N combat damage to what it attacks"),
	verb("assign_to", rt.Exec.AssignTo, "X assigns N combat damage to Y"),
	verb("may_divide", rt.Exec.MayDivide, "X's N combat damage in this step is divided as player P chooses (its controller if P is no player) among the creatures it is in combat with, in order"),
	verb("may_divide_to_attacked", rt.Exec.MayDivideToAttacked, "as may_divide, with what attacker X attacks after the creatures blocking it"),
	verb("divide_combat_damage", rt.Exec.DivideCombatDamage, "P divides at once the combat damage of their creatures made dividers (may_divide) that have not assigned it; the condition R, given(s, b, COND) of a source s and a recipient b (no object: what it attacks), refuses a division for which it holds, asked of each recipient in the order posed with every division answered assigned (what it reads of the damage assigned includes them all); the number F, given(s, b, N), is what the player is told of each recipient").
		fnArgs(fn2("s", "the source", "b", "a recipient", Bool), fn2("s", "the source", "b", "a recipient", Int)).
		choice("the .mtg says whose damage is divided (may_divide), how much, by whom and in which order, and which divisions are legal (its restriction predicates); the player gives the amounts"),
	verb("deal_combat_damage", rt.Exec.DealCombatDamage, "the combat damage assigned and not yet dealt is dealt, all at once").needsDamageHooks(),
	verb("cancel_combat_damage", rt.Exec.CancelCombatDamage, "the combat damage assigned to X and not yet dealt is not dealt"),
	verb("attack_player", rt.Exec.AttackPlayer, "X is put into combat attacking P (whether it may is the rules': holds(can_attack_player, ...))"),
	verb("attack_permanent", rt.Exec.AttackPermanent, "X is put into combat attacking permanent Y, defended by P (no player: nothing); whether it may is the rules': holds(can_attack_permanent, ...)"),
	verb("block", rt.Exec.BlockAttacker, "X is put into combat blocking Y, last in its order; Y becomes blocked"),
	verb("become_blocked", rt.Exec.BecomeBlocked, "attacking creature X becomes blocked with no creature blocking it (nothing if it is not attacking or already blocked)"),

	// Functions.
	// The conditions of the priority actions (require lines of the
	// action mechanisms): what the runtime evaluates of a step, a card, an
	// ability or the mana, citing no rule of its own.
	function("step_allows_land", rt.Exec.StepAllowsLand, "step_allows_land(p): the current step allows p to play a land now (its allow land clause, on its condition); a require line consulting it cites that clause").usageIs("1 argument (player)"),
	function("step_allows_sorcery", rt.Exec.StepAllowsSorcery, "step_allows_sorcery(p): the current step allows p to cast a sorcery-speed spell now (its allow sorcery clause, on its condition); a require line consulting it cites that clause").usageIs("1 argument (player)"),
	function("timing_allows", rt.Exec.TimingAllows, "timing_allows(p, x): x carries no timing, or the timing it carries (a timing the rules declare) allows p to use it now; a require line consulting it cites the timing").usageIs("2 arguments (player, object)"),
	function("ability_timing_allows", rt.Exec.AbilityTimingAllows, "ability_timing_allows(p, x, n): x's activated ability n carries no timing, or its timing allows p to activate it now; a require line consulting it cites the timing").usageIs("3 arguments (player, object, number)"),
	function("has_ability", rt.Exec.HasAbility, "has_ability(x, n): x has an activated ability numbered n (from 0)").usageIs("2 arguments (object, number)"),
	function("ability_on_battlefield", rt.Exec.AbilityOnBattlefield, "ability_on_battlefield(x, n): x's activated ability n functions on the battlefield: its card names no other zone (an ability x does not have names none either)").usageIs("2 arguments (object, number)"),
	function("in_ability_zone", rt.Exec.InAbilityZone, "in_ability_zone(x, n): x is in the zone its activated ability n functions in").usageIs("2 arguments (object, number)"),
	function("ability_taps", rt.Exec.AbilityTaps, "ability_taps(x, n): the cost of x's activated ability n includes {T}").usageIs("2 arguments (object, number)"),
	function("makes_mana", rt.Exec.MakesMana, "makes_mana(x): x has a mana ability (it taps for a color: land_mana)").usageIs("1 argument (object)"),
	function("can_pay", rt.Exec.CanPayFor, "can_pay(p, x): p's mana (the pool, and what p's permanents can tap for) covers x's mana cost").usageIs("2 arguments (player, object)"),
	function("can_pay_ability", rt.Exec.CanPayAbility, "can_pay_ability(p, x, n): p's mana covers the mana cost of x's activated ability n").usageIs("3 arguments (player, object, number)"),
	function("targets_choosable", rt.Exec.TargetsChoosable, "targets_choosable(p, x): every target and cost parameter of the effect of spell x, cast by p, has an object to choose; a require line consulting it cites the effect").usageIs("2 arguments (player, object)"),
	function("cost_choosable", rt.Exec.CostChoosable, "cost_choosable(p, x, n): every cost parameter of the effect of x's activated ability n, activated by p, has an object to choose; a require line consulting it cites the effect").usageIs("3 arguments (player, object, number)"),
	function("player_counters", rt.PlayerCounters, "player_counters(p, \"poison\"): the number of counters of the kind on player p (a counter kind the rules declare)").usageIs(`2 arguments (player, "kind")`),
	function("generic", rt.Exec.GenericMana, "generic(n): a cost of n generic mana (none if n is not positive); costs add with +").usageIs("1 argument (number)"),
	function("mana_value", rt.Exec.CostManaValue, "mana_value(c): the total amount of mana cost c asks for").usageIs("1 argument (cost)"),
	function("mana_symbols", rt.ObjManaSymbols, "mana_symbols(x, black): the number of mana symbols of the color in x's mana cost (colorless: its generic and colorless mana)").usageIs("2 arguments (object, color)"),
	function("derived", rt.ObjDerived, "derived(x, C): x's characteristic C as the rules derive it (characteristic C (x) = a number); x.C says the same").usageIs("2 arguments (object, characteristic)"),
	function("derived_holds", rt.ObjDerivedHolds, "derived_holds(x, C): x's characteristic C as the rules derive it (characteristic C (x) = a condition); x.C says the same").usageIs("2 arguments (object, characteristic)"),
	function("state_number", rt.ObjStateNumber, "state_number(x, S): x's number S (state S number); x.S says the same").usageIs("2 arguments (object, state)"),
	function("state_flag", rt.ObjStateFlag, "state_flag(x, S): x's flag S (state S flag); x.S says the same").usageIs("2 arguments (object, state)"),
	function("state_object", rt.ObjStateObject, "state_object(x, S): x's object S (state S object); x.S says the same").usageIs("2 arguments (object, state)"),
	function("state_player", rt.ObjStatePlayer, "state_player(x, S): x's player S (state S player); x.S says the same").usageIs("2 arguments (object, state)"),
	function("player_state_flag", rt.PlayerStateFlag, "player_state_flag(p, S): player p's flag S (state player S flag); p.S says the same").usageIs("2 arguments (player, state)"),
	function("player_state_number", rt.PlayerStateNumber, "player_state_number(p, S): player p's number S (state player S number); p.S says the same").usageIs("2 arguments (player, state)"),
	function("player_state_player", rt.PlayerStatePlayer, "player_state_player(p, S): player p's player S (state player S player); p.S says the same").usageIs("2 arguments (player, state)"),
	function("game_state_flag", rt.GameStateFlag, "game_state_flag(S): the game's flag S (state game S flag); game.S says the same").usageIs("1 argument (state)"),
	function("game_state_number", rt.GameStateNumber, "game_state_number(S): the game's number S (state game S number); game.S says the same").usageIs("1 argument (state)"),
	function("game_state_player", rt.GameStatePlayer, "game_state_player(S): the game's player S (state game S player); game.S says the same").usageIs("1 argument (state)"),
	function("set_power_or", rt.ObjSetPowerOr, "set_power_or(x, N): the power the latest effect setting x's power and toughness gives it (set_pt), or N if none does").usageIs("2 arguments (object, number)"),
	function("set_toughness_or", rt.ObjSetToughnessOr, "set_toughness_or(x, N): the toughness the latest effect setting x's power and toughness gives it (set_pt), or N if none does").usageIs("2 arguments (object, number)"),
	function("set_color_or", rt.ObjSetColorOr, "set_color_or(x, C, B): whether the latest effect setting x's colors (become_color) makes it color C, or B if none does").usageIs("3 arguments (object, color, condition)"),
	function("counters", rt.ObjCounters, "counters(x, \"+1/+1\"): the number of counters of the kind on x (a counter kind the rules declare)").usageIs(`2 arguments (object, "kind")`),
	function("is_type", rt.ObjIs, "is_type(x, creature): x has the card type (a card type the rules declare); x.creature says the same").usageIs("2 arguments (object, card type)"),
	function("enchants", rt.ObjEnchants, "enchants(x, t): x's enchant ability allows it to enchant t (x has none, or t has one of its card types)").usageIs("2 objects"),
	function("attached_to_type", rt.ObjAttachedToType, "attached_to_type(x, land): x is attached to an object of the card type; x.attached_to_land says the same").usageIs("2 arguments (object, card type)"),
	function("is_card", rt.Exec.IsCard, "is_card(x, \"Juggernaut\"): x was made from the card the rules declare by that name (card); a card's clauses are scoped by it").usageIs(`2 arguments (object, "card name")`),
	function("subtype", rt.Exec.HasSubtype, "subtype(x, \"aura\"): x has the subtype named").usageIs(`2 arguments (object, "subtype")`),
	function("shares_subtype", rt.Exec.SharesSubtype, "shares_subtype(x, y): x and y share a subtype").usageIs("2 objects"),
	function("blocks", rt.Exec.BlocksAttacker, "blocks(b, a): blocker b blocks attacker a").usageIs("2 objects"),
	function("assigned", rt.Exec.AssignedFrom, "assigned(s, x): the combat damage s has assigned to x so far in this step, not yet dealt").usageIs("2 objects (source, recipient)"),
	function("assigning", rt.Exec.Assigning, "assigning(s, b): the damage s is dividing to b in the division being checked").usageIs("2 objects (source, recipient)").onlyIn("division_restriction"),
	function("assigning_attacked", rt.Exec.AssigningAttacked, "assigning_attacked(s): the damage s is dividing to what it attacks in the division being checked").usageIs("1 object (source)").onlyIn("division_restriction"),
	function("place", rt.Exec.Place, "place(s, b): b's place in the order of the division being checked of s (1 first), 0 if it is not a recipient").usageIs("2 objects (source, recipient)").onlyIn("division_restriction"),
	function("keyword_total", rt.Exec.KeywordTotal, "keyword_total(x, k): the sum of the numbers of x's instances of keyword k (a keyword with a number: toxic's total toxic value)").usageIs("an object, a keyword"),
	function("trigger_arg_max", rt.Exec.TriggerArgMax, "trigger_arg_max(x, E): the greatest number x's triggered abilities on trigger event E give it (E's int argument: a card's `triggered on E 3`), its own and its triggered keywords'; 0 if it has none").usageIs("an object, a trigger event"),
	function("trigger_pending_on", rt.Exec.TriggerPendingOn, "trigger_pending_on(x, E): x is the source of a triggered ability on trigger event E that has triggered and not yet left the stack (x.trigger_pending: on any event)").usageIs("an object, a trigger event"),
	function("instances", rt.Exec.KeywordInstances, "instances(x, k): how many instances of keyword k x has (printed, and one for each effect giving it); of a redundant keyword 1 at most").usageIs("an object, a keyword"),
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
	{"holds", "holds(KIND, x), holds(KIND, x, y): the rules' predicates of KIND hold for x (and y: an object or a player, as the kind takes them), as the runtime reads them (not in a predicate)"},
	{"holding", "holding(KIND, x), holding(KIND, x, y): how many of the rules' predicates of KIND hold for x (and y): each one a requirement of its own (not in a predicate)"},
	{"given", "given(x, y, EXPR): a function of the rules, as an argument of a statement that evaluates it later (choose_attackers, divide_combat_damage...): its names stand for what the statement gives; it reads nothing of the statement around it but the game"},
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
	// Local: Go names a constant of the generated package (a declared
	// counter kind or card type), not of package runtime.
	Local bool
}

var zoneEnum = []Enum{
	{"library", int(rt.ZoneLibrary), "ZoneLibrary", "its owner's library", false},
	{"hand", int(rt.ZoneHand), "ZoneHand", "its owner's hand", false},
	{"battlefield", int(rt.ZoneBattlefield), "ZoneBattlefield", "the battlefield, under its owner's control", false},
	{"graveyard", int(rt.ZoneGraveyard), "ZoneGraveyard", "its owner's graveyard", false},
	{"exile", int(rt.ZoneExile), "ZoneExile", "exile", false},
}

var endingEnum = []Enum{
	{"until_end_of_turn", int(rt.EndUntilEndOfTurn), "EndUntilEndOfTurn", "effects that last until end of turn", false},
	{"this_turn", int(rt.EndThisTurn), "EndThisTurn", "effects that last this turn", false},
	{"until_end_of_step", int(rt.EndUntilEndOfStep), "EndUntilEndOfStep", "effects that last until end of step (and those until the end of the step in a later turn of their controller's, or of their player's)", false},
	{"until_end_of_phase", int(rt.EndUntilEndOfPhase), "EndUntilEndOfPhase", "effects that last until end of phase (and those until the end of the phase in a later turn of their controller's, or of their player's)", false},
	{"until_step", int(rt.EndUntilStep), "EndUntilStep", "effects that last until the step now beginning (every step's on_begin)", false},
	{"until_phase", int(rt.EndUntilPhase), "EndUntilPhase", "effects that last until the phase now beginning (every phase's on_begin)", false},
	{"until_your_next_turn", int(rt.EndUntilYourNextTurn), "EndUntilYourNextTurn", "effects that last until the active player's next turn (as a turn begins)", false},
}

// Kind is what a query (`for each KIND v`, count, any, all, sum, keeps,
// chosen) ranges over.
type Kind struct {
	Name   string
	Over   rt.Over
	OverGo string // the rt.Over constant's name
	Types  rt.TypeSet
	TypeGo string // the generated TypeSet constant's name (a declared card type), or ""
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
	{"attacker", rt.OverAttackers, "OverAttackers", 0, "", true, "the attacking creatures, in the order they began attacking", ""},
	{"blocker", rt.OverBlockers, "OverBlockers", 0, "", true, "the blocking creatures, each once", ""},
	{"declared", rt.OverDeclared, "OverDeclared", 0, "", true, "the creatures of the declaration being made, each once, in the order chosen", ""},
	{"combatant", rt.OverCombatants, "OverCombatants", 0, "", true, "the creatures in combat: attackers, then blockers", ""},
	{"attacked", rt.OverAttacked, "OverAttacked", 0, "", true, "the permanents being attacked, each once, in any zone (one that left the battlefield is attacked until the rules remove it: remove_attacked)", ""},
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
		return nil, "counter kind"
	case CardTypeT:
		return nil, "card type"
	case KeywordT:
		return nil, "keyword"
	case PhaseT:
		return nil, "phase"
	case StepT:
		return nil, "step"
	case DurT:
		return nil, "duration"
	case StateT:
		return nil, "state"
	case AttrT:
		return nil, "characteristic"
	case ColorT:
		return colorEnum, "color"
	}
	return nil, ""
}

// colorEnum: the colors of mana, as arguments (mana_symbols).
var colorEnum = []Enum{
	{Name: "white", Value: int(rt.White), Go: "White", Doc: "white ({W})"},
	{Name: "blue", Value: int(rt.Blue), Go: "Blue", Doc: "blue ({U})"},
	{Name: "black", Value: int(rt.Black), Go: "Black", Doc: "black ({B})"},
	{Name: "red", Value: int(rt.Red), Go: "Red", Doc: "red ({R})"},
	{Name: "green", Value: int(rt.Green), Go: "Green", Doc: "green ({G})"},
	{Name: "colorless", Value: int(rt.Colorless), Go: "Colorless", Doc: "colorless and generic mana"},
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

const runtimePkg = "github.com/mtgc-dev/mtgc/runtime/rtimpl."

var goKinds = map[reflect.Type]Type{
	reflect.TypeOf(rt.ObjID(0)):       Object,
	reflect.TypeOf(rt.Cost{}):         CostT,
	reflect.TypeOf(int(0)):            Player,
	reflect.TypeOf(int32(0)):          Int,
	reflect.TypeOf(false):             Bool,
	reflect.TypeOf(""):                Str,
	reflect.TypeOf(rt.Zone(0)):        ZoneT,
	reflect.TypeOf(rt.Ending(0)):      EndT,
	reflect.TypeOf(rt.CounterKind(0)): Counter,
	reflect.TypeOf(rt.TypeSet(0)):     CardTypeT,
	reflect.TypeOf(rt.EventID(0)):     EventT,
	reflect.TypeOf(rt.KeywordID(0)):   KeywordT,
	reflect.TypeOf(rt.PhaseID(0)):     PhaseT,
	reflect.TypeOf(rt.StepID(0)):      StepT,
	reflect.TypeOf(rt.DurationID(0)):  DurT,
	reflect.TypeOf(rt.StateKind(0)):   StateT,
	reflect.TypeOf(rt.AttributeID(0)): AttrT,
	reflect.TypeOf(rt.Color(0)):       ColorT,
	reflect.TypeOf(rt.FnID(0)):        FnT,
}

var gameType = reflect.TypeOf(rt.Exec{})

func init() {
	for _, b := range builtins {
		if err := b.derive(); err != nil {
			panic("compiler: vocabulary row " + b.Name + ": " + err.Error())
		}
		b.facts()
		b.Rel = relationOf(b.Fn)
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

// goName is how generated code calls the runtime function v, read off
// the function itself: "g.Power" (a method of the game) or "rt.ObjDamage"
// (a function taking it first). The name is only checked to be
// rtimpl's: under js/wasm (the playground, which generates no Go)
// FuncForPC may name another of its functions; TestBindings and
// TestRelationPushNames check every name natively.
func goName(v reflect.Value) (string, bool, error) {
	name := goruntime.FuncForPC(v.Pointer()).Name()
	rest, ok := strings.CutPrefix(name, runtimePkg)
	if !ok {
		return "", false, fmt.Errorf("binding %s is not in package rtimpl", name)
	}
	if m, ok := strings.CutPrefix(rest, "Exec."); ok {
		return "g." + m, true, nil
	}
	return "rt." + rest, false, nil
}

// Relation is a relation the runtime indexes (rt.IndexedRelations), with
// how generated code calls its push functions (read off the functions,
// as a row's Go name is).
type Relation struct {
	rt.IndexedRelation
	FirstsGo, SecondsGo string // "g.PushBlockersOf"
	FirstsMethod        bool   // FirstsGo is a method of the game (else a function taking it first)
	SecondsMethod       bool
}

// relations are the runtime's indexed relations.
var relations = func() []*Relation {
	var rs []*Relation
	for _, ir := range rt.IndexedRelations {
		r := &Relation{IndexedRelation: ir}
		var err1, err2 error
		r.FirstsGo, r.FirstsMethod, err1 = goName(reflect.ValueOf(ir.Firsts))
		r.SecondsGo, r.SecondsMethod, err2 = goName(reflect.ValueOf(ir.Seconds))
		if err := errors.Join(err1, err2); err != nil {
			panic("compiler: indexed relation: " + err.Error())
		}
		rs = append(rs, r)
	}
	return rs
}()

// relationOf is the indexed relation whose Holds is fn (the very
// function: the same code pointer), nil if none: the only way a row
// becomes one.
func relationOf(fn any) *Relation {
	v := reflect.ValueOf(fn)
	if v.Kind() != reflect.Func || v.IsNil() {
		return nil
	}
	for _, r := range relations {
		if reflect.ValueOf(r.Holds).Pointer() == v.Pointer() {
			return r
		}
	}
	return nil
}

// derive fills a row's signature and Go name from its runtime function.
func (b *Builtin) derive() error {
	v := reflect.ValueOf(b.Fn)
	t := v.Type()
	if t.Kind() != reflect.Func || t.NumIn() == 0 || t.In(0) != gameType || t.IsVariadic() {
		return fmt.Errorf("binding must be a function of the game, not %s", t)
	}
	var err error
	if b.Go, b.Method, err = goName(v); err != nil {
		return err
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
	if !ok || r > Str && r != CostT {
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

// Enums lists the names of an enum type (ZoneT, EndT, Counter). Trigger
// events (EventT) are the rules' own: Program.TriggerEvents.
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
	v.Zones, v.Endings, v.Events = names(zoneEnum), names(endingEnum), runtimeEventNames()
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
