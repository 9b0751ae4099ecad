package search

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Under QChecks the first ply of the capture search sees a quiet check
// that wins material: Nc7+ forks the king on e8 and the queen on a8, and
// after any king move Nxa8 wins her. Without quiet checks the capture
// search stands pat a queen down. The deeper plies try captures only, as
// before.
func TestQuietChecksInTheCaptureSearch(t *testing.T) {
	w := qsearchWorker(t, "q3k3/pp3ppp/8/3N4/8/8/PPP2PPP/6K1 w - - 0 1")
	plain := w.qsearch(0, -Infinity, Infinity, false)
	require.Less(t, plain, -400, "a queen down for a knight")

	withChecks := w.qsearch(0, -Infinity, Infinity, true)
	require.Greater(t, withChecks, 100, "the fork wins the queen for the knight")

	// A check the exchange loses is not tried: with a black rook on c8
	// guarding c7, Nc7+ loses the knight to Rxc7, as Nf6+ does to gxf6,
	// and the search visits no more nodes than without checks.
	w = qsearchWorker(t, "q1r1k3/pp3ppp/8/3N4/8/8/PPP2PPP/6K1 w - - 0 1")
	before := w.nodes.Load()
	plain = w.qsearch(0, -Infinity, Infinity, false)
	plainNodes := w.nodes.Load() - before
	before = w.nodes.Load()
	require.Equal(t, plain, w.qsearch(0, -Infinity, Infinity, true))
	require.Equal(t, plainNodes, w.nodes.Load()-before)
}

// qsearchWorker is a thread at fen, ready for capture searches that each
// search afresh (no table) and are not stopped.
func qsearchWorker(t *testing.T, fen string) *worker {
	w := orderingWorker(t, fen)
	w.qsearchTT = false
	w.run.e.stop.Store(false) // the set-up search ended stopped
	return w
}
