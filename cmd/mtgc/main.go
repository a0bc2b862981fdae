// Command mtgc compiles rules of Magic: The Gathering written in .mtg into
// Go engines, and checks engines against conformance corpora.
//
// Usage:
//
//	mtgc <command> [flags] [arguments]
//
// Commands: check, gen, fmt, test, coverage, play, replay, sim, rules, flatten,
// mutate, difftest, diff-editions, lsp, serve, version. Run "mtgc help <command>"
// for each command's flags; flags may also follow the arguments, as with
// the go command (mtgc test conformance/testdata -run 514.1). Exit status:
// 0 success, 1 failures or errors found, 2 usage errors.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"

	"github.com/mtgc-dev/mtgc/rules"
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
	stdin          io.Reader
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
	return []*command{checkCmd, genCmd, fmtCmd, testCmd, coverageCmd, playCmd, replayCmd, simCmd, rulesCmd, flattenCmd, mutateCmd, difftestCmd, diffEditionsCmd, lspCmd, serveCmd, versionCmd}
}

func main() {
	os.Exit(run(&cli{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr}, os.Args[1:]))
}

func usage(w io.Writer) {
	fmt.Fprintf(w, "mtgc compiles the rules of a Magic: The Gathering turn, written in .mtg, into Go.\n\nUsage:\n\n\tmtgc <command> [flags] [arguments]\n\nCommands:\n\n")
	width := len("help")
	for _, c := range commands() {
		width = max(width, len(c.name))
	}
	for _, c := range commands() {
		fmt.Fprintf(w, "\t%-*s  %s\n", width, c.name, c.short)
	}
	fmt.Fprintf(w, "\t%-*s  %s\n", width, "help", "Print a command's help: mtgc help <command>.")
	fmt.Fprintf(w, "\nRun \"mtgc help <command>\" for a command's flags. Without a rules directory,\ncommands use the embedded default ruleset (edition %s; $MTGC_EDITION names another).\n", rules.Default)
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
	case "-version", "--version":
		args = append([]string{"version"}, args[1:]...)
	}
	c := findCommand(args[0])
	if c == nil {
		fmt.Fprintf(ctx.stderr, "mtgc: unknown command %q\nRun 'mtgc help' for the list of commands.\n", args[0])
		return 2
	}
	if ctx.stdin == nil {
		ctx.stdin = os.Stdin
	}
	fs := newFlagSet(c, ctx.stderr)
	// The flag package would print its error and then the whole usage:
	// mtgc prints the error, named by the command, and a one-line hint.
	fullUsage := fs.Usage
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	positional, err := parseInterspersed(fs, args[1:])
	fs.SetOutput(ctx.stderr)
	fs.Usage = fullUsage
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.Usage()
			return 0
		}
		fmt.Fprintf(ctx.stderr, "mtgc %s: %v\n%s", c.name, err, hint(c.name))
		return 2
	}
	if e := os.Getenv("MTGC_EDITION"); e != "" {
		if _, ok := rules.Lookup(e); !ok {
			fmt.Fprintf(ctx.stderr, "mtgc %s: $MTGC_EDITION=%s: no such embedded edition (there are %s)\n", c.name, e, rules.Names())
			return 2
		}
	}
	err = c.run(ctx, fs, positional)
	var ue usageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(ctx.stderr, "mtgc %s: %s\n%s", c.name, ue.msg, hint(c.name))
		return 2
	case errors.Is(err, errUsage):
		fmt.Fprintf(ctx.stderr, "mtgc %s: %s\n%s", c.name, argsWanted(c, positional), hint(c.name))
		return 2
	case errors.Is(err, errFailed):
		return 1
	default:
		fmt.Fprint(ctx.stderr, prefixError(c.name, err.Error()))
		return 1
	}
}

// hint is the line after a usage error, instead of the whole usage.
func hint(cmd string) string {
	return fmt.Sprintf("Run 'mtgc help %s' for usage.\n", cmd)
}

// parseInterspersed parses args as the go command does: flags may come
// before, between and after the positional arguments, which it returns in
// order; everything after "--" is positional.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, nil
		}
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			return append(positional, rest...), nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// argsWanted says why the positional arguments were refused.
func argsWanted(c *command, got []string) string {
	want := "no arguments"
	if c.args != "" {
		want = c.args
	}
	if len(got) == 0 {
		return fmt.Sprintf("missing arguments: want %s", want)
	}
	return fmt.Sprintf("unexpected arguments %q: want %s", got, want)
}

// position is what starts a positioned error: "file:line:" or
// "file:line:col:".
var position = regexp.MustCompile(`^[^\s:]+:[0-9]+(:[0-9]+)?: `)

// prefixError names the command in an error message, as the go command
// does ("mtgc check: stat /nonexistent: no such file or directory"). A
// message that already names it is kept; one made of positioned lines
// ("file:line:col: message", the format editors and CI read) gets a line of
// its own before them, so that each still starts with its position.
func prefixError(cmd, msg string) string {
	msg = strings.TrimRight(msg, "\n") + "\n"
	switch {
	case strings.HasPrefix(msg, "mtgc "):
		return msg
	case position.MatchString(msg):
		n := 0
		for _, line := range strings.Split(strings.TrimRight(msg, "\n"), "\n") {
			if position.MatchString(line) {
				n++
			}
		}
		what := "1 error"
		if n > 1 {
			what = fmt.Sprintf("%d errors", n)
		}
		return fmt.Sprintf("mtgc %s: %s:\n%s", cmd, what, msg)
	}
	return fmt.Sprintf("mtgc %s: %s", cmd, msg)
}

// help prints a command's help on stdout (mtgc help test), or the list of
// commands.
func help(ctx *cli, args []string) int {
	switch len(args) {
	case 0:
		usage(ctx.stdout)
		return 0
	case 1:
		if args[0] == "help" {
			fmt.Fprintf(ctx.stdout, "usage: mtgc help [command]\n\nPrint a command's usage and flags, or, with no command, the list of commands.\n")
			return 0
		}
		if c := findCommand(args[0]); c != nil {
			fs := newFlagSet(c, ctx.stdout)
			fs.Usage()
			return 0
		}
		fmt.Fprintf(ctx.stderr, "mtgc help: unknown command %q\nRun 'mtgc help' for the list of commands.\n", args[0])
	default:
		fmt.Fprintf(ctx.stderr, "mtgc help: unexpected arguments %q: want [command]\nRun 'mtgc help help' for usage.\n", args[1:])
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
