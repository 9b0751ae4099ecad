package web

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/internal/testload"
	"senapati/pgn"
	"senapati/search"
	"senapati/wdl"
)

// searchEvents collects a game's info events until the search ends, within
// so much CPU time.
func searchEvents(t *testing.T, ev *sse, within time.Duration) []infoView {
	t.Helper()
	var infos []infoView
	timer := testload.NewTimer(t, within)
	defer timer.Stop()
	for {
		select {
		case e, ok := <-ev.events:
			require.True(t, ok, "the event stream ended during the search")
			switch e.name {
			case "info":
				var iv infoView
				require.NoError(t, json.Unmarshal(e.data, &iv))
				infos = append(infos, iv)
			case "search":
				var s struct{ Running bool }
				require.NoError(t, json.Unmarshal(e.data, &s))
				if !s.Running {
					return infos
				}
			}
		case <-timer.C:
			t.Fatalf("the search did not end within %v of CPU time", within)
		}
	}
}

// checkWDL: a report's chances are the model's for the position searched
// and the score reported, and sum to 1000.
func checkWDL(t *testing.T, root *board.Position, iv infoView) {
	t.Helper()
	require.NotNil(t, iv.WDL, "a report without win/draw/loss")
	assert.Equal(t, 1000, iv.WDL.Win+iv.WDL.Draw+iv.WDL.Loss)
	if iv.CP != nil {
		w, d, l := wdl.Of(root, *iv.CP)
		assert.Equal(t, wdlView{w, d, l}, *iv.WDL, "cp %d", *iv.CP)
	}
}

// pgnTag is a tag of the game's PGN record.
func (s *testServer) pgnTag(id, name string) string {
	s.t.Helper()
	status, data := s.do("GET", "/api/games/"+id+"/pgn", nil)
	require.Equal(s.t, 200, status)
	games, err := pgn.ParseString(string(data))
	require.NoError(s.t, err)
	require.Len(s.t, games, 1)
	v, _ := games[0].Tag(name)
	return v
}

func (s *testServer) engineSettings(id string) search.Settings {
	s.t.Helper()
	g, err := s.srv.games.get(id)
	require.NoError(s.t, err)
	g.mu.Lock()
	defer g.mu.Unlock()
	require.NotNil(s.t, g.engine)
	return g.engine.Settings()
}

