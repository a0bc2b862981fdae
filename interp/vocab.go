package interp

import (
	"sort"

	"github.com/mtgc-dev/mtgc/compiler"
	rt "github.com/mtgc-dev/mtgc/runtime"
)

// The interpreter's meaning of every name of the language. These tables sit
// next to the compiler's (compiler/types.go): each entry does at run time
// what the compiler's Go template for the same name does in generated code.
// TestVocabulary fails when the compiler knows a name these do not.

// objAttr reads an attribute of an object; exactly one of the fields is set,
// matching t.
type objAttr struct {
	t compiler.Type
	i func(g *rt.Game, x rt.ObjID) int32
	b func(g *rt.Game, x rt.ObjID) bool
	p func(g *rt.Game, x rt.ObjID) int
	s func(g *rt.Game, x rt.ObjID) string
}

var objectAttrs = map[string]objAttr{
	"power":     {t: compiler.Int, i: func(g *rt.Game, x rt.ObjID) int32 { return g.Power(x) }},
	"toughness": {t: compiler.Int, i: func(g *rt.Game, x rt.ObjID) int32 { return g.Toughness(x) }},
	"damage":    {t: compiler.Int, i: func(g *rt.Game, x rt.ObjID) int32 { return g.Objs[x].Damage }},
	"tapped":    {t: compiler.Bool, b: func(g *rt.Game, x rt.ObjID) bool { return g.Objs[x].Tapped }},
	"phased_out": {t: compiler.Bool, b: func(g *rt.Game, x rt.ObjID) bool {
		return g.Objs[x].PhasedOut
	}},
	"token":      {t: compiler.Bool, b: func(g *rt.Game, x rt.ObjID) bool { return g.Objs[x].Token }},
	"fresh":      {t: compiler.Bool, b: func(g *rt.Game, x rt.ObjID) bool { return g.Objs[x].Fresh }},
	"controller": {t: compiler.Player, p: func(g *rt.Game, x rt.ObjID) int { return int(g.Objs[x].Controller) }},
	"owner":      {t: compiler.Player, p: func(g *rt.Game, x rt.ObjID) int { return int(g.Objs[x].Owner) }},
	"name":       {t: compiler.Str, s: func(g *rt.Game, x rt.ObjID) string { return g.Objs[x].Name }},
	"timestamp":  {t: compiler.Int, i: func(g *rt.Game, x rt.ObjID) int32 { return int32(g.Objs[x].Timestamp) }},
	"legendary": {t: compiler.Bool, b: func(g *rt.Game, x rt.ObjID) bool {
		return g.Objs[x].Super&rt.SuperLegendary != 0
	}},
	"world": {t: compiler.Bool, b: func(g *rt.Game, x rt.ObjID) bool { return g.Objs[x].Super&rt.SuperWorld != 0 }},
	"basic": {t: compiler.Bool, b: func(g *rt.Game, x rt.ObjID) bool { return g.Objs[x].Super&rt.SuperBasic != 0 }},
	"spell_copy": {t: compiler.Bool, b: func(g *rt.Game, x rt.ObjID) bool {
		return g.Objs[x].Copy == rt.SpellCopy
	}},
	"card_copy": {t: compiler.Bool, b: func(g *rt.Game, x rt.ObjID) bool { return g.Objs[x].Copy == rt.CardCopy }},
	"on_battlefield": {t: compiler.Bool, b: func(g *rt.Game, x rt.ObjID) bool {
		return g.Objs[x].Zone == rt.ZoneBattlefield
	}},
	"on_stack": {t: compiler.Bool, b: func(g *rt.Game, x rt.ObjID) bool { return g.Objs[x].Zone == rt.ZoneStack }},
	"deathtouch_damage": {t: compiler.Bool, b: func(g *rt.Game, x rt.ObjID) bool {
		return g.Objs[x].DeathtouchHit
	}},
	"attached":         {t: compiler.Bool, b: func(g *rt.Game, x rt.ObjID) bool { return g.Attached(x) }},
	"attached_legally": {t: compiler.Bool, b: func(g *rt.Game, x rt.ObjID) bool { return g.AttachedLegally(x) }},
	"attached_to_creature": {t: compiler.Bool, b: func(g *rt.Game, x rt.ObjID) bool {
		return g.AttachedToIs(x, rt.TypeCreature)
	}},
	"attached_to_land": {t: compiler.Bool, b: func(g *rt.Game, x rt.ObjID) bool {
		return g.AttachedToIs(x, rt.TypeLand)
	}},
	"over_counter_max": {t: compiler.Bool, b: func(g *rt.Game, x rt.ObjID) bool { return g.OverCounterMax(x) }},
	"aura":             {t: compiler.Bool, b: func(g *rt.Game, x rt.ObjID) bool { return g.HasSubtype(x, "aura") }},
	"equipment": {t: compiler.Bool, b: func(g *rt.Game, x rt.ObjID) bool {
		return g.HasSubtype(x, "equipment")
	}},
	"fortification": {t: compiler.Bool, b: func(g *rt.Game, x rt.ObjID) bool {
		return g.HasSubtype(x, "fortification")
	}},
	"artifact":            {t: compiler.Bool, b: func(g *rt.Game, x rt.ObjID) bool { return g.Is(x, rt.TypeArtifact) }},
	"creature":            {t: compiler.Bool, b: func(g *rt.Game, x rt.ObjID) bool { return g.Is(x, rt.TypeCreature) }},
	"enchantment":         {t: compiler.Bool, b: func(g *rt.Game, x rt.ObjID) bool { return g.Is(x, rt.TypeEnchantment) }},
	"land":                {t: compiler.Bool, b: func(g *rt.Game, x rt.ObjID) bool { return g.Is(x, rt.TypeLand) }},
	"planeswalker":        {t: compiler.Bool, b: func(g *rt.Game, x rt.ObjID) bool { return g.Is(x, rt.TypePlaneswalker) }},
	"battle":              {t: compiler.Bool, b: func(g *rt.Game, x rt.ObjID) bool { return g.Is(x, rt.TypeBattle) }},
	"protector":           {t: compiler.Player, p: (*rt.Game).Protector},
	"trigger_pending":     {t: compiler.Bool, b: (*rt.Game).TriggerPending},
	"attacked":            {t: compiler.Bool, b: (*rt.Game).BeingAttacked},
	"attacking":           {t: compiler.Bool, b: (*rt.Game).Attacking},
	"blockers":            {t: compiler.Int, i: (*rt.Game).BlockerCount},
	"attacks_alone":       {t: compiler.Bool, b: (*rt.Game).AttacksAlone},
	"assigned_damage":     {t: compiler.Int, i: (*rt.Game).AssignedDamage},
	"deathtouch_assigned": {t: compiler.Bool, b: (*rt.Game).DeathtouchAssigned},
	"in_first_step":       {t: compiler.Bool, b: (*rt.Game).InFirstStep},
	"attack_cost":         {t: compiler.Bool, b: (*rt.Game).HasAttackCost},
	"block_cost":          {t: compiler.Bool, b: (*rt.Game).HasBlockCost},
	"defending_player":    {t: compiler.Player, p: (*rt.Game).DefendingPlayer},
	"attacking_alone":     {t: compiler.Bool, b: (*rt.Game).AttackingAlone},
	"blocks_alone":        {t: compiler.Bool, b: (*rt.Game).BlocksAlone},
	"blocking_alone":      {t: compiler.Bool, b: (*rt.Game).BlockingAlone},
	"combat_controller":   {t: compiler.Player, p: (*rt.Game).CombatController},
	"blocking":            {t: compiler.Bool, b: (*rt.Game).Blocking},
	"blocked":             {t: compiler.Bool, b: (*rt.Game).Blocked},
	"attackers_blocked":   {t: compiler.Int, i: (*rt.Game).AttackersBlocked},
	"declared_blockers":   {t: compiler.Int, i: (*rt.Game).DeclaredBlockers},
	"deals_combat_damage": {t: compiler.Bool, b: (*rt.Game).DealsCombatDamage},
	"declared_attacking":  {t: compiler.Bool, b: (*rt.Game).DeclaredAttacking},
}

