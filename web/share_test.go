package web

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"senapati/board"
)

// share makes a shared game; base and inc are its clock in ms (0: none).
func (s *testServer) share(variant, fen string, base, inc int) stateView {
	s.t.Helper()
	return s.state(201, "POST", "/api/games", map[string]any{"variant": variant, "fen": fen, "share": map[string]int{"base": base, "inc": inc}})
}

// as is the path of a shared game's call with a token.
func as(st stateView, call, token string) string {
	return "/api/games/" + st.ID + call + "?token=" + token
}

func TestSharedGameSeats(t *testing.T) {
	s := newTestServer(t)
	st := s.share("durg", "", 0, 0)
	white, black, spectator := st.Tokens["white"], st.Tokens["black"], st.Tokens["spectator"]
	require.Len(t, st.Tokens, 3)
	for _, tok := range []string{white, black, spectator} {
		assert.Len(t, tok, 26, "128 bits in base32")
	}
	assert.NotEqual(t, white, black)
	assert.NotEqual(t, black, spectator)
	assert.NotNil(t, st.Shared)
	assert.Nil(t, st.Shared.Clock, "no clock asked")
	// Other games are not shared.
	assert.Nil(t, s.newGame("durg", "").Shared)

	// Without a token, or with another game's, nothing: no state, no
	// events, no PGN, no move.
	other := s.share("durg", "", 0, 0)
	for _, tok := range []string{"", "x", other.Tokens["white"], strings.ToLower(white)} {
		for _, c := range []struct{ method, call string }{{"GET", ""}, {"GET", "/events"}, {"GET", "/pgn"}, {"POST", "/move"}, {"DELETE", ""}} {
			var body any
			if c.call == "/move" {
				body = map[string]string{"move": "e2e3"}
			}
			status, data := s.do(c.method, as(st, c.call, tok), body)
			assert.Equal(t, 403, status, "%s %s with %q: %s", c.method, c.call, tok, data)
		}
	}
	s.refuse(403, "only its invitation links", "POST", "/api/games/"+st.ID+"/move", map[string]string{"move": "e2e3"})
	s.refuse(403, "not one of this game's", "POST", as(st, "/move", other.Tokens["white"]), map[string]string{"move": "e2e3"})

	// Each token says its seat; a player also gets the spectators' token.
	for seat, tok := range map[string]string{"white": white, "black": black, "spectator": spectator} {
		got := s.state(200, "GET", as(st, "", tok), nil)
		assert.Equal(t, seat, got.Seat)
		if seat == "spectator" {
			assert.Empty(t, got.Tokens)
		} else {
			assert.Equal(t, map[string]string{"spectator": spectator}, got.Tokens)
		}
	}

	// A seat moves its own side only; a spectator never.
	s.refuse(403, "it is White's turn: this link plays Black", "POST", as(st, "/move", black), map[string]string{"move": "e8e7"})
	s.refuse(403, "a spectator's link watches", "POST", as(st, "/move", spectator), map[string]string{"move": "e2e3"})
	watch := s.subscribeAs(st.ID, spectator)
	st = s.state(200, "POST", as(st, "/move", white), map[string]string{"move": "e2e3"})
	assert.Empty(t, st.Seat, "a move's answer is the state everyone gets")
	s.refuse(403, "it is Black's turn: this link plays White", "POST", as(st, "/move", white), map[string]string{"move": "d2d3"})
	st = s.state(200, "POST", as(st, "/move", black), map[string]string{"move": "e8e7"})
	var seen stateView
	for seen.Plies < 2 {
		seen = stateOf(t, watch.next(t, "state", 5*time.Second))
	}
	assert.Equal(t, "e2e3 e8e7", strings.Join(uciOf(seen), " "), "the spectator saw both moves")
	assert.Empty(t, seen.Seat, "an event names no seat")
	assert.Empty(t, seen.Tokens, "an event holds no token")

	// Nobody takes back, sets up, asks the engine or analyses a shared
	// game, or deletes it.
	for _, tok := range []string{white, black} {
		for _, call := range []string{"/undo", "/fen", "/engine", "/analysis", "/stop"} {
			s.refuse(403, "a shared game takes only its players' moves and resignations", "POST", as(st, call, tok), map[string]any{})
		}
		s.refuse(403, "a shared game takes only", "DELETE", as(st, "", tok), nil)
	}
	s.refuse(403, "a spectator's link watches", "POST", as(st, "/undo", spectator), nil)

	// The PGN is there for every token.
	status, pgnText := s.do("GET", as(st, "/pgn", spectator), nil)
	require.Equal(t, 200, status)
	assert.Contains(t, string(pgnText), "1. e3 e7")

	// A player resigns for its own side only.
	s.refuse(403, "a player may only resign: White resigns with 0-1", "POST", as(st, "/result", white), map[string]string{"result": "1-0", "termination": "normal"})
	s.refuse(403, "a spectator's link watches", "POST", as(st, "/result", spectator), map[string]string{"result": "1-0", "termination": "normal"})
	st = s.state(200, "POST", as(st, "/result", white), map[string]string{"result": "0-1", "termination": "normal"})
	assert.Equal(t, verdictView{Over: true, Result: "0-1", Termination: "normal", Winner: "black", Reason: "White resigns", Declared: true}, st.Verdict)
	s.refuse(409, "the game is over: White resigns", "POST", as(st, "/move", white), map[string]string{"move": "d2d3"})
}

