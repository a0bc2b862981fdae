package conformance

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/rogpeppe/go-internal/testscript"

	rt "github.com/mtgc-dev/mtgc/runtime/rtimpl"
)

// Commands returns the conformance command vocabulary. Keep it stable and
// grow it additively: scripts outside this repository depend on it, through
// README.md.
func Commands() map[string]func(ts *testscript.TestScript, neg bool, args []string) {
	return map[string]func(*testscript.TestScript, bool, []string){
		// Setting up.
		"game":        cmdGame,
		"library":     zoneCmd(rt.ZoneLibrary),
		"hand":        zoneCmd(rt.ZoneHand),
		"battlefield": zoneCmd(rt.ZoneBattlefield),
		"graveyard":   zoneCmd(rt.ZoneGraveyard),
		"exile":       zoneCmd(rt.ZoneExile),
		"set":         cmdSet,
		"effect":      cmdEffect,
		"trigger":     cmdTrigger,
		"triggered":   cmdTriggered,
		"ability":     cmdAbility,
		"extra":       cmdExtra,
		"skipnext":    cmdSkipNext,
		"at":          cmdAt,
		// Playing.
		"advance":       cmdAdvance,
		"pass":          cmdPass,
		"until":         cmdUntil,
		"play":          actionCmd(rt.PlayLand),
		"cast":          actionCmd(rt.Cast),
		"tapmana":       actionCmd(rt.TapMana),
		"activate":      cmdActivate,
		"choose":        cmdChoose,
		"attack":        cmdAttack,
		"defend":        cmdDefend,
		"chooseplayer":  cmdChoosePlayer,
		"putattacking":  cmdPutAttacking,
		"putblocking":   blockCmd("putblocking", "put_blocking"),
		"makeblock":     blockCmd("makeblock", "make_block"),
		"makeblocked":   cmdMakeBlocked,
		"block":         cmdBlock,
		"order":         cmdOrder,
		"ordertriggers": cmdOrderTriggers,
		"place":         cmdPlace,
		"assign":        cmdAssign,
		// Checking.
		"expect":  cmdExpect,
		"trace":   cmdTrace,
		"pending": cmdPending,
	}
}

func fail(ts *testscript.TestScript, format string, args ...any) {
	ts.Fatalf(format, args...)
}

// noNeg refuses "!" on commands that set things up.
func noNeg(ts *testscript.TestScript, neg bool, name string) {
	if neg {
		fail(ts, "%s does not support \"!\"", name)
	}
}

func need(ts *testscript.TestScript, args []string, n int, usage string) {
	if len(args) < n {
		fail(ts, "usage: %s", usage)
	}
}

func atoi(ts *testscript.TestScript, s, what string) int32 {
	n, err := strconv.ParseInt(s, 10, 32)
	if err != nil {
		fail(ts, "%s: %q is not a whole number", what, s)
	}
	return int32(n)
}

// options splits key=value arguments from the others.
func options(args []string) (map[string]string, []string) {
	opts := map[string]string{}
	var rest []string
	for _, a := range args {
		if k, v, ok := strings.Cut(a, "="); ok && !strings.ContainsAny(k, " '") && k != "" {
			opts[k] = v
			continue
		}
		rest = append(rest, a)
	}
	return opts, rest
}

// game [players=N] [seed=N] [starting=pK]
func cmdGame(ts *testscript.TestScript, neg bool, args []string) {
	noNeg(ts, neg, "game")
	s := st(ts)
	opts, rest := options(args)
	if len(rest) > 0 {
		fail(ts, "usage: game [players=N] [seed=N] [starting=pK] [triggers=ask]; unexpected %q", rest[0])
	}
	n := int32(2)
	if v, ok := opts["players"]; ok {
		n = atoi(ts, v, "players")
	}
	if n < 1 || n > 8 {
		fail(ts, "players must be 1 to 8")
	}
	cfg := rt.Config{NoShuffle: true, NoOpeningHand: true}
	for i := int32(0); i < n; i++ {
		cfg.Players = append(cfg.Players, rt.PlayerConfig{Name: fmt.Sprintf("p%d", i+1)})
	}
	if v, ok := opts["seed"]; ok {
		seed, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			fail(ts, "seed: %q is not a number", v)
		}
		cfg.Seed = seed
	}
	if v, ok := opts["starting"]; ok {
		cfg.Starting = playerIndex(ts, cfg.Players, v)
	}
	// Each player's triggered abilities go on the stack in the order they
	// triggered unless the script asks (triggers=ask: ordertriggers answers).
	cfg.AutoOrderTriggers = true
	if v, ok := opts["triggers"]; ok {
		if v != "ask" {
			fail(ts, "game: triggers=%s: want triggers=ask", v)
		}
		cfg.AutoOrderTriggers = false
	}
	for k := range opts {
		if k != "players" && k != "seed" && k != "starting" && k != "triggers" {
			fail(ts, "game: unknown option %s=", k)
		}
	}
	g, err := rt.New(s.rules, cfg)
	ts.Check(err)
	s.g, s.mark = g, 0
	s.games = append(s.games, g)
}

func playerIndex(ts *testscript.TestScript, ps []rt.PlayerConfig, name string) int {
	for i, p := range ps {
		if p.Name == name {
			return i
		}
	}
	fail(ts, "unknown player %q", name)
	return 0
}

func (s *state) player(ts *testscript.TestScript, name string) int {
	g := s.game(ts)
	p, ok := g.PlayerIndex(name)
	if !ok {
		fail(ts, "unknown player %q (players are p1..p%d)", name, len(g.Players))
	}
	return p
}

// card finds an object by name; "Name#k" picks the k-th object so named.
func (s *state) card(ts *testscript.TestScript, name string) rt.ObjID {
	g := s.game(ts)
	want := 1
	base := name
	if i := strings.LastIndexByte(name, '#'); i > 0 {
		if k, err := strconv.Atoi(name[i+1:]); err == nil && k > 0 {
			base, want = name[:i], k
		}
	}
	var found []rt.ObjID
	for i := range g.Objs {
		if (rt.Exec{Game: g}).Face(rt.ObjID(i)).Name == base {
			found = append(found, rt.ObjID(i))
		}
	}
	switch {
	case len(found) == 0:
		fail(ts, "no card named %q", base)
	case base == name && len(found) > 1:
		fail(ts, "%d cards are named %q: say %q to %q", len(found), base, base+"#1", fmt.Sprintf("%s#%d", base, len(found)))
	case want > len(found):
		fail(ts, "there are only %d cards named %q", len(found), base)
	}
	return found[want-1]
}

// zone commands: <zone> <player> <name> [attributes...]
func zoneCmd(z rt.Zone) func(*testscript.TestScript, bool, []string) {
	return func(ts *testscript.TestScript, neg bool, args []string) {
		noNeg(ts, neg, z.String())
		s := st(ts)
		need(ts, args, 2, z.String()+" <player> <name> [attributes...]")
		g := s.game(ts)
		p := s.player(ts, args[0])
		c, post, count := s.parseCard(ts, args[1], args[2:])
		s.budget.create(ts, len(g.Objs), count)
		for i := int32(0); i < count; i++ {
			x, err := g.Create(c, p, z)
			ts.Check(err)
			post(x)
		}
	}
}

