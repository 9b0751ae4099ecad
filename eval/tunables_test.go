package eval

import (
	"bytes"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"senapati/board"
)

// WriteWeights reproduces weights.go exactly while nothing was tuned: the
// file is what the tuner regenerates.
func TestWriteWeightsReproducesTheFile(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, WriteWeights(&b))
	want, err := os.ReadFile("weights.go")
	require.NoError(t, err)
	assert.Equal(t, string(want), b.String())
}

// SetParams changes the evaluation, and setting the old values back
// restores it exactly.
func TestSetParamsRoundTrip(t *testing.T) {
	for _, v := range board.Variants() {
		ps := Params(v)
		require.NotEmpty(t, ps)
		values := make([]int, len(ps))
		knight := -1
		for i, p := range ps {
			values[i] = p.Value
			if p.Name == "Material[Knight].mg" {
				knight = i
			}
		}
		require.GreaterOrEqual(t, knight, 0, v.Name())
		pos := mustFEN(t, v, v.StartFEN())
		p := pos
		p.DoMove(firstMove(&p)) // an asymmetric position
		before := Evaluate(&p)
		changed := append([]int(nil), values...)
		changed[knight] += 100
		require.NoError(t, SetParams(v, changed))
		assert.Equal(t, values[knight]+100, Params(v)[knight].Value)
		assert.Equal(t, PieceValue(v, board.Knight), values[knight]+100)
		require.NoError(t, SetParams(v, values))
		assert.Equal(t, before, Evaluate(&p), v.Name())
		assert.Error(t, SetParams(v, values[1:]))
	}
}

func firstMove(p *board.Position) board.Move {
	var ml board.MoveList
	p.GenerateMoves(&ml)
	return ml.Moves[0]
}

// A PieceSquare entry moves the score of a position with that piece by its
// tapered value, mirrored for Black; PieceSquareUses names the entry, and
// the writer writes the table.
func TestPieceSquareEntries(t *testing.T) {
	v := board.Chess()
	p := mustFEN(t, v, "r3k3/pppppppp/8/8/8/5N2/PPPPPPPP/R3K3 w - - 0 1")
	uses, phase, score := PieceSquareUses(&p, nil)
	f3 := board.MakeSquare(5, 2)
	knight := int(board.Knight)*81 + int(f3)
	assert.Contains(t, uses, PieceSquareUse{Index: knight, Sign: 1})
	assert.Len(t, uses, 21, "kings, rooks, pawns and the knight")

	before := Evaluate(&p)
	assert.Equal(t, before, score, "White to move: the score is White's")
	values := PieceSquares(v)
	orig := append([][2]int(nil), values...)
	defer func() { require.NoError(t, SetPieceSquares(v, orig)) }()
	old := values[knight] // the fitted correction there
	values[knight] = [2]int{256, 512}
	require.NoError(t, SetPieceSquares(v, values))
	// Within one centipawn: the score is tapered once, not term by term.
	assert.InDelta(t, before+taper(256-old[0], 512-old[1], phase), Evaluate(&p), 1)
	m := p.Mirrored() // Black's knight on f6, Black to move: the same entry for Black
	assert.InDelta(t, before+taper(256-old[0], 512-old[1], phase), Evaluate(&m), 1)

	var b bytes.Buffer
	require.NoError(t, WriteWeights(&b))
	assert.Contains(t, b.String(), "PieceSquare: [board.NumTypes][81]score{\n")
	assert.Contains(t, b.String(), "\t\tboard.Knight: {")
	assert.Contains(t, b.String(), "{256, 512},")
	require.NoError(t, SetPieceSquares(v, orig))
	assert.Equal(t, before, Evaluate(&p))
	assert.Error(t, SetPieceSquares(v, values[1:]))
}
