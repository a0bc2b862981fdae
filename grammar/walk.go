package grammar

// Inspect traverses the tree rooted at n in source order, like
// go/ast.Inspect: it calls f(n), and if that returns true, visits each
// child of n, then calls f(nil). Value fields such as names and rules are
// passed as pointers into their parent, so f may change them in place.
// Comments are not visited.
func Inspect(n Node, f func(Node) bool) {
	if n == nil || !f(n) {
		return
	}
	switch n := n.(type) {
	case *File:
		if n.Edition != nil {
			Inspect(n.Edition, f)
		}
		for _, d := range n.Decls {
			Inspect(d, f)
		}
	case *Edition:
		Inspect(&n.Name, f)
		if n.Extends != nil {
			Inspect(n.Extends, f)
		}
	case *OverrideDecl:
		Inspect(n.Decl, f)
		if n.In != nil {
			Inspect(n.In, f)
		}
	case *RemoveDecl:
		inspectRef(&n.ClauseRef, f)
	case *AddDecl:
		if n.Step != nil {
			Inspect(n.Step, f)
			Inspect(n.Anchor, f)
		} else {
			Inspect(n.Clause, f)
			Inspect(n.In, f)
			if n.AnchorRule != nil {
				Inspect(n.AnchorRule, f)
			}
		}
	case *ReciteDecl:
		inspectRef(&n.ClauseRef, f)
		inspectRules(n.Rules, f)
	case *RenumberDecl:
		for i := range n.Pairs {
			Inspect(&n.Pairs[i].From, f)
			Inspect(&n.Pairs[i].To, f)
		}
	case *PlayerDecl:
		for _, s := range n.Settings {
			Inspect(s, f)
		}
	case *Setting:
		Inspect(&n.Name, f)
		Inspect(n.Value, f)
	case *KeywordDecl:
		Inspect(&n.Name, f)
		inspectRules(n.Rules, f)
		if k := n.Kind; k != nil {
			inspectRules(k.Rules, f)
			if k.Triggered {
				Inspect(&k.Event, f)
				if k.Arg != nil {
					Inspect(k.Arg, f)
				}
				Inspect(&k.Effect, f)
			}
		}
		if n.Redundant != nil {
			inspectRules(n.Redundant.Rules, f)
		}
		if n.Prevents != nil {
			Inspect(n.Prevents, f)
			inspectRules(n.PreventRules, f)
		}
	case *CardTypeDecl:
		Inspect(&n.Name, f)
		inspectRules(n.Rules, f)
		for i := range n.Props {
			Inspect(&n.Props[i], f)
		}
	case *KindDecl:
		Inspect(&n.Name, f)
		for i := range n.Params {
			Inspect(&n.Params[i].Type, f)
			Inspect(&n.Params[i].Name, f)
		}
		if n.Result != nil {
			Inspect(n.Result, f)
		}
	case *CounterDecl:
		inspectRules(n.Rules, f)
	case *LandManaDecl:
		Inspect(&n.Name, f)
		inspectRules(n.Rules, f)
		Inspect(&n.Color, f)
	case *StateDecl:
		if n.Holder != nil {
			Inspect(n.Holder, f)
		}
		Inspect(&n.Name, f)
		Inspect(&n.Kind, f)
		inspectRules(n.Rules, f)
	case *CharacteristicDecl:
		Inspect(&n.Name, f)
		inspectRules(n.Rules, f)
		Inspect(&n.Param, f)
		Inspect(n.Value, f)
	case *TurnDecl:
		inspectRules(n.Rules, f)
		for i := range n.Order {
			Inspect(&n.Order[i], f)
		}
		inspectRules(n.ExtraRules, f)
		if n.ExtraMode != nil {
			Inspect(n.ExtraMode, f)
		}
	case *EveryDecl:
		Inspect(&n.Kind, f)
		for _, c := range n.Items {
			Inspect(c, f)
		}
	case *PhaseDecl:
		Inspect(&n.Name, f)
		inspectRules(n.Rules, f)
		for _, c := range n.Items {
			Inspect(c, f)
		}
	case *StepDecl:
		Inspect(&n.Name, f)
		inspectRules(n.Rules, f)
		for _, c := range n.Clauses {
			Inspect(c, f)
		}
	case *Action:
		inspectRules(n.Rules, f)
		inspectBlock(n.Body, f)
	case *Priority:
		inspectRules(n.Rules, f)
		Inspect(n.Player, f)
		Inspect(n.If, f)
	case *NoPriority:
		inspectRules(n.Rules, f)
	case *Skip:
		inspectRules(n.Rules, f)
		Inspect(n.If, f)
	case *Repeat:
		inspectRules(n.Rules, f)
		Inspect(n.If, f)
	case *Allow:
		inspectRules(n.Rules, f)
		Inspect(&n.What, f)
		if n.If != nil {
			Inspect(n.If, f)
		}
	case *OnEnd:
		inspectRules(n.Rules, f)
		inspectBlock(n.Body, f)
	case *SbaDecl:
		inspectRules(n.Rules, f)
		inspectBlock(n.Body, f)
	case *PredicateDecl:
		Inspect(&n.Kind, f)
		inspectRules(n.Rules, f)
		for i := range n.Params {
			Inspect(&n.Params[i], f)
		}
		Inspect(n.If, f)
	case *MechanismDecl:
		Inspect(&n.Name, f)
		inspectRules(n.Rules, f)
		for i := range n.From {
			Inspect(&n.From[i], f)
		}
		if n.Body != nil {
			inspectBlock(n.Body, f)
		}
	case *TimingDecl:
		Inspect(&n.Name, f)
		inspectRules(n.Rules, f)
		Inspect(&n.Param, f)
		Inspect(n.If, f)
	case *TriggerEventDecl:
		Inspect(&n.Name, f)
		inspectRules(n.Rules, f)
		for i := range n.On {
			Inspect(&n.On[i].Kind, f)
			if n.On[i].Name != nil {
				Inspect(n.On[i].Name, f)
			}
		}
		for i := range n.Params {
			Inspect(&n.Params[i].Type, f)
			Inspect(&n.Params[i].Name, f)
		}
		if n.If != nil {
			Inspect(n.If, f)
		}
		if n.Value != nil {
			Inspect(n.Value, f)
		}
	case *StackObjectDecl:
		Inspect(&n.Name, f)
		inspectRules(n.Rules, f)
		for i := range n.Params {
			Inspect(&n.Params[i].Type, f)
			Inspect(&n.Params[i].Name, f)
			if n.Params[i].Where != nil {
				Inspect(n.Params[i].Where, f)
			}
		}
		inspectBlock(n.Body, f)
	case *EventDecl:
		Inspect(&n.Kind, f)
		if n.Name != nil {
			Inspect(n.Name, f)
		}
		inspectRules(n.Rules, f)
		for i := range n.Params {
			Inspect(&n.Params[i], f)
		}
		inspectBlock(n.Body, f)
	case *ReplaceDecl:
		Inspect(&n.Event, f)
		Inspect(&n.Name, f)
		inspectRules(n.Rules, f)
		for i := range n.Params {
			Inspect(&n.Params[i], f)
		}
		if n.If != nil {
			Inspect(n.If, f)
		}
		inspectBlock(n.Body, f)
	case *DamageDecl:
		Inspect(&n.To, f)
		inspectRules(n.Rules, f)
		for i := range n.Params {
			Inspect(&n.Params[i], f)
		}
		inspectBlock(n.Body, f)
	case *Block:
		for _, s := range n.Stmts {
			Inspect(s, f)
		}
	case *PayStmt:
		inspectBlock(n.Body, f)
	case *ForStmt:
		Inspect(&n.Kind, f)
		Inspect(&n.Var, f)
		Inspect(n.By, f)
		Inspect(n.UpTo, f)
		Inspect(n.Where, f)
		inspectBlock(n.Body, f)
	case *IfStmt:
		Inspect(n.Cond, f)
		inspectBlock(n.Then, f)
		if n.ElseIf != nil {
			Inspect(n.ElseIf, f)
		}
		inspectBlock(n.Else, f)
	case *UntilStmt:
		inspectBlock(n.Body, f)
	case *RequireStmt:
		if n.Rule != nil {
			Inspect(n.Rule, f)
		}
		Inspect(n.Cond, f)
	case *LetStmt:
		Inspect(&n.Name, f)
		Inspect(n.Value, f)
	case *CallStmt:
		Inspect(&n.Verb, f)
		for _, a := range n.Args {
			Inspect(a, f)
		}
	case *Binary:
		Inspect(n.X, f)
		Inspect(n.Y, f)
	case *Unary:
		Inspect(n.X, f)
	case *Selector:
		Inspect(n.X, f)
		Inspect(&n.Sel, f)
	case *HasExpr:
		Inspect(n.X, f)
		Inspect(&n.Keyword, f)
	case *CallExpr:
		Inspect(&n.Fun, f)
		for _, a := range n.Args {
			Inspect(a, f)
		}
	case *ParenExpr:
		Inspect(n.X, f)
	case *CondExpr:
		Inspect(n.Cond, f)
		Inspect(n.Then, f)
		Inspect(n.Else, f)
	}
	f(nil)
}

func inspectRef(r *ClauseRef, f func(Node) bool) {
	Inspect(&r.Kind, f)
	if r.Name != nil {
		Inspect(r.Name, f)
	}
	if r.Rule != nil {
		Inspect(r.Rule, f)
	}
	if r.In != nil {
		Inspect(r.In, f)
	}
}

func inspectRules(rules []Rule, f func(Node) bool) {
	for i := range rules {
		Inspect(&rules[i], f)
	}
}

// inspectBlock skips nil blocks, which a plain Inspect call would see as a
// non-nil Node holding a nil pointer.
func inspectBlock(b *Block, f func(Node) bool) {
	if b != nil {
		Inspect(b, f)
	}
}
