package conformance

import (
	"fmt"
	"path"
	"strings"

	"golang.org/x/tools/txtar"
)

// A conformance script is untrusted data: running somebody else's corpus in
// CI must not run a program or write outside the script's work directory.
// testscript's builtin commands take precedence over Params.Cmds and can't
// be removed, so every script is read before it runs and refused if it
// uses one that could (exec, cp, mv, rm, ...), names a command through a
// variable, or carries a file whose name leaves the work directory.

// safeBuiltins are the testscript builtins a script may use: they compare
// and read, and never run a program or write a file.
var safeBuiltins = map[string]bool{
	"cmp": true, "cmpenv": true, "stdout": true, "stderr": true,
	"exists": true, "grep": true, "skip": true, "stop": true,
}

// unsafeBuiltins are the testscript builtins refused, with why: all those
// of go-internal v1.16 but safeBuiltins (TestSandboxVersion fails when the
// version changes, so that a new builtin is looked at).
var unsafeBuiltins = map[string]string{
	"exec": "runs a program", "kill": "signals a program", "wait": "waits for programs",
	"stdin": "feeds a program", "ttyin": "feeds a program", "ttyout": "reads a program",
	"cp": "writes files", "mv": "moves files", "rm": "removes files", "mkdir": "creates directories",
	"chmod": "changes permissions", "symlink": "creates links", "unquote": "rewrites files",
	"unix2dos": "rewrites files", "cd": "leaves the work directory", "env": "changes the environment",
}

// CheckScript reports why the script name (its txtar data) may not run, or
// nil: the first forbidden command or file, as name:line: message.
func CheckScript(name string, data []byte) error {
	ar := txtar.Parse(data)
	for i, line := range strings.Split(string(ar.Comment), "\n") {
		cmd, dollar, ok := commandOf(line)
		if !ok {
			continue
		}
		at := fmt.Sprintf("%s:%d", name, i+1)
		if dollar {
			return fmt.Errorf("%s: a command can't be named through a variable (%q): conformance scripts run only the commands of conformance/README.md", at, cmd)
		}
		if why, bad := unsafeBuiltins[cmd]; bad {
			return fmt.Errorf("%s: %s is not available in conformance scripts: it %s (scripts are untrusted data: no command may run a program or write outside the script's work directory)", at, cmd, why)
		}
		if err := checkFileArgs(at, cmd, line); err != nil {
			return err
		}
		// Any other name is ours, a safe builtin, or unknown: testscript
		// reports unknown commands itself, with suggestions.
	}
	for _, f := range ar.Files {
		if !localName(f.Name) {
			return fmt.Errorf("%s: file %q: a script's files must stay in its work directory (a relative name without .., $ or \\)", name, f.Name)
		}
	}
	return nil
}

// checkFileArgs refuses a file argument of a builtin that reads files
// (cmp, cmpenv, grep, exists) that could name something outside the work
// directory: /proc/self/environ, /etc/passwd, ../../x, $HOME/x. Scripts
// can't create links (symlink is refused, txtar files are regular), so a
// local name is a file the script itself carries, or stdout/stderr.
func checkFileArgs(at, cmd, line string) error {
	args, _ := splitArgs(line)
	for len(args) > 0 && (strings.HasPrefix(args[0], "[") && strings.HasSuffix(args[0], "]") || args[0] == "!") {
		args = args[1:]
	}
	if len(args) == 0 {
		return nil
	}
	args = args[1:]
	if len(args) > 0 && args[len(args)-1] == "&" {
		args = args[:len(args)-1]
	}
	var files []string
	switch cmd {
	case "cmp", "cmpenv":
		files = args
	case "exists":
		for len(args) > 0 && (args[0] == "-readonly" || args[0] == "-exec") {
			args = args[1:]
		}
		files = args
	case "grep":
		if len(args) > 0 && strings.HasPrefix(args[0], "-count=") {
			args = args[1:]
		}
		if len(args) > 1 {
			files = args[1:]
		}
	}
	for _, f := range files {
		if !localName(f) {
			return fmt.Errorf("%s: %s %q: a file a script reads must be in its work directory (a relative name without .., $ or \\): scripts can't read the host's files", at, cmd, f)
		}
	}
	return nil
}

// localName reports whether a txtar file name stays under the work
// directory once testscript expands and joins it.
func localName(n string) bool {
	if n == "" || strings.ContainsAny(n, "$\\\x00") || strings.HasPrefix(n, "/") {
		return false
	}
	c := path.Clean(n)
	return c != ".." && !strings.HasPrefix(c, "../")
}

// commandOf returns the command a script line runs (after its [conditions]
// and "!"), reading the line as testscript does, and whether the name has
// an unquoted $ (a variable testscript would expand). ok is false for a
// blank or comment line.
func commandOf(line string) (cmd string, dollar, ok bool) {
	args, dollars := splitArgs(line)
	for len(args) > 0 && strings.HasPrefix(args[0], "[") && strings.HasSuffix(args[0], "]") {
		args, dollars = args[1:], dollars[1:]
	}
	if len(args) > 0 && args[0] == "!" {
		args, dollars = args[1:], dollars[1:]
	}
	if len(args) == 0 {
		return "", false, false
	}
	return args[0], dollars[0], true
}

// splitArgs splits a line into words as testscript's parser does (spaces,
// 'quotes' with ” for a quote, # ends the line), without expanding.
func splitArgs(line string) (args []string, dollars []bool) {
	var b strings.Builder
	word, quoted, dollar := false, false, false
	for i := 0; i <= len(line); i++ {
		if !quoted && (i == len(line) || strings.IndexByte(" \t\r#", line[i]) >= 0) {
			if word {
				args, dollars = append(args, b.String()), append(dollars, dollar)
				b.Reset()
				word, dollar = false, false
			}
			if i == len(line) || line[i] == '#' {
				break
			}
			continue
		}
		if i == len(line) {
			break // unterminated quote: testscript fails the line itself
		}
		word = true
		switch c := line[i]; {
		case c == '\'' && quoted && i+1 < len(line) && line[i+1] == '\'':
			b.WriteByte('\'')
			i++
		case c == '\'':
			quoted = !quoted
		default:
			if c == '$' && !quoted {
				dollar = true
			}
			b.WriteByte(c)
		}
	}
	if quoted && word {
		args, dollars = append(args, b.String()), append(dollars, dollar)
	}
	return args, dollars
}