// plAttr reads an attribute of a player.
type plAttr struct {
	t compiler.Type
	i func(g *rt.Game, p int) int32
	b func(g *rt.Game, p int) bool
}

var playerAttrs = map[string]plAttr{
	"life":            {t: compiler.Int, i: func(g *rt.Game, p int) int32 { return g.PlayerAt(p).Life }},
	"poison":          {t: compiler.Int, i: func(g *rt.Game, p int) int32 { return g.PlayerAt(p).Poison }},
	"max_hand_size":   {t: compiler.Int, i: func(g *rt.Game, p int) int32 { return g.PlayerAt(p).MaxHandSize }},
	"land_plays":      {t: compiler.Int, i: func(g *rt.Game, p int) int32 { return g.PlayerAt(p).LandPlays }},
	"lands_played":    {t: compiler.Int, i: func(g *rt.Game, p int) int32 { return g.PlayerAt(p).LandsPlayed }},
	"hand":            {t: compiler.Int, i: func(g *rt.Game, p int) int32 { return int32(len(g.PlayerAt(p).Hand)) }},
	"library":         {t: compiler.Int, i: func(g *rt.Game, p int) int32 { return int32(len(g.PlayerAt(p).Library)) }},
	"graveyard":       {t: compiler.Int, i: func(g *rt.Game, p int) int32 { return int32(len(g.PlayerAt(p).Graveyard)) }},
	"mana":            {t: compiler.Int, i: func(g *rt.Game, p int) int32 { return g.PlayerAt(p).Mana.Total() }},
	"drew_from_empty": {t: compiler.Bool, b: func(g *rt.Game, p int) bool { return g.PlayerAt(p).DrewFromEmpty }},
	"attacked":        {t: compiler.Bool, b: (*rt.Game).Attacked},
}

