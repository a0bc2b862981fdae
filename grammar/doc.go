// Package grammar parses and formats .mtg files, the declarative
// description of Magic: The Gathering turn rules that mtgc compiles to Go.
//
// ParseFile turns source into a *File; on failure it returns an ErrorList
// holding every lexical error and the first syntax error of each broken
// top-level declaration. Format and Print write a File back in canonical
// form, keeping its comments; Inspect walks a tree.
//
// The syntax, in EBNF; whitespace is insignificant and # starts a comment
// that runs to the end of the line:
//
//	File        = Edition { Decl } .
//	Edition     = "edition" Ident String .
//	Decl        = PlayerDecl | KeywordDecl | TurnDecl | EveryDecl | PhaseDecl | SbaDecl | PredicateDecl | TimingDecl
//	              | MechanismDecl | StackObjectDecl | TriggerEventDecl | DamageDecl | EventDecl | ReplaceDecl
//	              | CardTypeDecl | CounterDecl | LandManaDecl | StateDecl | CharacteristicDecl | KindDecl | CardDecl .
//	PlayerDecl  = "player" "{" { Setting } "}" .
//	Setting     = Ident "=" Expr .
//	KeywordDecl = "keyword" Ident { Rule } [ KeywordKind ] [ "redundant" { Rule } ] [ "prevents" Ident Rule { Rule } ] .
//	KeywordKind = "static" { Rule }
//	              | "triggered" { Rule } "on" Ident [ Int | Ident ] "does" Ident [ "(" [ Int { "," Int } ] ")" ] .
//	CardTypeDecl = "card_type" Ident { Rule } { Ident } .       (its properties: played, nonpermanent, combatant)
//	CounterDecl = "counter" String { Rule } .                    (a kind of counter, by its name: "+1/+1")
//	LandManaDecl = "land_mana" Ident { Rule } Ident .             (a basic land type and the color of mana it makes: forest green)
//	StateDecl   = "state" [ "player" | "game" ] Ident Ident { Rule } . (a value every object (each player, the game) holds: its name, and flag, number, object or player)
//	KindDecl    = "kind" Ident "(" Param { "," Param } ")" [ "every" ] [ "number" | "player" ] String .  (a kind of predicate: its parameters, object or player; every one must hold, else any one; a value)
//	CharacteristicDecl = "characteristic" Ident { Rule } "(" Ident ")" "=" Expr .   (power or toughness, derived)
//	TurnDecl    = "turn" Rule { Rule } "{" { "order" Ident { "," Ident } | "extra_turns" Rule { Rule } Ident } "}" .
//	EveryDecl   = "every" ( "step" | "phase" ) "{" { OnEnd } "}" .
//	PhaseDecl   = "phase" Ident Rule { Rule } "{" { StepDecl | Clause } "}" .
//	StepDecl    = "step" Ident Rule { Rule } "{" { Clause } "}" .
//	Clause      = Action | Priority | NoPriority | Skip | Repeat | Allow | OnEnd .
//	Action      = "action" Rule { Rule } Block .
//	Priority    = "priority" Rule { Rule } Expr [ "if" Expr ] .
//	NoPriority  = "no_priority" Rule { Rule } .
//	Skip        = "skip" Rule { Rule } "if" Expr .
//	Repeat      = "repeat" Rule { Rule } "if" Expr .
//	Allow       = "allow" Rule { Rule } Ident [ "if" Expr ] .
//	OnEnd       = ( "on_end" | "on_begin" ) Rule { Rule } Block .
//	SbaDecl     = ( "sba" | "watch" ) Rule { Rule } Block .
//	PredicateDecl = "predicate" Ident Rule { Rule } "(" Ident { "," Ident } ")" ( "if" Expr | "=" Expr ) .
//	CardDecl    = ( "card" | "token" ) Ident String "{" { CardItem } "}" .   (a card's clauses name self: see cards.go; a token: what create_token makes)
//	CardItem    = "cost" String | "types" Ident { "," Ident } | "subtypes" String { "," String }
//	            | "power" ["-"] Int | "toughness" ["-"] Int | "keywords" Ident [Int] { "," Ident [Int] }
//	            | "enchant" Ident { "," Ident }   (an Aura's enchant ability: card types)
//	            | CharacteristicDecl | PredicateDecl | ReplaceDecl   (a characteristic-defining ability; a clause; a replacement effect)
//	            | "triggered" ... | "activated" ... | "spell" ... .   (its abilities, as a keyword's: see cards.go)
//	TimingDecl  = "timing" Ident Rule { Rule } "(" Ident ")" "if" Expr .   (over the player who acts)
//	MechanismDecl = "mechanism" Ident { Rule } [ "from" Ident { "," Ident } ] [ Block ] .   (the rule a runtime mechanism cites; its procedure, for one that takes it; an action's zones and require lines)
//	StackObjectDecl = ( "stack_object" | "effect" ) Ident Rule { Rule } "(" [ Param { "," Param } ] ")" Block .
//	TriggerEventDecl = "trigger_event" Ident Rule { Rule } [ "on" EventOn { "," EventOn } ]
//	              "(" [ Param { "," Param } ] ")" [ "if" Expr ] [ "=" Expr ] .
//	EventOn     = Ident [ Ident ] .   (a kind of the runtime's events, and the name it must have)
//	Param       = [ "target" | "cost" ] ( "player" | Ident ) Ident [ "where" Expr ] .  (player p, object x, int n; an effect's target object t where COND)
//	DamageDecl  = "on_damage" ( "player" | Ident ) Rule { Rule } "(" Ident { "," Ident } ")" Block .
//	EventDecl   = "on_event" Ident [ Ident ] Rule { Rule } "(" [ Ident [ "," Ident ] ] ")" Block .   (as the runtime logs an event: its player or object, its number)
//	ReplaceDecl = ( "replace" | "prevent" ) Ident Ident Rule { Rule } "(" Ident { "," Ident } ")" [ "if" Expr ] Block .   (instead of an event of the kind: its name, its participants)
//	Rule        = String .            (a rule number like "502.1", stored unquoted)
//	Block       = "{" { Stmt } "}" .
//	Stmt        = Require | Pay | For | If | Until | Let | Call .
//	Pay         = "pay" Block .                 (an effect's first statement: paying its cost parameters)
//	Until       = "until" "unchanged" Block .     (the block runs, and again until a run of it changes nothing in the game)
//	For         = "for" "each" Ident Ident [ "chosen" "by" Expr [ "up" "to" Expr ] ] [ "where" Expr ] Block .     (kind, variable; chosen by: a player chooses up to N of the matches)
//	If          = "if" Expr Block [ "else" ( If | Block ) ] .
//	Let         = "let" Ident "=" Expr .
//	Call        = Ident ( "(" ")" | Expr { "," Expr } ) .   (a verb and its arguments; one with none: end_step())
//	Require     = "require" [ Rule ] Expr "else" String .   (an action mechanism's condition and its refusal)
//	Expr        = And { "or" And } .
//	And         = Not { "and" Not } .
//	Not         = "not" Not | Cmp .
//	Cmp         = Sum [ ("=="|"!="|"<="|">="|"<"|">") Sum ] .
//	Sum         = Term { ("+"|"-") Term } .
//	Term        = Unary { "*" Unary } .
//	Unary       = "-" Unary | Postfix .
//	Postfix     = Primary { "." Ident } [ "has" Ident ] .
//	Primary     = Int | String | Ident [ "(" [ Expr { "," Expr } ] ")" ] | "(" Expr ")" | Cond .
//	Cond        = "if" Expr "then" Expr "else" Expr .     (the else branch takes all that follows)
//
// Ident is [A-Za-z_][A-Za-z0-9_]*, Int is decimal digits and String is
// double-quoted with Go escapes. Binary operators are left-associative;
// `not x has k` means `not (x has k)`.
//
// These words are reserved and cannot be used as names: edition player
// keyword turn order extra_turns every step phase action priority
// no_priority skip repeat allow on_end sba for each where if else let and
// or not has prevents predicate timing then mechanism stack_object on_damage on_event replace effect
// trigger_event extends override remove add renumber recite as card_type
// counter land_mana state characteristic static triggered redundant does card. Three places accept some of them anyway, where no other
// reading is possible: the kind of a for loop may be `player`
// (`for each player p`); an operand may be one of the nouns step, phase,
// turn and player (`step.had_priority`); and any word may follow a dot
// (`game.turn`).
package grammar
