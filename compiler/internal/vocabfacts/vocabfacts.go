// Package vocabfacts derives, from the runtime's Go source, the facts of
// the vocabulary's rows (compiler/vocab.go) that decide the compiler's
// fast paths: whether a reader of an object reads only that object's own
// state (Builtin.Own), and which parts of the state an sba reading it
// depends on (Builtin.Reads). A fact written by hand can be wrong and
// silently make a fast path wrong; these are computed from what the Go
// functions read, and compiler/vocabfacts_gen.go holds them (go generate
// writes it; a test of package compiler fails when it is stale).
//
// The analysis loads the package of each binding (the package is taken
// from the function value's name: no path is written here) with its
// types, and walks the function's body, and the bodies of the functions
// of the same package it calls, with what each argument is: the object
// the row reads (the first object parameter), an index of that object's
// own record in a list of the game (reviewedAccessors), or something
// else. Each field read is recorded as TYPE.FIELD, with "(own)" when the
// record it is read from is that object's own. A row is Own when every
// read is one of ownReads (a reviewed list, each with its reason), and it
// calls no function value (the rules' derivations, which may read
// anything).
package vocabfacts

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/format"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	goruntime "runtime"
	"sort"
	"strings"
)

// Reads are the parts of the state an sba may observe, as the compiler's
// Reads constants (compiler.ReadsPosition...): the generated file names
// them, this package only reports them.
type Reads uint8

const (
	ReadsPosition Reads = 1 << iota
	ReadsTapped
	ReadsMana
	ReadsHeld
	ReadsCombat
)

// Fact is what the analysis derives of one function.
type Fact struct {
	Own   bool
	Reads Reads
	// ReadSet is every location read, sorted (TYPE.FIELD, TYPE.FIELD(own),
	// var NAME, func NAME(own) for a reviewed accessor, "dynamic call").
	ReadSet []string
	// NotOwn is why an object reader is not Own (the first read outside
	// ownReads), "" if it is or if it reads no object.
	NotOwn string
}

// ownReads are the locations an Own reader may read, each with why it is
// the object's own state (which nothing done to another object changes,
// and whose changes name the object: zones.go's move, the phasing verbs,
// addAttack and addBlock). A location not here makes a reader not Own.
var ownReads = map[string]string{
	"Game.Objs":                "the object table itself (its length in the bounds checks); which record's fields are read is recorded as such",
	"Game.faces":               "the table of interned faces, append only; which face is read is decided by the object's own face field",
	"Game.Rules":               "the rules: the static program, never changed by play",
	"var noObject":             "the read-only record an attribute of no object reads",
	"Object.Zone(own)":         "its zone: changed by moving it (move names it)",
	"Object.Controller(own)":   "its controller",
	"Object.Owner(own)":        "its owner, fixed at creation",
	"Object.PhasedOut(own)":    "its phasing: changed by the phasing verbs on it",
	"Object.Token(own)":        "whether it is a token, fixed at creation",
	"Object.Power(own)":        "its printed power",
	"Object.Toughness(own)":    "its printed toughness",
	"Object.Super(own)":        "its printed supertypes",
	"Object.Copy(own)":         "whether it is a copy, fixed at creation",
	"Object.SubBits(own)":      "its printed subtypes kept as bits",
	"Object.Types(own)":        "its card types (printed, and those effects on it add)",
	"Object.face(own)":         "its face: its printed characteristics",
	"Face.Name":                "a face's name: faces are interned and never changed in place (SetFace gives another)",
	"Face.Card":                "a face's card: as Face.Name",
	"func attackIndex(own)":    "the index of its own attack in Combat.Attacks (reviewedAccessors)",
	"func blockIndex(own)":     "the index of its own block in Combat.Blocks (reviewedAccessors)",
	"Attack.Controller(own)":   "the controller recorded as it was declared an attacker, by its own declaration",
	"Block.Controller(own)":    "the controller recorded as it was declared a blocker, by its own declaration",
	"Combat.Attacks(own-list)": "the list its own attack is found in (by attackIndex)",
	"Combat.Blocks(own-list)":  "the list its own block is found in (by blockIndex)",
}

// reviewedAccessors are functions of the runtime whose result, given the
// object, is the index of that object's own record in a list of the
// game, taken on review rather than from their bodies (which search the
// list, reading the other records too). Each is named with its list.
var reviewedAccessors = map[string]string{
	"attackIndex": "Game.Combat.Attacks", // x's attack, through its index (Object.atk), or -1
	"blockIndex":  "Game.Combat.Blocks",  // x's first block, through its index (Object.blk), or -1
}