// parseCard reads card attributes; post applies the ones that are state
// rather than characteristics.
func (s *state) parseCard(ts *testscript.TestScript, name string, attrs []string) (rt.Card, func(rt.ObjID), int32) {
	g := s.game(ts)
	c := rt.Card{Name: name}
	var tapped, phased, hasStamp bool
	var flags []rt.StateKind // the rules' flags it has (state S flag: fresh)
	var damage, regen, stamp, prevent int32
	protector := -2 // not given
	count := int32(1)
	type ctr struct {
		k rt.CounterKind
		n int32
	}
	var ctrs, caps []ctr
	// "card": the object is the card these rules declare by that name
	// (a card library's, or the script's cards.mtg), with its
	// characteristics and abilities; the other attributes add to them.
	if i := slices.Index(attrs, "card"); i >= 0 {
		lib, ok := g.Rules.Card(name)
		if !ok {
			var names []string
			for _, c := range g.Rules.Cards {
				names = append(names, c.Name)
			}
			if len(names) == 0 {
				fail(ts, "%s card: these rules declare no cards (a card library, or a cards.mtg section of the script, declares them)", name)
			}
			fail(ts, "%s card: these rules declare no card of that name (they declare %s)", name, strings.Join(names, ", "))
		}
		c = lib
		attrs = slices.Delete(slices.Clone(attrs), i, i+1)
	}
	for _, a := range attrs {
		if t, ok := g.Rules.ParseType(a); ok {
			c.Types |= t
			continue
		}
		if t, ok := rt.ParseSuper(a); ok {
			c.Super |= t
			continue
		}
		if k, v, ok := strings.Cut(a, "="); ok {
			switch k {
			case "cost":
				cost, ok := rt.ParseCost(v)
				if !ok {
					fail(ts, "cost %q: want e.g. 1G, 2WW or 0", v)
				}
				c.Cost = cost
			case "spell":
				// What the card does as a spell resolves: the rules'
				// effect named (its targets chosen as it is cast), with its
				// numbers (spell=EFFECT:N...).
				parts := strings.Split(v, ":")
				var t rt.Trigger
				effect(ts, g, &t, strings.ReplaceAll(parts[0], "-", "_"), parts[1:], a)
				t.Label = c.Name
				c.Spell = t.Triggered
			case "damage":
				damage = atoi(ts, v, "damage")
			case "protector":
				protector = s.protector(ts, v)
			case "count":
				count = atoi(ts, v, "count")
			case "counter":
				kind, n, ok := strings.Cut(v, ":")
				ck, ok2 := g.Rules.ParseCounter(kind)
				if !ok || !ok2 {
					fail(ts, "counter=%s: want counter=KIND:N with a counter kind these rules declare (%s), e.g. counter=+1/+1:2", v, strings.Join(g.Rules.Counters, ", "))
				}
				ctrs = append(ctrs, ctr{ck, atoi(ts, n, "counter")})
			case "subtype":
				c.Subtypes = append(c.Subtypes, v)
			case "timing":
				if g.Rules.Timing(v) < 0 {
					fail(ts, "timing=%s: the rules declare no such timing (they declare %v)", v, g.Rules.TimingNames())
				}
				c.Timing = v
			case "attackcost", "blockcost":
				cost, ok := rt.ParseCost(v)
				if !ok {
					fail(ts, "%s=%s: want a cost, e.g. 1G, 2 or 0", k, v)
				}
				if k == "attackcost" {
					c.AttackCost = cost
				} else {
					c.BlockCost = cost
				}
			case "copy":
				switch v {
				case "spell":
					c.Copy = rt.SpellCopy
				case "card":
					c.Copy = rt.CardCopy
				default:
					fail(ts, "copy=%s: want copy=spell or copy=card", v)
				}
			case "enchant":
				t, ok := g.Rules.ParseType(v)
				if !ok {
					fail(ts, "enchant=%s: want a card type these rules declare (%s)", v, strings.Join(g.Rules.CardTypes, ", "))
				}
				c.Enchant |= t
			case "regen":
				regen = atoi(ts, v, "regen")
			case "prevent":
				prevent = atoi(ts, v, "prevent")
			case "timestamp":
				stamp, hasStamp = atoi(ts, v, "timestamp"), true
			case "max":
				kind, n, ok := strings.Cut(v, ":")
				ck, ok2 := g.Rules.ParseCounter(kind)
				if !ok || !ok2 {
					fail(ts, "max=%s: want max=KIND:N with a counter kind these rules declare (%s), e.g. max=charge:3", v, strings.Join(g.Rules.Counters, ", "))
				}
				caps = append(caps, ctr{ck, atoi(ts, n, "max")})
			default:
				// KIND=N: N counters of a kind the rules declare (defense=5).
				if ck, ok := g.Rules.ParseCounter(k); ok {
					ctrs = append(ctrs, ctr{ck, atoi(ts, v, k)})
					break
				}
				fail(ts, "unknown card attribute %s= (nor a counter kind these rules declare: %s)", k, strings.Join(g.Rules.Counters, ", "))
			}
			continue
		}
		if pw, tg, ok := strings.Cut(a, "/"); ok {
			c.Power, c.Toughness = atoi(ts, pw, "power"), atoi(ts, tg, "toughness")
			continue
		}
		switch a {
		case "tapped":
			tapped = true
		case "phased_out":
			phased = true
		case "token":
			c.Token = true
		default:
			if k, ok := g.Rules.State(a); ok && k >= rt.FirstFlag {
				flags = append(flags, k)
				continue
			}
			if landManaType(g.Rules, a) {
				c.Subtypes = append(c.Subtypes, a)
				continue
			}
			name, _, _ := strings.Cut(a, ":")
			if g.Rules.Keyword(name) < 0 {
				fail(ts, "unknown card attribute %q: not a card type of these rules (%s), supertype, land type of these rules' land_mana, P/T, state (tapped, phased_out, token, a flag the rules declare: %s) or keyword of these rules (%s)", a, strings.Join(g.Rules.CardTypes, ", "), strings.Join(flagNames(g.Rules), ", "), strings.Join(g.Rules.Keywords, ", "))
			}
			if _, _, err := g.Rules.ParseKeyword(a); err != nil {
				fail(ts, "card attribute %q: %v", a, err)
			}
			c.Keywords = append(c.Keywords, a)
		}
	}
	post := func(x rt.ObjID) {
		o := g.Obj(x)
		o.Tapped, o.PhasedOut, o.Damage = tapped, phased, damage
		// A permanent set up by a script has none of the rules' flags
		// but those it names (fresh: it came under its controller's
		// control this turn).
		for _, k := range flags {
			rt.Exec{Game: g}.SetFlag(x, k, true, "")
		}
		o.Regen = regen
		if prevent > 0 {
			// A prevention shield for this turn (615.7).
			rt.Exec{Game: g}.AddEffect(rt.Effect{Label: "prevent=", Target: x, Prevent: rt.PreventTo, Shield: int32(prevent), Dur: rt.Duration{Kind: rt.ThisTurn}})
		}
		if hasStamp {
			o.Timestamp = uint32(stamp)
		}
		for _, c := range ctrs {
			o.Counters[c.k] += c.n
		}
		if len(caps) > 0 {
			e := rt.Exec{Game: g}
			f := e.Face(x)
			for _, c := range caps {
				f.CounterMax[c.k] = c.n
				f.Capped |= 1 << c.k
			}
			e.SetFace(x, f)
		}
		if protector != -2 {
			o.Protector = int8(protector)
		}
	}
	return c, post, count
}

