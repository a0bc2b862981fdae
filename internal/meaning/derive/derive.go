// Package derive reads the runtime's Go and finds the functions that
// decide something specific to a rule, and the ones each vocabulary row of
// the language reaches: the data behind the "meaning" of coverage
// (docs/coverage.md, "Where the meaning lives"). It loads source with
// golang.org/x/tools/go/packages, so only tests use it: its result is the
// golden file internal/meaning/runtime.txt, which the coverage report
// embeds and TestDerive keeps equal to what this package derives. It
// parses the package's files (go/build, go/parser) and type-checks them
// (go/types), so it runs where the source is: in tests.
package derive

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/mtgc-dev/mtgc/internal/meaning"
)

// RuntimePkg is the import path of the runtime.
const RuntimePkg = "github.com/mtgc-dev/mtgc/runtime/rtimpl"

// Markers are the runtime's rule vocabularies: the named types whose
// constants each stand for one piece of what the rules say. A function
// that names one of these constants decides when that piece applies or
// what it does, which is something specific to the rules behind it:
//
//   - PredKind: which of the rules' predicates is asked (CanAttack,
//     LethalDamage...), and what Go does with the answer;
//   - Mechanism: which rule a mechanism of the runtime cites (the priority
//     loop, casting, the stack);
//   - CounterKind, TypeSet: a counter kind or card type named in Go. There
//     are none now (the kinds and types are the rules' declarations, indexes
//     and bits in their order); a constant added would be a marker.
//
// The constant that counts a list (numPredKinds, NumMechanisms) names no
// piece and is not a marker. Trigger events and what abilities do are no
// marker: they are the rules' declarations (trigger_event, effect), which
// the runtime knows only by index (EventID, Trigger.Effect).
var Markers = []string{"PredKind", "Mechanism", "CounterKind", "TypeSet"}

// Driver is the runtime's turn driver: what it reaches runs whatever the
// rules' clauses say, so it is no clause's own decision.
const Driver = "(*Game).Advance"

// Derive loads package runtime from the module at dir (the repository's
// root) and returns the table: every decider, and for each vocabulary
// binding (goNames, "g.Power" or "rt.ObjDamage", as compiler.Builtin.Go)
// the deciders it reaches.
func Derive(dir string, goNames []string) (*meaning.Table, error) {
	pkg, err := load(dir)
	if err != nil {
		return nil, err
	}
	a := &analysis{pkg: pkg, root: dir, funcs: map[*types.Func]*fn{}, submit: map[string][]*types.Func{}, kinds: map[types.Type]string{}}
	markers := map[string]bool{}
	for _, m := range Markers {
		markers[m] = true
	}
	for _, f := range pkg.Syntax {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			obj, _ := pkg.TypesInfo.Defs[fd.Name].(*types.Func)
			if obj == nil {
				continue
			}
			a.funcs[obj] = a.read(obj, fd, markers)
		}
	}
	// Decisions: a function that poses a decision of kind K (a Decision
	// literal with Kind K) reaches what Game.Submit runs for K.
	for _, f := range a.funcs {
		for _, k := range f.poses {
			f.calls = append(f.calls, a.submit[k]...)
		}
	}
	byName := map[string]*fn{}
	for _, f := range a.funcs {
		byName[f.name] = f
	}
	if err := a.decide(byName); err != nil {
		return nil, err
	}
	// What the runtime runs on its own, whatever clause is running: the
	// turn driver and what it reaches (the priority loop, state-based
	// actions, the leaves-combat check, the stack).
	driver := byName[Driver]
	if driver == nil {
		return nil, fmt.Errorf("no function %s in %s", Driver, RuntimePkg)
	}
	ambient := map[*fn]bool{}
	for _, f := range a.reach(driver, nil) {
		ambient[f] = true
	}
	t := &meaning.Table{}
	byRow := map[*fn]bool{}
	for _, g := range goNames {
		name, _ := funcName(g, byName)
		if f := byName[name]; f != nil {
			for _, r := range a.reach(f, ambient) {
				byRow[r] = true
			}
		}
	}
	for _, f := range a.sorted() {
		if len(f.marks) > 0 {
			d := meaning.Decider{Func: f.name, Pos: f.pos, Lines: f.lines, Branches: f.branches, By: meaning.ByHost, Marks: f.marks}
			switch {
			case ambient[f]:
				d.By = meaning.ByDriver
			case byRow[f]:
				d.By = meaning.ByRow
			}
			t.Deciders = append(t.Deciders, d)
		}
	}
	for _, g := range goNames {
		name, ok := funcName(g, byName)
		f := byName[name]
		if !ok || f == nil {
			return nil, fmt.Errorf("vocabulary binding %s: no function %s in %s", g, name, RuntimePkg)
		}
		row := meaning.Row{Go: g, Deciders: []string{}}
		for _, r := range a.reach(f, ambient) {
			if len(r.marks) > 0 {
				row.Deciders = append(row.Deciders, r.name)
			}
		}
		sort.Strings(row.Deciders)
		t.Rows = append(t.Rows, row)
	}
	sort.Slice(t.Rows, func(i, j int) bool { return t.Rows[i].Go < t.Rows[j].Go })
	return t, nil
}

