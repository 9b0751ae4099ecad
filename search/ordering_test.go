package search

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"senapati/board"
)

// orderingWorker is a thread set up at fen as a search leaves it, its
// moves generated at ply 0.
func orderingWorker(t *testing.T, fen string) *worker {
	t.Helper()
	e := newTestEngine(1)
	p, err := board.ParseFEN(board.Chess(), fen)
	require.NoError(t, err)
	e.Search(context.Background(), p, nil, Limits{Depth: 1}, nil)
	w := e.workers[0]
	w.stack[0].pos = p
	p.GenerateMoves(w.stack[0].moves)
	return w
}

// parseMove is move text s in pos; the test stops if it is not a move.
func parseMove(t *testing.T, pos *board.Position, s string) board.Move {
	t.Helper()
	m, err := pos.ParseMove(s)
	require.NoError(t, err)
	return m
}

// The picking order: hash move, captures that do not lose material,
// killers, quiet moves by history (read only when the picking comes to
// them), captures that lose material.
func TestMovesArePickedInOrder(t *testing.T) {
	// White can take the d5 pawn with the e-pawn (an even trade) or with
	// the knight (Nxd5 exd5: a knight for a pawn).
	w := orderingWorker(t, "rnbqkb1r/ppp2ppp/4pn2/3p4/3PP3/2N5/PPP2PPP/R1BQKBNR w KQkq - 0 4")
	fr := &w.stack[0]
	pos := &fr.pos
	move := func(s string) board.Move { return parseMove(t, pos, s) }
	hash, killer := move("g1f3"), move("f1d3")
	w.killers[0] = [2]board.Move{killer, board.NoMove}
	favourite, hated := move("a2a3"), move("h2h4")
	w.adjustQuiet(0, favourite, 8000)
	w.adjustQuiet(0, hated, -8000)

	w.scoreMoves(0, hash)
	for i := range fr.moves.N {
		if m := fr.moves.Moves[i]; pos.IsQuiet(m) && m != hash && m != killer {
			require.Equal(t, int32(quietUnscored), fr.scores[i], "%s: no history read before the picking reaches the quiet moves", pos.MoveString(m))
		}
	}
	var picked []board.Move
	for i := 0; i < fr.moves.N; i++ {
		picked = append(picked, w.pickMove(0, i))
	}
	require.Equal(t, hash, picked[0])
	require.True(t, pos.IsCapture(picked[1]) && pos.SEE(picked[1], &w.values) >= 0, "a capture that loses nothing comes next: %s", pos.MoveString(picked[1]))
	at := func(m board.Move) int {
		for i, x := range picked {
			if x == m {
				return i
			}
		}
		t.Fatalf("%s not picked", pos.MoveString(m))
		return 0
	}
	firstQuiet := at(killer) + 1
	require.Equal(t, favourite, picked[firstQuiet], "the best history first")
	last := -1 << 30
	for i := len(picked) - 1; i > firstQuiet; i-- {
		m := picked[i]
		if !pos.IsQuiet(m) {
			require.Less(t, fr.scores[i], int32(badCaptureBelow), "only losing captures after the quiet moves: %s", pos.MoveString(m))
			continue
		}
		require.GreaterOrEqual(t, int(fr.scores[i]), last, "quiet moves by history")
		require.Equal(t, int32(w.quietHistory(0, m)), fr.scores[i])
		last = int(fr.scores[i])
	}
	require.Less(t, at(hated), at(move("c3d5")), "a losing capture after even the worst quiet move")
	require.Greater(t, at(hated), at(move("a2a4")))
}

// Once late-move pruning skips the quiet moves, dropQuiets leaves the
// rest of the list to the other moves and the checks it spares, in their
// order.
func TestDropQuietsKeepsTheOtherMoves(t *testing.T) {
	w := orderingWorker(t, "rnbqkb1r/ppp2ppp/4pn2/3p4/3PP3/2N5/PPP2PPP/R1BQKBNR w KQkq - 0 4")
	w.forget() // quiet moves in the order they were generated: Bb5+ comes late
	fr := &w.stack[0]
	pos := &fr.pos
	w.scoreMoves(0, board.NoMove)
	for i := 0; i < fr.moves.N; i++ {
		w.pickMove(0, i)
	}
	before := append([]board.Move(nil), fr.moves.Moves[:fr.moves.N]...)
	from := 0
	for pos.IsCapture(before[from]) || !pos.IsQuiet(before[from]) {
		from++
	}
	from += 2 // two quiet moves tried
	w.dropQuiets(0, from)
	require.Equal(t, before[:from], fr.moves.Moves[:from], "the moves tried stay")
	var rest []board.Move
	spared := 0
	for _, m := range before[from:] {
		if !pos.IsQuiet(m) || w.spareCheck(0, m) {
			rest = append(rest, m)
		}
		if pos.IsQuiet(m) && w.spareCheck(0, m) {
			spared++
		}
	}
	require.NotEmpty(t, rest, "the position has losing captures")
	require.Positive(t, spared, "the position has a quiet check (Bb5+), which late-move pruning spares")
	require.Equal(t, rest, fr.moves.Moves[from:fr.moves.N])
}

// A node where nothing reaches alpha rewards the quiet move that led to it
// (PriorBonus), and only a quiet one: a capture or a null move has no
// quiet history to raise; nor does a game whose profile leaves it out.
func TestPriorBonusRewardsTheQuietMoveBefore(t *testing.T) {
	w := orderingWorker(t, "rnbqkbnr/ppp2ppp/8/3pp3/8/2N2N2/PPPPPPPP/R1BQKB1R w KQkq - 0 3")
	pos := &w.stack[0].pos
	quiet, capture := parseMove(t, pos, "a2a3"), parseMove(t, pos, "c3d5")
	historyAfter := func(m board.Move, on bool) int {
		w.prof.priorAndResearch = on
		before := w.quietHistory(0, m)
		w.play(0, m)
		w.rewardPrior(1, 6)
		return w.quietHistory(0, m) - before
	}
	require.Zero(t, historyAfter(quiet, false), "off in the profile")
	require.Positive(t, historyAfter(quiet, true))
	require.Zero(t, historyAfter(capture, true), "a capture is not rewarded as a quiet move")
	butterfly := w.history
	w.play(0, board.NoMove)
	w.rewardPrior(1, 6)
	require.Equal(t, butterfly, w.history, "a null move is not rewarded")
}

// firstHighest picks what a plain scan for the first highest score picks,
// ties and every length included: the move order must not change.
func TestFirstHighestIsTheFirstOfTheHighest(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		scores := make([]int32, 1+rng.IntN(60))
		for i := range scores {
			scores[i] = int32(rng.IntN(5)) - 2 // many ties
			if rng.IntN(4) == 0 {
				scores[i] = rng.Int32() - 1<<30
			}
		}
		want, wantScore := 0, scores[0]
		for j, s := range scores {
			if s > wantScore {
				want, wantScore = j, s
			}
		}
		got, gotScore := firstHighest(scores)
		require.Equal(t, want, got, "%v", scores)
		require.Equal(t, wantScore, gotScore)
	}
}
