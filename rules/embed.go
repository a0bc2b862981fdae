// Package rules holds the default ruleset, edition cr2017: the .mtg sources
// and the edition's rule index, embedded so that mtgc can run without a
// checkout.
package rules

import "embed"

// FS holds the .mtg files and cr2017.tsv.
//
//go:embed *.mtg *.tsv
var FS embed.FS

// Dir is the name positions use for files of FS ("rules/turn.mtg").
const Dir = "rules"
