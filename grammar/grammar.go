package grammar

import "github.com/alecthomas/participle/v2/lexer"

// The participle grammar. These types mirror the EBNF in doc.go and never
// leave the package: convert.go turns them into the public syntax tree.

type pFile struct {
	Edition *pEdition `parser:"@@"`
	Decls   []*pDecl  `parser:"@@*"`
}

// pDecls is the root used to re-parse one declaration during recovery.
type pDecls struct {
	Decls []*pDecl `parser:"@@*"`
}

type pEdition struct {
	Pos     lexer.Position
	Name    pIdent  `parser:"'edition' @@"`
	Title   pString `parser:"@@"`
	Extends *pIdent `parser:"( 'extends' @@ )?"`
}

type pIdent struct {
	Pos  lexer.Position
	Name string `parser:"@Ident"`
}

type pString struct {
	Pos lexer.Position
	Raw string `parser:"@String"`
}

type pDecl struct {
	Player   *pPlayer   `parser:"  @@"`
	Keyword  *pKeyword  `parser:"| @@"`
	Turn     *pTurn     `parser:"| @@"`
	Every    *pEvery    `parser:"| @@"`
	Phase    *pPhase    `parser:"| @@"`
	Sba      *pSba      `parser:"| @@"`
	Pred     *pPred     `parser:"| @@"`
	Timing   *pTiming   `parser:"| @@"`
	Mech     *pMech     `parser:"| @@"`
	Stack    *pStack    `parser:"| @@"`
	Damage   *pDamage   `parser:"| @@"`
	OnEvent  *pOnEvent  `parser:"| @@"`
	Replace  *pReplace  `parser:"| @@"`
	Type     *pType     `parser:"| @@"`
	Counter  *pCounter  `parser:"| @@"`
	LandMana *pLandMana `parser:"| @@"`
	State    *pState    `parser:"| @@"`
	Char     *pChar     `parser:"| @@"`
	Event    *pEvent    `parser:"| @@"`
	Kind     *pKindDecl `parser:"| @@"`
	// An edition that extends another says what differs.
	Override *pOverride `parser:"| @@"`
	Remove   *pRemove   `parser:"| @@"`
	Add      *pAdd      `parser:"| @@"`
	Renumber *pRenumber `parser:"| @@"`
	Recite   *pRecite   `parser:"| @@"`
	// A card (cards.go): `card IDENT "Name" { predicate ... }`.
	Card *pCard `parser:"| @@"`
}

type pRecite struct {
	Pos   lexer.Position
	Kind  pRemoveKind `parser:"'recite' @@"`
	Name  *pForKind   `parser:"@@?"`
	Rule  *pString    `parser:"@@?"`
	In    *pIdent     `parser:"( 'in' @@ )?"`
	Rules []pString   `parser:"'as' @@+"`
}

type pOverride struct {
	Pos    lexer.Position
	Step   *pStep   `parser:"'override' ( @@"`
	Clause *pClause `parser:"| @@"`
	In     *pIdent  `parser:"  ( 'in' @@ )?"`
	Decl   *pDecl   `parser:"| @@ )"`
}

type pRemove struct {
	Pos  lexer.Position
	Kind pRemoveKind `parser:"'remove' @@"`
	Name *pForKind   `parser:"@@?"`
	Rule *pString    `parser:"@@?"`
	In   *pIdent     `parser:"( 'in' @@ )?"`
}

type pRemoveKind struct {
	Pos  lexer.Position
	Name string `parser:"@( 'phase' | 'step' | 'action' | 'sba' | 'watch' | 'predicate' | 'keyword' | 'timing' | 'mechanism' | 'stack_object' | 'effect' | 'trigger_event' | 'on_damage' | 'on_event' | 'replace' | 'prevent' | 'card_type' | 'counter' | 'land_mana' | 'state' | 'characteristic' | 'kind' | 'priority' | 'no_priority' | 'skip' | 'repeat' | 'allow' | 'on_end' | 'every' | 'turn' )"`
}

type pAdd struct {
	Pos    lexer.Position
	Step   *pAddStep   `parser:"'add' ( @@"`
	Clause *pAddClause `parser:"| @@ )"`
}

