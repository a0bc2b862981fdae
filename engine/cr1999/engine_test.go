package cr1999_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/engine/cr1999"
)

// TestConformance runs the edition's corpus (rules/cr1999/testdata) against
// the generated engine.
func TestConformance(t *testing.T) { conformance.RunEdition(t, cr1999.Rules) }
