package eval

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"senapati/board"
)

// A lone king is better off in the centre than in a corner, and the
// attacker's king better near him: the mop-up gradient the mate needs.
func TestMopUpDrivesTheLoneKing(t *testing.T) {
	cases := []struct {
		v                         *board.Variant
		centre, corner, near, far string // the lone king in the centre, in a corner; then the kings near, far
	}{
		{board.Chess(), "8/8/8/3k4/8/8/8/1R2K3 w - - 0 1", "k7/8/8/8/8/8/8/1R2K3 w - - 0 1",
			"k7/8/2K5/8/8/8/8/1R6 w - - 0 1", "k7/8/8/8/8/8/8/1R5K w - - 0 1"},
		{board.DurgGame(), "9/9/9/9/4k4/9/9/9/1R2K4[] w - - 0 1 5/6", "k8/9/9/9/9/9/9/9/1R2K4[] w - - 0 1 5/6",
			"k8/9/2K6/9/9/9/9/9/1R7[] w - - 0 1 5/6", "k8/9/9/9/9/9/9/9/1R6K[] w - - 0 1 5/6"},
		{board.DurgGame(), "9/9/9/9/4k4/9/9/9/2H1K4[] w - - 0 1 5/6", "8k/9/9/9/9/9/9/9/2H1K4[] w - - 0 1 5/6",
			"8k/9/6K2/9/9/9/9/9/2H6[] w - - 0 1 5/6", "8k/9/9/9/9/9/9/9/K1H6[] w - - 0 1 5/6"},
	}
	for _, tc := range cases {
		centre, corner := mustFEN(t, tc.v, tc.centre), mustFEN(t, tc.v, tc.corner)
		near, far := mustFEN(t, tc.v, tc.near), mustFEN(t, tc.v, tc.far)
		assert.Greater(t, whiteScore(&corner), whiteScore(&centre), tc.corner)
		assert.Greater(t, whiteScore(&near), whiteScore(&far), tc.near)
		assert.Positive(t, term(Explain(&centre), "ending").Score, "a known win: %s", tc.centre)
	}
	// Trading the last enemy man into a known win pays: KR v K above KR v KP
	// with the pawn on its start square.
	withPawn := mustFEN(t, board.Chess(), "8/5p2/8/3k4/8/8/8/R3K3 w - - 0 1")
	lone := mustFEN(t, board.Chess(), "8/8/8/3k4/8/8/8/R3K3 w - - 0 1")
	assert.Greater(t, whiteScore(&lone), whiteScore(&withPawn))
}

// Bishop and knight mate only in a corner of the bishop's colour: the
// lone king is driven there, not to the other corners.
func TestBishopKnightCorner(t *testing.T) {
	// The bishop on a "dark" square (odd file+rank, board.DarkSquares):
	// h1 and a8 are its corners, a1 and h8 are not.
	right := mustFEN(t, board.Chess(), "k7/8/8/8/3K4/8/8/3B1N2 w - - 0 1")
	wrong := mustFEN(t, board.Chess(), "7k/8/8/8/4K3/8/8/3B1N2 w - - 0 1")
	require.True(t, board.DarkSquares().Has(right.Pieces(board.White, board.Bishop).First()) ==
		board.DarkSquares().Has(board.MakeSquare(0, 7)), "test set-up: a8 has the bishop's colour")
	assert.Greater(t, term(Explain(&right), "ending").Score, term(Explain(&wrong), "ending").Score+100)
}

// Material that cannot win scores near a draw (chess endgame theory: KR v
// KB and KNN v K are draws; KQ v KR is a win).
func TestDrawishMaterial(t *testing.T) {
	for _, tc := range []struct {
		v        *board.Variant
		fen      string
		min, max int // White's score
	}{
		{board.Chess(), "8/8/3kb3/8/8/8/8/R3K3 w - - 0 1", 0, 60},
		{board.Chess(), "8/8/3k4/8/8/8/8/1NN1K3 w - - 0 1", 0, 0},
		{board.Chess(), "8/8/3kr3/8/8/8/8/Q3K3 w - - 0 1", 300, 10000},
		{board.Chess(), "8/8/3kb3/8/8/8/P7/R3K3 w - - 0 1", 200, 10000}, // with a pawn it wins
		// Durg: Sipahis never promote, so an Ashva and a Sipahi cannot mate.
		{board.DurgGame(), "9/9/9/4k4/9/9/4P4/9/4KN3[] w - - 0 1 5/6", 0, 80},
		{board.DurgGame(), "9/9/9/4k4/9/9/4P4/9/4KR3[] w - - 0 1 5/6", 600, 10000},
	} {
		p := mustFEN(t, tc.v, tc.fen)
		s := whiteScore(&p)
		assert.GreaterOrEqual(t, s, tc.min, tc.fen)
		assert.LessOrEqual(t, s, tc.max, tc.fen)
		m := p.Mirrored()
		assert.Equal(t, -s, whiteScore(&m), "colour symmetric: %s", tc.fen)
	}
}