// protector reads the player a protector= or "set protector" names:
// a player, or none (-1).
func (s *state) protector(ts *testscript.TestScript, name string) int {
	if name == "none" {
		return -1
	}
	return s.player(ts, name)
}

// heldState finds the slot of a state the rules declare the game or a
// player holds (state game|player NAME KIND): holder is "game" or a
// player.
func (s *state) heldState(ts *testscript.TestScript, holder, name string) (*int32, rt.HeldState) {
	g := s.game(ts)
	h, ok := g.Rules.HeldState(name)
	if !ok {
		var names []string
		for _, d := range g.Rules.HeldStates {
			names = append(names, d.Name)
		}
		fail(ts, "unknown state %q: the rules declare no state of a player or the game by that name (they declare %s)", name, strings.Join(names, ", "))
	}
	if holder == "game" {
		if h.Holder != rt.HeldByGame {
			fail(ts, "state %s is a player's (state player %s ...), not the game's: name a player", name, name)
		}
		return &g.States[h.Slot], h
	}
	p := s.player(ts, holder)
	if h.Holder != rt.HeldByPlayer {
		fail(ts, "state %s is the game's (state game %s ...), not a player's: write game", name, name)
	}
	return &g.P(p).States[h.Slot], h
}

// heldValue reads a value of the state h as the script writes it (true
// or false for a flag, a number, a player or none), as it is stored.
func (s *state) heldValue(ts *testscript.TestScript, h rt.HeldState, v string) int32 {
	switch h.Kind {
	case "flag":
		switch v {
		case "true":
			return 1
		case "false":
			return 0
		}
		fail(ts, "state %s is a flag: want true or false, not %q", h.Name, v)
	case "player":
		return int32(s.protector(ts, v)) + 1
	}
	return atoi(ts, v, h.Name)
}

// heldString shows a stored value of the state h as a script writes it.
func heldString(g *rt.Game, h rt.HeldState, n int32) string {
	switch h.Kind {
	case "flag":
		return boolStr(n != 0)
	case "player":
		if p := int(n) - 1; p >= 0 && p < len(g.Players) {
			return g.Players[p].Name
		}
		return "none"
	}
	return num(n)
}

// set life|poison|maxhand|landsplayed|landplays <player> <n>
// set state game|<player> <name> <value>
// set mana <player> <pool>
// set damage <card> <n>
// set counter <card> <kind> <n>
// set protector <card> <player|none>
// set drewempty <player>
func cmdSet(ts *testscript.TestScript, neg bool, args []string) {
	noNeg(ts, neg, "set")
	s := st(ts)
	need(ts, args, 2, "set <what> <player|card> [value]")
	g := s.game(ts)
	switch args[0] {
	case "life", "poison", "maxhand", "landsplayed", "landplays":
		need(ts, args, 3, "set "+args[0]+" <player> <n>")
		p := g.P(s.player(ts, args[1]))
		n := atoi(ts, args[2], args[0])
		switch args[0] {
		case "life":
			p.Life = n
		case "poison":
			// Counters of the rules' kind "poison", if they declare it.
			k, ok := g.Rules.ParseCounter("poison")
			if !ok {
				fail(ts, "set poison: the rules declare no counter kind \"poison\" (they declare %s)", strings.Join(g.Rules.Counters, ", "))
			}
			p.Counters[k] = n
		case "maxhand":
			p.MaxHandSize = n
		case "landsplayed":
			// The rules' state of a player "lands_played", if they declare it.
			v, _ := s.heldState(ts, args[1], "lands_played")
			*v = n
		case "landplays":
			p.LandPlays = n
		}
	case "mana":
		need(ts, args, 3, "set mana <player> <pool, e.g. GG>")
		m, ok := rt.ParseMana(args[2])
		if !ok {
			fail(ts, "mana %q: want letters of WUBRGC", args[2])
		}
		g.P(s.player(ts, args[1])).Mana = m
	case "damage":
		need(ts, args, 3, "set damage <card> <n> [flag...]")
		x := s.card(ts, args[1])
		g.Obj(x).Damage = atoi(ts, args[2], "damage")
		// The rules' flags the damage gives it (deathtouch_damage).
		for _, a := range args[3:] {
			k, ok := g.Rules.State(a)
			if !ok || k < rt.FirstFlag {
				fail(ts, "set damage: %q is not a flag the rules declare (state NAME flag)", a)
			}
			rt.Exec{Game: g}.SetFlag(x, k, true, "")
		}
	case "types":
		need(ts, args, 3, "set types <card> <type>...")
		var t rt.TypeSet
		for _, a := range args[2:] {
			b, ok := g.Rules.ParseType(a)
			if !ok {
				fail(ts, "set types: %q is not a card type these rules declare (%s)", a, strings.Join(g.Rules.CardTypes, ", "))
			}
			t |= b
		}
		g.Obj(s.card(ts, args[1])).Types = t
	case "regen":
		need(ts, args, 3, "set regen <card> <n>")
		g.Obj(s.card(ts, args[1])).Regen = atoi(ts, args[2], "regen")
	case "attach":
		need(ts, args, 3, "set attach <card> <card|nothing>")
		x := s.card(ts, args[1])
		if args[2] == "nothing" {
			g.Obj(x).AttachedTo = rt.NoObj
		} else {
			rt.Exec{Game: g}.Attach(x, s.card(ts, args[2]), "")
		}
	case "controller":
		need(ts, args, 3, "set controller <card> <player>")
		g.Obj(s.card(ts, args[1])).Controller = int8(s.player(ts, args[2]))
	case "protector":
		need(ts, args, 3, "set protector <card> <player|none>")
		g.Obj(s.card(ts, args[1])).Protector = int8(s.protector(ts, args[2]))
	case "counter":
		need(ts, args, 4, "set counter <card> <kind> <n>")
		k, ok := g.Rules.ParseCounter(args[2])
		if !ok {
			fail(ts, "unknown counter kind %q (these rules declare %s)", args[2], strings.Join(g.Rules.Counters, ", "))
		}
		g.Obj(s.card(ts, args[1])).Counters[k] = atoi(ts, args[3], "counters")
	case "state":
		need(ts, args, 4, "set state game|<player> <name> <value>")
		v, h := s.heldState(ts, args[1], args[2])
		*v = s.heldValue(ts, h, args[3])
	case "tapped", "untapped", "phased_out", "phased_in":
		o := g.Obj(s.card(ts, args[1]))
		switch args[0] {
		case "tapped", "untapped":
			o.Tapped = args[0] == "tapped"
		default:
			o.PhasedOut = args[0] == "phased_out"
		}
	default:
		fail(ts, "set: unknown %q (want life, poison, maxhand, landsplayed, landplays, state, mana, damage, regen, attach, controller, protector, counter, tapped, untapped, phased_out, phased_in)", args[0])
	}
}