// funcName maps a binding's Go name to the function's name in the table:
// "g.M" is a method of the rules' view of the game (Exec) or, reached
// through it, of the game.
func funcName[F any](g string, byName map[string]F) (string, bool) {
	if m, ok := strings.CutPrefix(g, "g."); ok {
		if _, ok := byName["(Exec)."+m]; ok {
			return "(Exec)." + m, true
		}
		return "(*Game)." + m, true
	}
	if f, ok := strings.CutPrefix(g, "rt."); ok {
		return f, true
	}
	return "", false
}

// pkg is the runtime, parsed and type-checked.
type pkg struct {
	Fset      *token.FileSet
	Syntax    []*ast.File
	Types     *types.Package
	TypesInfo *types.Info
}

func load(root string) (*pkg, error) {
	dir := filepath.Join(root, "runtime", "rtimpl")
	bp, err := build.Default.ImportDir(dir, 0)
	if err != nil {
		return nil, err
	}
	p := &pkg{Fset: token.NewFileSet(), TypesInfo: &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{},
	}}
	for _, name := range bp.GoFiles {
		f, err := parser.ParseFile(p.Fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		p.Syntax = append(p.Syntax, f)
	}
	conf := types.Config{Importer: importer.ForCompiler(p.Fset, "source", nil)}
	p.Types, err = conf.Check(RuntimePkg, p.Fset, p.Syntax, p.TypesInfo)
	if err != nil {
		return nil, fmt.Errorf("type-checking %s: %v", RuntimePkg, err)
	}
	return p, nil
}

type analysis struct {
	pkg    *pkg
	root   string
	funcs  map[*types.Func]*fn
	submit map[string][]*types.Func // decision kind -> what Submit's case for it references
	kinds  map[types.Type]string    // kindOf's memo
}

// kindOf names the kind type a value of type t holds ("PredKind", or the
// name of a struct of kinds), or "" if it holds none: a marker type; a
// slice, array, map or pointer of one; a named struct of the runtime
// whose fields are all kinds (as DeclKinds was, a declaration's predicate
// kinds, until the declarations were given functions of the rules).
func (a *analysis) kindOf(t types.Type) string {
	if k, ok := a.kinds[t]; ok {
		return k
	}
	a.kinds[t] = "" // a recursive type holds no kind through itself
	k := ""
	switch u := t.(type) {
	case *types.Pointer:
		k = a.kindOf(u.Elem())
	case *types.Slice:
		k = a.kindOf(u.Elem())
	case *types.Array:
		k = a.kindOf(u.Elem())
	case *types.Map:
		if k = a.kindOf(u.Key()); k == "" {
			k = a.kindOf(u.Elem())
		}
	case *types.Named:
		name := named(u)
		if name != "" && slices.Contains(Markers, name) {
			k = name
			break
		}
		if st, ok := u.Underlying().(*types.Struct); ok && name != "" && st.NumFields() > 0 {
			k = name
			for i := 0; i < st.NumFields(); i++ {
				if a.kindOf(st.Field(i).Type()) == "" {
					k = ""
					break
				}
			}
		}
	}
	a.kinds[t] = k
	return k
}

