package main

import (
	"bytes"
	"fmt"
	"html/template"
	"path"
	"path/filepath"
	"strings"

	"github.com/mtgc-dev/mtgc/conformance"
)

// linker turns the files a report names into links relative to the page.
// With the embedded rules and corpus, files are taken relative to the
// working directory: run mtgc at the repository root.
type linker struct {
	rulesDir string // "" for the embedded rules
	corpus   *corpus
	page     string
}

// rel returns a link from the page to file (relative to the working
// directory), with slashes.
func (l linker) rel(file string) string {
	from, err1 := filepath.Abs(filepath.Dir(l.page))
	to, err2 := filepath.Abs(file)
	if err1 != nil || err2 != nil {
		return filepath.ToSlash(file)
	}
	r, err := filepath.Rel(from, to)
	if err != nil {
		return filepath.ToSlash(to)
	}
	return filepath.ToSlash(r)
}

// impl links to a .mtg line, or to a runtime Go file.
func (l linker) impl(i conformance.Impl) string {
	if i.What == "runtime" {
		return l.rel(filepath.Join(l.corpus.root(), filepath.FromSlash(i.File)))
	}
	file := filepath.FromSlash(i.File)
	if l.rulesDir != "" {
		file = filepath.Join(l.rulesDir, path.Base(i.File))
	}
	return fmt.Sprintf("%s#L%d", l.rel(file), i.Line)
}

func (l linker) script(name string) string {
	return l.rel(filepath.Join(l.corpus.shownDir(), name+".txtar"))
}

type htmlLink struct{ Text, Href, Title string }

type htmlRule struct {
	conformance.RuleCoverage
	Class   string
	Tip     string
	Impl    []htmlLink
	Scripts []htmlLink
	Seen    string // firedText
}

type htmlSection struct {
	conformance.SectionCoverage
	Open bool
	List []htmlRule
}

type htmlPage struct {
	Cov      *conformance.Coverage
	Sections []htmlSection
	Legend   []htmlLink // Text: status, Title: meaning
}

var legend = []htmlLink{
	{Text: conformance.StatusTested, Title: "in scope, implemented, named by a script"},
	{Text: conformance.StatusExcluded, Title: "deliberately not covered, with a reason"},
	{Text: conformance.StatusUntested, Title: "in scope and implemented, but no script names it"},
	{Text: conformance.StatusUnimplemented, Title: "in scope and named by a script, but nothing implements it"},
	{Text: conformance.StatusMissing, Title: "in scope, neither implemented nor tested"},
	{Text: conformance.StatusOutOfScope, Title: "not in scope.tsv yet"},
}

