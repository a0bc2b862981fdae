package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/invopop/jsonschema"
	"github.com/mtgc-dev/mtgc/engine"
	rt "github.com/mtgc-dev/mtgc/runtime"
	"github.com/mtgc-dev/mtgc/runtime/rtimpl"
	validator "github.com/santhosh-tekuri/jsonschema/v6"
)

// The JSON Schemas of docs/schema/ are generated from the Go types that
// write the JSON, by github.com/invopop/jsonschema: run
//
//	go test ./cmd/mtgc -run TestJSONSchemas -update
//
// after changing one of them; TestJSONSchemas fails while a file is
// stale. Answers, decisions and saved states marshal themselves through
// types private to package runtime: their schemas come from the mirror
// types below, and TestJSONSchemas checks the mirrors against real output
// (a strict decode, then the same bytes again), so a field added to the
// runtime's and not here fails.

var updateSchemas = flag.Bool("update", false, "rewrite docs/schema/*.schema.json from the Go types")

const schemaBase = "https://github.com/mtgc-dev/mtgc/blob/main/docs/schema/"

// answerSchema mirrors runtime.answerJSON (runtime/rtimpl/json.go).
type answerSchema struct {
	Kind    string           `json:"kind"`
	Obj     *rt.ObjID        `json:"obj,omitempty" jsonschema:"description=the card or permanent (play_land, cast, tap_mana, activate)"`
	Objs    []rt.ObjID       `json:"objs,omitempty" jsonschema:"description=chosen cards, attackers, blockers, an order, or recipients of damage"`
	Targets []int32          `json:"targets,omitempty" jsonschema:"description=what each of objs attacks (an object or -1-p) or blocks; the defender"`
	Amounts []int32          `json:"amounts,omitempty" jsonschema:"description=damage to each of objs (one division)"`
	Damage  []divisionSchema `json:"damage,omitempty" jsonschema:"description=one division per group"`
	Ability int              `json:"ability,omitempty" jsonschema:"description=the index of the activated ability"`
}

type divisionSchema struct {
	Source  rt.ObjID   `json:"source"`
	To      []rt.ObjID `json:"to"`
	Amounts []int32    `json:"amounts"`
}

// decisionSchema mirrors runtime.decisionJSON.
type decisionSchema struct {
	Kind   string        `json:"kind"`
	Player int           `json:"player"`
	Rule   string        `json:"rule,omitempty"`
	Obj    rt.ObjID      `json:"obj"`
	Of     *rt.ObjID     `json:"of,omitempty"`
	N      int           `json:"n,omitempty"`
	Zone   string        `json:"zone,omitempty"`
	Verb   string        `json:"verb,omitempty"`
	From   []rt.ObjID    `json:"from,omitempty"`
	Groups []groupSchema `json:"groups,omitempty"`
}

type groupSchema struct {
	Source rt.ObjID   `json:"source"`
	From   []rt.ObjID `json:"from"`
	N      int        `json:"n"`
}

// stateSchema mirrors runtime.savedState: game is the engine's internal
// state, every field of runtime.Game (not a stable interface).
type stateSchema struct {
	Version   int            `json:"mtgc_state"`
	API       int            `json:"runtime_api"`
	RulesHash string         `json:"rules_hash"`
	Game      map[string]any `json:"game"`
}

// kindNames lists the names String gives kinds 0, 1, ... until it gives
// the fallback form ("event%d").
func kindNames(from int, name func(int) string, fallback string) []any {
	var out []any
	for i := from; i < 256; i++ {
		n := name(i)
		if n == fmt.Sprintf(fallback, i) {
			break
		}
		out = append(out, n)
	}
	return out
}

func reflector(t *testing.T) *jsonschema.Reflector {
	r := &jsonschema.Reflector{DoNotReference: true, Anonymous: true}
	for _, dir := range []string{"runtime/rtimpl", "sim"} {
		if err := r.AddGoComments("github.com/mtgc-dev/mtgc", dir); err != nil {
			t.Fatal(err)
		}
	}
	r.Mapper = func(ty reflect.Type) *jsonschema.Schema {
		switch ty {
		case reflect.TypeOf(rt.Answer{}):
			return answerJSONSchema(r)
		case reflect.TypeOf(rt.Decision{}):
			return decisionJSONSchema(r)
		}
		return nil
	}
	return r
}