type fn struct {
	obj      *types.Func
	name     string
	pos      string
	lines    int
	branches int
	marks    []string // what makes it decide: constants named, kind types read, "eval", "combines", "reached"
	calls    []*types.Func
	branchOn []*types.Func // the functions whose answer it branches on (see branchCalls)
	answers  []*types.Func // the functions whose answer its answer passes on (see branchCalls)
	poses    []string      // decision kinds it poses
}

func (a *analysis) read(obj *types.Func, fd *ast.FuncDecl, markers map[string]bool) *fn {
	fset := a.pkg.Fset
	start, end := fset.Position(fd.Pos()), fset.Position(fd.End())
	rel, err := filepath.Rel(a.root, start.Filename)
	if err != nil {
		rel = start.Filename
	}
	f := &fn{obj: obj, name: qualified(obj), pos: fmt.Sprintf("%s:%d", filepath.ToSlash(rel), start.Line), lines: end.Line - start.Line + 1}
	info := a.pkg.TypesInfo
	marks := map[string]bool{}
	calls := map[*types.Func]bool{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt, *ast.ForStmt, *ast.RangeStmt:
			f.branches++
		case *ast.CaseClause:
			if n.List != nil {
				f.branches++
			}
		case *ast.CommClause:
			if n.Comm != nil {
				f.branches++
			}
		case *ast.BinaryExpr:
			if n.Op == token.LAND || n.Op == token.LOR {
				f.branches++
			}
		case *ast.Ident:
			switch o := info.Uses[n].(type) {
			case *types.Func:
				if o.Pkg() == a.pkg.Types {
					calls[o] = true
				}
			case *types.Const:
				if tn := named(o.Type()); tn != "" && markers[tn] && !isCount(o.Name()) {
					marks[o.Name()] = true
				}
			case *types.Var:
				// A parameter, variable or field holding a kind (or
				// kinds: a slice, array, map, pointer, or a struct of
				// kinds only, DeclKinds): the function reads which rule
				// applies from a value, not a name.
				if k := a.kindOf(o.Type()); k != "" {
					marks[k] = true
				}
			}
		case *ast.CompositeLit:
			if named(info.TypeOf(n)) == "Decision" {
				for _, e := range n.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok {
						if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Kind" {
							if c, ok := info.Uses[identOf(kv.Value)].(*types.Const); ok {
								f.poses = append(f.poses, c.Name())
							}
						}
					}
				}
			}
		case *ast.SwitchStmt:
			if obj.Name() == "Submit" && named(recv(obj)) == "Game" && named(info.TypeOf(n.Tag)) == "DecisionKind" {
				for _, s := range n.Body.List {
					cc := s.(*ast.CaseClause)
					var refs []*types.Func
					for _, st := range cc.Body {
						ast.Inspect(st, func(m ast.Node) bool {
							if id, ok := m.(*ast.Ident); ok {
								if o, ok := info.Uses[id].(*types.Func); ok && o.Pkg() == a.pkg.Types {
									refs = append(refs, o)
								}
							}
							return true
						})
					}
					for _, e := range cc.List {
						if c, ok := info.Uses[identOf(e)].(*types.Const); ok {
							a.submit[c.Name()] = append(a.submit[c.Name()], refs...)
						}
					}
				}
			}
		}
		return true
	})
	for m := range marks {
		f.marks = append(f.marks, m)
	}
	sort.Strings(f.marks)
	for c := range calls {
		f.calls = append(f.calls, c)
	}
	sort.Slice(f.calls, func(i, j int) bool { return qualified(f.calls[i]) < qualified(f.calls[j]) })
	f.branchOn, f.answers = a.branchCalls(fd)
	return f
}

