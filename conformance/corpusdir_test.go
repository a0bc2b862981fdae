package conformance

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCorpusDir: RunCorpus runs the upstream scripts where they are in the
// module's source, so that a downstream failure names
// .../conformance/testdata/NAME.txtar, not a temporary copy; a directory
// whose scripts differ from the embedded ones is not taken for it.
func TestCorpusDir(t *testing.T) {
	want, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	got, err := corpusDir(tmp)
	if err != nil || got != want {
		t.Errorf("corpusDir = %q, %v; want %q", got, err, want)
	}
	copyDir, err := Extract(CorpusFS(), tmp)
	if err != nil {
		t.Fatal(err)
	}
	if !sameCorpus(copyDir) {
		t.Errorf("an extracted copy is not the same corpus")
	}
	if err := os.WriteFile(filepath.Join(copyDir, "zz-extra.txtar"), []byte("# rules: 100.1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if sameCorpus(copyDir) {
		t.Errorf("a directory with an extra script is taken for the corpus")
	}
	if sameCorpus(t.TempDir()) {
		t.Errorf("an empty directory is taken for the corpus")
	}
}