// gameAttr reads an attribute of the game.
type gameAttr struct {
	t compiler.Type
	i func(g *rt.Game) int32
	b func(g *rt.Game) bool
	p func(g *rt.Game) int
}

var gameAttrs = map[string]gameAttr{
	"turn":                      {t: compiler.Int, i: func(g *rt.Game) int32 { return g.TurnNum }},
	"players":                   {t: compiler.Int, i: func(g *rt.Game) int32 { return int32(g.NumPlayers()) }},
	"pending":                   {t: compiler.Bool, b: (*rt.Game).ActionsPending},
	"had_priority":              {t: compiler.Bool, b: (*rt.Game).StepHadPriority},
	"skip_effect":               {t: compiler.Bool, b: (*rt.Game).SkipEffect},
	"stack":                     {t: compiler.Int, i: func(g *rt.Game) int32 { return int32(len(g.Stack)) }},
	"attackers":                 {t: compiler.Int, i: (*rt.Game).NumAttackers},
	"attackers_declared":        {t: compiler.Bool, b: (*rt.Game).AttackersDeclared},
	"blockers_declared":         {t: compiler.Bool, b: (*rt.Game).BlockersDeclared},
	"dealing_combat_damage":     {t: compiler.Bool, b: (*rt.Game).DealingCombatDamage},
	"combat_damage_pending":     {t: compiler.Int, i: (*rt.Game).CombatDamagePending},
	"defender":                  {t: compiler.Player, p: (*rt.Game).Defender},
	"combat_damage_step":        {t: compiler.Int, i: (*rt.Game).CombatDamageStep},
	"second_combat_damage_step": {t: compiler.Bool, b: (*rt.Game).SecondCombatDamageStep},
}

// kindSpec is what a query kind ranges over.
type kindSpec struct {
	over  rt.Over
	types rt.TypeSet
}

var kinds = map[string]kindSpec{
	"anything":     {rt.OverAnything, 0},
	"player":       {rt.OverPlayers, 0},
	"object":       {rt.OverObjects, 0},
	"permanent":    {rt.OverPermanents, 0},
	"artifact":     {rt.OverPermanents, rt.TypeArtifact},
	"creature":     {rt.OverPermanents, rt.TypeCreature},
	"enchantment":  {rt.OverPermanents, rt.TypeEnchantment},
	"land":         {rt.OverPermanents, rt.TypeLand},
	"planeswalker": {rt.OverPermanents, rt.TypePlaneswalker},
	"battle":       {rt.OverPermanents, rt.TypeBattle},
	"attacker":     {rt.OverAttackers, 0},
	"blocker":      {rt.OverBlockers, 0},
	"declared":     {rt.OverDeclared, 0},
	"combatant":    {rt.OverCombatants, 0},
}

var zones = map[string]rt.Zone{
	"library": rt.ZoneLibrary, "hand": rt.ZoneHand, "graveyard": rt.ZoneGraveyard, "exile": rt.ZoneExile,
}

var endings = map[string]rt.Ending{
	"until_end_of_turn":  rt.EndUntilEndOfTurn,
	"this_turn":          rt.EndThisTurn,
	"until_end_of_step":  rt.EndUntilEndOfStep,
	"until_end_of_phase": rt.EndUntilEndOfPhase,
}

