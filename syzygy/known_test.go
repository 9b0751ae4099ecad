package syzygy

import (
	"errors"
	"os"
	"testing"

	"senapati/board"
)

// tablesDir is where the tests find real tables: SENAPATI_SYZYGY.
func openTables(t testing.TB) *Tablebase {
	t.Helper()
	dir := os.Getenv("SENAPATI_SYZYGY")
	if dir == "" {
		t.Skip("set SENAPATI_SYZYGY to a directory of Syzygy WDL tables (*.rtbw) to run this test; " +
			"docs/testing.md#syzygy-tables says how to get them")
	}
	tb, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tb.Close() })
	return tb
}

func mustFEN(t testing.TB, fen string) board.Position {
	t.Helper()
	p, err := board.ParseFEN(board.Chess(), fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return p
}

// TestSyzygyKnownPositions checks positions whose results any chess
// player knows.
func TestSyzygyKnownPositions(t *testing.T) {
	tb := openTables(t)
	cases := []struct {
		table, fen string
		want       WDL
	}{
		{"KQvK", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", Win},
		{"KQvK", "4k3/8/8/8/8/8/8/3QK3 b - - 0 1", Loss},
		{"KQvK", "8/8/8/8/8/8/1Qk5/7K b - - 0 1", Draw},     // the king takes the queen
		{"KQvK", "3qk3/8/8/8/8/8/8/4K3 b - - 0 1", Win},     // Black holds the queen
		{"KRvK", "8/8/8/4k3/8/8/8/R3K3 w - - 0 1", Win},     //
		{"KRvK", "8/8/8/4k3/8/8/8/R3K3 b - - 0 1", Loss},    //
		{"KRvK", "R6k/8/6K1/8/8/8/8/8 b - - 0 1", Loss},     // mated
		{"KQvK", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Draw},    // stalemate
		{"KBvK", "8/8/8/4k3/8/8/8/2B1K3 w - - 0 1", Draw},   // a bishop cannot mate
		{"KNvK", "8/8/8/4k3/8/8/8/1N2K3 b - - 0 1", Draw},   //
		{"KNNvK", "8/8/8/4k3/8/8/8/1NN1K3 w - - 0 1", Draw}, // two knights cannot force mate
		{"KBNvK", "8/8/8/4k3/8/8/8/1BN1K3 w - - 0 1", Win},  // bishop and knight can
		{"KPvK", "4k3/4P3/4K3/8/8/8/8/8 b - - 0 1", Draw},   // stalemate
		{"KPvK", "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1", Win},    // the king in front of the pawn
		{"KPvK", "7k/8/8/8/8/8/P7/K7 w - - 0 1", Win},       // outside the pawn's square
		{"KPvK", "8/8/8/8/8/8/P7/K6k w - - 0 1", Win},       //
		{"KPvK", "k7/8/8/8/8/8/P7/K7 w - - 0 1", Draw},      // a rook pawn with the king in the corner
		{"KPvK", "8/8/8/8/8/8/p7/k6K b - - 0 1", Win},       // Black's pawn: colours swapped
		{"KPvKP", "8/8/8/8/3pP3/8/8/k1K5 b - - 0 1", Loss},  // d3 is lost to the king, e4 queens
		{"KPvKP", "8/8/8/8/3pP3/8/8/k1K5 b - e3 0 1", Draw}, // ...dxe3 e.p. leaves KvKP, and Kd2 takes it
		{"KQvKQ", "8/8/8/3k4/8/8/1q6/KQ6 w - - 0 1", Win},   // Qxb2
		{"KQvKR", "4k3/8/8/8/8/8/8/r3K2Q w - - 0 1", Loss},  // the rook's check skewers the queen
		{"KRvKR", "4k3/8/8/8/8/8/8/r3K2R w - - 0 1", Loss},  // the same with rooks
	}
	checked := 0
	for _, c := range cases {
		p := mustFEN(t, c.fen)
		got, err := tb.Probe(&p)
		if errors.Is(err, ErrMissing) {
			t.Logf("%s %s: left out: %v", c.table, c.fen, err)
			continue
		}
		checked++
		if err != nil {
			t.Errorf("%s %s: %v", c.table, c.fen, err)
			continue
		}
		if got != c.want {
			t.Errorf("%s %s: %v, want %v", c.table, c.fen, got, c.want)
		}
	}
	if checked == 0 {
		t.Fatal("no known position's table was there: nothing was checked")
	}
}

// BenchmarkProbe probes positions whose captures reach smaller tables,
// the kind a match's adjudication asks about.
func BenchmarkProbe(b *testing.B) {
	tb := openTables(b)
	var positions []board.Position
	for _, fen := range []string{
		"8/8/8/4k3/8/3r4/8/R3K3 w - - 0 1",  // KRvKR, the rooks can trade
		"4k3/8/8/8/2n5/8/1P6/4K3 w - - 0 1", // KPvKN
		"8/8/8/3k4/8/8/3QK3/6r1 b - - 0 1",  // KQvKR
		"4k3/8/8/8/8/8/8/3QK3 w - - 0 1",    // KQvK
		"8/8/4k3/8/2B5/8/3NK3/8 b - - 0 1",  // KBNvK
		"8/1p6/8/8/8/8/1P6/K6k w - - 0 1",   // KPvKP
	} {
		positions = append(positions, mustFEN(b, fen))
	}
	b.ResetTimer()
	for i := range b.N {
		if _, err := tb.Probe(&positions[i%len(positions)]); err != nil {
			b.Fatal(err)
		}
	}
}

// TestProbeDoesNotAllocate: a match probes at every move of an ending.
func TestProbeDoesNotAllocate(t *testing.T) {
	tb := openTables(t)
	p := mustFEN(t, "8/8/8/4k3/8/3r4/8/R3K3 w - - 0 1")
	if _, err := tb.Probe(&p); err != nil { // the table is mapped at its first probe
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() { tb.Probe(&p) }); n != 0 {
		t.Fatalf("Probe allocates %.1f times", n)
	}
}
