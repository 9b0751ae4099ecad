package web

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReview: a review scores every position of the active line at its
// depth, from White's view, reported one by one on the event stream and
// kept on the moves (the state's startEval and each move's eval); a second
// review finds them scored; a bad depth is refused.
func TestReview(t *testing.T) {
	s := newTestServer(t)
	// White a queen up: every score is White's good.
	st := s.newGame("chess", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1")
	for _, m := range []string{"Qd4", "Ke7", "Ke2"} {
		st = s.play(st, m)
	}
	g := "/api/games/" + st.ID
	s.refuse(409, "nobody watches", "POST", g+"/review", map[string]int{"depth": 3})
	ev := s.subscribe(st.ID)
	defer ev.cancel()
	s.refuse(400, "depth must be 1 to 30", "POST", g+"/review", map[string]int{"depth": 31})
	status, _ := s.do("POST", g+"/review", map[string]int{"depth": 3})
	require.Equal(t, 202, status)
	seen := map[int]int{}
	deadline := time.After(20 * time.Second)
	for finished := false; !finished; {
		select {
		case e := <-ev.events:
			if e.name != "review" {
				continue
			}
			var r reviewEvent
			require.NoError(t, json.Unmarshal(e.data, &r))
			assert.Equal(t, 4, r.Total)
			if r.Eval != nil {
				seen[r.Ply] = r.Eval.White
				assert.Greater(t, r.Eval.White, 300, "ply %d: White's view", r.Ply)
				assert.Equal(t, 3, r.Eval.Depth)
			}
			finished = r.Finished
		case <-deadline:
			t.Fatalf("the review did not finish: %v", seen)
		}
	}
	assert.Len(t, seen, 4)
	time.Sleep(50 * time.Millisecond) // the job's end
	st = s.state(200, "GET", g, nil)
	require.NotNil(t, st.StartEval)
	assert.Equal(t, seen[0], st.StartEval.White)
	for i, m := range st.Moves {
		require.NotNil(t, m.Eval, "move %d", i)
		assert.Equal(t, seen[i+1], m.Eval.White)
	}
	// The PGN carries the scores as [%eval], White's view in pawns.
	_, pgnText := s.do("GET", g+"/pgn", nil)
	assert.Contains(t, string(pgnText), fmt.Sprintf("1. Qd4 {[%%eval %.2f]}", float64(seen[1])/100))
	// Again: nothing left to search.
	status, data := s.do("POST", g+"/review", map[string]int{"depth": 3})
	require.Equal(t, 202, status)
	assert.JSONEq(t, `{"total": 4, "done": 4}`, string(data))
}

// A loaded PGN's [%eval] is its position's score, the one the graph
// draws (issue 56: the graph said +0.31 where the comment said +0.36, a
// review's score beside the PGN's); a review scores the position again
// and then its score is the graph's and the PGN's.
func TestLoadedEvalIsTheGraphs(t *testing.T) {
	s := newTestServer(t)
	st := s.state(201, "POST", "/api/games", map[string]string{"pgn": `[Event "?"]

1. e4 { [%eval 0.36] fine } 1... e5 { [%clk 0:02:58] [%eval -0.1,22] } 2. Qh5 { [%eval #-3] } *
`})
	require.Len(t, st.Moves, 3)
	var got []int
	for _, m := range st.Moves {
		require.NotNil(t, m.Eval)
		got = append(got, m.Eval.White)
	}
	assert.Equal(t, []int{36, -10, -100000}, got)
	assert.Equal(t, -3, *st.Moves[2].Eval.Mate)
	assert.Equal(t, "fine", st.Moves[0].Comment, "the score is the move's, not its comment's")
	assert.Equal(t, "[%clk 0:02:58]", st.Moves[1].Comment)
	g := "/api/games/" + st.ID
	_, out := s.do("GET", g+"/pgn", nil)
	assert.Contains(t, strings.ReplaceAll(string(out), "\n", " "), "1. e4 {[%eval 0.36] fine} 1... e5 {[%eval -0.10] [%clk 0:02:58]} 2. Qh5 {[%eval #-3]}")

	ev := s.subscribe(st.ID)
	defer ev.cancel()
	status, _ := s.do("POST", g+"/review", map[string]int{"depth": 2})
	require.Equal(t, 202, status)
	for {
		var r reviewEvent
		require.NoError(t, json.Unmarshal(ev.next(t, "review", 20*time.Second).data, &r))
		if r.Finished {
			break
		}
	}
	st = s.waitIdle(st.ID, 20*time.Second)
	_, out = s.do("GET", g+"/pgn", nil)
	for i, m := range st.Moves {
		require.NotNil(t, m.Eval, "move %d", i+1)
		assert.Equal(t, 2, m.Eval.Depth, "move %d scored again", i+1)
		want := fmt.Sprintf("[%%eval %.2f]", float64(m.Eval.White)/100)
		if m.Eval.Mate != nil {
			want = fmt.Sprintf("[%%eval #%d]", *m.Eval.Mate)
		}
		assert.Contains(t, strings.ReplaceAll(string(out), "\n", " "), fmt.Sprintf("%s {%s", m.SAN, want), "move %d: the PGN says the graph's score", i+1)
	}
}