var counters = map[string]rt.CounterKind{
	"+1/+1": rt.CounterPlus, "-1/-1": rt.CounterMinus, "loyalty": rt.CounterLoyalty, "charge": rt.CounterCharge,
	"defense": rt.CounterDefense,
}

// arg is an evaluated verb argument of the type the verb declares; enum
// arguments (zones, endings, counter kinds) are resolved when building.
type arg struct {
	v       value
	zone    rt.Zone
	ending  rt.Ending
	counter rt.CounterKind
	event   rt.TriggerOn
}

// verbSpec is a statement: its argument types (as the compiler declares
// them) and how to build its evaluator. build returns a statement that
// reports false when it waits for a decision.
type verbSpec struct {
	args     []compiler.Type
	blocking bool
	build    func(a []arg, rule string) stmtFn
}

func objVerb(f func(g *rt.Game, x rt.ObjID, rule string)) verbSpec {
	return verbSpec{args: []compiler.Type{compiler.Object}, build: func(a []arg, rule string) stmtFn {
		x := a[0].v.o
		return func(g *rt.Game, fp int) bool { f(g, x(g, fp), rule); return true }
	}}
}

func playerIntVerb(f func(g *rt.Game, p int, n int32, rule string)) verbSpec {
	return verbSpec{args: []compiler.Type{compiler.Player, compiler.Int}, build: func(a []arg, rule string) stmtFn {
		p, n := a[0].v.p, a[1].v.i
		return func(g *rt.Game, fp int) bool { f(g, p(g, fp), n(g, fp), rule); return true }
	}}
}

func counterVerb(sign int32) verbSpec {
	return verbSpec{args: []compiler.Type{compiler.Object, compiler.Counter, compiler.Int}, build: func(a []arg, rule string) stmtFn {
		x, k, n := a[0].v.o, a[1].counter, a[2].v.i
		if sign < 0 {
			return func(g *rt.Game, fp int) bool { g.AddCounters(x(g, fp), k, -(n(g, fp)), rule); return true }
		}
		return func(g *rt.Game, fp int) bool { g.AddCounters(x(g, fp), k, n(g, fp), rule); return true }
	}}
}

