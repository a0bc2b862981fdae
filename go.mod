module github.com/mtgc-dev/mtgc

go 1.26.8

require (
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/google/go-cmp v0.7.0
	github.com/rogpeppe/go-internal v1.16.0
	golang.org/x/tools v0.52.0
)

require golang.org/x/sys v0.49.0 // indirect
