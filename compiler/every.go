package compiler

import "github.com/mtgc-dev/mtgc/grammar"

func everySkips(d *grammar.EveryDecl) []*grammar.Skip { return nil }
