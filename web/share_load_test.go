package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"runtime"
	"slices"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The load of two people on two machines, many times over: 50 shared
// Durg games played at once by API clients for a bounded time (3 s;
// SENAPATI_SHARE_LOAD=60s for the minute), each with its two
// players and a spectator on event streams. A player moves when its
// stream shows its turn, as a page does. Every watcher must see every
// move: the last state each one gets is the game's, and the states it
// gets only ever add moves.
func TestSharedGamesUnderLoad(t *testing.T) {
	const games = 50
	length := 3 * time.Second
	if d, err := time.ParseDuration(os.Getenv("SENAPATI_SHARE_LOAD")); err == nil && d > 0 {
		length = d
	}
	s := newTestServer(t)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 4 * games}}
	defer client.CloseIdleConnections()
	idle := heapInUse()

	// The games and their streams first, then the clock.
	set := make([]*sharedPlay, games)
	errs := make(chan error, 4*games)
	var wg sync.WaitGroup
	for i := range games {
		wg.Go(func() {
			var err error
			if set[i], err = setUpShared(s.ts.URL, client); err != nil {
				errs <- fmt.Errorf("game %d: %v", i, err)
			}
		})
	}
	wg.Wait()
	require.Empty(t, errs)

	began := time.Now()
	stop := began.Add(length)
	var mu sync.Mutex
	var played, delivered, coalesced int
	var lags []time.Duration
	for i := range games {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(i), 31))
			for sp := set[i]; ; {
				r, err := sp.play(client, rng, stop)
				if err != nil {
					errs <- fmt.Errorf("game %d: %v", i, err)
					return
				}
				mu.Lock()
				played += r.moves
				delivered += r.delivered
				coalesced += r.coalesced
				lags = append(lags, r.lags...)
				mu.Unlock()
				if !time.Now().Before(stop) {
					return
				}
				// The game ended: the two play another.
				if sp, err = setUpShared(s.ts.URL, client); err != nil {
					errs <- fmt.Errorf("game %d: %v", i, err)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	elapsed := time.Since(began)
	client.CloseIdleConnections()
	sort.Slice(lags, func(i, j int) bool { return lags[i] < lags[j] })
	lag := "none measured"
	if n := len(lags); n > 0 {
		lag = fmt.Sprintf("median %v, 99%% %v, max %v", lags[n/2].Round(time.Microsecond), lags[n*99/100].Round(time.Microsecond), lags[n-1].Round(time.Microsecond))
	}
	t.Logf("%d shared games at once for %v: %d moves (%.0f/s), %d states delivered to 3 watchers each (%d coalesced into a later one); from a move sent to the spectator's state: %s",
		games, elapsed.Round(time.Millisecond), played, float64(played)/elapsed.Seconds(), delivered, coalesced, lag)
	require.GreaterOrEqual(t, played, 2*games, "both players of every game moved")
	// The streams are closed; what the games hold stays small.
	t.Logf("heap in use: %.1f MB idle, %.1f MB after the games", idle, heapInUse())
}

func heapInUse() float64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapInuse) / (1 << 20)
}

// loadResult is what one shared game of the load test did.
type loadResult struct {
	moves, delivered, coalesced int
	lags                        []time.Duration // from a move's answer to the spectator's state
}

// sharedPlay is a shared game of the load test with its three streams.
type sharedPlay struct {
	base     string
	st       stateView
	watchers []*watcher
	cancel   context.CancelFunc
}

var seats = []string{"white", "black", "spectator"}

// setUpShared makes a shared Durg game and opens its streams.
func setUpShared(base string, client *http.Client) (*sharedPlay, error) {
	sp := &sharedPlay{base: base}
	if err := call(client, "POST", base+"/api/games", map[string]any{"variant": "durg", "share": map[string]int{"base": 600_000, "inc": 1000}}, 201, &sp.st); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	sp.cancel = cancel
	for _, seat := range seats {
		ch, err := stream(ctx, client, base+"/api/games/"+sp.st.ID+"/events?token="+sp.st.Tokens[seat])
		if err != nil {
			cancel()
			return nil, err
		}
		sp.watchers = append(sp.watchers, &watcher{who: seat, ch: ch})
	}
	return sp, nil
}

