package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/rogpeppe/go-internal/diff"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/grammar"
	"github.com/mtgc-dev/mtgc/internal/safeio"
)

var fmtList, fmtDiff, fmtWrite bool

var fmtCmd = &command{
	name:  "fmt",
	args:  "[path ...]",
	short: "Format .mtg files canonically (like gofmt); with no path or -, standard input.",
	flags: func(fs *flag.FlagSet) {
		fs.BoolVar(&fmtList, "l", false, "list files whose formatting differs")
		fs.BoolVar(&fmtDiff, "d", false, "print diffs instead of formatted files")
		fs.BoolVar(&fmtWrite, "w", false, "write the result back to the file (atomically)")
	},
	run: func(ctx *cli, fs *flag.FlagSet, args []string) error {
		if len(args) == 0 || (len(args) == 1 && args[0] == "-") {
			if fmtWrite {
				return usagef("-w needs file arguments")
			}
			src, err := safeio.ReadAll(ctx.stdin, "<stdin>", compiler.MaxSourceBytes)
			if err != nil {
				return err
			}
			return fmtOne(ctx, "<stdin>", src, false)
		}
		for _, a := range args {
			if a == "-" {
				return usagef("- (standard input) must be the only argument")
			}
		}
		files, err := mtgFiles(args)
		if err != nil {
			return err
		}
		failed := false
		for _, f := range files {
			src, err := safeio.ReadFile(f, compiler.MaxSourceBytes)
			if err == nil {
				err = fmtOne(ctx, f, src, true)
			}
			if err != nil {
				fmt.Fprint(ctx.stderr, prefixError("fmt", err.Error()))
				failed = true
			}
		}
		if failed {
			return errFailed
		}
		return nil
	},
}

// fmtOne formats one file; a file that does not parse is never rewritten.
func fmtOne(ctx *cli, name string, src []byte, isFile bool) error {
	out, err := grammar.FormatSource(name, src)
	if err != nil {
		return err
	}
	changed := !bytes.Equal(src, out)
	if fmtList && changed {
		fmt.Fprintln(ctx.stdout, name)
	}
	if fmtDiff && changed {
		ctx.stdout.Write(diff.Diff(name+".orig", src, name, out))
	}
	if fmtWrite && isFile && changed {
		if err := writeFileAtomic(name, out); err != nil {
			return err
		}
	}
	if !fmtList && !fmtDiff && !fmtWrite {
		ctx.stdout.Write(out)
	}
	return nil
}

// mtgFiles expands directories into their .mtg files.
func mtgFiles(args []string) ([]string, error) {
	var out []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			out = append(out, a)
			continue
		}
		m, err := filepath.Glob(filepath.Join(a, "*.mtg"))
		if err != nil {
			return nil, err
		}
		sort.Strings(m)
		out = append(out, m...)
	}
	return out, nil
}

func readFile(path string) ([]byte, error) { return safeio.ReadFile(path, compiler.MaxSourceBytes) }

// titleOf returns the index title of a rule, or "".
func titleOf(titles map[string]string, n string) string {
	return strings.TrimSpace(titles[n])
}
