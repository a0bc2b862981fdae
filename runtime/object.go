package runtime

// Object is a card, token or copy in some zone. Fields that are slices
// (Subtypes, Triggers) are never mutated in place, so clones share them.
type Object struct {
	Name       string
	Owner      int8
	Controller int8
	Zone       Zone
	Types      TypeSet
	Super      SuperSet
	Subtypes   []string
	Power      int32 // printed power
	Toughness  int32 // printed toughness
	Damage     int32 // marked damage
	Counters   [NumCounterKinds]int32
	Keywords   KeywordSet // printed keywords
	Cost       Cost
	Tapped     bool
	PhasedOut  bool
	Token      bool
	// Fresh is set while the controller has not controlled the permanent
	// continuously since their most recent turn began.
	Fresh      bool
	AttachedTo ObjID
	Triggers   []Trigger
	Timestamp  uint32 // when it entered its zone
}

// Card describes an object to create: decks, tokens, test fixtures.
type Card struct {
	Name      string
	Types     TypeSet
	Super     SuperSet
	Subtypes  []string
	Power     int32
	Toughness int32
	Keywords  []string
	Cost      Cost
	Token     bool
	Triggers  []Trigger
}

// Obj returns the object with the given ID. The pointer is valid until the
// next object is created.
func (g *Game) Obj(x ObjID) *Object { return &g.Objs[x] }

// Is reports whether x has any of the card types in t.
func (g *Game) Is(x ObjID, t TypeSet) bool { return g.Objs[x].Types&t != 0 }

// HasKeyword reports whether x has keyword k, printed or granted by an effect.
func (g *Game) HasKeyword(x ObjID, k int) bool {
	o := &g.Objs[x]
	if o.Keywords.Has(k) {
		return true
	}
	for i := range g.Effects {
		e := &g.Effects[i]
		if e.Target == x && e.Keywords.Has(k) {
			return true
		}
	}
	return false
}

// HasKeywordNamed is HasKeyword by name; false for unknown keywords.
func (g *Game) HasKeywordNamed(x ObjID, name string) bool {
	k := g.Rules.Keyword(name)
	return k >= 0 && g.HasKeyword(x, k)
}

// Power is x's power: printed, counters and effects.
func (g *Game) Power(x ObjID) int32 {
	o := &g.Objs[x]
	p := o.Power + o.Counters[CounterPlus] - o.Counters[CounterMinus]
	for i := range g.Effects {
		if g.Effects[i].Target == x {
			p += g.Effects[i].Power
		}
	}
	return p
}

// Toughness is x's toughness: printed, counters and effects.
func (g *Game) Toughness(x ObjID) int32 {
	o := &g.Objs[x]
	t := o.Toughness + o.Counters[CounterPlus] - o.Counters[CounterMinus]
	for i := range g.Effects {
		if g.Effects[i].Target == x {
			t += g.Effects[i].Toughness
		}
	}
	return t
}

// manaColor is the color of mana a land can tap for, if any.
func (o *Object) manaColor() (Color, bool) {
	if o.Types&TypeLand == 0 {
		return 0, false
	}
	for _, s := range o.Subtypes {
		if c, ok := basicColor(s); ok {
			return c, true
		}
	}
	return 0, false
}