// branchCalls lists the runtime's functions whose answer the body branches
// on: a call that appears in a branch's expression, or whose result,
// assigned to a local variable (through other local variables too), is
// read in one. A branch's expression is an if's or a for's condition, a
// switch's tag or a case's expression (a type switch's subject too), an
// operand of && or ||, and a return's result that is a && b, a || b, !a
// or a comparison (a == b, a < b...: bad == NoObj), parentheses aside. Closures are the body's: their branches are too.
// Calls inside a branch's expression count wherever they are in it (an
// argument, a closure's body). Ranging over a result is not branching on
// it, nor is storing it in a field.
//
// answers lists the functions whose answer the function's own answer
// passes on: the calls its returns' results read (not its closures'), the
// same way, through local variables too; a bare return reads the named
// results. mayAct, which returned priorityOptions' answer, answers for it:
// branching on mayAct's answer is branching on a decider's.
func (a *analysis) branchCalls(fd *ast.FuncDecl) (branchOn, answers []*types.Func) {
	info := a.pkg.TypesInfo
	local := func(id *ast.Ident) *types.Var {
		o := info.Defs[id]
		if o == nil {
			o = info.Uses[id]
		}
		v, ok := o.(*types.Var)
		if !ok || v.IsField() || v.Pkg() != a.pkg.Types || v.Parent() == v.Pkg().Scope() {
			return nil
		}
		return v
	}
	read := func(r *reads, e ast.Expr) {
		ast.Inspect(e, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if c := a.callee(n); c != nil {
					r.calls[c] = true
				}
			case *ast.Ident:
				if v := local(n); v != nil {
					r.vars[v] = true
				}
			}
			return true
		})
	}
	newReads := func() *reads { return &reads{calls: map[*types.Func]bool{}, vars: map[*types.Var]bool{}} }
	assigned := map[*types.Var]*reads{} // a local variable: what the values assigned to it read
	assign := func(lhs []ast.Expr, rhs []ast.Expr) {
		for i, l := range lhs {
			id, ok := ast.Unparen(l).(*ast.Ident)
			if !ok {
				continue
			}
			v := local(id)
			if v == nil {
				continue
			}
			r := assigned[v]
			if r == nil {
				r = newReads()
				assigned[v] = r
			}
			switch {
			case len(rhs) == len(lhs):
				read(r, rhs[i])
			case len(rhs) == 1: // v, ok := f(); v, ok := m[k]
				read(r, rhs[0])
			}
		}
	}
	branch := newReads()
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			assign(n.Lhs, n.Rhs)
		case *ast.ValueSpec:
			lhs := make([]ast.Expr, len(n.Names))
			for i, id := range n.Names {
				lhs[i] = id
			}
			assign(lhs, n.Values)
		case *ast.IfStmt:
			read(branch, n.Cond)
		case *ast.ForStmt:
			if n.Cond != nil {
				read(branch, n.Cond)
			}
		case *ast.SwitchStmt:
			if n.Tag != nil {
				read(branch, n.Tag)
			}
			for _, s := range n.Body.List {
				for _, e := range s.(*ast.CaseClause).List {
					read(branch, e)
				}
			}
		case *ast.TypeSwitchStmt:
			switch s := n.Assign.(type) {
			case *ast.AssignStmt:
				read(branch, s.Rhs[0])
			case *ast.ExprStmt:
				read(branch, s.X)
			}
		case *ast.BinaryExpr:
			if n.Op == token.LAND || n.Op == token.LOR {
				read(branch, n.X)
				read(branch, n.Y)
			}
		case *ast.ReturnStmt:
			for _, e := range n.Results {
				switch e := ast.Unparen(e).(type) {
				case *ast.BinaryExpr:
					switch e.Op {
					case token.LAND, token.LOR, token.EQL, token.NEQ, token.LSS, token.GTR, token.LEQ, token.GEQ:
						// (a comparison turns an answer into a condition,
						// as ! does: return bad == NoObj)
						read(branch, e)
					}
				case *ast.UnaryExpr:
					if e.Op == token.NOT {
						read(branch, e)
					}
				}
			}
		}
		return true
	})
	// What the function answers: its own returns' results (not its
	// closures'); a bare return answers its named results.
	answer := newReads()
	var results []*ast.Ident
	if fd.Type.Results != nil {
		for _, fl := range fd.Type.Results.List {
			results = append(results, fl.Names...)
		}
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			for _, e := range n.Results {
				read(answer, e)
			}
			if len(n.Results) == 0 {
				for _, id := range results {
					if v := local(id); v != nil {
						answer.vars[v] = true
					}
				}
			}
		}
		return true
	})
	return resolve(branch, assigned), resolve(answer, assigned)
}

