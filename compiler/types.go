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
	EventT // what abilities trigger on, as a verb argument
)

var typeNames = [...]string{"invalid", "int", "bool", "player", "object", "string", "game", "zone", "ending", "counter", "event"}

func (t Type) String() string { return typeNames[t] }

// attr is an attribute of players, objects or the game.
type attr struct {
	t    Type
	code string // Go expression; %s is the receiver
}

var objectAttrs = map[string]attr{
	"power":                {Int, "g.Power(%s)"},
	"toughness":            {Int, "g.Toughness(%s)"},
	"damage":               {Int, "g.Objs[%s].Damage"},
	"tapped":               {Bool, "g.Objs[%s].Tapped"},
	"phased_out":           {Bool, "g.Objs[%s].PhasedOut"},
	"token":                {Bool, "g.Objs[%s].Token"},
	"fresh":                {Bool, "g.Objs[%s].Fresh"},
	"controller":           {Player, "int(g.Objs[%s].Controller)"},
	"owner":                {Player, "int(g.Objs[%s].Owner)"},
	"name":                 {Str, "g.Objs[%s].Name"},
	"timestamp":            {Int, "int32(g.Objs[%s].Timestamp)"},
	"legendary":            {Bool, "g.Objs[%s].Super&rt.SuperLegendary != 0"},
	"world":                {Bool, "g.Objs[%s].Super&rt.SuperWorld != 0"},
	"basic":                {Bool, "g.Objs[%s].Super&rt.SuperBasic != 0"},
	"spell_copy":           {Bool, "g.Objs[%s].Copy == rt.SpellCopy"},
	"card_copy":            {Bool, "g.Objs[%s].Copy == rt.CardCopy"},
	"on_battlefield":       {Bool, "g.Objs[%s].Zone == rt.ZoneBattlefield"},
	"on_stack":             {Bool, "g.Objs[%s].Zone == rt.ZoneStack"},
	"deathtouch_damage":    {Bool, "g.Objs[%s].DeathtouchHit"},
	"attached":             {Bool, "g.Attached(%s)"},
	"attached_legally":     {Bool, "g.AttachedLegally(%s)"},
	"attached_to_creature": {Bool, "g.AttachedToIs(%s, rt.TypeCreature)"},
	"attached_to_land":     {Bool, "g.AttachedToIs(%s, rt.TypeLand)"},
	"over_counter_max":     {Bool, "g.OverCounterMax(%s)"},
	"combat_controller":    {Player, "g.CombatController(%s)"},
	"attacks_alone":        {Bool, "g.AttacksAlone(%s)"},
	"attacking_alone":      {Bool, "g.AttackingAlone(%s)"},
	"blocks_alone":         {Bool, "g.BlocksAlone(%s)"},
	"blocking_alone":       {Bool, "g.BlockingAlone(%s)"},
	"defending_player":     {Player, "g.DefendingPlayer(%s)"},
	"attackers_blocked":    {Int, "g.AttackersBlocked(%s)"},
	"declared_blockers":    {Int, "g.DeclaredBlockers(%s)"},
	"deals_combat_damage":  {Bool, "g.DealsCombatDamage(%s)"},
	"declared_attacking":   {Bool, "g.DeclaredAttacking(%s)"},
	"in_first_step":        {Bool, "g.InFirstStep(%s)"},
	"attack_cost":          {Bool, "g.HasAttackCost(%s)"},
	"block_cost":           {Bool, "g.HasBlockCost(%s)"},
	"assigned_damage":      {Int, "g.AssignedDamage(%s)"},
	"deathtouch_assigned":  {Bool, "g.DeathtouchAssigned(%s)"},
	"attacking":            {Bool, "g.Attacking(%s)"},
	"blockers":             {Int, "g.BlockerCount(%s)"},
	"blocking":             {Bool, "g.Blocking(%s)"},
	"blocked":              {Bool, "g.Blocked(%s)"},
	"aura":                 {Bool, "g.Objs[%s].SubBits&st_aura != 0"},
	"equipment":            {Bool, "g.Objs[%s].SubBits&st_equipment != 0"},
	"fortification":        {Bool, "g.Objs[%s].SubBits&st_fortification != 0"},
	"artifact":             {Bool, "g.Is(%s, rt.TypeArtifact)"},
	"creature":             {Bool, "g.Is(%s, rt.TypeCreature)"},
	"enchantment":          {Bool, "g.Is(%s, rt.TypeEnchantment)"},
	"land":                 {Bool, "g.Is(%s, rt.TypeLand)"},
	"planeswalker":         {Bool, "g.Is(%s, rt.TypePlaneswalker)"},
	"battle":               {Bool, "g.Is(%s, rt.TypeBattle)"},
	"protector":            {Player, "g.Protector(%s)"},
	"trigger_pending":      {Bool, "g.TriggerPending(%s)"},
	"attacked":             {Bool, "g.BeingAttacked(%s)"},
}

