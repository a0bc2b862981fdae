package compiler

import "testing"

// TestProcedureVerbsAreVerbs: the procedure table names verbs of the
// language, each with its reason.
func TestProcedureVerbsAreVerbs(t *testing.T) {
	for name, why := range procedureVerbs {
		if _, ok := verbs[name]; !ok {
			t.Errorf("procedure %s is not a verb", name)
		}
		if why == "" {
			t.Errorf("procedure %s: no reason given", name)
		}
	}
}

// TestChoiceVerbsClassified: a verb that asks players is either a
// procedure (its rules count as the runtime's meaning) or a primitive
// choice; a new one must be put in one table or the other.
func TestChoiceVerbsClassified(t *testing.T) {
	for name, v := range verbs {
		_, proc := procedureVerbs[name]
		_, prim := primitiveChoices[name]
		if v.blocking && proc == prim {
			t.Errorf("verb %s asks players: say in compiler/procedure.go whether it is a procedure (procedureVerbs) or a primitive choice (primitiveChoices), not both or neither", name)
		}
		if prim && !v.blocking {
			t.Errorf("primitive choice %s does not ask players", name)
		}
	}
}