type pAddStep struct {
	Step   *pStep `parser:"@@"`
	Where  string `parser:"@( 'after' | 'before' )"`
	Anchor pIdent `parser:"@@"`
}

type pAddClause struct {
	Clause *pClause `parser:"@@ 'in'"`
	In     pIdent   `parser:"@@"`
	First  bool     `parser:"( @'first'"`
	Where  string   `parser:"| @( 'after' | 'before' )"`
	Anchor *pString `parser:"  @@ )?"`
}

type pRenumber struct {
	Pos   lexer.Position
	Pairs []*pRenum `parser:"'renumber' '{' @@* '}'"`
}

type pRenum struct {
	From pString `parser:"@@ '='"`
	To   pString `parser:"@@"`
}

type pMech struct {
	Pos   lexer.Position
	Name  pIdent    `parser:"'mechanism' @@"`
	Rules []pString `parser:"@@*"`
	From  []pIdent  `parser:"( 'from' @@ ( ',' @@ )* )?"`
	Body  *pBlock   `parser:"@@?"`
}

type pStack struct {
	Pos    lexer.Position
	Kind   string    `parser:"@('stack_object' | 'effect')"`
	Name   pIdent    `parser:"@@"`
	Rules  []pString `parser:"@@+ '('"`
	Params []*pParam `parser:"( @@ ( ',' @@ )* )? ')'"`
	Body   *pBlock   `parser:"@@"`
}

type pParam struct {
	Pos   lexer.Position
	Or    bool     `parser:"@'or'?"`
	Mod   string   `parser:"@( 'target' | 'cost' )?"`
	Type  pForKind `parser:"@@"`
	Name  pIdent   `parser:"@@"`
	Where *pExpr   `parser:"( 'where' @@ )?"`
}

type pEvent struct {
	Pos    lexer.Position
	Name   pIdent         `parser:"'trigger_event' @@"`
	Rules  []pString      `parser:"@@+"`
	On     []*pOn         `parser:"( 'on' @@ ( ',' @@ )* )? '('"`
	Params []*pEventParam `parser:"( @@ ( ',' @@ )* )? ')'"`
	If     *pExpr         `parser:"( 'if' @@ )?"`
	Value  *pExpr         `parser:"( '=' @@ )?"`
}

type pEventParam struct {
	Pos  lexer.Position
	Type pEventType `parser:"@@"`
	Name pIdent     `parser:"@@"`
}

type pEventType struct {
	Pos  lexer.Position
	Name string `parser:"@( Ident | 'keyword' )"`
}

type pOn struct {
	Kind pIdent  `parser:"@@"`
	Name *pIdent `parser:"@@?"`
}

type pDamage struct {
	Pos    lexer.Position
	To     pForKind  `parser:"'on_damage' @@"`
	Rules  []pString `parser:"@@+ '('"`
	Params []pIdent  `parser:"@@ ( ',' @@ )* ')'"`
	Body   *pBlock   `parser:"@@"`
}

type pOnEvent struct {
	Pos    lexer.Position
	Kind   pIdent    `parser:"'on_event' @@"`
	Name   *pIdent   `parser:"@@?"`
	Rules  []pString `parser:"@@+ '('"`
	Params []pIdent  `parser:"( @@ ( ',' @@ )* )? ')'"`
	Body   *pBlock   `parser:"@@"`
}

type pReplace struct {
	Pos    lexer.Position
	Kind   string    `parser:"@( 'replace' | 'prevent' )"`
	Event  pIdent    `parser:"@@"`
	Name   pIdent    `parser:"@@"`
	Rules  []pString `parser:"@@+ '('"`
	Params []pIdent  `parser:"@@ ( ',' @@ )* ')'"`
	If     *pExpr    `parser:"( 'if' @@ )?"`
	Body   *pBlock   `parser:"@@"`
}

type pType struct {
	Pos   lexer.Position
	Name  pIdent    `parser:"'card_type' @@"`
	Rules []pString `parser:"@@*"`
	Props []pIdent  `parser:"@@*"`
}

