package web

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"regexp"
	"senapati/internal/testio"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"senapati/search"
	"senapati/wdl"
)

func TestPlayCommandServesAndStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var out, errOut testio.SyncBuffer
	code := make(chan int, 1)
	go func() {
		code <- run(ctx, []string{"-addr", "127.0.0.1:0", "-variant", "durg", "-threads", "1", "-hash", "1"}, &out, &errOut, newTestEngine, wdl.Of)
	}()
	url := regexp.MustCompile(`open (http://127\.0\.0\.1:\d+/\?variant=durg)`)
	deadline := time.Now().Add(10 * time.Second)
	for url.FindStringSubmatch(out.String()) == nil {
		require.True(t, time.Now().Before(deadline), "no URL printed: %q %q", out.String(), errOut.String())
		time.Sleep(10 * time.Millisecond)
	}
	page := url.FindStringSubmatch(out.String())[1]
	resp, err := http.Get(page)
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Equal(t, 200, resp.StatusCode)
	assert.Contains(t, string(body), "Senapati board")
	// A page that holds an event stream open does not keep the server
	// from stopping.
	resp, err = http.Post(strings.Split(page, "/?")[0]+"/api/games", "application/json", strings.NewReader(`{}`))
	require.NoError(t, err)
	var id struct{ ID string }
	require.NoError(t, decodeJSON(resp.Body, &id))
	resp.Body.Close()
	stream, err := http.Get(strings.Split(page, "/?")[0] + "/api/games/" + id.ID + "/events")
	require.NoError(t, err)
	defer stream.Body.Close()

	cancel()
	select {
	case c := <-code:
		assert.Equal(t, 0, c)
	case <-time.After(10 * time.Second):
		t.Fatal("play did not stop")
	}
	assert.Contains(t, out.String(), "Senapati board stopped")
	assert.Empty(t, errOut.String(), "no warning on a loopback address")
}

func TestPlayCommandBadArguments(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
		code int
	}{
		{[]string{"-variant", "xiangqi"}, "unknown variant", 2},
		{[]string{"-threads", "0"}, "-threads must be 1 to 256", 2},
		{[]string{"-hash", "0"}, "-hash must be 1 to 4096", 2},
		{[]string{"-heartbeat", "1ms"}, "-heartbeat must be 100ms to 1h", 2},
		{[]string{"-heartbeat", "soon"}, "invalid value \"soon\" for flag -heartbeat", 2},
		{[]string{"-claim-after", "10ms"}, "-claim-after must be 1s to 24h", 2},
		{[]string{"extra"}, `unexpected argument "extra"`, 2},
		{[]string{"-nope"}, "flag provided but not defined", 2},
		{[]string{"-addr", "127.0.0.1:99999"}, "play:", 1},
		{[]string{"-help"}, "usage: senapati play", 0},
	} {
		var out, errOut bytes.Buffer
		assert.Equal(t, c.code, run(context.Background(), c.args, &out, &errOut, newTestEngine, wdl.Of), "%q", c.args)
		assert.Contains(t, errOut.String(), c.want, "%q", c.args)
	}
}

// A bad EvalFile ends play before it listens, with the factory's reason.
func TestPlayCommandRefusesWhatTheFactoryRefuses(t *testing.T) {
	var got string
	refuse := func(s search.Settings) (*search.Engine, error) {
		got = s.EvalFile
		return nil, errors.New("EvalFile: bad.nnue: cut short")
	}
	var out, errOut bytes.Buffer
	assert.Equal(t, 2, run(context.Background(), []string{"-addr", "127.0.0.1:0", "-evalfile", "bad.nnue"}, &out, &errOut, refuse, wdl.Of))
	assert.Equal(t, "bad.nnue", got)
	assert.Equal(t, "play: EvalFile: bad.nnue: cut short\n", errOut.String())
	assert.Empty(t, out.String(), "it never served")
}

// A game whose engine cannot be made (the file changed since the start)
// answers each search with the reason and stays idle, so the next try,
// once an engine can be made, plays.
func TestGameWithoutAnEngineSaysWhy(t *testing.T) {
	var broken atomic.Bool
	broken.Store(true)
	s := newTestServerWith(t, func(st search.Settings) (*search.Engine, error) {
		if broken.Load() {
			return nil, errors.New("EvalFile: gone.nnue: no such file")
		}
		return newTestEngine(st)
	})
	st := s.newGame("chess", "")
	game := "/api/games/" + st.ID
	s.refuse(500, "no engine: EvalFile: gone.nnue: no such file", "POST", game+"/engine", map[string]int{"depth": 1})
	broken.Store(false)
	st = s.state(200, "POST", game+"/engine", map[string]int{"depth": 1})
	assert.Equal(t, 1, st.Plies)
}
