package cr2008_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/engine/cr2008"
)

// TestConformance runs the edition's corpus (rules/cr2008/testdata) against
// the generated engine.
func TestConformance(t *testing.T) { conformance.RunEdition(t, cr2008.Rules) }