// parseDuration reads end-of-turn, this-turn or end-of:<step or phase>.
func parseDuration(ts *testscript.TestScript, s string) rt.Duration {
	switch {
	case s == "end-of-turn":
		return rt.Duration{Kind: rt.UntilEndOfTurn}
	case s == "this-turn":
		return rt.Duration{Kind: rt.ThisTurn}
	case strings.HasPrefix(s, "end-of:"):
		return rt.Duration{Kind: rt.UntilEndOf, Segment: strings.TrimPrefix(s, "end-of:")}
	case strings.HasPrefix(s, "until:"):
		return rt.Duration{Kind: rt.Until, Segment: strings.TrimPrefix(s, "until:")}
	case strings.HasPrefix(s, "until-next-turn:"):
		return rt.Duration{Kind: rt.UntilYourNextTurn, Player: int8(st(ts).player(ts, strings.TrimPrefix(s, "until-next-turn:")))}
	}
	fail(ts, "duration %q: want end-of-turn, this-turn, end-of:<step or phase>, until:<step or phase> or until-next-turn:<player>", s)
	return rt.Duration{}
}

// effect <card> <label> <duration> [+P/+T | =P/T] [keyword | -keyword | color:C | type:T ...]
func cmdEffect(ts *testscript.TestScript, neg bool, args []string) {
	noNeg(ts, neg, "effect")
	s := st(ts)
	usage := "effect <card> <label> <duration> [+P/+T | =P/T] [keyword | -keyword | color:C | type:T ...]"
	need(ts, args, 3, usage)
	g := s.game(ts)
	e := rt.Effect{Target: s.card(ts, args[0]), Label: args[1], Dur: parseDuration(ts, args[2])}
	for _, a := range args[3:] {
		if pw, tg, ok := strings.Cut(a, "/"); ok {
			if set, ok := strings.CutPrefix(pw, "="); ok {
				pw, e.SetPT = set, true
			}
			e.Power, e.Toughness = atoi(ts, pw, "power"), atoi(ts, tg, "toughness")
			continue
		}
		if c, ok := strings.CutPrefix(a, "color:"); ok {
			names := []string{"white", "blue", "black", "red", "green", "colorless"}
			i := slices.Index(names, c)
			if i < 0 {
				fail(ts, "effect: color %q: want one of %s", c, strings.Join(names, ", "))
			}
			e.SetColors = true
			if rt.Color(i) != rt.Colorless {
				e.Colors |= 1 << uint(i)
			}
			continue
		}
		if t, ok := strings.CutPrefix(a, "type:"); ok {
			ty, ok := g.Rules.ParseType(t)
			if !ok {
				fail(ts, "effect: %q is not a card type of these rules", t)
			}
			e.Types |= ty
			continue
		}
		lose := strings.HasPrefix(a, "-")
		k, n, err := g.Rules.ParseKeyword(strings.TrimPrefix(a, "-"))
		if err != nil {
			fail(ts, "effect: %q is neither +P/+T, =P/T, color:C, type:T nor a keyword of these rules (-keyword to take it away): %v", a, err)
		}
		if lose {
			e.Lose |= 1 << uint(k)
			continue
		}
		e.Keywords |= 1 << uint(k)
		e.KeywordArg = n
	}
	rt.Exec{Game: g}.AddEffect(e)
}

// parseTrigger reads <event> <does> into a triggered ability. The event
// is one of the rules' trigger events (trigger_event declarations), named
// as the rules name it with - for _ (untap, dies, attacks, blocks,
// becomes-blocked, blocked-by, unblocked...), followed by :ARG when it
// takes an argument: begin:<step>, your-begin:<step>. blocked-by-N is
// blocked_by_count:N and creature-blocks:KEYWORD creature_blocks_with:KEYWORD.
func parseTrigger(ts *testscript.TestScript, label, event, does string) rt.Trigger {
	g := st(ts).game(ts)
	name, arg, hasArg := strings.Cut(event, ":")
	if n, ok := strings.CutPrefix(name, "blocked-by-"); ok && !hasArg {
		name, arg, hasArg = "blocked_by_count", n, true
	}
	if name == "creature-blocks" && hasArg {
		name = "creature_blocks_with"
	}
	name = strings.ReplaceAll(name, "-", "_")
	id := g.Rules.TriggerEventIndex(name)
	if id == 0 {
		fail(ts, "trigger event %q: the rules declare no trigger event %s (they declare %s)", event, name, strings.Join(g.Rules.TriggerEventNames(), ", "))
	}
	t := rt.Trigger{Triggered: rt.Triggered{Label: label, Event: id}}
	te := &g.Rules.TriggerEvents[id-1]
	switch {
	case te.Param == 0 && hasArg:
		fail(ts, "trigger event %q: %s takes no argument", event, name)
	case te.Param != 0 && !hasArg:
		fail(ts, "trigger event %q: %s takes an argument (%s:ARG)", event, name, name)
	case te.Param == 'i':
		t.Arg = atoi(ts, arg, "trigger event argument")
	case te.Param == 'k':
		t.Arg = int32(keywordIndex(ts, arg))
	case te.Param == 's':
		t.Segment = arg
	}
	parseDoes(ts, &t, does)
	return t
}

// parseDoes reads what an ability does when it resolves into t: one of
// the rules' effects, named as the rules name it with - for _, followed by
// its numbers (gain:N, lose:N, draw:N, damage-each:N, gain-power); or
// delayed:<step>:N, a delayed triggered ability: at the beginning of the
// next <step>, gain:N.
func parseDoes(ts *testscript.TestScript, t *rt.Trigger, does string) {
	g := st(ts).game(ts)
	parts := strings.Split(does, ":")
	if parts[0] == "delayed" {
		if len(parts) != 3 {
			fail(ts, "effect %q: want delayed:<step>:N", does)
		}
		d := rt.Trigger{Triggered: rt.Triggered{Label: t.Label + " (delayed)"}}
		d.Event = g.Rules.TriggerEventIndex("begin")
		if d.Event == 0 {
			fail(ts, "effect %q: a delayed ability waits for a step to begin, and the rules declare no trigger event begin", does)
		}
		d.Segment = parts[1]
		effect(ts, g, &d, "gain", parts[2:], does)
		t.Delay = d.Triggered
		return
	}
	effect(ts, g, t, strings.ReplaceAll(parts[0], "-", "_"), parts[1:], does)
}