func sub(r *jsonschema.Reflector, v any) *jsonschema.Schema {
	s := r.Reflect(v)
	s.Version = ""
	return s
}

func answerJSONSchema(r *jsonschema.Reflector) *jsonschema.Schema {
	s := sub(r, answerSchema{})
	s.Description = "an answer to the pending decision (runtime.Answer)"
	kind, _ := s.Properties.Get("kind")
	kind.Enum = kindNames(0, func(i int) string { return rt.AnswerKind(i).String() }, "answer%d")
	return s
}

func decisionJSONSchema(r *jsonschema.Reflector) *jsonschema.Schema {
	s := sub(r, decisionSchema{})
	s.Description = "a question the engine asks a player (runtime.Decision)"
	kind, _ := s.Properties.Get("kind")
	kind.Enum = kindNames(0, func(i int) string { return rt.DecisionKind(i).String() }, "decision%d")
	return s
}

// schemas generates every schema, by file name.
func schemas(t *testing.T) map[string]*jsonschema.Schema {
	r := reflector(t)
	root := func(name, title string, s *jsonschema.Schema) *jsonschema.Schema {
		s.Version = jsonschema.Version
		s.ID = jsonschema.ID(schemaBase + name)
		s.Title = title
		return s
	}
	event := sub(r, rt.EventJSON{})
	kind, _ := event.Properties.Get("kind")
	kind.Enum = kindNames(1, func(i int) string { return rt.EventKind(i).String() }, "event%d")
	header := sub(r, eventStreamHeader{})
	v, _ := header.Properties.Get("mtgc_events")
	v.Const = rt.JSONVersion
	header.Description = "the first line: the schema version of the lines after it (runtime.JSONVersion) and the rules played"
	event.Description = "an event (runtime.EventJSON)"
	out := map[string]*jsonschema.Schema{
		"events.schema.json": root("events.schema.json", "mtgc play -json, mtgc replay -json: one line of the stream",
			&jsonschema.Schema{OneOf: []*jsonschema.Schema{header, event}}),
		"answer.schema.json":       root("answer.schema.json", "an answer (runtime.Answer)", answerJSONSchema(r)),
		"decision.schema.json":     root("decision.schema.json", "a decision (runtime.Decision)", decisionJSONSchema(r)),
		"replay.schema.json":       root("replay.schema.json", "a replay (mtgc play -record, runtime.Replay)", sub(r, rtimpl.Replay{})), // its JSON is the implementation's: runtime.Replay is a view of it
		"state.schema.json":        root("state.schema.json", "a saved game (Game.Save)", sub(r, stateSchema{})),
		"sim.schema.json":          root("sim.schema.json", "mtgc sim -json", sub(r, simReport{})),
		"difftest.schema.json":     root("difftest.schema.json", "mtgc difftest -json, mtgc difftest merge -json", sub(r, diffReport{})),
		"mutate.schema.json":       root("mutate.schema.json", "mtgc mutate -json", sub(r, mutateJSON{})),
		"diffeditions.schema.json": root("diffeditions.schema.json", "mtgc diff-editions -json", sub(r, diffEditionsJSON{})),
	}
	dt := out["difftest.schema.json"]
	v, _ = dt.Properties.Get("schema")
	v.Const = DifftestSchema
	replay := out["replay.schema.json"]
	v, _ = replay.Properties.Get("mtgc_replay")
	v.Const = rt.JSONVersion
	state := out["state.schema.json"]
	v, _ = state.Properties.Get("mtgc_state")
	v.Const = rt.JSONVersion
	sim := out["sim.schema.json"]
	v, _ = sim.Properties.Get("schema")
	v.Const = SimSchema
	for _, s := range out {
		nilSlices(s)
	}
	return out
}