type pState struct {
	Pos    lexer.Position
	Holder *pHolder  `parser:"'state' @@?"`
	Name   pIdent    `parser:"@@"`
	Kind   pForKind  `parser:"@@"`
	Rules  []pString `parser:"@@*"`
}

// pHolder is who holds a state other than objects: `state player ...`,
// `state game ...`.
type pHolder struct {
	Pos  lexer.Position
	Name string `parser:"@( 'player' | 'game' )"`
}

// pKindDecl: `kind can_attack (object a) every "DOC"`.
type pKindDecl struct {
	Pos    lexer.Position
	Name   pIdent    `parser:"'kind' @@ '('"`
	Params []*pParam `parser:"@@ ( ',' @@ )* ')'"`
	Every  bool      `parser:"@'every'?"`
	Result *pForKind `parser:"@@?"`
	Doc    pString   `parser:"@@"`
}

type pCounter struct {
	Pos   lexer.Position
	Name  pString   `parser:"'counter' @@"`
	Rules []pString `parser:"@@*"`
}

type pLandMana struct {
	Pos   lexer.Position
	Name  pIdent    `parser:"'land_mana' @@"`
	Rules []pString `parser:"@@*"`
	Color pIdent    `parser:"@@"`
}

type pChar struct {
	Pos   lexer.Position
	Name  pIdent    `parser:"'characteristic' @@"`
	Rules []pString `parser:"@@* '('"`
	Param pIdent    `parser:"@@ ')' '='"`
	Value *pExpr    `parser:"@@"`
}

type pTiming struct {
	Pos   lexer.Position
	Name  pIdent    `parser:"'timing' @@"`
	Rules []pString `parser:"@@+ '('"`
	Param pIdent    `parser:"@@ ')'"`
	If    *pExpr    `parser:"'if' @@"`
}

type pPred struct {
	Pos    lexer.Position
	Kind   pIdent    `parser:"'predicate' @@"`
	Rules  []pString `parser:"@@+ '('"`
	Params []pIdent  `parser:"@@ ( ',' @@ )* ')'"`
	If     *pExpr    `parser:"( 'if' @@"`
	Value  *pExpr    `parser:"| '=' @@ )"`
}

type pPlayer struct {
	Pos      lexer.Position
	Settings []*pSetting `parser:"'player' '{' @@* '}'"`
}

type pSetting struct {
	Pos   lexer.Position
	Name  pIdent `parser:"@@ '='"`
	Value *pExpr `parser:"@@"`
}

type pKeyword struct {
	Pos          lexer.Position
	Name         pIdent        `parser:"'keyword' @@"`
	Params       []pParam      `parser:"( '(' @@ ( ',' @@ )* ')' )?"`
	Rules        []pString     `parser:"@@*"`
	Static       *pKwStatic    `parser:"( @@"`
	Triggered    *pKwTriggered `parser:"| @@ )?"`
	Redundant    *pKwRedundant `parser:"@@?"`
	Prevents     *pIdent       `parser:"( 'prevents' @@"`
	PreventRules []pString     `parser:"  @@+ )?"`
}

type pKwStatic struct {
	Pos   lexer.Position
	Rules []pString `parser:"'static' @@*"`
}

type pKwTriggered struct {
	Pos     lexer.Position
	Rules   []pString `parser:"'triggered' @@*"`
	Event   pIdent    `parser:"'on' @@"`
	ArgInt  *string   `parser:"( @Int"`
	ArgName *string   `parser:"| @Ident )?"`
	Effect  pIdent    `parser:"'does' @@"`
	Args    []string  `parser:"( '(' ( ( @Int | @Ident ) ( ',' ( @Int | @Ident ) )* )? ')' )?"`
}

type pKwRedundant struct {
	Pos   lexer.Position
	Rules []pString `parser:"'redundant' @@*"`
}

type pTurn struct {
	Pos   lexer.Position
	Rules []pString    `parser:"'turn' @@+ '{'"`
	Items []*pTurnItem `parser:"@@* '}'"`
}

