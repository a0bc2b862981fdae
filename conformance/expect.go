package conformance

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"

	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// expect <what> <args...>: assert something about the game. With "!" the
// assertion must be false. It never advances the game.
func cmdExpect(ts *testscript.TestScript, neg bool, args []string) {
	s := st(ts)
	need(ts, args, 1, "expect <what> ...")
	g := s.game(ts)
	got, want, what := s.observe(ts, g, args)
	if (got == want) == neg {
		if neg {
			fail(ts, "expect %s: got %s, which the script says it must not be", what, got)
		}
		fail(ts, "expect %s: got %s, want %s", what, got, want)
	}
}

func num(n int32) string { return strconv.Itoa(int(n)) }

func boolStr(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// observe returns what the game shows for an assertion and what the script
// wants, as comparable strings.
func (s *state) observe(ts *testscript.TestScript, g *rt.Game, args []string) (got, want, what string) {
	arg := func(i int, usage string) string {
		need(ts, args, i+1, "expect "+usage)
		return args[i]
	}
	what = args[0]
	if k, ok := g.Rules.State(args[0]); ok && k >= rt.FirstFlag {
		// A flag the rules declare (fresh).
		x := s.card(ts, arg(1, args[0]+" <card>"))
		return boolStr(rt.ObjStateFlag(rt.Exec{Game: g}, x, k)), "true", args[1] + " " + args[0]
	}
	switch args[0] {
	case "state":
		usage := "state game|<player> <name> <value>"
		v, h := s.heldState(ts, arg(1, usage), arg(2, usage))
		want = heldString(g, h, s.heldValue(ts, h, arg(3, usage)))
		return heldString(g, h, *v), want, args[1] + " " + args[2]
	case "life", "poison", "hand", "library", "graveyard", "exile", "maxhand", "landsplayed":
		usage := args[0] + " <player> <n>"
		p := g.P(s.player(ts, arg(1, usage)))
		want = strconv.Itoa(int(atoi(ts, arg(2, usage), args[0])))
		switch args[0] {
		case "life":
			got = num(p.Life)
		case "poison":
			k, ok := g.Rules.ParseCounter("poison")
			if !ok {
				fail(ts, "expect poison: the rules declare no counter kind \"poison\"")
			}
			got = num(p.Counters[k])
		case "hand":
			got = strconv.Itoa(len(p.Hand))
		case "library":
			got = strconv.Itoa(len(p.Library))
		case "graveyard":
			got = strconv.Itoa(len(p.Graveyard))
		case "exile":
			got = strconv.Itoa(len(p.Exile))
		case "maxhand":
			got = num(p.MaxHandSize)
		case "landsplayed":
			v, _ := s.heldState(ts, args[1], "lands_played")
			got = num(*v)
		}
		what += " of " + args[1]
	case "mana":
		p := g.P(s.player(ts, arg(1, "mana <player> <pool>")))
		m, ok := rt.ParseMana(arg(2, "mana <player> <pool>"))
		if !ok {
			fail(ts, "mana %q: want letters of WUBRGC or 0", args[2])
		}
		got, want, what = p.Mana.String(), m.String(), "mana of "+args[1]
	case "zone":
		x := s.card(ts, arg(1, "zone <card> <zone>"))
		if _, ok := rt.ParseZone(arg(2, "zone <card> <zone>")); !ok && args[2] != "none" {
			fail(ts, "unknown zone %q", args[2])
		}
		got, want, what = g.Obj(x).Zone.String(), args[2], "zone of "+args[1]
	case "tapped", "phased_out", "token":
		x := s.card(ts, arg(1, args[0]+" <card>"))
		o := g.Obj(x)
		b := map[string]bool{"tapped": o.Tapped, "phased_out": o.PhasedOut, "token": o.Token}[args[0]]
		got, want, what = boolStr(b), "true", args[1]+" "+args[0]
	case "damage":
		x := s.card(ts, arg(1, "damage <card> <n>"))
		got, want, what = num(g.Obj(x).Damage), num(atoi(ts, arg(2, "damage <card> <n>"), "damage")), "damage on "+args[1]
	case "pt":
		x := s.card(ts, arg(1, "pt <card> <P/T>"))
		got, want, what = fmt.Sprintf("%d/%d", g.Power(x), g.Toughness(x)), arg(2, "pt <card> <P/T>"), "P/T of "+args[1]
	case "counter":
		usage := "counter <card> <kind> <n>"
		x := s.card(ts, arg(1, usage))
		k, ok := g.Rules.ParseCounter(arg(2, usage))
		if !ok {
			fail(ts, "unknown counter kind %q (these rules declare %s)", args[2], strings.Join(g.Rules.Counters, ", "))
		}
		got, want, what = num(g.Obj(x).Counters[k]), num(atoi(ts, arg(3, usage), "counters")), args[2]+" counters on "+args[1]
	case "attacking", "blocking", "blocked":
		x := s.card(ts, arg(1, args[0]+" <card>"))
		b := map[string]bool{"attacking": rt.Exec{Game: g}.Attacking(x), "blocking": rt.Exec{Game: g}.Blocking(x), "blocked": rt.Exec{Game: g}.Blocked(x)}[args[0]]
		got, want, what = boolStr(b), "true", args[1]+" "+args[0]
	case "protector":
		x := s.card(ts, arg(1, "protector <card> <player|none>"))
		got, want, what = "none", arg(2, "protector <card> <player|none>"), "protector of "+args[1]
		if p := (rt.Exec{Game: g}).Protector(x); p >= 0 {
			got = g.PlayerName(p)
		}
	case "defending":
		x := s.card(ts, arg(1, "defending <card> <player|nobody>"))
		got, want, what = g.PlayerName(rt.Exec{Game: g}.DefendingPlayer(x)), arg(2, "defending <card> <player|nobody>"), "defending player of "+args[1]
	case "alone":
		how := arg(1, "alone attacks|attacking|blocks|blocking <card>")
		x := s.card(ts, arg(2, "alone attacks|attacking|blocks|blocking <card>"))
		name := map[string]string{"attacks": "attacks_alone", "attacking": "attacking_alone", "blocks": "blocks_alone", "blocking": "blocking_alone"}[how]
		if name == "" {
			fail(ts, "expect alone: want attacks, attacking, blocks or blocking, not %q", how)
		}
		a, ok := g.Rules.Characteristic(name)
		if !ok {
			fail(ts, "expect alone %s: the rules derive no characteristic %s", how, name)
		}
		got, want, what = boolStr(rt.ObjDerived(rt.Exec{Game: g}, x, a) != 0), "true", args[2]+" "+how+" alone"
	case "declared":
		what := arg(1, "declared attackers|blockers")
		switch what {
		case "attackers":
			got = boolStr(rt.Exec{Game: g}.AttackersDeclared())
		case "blockers":
			got = boolStr(rt.Exec{Game: g}.BlockersDeclared())
		default:
			fail(ts, "expect declared: want attackers or blockers, not %q", what)
		}
		want = "true"
	case "attackers":
		got, want = num(rt.Exec{Game: g}.NumAttackers()), num(atoi(ts, arg(1, "attackers <n>"), "attackers"))
	case "attached":
		x := s.card(ts, arg(1, "attached <card> <card|nothing>"))
		got = "nothing"
		if h, ok := (rt.Exec{Game: g}).AttachedTo(x); ok {
			got = rt.Exec{Game: g}.Face(h).Name
		}
		want, what = arg(2, "attached <card> <card|nothing>"), "what "+args[1]+" is attached to"
		if want != "nothing" {
			want = rt.Exec{Game: g}.Face(s.card(ts, want)).Name
		}
	case "regen":
		x := s.card(ts, arg(1, "regen <card> <n>"))
		got, want, what = num(g.Obj(x).Regen), num(atoi(ts, arg(2, "regen <card> <n>"), "regen")), "regeneration shields of "+args[1]
	case "keyword":
		x := s.card(ts, arg(1, "keyword <card> <keyword>"))
		got, want, what = boolStr(rt.Exec{Game: g}.HasKeywordNamed(x, arg(2, "keyword <card> <keyword>"))), "true", args[1]+" has "+args[2]
	case "step":
		got, want = g.CurrentStep(), arg(1, "step <name>")
	case "phase":
		got, want = g.CurrentPhase(), arg(1, "phase <name>")
	case "turn":
		got, want = num(g.TurnNum), num(atoi(ts, arg(1, "turn <n>"), "turn"))
	case "active":
		got, want = g.PlayerName(g.Active), arg(1, "active <player>")
	case "stack", "waiting", "effects", "delayed":
		n := map[string]int{"stack": len(g.Stack), "waiting": len(g.Waiting), "effects": len(g.Effects), "delayed": len(g.Delayed)}[args[0]]
		got, want = strconv.Itoa(n), strconv.Itoa(int(atoi(ts, arg(1, args[0]+" <n>"), args[0])))
	case "lost":
		p := g.P(s.player(ts, arg(1, "lost <player>")))
		got, want, what = boolStr(p.Lost), "true", args[1]+" lost"
	case "over":
		got, want = boolStr(g.Over()), "true"
	case "card_types", "counter_kinds":
		// The characteristics the rules declare, as a set: what exists in
		// this edition, and so what cannot.
		need(ts, args, 2, "expect "+args[0]+" <name>...")
		have := g.Rules.CardTypes
		if args[0] == "counter_kinds" {
			have = g.Rules.Counters
		}
		got, want = sortedJoin(have), sortedJoin(args[1:])
	case "winner":
		w := "none"
		if g.Over() {
			w = "draw"
			if g.Winner() >= 0 {
				w = g.PlayerName(g.Winner())
			}
		}
		got, want = w, arg(1, "winner <player|draw|none>")
	case "offered":
		// Whether the options of the pending decision (Options: what a
		// player holding priority is offered) include the action; and
		// Forced, which looks for one without listing them, agrees.
		usage := "offered play|cast|activate|tapmana <card> [<label>]"
		kind, x := arg(1, usage), s.card(ts, arg(2, usage))
		want, what = "true", "offered "+kind+" "+args[2]
		ability := -1
		var k rt.AnswerKind
		switch kind {
		case "play":
			k = rt.PlayLand
		case "cast":
			k = rt.Cast
		case "tapmana":
			k = rt.TapMana
		case "activate":
			k = rt.Activate
			label := arg(3, "offered activate <card> <label>")
			ability = slices.IndexFunc(rt.Exec{Game: g}.Face(x).Abilities, func(a rt.Ability) bool { return a.Label == label })
			if ability < 0 {
				fail(ts, "%s has no ability %q", args[2], label)
			}
			what += " " + label
		default:
			fail(ts, "expect %s", usage)
		}
		opts := g.Options(nil, false)
		got = "false"
		for _, o := range opts {
			if o.Kind == k && o.Obj == x && (k != rt.Activate || int(o.Ability) == ability) {
				got = "true"
			}
		}
		s.forcedAgrees(ts, g, opts)
		return got, want, what
	case "forced":
		// The pending decision has one legal answer (Forced): passing,
		// for a player holding priority.
		s.forcedAgrees(ts, g, g.Options(nil, false))
		return boolStr(g.Forced()), "true", "forced"
	case "pending":
		d := g.Pending()
		got = d.Kind.String()
		switch d.Kind {
		case rt.DecidePriority, rt.DecideCards, rt.DecideAttackers, rt.DecideBlockers, rt.DecideDefender:
			got += " " + g.PlayerName(d.Player)
		case rt.DecideOrder, rt.DecidePlayer:
			got += " " + g.PlayerName(d.Player) + " " + rt.Exec{Game: g}.Face(d.Obj).Name
		case rt.DecidePlace:
			got += " " + g.PlayerName(d.Player) + " " + rt.Exec{Game: g}.Face(d.Obj).Name + " " + rt.Exec{Game: g}.Face(d.Of).Name
		case rt.DecideTriggers:
			got += " " + g.PlayerName(d.Player)
			for i := 0; i < d.N; i++ {
				it, _ := rt.Exec{Game: g}.WaitingOf(d.Player, i)
				got += " " + rt.Exec{Game: g}.WaitingName(&it)
			}
		case rt.DecideDamage:
			got += " " + g.PlayerName(d.Player)
			for _, gr := range d.Groups {
				got += " " + rt.Exec{Game: g}.Face(gr.Source).Name
			}
		}
		if d.Kind == rt.DecideCards {
			got += " " + strconv.Itoa(d.N)
		}
		want = joinArgs(args[1:])
	default:
		fail(ts, "expect: unknown %q (see conformance/README.md)", args[0])
	}
	return got, want, what
}

func joinArgs(a []string) string {
	out := ""
	for i, s := range a {
		if i > 0 {
			out += " "
		}
		out += s
	}
	return out
}

// sortedJoin is a set of names as one comparable string.
func sortedJoin(names []string) string {
	s := slices.Clone(names)
	slices.Sort(s)
	return strings.Join(s, " ")
}

// forcedAgrees fails the script when Forced, which looks for an option
// but passing without listing them, disagrees with Options' list.
func (s *state) forcedAgrees(ts *testscript.TestScript, g *rt.Game, opts []rt.Option) {
	if d := g.Pending(); d.Kind == rt.DecidePriority && g.Forced() != (len(opts) == 1) {
		fail(ts, "Forced says %v, but Options lists %d options", g.Forced(), len(opts))
	}
}
