package compiler

// The vocabulary of the language, exported for other back ends (the
// interpreter) so that they can prove they know every name the checker
// accepts: a verb or attribute added here without them fails their tests.

// VerbInfo describes a statement verb: its argument types and whether it
// asks a player to decide.
type VerbInfo struct {
	Args     []Type
	Blocking bool
}

// KindInfo describes a query kind of `for each KIND v`, count() and keeps():
// Over is the runtime.Over constant's name ("OverPlayers", ...) and Types
// the Go expression of its TypeSet, or "".
type KindInfo struct {
	Over  string
	Types string
}

// Vocabulary lists every name the checker knows, with its type.
type Vocabulary struct {
	ObjectAttrs map[string]Type
	PlayerAttrs map[string]Type
	GameAttrs   map[string]Type
	Kinds       map[string]KindInfo
	Verbs       map[string]VerbInfo
	Zones       []string
	Endings     []string
	Counters    []string
	Events      []string
	Functions   []string
	Preventable []string
}

// Vocab returns the language's vocabulary (a fresh copy).
func Vocab() Vocabulary {
	attrTypes := func(m map[string]attr) map[string]Type {
		out := make(map[string]Type, len(m))
		for k, a := range m {
			out[k] = a.t
		}
		return out
	}
	v := Vocabulary{
		ObjectAttrs: attrTypes(objectAttrs),
		PlayerAttrs: attrTypes(playerAttrs),
		GameAttrs:   attrTypes(gameAttrs),
		Kinds:       map[string]KindInfo{},
		Verbs:       map[string]VerbInfo{},
		Zones:       keys(zones),
		Endings:     keys(endings),
		Counters:    keys(counters),
		Events:      keys(events),
		Functions:   append([]string(nil), functions...),
		Preventable: keys(preventable),
	}
	for k, ki := range kinds {
		v.Kinds[k] = KindInfo{Over: ki.over, Types: ki.types}
	}
	for k, vb := range verbs {
		v.Verbs[k] = VerbInfo{Args: append([]Type(nil), vb.args...), Blocking: vb.blocking}
	}
	return v
}
