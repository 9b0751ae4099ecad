package web

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/wdl"
)

// The marks' edges: what a move lost in expected score, and a forced mate
// let go, which is never a sound move.
func TestClassify(t *testing.T) {
	for _, c := range []struct {
		drop     float64
		mateLost bool
		want     string
	}{
		{0, false, ""}, {0.099, false, ""}, {0.10, false, markInaccuracy}, {0.199, false, markInaccuracy},
		{0.20, false, markMistake}, {0.30, false, markBlunder}, {1, false, markBlunder},
		{0.01, true, markInaccuracy}, {0.25, true, markMistake},
	} {
		assert.Equal(t, c.want, classify(c.drop, c.mateLost), "drop %.3f mate lost %v", c.drop, c.mateLost)
	}
}

// A move's accuracy falls from 100 with what it lost; a side's is between
// the harmonic and the plain mean of its moves, so one blunder among good
// moves costs more than the plain mean says.
func TestAccuracy(t *testing.T) {
	assert.InDelta(t, 100, moveAccuracy(0), 1e-9)
	assert.InDelta(t, 100, moveAccuracy(-0.05), 1e-9, "a gain is no better than no loss")
	assert.InDelta(t, 60.65, moveAccuracy(0.10), 0.01)
	assert.InDelta(t, 22.31, moveAccuracy(0.30), 0.01)
	assert.Greater(t, moveAccuracy(0.1), moveAccuracy(0.2))
	assert.Equal(t, 0.0, sideAccuracy(nil))
	assert.InDelta(t, 80, sideAccuracy([]float64{80, 80, 80}), 1e-9)
	accs := []float64{100, 100, 100, 10}
	plain := 77.5
	harmonic := 4 / (3/100.0 + 1/10.0)
	assert.InDelta(t, (plain+harmonic)/2, sideAccuracy(accs), 1e-9)
	assert.Less(t, sideAccuracy(accs), plain)
	assert.InDelta(t, (50+2/(1/100.0+1))/2, sideAccuracy([]float64{100, 0}), 1e-9, "a move of accuracy 0 counts as 1 in the harmonic mean")
}

func mateIn(k int) *int { return &k }

// A mark's comment comes first, but after an engine move's score, which
// readers look for at the start; a comment with a mark keeps it alone.
func TestMarkComment(t *testing.T) {
	j := &judgement{Mark: markMistake, Best: "Nf3"}
	assert.Equal(t, "Mistake. Nf3 was best.", markComment(j, ""))
	assert.Equal(t, "Mistake. Nf3 was best. a plan", markComment(j, "a plan"))
	assert.Equal(t, "-0.35/6 0.012s Mistake. Nf3 was best.", markComment(j, "-0.35/6 0.012s"))
	assert.Equal(t, "+M3/9 0.1s Mistake. Nf3 was best.", markComment(j, "+M3/9 0.1s"))
	assert.Equal(t, "Blunder. Qh5 was best.", markComment(j, "Blunder. Qh5 was best."))
	assert.Equal(t, "Inaccuracy.", markComment(&judgement{Mark: markInaccuracy}, ""))
	assert.Equal(t, "as it was", markComment(&judgement{}, "as it was"))
}

