module example.com/ownengine

go 1.26.8

tool github.com/mtgc-dev/mtgc/cmd/mtgc

require github.com/mtgc-dev/mtgc v0.0.0-00010101000000-000000000000

require (
	github.com/alecthomas/participle/v2 v2.1.4 // indirect
	github.com/google/go-cmp v0.7.0 // indirect
	github.com/mitchellh/colorstring v0.0.0-20190213212951-d06e56a500db // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	github.com/rogpeppe/go-internal v1.16.0 // indirect
	github.com/schollz/progressbar/v3 v3.19.1 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/term v0.44.0 // indirect
	golang.org/x/tools v0.52.0 // indirect
)

replace github.com/mtgc-dev/mtgc => ../..
