package rtimpl_test

import (
	"flag"
	"testing"

	"github.com/mtgc-dev/mtgc/internal/apitxt"
)

var updateAPI = flag.Bool("update", false, "rewrite api.txt from the package's exported API")

// TestAPI: api.txt lists every exported identifier of package rtimpl
// (constants, variables, functions, types, their exported fields and
// methods), one a line as $GOROOT/api/*.txt does: the contract between
// generated code (and the interpreter) and the runtime, whose version is
// APIVersion12. An addition or removal fails here until
// go test ./runtime/rtimpl -run TestAPI -update records it, so that every
// change to the contract is reviewed (and the version bumped when generated
// code must change with it).
func TestAPI(t *testing.T) {
	got, _, err := apitxt.Render(".", "github.com/mtgc-dev/mtgc/runtime/rtimpl", "")
	if err != nil {
		t.Fatal(err)
	}
	apitxt.Check(t, got, "api.txt", *updateAPI, "go test ./runtime/rtimpl -run TestAPI -update")
}
