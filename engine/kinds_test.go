package engine_test

import (
	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// kind is the kind of predicate the 2025 rules declare by name
// (rules/kinds.mtg): the runtime has no constant of its own for any.
func kind(name string) rt.PredKind {
	k, ok := engine.Rules.ParseKind(name)
	if !ok {
		panic("the 2025 rules declare no kind " + name)
	}
	return k
}
