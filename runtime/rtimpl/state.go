package rtimpl

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"

	"github.com/mtgc-dev/mtgc/internal/safeio"
)

// Save and Load write and read a game's whole state as JSON: every field
// of Game, recursively, exported or not, under its Go name (docs/json.md),
// but the rules (named by their hash) and a log stream's function. The
// state is an engine's internals: read it with the same rules and the same
// mtgc version (JSONVersion, the rules hash and the runtime's API version
// are checked); Load(Save(g)) is equal to g and plays on identically.

// Limits on a state Load accepts.
const (
	MaxStateBytes   = 256 << 20
	MaxStateObjects = 1 << 20
)

type savedState struct {
	Version   int             `json:"mtgc_state"`
	API       int             `json:"runtime_api"`
	RulesHash string          `json:"rules_hash"`
	Game      json.RawMessage `json:"game"`
}

// Save writes g's state as JSON to w.
func (g *Game) Save(w io.Writer) error {
	tree, err := encodeValue(reflect.ValueOf(g).Elem())
	if err != nil {
		return err
	}
	b, err := json.Marshal(tree)
	if err != nil {
		return err
	}
	out, err := json.Marshal(savedState{Version: JSONVersion, API: APIVersion12, RulesHash: g.Rules.SourceHash, Game: b})
	if err != nil {
		return err
	}
	_, err = w.Write(append(out, '\n'))
	return err
}

// Load reads a state Save wrote, under rules r (those it was saved under).
// It is decoded as it is read (MaxStateBytes of JSON, MaxStateAlloc of
// slices, MaxStateObjects objects), then every reference it holds is
// checked (checkLoaded): a state that would make the engine index out of
// range is refused with an error.
func Load(r *Rules, rd io.Reader) (*Game, error) {
	d := newStreamDecoder(rd, "saved state", MaxStateBytes)
	var s savedState
	g := new(Game)
	var gameErr error
	var gameRaw json.RawMessage // the game, when it came before the header
	gotGame := false
	err := d.object("saved state", func(key string) error {
		var err error
		switch key {
		case "mtgc_state":
			err = d.plain(&s.Version)
		case "runtime_api":
			err = d.plain(&s.API)
		case "rules_hash":
			err = d.plain(&s.RulesHash)
		case "game":
			if gotGame {
				return fmt.Errorf("game given twice")
			}
			gotGame = true
			if s.Version != JSONVersion || s.API != APIVersion12 || s.RulesHash != r.SourceHash {
				// Not ours, or not yet known (the keys may come in any
				// order): keep it, decoded below once the header is read.
				return d.plain(&gameRaw)
			}
			gameErr = d.value(reflect.ValueOf(g).Elem(), "game")
			return gameErr
		default:
			return fmt.Errorf("unknown field %q", key)
		}
		return err
	})
	if err == nil {
		err = d.end("saved state")
	}
	if err != nil {
		if errors.Is(err, safeio.ErrTooLarge) || errors.Is(err, errBudget) || gameErr != nil {
			return nil, err
		}
		return nil, fmt.Errorf("not a saved game: %v", err)
	}
	switch {
	case s.Version != JSONVersion || s.API != APIVersion12:
		return nil, fmt.Errorf("a game saved by another mtgc (schema %d, runtime API %d; this one %d, %d)", s.Version, s.API, JSONVersion, APIVersion12)
	case s.RulesHash != r.SourceHash:
		return nil, fmt.Errorf("a game saved under rules %s, not these (%s)", s.RulesHash, r.SourceHash)
	case !gotGame:
		return nil, fmt.Errorf("not a saved game: no game")
	}
	if gameRaw != nil {
		gd := newStreamDecoder(bytes.NewReader(gameRaw), "saved state", MaxStateBytes)
		if err := gd.value(reflect.ValueOf(g).Elem(), "game"); err != nil {
			return nil, err
		}
		if err := gd.end("saved state"); err != nil {
			return nil, fmt.Errorf("not a saved game: %v", err)
		}
	}
	g.Rules, g.preds = r, indexPredicates(r)
	for i := range g.faces {
		g.faces[i].mana = landMana(r, g.faces[i].Subtypes)
	}
	if err := g.checkLoaded(); err != nil {
		return nil, err
	}
	g.forgetDealers() // (the marks of the dealers loaded)
	return g, nil
}

