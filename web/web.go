// Package web holds the rules playground's page: static/ is what a browser
// loads besides the WebAssembly build (index.html, style.css, and app.js
// and worker.js, bundled from src/ by `npm run build`; see README.md).
// mtgc serve serves it, adding mtgc.wasm and Go's wasm_exec.js.
package web

import (
	"embed"
	"io/fs"
)

//go:embed static
var files embed.FS

// Static is the page's files, at the root.
func Static() fs.FS {
	sub, err := fs.Sub(files, "static")
	if err != nil {
		panic(err) // an embedded directory is always there
	}
	return sub
}
