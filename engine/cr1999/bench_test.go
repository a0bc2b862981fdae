package cr1999_test

import (
	"testing"

	"github.com/mtgc-dev/mtgc/engine/cr1999"
	"github.com/mtgc-dev/mtgc/internal/benchgame"
)

// BenchmarkTurn20Permanents: one whole turn of this edition with 20
// creatures a player (the same game as engine's benchmark of that name).
func BenchmarkTurn20Permanents(b *testing.B) {
	g := benchgame.New(b, cr1999.Rules, 20)
	benchgame.PlayTurn(b, g)
	benchgame.PlayTurn(b, g)
	benchgame.Recycle(g)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		benchgame.PlayTurn(b, g)
		benchgame.Recycle(g)
	}
}
