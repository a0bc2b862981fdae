//go:build js && wasm

// Command mtgc-wasm is the playground's WebAssembly build of mtgc's checker,
// interpreter and conformance runner (package internal/playground), for the
// page in web/. Build it with
//
//	GOOS=js GOARCH=wasm go build -o mtgc.wasm ./cmd/mtgc-wasm
//
// (mtgc serve and mtgc serve -export do), and run it with Go's
// wasm_exec.js, in a Web Worker that first installs the in-memory file
// system of web/src/memfs.js (scripts run in a scratch directory).
//
// It sets globalThis.mtgc to an object of functions, each taking and
// returning JSON text (a Promise of it: the work runs on a goroutine):
//
//	editions()               -> [{name, title, default}]
//	edition(name)            -> {name, files, scripts, script}
//	script(edition, name)    -> the script's text (a JSON string)
//	check(files, script)     -> {ok, edition, title, diagnostics}
//	run(files, script)       -> {verdict, log, games, fired, diagnostics, reason, reason_line}
//	coverage(files)          -> {edition, sections, total}
//
// files is a JSON object mapping file names ("turn.mtg", "cr2017.tsv") to
// their text; a failure rejects the Promise with the error's message.
package main

import (
	"encoding/json"
	"fmt"
	"syscall/js"

	"github.com/mtgc-dev/mtgc/internal/playground"
)

func main() {
	api := js.Global().Get("Object").New()
	api.Set("editions", async(func(args []js.Value) (any, error) {
		return playground.Editions(), nil
	}))
	api.Set("edition", async(func(args []js.Value) (any, error) {
		return playground.LoadEdition(arg(args, 0))
	}))
	api.Set("script", async(func(args []js.Value) (any, error) {
		return playground.CorpusScript(arg(args, 0), arg(args, 1))
	}))
	api.Set("check", async(func(args []js.Value) (any, error) {
		files, err := filesArg(args)
		if err != nil {
			return nil, err
		}
		return playground.Check(files, arg(args, 1)), nil
	}))
	api.Set("run", async(func(args []js.Value) (any, error) {
		files, err := filesArg(args)
		if err != nil {
			return nil, err
		}
		return playground.Run(files, arg(args, 1)), nil
	}))
	api.Set("coverage", async(func(args []js.Value) (any, error) {
		files, err := filesArg(args)
		if err != nil {
			return nil, err
		}
		return playground.Coverage(files)
	}))
	js.Global().Set("mtgc", api)
	if ready := js.Global().Get("mtgcReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

func arg(args []js.Value, i int) string {
	if i >= len(args) || args[i].Type() != js.TypeString {
		return ""
	}
	return args[i].String()
}

func filesArg(args []js.Value) (map[string]string, error) {
	var files map[string]string
	if err := json.Unmarshal([]byte(arg(args, 0)), &files); err != nil {
		return nil, fmt.Errorf("files: want a JSON object of file names to texts: %v", err)
	}
	return files, nil
}

// async wraps f as a JavaScript function returning a Promise of f's result
// as JSON text, f running on its own goroutine (a callback must not block).
func async(f func(args []js.Value) (any, error)) js.Func {
	return js.FuncOf(func(this js.Value, args []js.Value) any {
		args = append([]js.Value(nil), args...)
		var handler js.Func
		handler = js.FuncOf(func(this js.Value, p []js.Value) any {
			resolve, reject := p[0], p[1]
			go func() {
				defer handler.Release()
				defer func() {
					if r := recover(); r != nil {
						reject.Invoke(fmt.Sprintf("mtgc: internal error: %v", r))
					}
				}()
				v, err := f(args)
				if err != nil {
					reject.Invoke(err.Error())
					return
				}
				data, err := json.Marshal(v)
				if err != nil {
					reject.Invoke(err.Error())
					return
				}
				resolve.Invoke(string(data))
			}()
			return nil
		})
		return js.Global().Get("Promise").New(handler)
	})
}
