package main

import (
	"encoding/json"
	"fmt"

	"github.com/mtgc-dev/mtgc/compiler"
	"github.com/mtgc-dev/mtgc/conformance"
	rt "github.com/mtgc-dev/mtgc/runtime"
)

// tracePrinter prints a game's events as they happen, as mtgc play and
// mtgc replay do: trace lines (with titles, without priority and passes)
// or, with -json, a header line (eventStreamHeader) then one JSON event
// per line.
type tracePrinter struct {
	ctx                *cli
	idx                *compiler.Index
	edition, hash      string
	quiet, titles, asJ bool
	events             []rt.Event // flush's buffer
	headed             bool
	printed            int
}

// eventStreamHeader is the first line of mtgc play -json and mtgc replay
// -json: the schema version of the lines after it (runtime.JSONVersion,
// docs/json.md, docs/schema/events.schema.json) and the rules played.
type eventStreamHeader struct {
	Version   int    `json:"mtgc_events"` // runtime.JSONVersion
	RulesHash string `json:"rules_hash"`  // Rules.SourceHash, as a replay carries it
	Edition   string `json:"edition"`
}

func newTracePrinter(ctx *cli, p *compiler.Program, quiet, titles, asJSON bool) *tracePrinter {
	return &tracePrinter{ctx: ctx, idx: p.Index, edition: p.Edition, hash: p.Hash, quiet: quiet, titles: titles, asJ: asJSON}
}

// flush prints the events logged since the last flush.
func (t *tracePrinter) flush(g *rt.Game) {
	if t.asJ && !t.headed {
		b, _ := json.Marshal(eventStreamHeader{Version: rt.JSONVersion, RulesHash: t.hash, Edition: t.edition})
		fmt.Fprintf(t.ctx.stdout, "%s\n", b)
		t.headed = true
	}
	t.events = g.Events(t.printed, t.events[:0])
	for i, e := range t.events {
		switch {
		case t.asJ:
			b, _ := json.Marshal(g.EventJSON(t.printed+i, e))
			fmt.Fprintf(t.ctx.stdout, "%s\n", b)
		case t.quiet && (e.Kind == rt.EvPriority || e.Kind == rt.EvPass):
		case t.titles:
			fmt.Fprintln(t.ctx.stdout, conformance.TitledLine(g, e, t.idx))
		default:
			fmt.Fprintln(t.ctx.stdout, g.Format(e))
		}
	}
	t.printed = g.Logged()
}

// result prints how the game ended (not with -json: the events say it).
func (t *tracePrinter) result(g *rt.Game, turns int) {
	if t.asJ {
		return
	}
	switch {
	case g.Over() && g.Winner() >= 0:
		fmt.Fprintf(t.ctx.stdout, "result: %s wins on turn %d\n", g.P(g.Winner()).Name, g.Turn())
	case g.Over():
		fmt.Fprintf(t.ctx.stdout, "result: draw on turn %d\n", g.Turn())
	default:
		fmt.Fprintf(t.ctx.stdout, "result: stopped after %d turns\n", turns)
	}
}

// cloneAnswer copies an answer's slices, which a policy may reuse.
func cloneAnswer(a rt.Answer) rt.Answer {
	a.Objs = append([]rt.ObjID(nil), a.Objs...)
	a.Targets = append([]int32(nil), a.Targets...)
	a.Amounts = append([]int32(nil), a.Amounts...)
	a.Damage = append([]rt.Division(nil), a.Damage...)
	for i := range a.Damage { // the divisions' slices may be the game's buffers too
		d := &a.Damage[i]
		d.To, d.Amounts = append([]rt.ObjID(nil), d.To...), append([]int32(nil), d.Amounts...)
	}
	return a
}
