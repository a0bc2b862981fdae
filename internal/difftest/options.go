package difftest

import (
	"fmt"
	"reflect"

	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// optionBufs are the buffers the options of both engines are listed in.
type optionBufs struct {
	a, b    []rt.Option
	n       int      // priority decisions seen
	scratch *rt.Game // a copy to try answers on
}

// compareOptions compares the options both engines list for the pending
// decision, grouped and not, and checks that every option of a priority
// decision is an answer Check accepts.
func compareOptions(ga, gb *rt.Game, na, nb string, o *optionBufs) string {
	for _, group := range []bool{false, true} {
		o.a, o.b = ga.Options(o.a[:0], group), gb.Options(o.b[:0], group)
		if !reflect.DeepEqual(o.a, o.b) {
			return fmt.Sprintf("the options differ (grouped %v):\n%s: %+v\n%s: %+v", group, na, o.a, nb, o.b)
		}
	}
	if ga.Pending().Kind != rt.DecidePriority {
		return ""
	}
	for _, op := range o.a {
		if err := ga.Check(op.Answer()); err != nil {
			return fmt.Sprintf("option %+v is refused by Check: %v", op, err)
		}
	}
	// Every answer the refusing paths accept is listed, and no other (for
	// one decision in 16: the refusals are slow to build).
	if o.n++; o.n%16 != 0 {
		return ""
	}
	if o.scratch == nil {
		o.scratch = ga.Clone()
	}
	o.a = ga.Options(o.a[:0], false)
	listed := func(a rt.Answer) bool {
		for _, op := range o.a {
			if b := op.Answer(); b.Kind == a.Kind && b.Obj == a.Obj && b.Ability == a.Ability {
				return true
			}
		}
		return false
	}
	d := ga.Pending()
	p := d.Player
	for _, x := range ga.P(p).Hand {
		for _, a := range []rt.Answer{{Kind: rt.PlayLand, Obj: x}, {Kind: rt.Cast, Obj: x}} {
			var err error
			if a.Kind == rt.PlayLand {
				err = ga.CanPlayLand(p, x)
			} else {
				err = ga.CanCast(p, x)
			}
			if (err == nil) != listed(a) {
				return fmt.Sprintf("%+v: listed %v, but the refusing path says %v", a, listed(a), err)
			}
		}
	}
	for _, x := range ga.Battlefield {
		for i := range (rt.Exec{Game: ga}).Face(x).Abilities {
			a := rt.Answer{Kind: rt.Activate, Obj: x, Ability: i}
			if err := ga.CanActivate(p, x, i); (err == nil) != listed(a) {
				return fmt.Sprintf("%+v: listed %v, but the refusing path says %v", a, listed(a), err)
			}
		}
		a := rt.Answer{Kind: rt.TapMana, Obj: x}
		o.scratch.CopyFrom(ga)
		if err := o.scratch.Submit(a); (err == nil) != listed(a) {
			return fmt.Sprintf("%+v: listed %v, but Submit says %v", a, listed(a), err)
		}
	}
	return ""
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