// The clock is the server's: it starts with the first move, charges each
// mover with the time taken and adds the increment, and a flag falls
// with nobody asking.
func TestSharedClock(t *testing.T) {
	s := newTestServer(t)
	st := s.share("chess", "", 60_000, 1000)
	white, black, spectator := st.Tokens["white"], st.Tokens["black"], st.Tokens["spectator"]
	assert.Equal(t, &clockView{White: 60_000, Black: 60_000, Base: 60_000, Inc: 1000}, st.Shared.Clock, "stopped until the first move")
	time.Sleep(100 * time.Millisecond)
	whiteSent := time.Now()
	st = s.state(200, "POST", as(st, "/move", white), map[string]string{"move": "e4"})
	whiteAnswered := time.Now()
	c := st.Shared.Clock
	assert.Equal(t, int64(60_000), c.White, "the first move costs nothing")
	assert.Equal(t, "black", c.Running)
	// Black's time runs from a moment between White's request and its
	// answer: what Black has used lies between these bounds (in ms).
	used := func(sent, answered time.Time) (int64, int64) {
		return sent.Sub(whiteAnswered).Milliseconds() - 1, answered.Sub(whiteSent).Milliseconds() + 1
	}
	time.Sleep(300 * time.Millisecond)
	// A reload sees the time running...
	sent := time.Now()
	c = s.state(200, "GET", as(st, "", black), nil).Shared.Clock
	lo, hi := used(sent, time.Now())
	assert.True(t, 60_000-hi <= c.Black && c.Black <= 60_000-lo, "Black has %d ms, used %d to %d of 60000", c.Black, lo, hi)
	// ...and the move is charged, with the increment.
	sent = time.Now()
	st = s.state(200, "POST", as(st, "/move", black), map[string]string{"move": "e5"})
	lo, hi = used(sent, time.Now())
	c = st.Shared.Clock
	assert.True(t, 61_000-hi <= c.Black && c.Black <= 61_000-lo, "Black has %d ms, used %d to %d of 60000 + 1000", c.Black, lo, hi)
	assert.Greater(t, lo, int64(250))
	assert.Equal(t, "white", c.Running)
	status, pgnText := s.do("GET", as(st, "/pgn", white), nil)
	require.Equal(t, 200, status)
	assert.Contains(t, string(pgnText), `[TimeControl "60+1"]`)

	// A flag falls by itself: Black has 0.3 s and nobody moves.
	st = s.share("chess", "", 300, 0)
	watch := s.subscribeAs(st.ID, st.Tokens["spectator"])
	white, black, spectator = st.Tokens["white"], st.Tokens["black"], st.Tokens["spectator"]
	st = s.state(200, "POST", as(st, "/move", white), map[string]string{"move": "e4"})
	var seen stateView
	for !seen.Verdict.Over {
		seen = stateOf(t, watch.next(t, "state", 3*time.Second))
	}
	assert.Equal(t, verdictView{Over: true, Result: "1-0", Termination: "time forfeit", Winner: "white", Reason: "White wins on time", Declared: true}, seen.Verdict)
	assert.Equal(t, &clockView{White: 300, Black: 0, Base: 300}, seen.Shared.Clock)
	s.refuse(409, "the game is over: White wins on time", "POST", as(st, "/move", black), map[string]string{"move": "e5"})
	status, pgnText = s.do("GET", as(st, "/pgn", spectator), nil)
	require.Equal(t, 200, status)
	assert.Contains(t, string(pgnText), `[Termination "time forfeit"]`)
}

