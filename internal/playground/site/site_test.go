package site

import (
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestServe serves a site with a stand-in WebAssembly build: the page, its
// bundles, wasm_exec.js, and mtgc.wasm compressed when the browser accepts
// it, under the page's Content-Security-Policy.
func TestServe(t *testing.T) {
	wasm := []byte(strings.Repeat("\x00asm", 1000))
	s, err := New(wasm, []byte("// wasm_exec.js"))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s)
	defer srv.Close()
	get := func(path, enc string) (*http.Response, string) {
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		req.Header.Set("Accept-Encoding", enc)
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res, string(body)
	}
	res, body := get("/", "")
	if res.StatusCode != 200 || !strings.Contains(body, "mtgc <span>rules playground") || !strings.Contains(res.Header.Get("Content-Security-Policy"), "'wasm-unsafe-eval'") {
		t.Fatalf("GET /: %d %v\n%.200s", res.StatusCode, res.Header, body)
	}
	for _, p := range []string{"/app.js", "/worker.js", "/style.css", "/wasm_exec.js"} {
		if res, _ := get(p, ""); res.StatusCode != 200 {
			t.Errorf("GET %s: %d", p, res.StatusCode)
		}
	}
	if res, body := get("/mtgc.wasm", "gzip"); res.Header.Get("Content-Encoding") != "gzip" || res.Header.Get("Content-Type") != "application/wasm" || len(body) >= len(wasm) {
		t.Errorf("GET /mtgc.wasm (gzip): %v, %d bytes", res.Header, len(body))
	}
	if res, body := get("/mtgc.wasm", ""); res.Header.Get("Content-Encoding") != "" || body != string(wasm) {
		t.Errorf("GET /mtgc.wasm: %v, %d bytes", res.Header, len(body))
	}
	if res, _ := get("/../go.mod", ""); res.StatusCode != 404 {
		t.Errorf("GET /../go.mod: %d", res.StatusCode)
	}
	dir := t.TempDir()
	if err := s.Export(dir); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"index.html", "app.js", "worker.js", "style.css", "wasm_exec.js", "mtgc.wasm", "mtgc.wasm.gz"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
}

// TestBudget refuses a build over the budget.
func TestBudget(t *testing.T) {
	big := make([]byte, Budget+1)
	rand.NewChaCha8([32]byte{}).Read(big) // incompressible
	if _, err := New(big, nil); err == nil || !strings.Contains(err.Error(), "over the budget") {
		t.Fatalf("a build over the budget: %v", err)
	}
}