var verbs = map[string]verbSpec{
	"untap":        objVerb((*rt.Game).Untap),
	"tap":          objVerb((*rt.Game).Tap),
	"phase_in":     objVerb((*rt.Game).PhaseIn),
	"phase_out":    objVerb((*rt.Game).PhaseOut),
	"phase_toggle": objVerb((*rt.Game).PhaseToggle),
	"draw":         playerIntVerb((*rt.Game).Draw),
	"discard_to": {args: []compiler.Type{compiler.Player, compiler.Int}, blocking: true, build: func(a []arg, rule string) stmtFn {
		p, n := a[0].v.p, a[1].v.i
		return func(g *rt.Game, fp int) bool { return g.DiscardTo(p(g, fp), n(g, fp), rule) }
	}},
	"remove_damage": objVerb((*rt.Game).RemoveDamage),
	"mark_damage": {args: []compiler.Type{compiler.Object, compiler.Int}, build: func(a []arg, rule string) stmtFn {
		x, n := a[0].v.o, a[1].v.i
		return func(g *rt.Game, fp int) bool { g.MarkDamage(x(g, fp), n(g, fp), rule); return true }
	}},
	"end_effects": {args: []compiler.Type{compiler.EndT}, build: func(a []arg, rule string) stmtFn {
		e := a[0].ending
		return func(g *rt.Game, fp int) bool { g.EndEffects(e, rule); return true }
	}},
	"empty_mana": {args: []compiler.Type{compiler.Player}, build: func(a []arg, rule string) stmtFn {
		p := a[0].v.p
		return func(g *rt.Game, fp int) bool { g.EmptyMana(p(g, fp), rule); return true }
	}},
	"gain_life":       playerIntVerb((*rt.Game).GainLife),
	"lose_life":       playerIntVerb((*rt.Game).LoseLife),
	"add_counters":    counterVerb(1),
	"remove_counters": counterVerb(-1),
	"destroy":         objVerb((*rt.Game).Destroy),
	"move": {args: []compiler.Type{compiler.Object, compiler.ZoneT}, build: func(a []arg, rule string) stmtFn {
		x, z := a[0].v.o, a[1].zone
		return func(g *rt.Game, fp int) bool { g.Move(x(g, fp), z, rule); return true }
	}},
	"lose": {args: []compiler.Type{compiler.Player}, build: func(a []arg, rule string) stmtFn {
		p := a[0].v.p
		return func(g *rt.Game, fp int) bool { g.Lose(p(g, fp), rule); return true }
	}},
	"cease":         objVerb((*rt.Game).Cease),
	"unattach":      objVerb((*rt.Game).Unattach),
	"trim_counters": objVerb((*rt.Game).TrimCounters),
	// Combat: the declarations ask the players, so they are blocking.
	"choose_defender": playerChoice((*rt.Game).ChooseDefender),
	"deal_combat_damage": {args: []compiler.Type{compiler.Player}, build: func(a []arg, rule string) stmtFn {
		p := a[0].v.p
		return func(g *rt.Game, fp int) bool { g.DealCombatDamage(p(g, fp), rule); return true }
	}},
	"mark_deathtouch":    objVerb((*rt.Game).MarkDeathtouch),
	"remove_from_combat": objVerb((*rt.Game).RemoveFromCombat),
	"set_protector": {args: []compiler.Type{compiler.Object, compiler.Player}, build: func(a []arg, rule string) stmtFn {
		x, p := a[0].v.o, a[1].v.p
		return func(g *rt.Game, fp int) bool { g.SetProtector(x(g, fp), p(g, fp), rule); return true }
	}},
	// A declaration in steps.
	"choose_attackers":   playerChoice((*rt.Game).ChooseAttackers),
	"choose_blockers":    playerChoice((*rt.Game).ChooseBlockers),
	"pay_declared_costs": playerVerb((*rt.Game).PayDeclaredCosts),
	"become_attacking":   objVerb((*rt.Game).BecomeAttacking),
	"become_blocking":    objVerb((*rt.Game).BecomeBlocking),
	"trigger": {args: []compiler.Type{compiler.Object, compiler.EventT}, build: func(a []arg, rule string) stmtFn {
		x, on := a[0].v.o, a[1].event
		return func(g *rt.Game, fp int) bool { g.Trigger(x(g, fp), on, rule); return true }
	}},
	"choose_order": {args: []compiler.Type{compiler.Player, compiler.Object}, blocking: true, build: func(a []arg, rule string) stmtFn {
		p, x := a[0].v.p, a[1].v.o
		return func(g *rt.Game, fp int) bool { return g.ChooseOrder(p(g, fp), x(g, fp), rule) }
	}},
	"clear_combat": playerVerb((*rt.Game).ClearCombat),
	// Combat damage in steps.
	"start_combat_damage":    playerVerb((*rt.Game).StartCombatDamage),
	"deals_damage_now":       objVerb((*rt.Game).DealsDamageNow),
	"add_combat_damage_step": playerVerb((*rt.Game).AddCombatDamageStep),
	"assign_to_attacked": {args: []compiler.Type{compiler.Object, compiler.Int}, build: func(a []arg, rule string) stmtFn {
		x, n := a[0].v.o, a[1].v.i
		return func(g *rt.Game, fp int) bool { g.AssignToAttacked(x(g, fp), n(g, fp), rule); return true }
	}},
	"assign_to": {args: []compiler.Type{compiler.Object, compiler.Object, compiler.Int}, build: func(a []arg, rule string) stmtFn {
		x, y, n := a[0].v.o, a[1].v.o, a[2].v.i
		return func(g *rt.Game, fp int) bool { g.AssignTo(x(g, fp), y(g, fp), n(g, fp), rule); return true }
	}},
	"divide_combat_damage": playerChoice((*rt.Game).DivideCombatDamage),
	// What effects do to combat.
	"attack_player": {args: []compiler.Type{compiler.Object, compiler.Player}, build: func(a []arg, rule string) stmtFn {
		x, p := a[0].v.o, a[1].v.p
		return func(g *rt.Game, fp int) bool { g.AttackPlayer(x(g, fp), p(g, fp), rule); return true }
	}},
	"attack_permanent": objObjVerb((*rt.Game).AttackPermanent),
	"block":            objObjVerb((*rt.Game).BlockAttacker),
}

