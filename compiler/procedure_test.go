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
