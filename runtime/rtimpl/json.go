package rtimpl

import (
	"encoding/json"
	"fmt"
)

// The JSON forms of events, decisions and answers (docs/json.md). Their
// schema is versioned by JSONVersion: a change that a reader of the
// previous version would misread increments it.

// JSONVersion is the version of the JSON schema of events, decisions,
// answers and replays.
const JSONVersion = 1

var eventNames = [...]string{"", "turn", "begin_phase", "end_phase", "begin_step", "end_step", "repeat_step", "skip",
	"no_priority", "priority", "pass", "untap", "tap", "phase_out", "phase_in", "draw", "draw_empty", "discard",
	"remove_damage", "damage", "end_effect", "empty_mana", "add_mana", "play_land", "cast", "trigger", "resolve",
	"life_gain", "life_loss", "counters", "destroy", "move", "lose", "win", "draw_game", "prevented", "replaced",
	"cease", "unattach", "attack", "block", "order", "combat_damage", "leave_combat", "defender", "activate",
	"prevent_damage", "put_on_stack", "protector", "dealt_damage", "start_effect", "target", "no_target", "enter", "attach"}

// String is the event kind's name in JSON ("play_land").
func (k EventKind) String() string {
	if int(k) < len(eventNames) && k > 0 {
		return eventNames[k]
	}
	return fmt.Sprintf("event%d", k)
}

// EventJSON is an event as JSON: its fields, and the trace line.
type EventJSON struct {
	Seq    int    `json:"seq"` // the event's number since the game began (0 first)
	Kind   string `json:"kind"`
	Rule   string `json:"rule,omitempty"`
	Player int    `json:"player"`
	Obj    int32  `json:"obj"` // -1: none
	N      int32  `json:"n,omitempty"`
	Name   string `json:"name,omitempty"`
	Other  int32  `json:"other,omitempty"` // an ObjID, or -1-p for player p
	Text   string `json:"text"`            // the trace line (Game.Format)
}

// EventJSON describes event e, the seq-th of the game.
func (g *Game) EventJSON(seq int, e Event) EventJSON {
	return EventJSON{Seq: seq, Kind: e.Kind.String(), Rule: e.Rule, Player: int(e.Player), Obj: int32(e.Obj),
		N: e.N, Name: e.Name, Other: e.Other, Text: g.Format(e)}
}

var answerNames = [...]string{"pass", "play_land", "cast", "tap_mana", "choose", "declare", "activate"}

// String is the answer kind's name in JSON.
func (k AnswerKind) String() string {
	if int(k) < len(answerNames) {
		return answerNames[k]
	}
	return fmt.Sprintf("answer%d", k)
}

// answerJSON is Answer's JSON form.
type answerJSON struct {
	Kind    string         `json:"kind"`
	Obj     *ObjID         `json:"obj,omitempty"`
	Objs    []ObjID        `json:"objs,omitempty"`
	Targets []int32        `json:"targets,omitempty"`
	Amounts []int32        `json:"amounts,omitempty"`
	Damage  []divisionJSON `json:"damage,omitempty"`
	Ability int            `json:"ability,omitempty"`
}

type divisionJSON struct {
	Source  ObjID   `json:"source"`
	To      []ObjID `json:"to"`
	Amounts []int32 `json:"amounts"`
}

// MarshalJSON writes an answer in the schema of docs/json.md.
func (a Answer) MarshalJSON() ([]byte, error) {
	j := answerJSON{Kind: a.Kind.String(), Objs: a.Objs, Targets: a.Targets, Amounts: a.Amounts, Ability: a.Ability}
	switch a.Kind {
	case PlayLand, Cast, TapMana, Activate:
		obj := a.Obj
		j.Obj = &obj
	}
	for _, d := range a.Damage {
		j.Damage = append(j.Damage, divisionJSON(d))
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads an answer; an unknown kind is an error.
func (a *Answer) UnmarshalJSON(b []byte) error {
	var j answerJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	k := -1
	for i, n := range answerNames {
		if n == j.Kind {
			k = i
		}
	}
	if k < 0 {
		return fmt.Errorf("unknown answer kind %q (want one of %v)", j.Kind, answerNames)
	}
	*a = Answer{Kind: AnswerKind(k), Obj: NoObj, Objs: j.Objs, Targets: j.Targets, Amounts: j.Amounts, Ability: j.Ability}
	if j.Obj != nil {
		a.Obj = *j.Obj
	}
	for _, d := range j.Damage {
		a.Damage = append(a.Damage, Division(d))
	}
	return nil
}

// decisionJSON is Decision's JSON form.
type decisionJSON struct {
	Kind   string      `json:"kind"`
	Player int         `json:"player"`
	Rule   string      `json:"rule,omitempty"`
	Obj    ObjID       `json:"obj"`
	Of     *ObjID      `json:"of,omitempty"`
	N      int         `json:"n,omitempty"`
	Zone   string      `json:"zone,omitempty"`
	Verb   string      `json:"verb,omitempty"`
	UpTo   bool        `json:"up_to,omitempty"`
	From   []ObjID     `json:"from,omitempty"`
	Groups []groupJSON `json:"groups,omitempty"`
}

type groupJSON struct {
	Source ObjID   `json:"source"`
	From   []ObjID `json:"from"`
	N      int     `json:"n"`
}

// MarshalJSON writes a decision in the schema of docs/json.md.
func (d Decision) MarshalJSON() ([]byte, error) {
	j := decisionJSON{Kind: d.Kind.String(), Player: d.Player, Rule: d.Rule, Obj: d.Obj, N: d.N, Verb: d.Verb, UpTo: d.UpTo, From: d.From}
	if d.Kind == DecideCards {
		j.Zone = d.Zone.String()
	}
	if d.Kind == DecidePlace {
		j.Of = &d.Of
	}
	for _, gr := range d.Groups {
		j.Groups = append(j.Groups, groupJSON(gr))
	}
	return json.Marshal(j)
}
