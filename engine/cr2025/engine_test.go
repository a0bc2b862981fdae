package cr2025_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/conformance"
	"github.com/mtgc-dev/mtgc/engine/cr2025"
)

// TestConformance runs the edition's corpus (rules/cr2025/testdata) against
// the generated engine.
func TestConformance(t *testing.T) { conformance.RunEdition(t, cr2025.Rules) }
