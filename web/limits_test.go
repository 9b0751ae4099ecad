package web

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"senapati/wdl"
)

// TestSlowBodyIsCutOff: a client that sends a request body a byte at a
// time (50 of them used to hold their connections for the 70 s watched)
// loses its connection once the body timeout passes.
func TestSlowBodyIsCutOff(t *testing.T) {
	srv := NewServer(Config{Threads: 1, HashMB: 1, LoopbackOnly: true, BodyTimeout: 300 * time.Millisecond}, newTestEngine, wdl.Of)
	ts := httptest.NewServer(srv)
	defer ts.Close()
	defer srv.Close()

	c, err := net.Dial("tcp", ts.Listener.Addr().String())
	require.NoError(t, err)
	defer c.Close()
	fmt.Fprintf(c, "POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
	start := time.Now()
	closed := make(chan error, 1)
	go func() {
		// The server answers 400 for the cut body, or just closes.
		_, err := io.ReadAll(c)
		closed <- err
	}()
	// A byte a second after the first: the body never completes.
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-closed:
			// Far below the 100 s the body would take at this rate; the
			// bound is the timeout's and load cannot lengthen it much.
			require.Less(t, time.Since(start), 30*time.Second)
			return
		case <-tick.C:
			if _, err := c.Write([]byte(" ")); err != nil {
				return // closed while writing: the same outcome
			}
			require.Less(t, time.Since(start), 30*time.Second, "the slow body's connection is still open")
		}
	}
}

// TestNormalBodyAfterTheTimeoutIsKept: the deadline is lifted once the
// body is read, so a connection reused after the timeout still works and
// an engine move that takes longer than the body timeout completes.
func TestNormalBodyAfterTheTimeoutIsKept(t *testing.T) {
	srv := NewServer(Config{Threads: 1, HashMB: 1, LoopbackOnly: true, BodyTimeout: 200 * time.Millisecond}, newTestEngine, wdl.Of)
	ts := httptest.NewServer(srv)
	defer ts.Close()
	defer srv.Close()
	s := &testServer{t: t, srv: srv, ts: ts}
	st := s.state(201, "POST", "/api/games", map[string]any{})
	time.Sleep(400 * time.Millisecond)
	status, body := s.do("POST", "/api/games/"+st.ID+"/engine", map[string]any{"movetime": 700})
	require.Equal(t, 200, status, string(body))
}

// TestConnectionsAreCapped: past the per-client bound a connection is
// closed at once, and one is admitted again when another closes (2,000
// idle connections were accepted before).
func TestConnectionsAreCapped(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	limited := LimitListener(ln, 100, 3)
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") })}
	go srv.Serve(limited)
	defer srv.Close()

	get := func(c net.Conn) (string, error) {
		fmt.Fprintf(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
		c.SetReadDeadline(time.Now().Add(20 * time.Second))
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			return "", err
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		return string(b), err
	}
	var conns []net.Conn
	for i := 0; i < 3; i++ {
		c, err := net.Dial("tcp", ln.Addr().String())
		require.NoError(t, err)
		defer c.Close()
		body, err := get(c)
		require.NoError(t, err)
		require.Equal(t, "ok", body)
		conns = append(conns, c)
	}
	extra, err := net.Dial("tcp", ln.Addr().String())
	require.NoError(t, err)
	_, err = get(extra)
	require.Error(t, err, "a fourth connection from one address is closed")
	extra.Close()

	conns[0].Close()
	require.Eventually(t, func() bool {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			return false
		}
		defer c.Close()
		body, err := get(c)
		return err == nil && body == "ok"
	}, 20*time.Second, 50*time.Millisecond, "a slot freed by a close is taken again")
}

// TestEventStreamsAreCapped: one address gets StreamsPerClient streams;
// the next is refused with 503 and a reason.
func TestEventStreamsAreCapped(t *testing.T) {
	srv := NewServer(Config{Threads: 1, HashMB: 1, LoopbackOnly: true, StreamsPerClient: 2}, newTestEngine, wdl.Of)
	ts := httptest.NewServer(srv)
	defer ts.Close()
	defer srv.Close()
	s := &testServer{t: t, srv: srv, ts: ts}
	st := s.state(201, "POST", "/api/games", map[string]any{})
	open := func() *http.Response {
		resp, err := http.Get(ts.URL + "/api/games/" + st.ID + "/events")
		require.NoError(t, err)
		return resp
	}
	for i := 0; i < 2; i++ {
		resp := open()
		defer resp.Body.Close()
		require.Equal(t, 200, resp.StatusCode)
		line, err := bufio.NewReader(resp.Body).ReadString('\n')
		require.NoError(t, err)
		require.Equal(t, "event: state\n", line)
	}
	resp := open()
	defer resp.Body.Close()
	require.Equal(t, 503, resp.StatusCode)
	b, _ := io.ReadAll(resp.Body)
	require.Contains(t, string(b), "too many event streams")
}

// TestGameIDsCannotBeGuessed: ids are random (not a salt and a counter),
// long enough that a network client cannot find another person's game.
func TestGameIDsCannotBeGuessed(t *testing.T) {
	s := newTestServer(t)
	seen := map[string]bool{}
	var prev string
	for i := 0; i < 20; i++ {
		id := s.state(201, "POST", "/api/games", map[string]any{}).ID
		require.GreaterOrEqual(t, len(id), 26, id)
		require.False(t, seen[id])
		seen[id] = true
		if prev != "" {
			// No shared prefix beyond chance: a counter or salt would show.
			common := 0
			for common < len(id) && common < len(prev) && id[common] == prev[common] {
				common++
			}
			require.Less(t, common, 6, "%s and %s", prev, id)
		}
		prev = id
		require.False(t, strings.ContainsAny(id, "/?#&% "), id)
	}
}
