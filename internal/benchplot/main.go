// Command benchplot draws the cost model of BenchmarkBoard as an SVG: the
// median of each metric (ns/decision, ns/attack, ns/block) against the
// board's size N, on log-log axes, one line per input file and metric.
//
//	go test -run '^$' -bench Board -count 6 ./sim > after.txt
//	go run ./internal/benchplot -o docs/board.svg before=before.txt after=after.txt
//
// Each argument is LABEL=FILE, a go test -bench output holding
// BenchmarkBoard/N=... lines.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

var metrics = []string{"ns/decision", "ns/attack", "ns/block"}

var line = regexp.MustCompile(`^BenchmarkBoard/N=(\d+)(?:-\d+)?\s+\d+\s+(.*)$`)

// series is label -> metric -> N -> samples.
type series map[string]map[int][]float64

func read(path string) (series, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	s := series{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		m := line.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[1])
		fields := strings.Fields(m[2])
		for i := 0; i+1 < len(fields); i += 2 {
			v, err := strconv.ParseFloat(fields[i], 64)
			if err != nil {
				continue
			}
			unit := fields[i+1]
			if s[unit] == nil {
				s[unit] = map[int][]float64{}
			}
			s[unit][n] = append(s[unit][n], v)
		}
	}
	return s, sc.Err()
}

func median(v []float64) float64 {
	w := append([]float64(nil), v...)
	sort.Float64s(w)
	if len(w)%2 == 1 {
		return w[len(w)/2]
	}
	return (w[len(w)/2-1] + w[len(w)/2]) / 2
}

func main() {
	out := flag.String("o", "board.svg", "the SVG to write")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: benchplot [-o out.svg] LABEL=FILE...")
		os.Exit(2)
	}
	type curve struct {
		label, metric string
		pts           [][2]float64 // N (N=0 drawn at 1), median
	}
	var curves []curve
	lo, hi := math.Inf(1), math.Inf(-1)
	maxN := 1.0
	for _, arg := range flag.Args() {
		label, path, ok := strings.Cut(arg, "=")
		if !ok {
			fmt.Fprintf(os.Stderr, "benchplot: %q: want LABEL=FILE\n", arg)
			os.Exit(2)
		}
		s, err := read(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "benchplot:", err)
			os.Exit(1)
		}
		for _, m := range metrics {
			var ns []int
			for n := range s[m] {
				ns = append(ns, n)
			}
			sort.Ints(ns)
			c := curve{label: label, metric: m}
			for _, n := range ns {
				y := median(s[m][n])
				if y <= 0 {
					continue
				}
				x := math.Max(float64(n), 1)
				c.pts = append(c.pts, [2]float64{x, y})
				lo, hi, maxN = math.Min(lo, y), math.Max(hi, y), math.Max(maxN, x)
			}
			if len(c.pts) > 0 {
				curves = append(curves, c)
			}
		}
	}
	if len(curves) == 0 {
		fmt.Fprintln(os.Stderr, "benchplot: no BenchmarkBoard lines")
		os.Exit(1)
	}
	const w, h, left, right, top, bottom = 720.0, 440.0, 70.0, 190.0, 20.0, 50.0
	y0, y1 := math.Floor(math.Log10(lo)), math.Ceil(math.Log10(hi))
	x1 := math.Log10(maxN)
	px := func(x float64) float64 { return left + (w-left-right)*math.Log10(x)/x1 }
	py := func(y float64) float64 { return h - bottom - (h-top-bottom)*(math.Log10(y)-y0)/(y1-y0) }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" font-family="sans-serif" font-size="12">`+"\n", w, h)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	for e := y0; e <= y1; e++ {
		y := py(math.Pow(10, e))
		fmt.Fprintf(&b, `<line x1="%g" y1="%.1f" x2="%g" y2="%.1f" stroke="#ddd"/><text x="%g" y="%.1f" text-anchor="end">%s</text>`+"\n",
			left, y, w-right, y, left-6, y+4, dur(math.Pow(10, e)))
	}
	for _, n := range []float64{1, 5, 20, 50, 100, 200} {
		if n > maxN {
			continue
		}
		x := px(n)
		lab := strconv.Itoa(int(n))
		if n == 1 {
			lab = "0"
		}
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%g" x2="%.1f" y2="%g" stroke="#ddd"/><text x="%.1f" y="%g" text-anchor="middle">%s</text>`+"\n",
			x, top, x, h-bottom, x, h-bottom+16, lab)
	}
	fmt.Fprintf(&b, `<text x="%g" y="%g" text-anchor="middle">N: creatures (and lands) per player at the start</text>`+"\n", (left+w-right)/2, h-12)
	colors := []string{"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"}
	dashes := map[string]string{"ns/decision": "", "ns/attack": "6,3", "ns/block": "2,3"}
	labels := map[string]int{}
	for i, c := range curves {
		k, ok := labels[c.label]
		if !ok {
			k = len(labels)
			labels[c.label] = k
		}
		var pts []string
		for _, p := range c.pts {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", px(p[0]), py(p[1])))
		}
		col := colors[k%len(colors)]
		fmt.Fprintf(&b, `<polyline fill="none" stroke="%s" stroke-width="2" stroke-dasharray="%s" points="%s"/>`+"\n", col, dashes[c.metric], strings.Join(pts, " "))
		ly := top + 16*float64(i)
		fmt.Fprintf(&b, `<line x1="%g" y1="%.1f" x2="%g" y2="%.1f" stroke="%s" stroke-width="2" stroke-dasharray="%s"/><text x="%g" y="%.1f">%s %s</text>`+"\n",
			w-right+10, ly, w-right+40, ly, col, dashes[c.metric], w-right+46, ly+4, c.label, strings.TrimPrefix(c.metric, "ns/"))
	}
	b.WriteString("</svg>\n")
	if err := os.WriteFile(*out, []byte(b.String()), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "benchplot:", err)
		os.Exit(1)
	}
}

// dur writes ns as a duration.
func dur(ns float64) string {
	switch {
	case ns >= 1e9:
		return fmt.Sprintf("%gs", ns/1e9)
	case ns >= 1e6:
		return fmt.Sprintf("%gms", ns/1e6)
	case ns >= 1e3:
		return fmt.Sprintf("%gµs", ns/1e3)
	}
	return fmt.Sprintf("%gns", ns)
}
