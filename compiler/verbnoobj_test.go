package compiler

import (
	"reflect"
	"testing"

	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// TestVerbsTolerateNoObject (issue 35 item 4): every verb of the
// vocabulary given no object (rt.NoObj, or an id past the objects) or no
// player (-1, or past the players) does nothing or refuses; none panics.
// A delta's add_counters on game.trigger_recipient outside a damage
// trigger gives it no object.
//
// The same for every attribute and function: x.attached_to,
// x.attacked_permanent or a state of kind object may name no object, and
// reading an attribute of it gives the zero value (false, 0, no player).
func TestVerbsTolerateNoObject(t *testing.T) {
	for _, b := range builtins {
		for _, bad := range []struct {
			obj    rt.ObjID
			player int
		}{{rt.NoObj, -1}, {1 << 20, 99}} {
			g, err := rt.New(engine.Rules, rt.Config{Players: []rt.PlayerConfig{{Name: "p1", Deck: rt.SampleDeck(engine.Rules, "green")}, {Name: "p2", Deck: rt.SampleDeck(engine.Rules, "red")}}, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			fn := reflect.ValueOf(b.Fn)
			ft := fn.Type()
			args := []reflect.Value{reflect.ValueOf(rt.Exec{Game: g})}
			for i := 1; i < ft.NumIn(); i++ {
				v := reflect.New(ft.In(i)).Elem()
				switch ft.In(i) {
				case reflect.TypeOf(rt.ObjID(0)):
					v.SetInt(int64(bad.obj))
				case reflect.TypeOf(int(0)):
					v.SetInt(int64(bad.player))
				case reflect.TypeOf(int32(0)):
					v.SetInt(1)
				case reflect.TypeOf(""):
					v.SetString("100.1")
				}
				args = append(args, v)
			}
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%s(object %d, player %d) panics: %v", b.Name, bad.obj, bad.player, r)
					}
				}()
				fn.Call(args)
			}()
		}
	}
}