// Over the second half of the move rule the score falls toward zero, so a
// capture or pawn move (which resets the counter) is worth its full score.
func TestMoveRuleScale(t *testing.T) {
	for _, tc := range []struct {
		v          *board.Variant
		fen        string // %d: the halfmove clock
		limitPlies int
	}{
		{board.Chess(), "8/8/3k4/8/8/8/8/R3K3 w - - %d 60", 100},
		{board.DurgGame(), "9/9/9/4k4/9/9/9/9/R3K4[] w - - %d 60 5/6", 60},
		{board.Chaturanga(), "8/8/3kq3/8/8/8/8/R3K3 w - - %d 60", 100},
	} {
		at := func(clock int) int {
			p := mustFEN(t, tc.v, sprintf(tc.fen, clock))
			return whiteScore(&p)
		}
		full := at(0)
		assert.Equal(t, full, at(tc.limitPlies/2), "no change in the first half: %s", tc.fen)
		assert.Less(t, at(tc.limitPlies*3/4), full*3/4)
		assert.Less(t, at(tc.limitPlies-2), full/10)
		assert.Positive(t, at(tc.limitPlies-2), "the side ahead still prefers it to a loss")
		p := mustFEN(t, tc.v, sprintf(tc.fen, tc.limitPlies*3/4))
		b := Explain(&p)
		assert.Negative(t, term(b, "move rule").Score)
	}
}

// The fade follows the move rule the game is played by, not the variant's
// own: under 100 moves a clock of 98 plies is still in the rule's first
// half, and with the rule off nothing fades.
func TestMoveRuleInForce(t *testing.T) {
	at := func(clock, moveRule int) int {
		p := mustFEN(t, board.Chess(), sprintf("8/8/3k4/8/8/8/8/R3K3 w - - %d 60", clock))
		require.Equal(t, EvaluateRule(&p, moveRule), ExplainRule(&p, moveRule).Total)
		return EvaluateRule(&p, moveRule)
	}
	full := at(0, 50)
	assert.Less(t, at(98, 50), full/10, "chess's own 50 moves")
	assert.Equal(t, full, at(98, 100))
	assert.Equal(t, full, at(100, 100))
	assert.Less(t, at(150, 100), full*3/4)
	assert.Less(t, at(198, 100), full/10)
	assert.Equal(t, full, at(198, 0), "no rule, no fade")
	p := mustFEN(t, board.Chess(), "8/8/3k4/8/8/8/8/R3K3 w - - 98 60")
	assert.Equal(t, Evaluate(&p), EvaluateRule(&p, 50), "Evaluate is the variant's own rule")
}

// Chaturanga: with one enemy man left, the hunt counts the squares it can
// flee to; a Mantri hemmed in by the Ratha scores better for White than a
// free one, all else equal.
func TestChaturangaHunt(t *testing.T) {
	free := mustFEN(t, board.Chaturanga(), "8/8/8/3k4/8/5q2/8/R3K3 w - - 0 1")
	require.Positive(t, term(Explain(&free), "ending").Score)
	hemmed := mustFEN(t, board.Chaturanga(), "8/8/8/3k4/8/5q2/R7/4K3 w - - 0 1")
	assert.Greater(t, term(Explain(&hemmed), "ending").Score, term(Explain(&free), "ending").Score)
}

func TestKingRegion(t *testing.T) {
	// Rook on the fourth rank and king on d1 box the black king... the
	// region of a king on a1 with the b-file and second rank closed is a1.
	mask := board.Chess().BoardSquares()
	closed := board.FileSquares(1).Or(board.RankSquares(1))
	r := kingRegion(board.MakeSquare(0, 0), mask.AndNot(closed), mask)
	assert.Equal(t, 1, r.Count())
	// An open 8x8 board: all 64 squares; 9x9: all 81.
	assert.Equal(t, 64, kingRegion(board.MakeSquare(3, 3), mask, mask).Count())
	m9 := board.DurgGame().BoardSquares()
	assert.Equal(t, 81, kingRegion(board.MakeSquare(8, 8), m9, m9).Count())
	// A wall on the e-file splits 8x8 into 32 + 24 squares.
	wall := board.FileSquares(4)
	assert.Equal(t, 32, kingRegion(board.MakeSquare(0, 0), mask.AndNot(wall), mask).Count())
	assert.Equal(t, 24, kingRegion(board.MakeSquare(7, 7), mask.AndNot(wall), mask).Count())
}

func sprintf(format string, a ...any) string { return fmt.Sprintf(format, a...) }
