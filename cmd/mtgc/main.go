// Command mtgc compiles rules of Magic: The Gathering written in .mtg into
// Go engines, and checks engines against conformance corpora.
//
// Usage:
//
//	mtgc <command> [flags] [arguments]
//
// Commands: check, gen, fmt, test, coverage, play, rules, mutate,
// difftest, lsp, serve, version. Run "mtgc help <command>" for each command's
// flags. Exit status: 0 success, 1 failures or errors found, 2 usage errors.
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

// usageError is a usage error with a message: a bad flag value, a missing
// argument. It exits 2 like errUsage.
type usageError struct{ msg string }

func (e usageError) Error() string        { return e.msg }
func (e usageError) Is(target error) bool { return target == errUsage }

func usagef(format string, args ...any) error {
	return usageError{fmt.Sprintf(format, args...)}
}

func commands() []*command {
	return []*command{checkCmd, genCmd, fmtCmd, testCmd, coverageCmd, playCmd, replayCmd, simCmd, rulesCmd, mutateCmd, difftestCmd, diffEditionsCmd, lspCmd, serveCmd, versionCmd}
}

func main() {
	os.Exit(run(&cli{stdout: os.Stdout, stderr: os.Stderr}, os.Args[1:]))
}

func usage(w io.Writer) {
	fmt.Fprintf(w, "mtgc compiles the rules of a Magic: The Gathering turn, written in .mtg, into Go.\n\nUsage:\n\n\tmtgc <command> [flags] [arguments]\n\nCommands:\n\n")
	for _, c := range commands() {
		fmt.Fprintf(w, "\t%-8s %s\n", c.name, c.short)
	}
	fmt.Fprintf(w, "\t%-8s %s\n", "help", "Print a command's help: mtgc help <command>.")
	fmt.Fprintf(w, "\nRun \"mtgc help <command>\" for a command's flags. Without a rules directory,\ncommands use the embedded default ruleset (edition cr2017).\n")
}

func run(ctx *cli, args []string) int {
	if len(args) == 0 {
		usage(ctx.stderr)
		return 2
	}
	switch args[0] {
	case "-h", "-help", "--help":
		usage(ctx.stdout)
		return 0
	case "help":
		return help(ctx, args[1:])
	}
	c := findCommand(args[0])
	if c == nil {
		fmt.Fprintf(ctx.stderr, "mtgc: unknown command %q\n", args[0])
		usage(ctx.stderr)
		return 2
	}
	fs := newFlagSet(c, ctx.stderr)
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	err := c.run(ctx, fs, fs.Args())
	var ue usageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(ctx.stderr, "mtgc %s: %s\nRun 'mtgc help %s' for usage.\n", c.name, ue.msg, c.name)
		return 2
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

// help prints a command's help on stdout (mtgc help test), or the list of
// commands.
func help(ctx *cli, args []string) int {
	switch len(args) {
	case 0:
		usage(ctx.stdout)
		return 0
	case 1:
		if c := findCommand(args[0]); c != nil {
			fs := newFlagSet(c, ctx.stdout)
			fs.Usage()
			return 0
		}
		fmt.Fprintf(ctx.stderr, "mtgc help: unknown command %q\n", args[0])
	default:
		fmt.Fprintf(ctx.stderr, "usage: mtgc help <command>\n")
	}
	return 2
}

func findCommand(name string) *command {
	for _, c := range commands() {
		if c.name == name {
			return c
		}
	}
	return nil
}

// newFlagSet makes c's flag set, its usage printed on w.
func newFlagSet(c *command, w io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("mtgc "+c.name, flag.ContinueOnError)
	fs.SetOutput(w)
	fs.Usage = func() {
		fmt.Fprintf(w, "usage: mtgc %s [flags] %s\n\n%s\n", c.name, c.args, c.short)
		if hasFlags(fs) {
			fmt.Fprintf(w, "\nFlags:\n")
			fs.PrintDefaults()
		}
	}
	if c.flags != nil {
		c.flags(fs)
	}
	return fs
}

func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}
