package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/mtgc-dev/mtgc/internal/playground/site"
)

// TestServeHostGuard: the playground answers only to loopback names and
// its bound address (DNS rebinding: another name is refused), and a 405
// says which methods are allowed.
func TestServeHostGuard(t *testing.T) {
	s, err := site.New([]byte("\x00asm"), []byte("// wasm_exec.js"))
	if err != nil {
		t.Fatal(err)
	}
	h := hostGuard(s, "192.0.2.7:8080", "192.0.2.7:8080")
	for host, want := range map[string]int{
		"localhost:8080": 200, "127.0.0.1:8080": 200, "[::1]:8080": 200, "LOCALHOST": 200, "192.0.2.7:8080": 200,
		"evil.example:8080": http.StatusMisdirectedRequest, "evil.example": http.StatusMisdirectedRequest,
		"localhost.evil.example": http.StatusMisdirectedRequest, "": http.StatusMisdirectedRequest,
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.Host = host
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != want {
			t.Errorf("Host %q: %d, want %d", host, w.Code, want)
		}
	}
	r := httptest.NewRequest("POST", "/", nil)
	r.Host = "localhost"
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != http.StatusMethodNotAllowed || w.Header().Get("Allow") != "GET, HEAD" {
		t.Errorf("POST: %d, Allow %q", w.Code, w.Header().Get("Allow"))
	}
}

// TestServeExportAtomic: serve -export writes through safeio: a read-only
// file and a FIFO in the way are refused, not rewritten or hung on.
func TestServeExportAtomic(t *testing.T) {
	s, err := site.New([]byte("\x00asm"), []byte("// wasm_exec.js"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	ro := filepath.Join(dir, "mtgc.wasm")
	if err := os.WriteFile(ro, []byte("keep"), 0o444); err != nil {
		t.Fatal(err)
	}
	if err := s.Export(dir); err == nil || !strings.Contains(err.Error(), "read-only") {
		t.Errorf("a read-only file in the way: %v", err)
	}
	if b, _ := os.ReadFile(ro); string(b) != "keep" {
		t.Errorf("the read-only file was rewritten: %q", b)
	}
	dir = t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "index.html"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := s.Export(dir); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("a FIFO in the way: %v", err)
	}
}
