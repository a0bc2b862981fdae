package rtimpl

// A player chooses a player for a state-based action (a new protector
// for a battle): the choice is asked while the actions are matched, before
// any is performed, and holds for the rest of that check.

// playerChoice is a player's answer to "choose one of these players for x".
type playerChoice struct {
	x      ObjID
	set    []ObjID // the candidates, player indexes
	chosen int
}

// ChoosePlayer has player p choose one of the players cands (player
// indexes) for object x, during a check of state-based actions, and
// returns the one chosen: at once if there is one candidate, -1 if there
// is none or p names no player. Until p has chosen, it records the
// decision (the check then performs nothing) and returns -1; once p has,
// every evaluation of the same choice in the check returns p's answer.
func (g Exec) ChoosePlayer(p int, cands []ObjID, x ObjID, rule string) int {
	switch {
	case len(cands) == 0 || !g.IsPlayer(p):
		return -1
	case len(cands) == 1:
		return int(cands[0])
	}
	for _, c := range g.chosen {
		if c.x == x && sameSet(c.set, cands) {
			return c.chosen
		}
	}
	if !g.dry && g.pending.Kind == DecideNone {
		g.pending = Decision{Kind: DecidePlayer, Player: p, Obj: x, Rule: rule, From: append([]ObjID(nil), cands...)}
	}
	return -1
}

func (g *Game) submitPlayer(d *Decision, a *Answer) error {
	if a.Kind != Declare || len(a.Targets) != 1 || a.Targets[0] >= 0 {
		return refuse(d.Rule, "%s must choose one player for %s", g.PlayerName(d.Player), g.nameOf(d.Obj))
	}
	q := int(-1 - a.Targets[0])
	ok := false
	for _, c := range d.From {
		ok = ok || int(c) == q
	}
	if !ok {
		return refuse(d.Rule, "%s can't be chosen for %s (%s)", g.PlayerName(q), g.nameOf(d.Obj), g.playerNames(d.From))
	}
	g.chosen = append(g.chosen, playerChoice{x: d.Obj, set: d.From, chosen: q})
	g.pending = Decision{}
	return nil
}

// playerNames lists players (indexes) by name: "p2 or p3".
func (g *Game) playerNames(ps []ObjID) string {
	s := ""
	for i, p := range ps {
		if i > 0 {
			s += " or "
		}
		s += g.PlayerName(int(p))
	}
	return s
}
