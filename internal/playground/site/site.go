// Package site builds and serves the rules playground: the page of package
// web, the WebAssembly build of cmd/mtgc-wasm and Go's wasm_exec.js, as an
// http.Handler (mtgc serve) or as a directory of plain files (mtgc serve
// -export) that any static host can serve.
package site

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/mtgc-dev/mtgc/internal/safeio"
	"github.com/mtgc-dev/mtgc/web"
)

// Budget is the most the WebAssembly build may weigh, gzip-compressed (as
// a browser downloads it from mtgc serve or a static host that compresses).
// Build fails past it; the browser test measures it too.
const Budget = 6 << 20

// WasmPackage is the playground's WebAssembly entry point.
const WasmPackage = "github.com/mtgc-dev/mtgc/cmd/mtgc-wasm"

// csp is the page's Content-Security-Policy (index.html carries it too,
// for static hosts): its own scripts, workers and WebAssembly only;
// CodeMirror sets inline styles.
const csp = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// Site is the playground's files.
type Site struct {
	Static   fs.FS  // index.html, style.css, app.js, worker.js
	Wasm     []byte // mtgc.wasm
	WasmExec []byte // wasm_exec.js of the Go that built Wasm
	gz       []byte // Wasm, gzip-compressed
}

// Sizes reports the WebAssembly build's size, raw and gzip-compressed.
func (s *Site) Sizes() (raw, gz int) { return len(s.Wasm), len(s.gz) }

// SizeLine says the sizes against the budget, for people.
func (s *Site) SizeLine() string {
	raw, gz := s.Sizes()
	return fmt.Sprintf("mtgc.wasm: %.1f MB, %.2f MB gzip-compressed (budget %.0f MB gzip)", float64(raw)/1e6, float64(gz)/1e6, float64(Budget)/(1<<20))
}

// New makes a site from a WebAssembly build and its wasm_exec.js; it fails
// if the build is over Budget.
func New(wasm, wasmExec []byte) (*Site, error) {
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	zw.Write(wasm)
	zw.Close()
	s := &Site{Static: web.Static(), Wasm: wasm, WasmExec: wasmExec, gz: b.Bytes()}
	if len(s.gz) > Budget {
		return s, fmt.Errorf("%s: over the budget (internal/playground/site.Budget)", s.SizeLine())
	}
	return s, nil
}

// goEnv returns `go env name`.
func goEnv(name string) (string, error) {
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %v (the playground's WebAssembly build needs the Go toolchain)", name, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// Build builds cmd/mtgc-wasm with the go command for GOOS=js GOARCH=wasm
// into dir (the go command's build cache makes a rebuild quick) and makes
// the site, with the wasm_exec.js of the same Go. It runs in the current
// directory, which must be in mtgc's module or one that requires it.
func Build(dir string) (*Site, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	out := filepath.Join(dir, "mtgc.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", out, WasmPackage)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("building the playground (GOOS=js GOARCH=wasm go build %s): %v\n%s", WasmPackage, err, stderr.String())
	}
	wasm, err := os.ReadFile(out)
	if err != nil {
		return nil, err
	}
	exec, err := WasmExecJS()
	if err != nil {
		return nil, err
	}
	return New(wasm, exec)
}

// WasmExecJS returns the wasm_exec.js of the go command's Go: in
// $GOROOT/lib/wasm since Go 1.24, in $GOROOT/misc/wasm before.
func WasmExecJS() ([]byte, error) {
	root, err := goEnv("GOROOT")
	if err != nil {
		return nil, err
	}
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		data, err := os.ReadFile(filepath.Join(root, p))
		if err == nil {
			return data, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	return nil, fmt.Errorf("no wasm_exec.js in %s/lib/wasm or %s/misc/wasm", root, root)
}

// Export writes the site's files to dir: a page any static host serves.
// Each file is written atomically through safeio.WriteFile: a read-only
// file, a FIFO or a link leading out of dir is refused, not followed.
func (s *Site) Export(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	err := fs.WalkDir(s.Static, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(s.Static, p)
		if err != nil {
			return err
		}
		return safeio.WriteFile(filepath.Join(dir, filepath.FromSlash(p)), data, dir)
	})
	if err != nil {
		return err
	}
	for name, data := range map[string][]byte{"mtgc.wasm": s.Wasm, "mtgc.wasm.gz": s.gz, "wasm_exec.js": s.WasmExec} {
		if err := safeio.WriteFile(filepath.Join(dir, name), data, dir); err != nil {
			return err
		}
	}
	return nil
}

// ServeHTTP serves the site: the static files, wasm_exec.js, and
// mtgc.wasm (gzip-compressed to a browser that accepts it). Nothing else:
// the page keeps its state in the URL fragment, which never reaches here.
func (s *Site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	// The page runs untrusted rules and scripts (a shared link's) only in
	// mtgc's workers and shows them as text; it loads nothing from elsewhere.
	w.Header().Set("Content-Security-Policy", csp)
	switch p := path.Clean(r.URL.Path); p {
	case "/mtgc.wasm":
		w.Header().Set("Content-Type", "application/wasm")
		w.Header().Set("Vary", "Accept-Encoding")
		body := s.Wasm
		if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			w.Header().Set("Content-Encoding", "gzip")
			body = s.gz
		}
		w.Header().Set("Content-Length", fmt.Sprint(len(body)))
		if r.Method == http.MethodGet {
			w.Write(body)
		}
	case "/wasm_exec.js":
		http.ServeContent(w, r, "wasm_exec.js", time.Time{}, bytes.NewReader(s.WasmExec))
	default:
		name := strings.TrimPrefix(p, "/")
		if name == "" {
			name = "index.html"
		}
		f, err := s.Static.Open(name)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		defer f.Close()
		data, err := io.ReadAll(f)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(data))
	}
}