// positionReads are the fields of the game that are the turn's position
// (rt.ChangePosition): the turn, the active player, the step.
var positionReads = map[string]bool{
	"Game.TurnNum": true, "Game.Active": true, "Game.plan": true, "Game.planLen": true,
	"Game.pos": true, "Game.stage": true, "Game.inPhase": true, "Game.segBegan": true,
	"Game.segEnded": true, "Game.stepHadPriority": true, "Game.jumpTo": true,
}

// SplitFuncName splits a function's name as the Go runtime gives it
// ("example.com/m/runtime.Exec.Power") into its package path and its name
// within the package ("Exec.Power").
func SplitFuncName(full string) (pkg, name string, err error) {
	slash := strings.LastIndex(full, "/")
	dot := strings.Index(full[slash+1:], ".")
	if dot < 0 {
		return "", "", fmt.Errorf("vocabfacts: %q is not a qualified function name", full)
	}
	return full[:slash+1+dot], full[slash+1+dot+1:], nil
}

// Derive derives the facts of the functions named (as SplitFuncName
// takes them), loading each package once; dir is where the go command
// runs (inside the module).
func Derive(dir string, funcs []string) (map[string]Fact, error) {
	byPkg := map[string][]string{}
	for _, f := range funcs {
		p, _, err := SplitFuncName(f)
		if err != nil {
			return nil, err
		}
		byPkg[p] = append(byPkg[p], f)
	}
	paths := make([]string, 0, len(byPkg))
	for p := range byPkg {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	out := map[string]Fact{}
	for _, p := range paths {
		a, err := Load(dir, p)
		if err != nil {
			return nil, err
		}
		for _, f := range byPkg[p] {
			_, name, _ := SplitFuncName(f)
			fact, err := a.Func(name)
			if err != nil {
				return nil, err
			}
			out[f] = fact
		}
	}
	return out, nil
}

// Analyzer analyzes the functions of one package.
type Analyzer struct {
	pkg   *types.Package
	info  *types.Info
	decls map[*types.Func]*ast.FuncDecl
	memo  map[string]*summary
}

// Load loads package path (an import path, found from dir as the go
// command finds it; or a directory) with its syntax and types: parsed
// and type-checked here (go/build, go/parser, go/types), needing nothing
// but the source.
func Load(dir, path string) (*Analyzer, error) {
	bp, err := build.Default.Import(path, dir, 0)
	if err != nil {
		return nil, fmt.Errorf("vocabfacts: finding %s: %v", path, err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range bp.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(bp.Dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
		Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{},
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	tp, err := conf.Check(bp.ImportPath, fset, files, info)
	if err != nil {
		return nil, fmt.Errorf("vocabfacts: type-checking %s: %v", path, err)
	}
	a := &Analyzer{pkg: tp, info: info, decls: map[*types.Func]*ast.FuncDecl{}, memo: map[string]*summary{}}
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := info.Defs[fd.Name].(*types.Func); ok {
					a.decls[fn] = fd
				}
			}
		}
	}
	return a, nil
}

// Func derives the fact of the function or method of the package named
// name ("ObjTapped", "Exec.Power"). Its object, if any, is its first
// parameter of type ObjID after the game.
func (a *Analyzer) Func(name string) (Fact, error) {
	fn, err := a.lookup(name)
	if err != nil {
		return Fact{}, err
	}
	sig := fn.Type().(*types.Signature)
	kinds := make([]kind, 0, sig.Params().Len()+1)
	if sig.Recv() != nil {
		kinds = append(kinds, other)
	}
	hasObj := false
	for i := 0; i < sig.Params().Len(); i++ {
		k := other
		if !hasObj && isObjID(sig.Params().At(i).Type()) {
			k, hasObj = ownID, true
		}
		kinds = append(kinds, k)
	}
	s := a.summarize(fn, kinds, 0)
	f := Fact{}
	for r := range s.allReads() {
		f.ReadSet = append(f.ReadSet, r)
		field := strings.TrimSuffix(r, "(own)")
		switch {
		case field == "Object.Tapped":
			f.Reads |= ReadsTapped
		case field == "Player.Mana":
			f.Reads |= ReadsMana
		case positionReads[field]:
			f.Reads |= ReadsPosition
		case field == "Player.States" || field == "Game.States" || field == "Object.State" || field == "Object.Flags":
			f.Reads |= ReadsHeld
		}
		if combatRead(r) {
			f.Reads |= ReadsCombat
		}
	}
	sort.Strings(f.ReadSet)
	if hasObj {
		f.Own = true
		for _, r := range f.ReadSet {
			if _, ok := ownReads[r]; !ok {
				f.Own, f.NotOwn = false, r
				break
			}
		}
	}
	return f, nil
}

func (a *Analyzer) lookup(name string) (*types.Func, error) {
	recv, meth, isMethod := strings.Cut(name, ".")
	if !isMethod {
		if fn, ok := a.pkg.Scope().Lookup(name).(*types.Func); ok {
			return fn, nil
		}
		return nil, fmt.Errorf("vocabfacts: no function %s in %s", name, a.pkg.Path())
	}
	tn, ok := a.pkg.Scope().Lookup(recv).(*types.TypeName)
	if !ok {
		return nil, fmt.Errorf("vocabfacts: no type %s in %s", recv, a.pkg.Path())
	}
	obj, _, _ := types.LookupFieldOrMethod(tn.Type(), true, a.pkg, meth)
	fn, ok := obj.(*types.Func)
	if !ok {
		return nil, fmt.Errorf("vocabfacts: no method %s in %s", name, a.pkg.Path())
	}
	return fn, nil
}

func isObjID(t types.Type) bool {
	n, ok := t.(*types.Named)
	return ok && n.Obj().Name() == "ObjID"
}

// kind is what a value is, as far as the analysis follows it.
type kind string

const (
	other  kind = ""     // anything
	ownID  kind = "id"   // the object read
	ownRec kind = "rec"  // its record (Object, or its attack or block), or a pointer to it
	top    kind = "top"  // not yet known (a local before its assignments are seen)
	konst  kind = "zero" // a zero value or read-only record: agrees with any kind
	// "idx:LIST": the index of the object's own record in the game's LIST
)

func meet(a, b kind) kind {
	switch {
	case a == top || a == konst:
		return b
	case b == top || b == konst:
		return a
	case a == b:
		return a
	}
	return other
}

// summary is what a function reads, given what its arguments are.
type summary struct {
	reads   map[string]bool
	ret     kind
	callees []*summary // what it calls: their reads are its (a callee still being summarized, in a recursion, is complete only at the end)
}

// allReads is every read of s and of what it calls, transitively.
func (s *summary) allReads() map[string]bool {
	out := map[string]bool{}
	seen := map[*summary]bool{}
	var walk func(*summary)
	walk = func(s *summary) {
		if seen[s] {
			return
		}
		seen[s] = true
		for r := range s.reads {
			out[r] = true
		}
		for _, c := range s.callees {
			walk(c)
		}
	}
	walk(s)
	return out
}

const maxDepth = 64

func (a *Analyzer) summarize(fn *types.Func, args []kind, depth int) *summary {
	key := fn.FullName() + fmt.Sprint(args)
	if s, ok := a.memo[key]; ok {
		return s // (a recursive call sees what is known so far)
	}
	s := &summary{reads: map[string]bool{}, ret: other}
	a.memo[key] = s
	fd := a.decls[fn]
	if fd == nil {
		s.reads["call "+fn.Name()+" (no body)"] = true
		return s
	}
	if depth > maxDepth {
		s.reads["call "+fn.Name()+" (too deep)"] = true
		return s
	}
	w := &walker{a: a, s: s, env: map[*types.Var]kind{}, depth: depth}
	i := 0
	bind := func(fl *ast.FieldList) {
		if fl == nil {
			return
		}
		for _, f := range fl.List {
			n := max(len(f.Names), 1)
			for j := 0; j < n; j++ {
				if j < len(f.Names) {
					if v, ok := a.info.Defs[f.Names[j]].(*types.Var); ok && i < len(args) {
						w.env[v] = args[i]
					}
				}
				i++
			}
		}
	}
	bind(fd.Recv)
	bind(fd.Type.Params)
	w.locals(fd.Body)
	ret := top
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // its returns are its own; walked below
		case *ast.ReturnStmt:
			if len(n.Results) == 1 {
				ret = meet(ret, w.kindOf(n.Results[0]))
			} else {
				ret = other
			}
		}
		return true
	})
	if ret == top || ret == konst {
		ret = other
	}
	s.ret = ret
	w.stmt(fd.Body)
	return s
}

