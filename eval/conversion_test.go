package eval_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/eval"
	"senapati/internal/testlong"
	"senapati/search"
)

// The engine converts won endings within the move rule: it plays both
// sides at a fixed node count per move and the rules (board.Game) judge
// the result. One game at one node count is a single chaotic sample (any
// change of the evaluation or the search moves the tree), so each ending
// is played at several budgets and must be won in two games of three at
// least. The positions but chaturanga's and three of the KQ v KR starts
// come from testdata/endgames-*.epd, where they were drawn by the move
// rule at 5000 nodes without the ending knowledge of endgame.go; the
// README's "Endgame conversion" runs the full set.
//
// KQ v KR, the hardest, is a coin flip a game at these budgets: one start
// at 3000..14000 nodes was won in 7 of 12 games with and without the
// search's PriorBonus, but at 4000..6000 in 3 of 3 without and 0 of 3
// with it. So it is four starts (that one and three random starts that
// were not always won) at twelve budgets, of which half must be won: 32
// of 48 (33 with PriorBonus and its companions off); without the mop-up
// guide against pieces (guideVsPieces 0) 13 (21). Its 48 long games are
// TestWonKQvKRIsConverted, with the long suites.
func TestWonEndingsAreConverted(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	testlong.Sample(t, "all endings but KQ v KR (TestWonKQvKRIsConverted)")
	threeBudgets := []uint64{4000, 5000, 6000}
	convertEndings(t, []conversion{
		{board.DurgGame(), []string{"9/9/9/9/5k3/9/1K7/3R5/9[] b - - 0 1 5/6"}, threeBudgets, 2},
		{board.DurgGame(), []string{"6R2/9/9/9/9/4k1K2/9/9/9[] b - - 0 1 5/6"}, threeBudgets, 2},
		{board.DurgGame(), []string{"9/9/1K7/9/2k6/9/9/8H/9[] w - - 0 1 5/6"}, threeBudgets, 2},
		{board.DurgGame(), []string{"9/9/9/5K3/9/9/2k6/9/2H6[] b - - 0 1 5/6"}, threeBudgets, 2},
		{board.DurgGame(), []string{"9/2B4k1/4B4/9/8K/9/9/9/9[] w - - 0 1 5/6"}, threeBudgets, 2},
		{board.DurgGame(), []string{"9/5R3/9/k8/9/9/6d1D/K8/9[] w - - 0 1 5/6"}, threeBudgets, 2},
		{board.Chess(), []string{"8/8/5Q2/8/6k1/8/8/1K6 b - - 0 1"}, threeBudgets, 2},
		{board.Chess(), []string{"2k5/4K3/8/8/8/4N3/8/7B w - - 0 1"}, threeBudgets, 2},
		{board.Chaturanga(), []string{"3k4/3q4/8/8/8/8/8/R3K3 b - - 0 1"}, threeBudgets, 2},
	})
}

func TestWonKQvKRIsConverted(t *testing.T) {
	testlong.Skip(t, "KQ v KR, 48 games of up to 100 moves (3 minutes on a loaded machine)")
	convertEndings(t, []conversion{{board.Chess(), []string{
		"4K3/1r6/8/8/8/8/k7/2Q5 w - - 0 1",
		"8/8/QK6/8/5k2/2r5/8/8 w - - 0 1",
		"5Q2/8/8/1k6/8/8/3r4/5K2 w - - 0 1",
		"K7/8/8/1Q6/8/5r2/3k4/8 w - - 0 1",
	}, []uint64{3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000, 11000, 12000, 13000, 14000}, 24}})
}

// conversion is one ending: starts, the node budgets each is played at,
// and the games of all of them White must win.
type conversion struct {
	v       *board.Variant
	fens    []string
	budgets []uint64
	need    int // games won of len(fens)*len(budgets)
}

func convertEndings(t *testing.T, cases []conversion) {
	for _, tc := range cases {
		won := 0
		for _, fen := range tc.fens {
			start, err := board.ParseFEN(tc.v, fen)
			require.NoError(t, err)
			for _, nodes := range tc.budgets {
				v, plies := playOut(t, start, nodes)
				if v.Winner == board.WhiteWon {
					won++
				}
				t.Logf("%s %s at %d nodes: %s in %d plies", tc.v.Name(), fen, nodes, v.Reason(), plies)
			}
		}
		require.GreaterOrEqual(t, won, tc.need, "%s: won %d of %d games", tc.fens[0], won, len(tc.fens)*len(tc.budgets))
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
