package rtimpl

import "strings"

// ObjID identifies an object in a game. IDs are indexes into Game.Objs and
// are stable for the whole game, including across Clone.
type ObjID int32

// NoObj is the zero reference.
const NoObj ObjID = -1

// Zone is where an object is.
type Zone uint8

const (
	ZoneNone Zone = iota // ceased to exist
	ZoneLibrary
	ZoneHand
	ZoneBattlefield
	ZoneGraveyard
	ZoneStack
	ZoneExile
)

var zoneNames = [...]string{"none", "library", "hand", "battlefield", "graveyard", "stack", "exile"}

func (z Zone) String() string {
	if int(z) < len(zoneNames) {
		return zoneNames[z]
	}
	return "zone?"
}

// ParseZone maps a zone name to a Zone.
func ParseZone(s string) (Zone, bool) {
	for i, n := range zoneNames {
		if n == s && i != 0 {
			return Zone(i), true
		}
	}
	return 0, false
}

// TypeSet is a set of card types: bit i is Rules.CardTypes[i], in the
// order the rules declare them (card_type). The runtime names no card type.
type TypeSet uint16

// MaxCardTypes is how many card types a TypeSet holds.
const MaxCardTypes = 16

// SuperSet is a set of supertypes.
type SuperSet uint8

const (
	SuperBasic SuperSet = 1 << iota
	SuperLegendary
	SuperSnow
	SuperWorld
)

var superNames = []string{"basic", "legendary", "snow", "world"}

// ParseSuper maps a supertype name to its bit.
func ParseSuper(s string) (SuperSet, bool) {
	for i, n := range superNames {
		if n == s {
			return 1 << i, true
		}
	}
	return 0, false
}

func (s SuperSet) String() string { return setString(uint64(s), superNames) }

func setString(bits uint64, names []string) string {
	var b strings.Builder
	for i, n := range names {
		if bits&(1<<i) != 0 {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(n)
		}
	}
	return b.String()
}

// KeywordID is a keyword: its bit in a KeywordSet, Rules.Keywords[i].
type KeywordID int

// KeywordSet is a set of keywords; bit i is Rules.Keywords[i].
type KeywordSet uint64

// Has reports whether keyword k is in the set.
func (s KeywordSet) Has(k int) bool { return s&(1<<uint(k)) != 0 }

// CounterKind is a kind of counter an object can have: an index into
// Rules.Counters, in the order the rules declare them (counter). The
// runtime names no counter kind.
type CounterKind uint8

// MaxCounterKinds is how many counter kinds an object can hold counters
// of (Object.Counters).
const MaxCounterKinds = 8

// StateKind is a value the rules declare each object holds (state): an
// index into Object.State, in declaration order (Rules.States), or, for a
// flag (state S flag), FirstFlag plus its bit in Object.Flags. The runtime
// names none: it stores the value, resets it when the object changes zones
// (it is a new object), and reads and writes it as the rules' statements say.
type StateKind uint8

// MaxStateKinds is how many declared state values (numbers, objects,
// players) an object holds; MaxStateFlags how many declared flags.
const (
	MaxStateKinds = 8
	MaxStateFlags = 32
)

// MaxHeldStates is how many values the rules may declare each player
// holds (state player NAME KIND), and how many the game holds (state game
// NAME KIND).
const MaxHeldStates = 8

// Holder says who holds a state the rules declare other than objects'.
type Holder uint8

const (
	HeldByPlayer Holder = iota + 1 // state player NAME KIND: p.NAME
	HeldByGame                     // state game NAME KIND: game.NAME
)

// HeldState is a value the rules declare each player, or the game, holds
// (state player|game NAME flag|number|player): the runtime names none of
// them; it stores each in its slot (Player.States, Game.States), saves,
// copies and compares it with the rest of the game, and reads and writes
// it as the rules' statements say.
type HeldState struct {
	Name   string
	Holder Holder
	Slot   StateKind // the index into Player.States or Game.States
	Kind   string    // "flag", "number" or "player"
}

// MaxSBAs is how many state-based actions the rules may declare (a pass
// holds the sbas it matches as a set of their indexes).
const MaxSBAs = 64

// FirstFlag is the StateKind of the first flag the rules declare.
const FirstFlag StateKind = 64

const _ uint8 = uint8(FirstFlag) + MaxStateFlags - 1 // (every flag's kind fits a StateKind)

// AttributeID is a characteristic the rules derive other than power and
// toughness: an index into Rules.Characteristics.
type AttributeID uint8

// Color indexes a mana pool.
type Color uint8

const (
	White Color = iota
	Blue
	Black
	Red
	Green
	Colorless
	NumColors
)

const colorLetters = "WUBRGC"

// Mana is an amount of mana of each color.
type Mana [NumColors]int32

// Total is the amount of mana of all colors.
func (m Mana) Total() int32 { return m[0] + m[1] + m[2] + m[3] + m[4] + m[5] }

func (m Mana) String() string {
	var b strings.Builder
	for c, n := range m {
		for i := int32(0); i < n; i++ {
			b.WriteByte(colorLetters[c])
		}
	}
	if b.Len() == 0 {
		return "0"
	}
	return b.String()
}

// ParseMana reads a pool like "GG" or "WUC"; digits add colorless.
func ParseMana(s string) (Mana, bool) {
	var m Mana
	if s == "0" {
		return m, true
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= '0' && c <= '9' {
			m[Colorless] += int32(c - '0')
			continue
		}
		j := strings.IndexByte(colorLetters, c)
		if j < 0 {
			return m, false
		}
		m[j]++
	}
	return m, true
}

// Cost is a mana cost: generic plus colored requirements.
type Cost struct {
	Generic int32
	Colored Mana
}

// ParseCost reads a cost like "1G", "2WW" or "0".
func ParseCost(s string) (Cost, bool) {
	var c Cost
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		c.Generic = c.Generic*10 + int32(s[i]-'0')
		i++
	}
	for ; i < len(s); i++ {
		j := strings.IndexByte(colorLetters[:5], s[i])
		if j < 0 {
			return c, false
		}
		c.Colored[j]++
	}
	return c, true
}

// Add returns the sum of two costs.
func (c Cost) Add(o Cost) Cost {
	c.Generic = addSat(c.Generic, o.Generic)
	for i := range c.Colored {
		c.Colored[i] = addSat(c.Colored[i], o.Colored[i])
	}
	return c
}

// ManaValue is the total amount of mana the cost asks for.
func (c Cost) ManaValue() int32 { return c.Generic + c.Colored.Total() }

func (c Cost) String() string {
	var b strings.Builder
	if c.Generic > 0 || c.Colored.Total() == 0 {
		b.WriteString(itoa(int(c.Generic)))
	}
	for col := 0; col < 5; col++ {
		for i := int32(0); i < c.Colored[col]; i++ {
			b.WriteByte(colorLetters[col])
		}
	}
	return b.String()
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var buf [20]byte
	i := len(buf)
	neg := n < 0
	if neg {
		n = -n
	}
	for n > 0 {
		i--
		buf[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		buf[i] = '-'
	}
	return string(buf[i:])
}
