package main

import (
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
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
	// An idle keep-alive connection is closed after a while, and a request
	// naming another host (a page elsewhere reaching here through DNS
	// rebinding) is refused.
	srv := &http.Server{Handler: hostGuard(s, serveAddr, ln.Addr().String()), ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout: time.Minute, WriteTimeout: 5 * time.Minute, IdleTimeout: time.Minute}
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// hostGuard serves h only to requests whose Host is this machine's
// loopback (localhost, 127.0.0.1, [::1]) or one of the addresses the server
// is bound to (as given, and as bound), whatever the port: a page on
// another origin whose name was rebound to this address sends its own name
// and is refused with 421.
func hostGuard(h http.Handler, addrs ...string) http.Handler {
	allowed := map[string]bool{"localhost": true, "127.0.0.1": true, "::1": true}
	for _, a := range addrs {
		if host, _, err := net.SplitHostPort(a); err == nil && host != "" {
			allowed[strings.ToLower(host)] = true
		}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := r.Host
		if hh, _, err := net.SplitHostPort(host); err == nil {
			host = hh
		}
		host = strings.ToLower(strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"))
		if !allowed[host] {
			http.Error(w, "this server answers only to localhost and its own address", http.StatusMisdirectedRequest)
			return
		}
		h.ServeHTTP(w, r)
	})
}
