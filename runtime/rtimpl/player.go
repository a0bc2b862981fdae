package rtimpl

// Player is a player's state. Zone slices list object IDs; for the library
// the last element is the top card.
type Player struct {
	Name string
	Life int32
	// Counters are the player's counters of each kind the rules declare
	// (a kind such as poison), as objects' are.
	Counters [MaxCounterKinds]int32
	// States holds the values the rules declare each player holds (state
	// player NAME KIND, Rules.HeldStates), at their slots: a number as
	// it is, a flag as 1 or 0, a player plus one (0: none).
	States      [MaxHeldStates]int32
	MaxHandSize int32
	LandPlays   int32 // lands the player may play each turn
	Lost        bool
	Won         bool
	Mana        Mana
	Library     []ObjID
	Hand        []ObjID
	Graveyard   []ObjID
	Exile       []ObjID
}

// P returns player p.
func (g *Game) P(p int) *Player { return &g.Players[p] }

// IsPlayer reports whether p is a player of the game (in it or not): the
// rules' player values may name none (-1: a battle without a protector, a
// creature not attacking has no defending player), and a verb given none
// does nothing.
func (g Exec) IsPlayer(p int) bool { return p >= 0 && p < len(g.Players) }

// noPlayer is what the rules read of no player: all zero. Read only.
var noPlayer Player

// PlayerAt is player p for the rules' attributes to read, or an empty
// player (life 0, no cards) when p names none.
func (g Exec) PlayerAt(p int) *Player {
	if uint(p) >= uint(len(g.Players)) { // one test, and no bounds check below
		return &noPlayer
	}
	return &g.Players[p]
}

// InGame reports whether player p is still in the game.
func (g *Game) InGame(p int) bool { return !g.Players[p].Lost }

// NumPlayers counts the players still in the game.
func (g *Game) NumPlayers() int {
	n := 0
	for i := range g.Players {
		if !g.Players[i].Lost {
			n++
		}
	}
	return n
}

// NextPlayer is the next player in turn order after p who is still in the game.
func (g Exec) NextPlayer(p int) int {
	n := len(g.Players)
	for i := 1; i <= n; i++ {
		q := (p + i) % n
		if !g.Players[q].Lost {
			return q
		}
	}
	return p
}

// PlayerName is the name used in traces ("p1" unless configured).
func (g *Game) PlayerName(p int) string {
	if p < 0 || p >= len(g.Players) {
		return "nobody"
	}
	return g.Players[p].Name
}

// PlayerIndex finds a player by name.
func (g *Game) PlayerIndex(name string) (int, bool) {
	for i := range g.Players {
		if g.Players[i].Name == name {
			return i, true
		}
	}
	return 0, false
}

func (g *Game) zoneList(p int, z Zone) *[]ObjID {
	pl := &g.Players[p]
	switch z {
	case ZoneLibrary:
		return &pl.Library
	case ZoneHand:
		return &pl.Hand
	case ZoneGraveyard:
		return &pl.Graveyard
	case ZoneExile:
		return &pl.Exile
	case ZoneBattlefield:
		return &g.Battlefield
	}
	return nil
}
