package web

import (
	"testing"

	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/search"
)

// The board shows a mate as UCI and CECP do (search.MateIn), and White's
// view as ±100000.
func TestInfoShowsMates(t *testing.T) {
	white := board.Chess().StartPosition()
	black, err := board.ParseFEN(board.Chess(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	require.NoError(t, err)
	for _, tc := range []struct {
		root        *board.Position
		score, mate int
		white       int
	}{
		{&white, search.Mate - 3, 2, 100000},
		{&black, search.Mate - 3, 2, -100000},
		{&black, -search.Mate + 4, -2, 100000},
		{&white, -search.Mate, 0, -100000},
	} {
		v := newInfoView("analysis", 0, 0, tc.root, search.Info{Score: tc.score}, nil)
		require.Nil(t, v.CP)
		require.NotNil(t, v.Mate)
		require.Equal(t, tc.mate, *v.Mate)
		require.Equal(t, tc.white, v.White)
	}
	v := newInfoView("analysis", 0, 0, &black, search.Info{Score: 35}, nil)
	require.Nil(t, v.Mate)
	require.Equal(t, 35, *v.CP)
	require.Equal(t, -35, v.White)
}
