package runtime_test

import (
	"flag"
	"strings"
	"testing"

	"github.com/mtgc-dev/mtgc/internal/apitxt"
)

var updateAPI = flag.Bool("update", false, "rewrite api.txt from the package's exported API")

// maxHostMethods bounds the exported methods of *Game, the host's API.
const maxHostMethods = 40

// TestAPI: api.txt lists the host's API, every exported identifier of
// package runtime with its aliases resolved (the fields and methods a host
// reaches through them), one a line. An addition or removal fails here
// until go test ./runtime -run TestAPI -update records it. *Game has at most
// maxHostMethods exported methods, and nothing of the rules' code
// (rtimpl.Exec, the compiled program's tables and hooks) is declared here.
func TestAPI(t *testing.T) {
	got, game, err := apitxt.Render(".", "github.com/mtgc-dev/mtgc/runtime", "Game")
	if err != nil {
		t.Fatal(err)
	}
	apitxt.Check(t, got, "api.txt", *updateAPI, "go test ./runtime -run TestAPI -update")
	t.Logf("%d exported methods of *Game", game)
	if game > maxHostMethods {
		t.Errorf("*Game has %d exported methods, more than %d: a method only the rules' code (generated engines, the interpreter) calls belongs on rtimpl.Exec", game, maxHostMethods)
	}
	for _, impl := range []string{"Exec", "APIVersion"} {
		if strings.Contains(got, "pkg runtime, type "+impl+" ") || strings.Contains(got, "pkg runtime, const "+impl) {
			t.Errorf("the host's API declares %s, the interface of generated code: it belongs to rtimpl alone", impl)
		}
	}
}
