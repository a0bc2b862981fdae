package rtimpl

import (
	"slices"
	"strings"
	"testing"
)

// TestSBAPass: the one state-based-action pass asks each sba about what
// its range holds, and only when something it reads changed, as a brute
// force over every sba and every player and object says: players still in
// the game; every object on the battlefield; the phased-in permanents of
// the sba's types (any, for none); every object that exists, but not for
// an sba that holds only for tokens and copies in a game with neither. On
// random rules and games, with the interpreter's evaluation (matchEach)
// and with a compiled one (Rules.MatchOn); with first, the one hit found is
// one of those.
func TestSBAPass(t *testing.T) {
	rng := RNG{State: 17}
	overs := []Over{OverPlayers, OverObjects, OverPermanents, OverAnything}
	for trial := 0; trial < 3000; trial++ {
		seed := int32(rng.Intn(1000))
		holds := func(i int, x int32) bool { return (int32(i)*7+x*13+seed)%3 == 0 }
		sbas := make([]SBA, 1+rng.Intn(MaxSBAs))
		for i := range sbas {
			s := &sbas[i]
			s.Over = overs[rng.Intn(len(overs))]
			if s.Over == OverPermanents && rng.Intn(2) == 0 {
				s.Types = TypeSet(1+rng.Intn(7)) << uint(rng.Intn(14))
			}
			s.Reads = Changes(rng.Intn(int(ChangeAll) + 1))
			s.TokensOnly = s.Over == OverAnything && rng.Intn(2) == 0
			s.Match = func(e Exec, x int32) bool { return holds(i, x) }
		}
		r := &Rules{SBAs: sbas}
		g := &Game{Rules: r, dirty: Changes(rng.Intn(int(ChangeAll) + 1))}
		g.Players = make([]Player, 1+rng.Intn(4))
		for p := range g.Players {
			g.Players[p].Lost = rng.Intn(4) == 0
		}
		g.Objs = make([]Object, rng.Intn(30))
		tokens := false
		for x := range g.Objs {
			o := &g.Objs[x]
			o.Zone = Zone(rng.Intn(int(ZoneBattlefield) + 1))
			o.Types = TypeSet(rng.Intn(1 << 16))
			o.PhasedOut = rng.Intn(5) == 0
			o.Token = rng.Intn(8) == 0
			tokens = tokens || o.Token
			if o.Zone == ZoneBattlefield {
				g.Battlefield = append(g.Battlefield, ObjID(x))
			}
		}
		var want []SBAHit
		for i := range sbas {
			s := &sbas[i]
			if s.Reads != 0 && s.Reads&g.dirty == 0 || s.TokensOnly && !tokens {
				continue
			}
			var xs []int32
			switch s.Over {
			case OverPlayers:
				for p := range g.Players {
					if !g.Players[p].Lost {
						xs = append(xs, int32(p))
					}
				}
			case OverObjects, OverPermanents:
				for _, x := range g.Battlefield {
					o := &g.Objs[x]
					if s.Over == OverObjects || !o.PhasedOut && (s.Types == 0 || o.Types&s.Types != 0) {
						xs = append(xs, int32(x))
					}
				}
			case OverAnything:
				for x := range g.Objs {
					if g.Objs[x].Zone != ZoneNone {
						xs = append(xs, int32(x))
					}
				}
			}
			for _, x := range xs {
				if holds(i, x) {
					want = append(want, SBAHit{int32(i), x})
				}
			}
		}
		key := func(h SBAHit) int64 { return int64(h.SBA)<<32 | int64(h.X) }
		sorted := func(hs []SBAHit) []SBAHit {
			out := slices.Clone(hs)
			slices.SortFunc(out, func(a, b SBAHit) int { return int(key(a) - key(b)) })
			return out
		}
		for _, compiled := range []bool{false, true} {
			r.MatchOn = nil
			if compiled {
				r.MatchOn = func(e Exec, over Over, x int32, cand uint64, first bool, hits []SBAHit) []SBAHit {
					for i := range sbas {
						if cand&(1<<i) != 0 {
							if sbas[i].Over != over {
								t.Fatalf("trial %d: sba %d over %d asked about %d as over %d", trial, i, sbas[i].Over, x, over)
							}
							if holds(i, x) {
								if hits = append(hits, SBAHit{int32(i), x}); first {
									return hits
								}
							}
						}
					}
					return hits
				}
			}
			g.preds, g.aux = nil, nil
			got := g.matchSBAsNow(nil, false)
			if !slices.Equal(sorted(got), sorted(want)) {
				t.Fatalf("trial %d (compiled %t): hits %v, want %v", trial, compiled, got, want)
			}
			if !slices.IsSortedFunc(got, func(a, b SBAHit) int { return int(a.SBA - b.SBA) }) {
				t.Fatalf("trial %d: hits %v not in the rules' order", trial, got)
			}
			one := g.matchSBAsNow(nil, true)
			if len(want) == 0 && len(one) != 0 || len(want) > 0 && (len(one) != 1 || !slices.Contains(want, one[0])) {
				t.Fatalf("trial %d (compiled %t): first hit %v, want one of %v", trial, compiled, one, want)
			}
		}
	}
}

// TestNewRefusesTooManySBAs: rules with more state-based actions than a
// pass's set holds are refused by New (the checker refuses them first,
// at the declaration); MaxSBAs are not.
func TestNewRefusesTooManySBAs(t *testing.T) {
	r := &Rules{Phases: []Phase{{Name: "main", Steps: []Step{{Name: "main"}}}}, SBAs: make([]SBA, MaxSBAs+1)}
	cfg := Config{Players: []PlayerConfig{{Name: "p1"}}}
	if _, err := New(r, cfg); err == nil || !strings.Contains(err.Error(), "65 state-based actions: at most 64") {
		t.Fatalf("New = %v, want a refusal of 65 state-based actions", err)
	}
	r.SBAs = r.SBAs[:MaxSBAs]
	for i := range r.SBAs {
		r.SBAs[i].Over, r.SBAs[i].Match = OverPlayers, func(Exec, int32) bool { return false }
	}
	if _, err := New(r, cfg); err != nil {
		t.Fatalf("New with %d sbas: %v", MaxSBAs, err)
	}
}