// effect makes t apply the rules' effect name with the numbers args.
func effect(ts *testscript.TestScript, g *rt.Game, t *rt.Trigger, name string, args []string, does string) {
	i := g.Rules.EffectIndex(name)
	if i < 0 {
		fail(ts, "effect %q: the rules declare no effect %s (they declare %s)", does, name, strings.Join(g.Rules.EffectNames(), ", "))
	}
	e := &g.Rules.Effects[i]
	// Its targets are chosen as the ability goes on the stack; the ability
	// gives the other parameters.
	var given []int
	for j := 0; j < e.Params; j++ {
		target := false
		for _, tg := range e.Targets {
			target = target || int(tg.Param) == j
		}
		if !target {
			given = append(given, j)
		}
	}
	if len(given) != len(args) {
		fail(ts, "effect %q: the rules' effect %s takes %d number(s), not %d", does, name, len(given), len(args))
	}
	for _, j := range given {
		if j < len(e.Kinds) && e.Kinds[j] != 'i' {
			fail(ts, "effect %q: the rules' effect %s takes more than numbers (%s): a card's ability gives it only numbers", does, name, e.Kinds)
		}
	}
	for k, a := range args {
		t.Args[given[k]] = atoi(ts, a, "effect amount")
	}
	t.Effect = int16(i + 1)
}

// ability <card> <label> <does> [timing=NAME] [cost=COST] [tap=true]
// [from=hand]: give a permanent an activated ability, with a mana cost and
// {T} if said, limited by a timing of the rules; from=hand: give a card an
// ability that functions in its owner's hand.
func cmdAbility(ts *testscript.TestScript, neg bool, args []string) {
	noNeg(ts, neg, "ability")
	s := st(ts)
	opts, rest := options(args)
	if len(rest) != 3 {
		fail(ts, "usage: ability <card> <label> <does> [timing=NAME] [cost=COST] [tap=true] [from=hand]")
	}
	g := s.game(ts)
	x := s.card(ts, rest[0])
	a := rt.Ability{Label: rest[1], Timing: opts["timing"], Tap: opts["tap"] == "true", Effect: rt.Trigger{Triggered: rt.Triggered{Label: rest[1]}}}
	if v, ok := opts["cost"]; ok {
		cost, ok := rt.ParseCost(v)
		if !ok {
			fail(ts, "ability %s: cost=%s: want e.g. 1G, 2 or 0", rest[1], v)
		}
		a.Cost = cost
	}
	switch opts["from"] {
	case "":
	case "hand":
		a.Zone = rt.ZoneHand
		if a.Tap {
			fail(ts, "ability %s: from=hand and tap=true: only a permanent taps", rest[1])
		}
	default:
		fail(ts, "ability %s: from=%s: an ability functions from the battlefield (the default) or from=hand", rest[1], opts["from"])
	}
	if a.Timing != "" && g.Rules.Timing(a.Timing) < 0 {
		fail(ts, "ability %s: the rules declare no timing %q (they declare %v)", rest[1], a.Timing, g.Rules.TimingNames())
	}
	parseDoes(ts, &a.Effect, rest[2])
	e := rt.Exec{Game: g}
	f := e.Face(x)
	f.Abilities = append(append([]rt.Ability(nil), f.Abilities...), a)
	e.SetFace(x, f)
}

// activate <player> <card> <label>: activate an activated ability.
func cmdActivate(ts *testscript.TestScript, neg bool, args []string) {
	s := st(ts)
	ts.Stdout()
	need(ts, args, 3, "activate <player> <card> <label>")
	g := s.game(ts)
	p := s.player(ts, args[0])
	x := s.card(ts, args[1])
	i := slices.IndexFunc(rt.Exec{Game: g}.Face(x).Abilities, func(a rt.Ability) bool { return a.Label == args[2] })
	if n, err := strconv.Atoi(strings.TrimPrefix(args[2], "@")); i < 0 && strings.HasPrefix(args[2], "@") && err == nil {
		i = n // by number, from 0: one it may not have (refused)
	} else if i < 0 {
		fail(ts, "%s has no ability %q", args[1], args[2])
	}
	d := g.Advance()
	if (d.Kind != rt.DecidePriority || d.Player != p) && !neg {
		fail(ts, "%s can't act: the engine is waiting for %s", args[0], describe(g, d))
	}
	if d.Kind == rt.DecidePriority && d.Player != p {
		fmt.Fprintf(ts.Stdout(), "refused: %s: %s does not hold priority\n", g.Rules.Cite[rt.MechHoldPriority], args[0])
		st(ts).fired[g.Rules.Cite[rt.MechHoldPriority]] = true
		return
	}
	submit(ts, neg, g, rt.Answer{Kind: rt.Activate, Obj: x, Ability: i})
}

// trigger <card> <label> <event> <does>: give a permanent a triggered ability.
func cmdTrigger(ts *testscript.TestScript, neg bool, args []string) {
	noNeg(ts, neg, "trigger")
	s := st(ts)
	need(ts, args, 4, "trigger <card> <label> <event> <does>")
	g := s.game(ts)
	x := s.card(ts, args[0])
	e := rt.Exec{Game: g}
	f := e.Face(x)
	f.Triggers = append(append([]rt.Trigger(nil), f.Triggers...), parseTrigger(ts, args[1], args[2], args[3]))
	e.SetFace(x, f)
}

// triggered <card> <label> <does>: an ability of card has just triggered
// (on the rules' trigger event begin). triggered <card> <label>
// delayed:<step>:N creates the delayed trigger itself.
func cmdTriggered(ts *testscript.TestScript, neg bool, args []string) {
	noNeg(ts, neg, "triggered")
	s := st(ts)
	need(ts, args, 3, "triggered <card> <label> <does>")
	g := s.game(ts)
	x := s.card(ts, args[0])
	t := rt.Trigger{Triggered: rt.Triggered{Label: args[1], Event: g.Rules.TriggerEventIndex("begin")}}
	if t.Event == 0 {
		fail(ts, "triggered: the rules declare no trigger event begin")
	}
	parseDoes(ts, &t, args[2])
	if t.Delay.Event != 0 {
		d := t.Delay
		d.Label = args[1]
		rt.Exec{Game: g}.AddDelayed(x, rt.Trigger{Triggered: d})
		return
	}
	rt.Exec{Game: g}.AddWaiting(x, t)
}

// extra turn <player> [<effect>] | extra phase <phase> after <phase> | extra step <step> after|before <step>
func cmdExtra(ts *testscript.TestScript, neg bool, args []string) {
	noNeg(ts, neg, "extra")
	s := st(ts)
	g := s.game(ts)
	need(ts, args, 2, "extra turn <player> [<effect>] | extra phase <phase> after <phase> | extra step <step> after|before <step>")
	switch args[0] {
	case "turn":
		if len(args) > 3 {
			fail(ts, "usage: extra turn <player> [<effect>]")
		}
		source := ""
		if len(args) == 3 {
			source = args[2]
		}
		rt.Exec{Game: g}.AddExtraTurnFrom(s.player(ts, args[1]), source)
	case "phase":
		need(ts, args, 4, "extra phase <phase> after <phase>")
		ts.Check(rt.Exec{Game: g}.AddExtraPhase(args[1], args[3]))
	case "step":
		need(ts, args, 4, "extra step <step> after|before <step>")
		if args[2] != "after" && args[2] != "before" {
			fail(ts, "extra step: want after or before, not %q", args[2])
		}
		ts.Check(rt.Exec{Game: g}.AddExtraStep(args[1], args[3], args[2] == "before"))
	default:
		fail(ts, "extra: want turn, phase or step, not %q", args[0])
	}
}

