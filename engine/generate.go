package engine

//go:generate go run ../cmd/mtgc gen -pkg engine -o engine_gen.go ../rules