type walker struct {
	a     *Analyzer
	s     *summary
	env   map[*types.Var]kind
	depth int
}

func (w *walker) read(r string) { w.s.reads[r] = true }

// locals finds the kind of each local variable: the meet of what is
// assigned to it, to a fixed point.
func (w *walker) locals(body ast.Node) {
	assigns := map[*types.Var][]ast.Expr{}
	var vars []*types.Var
	add := func(id ast.Expr, rhs ast.Expr) {
		ident, ok := id.(*ast.Ident)
		if !ok {
			return
		}
		v, ok := w.a.info.Defs[ident].(*types.Var)
		if !ok {
			v, ok = w.a.info.Uses[ident].(*types.Var)
		}
		if !ok || v.Parent() == nil || v.Parent() == w.a.pkg.Scope() {
			return
		}
		if _, param := w.env[v]; param {
			w.env[v] = other // a parameter assigned to: anything
			return
		}
		if _, seen := assigns[v]; !seen {
			vars = append(vars, v)
		}
		assigns[v] = append(assigns[v], rhs) // nil: anything
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				var r ast.Expr
				if len(n.Lhs) == len(n.Rhs) && (n.Tok == token.DEFINE || n.Tok == token.ASSIGN) {
					r = n.Rhs[i]
				}
				add(l, r)
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if len(n.Values) == 0 {
					add(id, &ast.BasicLit{Kind: token.INT, Value: "0"}) // the zero value
				} else if len(n.Values) == len(n.Names) {
					add(id, n.Values[i])
				} else {
					add(id, nil)
				}
			}
		case *ast.RangeStmt:
			if n.Key != nil {
				add(n.Key, nil)
			}
			if n.Value != nil {
				add(n.Value, nil)
			}
		case *ast.IncDecStmt:
			add(n.X, nil)
		}
		return true
	})
	for _, v := range vars {
		w.env[v] = top
	}
	for changed := true; changed; {
		changed = false
		for _, v := range vars {
			k := top
			for _, r := range assigns[v] {
				if r == nil {
					k = other
					break
				}
				if lit, ok := r.(*ast.BasicLit); ok && lit.Value == "0" {
					k = meet(k, konst)
					continue
				}
				k = meet(k, w.kindOf(r))
			}
			if k != w.env[v] {
				w.env[v], changed = k, true
			}
		}
	}
	for _, v := range vars {
		if w.env[v] == top {
			w.env[v] = other
		}
	}
}

