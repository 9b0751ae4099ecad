package search

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"senapati/board"
)

// The correction learns the static evaluation's error by pawn structure
// and side to move, only from results that bound it, never beyond its
// limit, and counts as far as Params.CorrHist says.
func TestCorrectionHistory(t *testing.T) {
	w := newWorker(nil)
	w.stack = new([MaxPly + 2]frame)
	w.p = DefaultParams()
	w.p.CorrHist = 100
	p, err := board.ParseFEN(board.Chess(), "4k3/pp6/8/8/8/8/PP1P4/4K3 w - - 0 1")
	require.NoError(t, err)
	w.stack[0].pos = p
	require.Equal(t, 10, w.corrected(0, 10), "nothing learnt yet")

	// A fail high below the static evaluation says nothing of its error.
	w.learnCorrection(0, 10, 5, 10, 10, BoundLower)
	require.Equal(t, 10, w.corrected(0, 10))
	w.learnCorrection(0, 10, 30, 10, 10, BoundUpper)
	require.Equal(t, 10, w.corrected(0, 10))

	// Exact results 40 cp above: the correction approaches +40.
	for range 200 {
		w.learnCorrection(0, 20, 50, 10, w.corrected(0, 10), BoundExact)
	}
	assert.InDelta(t, 50, w.corrected(0, 10), 1)
	// Half weight counts half.
	w.p.CorrHist = 50
	assert.InDelta(t, 30, w.corrected(0, 10), 1)
	w.p.CorrHist = 100

	// The other side to move, and other pawns, have their own entries.
	other := p
	other.DoNullMove()
	w.stack[0].pos = other
	assert.Equal(t, 10, w.corrected(0, 10))
	q, err := board.ParseFEN(board.Chess(), "4k3/pp6/8/8/8/8/PPP5/4K3 w - - 0 1")
	require.NoError(t, err)
	w.stack[0].pos = q
	assert.Equal(t, 10, w.corrected(0, 10))

	// Errors beyond the limit count as the limit.
	w.stack[0].pos = p
	for range 400 {
		w.learnCorrection(0, 20, 1000, 10, w.corrected(0, 10), BoundLower)
	}
	assert.InDelta(t, 10+corrLimit/corrGrain, w.corrected(0, 10), 1)

	// A new game forgets it.
	w.searched = true
	w.forget()
	assert.Equal(t, 10, w.corrected(0, 10))
}
