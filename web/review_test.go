package web

import (
	"encoding/json"
	"fmt"
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