var playerAttrs = map[string]attr{
	"life":            {Int, "g.PlayerAt(%s).Life"},
	"poison":          {Int, "g.PlayerAt(%s).Poison"},
	"max_hand_size":   {Int, "g.PlayerAt(%s).MaxHandSize"},
	"land_plays":      {Int, "g.PlayerAt(%s).LandPlays"},
	"lands_played":    {Int, "g.PlayerAt(%s).LandsPlayed"},
	"hand":            {Int, "int32(len(g.PlayerAt(%s).Hand))"},
	"library":         {Int, "int32(len(g.PlayerAt(%s).Library))"},
	"graveyard":       {Int, "int32(len(g.PlayerAt(%s).Graveyard))"},
	"mana":            {Int, "g.PlayerAt(%s).Mana.Total()"},
	"drew_from_empty": {Bool, "g.PlayerAt(%s).DrewFromEmpty"},
	"attacked":        {Bool, "g.Attacked(%s)"},
}

var gameAttrs = map[string]attr{
	"turn":                      {Int, "g.TurnNum"},
	"players":                   {Int, "int32(g.NumPlayers())"},
	"pending":                   {Bool, "g.ActionsPending()"},
	"had_priority":              {Bool, "g.StepHadPriority()"},
	"skip_effect":               {Bool, "g.SkipEffect()"},
	"stack":                     {Int, "int32(len(g.Stack))"},
	"attackers_declared":        {Bool, "g.AttackersDeclared()"},
	"blockers_declared":         {Bool, "g.BlockersDeclared()"},
	"attackers":                 {Int, "g.NumAttackers()"},
	"dealing_combat_damage":     {Bool, "g.DealingCombatDamage()"},
	"combat_damage_pending":     {Int, "g.CombatDamagePending()"},
	"defender":                  {Player, "g.Defender()"},
	"combat_damage_step":        {Int, "g.CombatDamageStep()"},
	"second_combat_damage_step": {Bool, "g.SecondCombatDamageStep()"},
}

// Query kinds of `for each KIND v`.
type kind struct {
	over  string // runtime.Over constant
	types string // TypeSet expression or ""
}

var kinds = map[string]kind{
	"anything":     {"OverAnything", ""},
	"player":       {"OverPlayers", ""},
	"object":       {"OverObjects", ""},
	"permanent":    {"OverPermanents", ""},
	"artifact":     {"OverPermanents", "rt.TypeArtifact"},
	"creature":     {"OverPermanents", "rt.TypeCreature"},
	"enchantment":  {"OverPermanents", "rt.TypeEnchantment"},
	"land":         {"OverPermanents", "rt.TypeLand"},
	"planeswalker": {"OverPermanents", "rt.TypePlaneswalker"},
	"battle":       {"OverPermanents", "rt.TypeBattle"},
	// Combat: in statements and expressions, not as an sba's query.
	"attacker":  {"OverAttackers", ""},
	"blocker":   {"OverBlockers", ""},
	"declared":  {"OverDeclared", ""},
	"combatant": {"OverCombatants", ""},
}

// combatKind reports whether kind k walks a combat list (not an sba's).
func combatKind(k kind) bool {
	return k.over == "OverAttackers" || k.over == "OverBlockers" || k.over == "OverDeclared" || k.over == "OverCombatants"
}

var zones = map[string]string{
	"library": "rt.ZoneLibrary", "hand": "rt.ZoneHand", "graveyard": "rt.ZoneGraveyard", "exile": "rt.ZoneExile",
}

var endings = map[string]string{
	"until_end_of_turn":  "rt.EndUntilEndOfTurn",
	"this_turn":          "rt.EndThisTurn",
	"until_end_of_step":  "rt.EndUntilEndOfStep",
	"until_end_of_phase": "rt.EndUntilEndOfPhase",
}

// events are what the trigger statement makes abilities trigger on.
var events = map[string]string{
	"attacks": "rt.OnAttacks", "blocks": "rt.OnBlocks", "becomes_blocked": "rt.OnBecomesBlocked",
	"blocked_by": "rt.OnBlockedBy", "unblocked": "rt.OnUnblocked", "blocked_by_count": "rt.OnBlockedByCount",
	"creature_blocks": "rt.OnCreatureBlocks",
}

var counters = map[string]string{
	"+1/+1": "rt.CounterPlus", "-1/-1": "rt.CounterMinus", "loyalty": "rt.CounterLoyalty", "charge": "rt.CounterCharge",
	"defense": "rt.CounterDefense",
}

// verb is a statement of the language. Its Go form receives the argument
// expressions and the cited rule (a quoted Go string) in order.
type verb struct {
	args     []Type
	code     string
	blocking bool // asks a player to decide: must be the first statement of an action
}