// kindOf is what e is (without recording what it reads).
func (w *walker) kindOf(e ast.Expr) kind {
	switch e := e.(type) {
	case *ast.ParenExpr:
		return w.kindOf(e.X)
	case *ast.StarExpr:
		return w.kindOf(e.X)
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			return w.kindOf(e.X)
		}
	case *ast.Ident:
		v, ok := w.a.info.Uses[e].(*types.Var)
		if !ok {
			return other
		}
		if v.Parent() == w.a.pkg.Scope() {
			if _, ok := ownReads["var "+v.Name()]; ok {
				return konst
			}
			return other
		}
		if k, ok := w.env[v]; ok {
			return k
		}
	case *ast.IndexExpr:
		list := w.location(e.X)
		switch k := w.kindOf(e.Index); {
		case k == ownID && list == "Game.Objs":
			return ownRec
		case list != "" && k == kind("idx:"+list):
			return ownRec
		}
	case *ast.CallExpr:
		if tv, ok := w.a.info.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
			return w.kindOf(e.Args[0]) // a conversion
		}
		if fn := w.callee(e); fn != nil && fn.Pkg() == w.a.pkg {
			args := w.args(e, fn)
			if list, ok := reviewedAccessors[fn.Name()]; ok && ownArg(args) {
				return kind("idx:" + list)
			}
			return w.a.summarize(fn, args, w.depth+1).ret
		}
	}
	return other
}

func ownArg(args []kind) bool {
	for _, k := range args {
		if k == ownID {
			return true
		}
	}
	return false
}

// location names the list or field e selects: "Game.Combat.Attacks" for
// g.Combat.Attacks (the struct path from the game), "" if e is no field.
func (w *walker) location(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.ParenExpr:
		return w.location(e.X)
	case *ast.SelectorExpr:
		sel, ok := w.a.info.Selections[e]
		if !ok || sel.Kind() != types.FieldVal {
			return ""
		}
		owner := fieldOwner(sel)
		if inner := w.location(e.X); inner != "" {
			return inner + "." + e.Sel.Name
		}
		return owner + "." + e.Sel.Name
	}
	return ""
}

