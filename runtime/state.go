package runtime

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"unsafe"
)

// Save and Load write and read a game's whole state as JSON: every field
// of Game, recursively, exported or not, under its Go name (docs/json.md),
// but the rules (named by their hash) and a log stream's function. The
// state is an engine's internals: read it with the same rules and the same
// mtgc version (JSONVersion, the rules hash and the runtime's API version
// are checked); Load(Save(g)) is equal to g and plays on identically.

const maxStateBytes = 256 << 20

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
	out, err := json.Marshal(savedState{Version: JSONVersion, API: APIVersion4, RulesHash: g.Rules.SourceHash, Game: b})
	if err != nil {
		return err
	}
	_, err = w.Write(append(out, '\n'))
	return err
}

// Load reads a state Save wrote, under rules r (those it was saved under).
func Load(r *Rules, rd io.Reader) (*Game, error) {
	data, err := io.ReadAll(io.LimitReader(rd, maxStateBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxStateBytes {
		return nil, fmt.Errorf("state larger than %d bytes", maxStateBytes)
	}
	var s savedState
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("not a saved game: %v", err)
	}
	switch {
	case s.Version != JSONVersion || s.API != APIVersion4:
		return nil, fmt.Errorf("a game saved by another mtgc (schema %d, runtime API %d; this one %d, %d)", s.Version, s.API, JSONVersion, APIVersion4)
	case s.RulesHash != r.SourceHash:
		return nil, fmt.Errorf("a game saved under rules %s, not these (%s)", s.RulesHash, r.SourceHash)
	}
	dec := json.NewDecoder(bytes.NewReader(s.Game))
	dec.UseNumber()
	var tree any
	if err := dec.Decode(&tree); err != nil {
		return nil, fmt.Errorf("not a saved game: %v", err)
	}
	g := new(Game)
	if err := decodeValue(reflect.ValueOf(g).Elem(), tree, "game"); err != nil {
		return nil, err
	}
	g.Rules, g.preds = r, indexPredicates(r)
	if err := g.checkLoaded(); err != nil {
		return nil, err
	}
	return g, nil
}

// skipped fields: the rules are given to Load, with what is derived from
// them; a function can't be saved.
var rulesType, predsType = reflect.TypeOf((*Rules)(nil)), reflect.TypeOf((*predIndex)(nil))

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
			if f.Type == rulesType || f.Type == predsType || f.Type.Kind() == reflect.Func {
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

func decodeValue(v reflect.Value, x any, path string) error {
	if !v.CanSet() {
		v = reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem() // unexported fields
	}
	bad := func() error { return fmt.Errorf("saved game: %s: %v is not a %s", path, x, v.Type()) }
	switch v.Kind() {
	case reflect.Bool:
		b, ok := x.(bool)
		if !ok {
			return bad()
		}
		v.SetBool(b)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, ok := x.(json.Number)
		if !ok {
			return bad()
		}
		i, err := strconv.ParseInt(string(n), 10, 64)
		if err != nil || v.OverflowInt(i) {
			return bad()
		}
		v.SetInt(i)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, ok := x.(json.Number)
		if !ok {
			return bad()
		}
		u, err := strconv.ParseUint(string(n), 10, 64)
		if err != nil || v.OverflowUint(u) {
			return bad()
		}
		v.SetUint(u)
	case reflect.String:
		s, ok := x.(string)
		if !ok {
			return bad()
		}
		v.SetString(s)
	case reflect.Slice, reflect.Array:
		if x == nil && v.Kind() == reflect.Slice {
			v.SetZero()
			return nil
		}
		xs, ok := x.([]any)
		if !ok {
			return bad()
		}
		if v.Kind() == reflect.Array {
			if len(xs) != v.Len() {
				return fmt.Errorf("saved game: %s: %d elements, want %d", path, len(xs), v.Len())
			}
		} else {
			v.Set(reflect.MakeSlice(v.Type(), len(xs), len(xs)))
		}
		for i, e := range xs {
			if err := decodeValue(v.Index(i), e, path+"["+strconv.Itoa(i)+"]"); err != nil {
				return err
			}
		}
	case reflect.Struct:
		m, ok := x.(map[string]any)
		if !ok {
			return bad()
		}
		t := v.Type()
		n := 0
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if f.Type == rulesType || f.Type == predsType || f.Type.Kind() == reflect.Func {
				continue
			}
			e, ok := m[f.Name]
			if !ok {
				return fmt.Errorf("saved game: %s.%s is missing", path, f.Name)
			}
			n++
			if err := decodeValue(v.Field(i), e, path+"."+f.Name); err != nil {
				return err
			}
		}
		if n != len(m) {
			return fmt.Errorf("saved game: %s has fields this runtime does not know", path)
		}
	default:
		return fmt.Errorf("saved game: %s: can't load a %s", path, v.Kind())
	}
	return nil
}

// checkLoaded refuses a loaded state whose references point nowhere: the
// engine indexes with them.
func (g *Game) checkLoaded() error {
	n := len(g.Objs)
	ok := func(x ObjID) bool { return x >= NoObj && int(x) < n }
	lists := [][]ObjID{g.Battlefield, g.answer}
	if len(g.Players) == 0 || g.planLen > maxPlan || g.pos < 0 || g.pos > g.planLen {
		return fmt.Errorf("saved game: no players, or a position outside the turn")
	}
	for i := 0; i < g.planLen; i++ {
		ref := g.plan[i].Ref
		if int(ref.Phase) >= len(g.Rules.Phases) || ref.Phase < 0 || ref.Step < 0 || int(ref.Step) >= len(g.Rules.Phases[ref.Phase].Steps) {
			return fmt.Errorf("saved game: the turn's plan names steps these rules do not have")
		}
	}
	for i := range g.Players {
		p := &g.Players[i]
		lists = append(lists, p.Library, p.Hand, p.Graveyard, p.Exile)
	}
	for _, s := range g.Stack {
		lists = append(lists, []ObjID{s.Source, s.About})
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
			o.Protector < -1 || int(o.Protector) >= len(g.Players) {
			return fmt.Errorf("saved game: object %d has no such owner, controller, protector or attachment", i)
		}
	}
	if g.Active < 0 || g.Active >= len(g.Players) || g.pending.Player >= len(g.Players) {
		return fmt.Errorf("saved game: no such active or deciding player")
	}
	return g.checkLoadedCombat(ok)
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
		if !ok(d.Obj) || d.Obj == NoObj || !target(d.Target) || !player(d.By) {
			return bad
		}
	}
	for _, a := range c.Assigned {
		if !ok(a.Source) || !ok(a.To) || !player(a.ToPlayer) {
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