// events are what the trigger statement makes abilities trigger on.
var events = map[string]rt.TriggerOn{
	"attacks": rt.OnAttacks, "blocks": rt.OnBlocks, "becomes_blocked": rt.OnBecomesBlocked,
	"blocked_by": rt.OnBlockedBy, "unblocked": rt.OnUnblocked, "blocked_by_count": rt.OnBlockedByCount,
	"creature_blocks": rt.OnCreatureBlocks,
}

func objObjVerb(f func(g *rt.Game, x, y rt.ObjID, rule string)) verbSpec {
	return verbSpec{args: []compiler.Type{compiler.Object, compiler.Object}, build: func(a []arg, rule string) stmtFn {
		x, y := a[0].v.o, a[1].v.o
		return func(g *rt.Game, fp int) bool { f(g, x(g, fp), y(g, fp), rule); return true }
	}}
}

func playerVerb(f func(g *rt.Game, p int, rule string)) verbSpec {
	return verbSpec{args: []compiler.Type{compiler.Player}, build: func(a []arg, rule string) stmtFn {
		p := a[0].v.p
		return func(g *rt.Game, fp int) bool { f(g, p(g, fp), rule); return true }
	}}
}

func playerChoice(f func(g *rt.Game, p int, rule string) bool) verbSpec {
	return verbSpec{args: []compiler.Type{compiler.Player}, blocking: true, build: func(a []arg, rule string) stmtFn {
		p := a[0].v.p
		return func(g *rt.Game, fp int) bool { return f(g, p(g, fp), rule) }
	}}
}

// functions are the built-in functions of expressions (see callExpr).
var functions = []string{"all", "any", "assigning", "assigns", "began", "blocks", "chosen", "count", "counters", "during", "ended", "holds", "keeps", "lethal", "max", "min", "shares_subtype", "subtype", "sum"}

// preventable lists the events rt.Game checks Rules.Prevent for.
var preventable = []string{"destroy"}

var overNames = map[rt.Over]string{
	rt.OverPlayers: "OverPlayers", rt.OverObjects: "OverObjects",
	rt.OverPermanents: "OverPermanents", rt.OverAnything: "OverAnything",
	rt.OverAttackers: "OverAttackers", rt.OverBlockers: "OverBlockers", rt.OverDeclared: "OverDeclared",
	rt.OverCombatants: "OverCombatants",
}

var typeExprs = map[rt.TypeSet]string{
	0: "", rt.TypeArtifact: "rt.TypeArtifact", rt.TypeCreature: "rt.TypeCreature",
	rt.TypeEnchantment: "rt.TypeEnchantment", rt.TypeLand: "rt.TypeLand", rt.TypePlaneswalker: "rt.TypePlaneswalker",
	rt.TypeBattle: "rt.TypeBattle",
}

// Vocab describes the interpreter's tables in the compiler's terms, for
// the test that they match compiler.Vocab. Zones and counter kinds are
// named by their runtime values' names, so a wrong value shows too.
func Vocab() compiler.Vocabulary {
	v := compiler.Vocabulary{
		ObjectAttrs: map[string]compiler.Type{},
		PlayerAttrs: map[string]compiler.Type{},
		GameAttrs:   map[string]compiler.Type{},
		Kinds:       map[string]compiler.KindInfo{},
		Verbs:       map[string]compiler.VerbInfo{},
		Functions:   append([]string(nil), functions...),
		Preventable: append([]string(nil), preventable...),
	}
	for k, a := range objectAttrs {
		v.ObjectAttrs[k] = a.t
	}
	for k, a := range playerAttrs {
		v.PlayerAttrs[k] = a.t
	}
	for k, a := range gameAttrs {
		v.GameAttrs[k] = a.t
	}
	for k, s := range kinds {
		t, ok := typeExprs[s.types]
		if !ok {
			t = "?"
		}
		v.Kinds[k] = compiler.KindInfo{Over: overNames[s.over], Types: t}
	}
	for k, s := range verbs {
		v.Verbs[k] = compiler.VerbInfo{Args: append([]compiler.Type(nil), s.args...), Blocking: s.blocking}
	}
	for _, z := range zones {
		v.Zones = append(v.Zones, z.String())
	}
	for k := range endings {
		v.Endings = append(v.Endings, k)
	}
	for _, c := range counters {
		v.Counters = append(v.Counters, c.String())
	}
	sort.Strings(v.Zones)
	sort.Strings(v.Endings)
	for k := range events {
		v.Events = append(v.Events, k)
	}
	sort.Strings(v.Counters)
	sort.Strings(v.Events)
	return v
}
