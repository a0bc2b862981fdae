package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/mtgc-dev/mtgc/compiler"
)

// staticChange is one line of diff-editions -static.
type staticChange struct {
	Rule     string   `json:"rule"`
	Edition  string   `json:"edition"`
	Op       string   `json:"op"`
	Identity string   `json:"identity"`
	Rules    []string `json:"rules"`
	Pos      string   `json:"pos"`
}

// staticDiff lists what edition b's .mtg changes of a, when b is written
// as a delta over a (directly or through other editions), or a over b.
func staticDiff(ctx *cli, a, b string) error {
	pa, err := editionArg(a).load()
	if err != nil {
		return fmt.Errorf("mtgc diff-editions: %s: %v", a, err)
	}
	pb, err := editionArg(b).load()
	if err != nil {
		return fmt.Errorf("mtgc diff-editions: %s: %v", b, err)
	}
	over, base := pb, pa
	if !slices.Contains(pb.Extends, pa.Edition) {
		if !slices.Contains(pa.Extends, pb.Edition) {
			return fmt.Errorf("mtgc diff-editions -static: neither %s nor %s is written over the other (%s extends %s; %s extends %s): compare them by playing, without -static", pa.Edition, pb.Edition, pa.Edition, orNone(pa.Extends), pb.Edition, orNone(pb.Extends))
		}
		over, base = pa, pb
	}
	// The editions between base and over, whose changes count.
	above := map[string]bool{over.Edition: true}
	for _, e := range over.Extends {
		if e == base.Edition {
			break
		}
		above[e] = true
	}
	renumber := over.RenumberFrom(base.Edition)
	var list []staticChange
	for _, c := range over.Changes {
		if !above[c.Edition] {
			continue
		}
		rule := "-"
		if len(c.Rules) > 0 {
			rule = c.Rules[0]
		}
		list = append(list, staticChange{Rule: rule, Edition: c.Edition, Op: c.Op, Identity: c.Identity, Rules: c.Rules, Pos: c.Pos.String()})
	}
	sort.SliceStable(list, func(i, j int) bool { return compiler.RuleLess(list[i].Rule, list[j].Rule) })
	if deJSON {
		enc := json.NewEncoder(ctx.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			Base     string            `json:"base"`
			Edition  string            `json:"edition"`
			Changes  []staticChange    `json:"changes"`
			Renumber map[string]string `json:"renumber"`
		}{base.Edition, over.Edition, list, renumber})
	}
	count := map[string]int{}
	for _, c := range list {
		count[c.Op]++
	}
	fmt.Fprintf(ctx.stdout, "%s over %s: %d overrides, %d recitations, %d removals, %d additions; %d rule numbers renumbered\n\n", over.Edition, base.Edition, count["override"], count["recite"], count["remove"], count["add"], len(renumber))
	tw := tabwriter.NewWriter(ctx.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "rule\tchange\tin\twhere")
	for _, c := range list {
		fmt.Fprintf(tw, "%s\t%s %s\t%s\t%s\n", c.Rule, c.Op, c.Identity, c.Edition, c.Pos)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(renumber) > 0 {
		var pairs []string
		for from, to := range renumber {
			pairs = append(pairs, from+" → "+to)
		}
		sort.Slice(pairs, func(i, j int) bool {
			return compiler.RuleLess(strings.Fields(pairs[i])[0], strings.Fields(pairs[j])[0])
		})
		fmt.Fprintf(ctx.stdout, "\nrenumbered: %s\n", strings.Join(pairs, ", "))
	}
	return nil
}

func orNone(s []string) string {
	if len(s) == 0 {
		return "nothing"
	}
	return strings.Join(s, " over ")
}
