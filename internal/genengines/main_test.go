package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mtgc-dev/mtgc/rules"
)

// TestCheckedIn: the engines and the registry checked in under engine/ are
// what the generator writes (what CI's go generate ./... && git diff
// checks, without writing).
func TestCheckedIn(t *testing.T) {
	_, stale, err := generate(filepath.Join("..", "..", "engine"))
	if err != nil {
		t.Fatal(err)
	}
	if len(stale) > 0 {
		t.Errorf("stale, missing or left over (run go generate ./...):\n\t%s", strings.Join(stale, "\n\t"))
	}
}

// TestFresh: into an empty directory, one engine per edition and the
// registry naming each; applied, a second run changes nothing. A generated
// engine of an edition no longer embedded is removed with its directory;
// a hand-written engine_gen.go is left alone.
func TestFresh(t *testing.T) {
	out := t.TempDir()
	for dir, text := range map[string]string{
		"gone": genMarker + "v1 from gone/turn.mtg. DO NOT EDIT.\n\npackage gone\n",
		"mine": "package mine\n",
	} {
		if err := os.MkdirAll(filepath.Join(out, dir), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(out, dir, "engine_gen.go"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	changes, _, err := generate(out)
	if err != nil {
		t.Fatal(err)
	}
	var written, removed []string
	for _, f := range changes {
		rel, _ := filepath.Rel(out, f.path)
		if f.data == nil {
			removed = append(removed, filepath.ToSlash(rel))
		} else {
			written = append(written, filepath.ToSlash(rel))
		}
		if err := f.apply(); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{"all/all_gen.go"}
	for _, ed := range rules.Editions() {
		want = append(want, filepath.ToSlash(filepath.Join(ed.Dir, "engine_gen.go")))
	}
	slices.Sort(want)
	slices.Sort(written)
	if !slices.Equal(written, want) {
		t.Errorf("written %v, want %v", written, want)
	}
	if !slices.Equal(removed, []string{"gone/engine_gen.go"}) {
		t.Errorf("removed %v, want [gone/engine_gen.go]", removed)
	}
	if _, err := os.Stat(filepath.Join(out, "gone")); !os.IsNotExist(err) {
		t.Errorf("engine/gone is still there (%v)", err)
	}
	if _, err := os.Stat(filepath.Join(out, "mine", "engine_gen.go")); err != nil {
		t.Errorf("a hand-written engine_gen.go was removed: %v", err)
	}
	reg, err := os.ReadFile(filepath.Join(out, "all", "all_gen.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, ed := range rules.Editions() {
		if ed.Dir != "." && !strings.Contains(string(reg), "\t"+ed.Name+".Rules,") {
			t.Errorf("the registry does not list %s:\n%s", ed.Name, reg)
		}
	}
	if again, _, err := generate(out); err != nil || len(again) > 0 {
		t.Errorf("a second run: %d changes (%v)", len(again), err)
	}
}