// resolve lists the calls r reads, directly or through the local
// variables it reads (and those their values read, to a fixpoint).
func resolve(r *reads, assigned map[*types.Var]*reads) []*types.Func {
	calls := map[*types.Func]bool{}
	for c := range r.calls {
		calls[c] = true
	}
	seen := map[*types.Var]bool{}
	var todo []*types.Var
	for v := range r.vars {
		seen[v] = true
		todo = append(todo, v)
	}
	for len(todo) > 0 {
		v := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		w := assigned[v]
		if w == nil {
			continue
		}
		for c := range w.calls {
			calls[c] = true
		}
		for u := range w.vars {
			if !seen[u] {
				seen[u] = true
				todo = append(todo, u)
			}
		}
	}
	var out []*types.Func
	for c := range calls {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return qualified(out[i]) < qualified(out[j]) })
	return out
}

// reads is what an expression reads: the runtime's functions it calls and
// the local variables it uses.
type reads struct {
	calls map[*types.Func]bool
	vars  map[*types.Var]bool
}

// callee is the runtime's function a call calls, or nil (a conversion, a
// builtin, another package's function, a function value).
func (a *analysis) callee(call *ast.CallExpr) *types.Func {
	fun := ast.Unparen(call.Fun)
	switch e := fun.(type) {
	case *ast.IndexExpr:
		fun = e.X
	case *ast.IndexListExpr:
		fun = e.X
	}
	f, ok := a.pkg.TypesInfo.Uses[identOf(fun)].(*types.Func)
	if !ok || f.Pkg() != a.pkg.Types {
		return nil
	}
	return f.Origin()
}

// reach lists the functions f reaches through references (calls, method
// values, closures) and posed decisions, f included, each once, not going
// into the functions of stop.
func (a *analysis) reach(f *fn, stop map[*fn]bool) []*fn {
	seen := map[*fn]bool{f: true}
	out := []*fn{f}
	for i := 0; i < len(out); i++ {
		for _, c := range out[i].calls {
			if g := a.funcs[c]; g != nil && !seen[g] && !stop[g] {
				seen[g] = true
				out = append(out, g)
			}
		}
	}
	return out
}