// nilSlices lets a list that is always written (no omitempty) be null:
// encoding/json writes a nil slice so (a card's Keywords, a replay's
// answers before the first).
func nilSlices(s *jsonschema.Schema) {
	if s == nil {
		return
	}
	required := map[string]bool{}
	for _, r := range s.Required {
		required[r] = true
	}
	if s.Properties != nil {
		for pair := s.Properties.Oldest(); pair != nil; pair = pair.Next() {
			p := pair.Value
			nilSlices(p)
			if required[pair.Key] && p.Type == "array" {
				arr := *p
				arr.Description = ""
				*p = jsonschema.Schema{Description: p.Description, AnyOf: []*jsonschema.Schema{&arr, {Type: "null"}}}
			}
		}
	}
	nilSlices(s.Items)
	for _, o := range s.OneOf {
		nilSlices(o)
	}
	for _, o := range s.AnyOf {
		nilSlices(o)
	}
	nilSlices(s.AdditionalProperties)
}

// TestJSONSchemas: docs/schema/ is what the Go types generate; what mtgc
// play -json, play -record and sim -json print, and the decisions,
// answers and saved states of real games, validate against it; the
// mirror types match the runtime's JSON.
func TestJSONSchemas(t *testing.T) {
	t.Chdir("../..") // AddGoComments reads the packages by their paths in the module
	gen := schemas(t)
	compiled := map[string]*validator.Schema{}
	for name, s := range gen {
		data, err := json.MarshalIndent(s, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		data = append(data, '\n')
		file := filepath.Join("docs", "schema", name)
		if *updateSchemas {
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		old, err := os.ReadFile(file)
		if err != nil || !bytes.Equal(old, data) {
			t.Errorf("%s is stale (%v): go test ./cmd/mtgc -run TestJSONSchemas -update", file, err)
		}
		doc, err := validator.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		c := validator.NewCompiler()
		if err := c.AddResource(name, doc); err != nil {
			t.Fatal(err)
		}
		if compiled[name], err = c.Compile(name); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	validate := func(schema, what string, data []byte) {
		t.Helper()
		inst, err := validator.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v\n%s", what, err, data)
		}
		if err := compiled[schema].Validate(inst); err != nil {
			t.Errorf("%s does not validate against %s: %v\n%.300s", what, schema, err, data)
		}
	}
	mtgc := func(args ...string) []byte {
		t.Helper()
		var stdout, stderr bytes.Buffer
		if code := run(&cli{stdout: &stdout, stderr: &stderr}, args); code != 0 {
			t.Fatalf("mtgc %s: exit %d\n%s", strings.Join(args, " "), code, stderr.String())
		}
		return stdout.Bytes()
	}

	// The event stream: a header, then events.
	dir := t.TempDir()
	record := filepath.Join(dir, "game.json")
	out := mtgc("play", "-seed", "3", "-turns", "4", "-json", "-record", record)
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	n := 0
	for sc.Scan() {
		line := sc.Bytes()
		validate("events.schema.json", fmt.Sprintf("line %d of play -json", n+1), line)
		if n == 0 {
			var h eventStreamHeader
			if err := json.Unmarshal(line, &h); err != nil || h.Version != rt.JSONVersion || h.RulesHash != engine.Rules.SourceHash {
				t.Errorf("first line of play -json: %s (%v)", line, err)
			}
		}
		n++
	}
	if n < 50 {
		t.Errorf("play -json printed %d lines", n)
	}
	data, err := os.ReadFile(record)
	if err != nil {
		t.Fatal(err)
	}
	validate("replay.schema.json", "play -record", data)
	validate("sim.schema.json", "sim -json", mtgc("sim", "-games", "4", "-workers", "1", "-turns", "10", "-json"))
	shard := filepath.Join(dir, "difftest.json")
	dtOut := mtgc("difftest", "-games", "4", "-turns", "6", "-json", "-shard", "1/2")
	validate("difftest.schema.json", "difftest -json", dtOut)
	if err := os.WriteFile(shard, dtOut, 0o644); err != nil {
		t.Fatal(err)
	}
	shard2 := filepath.Join(dir, "difftest2.json")
	if err := os.WriteFile(shard2, mtgc("difftest", "-games", "4", "-turns", "6", "-json", "-shard", "2/2"), 0o644); err != nil {
		t.Fatal(err)
	}
	validate("difftest.schema.json", "difftest merge -json", mtgc("difftest", "merge", "-json", shard, shard2))
	validate("mutate.schema.json", "mutate -json", mtgc("mutate", "-run", "704.5c", "-games", "0", "-json"))
	validate("diffeditions.schema.json", "diff-editions -json", mtgc("diff-editions", "-json", "-run", "^510.2-damage-simultaneous$", "cr2017", "cr2025"))

	// Decisions, answers and states of random games, and the mirrors.
	strict := func(what string, data []byte, mirror any) {
		t.Helper()
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(mirror); err != nil {
			t.Fatalf("%s: the mirror type of its schema misses a field: %v\n%s", what, err, data)
		}
		if _, ok := mirror.(*stateSchema); ok {
			return
		}
		again, _ := json.Marshal(mirror)
		if !bytes.Equal(again, data) {
			t.Fatalf("%s: the mirror type of its schema differs:\n%s", what, cmp.Diff(string(data), string(again)))
		}
	}
	kinds := map[string]bool{}
	for seed := uint64(1); seed <= 6; seed++ {
		g, err := rt.New(engine.Rules, rt.Config{Seed: seed, Players: []rt.PlayerConfig{
			{Name: "p1", Deck: rt.SampleDeck(engine.Rules, "green")}, {Name: "p2", Deck: rt.SampleDeck(engine.Rules, "red")},
		}})
		if err != nil {
			t.Fatal(err)
		}
		pol := &rt.RandomPolicy{RNG: rt.RNG{State: seed}}
		for i := 0; i < 3000 && g.Turn() <= 12; i++ {
			d := g.Advance()
			b, err := json.Marshal(d)
			if err != nil {
				t.Fatal(err)
			}
			validate("decision.schema.json", "a decision", b)
			strict("a decision", b, &decisionSchema{})
			kinds["decision "+d.Kind.String()] = true
			if d.Kind == rt.DecideGameOver || d.Kind == rt.DecideStuck {
				break
			}
			a := pol.Decide(g, d)
			b, err = json.Marshal(a)
			if err != nil {
				t.Fatal(err)
			}
			validate("answer.schema.json", "an answer", b)
			strict("an answer", b, &answerSchema{})
			kinds["answer "+a.Kind.String()] = true
			if err := g.Submit(a); err != nil {
				t.Fatal(err)
			}
			if i%500 == 250 {
				var s bytes.Buffer
				if err := g.Save(&s); err != nil {
					t.Fatal(err)
				}
				validate("state.schema.json", "a saved game", s.Bytes())
				strict("a saved game", s.Bytes(), &stateSchema{})
				kinds["state"] = true
			}
		}
	}
	for _, k := range []string{"decision priority", "decision attackers", "decision blockers", "answer pass", "answer play_land", "answer cast", "answer declare", "state"} {
		if !kinds[k] {
			t.Errorf("the games gave no %s to validate (got %v)", k, kinds)
		}
	}

	// The schemas refuse what is wrong.
	for _, bad := range []struct{ schema, data string }{
		{"events.schema.json", `{"seq":0,"kind":"no_such_event","player":0,"obj":-1,"text":""}`},
		{"events.schema.json", `{"mtgc_events":2,"rules_hash":"x","edition":"cr2017"}`},
		{"answer.schema.json", `{"kind":"pass","extra":1}`},
		{"decision.schema.json", `{"kind":"priority","player":"p1","obj":-1}`},
		{"replay.schema.json", `{"mtgc_replay":1}`},
		{"difftest.schema.json", `{"schema":"mtgc-difftest/v0","mtgc_version":"x","edition":"cr2025","rules_hash":"x","seed":1,"turns":1,"first_game":0,"games":1,"ended":0,"stopped":0,"events":0,"seconds":0}`},
		{"mutate.schema.json", `{"rules":[],"mutants":1}`},
		{"diffeditions.schema.json", `{"a":"cr2017","b":"cr2025","corpus":"x","scripts":[],"summary":{},"extra":1}`},
	} {
		inst, _ := validator.UnmarshalJSON(strings.NewReader(bad.data))
		if compiled[bad.schema].Validate(inst) == nil {
			t.Errorf("%s accepts %s", bad.schema, bad.data)
		}
	}
}