// skipnext <player> <step or phase>: an effect skips that player's next one.
func cmdSkipNext(ts *testscript.TestScript, neg bool, args []string) {
	noNeg(ts, neg, "skipnext")
	s := st(ts)
	need(ts, args, 2, "skipnext <player> <step or phase>")
	rt.Exec{Game: s.game(ts)}.AddSkip(s.player(ts, args[0]), args[1])
}

// at <step or phase> [turn=N] [active=pK]
func cmdAt(ts *testscript.TestScript, neg bool, args []string) {
	noNeg(ts, neg, "at")
	s := st(ts)
	opts, rest := options(args)
	if len(rest) != 1 {
		fail(ts, "usage: at <step or phase> [turn=N] [active=pK]")
	}
	g := s.game(ts)
	turn := int32(2)
	if v, ok := opts["turn"]; ok {
		turn = atoi(ts, v, "turn")
	}
	active := 0
	if v, ok := opts["active"]; ok {
		active = s.player(ts, v)
	}
	ts.Check(g.StartAt(turn, active, rest[0]))
}

// advance: play until a decision is needed.
func cmdAdvance(ts *testscript.TestScript, neg bool, args []string) {
	noNeg(ts, neg, "advance")
	st(ts).game(ts).Advance()
}

// pass [N]: advance, pass priority, N times (default 1), then advance to
// the next decision so that what the passes caused has happened.
func cmdPass(ts *testscript.TestScript, neg bool, args []string) {
	noNeg(ts, neg, "pass")
	s := st(ts)
	g := s.game(ts)
	n := int32(1)
	if len(args) > 0 {
		n = atoi(ts, args[0], "pass count")
	}
	for i := int32(0); i < n; i++ {
		s.budget.pass(ts)
		d := g.Advance()
		if d.Kind != rt.DecidePriority {
			fail(ts, "pass: the engine is waiting for %s, not priority", describe(g, d))
		}
		ts.Check(g.Submit(rt.Answer{Kind: rt.Pass}))
	}
	g.Advance()
}

// until <step or phase> [turn=N]: pass priority until a decision is pending
// in that step (the current one counts).
func cmdUntil(ts *testscript.TestScript, neg bool, args []string) {
	noNeg(ts, neg, "until")
	s := st(ts)
	opts, rest := options(args)
	if len(rest) != 1 {
		fail(ts, "usage: until <step or phase> [turn=N]")
	}
	g := s.game(ts)
	turn := int32(-1)
	if v, ok := opts["turn"]; ok {
		turn = atoi(ts, v, "turn")
	}
	if _, ok := g.Rules.FindStep(rest[0]); !ok {
		if _, ok := g.Rules.FindPhase(rest[0]); !ok {
			fail(ts, "until %s: the rules have no step or phase %q", rest[0], rest[0])
		}
	}
	for i := 0; i < 100000; i++ {
		s.budget.pass(ts)
		d := g.Advance()
		if (g.CurrentStep() == rest[0] || g.CurrentPhase() == rest[0]) && (turn < 0 || g.TurnNum == turn) {
			return
		}
		if d.Kind == rt.DecideAttackers || d.Kind == rt.DecideBlockers || d.Kind == rt.DecideDefender {
			// Passing through combat declares no attackers or blockers,
			// and chooses the next opponent as the defending player.
			ts.Check(g.Submit(rt.PassPolicy{}.Decide(g, d)))
			continue
		}
		if d.Kind != rt.DecidePriority {
			fail(ts, "until %s: the engine is waiting for %s in the %s step of turn %d", rest[0], describe(g, d), g.CurrentStep(), g.TurnNum)
		}
		if turn >= 0 && g.TurnNum > turn {
			fail(ts, "until %s: turn %d went by without it", rest[0], turn)
		}
		ts.Check(g.Submit(rt.Answer{Kind: rt.Pass}))
	}
	fail(ts, "until %s: not reached after 100000 passes", rest[0])
}

func describe(g *rt.Game, d rt.Decision) string {
	switch d.Kind {
	case rt.DecidePriority:
		return "priority for " + g.PlayerName(d.Player)
	case rt.DecideCards:
		return fmt.Sprintf("%s to choose %d card(s) to %s (%s)", g.PlayerName(d.Player), d.N, d.Verb, d.Rule)
	case rt.DecidePlayer:
		return fmt.Sprintf("%s to choose a player for %s (%s)", g.PlayerName(d.Player), g.ObjName(d.Obj), d.Rule)
	case rt.DecidePlace:
		return fmt.Sprintf("%s to announce the place of %s in %s's damage assignment order (%s)", g.PlayerName(d.Player), g.ObjName(d.Obj), g.ObjName(d.Of), d.Rule)
	case rt.DecideGameOver:
		if d.Player < 0 {
			return "nothing: the game is over (a draw)"
		}
		return "nothing: the game is over (" + g.PlayerName(d.Player) + " won)"
	}
	return d.Kind.String()
}

// snapshotOpts compare two games' whole state, unexported fields included.
var snapshotOpts = []cmp.Option{
	cmp.Exporter(func(reflect.Type) bool { return true }),
	cmpopts.IgnoreFields(rt.Game{}, "Rules", "zoneBuf", "scratch", "hits", "optKeys", "aux", "decl", "watchBuf", "preds", "live"), // buffers and what is derived, not state
	cmpopts.EquateEmpty(),
}

// submit answers the pending decision. With neg the answer must be refused,
// the refusal is printed to stdout, and the game must be left unchanged.
func submit(ts *testscript.TestScript, neg bool, g *rt.Game, a rt.Answer) {
	before := g.Clone()
	err := g.Submit(a)
	switch {
	case err == nil && neg:
		fail(ts, "the answer was accepted, but the script expects it to be refused")
	case err != nil && !neg:
		fail(ts, "refused: %v", err)
	case err != nil:
		fmt.Fprintf(ts.Stdout(), "refused: %v\n", err)
		// A refusal the script expects proves the rule it cites.
		var r *rt.Refusal
		if errors.As(err, &r) && r.Rule != "" {
			st(ts).fired[r.Rule] = true
		}
		if d := cmp.Diff(before, g, snapshotOpts...); d != "" {
			fail(ts, "a refused answer changed the game (-before +after):\n%s", d)
		}
	}
}