func (a *analysis) sorted() []*fn {
	var out []*fn
	for _, f := range a.funcs {
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

func identOf(e ast.Expr) *ast.Ident {
	switch e := e.(type) {
	case *ast.Ident:
		return e
	case *ast.SelectorExpr:
		return e.Sel
	case *ast.ParenExpr:
		return identOf(e.X)
	}
	return nil
}

func isCount(name string) bool {
	return strings.HasPrefix(name, "num") || strings.HasPrefix(name, "Num")
}

func named(t types.Type) string {
	if t == nil {
		return ""
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == RuntimePkg {
		return n.Obj().Name()
	}
	return ""
}

func recv(f *types.Func) types.Type {
	sig := f.Type().(*types.Signature)
	if sig.Recv() == nil {
		return nil
	}
	return sig.Recv().Type()
}

// qualified is "(*Game).Power", "(PredKind).String" or "ObjDamage".
func qualified(f *types.Func) string {
	r := recv(f)
	if r == nil {
		return f.Name()
	}
	star := ""
	if _, ok := r.(*types.Pointer); ok {
		star = "*"
	}
	return "(" + star + named(r) + ")." + f.Name()
}

// decide completes the marks by the definition (docs/coverage.md, "Where
// the meaning lives"): a function decides a rule if it reads a value of
// the rules' kinds (read marks it so), evaluates a rules predicate (calls
// an evaluator of Generic: mark "eval"), branches on what a decider
// answers (branchCalls: mark "combines"), or is reached from a function
// that decides (mark "reached", for a function with no kind or "eval"
// mark), unless Generic lists it: the reviewed machinery that stays
// generic, which decides nothing itself and stops the reach. The last two
// feed each other (a combiner's callees are reached; what a reached
// function answers may be combined), so they are taken to a fixpoint.
// Every name of Generic must be a function of the runtime.
func (a *analysis) decide(byName map[string]*fn) error {
	generic := map[*fn]bool{}
	var missing []string
	for name := range Generic {
		f := byName[name]
		if f == nil {
			missing = append(missing, name)
			continue
		}
		generic[f] = true
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		return fmt.Errorf("derive.Generic lists functions the runtime no longer has: %s", strings.Join(missing, ", "))
	}
	for name := range Decides {
		f := byName[name]
		switch {
		case f == nil:
			missing = append(missing, name)
		case generic[f]:
			return fmt.Errorf("derive: %s is in both Generic and Decides", name)
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		return fmt.Errorf("derive.Decides lists functions the runtime no longer has: %s", strings.Join(missing, ", "))
	}
	evaluator := map[*types.Func]bool{}
	for f := range generic {
		if strings.HasPrefix(Generic[f.name], Evaluator) {
			evaluator[f.obj] = true
		}
	}
	decides := map[*fn]bool{}
	var queue []*fn
	all := a.sorted()
	for _, f := range all {
		if generic[f] {
			f.marks = nil
			continue
		}
		for _, c := range f.calls {
			if evaluator[c] {
				f.marks = append(f.marks, "eval")
				break
			}
		}
		if _, ok := Decides[f.name]; ok {
			f.marks = append(f.marks, "listed")
		}
		if len(f.marks) > 0 {
			decides[f] = true
			queue = append(queue, f)
		}
	}
	own := map[*fn]bool{} // marked by what it reads or evaluates
	for f := range decides {
		own[f] = true
	}
	// answering: the deciders, and the functions that are not generic
	// and pass a decider's answer on (a wrapper: mayAct returned
	// priorityOptions' answer), to a fixpoint.
	answering := map[*fn]bool{}
	answer := func() {
		for f := range decides {
			answering[f] = true
		}
		for more := true; more; {
			more = false
			for _, f := range all {
				if answering[f] || generic[f] {
					continue
				}
				for _, c := range f.answers {
					if g := a.funcs[c]; g != nil && answering[g] {
						answering[f] = true
						more = true
						break
					}
				}
			}
		}
	}
	// combines: whether f branches on a decider's answer.
	combines := func(f *fn) bool {
		for _, c := range f.branchOn {
			if g := a.funcs[c]; g != nil && answering[g] {
				return true
			}
		}
		return false
	}
	for changed := true; changed; {
		changed = false
		for i := 0; i < len(queue); i++ {
			for _, c := range queue[i].calls {
				if g := a.funcs[c]; g != nil && !generic[g] && !decides[g] {
					decides[g] = true
					queue = append(queue, g)
				}
			}
		}
		queue = queue[:0]
		answer()
		for _, f := range all {
			if !generic[f] && !decides[f] && combines(f) {
				decides[f] = true
				changed = true
				queue = append(queue, f)
			}
		}
	}
	// Marks: "combines" for every decider that branches on another's (or
	// its own, recursing) answer; "reached" for a decider with no mark of
	// its own that another decider calls.
	called := map[*fn]bool{}
	for f := range decides {
		for _, c := range f.calls {
			if g := a.funcs[c]; g != nil && g != f {
				called[g] = true
			}
		}
	}
	for _, f := range all {
		if !decides[f] {
			continue
		}
		if combines(f) {
			f.marks = append(f.marks, "combines")
		}
		if !own[f] && called[f] {
			f.marks = append(f.marks, "reached")
		}
		sort.Strings(f.marks)
	}
	return nil
}
