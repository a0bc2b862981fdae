package engine

// One step generates every edition's engine: this package's from the
// default edition (rules/), engine/<ed>/ from each directory rules/<ed>/,
// and engine/all, the registry mtgc builds them in from
// (internal/genengines).
//
//go:generate go run ../internal/genengines
