package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// nvimCheck runs in Neovim once the broken file is open: it waits for the
// server's diagnostics, asks for completion at LINE, CHAR, and writes
// what it got to OUT.
const nvimCheck = `
local out = {}
local ok = vim.wait(30000, function() return #vim.diagnostic.get(0) > 0 end, 50)
table.insert(out, "diagnostics " .. tostring(ok))
for _, d in ipairs(vim.diagnostic.get(0)) do table.insert(out, "diag " .. d.lnum .. " " .. d.message) end
local params = { textDocument = { uri = vim.uri_from_bufnr(0) },
  position = { line = tonumber(os.getenv("LINE")), character = tonumber(os.getenv("CHAR")) } }
local res = vim.lsp.buf_request_sync(0, "textDocument/completion", params, 10000) or {}
for _, r in pairs(res) do
  local items = r.result and (r.result.items or r.result) or {}
  for _, it in ipairs(items) do table.insert(out, "item " .. it.label) end
end
vim.fn.writefile(out, os.getenv("OUT"))
vim.cmd("qa!")
`

// TestNeovim drives mtgc lsp from a real editor client when one is
// installed: headless Neovim with editors/nvim/mtgc.lua (the config
// editors/README.md gives) opens a broken .mtg file, gets its
// diagnostics, and completion after "p." offers a player's attributes.
func TestNeovim(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		t.Skip("nvim is not installed")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	if out, err := exec.Command("go", "build", "-o", filepath.Join(bin, "mtgc"), ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	proj := filepath.Join(dir, "proj")
	rules := filepath.Join(proj, "rules")
	if err := os.MkdirAll(rules, 0o755); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("../../rules/*.[mt][ts][gv]")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err == nil {
			err = os.WriteFile(filepath.Join(rules, filepath.Base(f)), data, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(proj, "go.mod"), []byte("module example.com/proj\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	broken := filepath.Join(rules, "extra.mtg")
	if err := os.WriteFile(broken, []byte("edition cr2017 \"x\"\nsba \"704.5a\" {\n  for each player p where p.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	check := filepath.Join(dir, "check.lua")
	if err := os.WriteFile(check, []byte(nvimCheck), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := filepath.Abs("../../editors/nvim/mtgc.lua")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.txt")
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "--clean", "-u", cfg, broken, "-c", "luafile "+check)
	cmd.Dir = proj
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"OUT="+out, "LINE=2", "CHAR=28", "XDG_STATE_HOME="+dir, "XDG_DATA_HOME="+dir, "XDG_CONFIG_HOME="+dir)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nvim: %v\n%s", err, b)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	got := string(data)
	for _, want := range []string{"diagnostics true\n", "\nitem life\n", "\nitem mana\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("Neovim: no %q in\n%s", want, got)
		}
	}
	if strings.Contains(got, "\nitem power\n") {
		t.Errorf("Neovim: completion after p. offers power:\n%s", got)
	}
	// The README gives this very file.
	readme, err := os.ReadFile("../../editors/README.md")
	if err != nil {
		t.Fatal(err)
	}
	lua, _ := os.ReadFile(cfg)
	if !strings.Contains(string(readme), "```lua\n"+string(lua)+"```\n") {
		t.Errorf("editors/README.md does not give editors/nvim/mtgc.lua as it is")
	}
}
