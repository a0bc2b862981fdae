package rtimpl

import (
	"reflect"
	"testing"
)

// TestTriggeredNone: Triggered.none is t == Triggered{} (IsSpell asks it
// field by field, for speed): a field set to anything not zero makes it
// false, every field (one added to Triggered included) in turn.
func TestTriggeredNone(t *testing.T) {
	var zero Triggered
	if !zero.none() {
		t.Fatal("the zero Triggered is not none")
	}
	typ := reflect.TypeOf(zero)
	for i := 0; i < typ.NumField(); i++ {
		f := typ.Field(i)
		var tr Triggered
		v := reflect.ValueOf(&tr).Elem().Field(i)
		switch v.Kind() {
		case reflect.String:
			v.SetString("x")
		case reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Int:
			v.SetInt(1)
		case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uint:
			v.SetUint(1)
		case reflect.Array:
			for j := 0; j < v.Len(); j++ {
				tr = Triggered{}
				v.Index(j).SetInt(1)
				if tr.none() {
					t.Errorf("Triggered with %s[%d] set is none", f.Name, j)
				}
			}
			continue
		default:
			t.Fatalf("Triggered.%s is a %v: TestTriggeredNone sets no such field (and none may not test it)", f.Name, v.Kind())
		}
		if tr == zero || tr.none() {
			t.Errorf("Triggered with %s set is none", f.Name)
		}
	}
	if n := reflect.TypeOf(Trigger{}).NumField(); n != 2 {
		t.Errorf("Trigger has %d fields: IsSpell asks of Triggered and Delay only", n)
	}
	it := StackItem{Trigger: Trigger{Delay: Triggered{Event: 1}}}
	if it.IsSpell() {
		t.Error("an item with a delayed trigger is a spell")
	}
}
