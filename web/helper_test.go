package web

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/internal/testload"
	"senapati/search"
	"senapati/wdl"
)

// The tests' engine counts material only: web never sees the evaluation
// (main hands the real one over), and a small search on it is quick.
func materialValue(_ *board.Variant, t board.PieceType) int {
	return [...]int{board.Pawn: 100, board.Knight: 300, board.Bishop: 320, board.Rook: 500, board.Queen: 900,
		board.Ferz: 150, board.Alfil: 120, board.Rath: 450, board.King: 0, board.Durg: 0}[t]
}

func materialEval(p *board.Position) int {
	score := 0
	for s := p.Occupied(); s.Any(); {
		pc := p.PieceAt(s.Pop())
		v := materialValue(p.Variant(), pc.Type())
		if pc.Color() != p.SideToMove() {
			v = -v
		}
		score += v
	}
	return score
}

func newTestEngine(s search.Settings) (*search.Engine, error) {
	return search.NewEngine(s, search.Static(materialEval), materialValue), nil
}

type testServer struct {
	t   *testing.T
	srv *Server
	ts  *httptest.Server
}

func newTestServer(t *testing.T) *testServer {
	t.Helper()
	return newTestServerWith(t, newTestEngine)
}

func newTestServerWith(t *testing.T, newEngine search.Factory) *testServer {
	t.Helper()
	srv := NewServer(Config{Threads: 2, HashMB: 1, LoopbackOnly: true}, newEngine, wdl.Of)
	ts := httptest.NewServer(srv)
	t.Cleanup(func() {
		srv.Close()
		ts.Close()
	})
	return &testServer{t: t, srv: srv, ts: ts}
}

// do sends a request and returns the status and the body.
func (s *testServer) do(method, path string, body any) (int, []byte) {
	s.t.Helper()
	return s.doCtx(context.Background(), method, path, body)
}

func (s *testServer) doCtx(ctx context.Context, method, path string, body any) (int, []byte) {
	s.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		data, err := json.Marshal(b)
		require.NoError(s.t, err)
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, s.ts.URL+path, rd)
	require.NoError(s.t, err)
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, []byte(err.Error())
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	require.NoError(s.t, err)
	return resp.StatusCode, data
}

// state sends a request that must succeed with want and returns the game state.
func (s *testServer) state(want int, method, path string, body any) stateView {
	s.t.Helper()
	status, data := s.do(method, path, body)
	require.Equal(s.t, want, status, "%s %s: %s", method, path, data)
	var st stateView
	require.NoError(s.t, json.Unmarshal(data, &st), string(data))
	return st
}

// refuse sends a request that must fail with status and an error message
// containing want.
func (s *testServer) refuse(status int, want, method, path string, body any) {
	s.t.Helper()
	got, data := s.do(method, path, body)
	require.Equal(s.t, status, got, "%s %s: %s", method, path, data)
	var e struct{ Error string }
	require.NoError(s.t, json.Unmarshal(data, &e), string(data))
	require.Contains(s.t, e.Error, want)
}

func (s *testServer) newGame(variant, fen string) stateView {
	s.t.Helper()
	return s.state(201, "POST", "/api/games", map[string]any{"variant": variant, "fen": fen})
}

func (s *testServer) play(st stateView, move string) stateView {
	s.t.Helper()
	return s.state(200, "POST", "/api/games/"+st.ID+"/move", map[string]string{"move": move})
}

// legal is every legal turn the state offers, as sorted UCI strings.
func legal(st stateView) []string {
	out := []string{}
	for _, g := range st.Turns {
		for _, ts := range g.Moves {
			for _, t := range ts {
				out = append(out, t.UCI)
			}
		}
		for _, t := range g.Calls {
			out = append(out, t.UCI)
		}
	}
	sort.Strings(out)
	return out
}

// findTarget is the offered turn with this UCI string.
func findTarget(st stateView, uci string) (target, bool) {
	for _, g := range st.Turns {
		for _, ts := range g.Moves {
			for _, t := range ts {
				if t.UCI == uci {
					return t, true
				}
			}
		}
		for _, t := range g.Calls {
			if t.UCI == uci {
				return t, true
			}
		}
	}
	return target{}, false
}

// sse reads a game's event stream.
type sse struct {
	events chan event
	cancel context.CancelFunc
}

func (s *testServer) subscribe(id string) *sse {
	s.t.Helper()
	return s.subscribeAs(id, "")
}

// subscribeAs reads a game's event stream with a token (a shared game's).
func (s *testServer) subscribeAs(id, token string) *sse {
	s.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	path := "/api/games/" + id + "/events"
	if token != "" {
		path += "?token=" + token
	}
	req, err := http.NewRequestWithContext(ctx, "GET", s.ts.URL+path, nil)
	require.NoError(s.t, err)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(s.t, err)
	require.Equal(s.t, 200, resp.StatusCode)
	require.Equal(s.t, "text/event-stream", resp.Header.Get("Content-Type"))
	out := &sse{events: make(chan event, 1024), cancel: cancel}
	go func() {
		defer resp.Body.Close()
		readEvents(resp.Body, out.events, nil)
	}()
	s.t.Cleanup(cancel)
	return out
}

// next waits for the next event named name, skipping others, within so
// much of the process's CPU time (testload), which load does not stretch.
func (e *sse) next(t *testing.T, name string, within time.Duration) event {
	t.Helper()
	timer := testload.NewTimer(t, within)
	defer timer.Stop()
	for {
		select {
		case ev, ok := <-e.events:
			require.True(t, ok, "the event stream ended while waiting for %q", name)
			if ev.name == name {
				return ev
			}
		case <-timer.C:
			t.Fatalf("no %q event within %v of CPU time", name, within)
		}
	}
}

// waitIdle waits until the game runs no search, within so much CPU time.
func (s *testServer) waitIdle(id string, within time.Duration) stateView {
	s.t.Helper()
	start := testload.Start(s.t)
	for {
		st := s.state(200, "GET", "/api/games/"+id, nil)
		if st.Searching == "" {
			return st
		}
		require.False(s.t, start.Over(within), "the game still searches after %v of CPU time", within)
		time.Sleep(10 * time.Millisecond)
	}
}

func decodeJSON(r io.Reader, v any) error { return json.NewDecoder(r).Decode(v) }
