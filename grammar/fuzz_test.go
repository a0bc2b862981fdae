package grammar_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mtgc-dev/mtgc/grammar"
)

// FuzzParse checks that ParseFile never fails internally, that its errors
// are positioned, sorted and capped, and that whatever parses formats to
// text that parses back to the same tree and formats the same again.
//
// Run it with a bound on minimising, which otherwise takes a minute per
// new input:
//
//	go test ./grammar -run '^$' -fuzz FuzzParse -fuzztime 3m -fuzzminimizetime 5s
//
// The seeds are small: the test files, and each paragraph of the rules
// (whole rule files, tens of kilobytes, made each execution slow and
// minimising slower; they are parsed whole by the other tests).
func FuzzParse(f *testing.F) {
	for _, glob := range []string{"../rules/*.mtg", "testdata/*.mtg", "testdata/errors/*.mtg"} {
		files, _ := filepath.Glob(glob)
		for _, file := range files {
			src, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			if !strings.HasPrefix(file, "../rules/") {
				f.Add(src)
				continue
			}
			for _, para := range bytes.Split(src, []byte("\n\n")) {
				f.Add(append([]byte("edition cr2017 \"x\"\n"), para...))
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file, err := grammar.ParseFile("fuzz.mtg", src)
		if err != nil {
			var list grammar.ErrorList
			if !errors.As(err, &list) || len(list) == 0 || len(list) > 50 {
				t.Fatalf("bad error %T: %v", err, err)
			}
			for i, e := range list {
				if strings.Contains(e.Msg, "internal") || e.Pos.Line < 1 || e.Pos.Col < 1 {
					t.Fatalf("bad error: %v", e)
				}
				if i > 0 && (e.Pos.Line < list[i-1].Pos.Line ||
					e.Pos.Line == list[i-1].Pos.Line && e.Pos.Col < list[i-1].Pos.Col) {
					t.Fatalf("errors not sorted: %v", err)
				}
			}
			return
		}
		out := grammar.Format(file)
		again, err := grammar.ParseFile("fuzz.mtg", out)
		if err != nil {
			t.Fatalf("formatted output does not parse: %v\n%s", err, out)
		}
		if out2 := grammar.Format(again); !bytes.Equal(out, out2) {
			t.Fatalf("Format is not idempotent:\n%s", cmp.Diff(string(out), string(out2)))
		}
		// cmp.Equal is slower than parsing; compare without positions instead.
		zeroPos(reflect.ValueOf(file))
		zeroPos(reflect.ValueOf(again))
		if !reflect.DeepEqual(file, again) {
			t.Fatalf("tree changed by formatting (-before +after)\n%s", cmp.Diff(file, again))
		}
	})
}

var posType = reflect.TypeFor[grammar.Pos]()

// zeroPos clears every Pos in the tree v points to.
func zeroPos(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			zeroPos(v.Elem())
		}
	case reflect.Slice:
		for i := range v.Len() {
			zeroPos(v.Index(i))
		}
	case reflect.Struct:
		if v.Type() == posType {
			v.SetZero()
			return
		}
		for i := range v.NumField() {
			zeroPos(v.Field(i))
		}
	}
}