func TestEngineStrengthLevels(t *testing.T) {
	s := newTestServer(t)
	st := s.newGame("chess", "")
	game := "/api/games/" + st.ID
	ev := s.subscribe(st.ID)
	ev.next(t, "state", time.Second)

	for _, c := range []struct {
		want, path string
		body       any
	}{
		{"skill must be 0 to 20, not -1", "/engine", map[string]int{"skill": -1}},
		{"skill must be 0 to 20, not 21", "/engine", map[string]int{"skill": 21}},
		{"elo must be 1000 to 2400, not 999", "/engine", map[string]int{"elo": 999}},
		{"elo must be 1000 to 2400, not 2401", "/engine", map[string]int{"elo": 2401}},
		{"give skill or elo, not both", "/engine", map[string]int{"skill": 5, "elo": 1500}},
		{"malformed JSON", "/engine", `{"skill": "weak"}`},
		{"an analysis is at full strength", "/analysis", map[string]int{"skill": 5}},
		{"an analysis is at full strength", "/analysis", map[string]int{"elo": 1500}},
	} {
		s.refuse(400, c.want, "POST", game+c.path, c.body)
	}
	require.Zero(t, s.state(200, "GET", game, nil).Plies, "a refused request plays nothing")

	// The same depth-6 search at Skill Level 0 and at full strength: the
	// weakened one stops at its node budget (300 nodes) once depth 1 is
	// complete, short of depth 6; the full one searches all six plies.
	// Every report carries the model's chances for the position searched.
	budget := search.LevelNodes(0)
	last := func(infos []infoView) infoView {
		require.NotEmpty(t, infos)
		return infos[len(infos)-1]
	}
	start := board.Chess().StartPosition()
	st = s.state(200, "POST", game+"/engine", map[string]int{"depth": 6, "skill": 0})
	require.Equal(t, 1, st.Plies)
	weak := searchEvents(t, ev, 10*time.Second)
	for _, iv := range weak {
		checkWDL(t, &start, iv)
	}
	assert.LessOrEqual(t, last(weak).Nodes, 2*budget, "Skill Level 0 spends about %d nodes", budget)
	assert.Less(t, last(weak).Depth, 6)
	got := s.engineSettings(st.ID).Strength
	assert.Equal(t, 0, got.Skill())
	assert.False(t, got.Limited)

	afterFirst := start
	m, err := afterFirst.ParseMove(st.Moves[0].UCI)
	require.NoError(t, err)
	afterFirst.DoMove(m)
	st = s.state(200, "POST", game+"/engine", map[string]int{"depth": 6})
	require.Equal(t, 2, st.Plies)
	full := searchEvents(t, ev, 60*time.Second)
	for _, iv := range full {
		checkWDL(t, &afterFirst, iv)
	}
	assert.Equal(t, 6, last(full).Depth, "no skill asked: full strength again")
	assert.Equal(t, float64(search.MaxSkill), s.engineSettings(st.ID).Strength.Level())

	st = s.state(200, "POST", game+"/engine", map[string]int{"depth": 4, "elo": 1800})
	require.Equal(t, 3, st.Plies)
	searchEvents(t, ev, 10*time.Second)
	got = s.engineSettings(st.ID).Strength
	assert.True(t, got.Limited)
	assert.Equal(t, 1800, got.Elo)
	assert.Less(t, got.Level(), float64(search.MaxSkill))

	// The PGN names the strength each side's engine played at.
	assert.Equal(t, "Senapati (strength varied)", s.pgnTag(st.ID, "White"), "Skill Level 0, then UCI_Elo 1800")
	assert.Equal(t, "Senapati", s.pgnTag(st.ID, "Black"), "full strength")
	one := s.newGame("chess", "")
	s.state(200, "POST", "/api/games/"+one.ID+"/engine", map[string]int{"depth": 1, "elo": 1500})
	assert.Equal(t, "Senapati (UCI_Elo 1500)", s.pgnTag(one.ID, "White"))

	// An analysis after a weakened move searches at full strength.
	s.state(202, "POST", game+"/analysis", map[string]int{"depth": 2})
	searchEvents(t, ev, 10*time.Second)
	assert.Equal(t, float64(search.MaxSkill), s.engineSettings(st.ID).Strength.Level())
}

// A weakened engine told to stop plays its move at once, as the full one
// does. Its evaluation is slowed down so that its node budget would last
// seconds: the stop, not the budget, ends the search.
func TestWeakenedEngineStops(t *testing.T) {
	slowEval := func(p *board.Position) int {
		time.Sleep(20 * time.Microsecond)
		return materialEval(p)
	}
	s := newTestServerWith(t, func(st search.Settings) (*search.Engine, error) {
		return search.NewEngine(st, search.Static(slowEval), materialValue), nil
	})
	for _, c := range []struct {
		level  map[string]int
		budget uint64
	}{
		{map[string]int{"skill": 19}, search.LevelNodes(19)},
		{map[string]int{"elo": 2200}, search.LevelNodes(search.EloLevel(2200))},
	} {
		st := s.newGame("durg", "")
		ev := s.subscribe(st.ID)
		done := make(chan stateView, 1)
		body := map[string]int{"movetime": 60000}
		for k, v := range c.level {
			body[k] = v
		}
		go func() { done <- s.state(200, "POST", "/api/games/"+st.ID+"/engine", body) }()
		ev.next(t, "info", 20*time.Second) // it has a move
		stopped := time.Now()
		s.state(200, "POST", "/api/games/"+st.ID+"/stop", nil)
		select {
		case st = <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("%v: the engine did not move after stop", c.level)
		}
		assert.Less(t, time.Since(stopped), 5*time.Second, "%v", c.level)
		require.Equal(t, 1, st.Plies, "%v", c.level)
		assert.True(t, st.Moves[0].Engine)
		infos := searchEvents(t, ev, 5*time.Second)
		require.NotEmpty(t, infos, "%v: the lines it chose from", c.level)
		assert.Less(t, infos[len(infos)-1].Nodes, c.budget, "%v: stopped before its budget", c.level)
		assert.Less(t, s.engineSettings(st.ID).Strength.Level(), float64(search.MaxSkill), "%v", c.level)
	}
}