func TestShareRequestChecked(t *testing.T) {
	s := newTestServer(t)
	for _, c := range []struct {
		share map[string]int
		want  string
	}{
		{map[string]int{"base": -1}, "share.base must be 0 to"},
		{map[string]int{"base": 1000, "inc": -5}, "share.inc must be 0 to"},
		{map[string]int{"inc": 5}, "share.inc needs a clock"},
	} {
		s.refuse(400, c.want, "POST", "/api/games", map[string]any{"share": c.share})
	}
	// A game goes on shared from where it stands (the page shares its
	// game so far).
	st := s.state(201, "POST", "/api/games", map[string]any{"variant": "durg", "moves": []string{"e2e3", "e8e7"}, "share": map[string]int{}})
	assert.Equal(t, 2, st.Plies)
	assert.NotNil(t, st.Shared)
}

// Shared games have a bound of their own: they neither push out nor are
// pushed out by the games of single players.
func TestSharedGamesApart(t *testing.T) {
	r := registry{games: map[string]*game{}}
	var private []*game
	for i := 0; i < maxGames; i++ {
		g := newGame("", board.Chess().StartPosition())
		g.subs[&subscriber{}] = struct{}{}
		require.NoError(t, r.add(g))
		private = append(private, g)
	}
	for i := 0; i < 60; i++ {
		g := newGame("", board.Chess().StartPosition())
		g.shared = &sharing{}
		require.NoError(t, r.add(g), "shared game %d", i)
	}
	for _, g := range private {
		_, err := r.get(g.id)
		require.NoError(t, err)
	}
	err := r.add(newGame("", board.Chess().StartPosition()))
	require.Error(t, err, "the single players' games are still all in use")
}

// A page that falls behind by more states than its buffer still gets the
// last one, which holds every move.
func TestSlowPageGetsTheLastState(t *testing.T) {
	s := newTestServer(t)
	st := s.newGame("chess", "")
	// A stream read through a pipe: until the page reads, the server's
	// writes wait and the game's events pile up.
	pr, pw := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	req := httptest.NewRequestWithContext(ctx, "GET", "/api/games/"+st.ID+"/events", nil)
	req.Host = "127.0.0.1"
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.srv.ServeHTTP(&pipeWriter{header: http.Header{}, w: pw}, req)
	}()
	defer func() {
		cancel()
		pr.Close()
		<-done
	}()
	events := make(chan event, 4096)
	release := make(chan struct{})
	go readEvents(pr, events, release)
	first := <-events
	require.Equal(t, "state", first.name)

	rng := rand.New(rand.NewPCG(3, 5))
	n := 0
	for n < 3*eventsBuffer {
		moves := legal(st)
		next := s.play(st, moves[rng.IntN(len(moves))])
		if next.Verdict.Over {
			st = s.state(200, "POST", "/api/games/"+st.ID+"/undo", nil)
			continue
		}
		st, n = next, n+1
	}
	// The page reads again: the last state comes, with every move.
	close(release)
	deadline := time.After(10 * time.Second)
	for {
		select {
		case ev, ok := <-events:
			require.True(t, ok, "the stream ended before the last state")
			if ev.name != "state" {
				continue
			}
			var got stateView
			require.NoError(t, json.Unmarshal(ev.data, &got))
			if got.Version == st.Version {
				assert.Equal(t, uciOf(st), uciOf(got), "every move reached the slow page")
				return
			}
		case <-deadline:
			t.Fatalf("the slow page never got the last state (version %d)", st.Version)
		}
	}
}

// pipeWriter is a ResponseWriter whose writes wait for the reader.
type pipeWriter struct {
	header http.Header
	w      io.Writer
}

func (p *pipeWriter) Header() http.Header         { return p.header }
func (p *pipeWriter) Write(b []byte) (int, error) { return p.w.Write(b) }
func (p *pipeWriter) WriteHeader(int)             {}
func (p *pipeWriter) Flush()                      {}

// readEvents parses a stream of server-sent events into out; after the
// first event it waits for release, as a page that hangs a while.
func readEvents(r io.Reader, out chan<- event, release <-chan struct{}) {
	defer close(out)
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	var ev event
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event: "):
			ev.name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			ev.data = []byte(strings.TrimPrefix(line, "data: "))
		case line == "" && ev.name != "":
			out <- ev
			ev = event{}
			if release != nil {
				<-release
			}
		}
	}
}

func stateOf(t *testing.T, ev event) stateView {
	t.Helper()
	var st stateView
	require.NoError(t, json.Unmarshal(ev.data, &st), string(ev.data))
	return st
}

func uciOf(st stateView) []string {
	out := []string{}
	for _, m := range st.Moves {
		out = append(out, m.UCI)
	}
	return out
}