// play|cast|tapmana <player> <card>
func actionCmd(kind rt.AnswerKind) func(*testscript.TestScript, bool, []string) {
	return func(ts *testscript.TestScript, neg bool, args []string) {
		s := st(ts)
		ts.Stdout() // a refusal is printed; no refusal leaves stdout empty
		need(ts, args, 2, "play|cast|tapmana <player> <card>")
		g := s.game(ts)
		p := s.player(ts, args[0])
		x := s.card(ts, args[1])
		d := g.Advance()
		if d.Kind != rt.DecidePriority || d.Player != p {
			if !neg {
				fail(ts, "%s can't act: the engine is waiting for %s", args[0], describe(g, d))
			}
		}
		if d.Kind == rt.DecidePriority && d.Player != p {
			// Refuse through the runtime so the rule is reported the same way.
			fmt.Fprintf(ts.Stdout(), "refused: %s: %s does not hold priority\n", g.Rules.Cite[rt.MechHoldPriority], args[0])
			st(ts).fired[g.Rules.Cite[rt.MechHoldPriority]] = true
			return
		}
		submit(ts, neg, g, rt.Answer{Kind: kind, Obj: x})
	}
}

// choose <player> <card>...: answer a pending choice of cards. A target
// may be a player (choose p1 p2: p2 is the target), named by their code.
func cmdChoose(ts *testscript.TestScript, neg bool, args []string) {
	s := st(ts)
	ts.Stdout()
	need(ts, args, 1, "choose <player> <card>...")
	g := s.game(ts)
	p := s.player(ts, args[0])
	d := g.Advance()
	if d.Kind != rt.DecideCards || d.Player != p {
		fail(ts, "choose: the engine is waiting for %s", describe(g, d))
	}
	var xs []rt.ObjID
	for _, a := range args[1:] {
		if q, ok := g.PlayerIndex(a); ok && d.Verb == "target" {
			xs = append(xs, rt.ObjID(rt.PlayerCode(q)))
			continue
		}
		xs = append(xs, s.card(ts, a))
	}
	submit(ts, neg, g, rt.Answer{Kind: rt.Choose, Objs: xs})
}

// pending: advance and print the decision the engine waits for.
func cmdPending(ts *testscript.TestScript, neg bool, args []string) {
	noNeg(ts, neg, "pending")
	g := st(ts).game(ts)
	d := g.Advance()
	fmt.Fprintf(ts.Stdout(), "%s\n", describe(g, d))
}

// trace [-titles] [rule-prefix...]: print the events logged since the last
// trace; -titles adds the short title of each rule (see TitledLine).
func cmdTrace(ts *testscript.TestScript, neg bool, args []string) {
	noNeg(ts, neg, "trace")
	s := st(ts)
	g := s.game(ts)
	titles := len(args) > 0 && args[0] == "-titles"
	if titles {
		args = args[1:]
	}
	w := ts.Stdout() // even an empty trace replaces the previous stdout
	for _, e := range g.Log[s.mark:] {
		if len(args) > 0 && !hasPrefix(e.Rule, args) {
			continue
		}
		if titles {
			fmt.Fprintln(w, TitledLine(g, e, s.idx))
			continue
		}
		fmt.Fprintln(w, g.Format(e))
	}
	s.mark = len(g.Log)
}

func hasPrefix(rule string, prefixes []string) bool {
	for _, p := range prefixes {
		if rule == p || strings.HasPrefix(rule, p+".") || (strings.HasPrefix(rule, p) && len(rule) > len(p) && rule[len(p)] >= 'a') {
			return true
		}
	}
	return false
}

// answering starts a command that answers a decision of kind: the first
// argument names the player, who must be the one the engine asks.
func answering(ts *testscript.TestScript, args []string, kind rt.DecisionKind, cmd, usage string) (*state, *rt.Game, rt.Decision) {
	s := st(ts)
	ts.Stdout() // a refusal is printed; no refusal leaves stdout empty
	need(ts, args, 1, usage)
	g := s.game(ts)
	p := s.player(ts, args[0])
	d := g.Advance()
	if d.Kind != kind || d.Player != p {
		fail(ts, "%s: the engine is waiting for %s", cmd, describe(g, d))
	}
	return s, g, d
}

// attack <player> [<card>[:<target>]...]: declare attackers; a target is a
// player (p2) or a planeswalker, by default the defending player.
func cmdAttack(ts *testscript.TestScript, neg bool, args []string) {
	s, g, _ := answering(ts, args, rt.DecideAttackers, "attack", "attack <player> [<card>[:<player or planeswalker>]...]")
	a := rt.Answer{Kind: rt.Declare}
	targeted := 0
	for _, arg := range args[1:] {
		name, target, ok := strings.Cut(arg, ":")
		a.Objs = append(a.Objs, s.card(ts, name))
		code := int32(0)
		if ok {
			targeted++
			if q, isPlayer := g.PlayerIndex(target); isPlayer {
				code = rt.PlayerCode(q)
			} else {
				code = int32(s.card(ts, target))
			}
		}
		a.Targets = append(a.Targets, code)
	}
	switch targeted {
	case 0:
		a.Targets = nil // every attacker attacks the defending player
	case len(a.Objs):
	default:
		fail(ts, "attack: give every attacker a target, or none")
	}
	submit(ts, neg, g, a)
}

// block <player> [<blocker>:<attacker>...]: declare blockers.
func cmdBlock(ts *testscript.TestScript, neg bool, args []string) {
	s, g, _ := answering(ts, args, rt.DecideBlockers, "block", "block <player> [<blocker>:<attacker>...]")
	a := rt.Answer{Kind: rt.Declare}
	for _, arg := range args[1:] {
		b, at, ok := strings.Cut(arg, ":")
		if !ok {
			fail(ts, "block: %q: want <blocker>:<attacker>", arg)
		}
		a.Objs = append(a.Objs, s.card(ts, b))
		a.Targets = append(a.Targets, int32(s.card(ts, at)))
	}
	submit(ts, neg, g, a)
}

// order <player> <blocker>...: the damage assignment order of the
// attacker the engine asks about (expect pending order p1 shows it).
func cmdOrder(ts *testscript.TestScript, neg bool, args []string) {
	s, g, _ := answering(ts, args, rt.DecideOrder, "order", "order <player> <blocker>...")
	a := rt.Answer{Kind: rt.Declare}
	for _, name := range args[1:] {
		a.Objs = append(a.Objs, s.card(ts, name))
	}
	submit(ts, neg, g, a)
}

// ordertriggers <player> <label>...: the player puts their waiting
// triggered abilities on the stack in this order, the first named first
// (under game triggers=ask; expect pending triggers p1 lists them).
func cmdOrderTriggers(ts *testscript.TestScript, neg bool, args []string) {
	_, g, d := answering(ts, args, rt.DecideTriggers, "ordertriggers", "ordertriggers <player> <label>...")
	a := rt.Answer{Kind: rt.Declare}
	for _, label := range args[1:] {
		k := -1
		for i := 0; i < d.N; i++ {
			it, _ := rt.Exec{Game: g}.WaitingOf(d.Player, i)
			if (rt.Exec{Game: g}).WaitingName(&it) == label && !slices.Contains(a.Targets, int32(i)) {
				k = i
				break
			}
		}
		if k < 0 && !neg {
			fail(ts, "ordertriggers: %s has no other waiting triggered ability %q", g.PlayerName(d.Player), label)
		}
		a.Targets = append(a.Targets, int32(k))
	}
	submit(ts, neg, g, a)
}

