package protocol

import (
	"testing"

	"github.com/stretchr/testify/require"

	"senapati/search"
)

// UCI and CECP show a score through search.MateIn: the same moves to mate.
func TestScoresShowMatesAlike(t *testing.T) {
	for _, tc := range []struct {
		score int
		uci   string
		cecp  int
	}{
		{search.Mate - 3, "mate 2", 100002},
		{-search.Mate + 4, "mate -2", -100002},
		{-search.Mate, "mate 0", -100000},
		{-35, "cp -35", -35},
	} {
		require.Equal(t, tc.uci, formatScore(tc.score))
		require.Equal(t, tc.cecp, cecpScore(tc.score))
	}
}
