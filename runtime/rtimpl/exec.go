package rtimpl

// Exec is the game as the rules' code sees it: the verbs, attributes and
// functions of the language's vocabulary, the scratch stack of its loops
// and the hooks of generated engines and the interpreter. A host
// (simulator, judge tool, search) plays through *Game's methods and needs
// none of these; a test fixture that stages a position may call them as
// runtime.Exec{Game: g}.Verb(...), as the rules would.
//
// Exec is a value holding the game: passing it costs what passing *Game
// does, and the game's own methods are reachable through it.
type Exec struct{ *Game }

func (g *Game) exec() Exec { return Exec{g} }
