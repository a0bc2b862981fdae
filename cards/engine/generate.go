// The engine generated from the card library (../*.mtg) with the rules it
// extends: `mtgc gen` compiles the cards' clauses with the rules' own, so
// the generated engine knows its cards by name (Cards, Rules.Card) and
// evaluates their abilities as compiled Go, as the interpreter evaluates
// them from the same program (docs/cards.md).

package engine

//go:generate go run ../../cmd/mtgc gen -pkg engine -o engine_gen.go ..
