package grammar

import (
	"fmt"
	"os"
	"testing"
)

func TestScratch(t *testing.T) {
	p := os.Getenv("F")
	src, _ := os.ReadFile(p)
	out, err := FormatSource(p, src)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(out))
}