// coverageHTML renders the report as one self-contained page: no network,
// no script; sections as grids of rules coloured by status, each cell
// linking to the rule's row, which links to its sources and scripts.
func coverageHTML(cov *conformance.Coverage, l linker) ([]byte, error) {
	page := htmlPage{Cov: cov, Legend: legend}
	bySec := map[string]int{}
	for i, s := range cov.Sections {
		bySec[s.Section] = i
		page.Sections = append(page.Sections, htmlSection{SectionCoverage: s})
	}
	for _, r := range cov.Rules {
		h := htmlRule{RuleCoverage: r, Class: r.Status, Seen: firedText(cov, r)}
		if r.NeverFired {
			h.Class += " never"
		}
		if len(r.Failing) > 0 {
			h.Class += " failing"
		}
		h.Tip = fmt.Sprintf("%s %s: %s", r.Rule, r.Title, r.Status)
		if r.Excluded != "" {
			h.Tip += " (" + r.Excluded + ")"
		}
		for _, i := range r.Implemented {
			text := i.String()
			if i.What != "runtime" {
				text += " (" + i.What + ")"
			}
			switch {
			case i.Procedure != "" && i.Meaning == conformance.MeaningBoth:
				text += " (" + i.Procedure + ": Go, with .mtg statements)"
			case i.Procedure != "":
				text += " (" + i.Procedure + ": Go)"
			}
			title := i.Note
			if len(i.Deciders) > 0 {
				text += " [" + i.Meaning + "]"
				title = strings.TrimSpace(title + " decided in Go by " + strings.Join(i.Deciders, ", "))
			}
			h.Impl = append(h.Impl, htmlLink{Text: text, Href: l.impl(i), Title: title})
		}
		for _, s := range r.Scripts {
			title := ""
			if contains(r.Failing, s) {
				title = "failed in this run"
			}
			h.Scripts = append(h.Scripts, htmlLink{Text: s, Href: l.script(s), Title: title})
		}
		sec := &page.Sections[bySec[r.Section]]
		sec.List = append(sec.List, h)
		if r.InScope {
			sec.Open = true
		}
	}
	var b bytes.Buffer
	if err := coverageTemplate.Execute(&b, page); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

var coverageTemplate = template.Must(template.New("coverage").Funcs(template.FuncMap{
	"join": strings.Join,
	"plural": func(n int, what string) string {
		if n == 1 {
			return "1 " + what
		}
		return fmt.Sprintf("%d %ss", n, what)
	},
}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8"/>
<meta name="viewport" content="width=device-width, initial-scale=1"/>
<title>mtgc coverage of {{.Cov.Edition}}</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; background: #fff; }
h1 { font-size: 1.5em; margin: 0 0 .3em; }
h2 { font-size: 1.1em; margin: 0; display: inline; }
code, .cell, td.n { font-family: ui-monospace, monospace; }
.totals { margin: .3em 0 1em; }
ul.legend { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .4em 1.2em; margin: 0 0 1.5em; }
ul.legend li { display: flex; align-items: center; gap: .4em; }
ul.legend .cell { min-width: 1.4em; }
section { border-top: 1px solid #ddd; padding: .6em 0; }
section p.sum { margin: .2em 0 .5em; color: #555; font-family: ui-monospace, monospace; font-size: 12px; }
.grid { display: flex; flex-wrap: wrap; gap: 3px; margin: .4em 0; }
.cell { display: inline-block; min-width: 4.6em; padding: 3px 2px; border-radius: 3px; font-size: 12px;
  text-align: center; text-decoration: none; color: #fff; border: 2px solid transparent; box-sizing: border-box; }
.tested { background: #2e7d32; }
.excluded { background: #607d8b; }
.untested { background: #f9a825; color: #222; }
.unimplemented { background: #ef6c00; }
.missing { background: #c62828; }
.out-of-scope { background: #e6e6e6; color: #555; }
.cell.never { border: 2px dashed #fff; }
.cell.out-of-scope.never { border-color: #555; }
.cell.failing { border: 2px solid #000; box-shadow: 0 0 0 2px #c62828;
  background-image: repeating-linear-gradient(135deg, transparent 0 5px, rgba(0,0,0,.35) 5px 8px); }
.cell.failing::after { content: " \2717"; font-weight: bold; }
.fail { color: #c62828; }
details summary { cursor: pointer; color: #555; font-size: 12px; }
table { border-collapse: collapse; margin: .4em 0; font-size: 13px; }
td, th { text-align: left; vertical-align: top; padding: 2px 8px 2px 0; border-bottom: 1px solid #eee; }
th { font-weight: 600; color: #555; }
td.s span { display: inline-block; width: .8em; height: .8em; border-radius: 2px; margin-right: .3em; vertical-align: -1px; }
tr:target { background: #fff8c4; }
a { color: #1a5fb4; }
.note { color: #666; }
</style>
</head>
<body>
<h1>Conformance coverage of {{.Cov.Edition}}</h1>
<p class="totals">{{.Cov.Total.Rules}} rules: <b>{{.Cov.Total.Tested}} tested</b>, {{.Cov.Total.Excluded}} excluded, <b>{{.Cov.Total.Missing}} missing</b>, {{.Cov.Total.OutOfScope}} out of scope.
{{.Cov.Scripts}} scripts{{if .Cov.Ran}}, run: {{.Cov.Total.NeverFired}} tested rules were never cited by an event or an expected refusal (dashed border){{else}}, not run{{end}}.
{{if .Cov.Failed}}<b class="fail">{{plural (len .Cov.Failed) "script"}} failed</b> in this run (&#x2717; on their rules' cells; <code>mtgc test</code> shows why).{{end}}
{{if .Cov.KnownFailed}}{{plural (len .Cov.KnownFailed) "known failure"}} failed as expected.{{end}}
{{if .Cov.Problems}}<b>{{len .Cov.Problems}} problems</b> (listed at the end).{{else}}No problems: <code>mtgc coverage -strict</code> passes.{{end}}<br/>
<b>{{.Cov.Meaning.Line}}</b> <span class="note">(meaning: where a rule's behaviour is written, .mtg or the runtime's Go; .mtg only if no runtime function decides anything of it)</span><br/>
{{.Cov.Meaning.BranchLine}}</p>
<ul class="legend">{{range .Legend}}
<li><span class="cell {{.Text}}">&#160;</span> <b>{{.Text}}</b> <span class="note">{{.Title}}</span></li>{{end}}
<li><span class="cell out-of-scope never">&#160;</span> <span class="note">never cited by an event or an expected refusal in the run</span></li>
<li><span class="cell tested failing">&#160;</span> <b>FAIL</b> <span class="note">a script naming it failed in this run (striped, &#x2717;; a known failure or not)</span></li>
</ul>
{{range .Sections}}
<section id="s-{{.Section}}">
<h2>{{.Section}} {{.Title}}</h2>
<p class="sum">{{.Rules}} rules · {{.Tested}} tested · {{.Excluded}} excluded · {{.Missing}} missing · {{.OutOfScope}} out of scope · meaning of those in scope: {{.MeaningMtg}} mtg, {{.MeaningRuntime}} runtime, {{.MeaningBoth}} both</p>
<div class="grid">{{range .List}}
<a class="cell {{.Class}}" href="#r-{{.Rule}}" title="{{.Tip}}">{{.Rule}}</a>{{end}}
</div>
<details{{if .Open}} open="open"{{end}}>
<summary>rules of {{.Section}}</summary>
<table>
<tr><th>rule</th><th>status</th><th>meaning</th><th>title</th><th>implemented</th><th>scripts</th><th>fired</th></tr>{{range .List}}
<tr id="r-{{.Rule}}"><td class="n">{{.Rule}}</td><td class="s"><span class="{{.Status}}"></span>{{.Status}}</td><td>{{.Meaning}}</td><td>{{.Title}}{{if .Excluded}}<br/><span class="note">excluded: {{.Excluded}}</span>{{end}}</td>
<td>{{range $i, $l := .Impl}}{{if $i}}<br/>{{end}}<a href="{{$l.Href}}"{{if $l.Title}} title="{{$l.Title}}"{{end}}>{{$l.Text}}</a>{{else}}{{if .Heading}}<span class="note">(heading)</span>{{end}}{{end}}</td>
<td>{{range $i, $l := .Scripts}}{{if $i}}<br/>{{end}}<a href="{{$l.Href}}"{{if $l.Title}} title="{{$l.Title}}"{{end}}>{{$l.Text}}</a>{{if $l.Title}} <b class="fail">FAIL</b>{{end}}{{end}}</td>
<td>{{.Seen}}</td></tr>{{end}}
</table>
</details>
</section>{{end}}
{{if .Cov.Problems}}<section id="problems">
<h2>Problems</h2>
<ul>{{range .Cov.Problems}}
<li><code>{{.}}</code></li>{{end}}
</ul>
</section>{{end}}
<p class="note">Generated by <code>mtgc coverage -html</code> (schema {{.Cov.Schema}}). Links are relative to this page.</p>
</body>
</html>
`))
