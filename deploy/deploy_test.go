// Package deploy holds no code: its test checks the campaign definitions
// of the repository (the GitHub Actions workflow and the Kubernetes
// Indexed Job) against the commands they run.
package deploy

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

func load(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

var shardFlag = regexp.MustCompile(`-shard "([^"]+)"`)

// TestWorkflow: the campaign workflow's matrix lists shards 1 to SHARDS,
// each job runs mtgc sim and mtgc difftest with -json and -shard of its
// matrix entry, and the merge job needs them and merges both.
func TestWorkflow(t *testing.T) {
	var wf struct {
		Name string            `yaml:"name"`
		Env  map[string]string `yaml:"env"`
		Jobs map[string]struct {
			Needs    any `yaml:"needs"`
			Strategy struct {
				Matrix map[string][]int `yaml:"matrix"`
			} `yaml:"strategy"`
			Steps []struct {
				Run string `yaml:"run"`
			} `yaml:"steps"`
		} `yaml:"jobs"`
	}
	load(t, "../.github/workflows/campaign.yml", &wf)
	n, err := strconv.Atoi(wf.Env["SHARDS"])
	if err != nil || n < 2 {
		t.Fatalf("env SHARDS %q: want a number of shards", wf.Env["SHARDS"])
	}
	shard, ok := wf.Jobs["shard"]
	if !ok {
		t.Fatal("no shard job")
	}
	m := shard.Strategy.Matrix["shard"]
	if len(m) != n {
		t.Fatalf("the matrix has %d shards, SHARDS says %d", len(m), n)
	}
	for i, s := range m {
		if s != i+1 {
			t.Fatalf("matrix shard %d is %d: want 1 to %d", i, s, n)
		}
	}
	ran := map[string]bool{}
	for _, st := range shard.Steps {
		for _, cmd := range []string{"sim", "difftest"} {
			if strings.HasPrefix(st.Run, "./mtgc "+cmd+" ") {
				ran[cmd] = true
				sh := shardFlag.FindStringSubmatch(st.Run)
				if sh == nil || sh[1] != "${{ matrix.shard }}/$SHARDS" || !strings.Contains(st.Run, " -json ") {
					t.Errorf("%q: want -json -shard ${{ matrix.shard }}/$SHARDS", st.Run)
				}
			}
		}
	}
	if !ran["sim"] || !ran["difftest"] {
		t.Errorf("the shard job runs %v: want mtgc sim and mtgc difftest", ran)
	}
	merge, ok := wf.Jobs["merge"]
	if !ok || merge.Needs != "shard" {
		t.Fatalf("no merge job after the shards")
	}
	merged := map[string]bool{}
	for _, st := range merge.Steps {
		for _, cmd := range []string{"sim", "difftest"} {
			if strings.HasPrefix(st.Run, "./mtgc "+cmd+" merge ") {
				merged[cmd] = true
			}
		}
	}
	if !merged["sim"] || !merged["difftest"] {
		t.Errorf("the merge job merges %v: want sim and difftest", merged)
	}
}

// TestIndexedJob: the Job is Indexed, runs as many completions as SHARDS,
// and maps JOB_COMPLETION_INDEX (from 0) to -shard INDEX+1/SHARDS.
func TestIndexedJob(t *testing.T) {
	var job struct {
		APIVersion string `yaml:"apiVersion"`
		Kind       string `yaml:"kind"`
		Spec       struct {
			CompletionMode string `yaml:"completionMode"`
			Completions    int    `yaml:"completions"`
			Parallelism    int    `yaml:"parallelism"`
			Template       struct {
				Spec struct {
					RestartPolicy string `yaml:"restartPolicy"`
					Containers    []struct {
						Command []string `yaml:"command"`
						Args    []string `yaml:"args"`
						Env     []struct {
							Name  string `yaml:"name"`
							Value string `yaml:"value"`
						} `yaml:"env"`
					} `yaml:"containers"`
				} `yaml:"spec"`
			} `yaml:"template"`
		} `yaml:"spec"`
	}
	load(t, "k8s/sim-job.yaml", &job)
	s := job.Spec
	if job.APIVersion != "batch/v1" || job.Kind != "Job" || s.CompletionMode != "Indexed" {
		t.Fatalf("%s %s %s: want an Indexed batch/v1 Job", job.APIVersion, job.Kind, s.CompletionMode)
	}
	if s.Completions < 2 || s.Parallelism < 1 || s.Parallelism > s.Completions {
		t.Errorf("completions %d, parallelism %d", s.Completions, s.Parallelism)
	}
	if rp := s.Template.Spec.RestartPolicy; rp != "Never" && rp != "OnFailure" {
		t.Errorf("restartPolicy %q: a Job's pods must not restart Always", rp)
	}
	if len(s.Template.Spec.Containers) != 1 {
		t.Fatalf("%d containers, want 1", len(s.Template.Spec.Containers))
	}
	c := s.Template.Spec.Containers[0]
	env := map[string]string{}
	for _, e := range c.Env {
		env[e.Name] = e.Value
	}
	if env["SHARDS"] != strconv.Itoa(s.Completions) {
		t.Errorf("SHARDS %q, completions %d: want them equal", env["SHARDS"], s.Completions)
	}
	script := strings.Join(append(c.Command, c.Args...), " ")
	sh := shardFlag.FindStringSubmatch(script)
	if !strings.Contains(script, "mtgc sim ") || !strings.Contains(script, " -json") || sh == nil ||
		sh[1] != "$((JOB_COMPLETION_INDEX + 1))/$SHARDS" {
		t.Errorf("%q: want mtgc sim -json -shard \"$((JOB_COMPLETION_INDEX + 1))/$SHARDS\"", script)
	}
	// The shell's arithmetic maps every index to a shard, each once.
	seen := map[string]bool{}
	for k := 0; k < s.Completions; k++ {
		cmd := exec.Command("/bin/sh", "-c", `echo "`+sh[1]+`"`)
		cmd.Env = []string{"JOB_COMPLETION_INDEX=" + strconv.Itoa(k), "SHARDS=" + env["SHARDS"]}
		out, err := cmd.Output()
		if err != nil {
			t.Skipf("no /bin/sh to expand the shard: %v", err)
		}
		got := strings.TrimSpace(string(out))
		if want := strconv.Itoa(k+1) + "/" + env["SHARDS"]; got != want {
			t.Errorf("index %d: -shard %s, want %s", k, got, want)
		}
		seen[got] = true
	}
	if len(seen) != s.Completions {
		t.Error("indexes do not map to distinct shards")
	}
}
