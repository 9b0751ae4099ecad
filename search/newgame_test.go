package search

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/eval"
)

// After NewGame, or NewGameInPlace (the table emptied by epoch, its
// memory kept), an engine searches as a new one does: the table and every
// thread's tables are as good as empty, though they are cleared where used
// rather than made again.
func TestNewGameIsANewEngine(t *testing.T) {
	t.Cleanup(debug.FreeOSMemory) // the tests of VmRSS that follow need it
	settings := Settings{HashMB: 16, Threads: 1, MultiPV: 1}
	for _, inPlace := range []bool{false, true} {
		used := NewEngine(settings, Static(eval.Evaluate), eval.PieceValue)
		for _, v := range board.Variants() {
			searchFEN(t, used, v, v.StartFEN(), Limits{Depth: 6})
		}
		const fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
		for range 3 {
			mapping := used.TT.mapping
			if inPlace {
				used.NewGameInPlace()
				require.Equal(t, unsafe.SliceData(mapping), unsafe.SliceData(used.TT.mapping), "the table was mapped again")
			} else {
				used.NewGame()
			}
			got, _ := searchFEN(t, used, board.Chess(), fen, Limits{Depth: 7})
			fresh := NewEngine(settings, Static(eval.Evaluate), eval.PieceValue)
			want, _ := searchFEN(t, fresh, board.Chess(), fen, Limits{Depth: 7})
			require.Equal(t, want, got, "in place: %v", inPlace)
		}
	}
}

// NewGame at Threads 8 allocates (almost) nothing: it made every thread
// again, 7.5 MB each, and zeroed the memory: 1.7 to 3.8 s of isready after
// 50 x (ucinewgame, position, go depth 2) on a loaded machine.
func TestNewGameMakesNoThreadAgain(t *testing.T) {
	t.Cleanup(debug.FreeOSMemory) // the tests of VmRSS that follow need it
	e := newTestEngine(8)
	searchFEN(t, e, board.Chess(), board.Chess().StartFEN(), Limits{Depth: 5})
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range 10 {
		e.NewGame()
	}
	runtime.ReadMemStats(&after)
	require.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(1<<20), "bytes allocated by 10 NewGames")
	require.Len(t, e.workers, 8)
}

// A heap table's Clear starts a new epoch instead of writing every entry
// (16 MB at each ucinewgame at the default Hash, when that was on the heap); the old entries are
// empty to every probe, store and HashFull.
func TestClearingAHeapTableWritesNoEntry(t *testing.T) {
	tt := NewTT(1)
	require.Nil(t, tt.mapping)
	m := board.Move(4242)
	tt.store(0xABCDEF, m, 77, 9, BoundExact)
	i := -1
	for j := range tt.entries {
		if tt.entries[j].data.Load() != 0 {
			i = j
		}
	}
	require.GreaterOrEqual(t, i, 0)
	written := tt.entries[i].data.Load()
	tt.Clear()
	require.Equal(t, written, tt.entries[i].data.Load(), "Clear wrote the entry")
	_, ok := tt.probe(0xABCDEF)
	require.False(t, ok)
	require.Zero(t, tt.HashFull())
	// A store without a move does not take the old game's.
	tt.store(0xABCDEF, board.NoMove, 5, 3, BoundLower)
	hit, ok := tt.probe(0xABCDEF)
	require.True(t, ok)
	require.Equal(t, ttHit{move: board.NoMove, score: 5, depth: 3, bound: BoundLower}, hit)
}

// When the epochs run out the table is written once; an entry of the
// epoch that comes round again never reappears.
func TestTableEpochsWrapAround(t *testing.T) {
	tt := NewTT(1)
	tt.store(0x1234, board.Move(99), 1, 1, BoundExact)
	for range maxEpoch { // 1 to maxEpoch, then 1 again
		tt.Clear()
		_, ok := tt.probe(0x1234)
		require.False(t, ok, "epoch %d", tt.epoch)
	}
	require.Equal(t, uint64(1), tt.epoch, "wrapped")
}

// A thread's state costs the garbage collector little: its large tables
// hold no pointers, so a collection does not read them (inside the worker
// it read 7.5 MB per thread at every collection: Threads 256 took a
// second before CECP's pong).
func TestThreadsAreCheapToCollect(t *testing.T) {
	scannable := func() uint64 {
		runtime.GC()
		s := []metrics.Sample{{Name: "/gc/scan/heap:bytes"}}
		metrics.Read(s)
		return s[0].Value.Uint64()
	}
	t.Cleanup(debug.FreeOSMemory)
	base := scannable()
	e := newTestEngine(64)
	after := scannable()
	require.Less(t, after-min(base, after), uint64(64*256<<10), "scannable bytes for 64 threads")
	runtime.KeepAlive(e)
}
