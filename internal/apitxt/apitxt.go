// Package apitxt renders a package's exported API one declaration a line, as
// $GOROOT/api/*.txt does, for the tests that keep runtime's and rtimpl's
// api.txt reviewed.
package apitxt

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// Render type-checks the package in dir (its files, not its tests) as
// importPath and renders its exported API, sorted: constants, variables,
// functions, types, their exported fields and methods. An alias of a named
// type of another package is rendered as the alias and then as if the type
// were declared here (its fields and methods), so that what a package's
// users can reach through an alias is in its API too; types of the aliased
// package that this one aliases under the same name are written unqualified.
// It also returns the number of exported methods of the type named count.
func Render(dir, importPath, count string) (string, int, error) {
	bp, err := build.Default.ImportDir(dir, 0)
	if err != nil {
		return "", 0, err
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range bp.GoFiles {
		f, err := parser.ParseFile(fset, dir+"/"+name, nil, parser.SkipObjectResolution)
		if err != nil {
			return "", 0, err
		}
		files = append(files, f)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check(importPath, fset, files, nil)
	if err != nil {
		return "", 0, err
	}
	scope := pkg.Scope()
	// aliased[p.X] = X: a type of package p this one aliases as X.
	aliased := map[string]bool{}
	for _, name := range scope.Names() {
		if o, ok := scope.Lookup(name).(*types.TypeName); ok && o.IsAlias() {
			if n, ok := types.Unalias(o.Type()).(*types.Named); ok && n.Obj().Name() == name {
				aliased[n.Obj().Pkg().Name()+"."+name] = true
			}
		}
	}
	q := func(p *types.Package) string {
		if p == pkg {
			return ""
		}
		return p.Name()
	}
	qualified := regexp.MustCompile(`\b[a-z][a-z0-9]*\.[A-Z][A-Za-z0-9_]*`)
	ts := func(t types.Type) string {
		return qualified.ReplaceAllStringFunc(types.TypeString(t, q), func(s string) string {
			if aliased[s] {
				return s[strings.IndexByte(s, '.')+1:]
			}
			return s
		})
	}
	var lines []string
	add := func(format string, args ...any) {
		lines = append(lines, "pkg "+pkg.Name()+", "+fmt.Sprintf(format, args...))
	}
	sig := func(s *types.Signature) string {
		return strings.TrimPrefix(ts(s), "func")
	}
	counted := 0
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		switch o := obj.(type) {
		case *types.Const:
			add("const %s %s", name, ts(o.Type()))
		case *types.Var:
			add("var %s %s", name, ts(o.Type()))
		case *types.Func:
			add("func %s%s", name, sig(o.Type().(*types.Signature)))
		case *types.TypeName:
			n, named := types.Unalias(o.Type()).(*types.Named)
			if o.IsAlias() {
				add("type %s = %s", name, types.TypeString(types.Unalias(o.Type()), q))
				if !named || n.Obj().Pkg() == pkg {
					continue
				}
			}
			switch u := n.Underlying().(type) {
			case *types.Struct:
				add("type %s struct", name)
				for i := 0; i < u.NumFields(); i++ {
					if f := u.Field(i); f.Exported() {
						if f.Embedded() {
							add("type %s struct, embedded %s", name, ts(f.Type()))
						} else {
							add("type %s struct, %s %s", name, f.Name(), ts(f.Type()))
						}
					}
				}
			case *types.Interface:
				add("type %s interface", name)
				for i := 0; i < u.NumExplicitMethods(); i++ {
					if m := u.ExplicitMethod(i); m.Exported() {
						add("type %s interface, %s%s", name, m.Name(), sig(m.Type().(*types.Signature)))
					}
				}
			default:
				add("type %s %s", name, ts(u))
			}
			for i := 0; i < n.NumMethods(); i++ {
				m := n.Method(i)
				if !m.Exported() {
					continue
				}
				s := m.Type().(*types.Signature)
				recv := name
				if _, ok := s.Recv().Type().(*types.Pointer); ok {
					recv = "*" + name
				}
				add("method (%s) %s%s", recv, m.Name(), sig(s))
				if name == count {
					counted++
				}
			}
		}
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n") + "\n", counted, nil
}

// Check compares the API of the package in dir with the file golden,
// reporting each line added or removed; with update, it rewrites golden
// instead. how is the command that updates it.
func Check(t *testing.T, got, golden string, update bool, how string) {
	t.Helper()
	if update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if string(want) == got {
		return
	}
	wl, gl := lineSet(string(want)), lineSet(got)
	for _, l := range sortedKeys(gl) {
		if !wl[l] {
			t.Errorf("added to the API, not in %s: %s", golden, l)
		}
	}
	for _, l := range sortedKeys(wl) {
		if !gl[l] {
			t.Errorf("in %s, not in the API: %s", golden, l)
		}
	}
	t.Errorf("%s is not the package's API: review the change, then %s", golden, how)
}

func lineSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, l := range strings.Split(s, "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			m[l] = true
		}
	}
	return m
}

func sortedKeys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