type pTurnItem struct {
	Pos        lexer.Position
	Order      []pIdent  `parser:"  'order' @@ ( ',' @@ )*"`
	ExtraRules []pString `parser:"| 'extra_turns' @@+"`
	ExtraMode  *pIdent   `parser:"  @@"`
}

type pEvery struct {
	Pos   lexer.Position
	Kind  pEveryKind `parser:"'every' @@ '{'"`
	Items []*pClause `parser:"@@* '}'"`
}

type pEveryKind struct {
	Pos  lexer.Position
	Name string `parser:"@( 'step' | 'phase' )"`
}

type pPhase struct {
	Pos   lexer.Position
	Name  pIdent        `parser:"'phase' @@"`
	Rules []pString     `parser:"@@+ '{'"`
	Items []*pPhaseItem `parser:"@@* '}'"`
}

type pPhaseItem struct {
	Step   *pStep   `parser:"  @@"`
	Clause *pClause `parser:"| @@"`
}

type pStep struct {
	Pos     lexer.Position
	Name    pIdent     `parser:"'step' @@"`
	Rules   []pString  `parser:"@@+ '{'"`
	Clauses []*pClause `parser:"@@* '}'"`
}

type pClause struct {
	Action     *pAction     `parser:"  @@"`
	Priority   *pPriority   `parser:"| @@"`
	NoPriority *pNoPriority `parser:"| @@"`
	Skip       *pSkip       `parser:"| @@"`
	Repeat     *pRepeat     `parser:"| @@"`
	Allow      *pAllow      `parser:"| @@"`
	OnEnd      *pOnEnd      `parser:"| @@"`
}

type pAction struct {
	Pos   lexer.Position
	Rules []pString `parser:"'action' @@+"`
	Body  *pBlock   `parser:"@@"`
}

type pPriority struct {
	Pos    lexer.Position
	Rules  []pString `parser:"'priority' @@+"`
	Player *pExpr    `parser:"@@"`
	If     *pExpr    `parser:"( 'if' @@ )?"`
}

type pNoPriority struct {
	Pos   lexer.Position
	Rules []pString `parser:"'no_priority' @@+"`
}

type pSkip struct {
	Pos   lexer.Position
	Rules []pString `parser:"'skip' @@+"`
	If    *pExpr    `parser:"'if' @@"`
}

type pRepeat struct {
	Pos   lexer.Position
	Rules []pString `parser:"'repeat' @@+"`
	If    *pExpr    `parser:"'if' @@"`
}

type pAllow struct {
	Pos   lexer.Position
	Rules []pString `parser:"'allow' @@+"`
	What  pIdent    `parser:"@@"`
	If    *pExpr    `parser:"( 'if' @@ )?"`
}

type pOnEnd struct {
	Pos   lexer.Position
	Kind  string    `parser:"@( 'on_end' | 'on_begin' )"`
	Rules []pString `parser:"@@+"`
	Body  *pBlock   `parser:"@@"`
}

type pSba struct {
	Pos   lexer.Position
	Kind  string    `parser:"@( 'sba' | 'watch' )"`
	Rules []pString `parser:"@@+"`
	Body  *pBlock   `parser:"@@"`
}

type pBlock struct {
	Pos   lexer.Position
	Stmts []*pStmt `parser:"'{' @@*"`
	End   pClose   `parser:"@@"`
}

type pClose struct {
	Pos   lexer.Position
	Brace string `parser:"@'}'"`
}

type pStmt struct {
	Req  *pReq   `parser:"  @@"`
	Pay  *pPay   `parser:"| @@"`
	For  *pFor   `parser:"| @@"`
	If   *pIf    `parser:"| @@"`
	Unt  *pUntil `parser:"| @@"`
	Let  *pLet   `parser:"| @@"`
	Call *pCall  `parser:"| @@"`
}

type pReq struct {
	Pos  lexer.Position
	Rule *pString `parser:"'require' @@?"`
	Cond *pExpr   `parser:"@@"`
	Else pString  `parser:"'else' @@"`
}

type pPay struct {
	Pos  lexer.Position
	Body *pBlock `parser:"'pay' @@"`
}

