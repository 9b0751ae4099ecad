package web

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func (s *testServer) offer(id string) drawAnswer {
	s.t.Helper()
	status, data := s.do("POST", "/api/games/"+id+"/draw", map[string]any{})
	require.Equal(s.t, 200, status, string(data))
	var a drawAnswer
	require.NoError(s.t, json.Unmarshal(data, &a))
	return a
}

// TestDrawOffer: the engine agrees a draw after move 30 when its own
// score is +0.25 or less, and declines otherwise, saying why.
func TestDrawOffer(t *testing.T) {
	s := newTestServer(t)
	st := s.newGame("chess", "")
	st = s.state(200, "POST", "/api/games/"+st.ID+"/engine", map[string]int{"depth": 2})
	a := s.offer(st.ID)
	assert.False(t, a.Accepted)
	assert.Contains(t, a.Reason, "only after move 30, and this is move 1")

	// Move 40, the engine (White) a queen up: it declines.
	st = s.newGame("chess", "4k3/8/8/8/8/8/8/3QK3 w - - 0 40")
	st = s.state(200, "POST", "/api/games/"+st.ID+"/engine", map[string]int{"depth": 3})
	a = s.offer(st.ID)
	assert.False(t, a.Accepted)
	assert.Contains(t, a.Reason, "for itself (it agrees at +0.25 or less)")

	// Move 40, the engine (Black) a queen down: it accepts.
	st = s.newGame("chess", "4k3/8/8/8/8/8/8/Q3K3 b - - 0 40")
	st = s.state(200, "POST", "/api/games/"+st.ID+"/engine", map[string]int{"depth": 3})
	a = s.offer(st.ID)
	assert.True(t, a.Accepted, a.Reason)
	assert.Equal(t, verdictView{Over: true, Result: "1/2-1/2", Termination: "normal", Reason: "Draw by agreement", Declared: true}, a.State.Verdict)
	_, data := s.do("GET", "/api/games/"+st.ID+"/pgn", nil)
	assert.Contains(t, string(data), ", Draw by agreement}")
	s.refuse(409, "the game is over", "POST", "/api/games/"+st.ID+"/draw", map[string]any{})

	// A human game: resignation and agreement by the result call.
	st = s.newGame("chess", "")
	st = s.play(st, "e4")
	s.refuse(400, "a resignation is 1-0 or 0-1", "POST", "/api/games/"+st.ID+"/result", map[string]string{"result": "1/2-1/2", "termination": "normal", "by": "resignation"})
	s.refuse(400, `by is "resignation" or "agreement"`, "POST", "/api/games/"+st.ID+"/result", map[string]string{"result": "1-0", "termination": "normal", "by": "flag"})
	st = s.state(200, "POST", "/api/games/"+st.ID+"/result", map[string]string{"result": "1-0", "termination": "normal", "by": "resignation"})
	assert.Equal(t, "Black resigns", st.Verdict.Reason)
}
