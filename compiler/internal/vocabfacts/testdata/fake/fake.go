// Package fake is a small runtime for the derivation's tests: its
// readers read their object's own state, another object's, the tapped
// flag, a mana pool, the position, or call a function value.
package fake

type ObjID int32

type Object struct {
	Zone       int8
	Controller int8
	Tapped     bool
	AttachedTo ObjID
	face       uint32
	atk        int32
}

type Face struct{ Name string }

type Attack struct {
	Attacker   ObjID
	Controller int8
	Blocked    bool
}

type Combat struct{ Attacks []Attack }

type Player struct{ Mana int32 }

type Rules struct{ Power func(g Exec, x ObjID) int32 }

type Game struct {
	Rules   *Rules
	Objs    []Object
	faces   []Face
	Players []Player
	Combat  Combat
	Active  int
}

type Exec struct{ *Game }

var noObject = Object{Controller: -1, AttachedTo: -1}

func objAt(g Exec, x ObjID) *Object {
	if uint(x) >= uint(len(g.Objs)) {
		return &noObject
	}
	return &g.Objs[x]
}

// Controller reads its own controller, through a helper: Own.
func Controller(g Exec, x ObjID) int { return int(objAt(g, x).Controller) }

// Name reads its own face: Own.
func (g Exec) Name(x ObjID) string { return g.faces[g.Objs[x].face].Name }

// Tapped reads its own tapped flag: not Own (tapping is not recorded
// as a change of the object's), ReadsTapped.
func Tapped(g Exec, x ObjID) bool { return objAt(g, x).Tapped }

// AttachedController reads the object it is attached to: not Own.
func AttachedController(g Exec, x ObjID) int {
	o := objAt(g, x)
	return Controller(g, o.AttachedTo)
}

// AttachedTapped reads another object's tapped flag: not Own, ReadsTapped.
func AttachedTapped(g Exec, x ObjID) bool { return helper(g, g.Objs[x].AttachedTo) }

func helper(g Exec, y ObjID) bool { return g.Objs[y].Tapped }

// AnyControlledLike reads every object: not Own.
func AnyControlledLike(g Exec, x ObjID) bool {
	for i := range g.Objs {
		if ObjID(i) != x && g.Objs[i].Controller == g.Objs[x].Controller {
			return true
		}
	}
	return false
}

// Power calls the rules' function: not Own.
func (g Exec) Power(x ObjID) int32 { return g.Rules.Power(g, x) }

// Mana reads a mana pool.
func Mana(g Exec, p int) int32 { return g.Players[p].Mana }

// IsActive reads the position.
func IsActive(g Exec, p int) bool { return g.Active == p }

// attackIndex is x's attack's index (a reviewed accessor).
func (g *Game) attackIndex(x ObjID) int {
	for i := range g.Combat.Attacks {
		if g.Combat.Attacks[i].Attacker == x {
			return i
		}
	}
	return -1
}

// CombatController reads its own attack's controller: Own.
func (g Exec) CombatController(x ObjID) int {
	if i := g.attackIndex(x); i >= 0 {
		return int(g.Combat.Attacks[i].Controller)
	}
	return int(g.Objs[x].Controller)
}

// Blocked reads its own attack's blocked flag, which another object's
// block sets: not Own.
func (g Exec) Blocked(x ObjID) bool {
	i := g.attackIndex(x)
	return i >= 0 && g.Combat.Attacks[i].Blocked
}

// FirstAttackerController reads another attack's controller: not Own.
func (g Exec) FirstAttackerController(x ObjID) int {
	if len(g.Combat.Attacks) == 0 {
		return int(g.Objs[x].Controller)
	}
	return int(g.Combat.Attacks[0].Controller)
}

// OtherIndex indexes the objects by its own attack's index: not Own.
func (g Exec) OtherIndex(x ObjID) int {
	if i := g.attackIndex(x); i >= 0 {
		return int(g.Objs[i].Controller)
	}
	return 0
}

// Reassigned is Own only until its local is assigned another object.
func Reassigned(g Exec, x ObjID) int {
	o := &g.Objs[x]
	if o.Zone == 0 {
		o = &g.Objs[o.AttachedTo]
	}
	return int(o.Zone)
}

// Ping and pong call each other; pong reads another object's tapped
// flag after the call, which Ping must see: not Own, ReadsTapped.
func Ping(g Exec, x ObjID) bool { return pong(g, x, 1) }

func pong(g Exec, x ObjID, n int) bool {
	if n > 0 && Ping(g, x) {
		return true
	}
	return g.Objs[g.Objs[x].AttachedTo].Tapped
}

// Pong2 is pong again, entered the other way round, after Ping's
// analysis memoized the summaries: still not Own.
func Pong2(g Exec, x ObjID) bool { return pong(g, x, 0) }
