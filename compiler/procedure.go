package compiler

import "github.com/mtgc-dev/mtgc/grammar"

// Procedure verbs (Builtin.Procedure) are the verbs whose behaviour is all
// Go: each runs a whole rule (a division of damage) in the runtime, asking
// players and checking their answers there, with only the predicates the
// rules declare to consult. A clause made of them says when the rule
// happens, not what it does: coverage counts the rules it cites as the
// runtime's meaning, or as both the runtime's and the .mtg's when the
// clause has other statements too (docs/coverage.md). The other verbs are
// primitives (untap x, draw p, n, discard_to p, n) whose every argument,
// and so the rule's content, the .mtg gives; those that ask a player say
// what the .mtg gives in Builtin.Choice.

// procedureOf returns the first procedure verb among a block's
// statements, or "", and whether the block has statements of another kind
// too (then its rules are part Go, part .mtg).
func procedureOf(b *grammar.Block) (verb string, mixed bool) {
	if b == nil {
		return "", false
	}
	for _, st := range b.Stmts {
		if s, ok := st.(*grammar.CallStmt); ok {
			if v, ok := verbs[s.Verb.Name]; ok && v.Procedure != "" {
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
	v, found := verbs[verb]
	if !found || v.Procedure == "" {
		return "", false
	}
	return v.Procedure, true
}

// ProcedureVerbNames lists the procedure verbs, sorted.
func ProcedureVerbNames() []string {
	var out []string
	for _, b := range builtins {
		if b.Procedure != "" {
			out = append(out, b.Name)
		}
	}
	sortStrings(out)
	return out
}
