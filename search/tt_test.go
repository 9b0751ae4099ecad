package search

import (
	"testing"

	"github.com/stretchr/testify/require"

	"senapati/board"
)

func TestTableStoresAndProbes(t *testing.T) {
	tt := NewTT(1)
	m := board.Move(12345)
	tt.store(0xDEADBEEF, m, -321, 7, BoundLower)
	hit, ok := tt.probe(0xDEADBEEF)
	require.True(t, ok)
	require.Equal(t, ttHit{move: m, score: -321, depth: 7, bound: BoundLower}, hit)
	_, ok = tt.probe(0xDEADBEEE)
	require.False(t, ok)
	// A store without a move keeps the move already known for the key.
	tt.store(0xDEADBEEF, board.NoMove, 50, 9, BoundExact)
	hit, _ = tt.probe(0xDEADBEEF)
	require.Equal(t, m, hit.move)
	require.Equal(t, 9, hit.depth)
	tt.Clear()
	_, ok = tt.probe(0xDEADBEEF)
	require.False(t, ok)
}
