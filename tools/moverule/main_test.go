package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/eval"
)

const games = `[Event "a"]
[Round "1"]
[Variant "chess"]
[FEN "4k3/8/8/8/8/8/8/R3K3 w - - 99 1"]
[Result "1/2-1/2"]

1. Ra2 {+0.40/12 0.1s} Kd7 {-0.45/12 0.1s, Draw by 50-move rule} 1/2-1/2

[Event "b"]
[Round "2"]
[Variant "chess"]
[FEN "4k3/8/8/8/8/8/8/R3K3 w - - 10 1"]
[Result "1/2-1/2"]

1. Ra2 {+4.00/12 0.1s} Kd7 {-4.00/12 0.1s, Draw by 3-fold repetition} 1/2-1/2

[Event "c"]
[Round "3"]
[Variant "chaturanga"]
[FEN "4k3/8/8/8/8/8/8/4K3 w - - 99 1"]
[Result "1/2-1/2"]

1. Kd2 Kd7 {Draw by 50-move rule} 1/2-1/2

[Event "d"]
[Round "4"]
[Variant "chess"]
[FEN "r3k3/8/8/8/8/8/P7/4K3 b - - 99 1"]
[Result "1/2-1/2"]

1... Ra7 {+M5/20 0.1s} 2. Kd2 {-M5/20 0.1s, Draw by 50-move rule} 1/2-1/2
`

// Only move-rule draws count, and of those only the ones with the
// material lead; their scores are read from the mover's view.
func TestCount(t *testing.T) {
	tl, err := count(strings.NewReader(games), 3, 10)
	require.NoError(t, err)
	assert.Equal(t, 4, tl.games)
	assert.Equal(t, 3, tl.moveRule)
	require.Len(t, tl.leads, 2)
	a, d := tl.leads[0], tl.leads[1]
	assert.Equal(t, "1", a.round)
	rook := float64(eval.PieceValue(board.Chess(), board.Rook)) / float64(eval.PieceValue(board.Chess(), board.Pawn))
	assert.InDelta(t, rook, a.lead, 1e-9, "a rook, by the midgame values")
	assert.InDelta(t, 0.425, a.score, 1e-9, "White's view of +0.40 by White and -0.45 by Black")
	assert.Equal(t, "4", d.round)
	assert.InDelta(t, 1-rook, d.lead, 1e-9)
	assert.Equal(t, "4k3/r7/8/8/8/8/P2K4/8 b - - 101 2", d.fen, "the final position")
	assert.InDelta(t, -mateLead, d.score, 1e-9)
	var out bytes.Buffer
	report(&out, "g.pgn", tl, 3, 10)
	assert.Contains(t, out.String(), "g.pgn: 4 games, 3 drawn by the move rule, 2 of them with a material lead of 3.0 pawns or more")
	assert.Contains(t, out.String(), fmt.Sprintf("game 1 (round 1,  v ), 2 plies, material %+.1f (KR v K), score +0.43 over the last 10 plies", rook))

	_, err = count(strings.NewReader("[Result \"1/2-1/2\"]\n\n1. e4 Ke7 {Draw by 50-move rule} 1/2-1/2\n"), 3, 10)
	assert.ErrorContains(t, err, "game 1")
}