// fieldOwner is the name of the struct type that declares sel's field.
func fieldOwner(sel *types.Selection) string {
	t := sel.Recv()
	idx := sel.Index()
	for _, i := range idx[:len(idx)-1] {
		st, ok := deref(t).Underlying().(*types.Struct)
		if !ok {
			return "?"
		}
		t = st.Field(i).Type()
	}
	if n, ok := deref(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return "?"
}

func deref(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// callee is the function a call calls statically, nil for a function
// value, a builtin or a conversion.
func (w *walker) callee(c *ast.CallExpr) *types.Func {
	var id *ast.Ident
	switch f := ast.Unparen(c.Fun).(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
	case *ast.IndexExpr: // an instantiation
		switch g := f.X.(type) {
		case *ast.Ident:
			id = g
		case *ast.SelectorExpr:
			id = g.Sel
		}
	}
	if id == nil {
		return nil
	}
	fn, _ := w.a.info.Uses[id].(*types.Func)
	return fn
}

// args are the kinds of a call's arguments, the receiver first for a
// method.
func (w *walker) args(c *ast.CallExpr, fn *types.Func) []kind {
	var ks []kind
	if fn.Type().(*types.Signature).Recv() != nil {
		if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok {
			ks = append(ks, w.kindOf(sel.X))
		} else {
			ks = append(ks, other)
		}
	}
	for _, x := range c.Args {
		ks = append(ks, w.kindOf(x))
	}
	return ks
}

// stmt walks a statement (or any node), recording what its expressions
// read.
func (w *walker) stmt(n ast.Node) {
	ast.Inspect(n, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok {
			w.expr(e)
			return false
		}
		return true
	})
}

// expr records what e reads.
func (w *walker) expr(e ast.Expr) {
	switch e := e.(type) {
	case nil:
	case *ast.Ident:
		if v, ok := w.a.info.Uses[e].(*types.Var); ok && v.Parent() == w.a.pkg.Scope() {
			w.read("var " + v.Name())
		}
	case *ast.SelectorExpr:
		sel, ok := w.a.info.Selections[e]
		if !ok { // a qualified identifier
			if v, ok := w.a.info.Uses[e.Sel].(*types.Var); ok && v.Pkg() == w.a.pkg {
				w.read("var " + v.Name())
			}
			return
		}
		if sel.Kind() != types.FieldVal {
			w.expr(e.X) // a method value: its receiver
			if _, ok := w.a.info.Uses[e.Sel].(*types.Func); ok && sel.Kind() == types.MethodVal {
				w.read("dynamic call") // a method value taken is called later
			}
			return
		}
		r := fieldOwner(sel) + "." + e.Sel.Name
		if w.kindOf(e.X) == ownRec {
			r += "(own)"
		}
		w.read(r)
		w.path(e.X)
	case *ast.IndexExpr:
		w.expr(e.Index)
		if w.kindOf(e) == ownRec {
			w.path(e.X) // the list its own record is in: its fields say what is read
			if l := w.location(e.X); l != "Game.Objs" {
				w.read(strings.TrimPrefix(l, "Game.") + "(own-list)")
			}
			return
		}
		w.expr(e.X)
	case *ast.CallExpr:
		w.call(e)
	case *ast.FuncLit:
		w.locals(e.Body)
		w.stmt(e.Body)
	default:
		ast.Inspect(e, func(n ast.Node) bool {
			if n == ast.Node(e) {
				return true
			}
			if x, ok := n.(ast.Expr); ok {
				w.expr(x)
				return false
			}
			return true
		})
	}
}

// path walks the expression a field or an element is selected from,
// recording only what it reads besides that path (indices, calls).
func (w *walker) path(e ast.Expr) {
	switch e := e.(type) {
	case *ast.ParenExpr:
		w.path(e.X)
	case *ast.StarExpr:
		w.path(e.X)
	case *ast.UnaryExpr:
		w.path(e.X)
	case *ast.SelectorExpr:
		if sel, ok := w.a.info.Selections[e]; ok && sel.Kind() == types.FieldVal {
			w.path(e.X)
			return
		}
		w.expr(e)
	case *ast.IndexExpr:
		w.expr(e.Index)
		w.path(e.X)
	case *ast.Ident:
		w.expr(e)
	default:
		w.expr(e)
	}
}

func (w *walker) call(c *ast.CallExpr) {
	for _, x := range c.Args {
		w.expr(x)
	}
	if tv, ok := w.a.info.Types[c.Fun]; ok && tv.IsType() {
		return // a conversion
	}
	if id, ok := ast.Unparen(c.Fun).(*ast.Ident); ok {
		if _, ok := w.a.info.Uses[id].(*types.Builtin); ok {
			return
		}
	}
	fn := w.callee(c)
	if fn == nil {
		w.read("dynamic call")
		w.expr(c.Fun)
		return
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() != nil {
		if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok {
			w.expr(sel.X)
		}
		if types.IsInterface(sig.Recv().Type()) {
			w.read("dynamic call")
			return
		}
	}
	if fn.Pkg() != w.a.pkg {
		// Another package's: it reads its arguments (walked above); a
		// record passed whole, it may read any of its fields.
		for _, x := range c.Args {
			if w.kindOf(x) == ownRec {
				w.read("record passed to " + fn.FullName())
			}
		}
		return
	}
	args := w.args(c, fn)
	if _, ok := reviewedAccessors[fn.Name()]; ok && ownArg(args) {
		w.read("func " + fn.Name() + "(own)")
		return
	}
	w.s.callees = append(w.s.callees, w.a.summarize(fn, args, w.depth+1))
}

// Generate derives the facts of the functions named (the vocabulary's
// attributes and functions, as the Go runtime names them) and writes them
// as compiler/vocabfacts_gen.go: a map from each function's name in its
// package to its facts, gofmt'd.
func Generate(dir string, funcs []string) ([]byte, error) {
	facts, err := Derive(dir, funcs)
	if err != nil {
		return nil, err
	}
	byName := map[string]string{}
	var names []string
	for _, f := range funcs {
		_, n, _ := SplitFuncName(f)
		if prev, dup := byName[n]; dup && prev != f {
			return nil, fmt.Errorf("vocabfacts: %s and %s have the same name in their packages", prev, f)
		} else if !dup {
			names = append(names, n)
		}
		byName[n] = f
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString(`// Code generated by go run ./internal/vocabfacts/gen; DO NOT EDIT.

package compiler

// vocabFacts are the facts of the vocabulary's attributes and functions,
// by the name of the runtime function each binds to in its package:
// derived from that function's Go source (internal/vocabfacts), never
// written by hand. A comment gives, for a reader of an object, what makes
// it Own or not.
var vocabFacts = map[string]vocabFact{
`)
	for _, n := range names {
		f := facts[byName[n]]
		switch {
		case f.Own:
			fmt.Fprintf(&b, "\t// own: %s\n", strings.Join(f.ReadSet, ", "))
		case f.NotOwn != "":
			fmt.Fprintf(&b, "\t// not own: reads %s\n", f.NotOwn)
		}
		var fields []string
		if f.Own {
			fields = append(fields, "Own: true")
		}
		if f.Reads != 0 {
			var rs []string
			for _, r := range []struct {
				r Reads
				n string
			}{{ReadsPosition, "ReadsPosition"}, {ReadsTapped, "ReadsTapped"}, {ReadsMana, "ReadsMana"}, {ReadsHeld, "ReadsHeld"}, {ReadsCombat, "ReadsCombat"}} {
				if f.Reads&r.r != 0 {
					rs = append(rs, r.n)
				}
			}
			fields = append(fields, "Reads: "+strings.Join(rs, " | "))
		}
		fmt.Fprintf(&b, "\t%q: {%s},\n", n, strings.Join(fields, ", "))
	}
	b.WriteString("}\n")
	return format.Source([]byte(b.String()))
}

// FuncName is the name the Go runtime gives the function value fn
// ("example.com/m/runtime.Exec.Power"): which package it is of is taken
// from the value, never written.
func FuncName(fn any) string {
	return goruntime.FuncForPC(reflect.ValueOf(fn).Pointer()).Name()
}

// combatRead reports whether r, a location read, is part of who attacks
// and blocks what (rt.ChangeCombat): a field of the combat or of one of
// its records, an object's index into its lists or count of blockers, or
// a reviewed accessor of those lists.
func combatRead(r string) bool {
	if i := strings.IndexByte(r, '('); i >= 0 {
		r = r[:i]
	}
	switch r {
	case "Object.atk", "Object.blk", "Object.blockers", "func attackIndex", "func blockIndex":
		return true
	}
	typ, _, _ := strings.Cut(r, ".")
	switch typ {
	case "Combat", "Attack", "Block", "Declared", "Place", "divider", "Assigned", "DamageGroup":
		return true
	}
	return strings.HasPrefix(r, "Game.Combat")
}