type pFor struct {
	Pos   lexer.Position
	Kind  pForKind `parser:"'for' 'each' @@"`
	Var   pIdent   `parser:"@@"`
	By    *pExpr   `parser:"( 'chosen' 'by' @@"`
	UpTo  *pExpr   `parser:"  ( 'up' 'to' @@ )? )?"`
	Where *pExpr   `parser:"( 'where' @@ )?"`
	Body  *pBlock  `parser:"@@"`
}

// pForKind also accepts `player`, as in `for each player p`.
type pForKind struct {
	Pos  lexer.Position
	Name string `parser:"@( Ident | 'player' )"`
}

type pIf struct {
	Pos    lexer.Position
	Cond   *pExpr  `parser:"'if' @@"`
	Then   *pBlock `parser:"@@"`
	ElseIf *pIf    `parser:"( 'else' ( @@"`
	Else   *pBlock `parser:"         | @@ ) )?"`
}

type pUntil struct {
	Pos  lexer.Position
	Body *pBlock `parser:"'until' 'unchanged' @@"`
}

type pLet struct {
	Pos   lexer.Position
	Name  pIdent `parser:"'let' @@ '='"`
	Value *pExpr `parser:"@@"`
}

// pCall: a verb with no arguments is written with empty parentheses
// (`end_step()`, one argument that is no expression: emptyParens), since
// a statement's arguments are not ended by a newline.
type pCall struct {
	Pos  lexer.Position
	Verb pIdent   `parser:"@@"`
	Args []*pExpr `parser:"@@ ( ',' @@ )*"`
}

// An expression is parsed flat, as operands separated by binary operators;
// convert.go applies precedence and rejects what the flat form lets
// through (`a == b == c`, `a == not b`). This keeps participle's nesting,
// and so its cost per operand, low: error probing parses a lot.
type pExpr struct {
	X    *pOperand `parser:"@@"`
	Rest []*pTail  `parser:"@@*"`
}

type pTail struct {
	Pos lexer.Position
	Op  string    `parser:"@( 'or' | 'and' | '==' | '!=' | '<=' | '>=' | '<' | '>' | '+' | '-' | '*' )"`
	Y   *pOperand `parser:"@@"`
}

// pOperand is { "not" } { "-" } Postfix.
type pOperand struct {
	Nots []pNot    `parser:"@@*"`
	Negs []pNeg    `parser:"@@*"`
	X    *pPrimary `parser:"@@"`
	Sels []pSel    `parser:"( '.' @@ )*"`
	Has  *pIdent   `parser:"( 'has' @@ )?"`
}

type pNot struct {
	Pos lexer.Position
	Op  string `parser:"@'not'"`
}

type pNeg struct {
	Pos lexer.Position
	Op  string `parser:"@'-'"`
}

// pSel accepts reserved words too, as in `game.turn`: after a dot a word
// cannot be anything but an attribute.
type pSel struct {
	Pos  lexer.Position
	Name string `parser:"@( Ident | Keyword )"`
}

// pPrimary accepts the nouns step, phase, turn and player as plain names
// so that rules can say `step.had_priority`.
type pPrimary struct {
	Pos   lexer.Position
	Int   *string  `parser:"  @Int"`
	Str   *string  `parser:"| @String"`
	Name  *string  `parser:"| @Ident"`
	Call  bool     `parser:"  ( @'('"`
	Args  []*pExpr `parser:"    ( @@ ( ',' @@ )* )? ')' )?"`
	Noun  *string  `parser:"| @( 'step' | 'phase' | 'turn' | 'player' )"`
	Cond  *pCond   `parser:"| @@"`
	Open  bool     `parser:"| ( @'('"`
	Paren *pExpr   `parser:"    @@? ')' )"` // nil: "()", a statement's no arguments
}

// pCond is `if C then A else B`; the else branch extends as far as an
// expression can.
type pCond struct {
	Pos  lexer.Position
	If   *pExpr `parser:"'if' @@"`
	Then *pExpr `parser:"'then' @@"`
	Else *pExpr `parser:"'else' @@"`
}