// judge reads the scores from White's view and takes the mover's side:
// a Black move that turns White's small lead into a big one lost Black
// much; mates are certain; a mate let go is marked even when the win
// stays safe.
func TestJudge(t *testing.T) {
	chess := wdl.For(board.Chess())
	level := &evalView{White: 20}
	j := judge(chess, level, &evalView{White: 30}, board.White, 1, 1)
	assert.Equal(t, "", j.Mark, "a move that keeps the balance")
	assert.InDelta(t, 100, j.Accuracy, 1)

	j = judge(chess, level, &evalView{White: 700}, board.Black, 1, 1)
	assert.Equal(t, markBlunder, j.Mark, "Black gave White +7: %+v", j)
	assert.Greater(t, j.Before, 0.4)
	assert.Less(t, j.After, 0.1)
	assert.InDelta(t, j.Before-j.After, j.Drop, 0.002)

	// The same score after a White move is White's gain: no mark.
	j = judge(chess, level, &evalView{White: 700}, board.White, 1, 1)
	assert.Equal(t, "", j.Mark)
	assert.Equal(t, 0.0, j.Drop)

	// Allowing a mate from a level game: the whole point lost.
	j = judge(chess, level, &evalView{White: -100000, Mate: mateIn(-2)}, board.White, 1, 1)
	assert.Equal(t, markBlunder, j.Mark)
	assert.Equal(t, 0.0, j.After)

	// White had mate in 3 and played a move that leaves +9: still won, but
	// the mate is lost.
	j = judge(chess, &evalView{White: 100000, Mate: mateIn(3)}, &evalView{White: 900}, board.White, 0.5, 0.5)
	assert.True(t, j.MateLost)
	assert.Equal(t, markInaccuracy, j.Mark, "%+v", j)
	// A slower mate is no loss.
	j = judge(chess, &evalView{White: 100000, Mate: mateIn(3)}, &evalView{White: 100000, Mate: mateIn(4)}, board.White, 0.5, 0.5)
	assert.Equal(t, "", j.Mark)
	assert.False(t, j.MateLost)
	// Black's mate, seen from White's view as negative.
	j = judge(chess, &evalView{White: -100000, Mate: mateIn(-2)}, &evalView{White: -200}, board.Black, 0.5, 0.5)
	assert.True(t, j.MateLost)

	// Each game's own model: Durg draws most small leads, so the same
	// two-pawn loss costs less there than in chess.
	chessDrop := judge(chess, level, &evalView{White: -200}, board.White, 0.8, 0.8).Drop
	durgDrop := judge(wdl.For(board.DurgGame()), level, &evalView{White: -200}, board.White, 0.8, 0.8).Drop
	assert.Less(t, durgDrop, chessDrop)
}

// A game whose scores show one blunder: the state marks that move, with
// the review's better move and line, counts it in its side's summary, and
// the PGN writes it as $4 with a comment naming the better move; the
// PGN loaded again keeps both, and written again does not repeat them.
func TestScoresWithABlunder(t *testing.T) {
	s := newTestServer(t)
	st := s.newGame("chess", "")
	for _, m := range []string{"e4", "e5", "Nf3", "Qh4"} {
		st = s.play(st, m)
	}
	g, err := s.srv.games.get(st.ID)
	require.NoError(t, err)
	g.mu.Lock()
	// White's view after each ply: level, then Black's 2... Qh4 hangs
	// the queen (+8 for White); the review's best there was Nc6.
	g.root.eval = &evalView{White: 30, Depth: 5}
	for i, w := range []int{35, 30, 40, 850} {
		g.line[i].eval = &evalView{White: w, Depth: 5}
	}
	g.line[2].eval.Best, g.line[2].eval.PV = "b8c6", []string{"Nc6", "Bb5", "a6"}
	g.mu.Unlock()

	// Had the review chosen 2... Qh4 itself, the drop would be its
	// horizon's, not the move's: no mark.
	g.mu.Lock()
	g.line[2].eval.Best = "d8h4"
	g.mu.Unlock()
	st = s.state(200, "GET", "/api/games/"+st.ID, nil)
	require.NotNil(t, st.Moves[3].Judgement)
	assert.Equal(t, judgement{Before: st.Moves[3].Judgement.Before, After: st.Moves[3].Judgement.After, Accuracy: 100}, *st.Moves[3].Judgement)
	assert.Greater(t, st.Moves[3].Judgement.Before-st.Moves[3].Judgement.After, 0.3)
	g.mu.Lock()
	g.line[2].eval.Best = "b8c6"
	g.mu.Unlock()

	st = s.state(200, "GET", "/api/games/"+st.ID, nil)
	for i, m := range st.Moves {
		require.NotNil(t, m.Judgement, "move %d", i+1)
		if i == 3 {
			assert.Equal(t, markBlunder, m.Judgement.Mark)
			assert.Equal(t, "Nc6", m.Judgement.Best)
			assert.Equal(t, "b8c6", m.Judgement.BestUCI)
			assert.Equal(t, []string{"Nc6", "Bb5", "a6"}, m.Judgement.Line)
			assert.Less(t, m.Judgement.Accuracy, 30.0)
		} else {
			assert.Equal(t, "", m.Judgement.Mark, "move %d", i+1)
		}
	}
	require.NotNil(t, st.Review)
	assert.Equal(t, sideReview{Moves: 2, Accuracy: st.Review.White.Accuracy}, st.Review.White)
	assert.Greater(t, st.Review.White.Accuracy, 95.0)
	assert.Equal(t, 1, st.Review.Black.Blunders)
	assert.Equal(t, 2, st.Review.Black.Moves)
	assert.Less(t, st.Review.Black.Accuracy, 50.0)

	_, out := s.do("GET", "/api/games/"+st.ID+"/pgn", nil)
	text := strings.Join(strings.Fields(string(out)), " ")
	assert.Contains(t, text, "2... Qh4 $4 {[%eval 8.50] Blunder. Nc6 was best.}")
	assert.Equal(t, 1, strings.Count(text, "$"), "one mark only: %s", text)

	// Loaded again: the NAG is the move's glyph, the comment its own.
	st2 := s.state(201, "POST", "/api/games", map[string]string{"pgn": string(out)})
	require.Len(t, st2.Moves, 4)
	assert.Equal(t, "??", st2.Moves[3].Glyph)
	assert.Equal(t, "Blunder. Nc6 was best.", st2.Moves[3].Comment)
	_, out2 := s.do("GET", "/api/games/"+st2.ID+"/pgn", nil)
	text2 := strings.Join(strings.Fields(string(out2)), " ")
	assert.Contains(t, text2, "2... Qh4?? {[%eval 8.50] Blunder. Nc6 was best.}")
	assert.Equal(t, 1, strings.Count(text2, "Blunder."))
}

