package main

import (
	"flag"
	"fmt"

	cardengine "github.com/mtgc-dev/mtgc/cards/engine"
	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/engine/all"
	"github.com/mtgc-dev/mtgc/interp"
	rt "github.com/mtgc-dev/mtgc/runtime"
)

// compiledEngines are the generated engines built into mtgc, one per
// embedded edition (engine/ and engine/<edition>/): go generate ./...
// writes them and their list, engine/all (internal/genengines); and the
// card library's (cards/engine), which runs the library's rules read
// from cards/ (mtgc difftest -rules cards, mtgc test -rules cards).
var compiledEngines = append(all.Engines[:len(all.Engines):len(all.Engines)], cardengine.Rules)

// compiledFor returns the engine built into mtgc that was generated from
// the sources of that hash, or nil.
func compiledFor(hash string) *rt.Rules {
	for _, r := range compiledEngines {
		if r.SourceHash == hash {
			return r
		}
	}
	return nil
}

// compiledOf returns the engine built into mtgc for an edition, or nil.
func compiledOf(edition string) *rt.Rules {
	for _, r := range compiledEngines {
		if r.Edition == edition {
			return r
		}
	}
	return nil
}

// engineFlag registers -engine on a command that runs rules.
func engineFlag(fs *flag.FlagSet, p *string) {
	fs.StringVar(p, "engine", "auto", "compiled: the engine built into mtgc (refused if the rules differ from the ones it was generated from); interp: the interpreter, straight from the .mtg files; auto: compiled if it was generated from these rules, else interp")
}

// selectEngine returns the rules a command runs p with: the compiled-in
// engine of those rules, or the interpreter when asked or when no engine
// was generated from p (a maintainer's edited .mtg files run at once).
// note, if not empty, says which was chosen and why, for stderr.
func selectEngine(mode string, p *compiler.Program, rs ruleset, verb string) (r *rt.Rules, note string, err error) {
	switch mode {
	case "compiled":
		r, err := checkEngine(rs, verb)
		return r, "", err
	case "interp", "interpreted":
		r, err := interp.Rules(p)
		return r, "", err
	case "auto", "":
		if c := compiledFor(p.Hash); c != nil {
			return c, "", nil
		}
		r, err := interp.Rules(p)
		return r, fmt.Sprintf("mtgc %s: %s differ from the rules mtgc's engines were generated from: running them on the interpreter (-engine=compiled to refuse)", verb, rs), err
	}
	return nil, "", usagef("-engine %q: want compiled, interp or auto", mode)
}

// checkEngine returns the compiled engine of rs, refusing an engine older
// than the rules it claims to implement.
func checkEngine(rs ruleset, verb string) (*rt.Rules, error) {
	hash, err := rs.hash()
	if err != nil {
		return nil, err
	}
	if c := compiledFor(hash); c != nil {
		return c, nil
	}
	old := "none"
	if p, err := rs.load(); err == nil {
		if c := compiledOf(p.Edition); c != nil {
			old = c.SourceHash
		}
	}
	return nil, fmt.Errorf("mtgc %s: the compiled engine was generated from other rules than %s\n\t(engine %s, rules %s)\n\trun go generate ./... and rebuild mtgc, then %s again", verb, rs, old, hash, verb)
}
