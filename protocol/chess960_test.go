package protocol

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"senapati/board"
)

// UCI_Chess960: Shredder-FEN and X-FEN positions, castling as king takes
// rook in what the engine reads and writes; off, the usual notation and a
// refusal of Chess960 rights that names the option.
func TestUCIChess960(t *testing.T) {
	s := newSession(t)
	s.send("uci")
	require.Contains(t, s.expect("uciok", time.Second), "option name UCI_Chess960 type check default false")

	frc := "4k3/pppppppp/8/8/8/8/PPPPPPPP/1RK4R w HB - 0 1"
	s.send("position fen "+frc, "isready")
	out := s.expect("readyok", time.Second)
	require.Contains(t, strings.Join(out, "\n"), "UCI_Chess960")

	s.send("setoption name UCI_Chess960 value true", "position fen "+frc, "go perft 1")
	out = s.expect("Nodes searched", 5*time.Second)
	require.Contains(t, out, "c1b1: 1", "queen-side castling, king takes rook")
	require.Contains(t, out, "c1h1: 1", "king-side castling")
	require.NotContains(t, strings.Join(out, "\n"), "c1g1")

	s.send("position fen "+frc+" moves c1b1", "d")
	out = s.expect("Side to move", time.Second)
	require.Contains(t, out, "Fen: 4k3/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b - - 1 1")

	// A Double Chess960 start: the search's moves read back.
	start := board.DoubleChess960FEN(0, 959)
	s.send("ucinewgame", "position fen "+start, "go depth 3")
	out = s.expect("bestmove", 20*time.Second)
	best := strings.Fields(out[len(out)-1])[1]
	s.send("position fen "+start+" moves "+best, "isready")
	require.Len(t, s.expect("readyok", time.Second), 1, "the best move %s was refused", best)

	// The usual set-up in Chess960 mode: e1h1, and e1g1 is understood.
	s.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "go perft 1")
	out = s.expect("Nodes searched", 5*time.Second)
	require.Contains(t, out, "e1h1: 1")
	require.Contains(t, out, "e1a1: 1")
	s.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1", "d")
	out = s.expect("Side to move", time.Second)
	require.Contains(t, out, "Fen: r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4")

	// Off again: the usual notation.
	s.send("setoption name UCI_Chess960 value false", "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "go perft 1")
	out = s.expect("Nodes searched", 5*time.Second)
	require.Contains(t, out, "e1g1: 1")
	require.NotContains(t, out, "e1h1: 1")
}
