package conformance

import "embed"

// Corpus is the repository's conformance corpus, embedded so that
// `mtgc test` runs it from any directory.
//
//go:embed testdata/*.txtar
var Corpus embed.FS