var verbs = map[string]verb{
	"untap":              {[]Type{Object}, "g.Untap(%s, %s)", false},
	"tap":                {[]Type{Object}, "g.Tap(%s, %s)", false},
	"phase_in":           {[]Type{Object}, "g.PhaseIn(%s, %s)", false},
	"phase_out":          {[]Type{Object}, "g.PhaseOut(%s, %s)", false},
	"phase_toggle":       {[]Type{Object}, "g.PhaseToggle(%s, %s)", false},
	"draw":               {[]Type{Player, Int}, "g.Draw(%s, %s, %s)", false},
	"discard_to":         {[]Type{Player, Int}, "if !g.DiscardTo(%s, %s, %s) {\nreturn false\n}", true},
	"remove_damage":      {[]Type{Object}, "g.RemoveDamage(%s, %s)", false},
	"mark_damage":        {[]Type{Object, Int}, "g.MarkDamage(%s, %s, %s)", false},
	"end_effects":        {[]Type{EndT}, "g.EndEffects(%s, %s)", false},
	"empty_mana":         {[]Type{Player}, "g.EmptyMana(%s, %s)", false},
	"gain_life":          {[]Type{Player, Int}, "g.GainLife(%s, %s, %s)", false},
	"lose_life":          {[]Type{Player, Int}, "g.LoseLife(%s, %s, %s)", false},
	"add_counters":       {[]Type{Object, Counter, Int}, "g.AddCounters(%s, %s, %s, %s)", false},
	"remove_counters":    {[]Type{Object, Counter, Int}, "g.AddCounters(%s, %s, -(%s), %s)", false},
	"destroy":            {[]Type{Object}, "g.Destroy(%s, %s)", false},
	"move":               {[]Type{Object, ZoneT}, "g.Move(%s, %s, %s)", false},
	"lose":               {[]Type{Player}, "g.Lose(%s, %s)", false},
	"cease":              {[]Type{Object}, "g.Cease(%s, %s)", false},
	"unattach":           {[]Type{Object}, "g.Unattach(%s, %s)", false},
	"trim_counters":      {[]Type{Object}, "g.TrimCounters(%s, %s)", false},
	"choose_defender":    {[]Type{Player}, "if !g.ChooseDefender(%s, %s) {\nreturn false\n}", true},
	"deal_combat_damage": {[]Type{Player}, "g.DealCombatDamage(%s, %s)", false},
	"mark_deathtouch":    {[]Type{Object}, "g.MarkDeathtouch(%s, %s)", false},
	"remove_from_combat": {[]Type{Object}, "g.RemoveFromCombat(%s, %s)", false},
	"set_protector":      {[]Type{Object, Player}, "g.SetProtector(%s, %s, %s)", false},
	// A declaration in steps: chosen, then made by the rules' statements.
	"choose_attackers":   {[]Type{Player}, "if !g.ChooseAttackers(%s, %s) {\nreturn false\n}", true},
	"choose_blockers":    {[]Type{Player}, "if !g.ChooseBlockers(%s, %s) {\nreturn false\n}", true},
	"pay_declared_costs": {[]Type{Player}, "g.PayDeclaredCosts(%s, %s)", false},
	"become_attacking":   {[]Type{Object}, "g.BecomeAttacking(%s, %s)", false},
	"become_blocking":    {[]Type{Object}, "g.BecomeBlocking(%s, %s)", false},
	"trigger":            {[]Type{Object, EventT}, "g.Trigger(%s, %s, %s)", false},
	"choose_order":       {[]Type{Player, Object}, "if !g.ChooseOrder(%s, %s, %s) {\nreturn false\n}", true},
	"clear_combat":       {[]Type{Player}, "g.ClearCombat(%s, %s)", false},
	// Combat damage in steps: begun, what leaves no choice assigned by the
	// rules, the rest divided by the players.
	"start_combat_damage":    {[]Type{Player}, "g.StartCombatDamage(%s, %s)", false},
	"deals_damage_now":       {[]Type{Object}, "g.DealsDamageNow(%s, %s)", false},
	"add_combat_damage_step": {[]Type{Player}, "g.AddCombatDamageStep(%s, %s)", false},
	"assign_to_attacked":     {[]Type{Object, Int}, "g.AssignToAttacked(%s, %s, %s)", false},
	"assign_to":              {[]Type{Object, Object, Int}, "g.AssignTo(%s, %s, %s, %s)", false},
	"divide_combat_damage":   {[]Type{Player}, "if !g.DivideCombatDamage(%s, %s) {\nreturn false\n}", true},
	// What effects do to combat (never a declaration).
	"attack_player":    {[]Type{Object, Player}, "g.AttackPlayer(%s, %s, %s)", false},
	"attack_permanent": {[]Type{Object, Object}, "g.AttackPermanent(%s, %s, %s)", false},
	"block":            {[]Type{Object, Object}, "g.BlockAttacker(%s, %s, %s)", false},
}

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

// BitSubtypes are the subtypes the attributes of the same names test; the
// runtime keeps them as bits on each object (Rules.Subtypes).
var BitSubtypes = []string{"aura", "equipment", "fortification"}

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