// play plays the game with random moves until it ends or stop, and checks
// that its three watchers saw every move.
func (sp *sharedPlay) play(client *http.Client, rng *rand.Rand, stop time.Time) (loadResult, error) {
	defer sp.cancel()
	var res loadResult
	base, st, watchers := sp.base, sp.st, sp.watchers
	var mu sync.Mutex
	sent := map[int]time.Time{} // plies -> when the move that made them was sent
	errs := make(chan error, 3)
	var wg sync.WaitGroup
	var rngMu sync.Mutex
	for i, seat := range seats {
		w := watchers[i]
		wg.Go(func() {
			for {
				// Each game goes on past stop until both players have
				// moved, however slow the machine.
				d := time.Until(stop)
				if w.last.Plies < 2 {
					d = max(d, 30*time.Second)
				}
				got, err := w.next(d)
				switch {
				case err == errStopped:
					return
				case err != nil:
					errs <- err
					return
				}
				if seat == "spectator" {
					mu.Lock()
					if at, ok := sent[got.Plies]; ok {
						res.lags = append(res.lags, time.Since(at))
						delete(sent, got.Plies)
					}
					mu.Unlock()
				}
				if got.Verdict.Over {
					return
				}
				// A player moves when its stream shows its turn, as a page.
				if got.Side != seat || (!time.Now().Before(stop) && got.Plies >= 2) {
					continue
				}
				moves := legal(got)
				rngMu.Lock()
				move := moves[rng.IntN(len(moves))]
				rngMu.Unlock()
				mu.Lock()
				sent[got.Plies+1] = time.Now()
				mu.Unlock()
				var after stateView
				err = call(client, "POST", base+"/api/games/"+st.ID+"/move?token="+st.Tokens[seat],
					map[string]any{"move": move, "ply": got.Plies}, 200, &after)
				if err != nil {
					errs <- fmt.Errorf("%s's move: %v", seat, err)
					return
				}
				mu.Lock()
				res.moves++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return res, err
	}
	// The game as the server has it; every watcher must reach it.
	var end stateView
	if err := call(client, "GET", base+"/api/games/"+st.ID+"?token="+st.Tokens["spectator"], nil, 200, &end); err != nil {
		return res, err
	}
	for _, w := range watchers {
		for w.last.Version != end.Version {
			if _, err := w.next(10 * time.Second); err != nil {
				return res, fmt.Errorf("the %s saw version %d, not the game's %d: %v", w.who, w.last.Version, end.Version, err)
			}
		}
		if !slices.Equal(uciOf(w.last), uciOf(end)) {
			return res, fmt.Errorf("the %s's moves differ from the game's", w.who)
		}
		res.delivered += w.seen
		res.coalesced += end.Version - w.first - w.seen
	}
	return res, nil
}

var errStopped = errors.New("stopped")

// watcher is one stream of a shared game, checked as it is read: its
// states only ever add moves.
type watcher struct {
	who   string
	ch    chan stateView
	last  stateView
	first int // the version of the first state
	seen  int // states after the first
}

// next is the stream's next state, within d.
func (w *watcher) next(d time.Duration) (stateView, error) {
	if d <= 0 {
		return w.last, errStopped
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case got, ok := <-w.ch:
		switch {
		case !ok:
			return got, fmt.Errorf("the %s's stream ended", w.who)
		case w.first == 0:
			w.first = got.Version
		case got.Version <= w.last.Version || len(got.Moves) < len(w.last.Moves) || !slices.Equal(uciOf(got)[:len(w.last.Moves)], uciOf(w.last)):
			return got, fmt.Errorf("the %s's states go back: version %d after %d", w.who, got.Version, w.last.Version)
		default:
			w.seen++
		}
		w.last = got
		return got, nil
	case <-t.C:
		return w.last, errStopped
	}
}

// call sends a JSON request and decodes the answer (into out, unless
// nil), which must have the status want.
func call(client *http.Client, method, url string, body any, want int, out any) error {
	var rd io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode != want {
		return fmt.Errorf("%s %s: %d %s", method, url, resp.StatusCode, data)
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(data, out)
}

// stream reads the states of an event stream.
func stream(ctx context.Context, client *http.Client, url string) (chan stateView, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		return nil, err
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != 200 {
		resp.Body.Close()
		return nil, fmt.Errorf("GET %s: %d", url, resp.StatusCode)
	}
	events := make(chan event, 64)
	go func() {
		defer resp.Body.Close()
		readEvents(resp.Body, events, nil)
	}()
	out := make(chan stateView, 1024)
	go func() {
		defer close(out)
		for ev := range events {
			if ev.name != "state" {
				continue
			}
			var st stateView
			if json.Unmarshal(ev.data, &st) != nil {
				return
			}
			out <- st
		}
	}()
	return out, nil
}
