package eval_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/eval"
	"senapati/search"
)

// The engine converts won endings within the move rule: it plays both
// sides at a fixed node count per move and the rules (board.Game) judge
// the result. One game at one node count is a single chaotic sample (any
// change of the evaluation moves the tree), so each position is played
// at three budgets and must be won at two of them at least. All but the
// last position (from testdata/endgames-*.epd) were drawn by the move
// rule at 5000 nodes without the ending knowledge of endgame.go; the
// README's "Endgame conversion" runs the full set.
func TestWonEndingsAreConverted(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	budgets := []uint64{4000, 5000, 6000}
	for _, tc := range []struct {
		v   *board.Variant
		fen string
	}{
		{board.DurgGame(), "9/9/9/9/5k3/9/1K7/3R5/9[] b - - 0 1 5/6"},
		{board.DurgGame(), "6R2/9/9/9/9/4k1K2/9/9/9[] b - - 0 1 5/6"},
		{board.DurgGame(), "9/9/1K7/9/2k6/9/9/8H/9[] w - - 0 1 5/6"},
		{board.DurgGame(), "9/9/9/5K3/9/9/2k6/9/2H6[] b - - 0 1 5/6"},
		{board.DurgGame(), "9/2B4k1/4B4/9/8K/9/9/9/9[] w - - 0 1 5/6"},
		{board.DurgGame(), "9/5R3/9/k8/9/9/6d1D/K8/9[] w - - 0 1 5/6"},
		{board.Chess(), "8/8/5Q2/8/6k1/8/8/1K6 b - - 0 1"},
		{board.Chess(), "2k5/4K3/8/8/8/4N3/8/7B w - - 0 1"},
		{board.Chess(), "4K3/1r6/8/8/8/8/k7/2Q5 w - - 0 1"},
		{board.Chaturanga(), "3k4/3q4/8/8/8/8/8/R3K3 b - - 0 1"},
	} {
		start, err := board.ParseFEN(tc.v, tc.fen)
		require.NoError(t, err)
		won := 0
		for _, nodes := range budgets {
			v, plies := playOut(t, start, nodes)
			if v.Winner == board.WhiteWon {
				won++
			}
			t.Logf("%s %s at %d nodes: %s in %d plies", tc.v.Name(), tc.fen, nodes, v.Reason(), plies)
		}
		require.GreaterOrEqual(t, won, 2, "%s: won at %d of %d budgets", tc.fen, won, len(budgets))
	}
}

// playOut plays the engine against itself from start at nodes a move.
func playOut(t *testing.T, start board.Position, nodes uint64) (board.Verdict, int) {
	g := board.NewGame(start)
	e := search.NewEngine(search.DefaultSettings(), search.Static(eval.Evaluate), eval.PieceValue)
	history := []uint64{}
	for !g.Verdict().Over() {
		p := *g.Position()
		r := e.Search(context.Background(), p, history, search.Limits{Nodes: nodes}, func(search.Info) {})
		require.NotEqual(t, board.NoMove, r.Best, p.FEN())
		history = append(history, p.Hash())
		g.Play(r.Best)
	}
	return g.Verdict(), len(g.Moves)
}
