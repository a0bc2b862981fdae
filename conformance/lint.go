package conformance

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mtgc-dev/mtgc/compiler"
	"golang.org/x/tools/txtar"
)

// Problem is one thing wrong with a script, for editors: its line and
// column (1-based, bytes) and the message without the position.
type Problem struct {
	Line, Col int
	Msg       string
}

// LintScript finds what would make the script fail before its game runs: a
// missing or empty "# rules:" line, rules not in idx (if not nil), a
// command that is not in the vocabulary (conformance/README.md) or that
// CheckScript refuses.
func LintScript(data []byte, idx *compiler.Index) []Problem {
	var out []Problem
	h, err := ReadHeader("", data)
	if err != nil {
		line := 1
		if m := regexp.MustCompile(`^:(\d+): `).FindStringSubmatch(err.Error()); m != nil {
			fmt.Sscan(m[1], &line)
		}
		out = append(out, Problem{Line: line, Col: 1, Msg: strings.TrimLeft(strings.TrimPrefix(err.Error(), ":"), "0123456789: ")})
	} else if idx != nil {
		lines := strings.Split(string(data), "\n")
		text := lines[h.Line-1]
		for _, r := range h.Rules {
			if !idx.Has(r) {
				col := strings.Index(text, r) + 1
				out = append(out, Problem{Line: h.Line, Col: col, Msg: fmt.Sprintf("# rules: names %s, which is not in the %s index%s", r, idx.Edition, suggest(idx, r))})
			}
		}
	}
	known := Commands()
	ar := txtar.Parse(data)
	for i, line := range strings.Split(string(ar.Comment), "\n") {
		cmd, dollar, ok := commandOf(line)
		if !ok {
			continue
		}
		col := strings.Index(line, cmd) + 1
		switch why, unsafe := unsafeBuiltins[cmd]; {
		case dollar:
			out = append(out, Problem{Line: i + 1, Col: col, Msg: "a command can't be named through a variable: conformance scripts run only the commands of conformance/README.md"})
		case unsafe:
			out = append(out, Problem{Line: i + 1, Col: col, Msg: fmt.Sprintf("%s is not available in conformance scripts: it %s", cmd, why)})
		case known[cmd] == nil && !safeBuiltins[cmd]:
			out = append(out, Problem{Line: i + 1, Col: col, Msg: fmt.Sprintf("unknown command %s (the vocabulary is in conformance/README.md)", cmd)})
		}
	}
	return out
}

// ScriptCommands lists the commands a script may use: the vocabulary of
// conformance/README.md and the safe testscript builtins.
func ScriptCommands() []string {
	var out []string
	for k := range Commands() {
		out = append(out, k)
	}
	for k := range safeBuiltins {
		out = append(out, k)
	}
	return out
}
