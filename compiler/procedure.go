package compiler

import "github.com/mtgc-dev/mtgc/grammar"

// procedureVerbs are the verbs whose behaviour is all Go: each runs a
// whole rule (a declaration, an order, a division of damage) in the
// runtime, asking players and checking their answers there, with only the
// predicates the rules declare to consult. A clause made of them says when
// the rule happens, not what it does: coverage counts the rules it cites
// as the runtime's meaning, or as both the runtime's and the .mtg's when
// the clause has other statements too (docs/coverage.md). The other verbs
// are primitives (untap x, draw p, n, discard_to p, n) whose every
// argument, and so the rule's content, the .mtg gives.
var procedureVerbs = map[string]string{
	"divide_combat_damage": "each player divides the damage of the creatures that have a choice, checked along their order, in Go",
}

// primitiveChoices are the verbs that ask a player but are not procedures:
// the .mtg gives who chooses and how much, the runtime only asks.
var primitiveChoices = map[string]string{
	"discard_to": "the .mtg says who discards down to how many; the player picks the cards",
	// A declaration chosen in steps: the .mtg says who chooses; what may be
	// chosen is its predicates (can_attack, can_be_attacked, defender_of,
	// restrictions, requirements; can_block, cant_block, extra_block...),
	// which the runtime evaluates, searching only for the requirements it
	// must maximise; what the choice does is the statements that follow.
	"choose_defender":  "the .mtg says who chooses; the player picks one opponent (asked only with several), game.defender; what it limits is the rules' attack_restriction",
	"choose_attackers": "the .mtg says who; its predicates say what may attack what; the statements after it make the attack",
	"choose_blockers":  "the .mtg says who; its predicates say what may block what; the statements after it make the blocks",
	"choose_order":     "the .mtg says who orders which creature's blockers (or attackers); the player gives the order",
}

// procedureOf returns the first procedure verb among a block's
// statements, or "", and whether the block has statements of another kind
// too (then its rules are part Go, part .mtg).
func procedureOf(b *grammar.Block) (verb string, mixed bool) {
	if b == nil {
		return "", false
	}
	for _, st := range b.Stmts {
		if s, ok := st.(*grammar.CallStmt); ok {
			if _, proc := procedureVerbs[s.Verb.Name]; proc {
				if verb == "" {
					verb = s.Verb.Name
				}
				continue
			}
		}
		mixed = true
	}
	return verb, mixed && verb != ""
}

// ProcedureVerb reports whether verb is a procedure verb, and why its
// behaviour is Go's.
func ProcedureVerb(verb string) (why string, ok bool) {
	why, ok = procedureVerbs[verb]
	return why, ok
}

// ProcedureVerbNames lists the procedure verbs, sorted.
func ProcedureVerbNames() []string { return keys(procedureVerbs) }
