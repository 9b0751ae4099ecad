package web

import (
	"encoding/json"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"senapati/wdl"
)

// newNetworkTestServer is a server as on -addr 0.0.0.0: no loopback
// check, so the bounds per client apply.
func newNetworkTestServer(t *testing.T) *testServer {
	t.Helper()
	srv := NewServer(Config{Threads: 2, HashMB: 1}, newTestEngine, wdl.Of)
	ts := httptest.NewServer(srv)
	t.Cleanup(func() {
		srv.Close()
		ts.Close()
	})
	return &testServer{t: t, srv: srv, ts: ts}
}

// The attack of issue 56: a stranger posts 256 shared games. A game in
// play, with no page open on it, must go on answering its players.
func TestSharedGameInPlayNotEvicted(t *testing.T) {
	for _, c := range []struct {
		name    string
		server  func(*testing.T) *testServer
		refused int // the first refused creation (0: none refused)
	}{
		{"loopback", newTestServer, 0},
		{"network", newNetworkTestServer, sharedPerClient},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := c.server(t)
			st := s.share("chess", "", 0, 0)
			white, black := st.Tokens["white"], st.Tokens["black"]
			s.state(200, "POST", as(st, "/move", white), map[string]string{"move": "e4"})
			s.state(200, "POST", as(st, "/move", black), map[string]string{"move": "e5"})
			refusedAt := 0
			for i := 1; i <= 256; i++ {
				status, data := s.do("POST", "/api/games", map[string]any{"share": map[string]any{}})
				if status == 201 {
					continue
				}
				require.Equal(t, 429, status, "creation %d: %s", i, data)
				assert.Contains(t, string(data), "shared games not yet ended")
				if refusedAt == 0 {
					refusedAt = i
				}
			}
			// The creator's own game counts to its bound.
			if c.refused > 0 {
				assert.Equal(t, c.refused, refusedAt, "the first creation refused")
			} else {
				assert.Zero(t, refusedAt, "on loopback only the total bounds")
			}
			got := s.state(200, "GET", as(st, "", white), nil)
			assert.Equal(t, 2, got.Plies)
			s.state(200, "POST", as(st, "/move", white), map[string]string{"move": "Nf3"})
		})
	}
}

// When every shared game is in play, a new one is refused rather than
// pushing one out; one that ended, one whose invitation nobody took up
// and one idle past sharedIdle give way, in that order.
func TestSharedEvictionOrder(t *testing.T) {
	s := newTestServer(t)
	var games []stateView
	for range maxShared {
		st := s.share("chess", "", 0, 0)
		s.state(200, "POST", as(st, "/move", st.Tokens["white"]), map[string]string{"move": "e4"})
		games = append(games, st)
	}
	s.refuse(503, "shared games are in play", "POST", "/api/games", map[string]any{"share": map[string]any{}})

	g, err := s.srv.games.get(games[7].ID)
	require.NoError(t, err)
	g.mu.Lock()
	g.lastUsed = time.Now().Add(-sharedIdle - time.Minute)
	g.mu.Unlock()
	s.state(200, "POST", as(games[9], "/result", games[9].Tokens["black"]), map[string]string{"result": "1-0", "termination": "normal"})

	// The ended game goes first, though the idle one is older.
	fresh := s.share("chess", "", 0, 0)
	s.refuse(404, "no game", "GET", as(games[9], "", games[9].Tokens["white"]), nil)
	s.state(200, "GET", "/api/games/"+fresh.ID+"?token="+fresh.Tokens["spectator"], nil)
	// Then the invitation nobody took up (a spectator's look does not
	// take it up), then the idle game.
	taken := s.share("chess", "", 0, 0)
	s.refuse(404, "no game", "GET", as(fresh, "", fresh.Tokens["white"]), nil)
	s.state(200, "GET", "/api/games/"+games[7].ID+"?token="+games[7].Tokens["spectator"], nil)
	s.state(200, "GET", as(taken, "", taken.Tokens["black"]), nil) // Black opens the link
	s.share("chess", "", 0, 0)
	s.refuse(404, "no game", "GET", as(games[7], "", games[7].Tokens["white"]), nil)
	for i, st := range append(games, taken) {
		if i != 7 && i != 9 {
			s.state(200, "GET", as(st, "", st.Tokens["black"]), nil)
		}
	}
}

// A move whose answer was lost is sent again with the ply it was made
// on: the server answers with the state and does not play it twice,
// whether the game is shared or not and whether or not the other side
// has answered meanwhile; another move on that old ply is refused.
func TestRepeatedMoveIsNotPlayedTwice(t *testing.T) {
	s := newTestServer(t)
	own := s.newGame("chess", "")
	path := "/api/games/" + own.ID + "/move"
	first := s.state(200, "POST", path, map[string]any{"move": "e4", "ply": 0, "at": 0})
	for _, again := range []string{"e4", "e2e4"} {
		st := s.state(200, "POST", path, map[string]any{"move": again, "ply": 0, "at": 0})
		assert.Equal(t, 1, st.Plies, "%s again", again)
		assert.Equal(t, first.Version, st.Version, "nothing changed")
	}
	s.refuse(409, "changed meanwhile", "POST", path, map[string]any{"move": "d4", "ply": 0, "at": 0})

	sh := s.share("durg", "", 60000, 0)
	white, black := sh.Tokens["white"], sh.Tokens["black"]
	ev := s.subscribeAs(sh.ID, sh.Tokens["spectator"])
	ev.next(t, "state", 5*time.Second)
	s.state(200, "POST", as(sh, "/move", white), map[string]any{"move": "e2e3", "ply": 0})
	ev.next(t, "state", 5*time.Second)
	s.state(200, "POST", as(sh, "/move", black), map[string]any{"move": "e8e7", "ply": 1})
	ev.next(t, "state", 5*time.Second)
	// White's first move again, after Black's answer: the state, with
	// White's seat, and no new state to the watchers.
	st := s.state(200, "POST", as(sh, "/move", white), map[string]any{"move": "e2e3", "ply": 0})
	assert.Equal(t, 2, st.Plies)
	assert.Equal(t, "white", st.Seat)
	// Black may not pass White's move off as its own repeat.
	s.refuse(409, "changed meanwhile", "POST", as(sh, "/move", black), map[string]any{"move": "e2e3", "ply": 0})
	s.state(200, "POST", as(sh, "/move", white), map[string]any{"move": "d2d3", "ply": 2})
	next := ev.next(t, "state", 5*time.Second)
	var got stateView
	require.NoError(t, json.Unmarshal(next.data, &got))
	assert.Equal(t, 3, got.Plies, "the repeat sent the watchers nothing: the next state they get is the next move's")
	assert.Equal(t, 3, s.state(200, "GET", as(sh, "", white), nil).Plies)
}

// A takeback sent again is not taken twice.
func TestRepeatedUndo(t *testing.T) {
	s := newTestServer(t)
	st := s.newGame("chess", "")
	for _, m := range []string{"e4", "e5", "Nf3"} {
		st = s.play(st, m)
	}
	path := "/api/games/" + st.ID + "/undo"
	for range 2 {
		got := s.state(200, "POST", path, map[string]int{"plies": 2, "ply": 3})
		assert.Equal(t, 1, got.Plies)
	}
	s.refuse(409, "changed meanwhile", "POST", path, map[string]int{"plies": 1, "ply": 3})
}
