package perft

import (
	"testing"

	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/internal/testlong"
)

// Known chess perft numbers from the Chess Programming Wiki "Perft Results"
// page (positions 1-6).
var chessSuite = []struct {
	name   string
	fen    string
	counts []uint64 // depth 1, 2, ...
}{
	{"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		[]uint64{20, 400, 8902, 197281, 4865609, 119060324}},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		[]uint64{48, 2039, 97862, 4085603, 193690690}},
	{"position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		[]uint64{14, 191, 2812, 43238, 674624, 11030083}},
	{"position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		[]uint64{6, 264, 9467, 422333, 15833292}},
	{"position4-mirrored", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
		[]uint64{6, 264, 9467, 422333, 15833292}},
	{"position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		[]uint64{44, 1486, 62379, 2103487, 89941194}},
	{"position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
		[]uint64{46, 2079, 89890, 3894594, 164075551}},
}

// Only depths up to this many nodes: shortLimit with -short, defaultLimit
// by default; every depth (to 193 million nodes) with the long suites on.
const (
	shortLimit   = 200_000
	defaultLimit = 5_000_000
)

func TestChessPerft(t *testing.T) {
	limit := uint64(defaultLimit)
	switch {
	case testlong.Enabled():
		limit = 0
	case testing.Short():
		limit = shortLimit
	default:
		testlong.Sample(t, "the depths up to 5 million nodes")
	}
	for _, tc := range chessSuite {
		t.Run(tc.name, func(t *testing.T) {
			p, err := board.ParseFEN(board.Chess(), tc.fen)
			require.NoError(t, err)
			for d, want := range tc.counts {
				if limit > 0 && want > limit {
					break
				}
				require.Equal(t, want, Count(&p, d+1), "depth %d", d+1)
			}
		})
	}
}

func TestDivideSumsToCount(t *testing.T) {
	for _, v := range board.Variants() {
		p := v.StartPosition()
		var sum uint64
		lines := Divide(&p, 3)
		for _, l := range lines {
			sum += l.Nodes
		}
		require.Equal(t, Count(&p, 3), sum, v.Name())
		require.Len(t, lines, int(Count(&p, 1)), v.Name())
	}
}

func BenchmarkPerft(b *testing.B) {
	for _, bc := range []struct {
		v     *board.Variant
		fen   string
		depth int
	}{
		{board.Chess(), board.Chess().StartFEN(), 5},
		{board.Chess(), chessSuite[1].fen, 4},
		{board.Chaturanga(), board.Chaturanga().StartFEN(), 5},
		{board.DurgGame(), board.DurgGame().StartFEN(), 4},
	} {
		p, err := board.ParseFEN(bc.v, bc.fen)
		require.NoError(b, err)
		b.Run(bc.v.Name(), func(b *testing.B) {
			var nodes uint64
			for b.Loop() {
				nodes += Count(&p, bc.depth)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnps")
		})
	}
}
