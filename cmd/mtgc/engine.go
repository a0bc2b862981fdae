package main

import (
	"flag"
	"fmt"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/engine"
	"github.com/mtgc-dev/mtgc/interp"
	rt "github.com/mtgc-dev/mtgc/runtime"
)

// engineFlag registers -engine on a command that runs rules.
func engineFlag(fs *flag.FlagSet, p *string) {
	fs.StringVar(p, "engine", "auto", "compiled: the engine built into mtgc (refused if the rules differ from the ones it was generated from); interp: the interpreter, straight from the .mtg files; auto: compiled if it was generated from these rules, else interp")
}

// selectEngine returns the rules a command runs p with: the compiled-in
// engine, or the interpreter when asked or when p is not what the engine
// was generated from (a maintainer's edited .mtg files run at once). note,
// if not empty, says which was chosen and why, for stderr.
func selectEngine(mode string, p *compiler.Program, rulesDir, verb string) (r *rt.Rules, note string, err error) {
	switch mode {
	case "compiled":
		if err := checkEngine(rulesDir, verb); err != nil {
			return nil, "", err
		}
		return engine.Rules, "", nil
	case "interp", "interpreted":
		r, err := interp.Rules(p)
		return r, "", err
	case "auto", "":
		if p.Hash == engine.SourceHash {
			return engine.Rules, "", nil
		}
		r, err := interp.Rules(p)
		where := "the embedded rules"
		if rulesDir != "" {
			where = rulesDir
		}
		return r, fmt.Sprintf("mtgc %s: %s differ from the rules mtgc's engine was generated from: running them on the interpreter (-engine=compiled to refuse)", verb, where), err
	}
	return nil, "", usagef("-engine %q: want compiled, interp or auto", mode)
}
