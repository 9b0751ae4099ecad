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
	// Every field at its extreme comes back as stored and leaves the
	// generation and the epoch alone.
	tt.NewSearch()
	tt.store(0xDEADBEEF, board.Move(1<<25-1), -32768, 223, BoundExact)
	hit, ok = tt.probe(0xDEADBEEF)
	require.True(t, ok)
	require.Equal(t, ttHit{move: board.Move(1<<25 - 1), score: -32768, depth: 223, bound: BoundExact}, hit)
	stored := 0
	for i := range tt.cluster(0xDEADBEEF) {
		if e := &tt.cluster(0xDEADBEEF)[i]; e.key.Load()^e.data.Load() == 0xDEADBEEF {
			require.Equal(t, tt.generation.Load()&63, generation(e.data.Load()))
			require.Equal(t, tt.epoch, e.data.Load()>>epochShift)
			stored++
		}
	}
	require.Equal(t, 1, stored, "one entry holds the key")
	tt.Clear()
	_, ok = tt.probe(0xDEADBEEF)
	require.False(t, ok)
}

func TestTableKeepsDeeperEntries(t *testing.T) {
	tt := NewTT(1)
	const key = 0xC0FFEE
	deep, other := board.Move(111), board.Move(222)
	tt.store(key, deep, 40, 12, BoundLower)
	tt.store(key, other, -5, 2, BoundUpper)
	hit, _ := tt.probe(key)
	require.Equal(t, ttHit{move: other, score: -5, depth: 2, bound: BoundUpper}, hit, "off (TTKeepDepth 0): replaced")

	tt.keepDeeperBy = 4
	tt.store(key, deep, 40, 12, BoundLower)
	// a much shallower bound of the same search: the entry stays, with
	// the new move
	tt.store(key, other, -5, 8, BoundUpper)
	hit, _ = tt.probe(key)
	require.Equal(t, ttHit{move: other, score: 40, depth: 12, bound: BoundLower}, hit)
	tt.store(key, board.NoMove, -5, 2, BoundUpper)
	hit, _ = tt.probe(key)
	require.Equal(t, ttHit{move: other, score: 40, depth: 12, bound: BoundLower}, hit)

	// nearly as deep: replaced
	tt.store(key, deep, 7, 9, BoundUpper)
	hit, _ = tt.probe(key)
	require.Equal(t, ttHit{move: deep, score: 7, depth: 9, bound: BoundUpper}, hit)

	// an exact score replaces whatever its depth
	tt.store(key, deep, 40, 20, BoundLower)
	tt.store(key, other, 3, 1, BoundExact)
	hit, _ = tt.probe(key)
	require.Equal(t, ttHit{move: other, score: 3, depth: 1, bound: BoundExact}, hit)

	// an entry of an earlier search is replaced by any store
	tt.store(key, deep, 40, 20, BoundLower)
	tt.NewSearch()
	tt.store(key, other, -8, 2, BoundUpper)
	hit, _ = tt.probe(key)
	require.Equal(t, ttHit{move: other, score: -8, depth: 2, bound: BoundUpper}, hit)
}

func TestBoundsOfResults(t *testing.T) {
	require.Equal(t, BoundLower, resultBound(50, 10, 50))
	require.Equal(t, BoundExact, resultBound(30, 10, 50))
	require.Equal(t, BoundUpper, resultBound(10, 10, 50))
	require.Equal(t, BoundUpper, resultBound(9, 9, 10), "a null window has no exact score")
	require.Equal(t, BoundLower, resultBound(10, 9, 10))
	for _, b := range []Bound{BoundLower, BoundExact, BoundUpper} {
		require.Equal(t, b == BoundExact, b.cuts(30, 10, 50), "inside the window only an exact score settles the node")
		require.Equal(t, b != BoundUpper, b.cuts(50, 10, 50))
		require.Equal(t, b != BoundLower, b.cuts(10, 10, 50))
	}
	require.False(t, BoundNone.cuts(0, 10, 50))
}