// skipped fields: the rules are given to Load, with what is derived from
// them (the predicate index, the live predicates); scratch buffers
// (Game.decl, Game.aux); a function can't be saved.
var notSavedTypes = []reflect.Type{reflect.TypeOf((*Rules)(nil)), reflect.TypeOf((*predIndex)(nil)), reflect.TypeOf((*liveKinds)(nil)),
	reflect.TypeOf((*gameAux)(nil)), reflect.TypeOf((*declScratch)(nil)), reflect.TypeOf((*whyNote)(nil))}

// notSaved reports whether Save skips (and Load refuses) fields of type t.
func notSaved(t reflect.Type) bool {
	return t.Kind() == reflect.Func || slices.Contains(notSavedTypes, t)
}

func encodeValue(v reflect.Value) (any, error) {
	switch v.Kind() {
	case reflect.Bool:
		return v.Bool(), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int(), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return v.Uint(), nil
	case reflect.String:
		return v.String(), nil
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			return nil, nil
		}
		out := make([]any, v.Len())
		for i := range out {
			e, err := encodeValue(v.Index(i))
			if err != nil {
				return nil, err
			}
			out[i] = e
		}
		return out, nil
	case reflect.Struct:
		out := map[string]any{}
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if notSaved(f.Type) {
				continue
			}
			e, err := encodeValue(v.Field(i))
			if err != nil {
				return nil, fmt.Errorf("%s.%v", f.Name, err)
			}
			out[f.Name] = e
		}
		return out, nil
	case reflect.Map:
		if v.IsNil() {
			return nil, nil
		}
	}
	return nil, fmt.Errorf("%s: can't save a %s", v.Type(), v.Kind())
}

// checkLoaded refuses a loaded state whose references point nowhere: the
// engine indexes with them.
func (g *Game) checkLoaded() error {
	n := len(g.Objs)
	ok := func(x ObjID) bool { return x >= NoObj && int(x) < n }
	lists := [][]ObjID{g.answer}
	if len(g.Players) == 0 || len(g.Players) > MaxPlayers || g.planLen > maxPlan || g.pos < 0 || g.pos > g.planLen {
		return fmt.Errorf("saved game: no players, more than %d, or a position outside the turn", MaxPlayers)
	}
	if n > MaxStateObjects {
		return fmt.Errorf("saved game: %d objects: at most %d", n, MaxStateObjects)
	}
	if err := g.checkLoadedZones(); err != nil {
		return err
	}
	for i := 0; i < g.planLen; i++ {
		ref := g.plan[i].Ref
		if int(ref.Phase) >= len(g.Rules.Phases) || ref.Phase < 0 || ref.Step < 0 || int(ref.Step) >= len(g.Rules.Phases[ref.Phase].Steps) {
			return fmt.Errorf("saved game: the turn's plan names steps these rules do not have")
		}
	}
	if c := &g.Combat; !g.declShaped(c.Atk, false) || !g.declShaped(c.Blk, true) || !g.declShaped(c.Stated, true) || !g.fnShaped(c.divRestrict, 2, false) || !g.fnShaped(c.divFigure, 2, true) {
		return fmt.Errorf("saved game: the combat names functions of the rules that are none or of the wrong shape")
	}
	player := func(p int8) bool { return p >= 0 && int(p) < len(g.Players) }
	for li, l := range [][]StackItem{g.Stack, g.Waiting, {g.resolving}} {
		for _, s := range l {
			lax := li == 2 // the item resolving: the zero StackItem when none
			if !ok(s.Source) || !ok(s.About) || !ok(s.Recipient) || !lax && (s.Source == NoObj && s.Object == 0 || !player(s.Controller)) ||
				s.Controller < -1 || int(s.Controller) >= len(g.Players) || s.Object < 0 || int(s.Object) > len(g.Rules.StackObjects) {
				return fmt.Errorf("saved game: a stack item names an object, player or stack object that does not exist")
			}
			for _, a := range s.Damage {
				if !ok(a.Source) || !ok(a.To) || a.ToPlayer < -1 || int(a.ToPlayer) >= len(g.Players) {
					return fmt.Errorf("saved game: a stack item's damage names an object or player that does not exist")
				}
			}
		}
	}
	for _, d := range g.Delayed {
		if !ok(d.Source) || !player(d.Controller) {
			return fmt.Errorf("saved game: a delayed trigger names an object or player that does not exist")
		}
	}
	for _, l := range lists {
		for _, x := range l {
			if !ok(x) {
				return fmt.Errorf("saved game: object %d does not exist", x)
			}
		}
	}
	for i := range g.Objs {
		o := &g.Objs[i]
		if int(o.Owner) >= len(g.Players) || int(o.Controller) >= len(g.Players) || o.Owner < 0 || o.Controller < 0 || !ok(o.AttachedTo) ||
			o.Protector < -1 || int(o.Protector) >= len(g.Players) || int(o.face) >= len(g.faces) {
			return fmt.Errorf("saved game: object %d has no such owner, controller, protector, attachment or face", i)
		}
	}
	deciderOK := g.pending.Player >= 0 || g.pending.Kind == DecideNone || (g.pending.Kind == DecideGameOver && g.pending.Player == -1)
	if g.Active < 0 || g.Active >= len(g.Players) || g.pending.Player >= len(g.Players) || g.pending.Player < -1 || !deciderOK {
		return fmt.Errorf("saved game: no such active or deciding player")
	}
	return g.checkLoadedCombat(ok)
}

