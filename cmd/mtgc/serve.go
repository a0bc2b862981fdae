package main

import (
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/mtgc-dev/mtgc/internal/playground/site"
)

var (
	serveAddr   string
	serveWasm   string
	serveExport string
)

var serveCmd = &command{
	name:  "serve",
	short: "Serve the rules playground (web/) on localhost: edit .mtg, see diagnostics, run a script and read its trace, in the browser.",
	flags: func(fs *flag.FlagSet) {
		fs.StringVar(&serveAddr, "addr", "localhost:8024", "address to listen on (keep it on localhost: the page is for you)")
		fs.StringVar(&serveWasm, "wasm", "", "a WebAssembly build of cmd/mtgc-wasm to serve instead of building one with the go command (wasm_exec.js comes from the go command's GOROOT)")
		fs.StringVar(&serveExport, "export", "", "write the page's files to this directory (a site any static host serves) instead of serving them")
	},
	run: runServe,
}

func runServe(ctx *cli, _ *flag.FlagSet, args []string) error {
	if len(args) > 0 {
		return errUsage
	}
	var s *site.Site
	var err error
	if serveWasm != "" {
		var wasm, exec []byte
		if wasm, err = os.ReadFile(serveWasm); err != nil {
			return err
		}
		if exec, err = site.WasmExecJS(); err != nil {
			return err
		}
		s, err = site.New(wasm, exec)
	} else {
		cache, cerr := os.UserCacheDir()
		if cerr != nil {
			cache = os.TempDir()
		}
		fmt.Fprintf(ctx.stderr, "mtgc serve: building the playground (GOOS=js GOARCH=wasm go build %s)...\n", site.WasmPackage)
		s, err = site.Build(filepath.Join(cache, "mtgc", "playground"))
	}
	if s == nil {
		return err
	}
	fmt.Fprintln(ctx.stderr, s.SizeLine())
	if err != nil {
		return err
	}
	if serveExport != "" {
		if err := s.Export(serveExport); err != nil {
			return err
		}
		fmt.Fprintf(ctx.stdout, "wrote the playground to %s: serve it as static files (mtgc.wasm as application/wasm)\n", serveExport)
		return nil
	}
	ln, err := net.Listen("tcp", serveAddr)
	if err != nil {
		return err
	}
	fmt.Fprintf(ctx.stdout, "the rules playground is at http://%s/\n", ln.Addr())
	srv := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