// place <player> <n>|last: the player announces the place (1 first) of the
// creature the engine asks about in another's damage assignment order
// (expect pending place p1 Elf Bird: Elf's place in Bird's order).
func cmdPlace(ts *testscript.TestScript, neg bool, args []string) {
	const usage = "place <player> <n>|last"
	_, g, d := answering(ts, args, rt.DecidePlace, "place", usage)
	need(ts, args, 2, usage)
	k := int32(d.N)
	if args[1] != "last" {
		k = atoi(ts, args[1], "place")
	}
	submit(ts, neg, g, rt.Answer{Kind: rt.Declare, Targets: []int32{k - 1}})
}

// assign <player> [<creature>] <recipient>:<n>... [<creature> <recipient>:<n>...]:
// divide the combat damage of the creatures the engine asks about, all at
// once; a creature's name introduces its division (it may be left out when
// the engine asks about one creature). The recipient "player" is the player
// or planeswalker it attacks (trample). "assign <player> default" accepts
// the engine's default assignment.
func cmdAssign(ts *testscript.TestScript, neg bool, args []string) {
	const usage = "assign <player> [<creature>] <recipient>:<n>... | assign <player> default"
	s, g, d := answering(ts, args, rt.DecideDamage, "assign", usage)
	need(ts, args, 2, usage)
	if args[1] == "default" {
		submit(ts, neg, g, g.DefaultDamage(d))
		return
	}
	a := rt.Answer{Kind: rt.Declare}
	var div *rt.Division
	for _, arg := range args[1:] {
		to, n, ok := strings.Cut(arg, ":")
		if !ok {
			a.Damage = append(a.Damage, rt.Division{Source: s.card(ts, arg)})
			div = &a.Damage[len(a.Damage)-1]
			continue
		}
		if div == nil {
			a.Damage = append(a.Damage, rt.Division{Source: d.Obj})
			div = &a.Damage[len(a.Damage)-1]
		}
		x := rt.NoObj
		if to != "player" {
			x = s.card(ts, to)
		}
		div.To = append(div.To, x)
		div.Amounts = append(div.Amounts, atoi(ts, n, "damage"))
	}
	submit(ts, neg, g, a)
}

// defend <player> <opponent>: the active player chooses the defending player.
func cmdDefend(ts *testscript.TestScript, neg bool, args []string) {
	s, g, _ := answering(ts, args, rt.DecideDefender, "defend", "defend <player> <opponent>")
	need(ts, args, 2, "defend <player> <opponent>")
	submit(ts, neg, g, rt.Answer{Kind: rt.Declare, Targets: []int32{rt.PlayerCode(s.player(ts, args[1]))}})
}

// chooseplayer <player> <player>: the player chooses a player for a
// state-based action (a battle's new protector).
func cmdChoosePlayer(ts *testscript.TestScript, neg bool, args []string) {
	s, g, _ := answering(ts, args, rt.DecidePlayer, "chooseplayer", "chooseplayer <player> <player>")
	need(ts, args, 2, "chooseplayer <player> <player>")
	submit(ts, neg, g, rt.Answer{Kind: rt.Declare, Targets: []int32{rt.PlayerCode(s.player(ts, args[1]))}})
}

// putattacking <card> [<player or permanent>]: an effect puts the
// creature (already created on the battlefield) into combat attacking.
// The rules' effect put_attacking (object, player) or
// put_attacking_permanent (object, object) does it; an edition that
// defines neither has no such effect.
func cmdPutAttacking(ts *testscript.TestScript, neg bool, args []string) {
	s := st(ts)
	ts.Stdout()
	need(ts, args, 1, "putattacking <card> [<player or permanent>]")
	g := s.game(ts)
	x := s.card(ts, args[0])
	target := rt.PlayerCode(rt.Exec{Game: g}.NextPlayer(int(g.Obj(x).Controller)))
	if len(args) > 1 {
		if q, ok := g.PlayerIndex(args[1]); ok {
			target = rt.PlayerCode(q)
		} else {
			target = int32(s.card(ts, args[1]))
		}
	}
	var ok bool
	if target < 0 {
		ok = runEffect(ts, g, "put_attacking", int32(x), -1-target)
	} else {
		ok = runEffect(ts, g, "put_attacking_permanent", int32(x), target)
	}
	if ok == neg {
		fail(ts, "putattacking %s: attacking = %v", args[0], ok)
	}
}

// putblocking <card> <attacker>: an effect puts the creature (already
// created on the battlefield) into combat blocking the attacker.
// makeblock <card> <attacker>: an effect makes a creature on the
// battlefield block the attacker. The rules' effects put_blocking and
// make_block (object, object) do it.
func blockCmd(name, effect string) func(*testscript.TestScript, bool, []string) {
	return func(ts *testscript.TestScript, neg bool, args []string) {
		s := st(ts)
		ts.Stdout()
		need(ts, args, 2, name+" <card> <attacker>")
		g := s.game(ts)
		x, a := s.card(ts, args[0]), s.card(ts, args[1])
		ok := runEffect(ts, g, effect, int32(x), int32(a))
		if ok == neg {
			fail(ts, "%s %s: blocking = %v", name, args[0], ok)
		}
	}
}

// makeblocked <attacker>: an effect makes an unblocked attacking creature
// blocked with no creature blocking it. The rules' effect make_blocked
// (object) does it; with !, the script expects it does nothing.
func cmdMakeBlocked(ts *testscript.TestScript, neg bool, args []string) {
	s := st(ts)
	ts.Stdout()
	need(ts, args, 1, "makeblocked <attacker>")
	g := s.game(ts)
	ok := runEffect(ts, g, "make_blocked", int32(s.card(ts, args[0])))
	if ok == neg {
		fail(ts, "makeblocked %s: changed = %v", args[0], ok)
	}
}

// runEffect applies the rules' effect name, which must take as many
// arguments as the command gives it.
func runEffect(ts *testscript.TestScript, g *rt.Game, name string, args ...int32) bool {
	i := g.Rules.EffectIndex(name)
	if i < 0 {
		fail(ts, "the rules define no effect %s: this edition has no such effect", name)
	}
	if n := g.Rules.Effects[i].Params; n != len(args) {
		fail(ts, "the rules' effect %s takes %d argument(s); the command gives it %d", name, n, len(args))
	}
	return rt.Exec{Game: g}.RunEffect(i, args...)
}

// keywordIndex is the bit of a keyword of the script's rules.
func keywordIndex(ts *testscript.TestScript, name string) int {
	k := st(ts).game(ts).Rules.Keyword(name)
	if k < 0 {
		fail(ts, "%q is not a keyword of these rules", name)
	}
	return k
}

// flagNames are the flags the rules declare (state S flag).
func flagNames(r *rt.Rules) []string {
	var out []string
	for i, n := range r.States {
		if i < len(r.StateKinds) && r.StateKinds[i] >= rt.FirstFlag {
			out = append(out, n)
		}
	}
	return out
}

// landManaType reports whether a is a subtype these rules give a mana
// ability (land_mana): a card attribute by itself ("forest").
func landManaType(r *rt.Rules, a string) bool {
	for _, m := range r.LandMana {
		if m.Subtype == a {
			return true
		}
	}
	return false
}
