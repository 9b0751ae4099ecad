package search

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"senapati/board"
)

func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// Resizing the table releases the old one: the heap follows the size asked.
func TestResizeReleasesTheOldTable(t *testing.T) {
	base := heapInUse()
	tt := NewTT(64)
	require.Greater(t, heapInUse(), base+60<<20)
	for i := 0; i < 3; i++ {
		tt.Resize(64)
	}
	tt.Resize(1)
	require.Less(t, heapInUse(), base+8<<20)
	runtime.KeepAlive(tt)
}

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
