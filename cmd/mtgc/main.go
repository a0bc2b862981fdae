// Command mtgc compiles rules of Magic: The Gathering written in .mtg into
// Go engines, and checks engines against conformance corpora.
//
// Usage:
//
//	mtgc <command> [flags] [arguments]
//
// Commands: check, gen, fmt, test, coverage, play, rules, mutate,
// difftest. Run "mtgc <command> -h" for each command's flags. Exit status:
// 0 success, 1 failures or errors found, 2 usage errors.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

// command is one verb of the CLI.
type command struct {
	name  string
	args  string
	short string
	run   func(ctx *cli, fs *flag.FlagSet, args []string) error
	flags func(fs *flag.FlagSet)
}

// cli carries the process environment, so commands are testable.
type cli struct {
	stdout, stderr io.Writer
}

// errUsage marks usage errors (exit 2); errFailed marks failures already
// reported (exit 1).
var (
	errUsage  = errors.New("usage")
	errFailed = errors.New("failed")
)

func commands() []*command {
	return []*command{checkCmd, genCmd, fmtCmd, testCmd, coverageCmd, playCmd, rulesCmd, mutateCmd, difftestCmd}
}

func main() {
	os.Exit(run(&cli{stdout: os.Stdout, stderr: os.Stderr}, os.Args[1:]))
}

func usage(w io.Writer) {
	fmt.Fprintf(w, "mtgc compiles the rules of a Magic: The Gathering turn, written in .mtg, into Go.\n\nUsage:\n\n\tmtgc <command> [flags] [arguments]\n\nCommands:\n\n")
	for _, c := range commands() {
		fmt.Fprintf(w, "\t%-8s %s\n", c.name, c.short)
	}
	fmt.Fprintf(w, "\nRun \"mtgc <command> -h\" for a command's flags. Without a rules directory,\ncommands use the embedded default ruleset (edition cr2017).\n")
}

func run(ctx *cli, args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help" {
		usage(ctx.stderr)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	for _, c := range commands() {
		if c.name != args[0] {
			continue
		}
		fs := flag.NewFlagSet("mtgc "+c.name, flag.ContinueOnError)
		fs.SetOutput(ctx.stderr)
		fs.Usage = func() {
			fmt.Fprintf(ctx.stderr, "usage: mtgc %s [flags] %s\n\n%s\n", c.name, c.args, c.short)
			if hasFlags(fs) {
				fmt.Fprintf(ctx.stderr, "\nFlags:\n")
				fs.PrintDefaults()
			}
		}
		if c.flags != nil {
			c.flags(fs)
		}
		if err := fs.Parse(args[1:]); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return 0
			}
			return 2
		}
		err := c.run(ctx, fs, fs.Args())
		switch {
		case err == nil:
			return 0
		case errors.Is(err, errUsage):
			fs.Usage()
			return 2
		case errors.Is(err, errFailed):
			return 1
		default:
			fmt.Fprintln(ctx.stderr, err)
			return 1
		}
	}
	fmt.Fprintf(ctx.stderr, "mtgc: unknown command %q\n", args[0])
	usage(ctx.stderr)
	return 2
}

func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}
