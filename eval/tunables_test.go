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