// A review keeps the engine's best move and the start of its line on each
// position it searches, in its events and in the state; a move that
// allows mate is a blunder whose better move is the review's.
func TestReviewFindsTheBlunder(t *testing.T) {
	s := newTestServer(t)
	st := s.newGame("chess", "")
	// 3... Nf6?? lets 4. Qxf7 mate.
	for _, m := range []string{"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"} {
		st = s.play(st, m)
	}
	ev := s.subscribe(st.ID)
	defer ev.cancel()
	g := "/api/games/" + st.ID
	status, _ := s.do("POST", g+"/review", map[string]int{"depth": 3})
	require.Equal(t, 202, status)
	withBest := 0
	for finished := false; !finished; {
		var r reviewEvent
		require.NoError(t, json.Unmarshal(ev.next(t, "review", 30*time.Second).data, &r))
		if r.Eval != nil && r.Eval.Best != "" {
			withBest++
			require.NotEmpty(t, r.Eval.PV, "ply %d", r.Ply)
			assert.LessOrEqual(t, len(r.Eval.PV), reviewLine)
		}
		finished = r.Finished
	}
	assert.GreaterOrEqual(t, withBest, 6, "every position but the mate has a best move")
	st = s.waitIdle(st.ID, 20*time.Second)
	nf6 := st.Moves[5].Judgement
	require.NotNil(t, nf6)
	assert.Equal(t, markBlunder, nf6.Mark, "%+v", nf6)
	assert.NotEqual(t, "", nf6.Best)
	assert.NotEqual(t, "g8f6", nf6.BestUCI)
	assert.Equal(t, nf6.Best, nf6.Line[0])
	require.NotNil(t, st.Review)
	assert.Equal(t, 1, st.Review.Black.Blunders)
	assert.Equal(t, 0, st.Review.White.Blunders+st.Review.White.Mistakes)
	assert.Greater(t, st.Review.White.Accuracy, st.Review.Black.Accuracy)
	_, out := s.do("GET", g+"/pgn", nil)
	assert.Contains(t, strings.Join(strings.Fields(string(out)), " "), "3... Nf6 $4 {[%eval #1] Blunder. "+nf6.Best+" was best.}")
}
