package search

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"senapati/board"
)

// Won and lost positions whose result is proven early, with the depth
// from which deeper iterations may stop (resultProven).
var provenTests = []struct {
	name  string
	v     *board.Variant
	fen   string
	score int // the proven score: ±(Mate - plies to the end)
	stop  int // the depth from which iterations may stop
}{
	{"chess mate in 2", board.Chess(), "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", Mate - 3, 3 + mateDepthMargin},
	{"chaturanga bare Raja in 2", board.Chaturanga(), "4k3/8/3K4/8/8/8/7p/1R6 w - - 0 1", Mate - 3, 3 + mateDepthMargin},
	// The loser deepens to twice the mate's length: a longer defence
	// may hide behind a reduced winning move.
	{"chess mated in 2", board.Chess(), "k7/8/1K6/8/8/8/8/1R6 b - - 0 1", -Mate + 4, 2*4 + mateDepthMargin},
}

// Once the result is proven, iterative deepening stops instead of
// reporting the same line at every depth up to MaxPly.
func TestProvenResultStopsDeepening(t *testing.T) {
	for _, tc := range provenTests {
		t.Run(tc.name, func(t *testing.T) {
			e := newTestEngine(1)
			p, err := board.ParseFEN(tc.v, tc.fen)
			require.NoError(t, err)
			var reports []Info
			const cap = 5_000_000
			r := e.Search(context.Background(), p, nil, Limits{Nodes: cap}, func(in Info) { reports = append(reports, in) })
			require.Equal(t, tc.score, r.Score)
			require.Less(t, r.Nodes, uint64(cap), "stopped by the proof, not the node cap")
			// The first depth that proves it: tc.stop, or the first depth
			// beyond it whose score is the mate.
			require.GreaterOrEqual(t, r.Depth, tc.stop)
			require.Less(t, r.Depth, tc.stop+mateDepthMargin)
			for _, in := range reports {
				require.LessOrEqual(t, in.Depth, r.Depth)
				if in.Depth == r.Depth-1 && in.Depth >= tc.stop {
					require.NotEqual(t, tc.score, in.Score, "proven a depth earlier")
				}
			}
		})
	}
}

// An infinite search that has proven its result stops deepening but
// answers only when stopped (UCI: bestmove waits for stop).
func TestProvenResultInInfiniteSearchWaitsForStop(t *testing.T) {
	tc := provenTests[0]
	e := newTestEngine(1)
	p, err := board.ParseFEN(tc.v, tc.fen)
	require.NoError(t, err)
	reports := make(chan Info, 4*MaxPly)
	done := make(chan Result, 1)
	go func() {
		done <- e.Search(context.Background(), p, nil, Limits{Infinite: true}, func(in Info) { reports <- in })
	}()
	proven := 0
	for in := range reports {
		if in.Depth >= tc.stop && in.Score == tc.score {
			proven = in.Depth
			break
		}
	}
	select {
	case r := <-done:
		t.Fatalf("answered %+v before stop", r)
	default:
	}
	e.Stop()
	r := <-done
	close(reports)
	require.Equal(t, tc.score, r.Score)
	require.Equal(t, proven, r.Depth)
	for in := range reports {
		require.LessOrEqual(t, in.Depth, proven, "no deeper iteration after the proof")
	}
}

// With MultiPV every line must be proven: here the second is no mate, so
// deepening goes on to the depth limit.
func TestProvenResultNeedsEveryLine(t *testing.T) {
	tc := provenTests[0]
	e := newTestEngine(1)
	e.Configure(Settings{HashMB: 1, Threads: 1, MultiPV: 2})
	r, _ := searchFEN(t, e, tc.v, tc.fen, Limits{Depth: tc.stop + 4})
	require.Equal(t, tc.score, r.Score)
	require.Equal(t, tc.stop+4, r.Depth, "no stop at the first line's proof")
}
