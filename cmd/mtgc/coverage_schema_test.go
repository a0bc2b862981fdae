package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestCoverageSchema: what mtgc coverage -json prints, run and static,
// for the default rules and an older edition, validates against the
// published JSON Schema (docs/coverage.schema.json), and the schema is
// strict enough to refuse a report with a field of the wrong kind.
func TestCoverageSchema(t *testing.T) {
	f, err := os.Open("../../docs/coverage.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("coverage.schema.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("coverage.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"coverage", "-json"},
		{"coverage", "-json", "-static"},
		{"coverage", "-json", "-edition", "cr1999"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(&cli{stdout: &stdout, stderr: &stderr}, args); code != 0 {
			t.Fatalf("mtgc %s: exit %d\n%s", strings.Join(args, " "), code, stderr.String())
		}
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(stdout.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		if err := sch.Validate(inst); err != nil {
			t.Errorf("mtgc %s: %v", strings.Join(args, " "), err)
		}
		if args[len(args)-1] == "-static" {
			// A broken report must be refused.
			var m map[string]any
			if err := json.Unmarshal(stdout.Bytes(), &m); err != nil {
				t.Fatal(err)
			}
			m["rules"].([]any)[0].(map[string]any)["meaning"] = "somewhere"
			bad, _ := json.Marshal(m)
			inst, _ := jsonschema.UnmarshalJSON(bytes.NewReader(bad))
			if sch.Validate(inst) == nil {
				t.Error("the schema accepts a meaning that is none of mtg, runtime, both, none")
			}
		}
	}
}