// checkLoadedZones checks that every object of a zone list exists, is in
// no other list, and is in the zone its list is (so that no list can be
// longer than the objects there are).
func (g *Game) checkLoadedZones() error {
	in := make([]bool, len(g.Objs))
	check := func(l []ObjID, z Zone) error {
		for _, x := range l {
			if x < 0 || int(x) >= len(g.Objs) {
				return fmt.Errorf("saved game: object %d does not exist", x)
			}
			if in[x] {
				return fmt.Errorf("saved game: object %d is in two zones", x)
			}
			in[x] = true
			if o := &g.Objs[x]; o.Zone != z {
				return fmt.Errorf("saved game: object %d is listed in the %v but is in the %v", x, z, o.Zone)
			}
		}
		return nil
	}
	if err := check(g.Battlefield, ZoneBattlefield); err != nil {
		return err
	}
	for i := range g.Players {
		p := &g.Players[i]
		for _, zl := range []struct {
			l []ObjID
			z Zone
		}{{p.Library, ZoneLibrary}, {p.Hand, ZoneHand}, {p.Graveyard, ZoneGraveyard}, {p.Exile, ZoneExile}} {
			if err := check(zl.l, zl.z); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkLoadedCombat checks that the combat of a loaded game names objects
// and players that exist.
func (g *Game) checkLoadedCombat(ok func(ObjID) bool) error {
	c := &g.Combat
	player := func(p int8) bool { return p >= -1 && int(p) < len(g.Players) }
	target := func(t int32) bool { return ok(ObjID(t)) || t < 0 && int(-1-t) < len(g.Players) }
	bad := fmt.Errorf("saved game: the combat names an object or player that does not exist")
	for _, a := range c.Attacks {
		if !ok(a.Attacker) || a.Attacker == NoObj || !ok(a.Target) || !player(a.Player) || !player(a.Controller) {
			return bad
		}
	}
	for _, b := range c.Blocks {
		if !ok(b.Blocker) || b.Blocker == NoObj || !ok(b.Attacker) || !player(b.Controller) {
			return bad
		}
	}
	for _, d := range c.Declared {
		if !ok(d.Obj) || d.Obj == NoObj || !target(d.Target) || !player(d.By) || !player(d.Defender) {
			return bad
		}
	}
	for _, a := range c.Assigned {
		if !ok(a.Source) || !ok(a.To) || !player(a.ToPlayer) {
			return bad
		}
	}
	for _, d := range c.dividers {
		if !ok(d.Source) || d.Source == NoObj {
			return bad
		}
	}
	for _, pl := range c.Places {
		if !ok(pl.New) || pl.New == NoObj || !ok(pl.Of) || pl.Of == NoObj || !player(pl.Player) {
			return bad
		}
	}
	for _, l := range [][]ObjID{c.Ordered, c.DealtFirst, c.AssignedSource} {
		for _, x := range l {
			if !ok(x) {
				return bad
			}
		}
	}
	if !player(c.Defender) {
		return bad
	}
	return nil
}
