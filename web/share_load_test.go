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
	"sync/atomic"
	"testing"
	"time"
	"weak"

	"github.com/stretchr/testify/require"
)

// The load of two people on two machines, many times over: 50 shared
// Durg games played at once by API clients for a bounded time (3 s;
// SENAPATI_SHARE_LOAD=60s for the minute), each with its two
// players and a spectator on event streams. A player moves when its
// stream shows its turn, as a page does. Every watcher must see every
// move: the last state each one gets is the game's, and the states it
// gets only ever add moves. At the end the games still going are
// resigned and their streams close; then the server's memory must be
// back at its idle level: the live heap (shareMemoryMargin) and, once
// the server has handed the garbage back to the OS, VmRSS
// (shareRSSMargin).
//
// The server keeps up to maxShared shared games after they end (a page
// reloaded later finds its game), and a kept game's record grows with
// its moves. So idle is measured with the server holding maxShared fresh
// shared games, and afterwards maxShared fresh ones push the played games
// out as the bound does: anything the games left behind besides their
// records (streams, goroutines, timers, buffers, a game held past its
// eviction) shows as heap above idle.
func TestSharedGamesUnderLoad(t *testing.T) {
	const games = 50
	length := 3 * time.Second
	if d, err := time.ParseDuration(os.Getenv("SENAPATI_SHARE_LOAD")); err == nil && d > 0 {
		length = d
	}
	s := newTestServer(t)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 4 * games}}
	defer client.CloseIdleConnections()

	// fill makes maxShared fresh shared games: the registry's whole bound.
	fill := func() {
		t.Helper()
		for range maxShared {
			require.NoError(t, call(client, "POST", s.ts.URL+"/api/games", map[string]any{"variant": "durg", "share": map[string]int{"base": 600_000, "inc": 1000}}, 201, nil))
		}
		client.CloseIdleConnections()
	}
	// A first game makes what the server makes once (the move
	// generator's tables, JSON's encoders); fill then pushes it out.
	warm, err := setUpShared(s.ts.URL, client)
	require.NoError(t, err)
	_, err = warm.play(client, rand.New(rand.NewPCG(0, 31)), time.Now().Add(100*time.Millisecond))
	require.NoError(t, err)
	fill()
	idle, idleRSS, idleRoutines := quiet(t, s, 0)

	var peak, peakRSS atomic.Uint64
	sampled := make(chan struct{})
	stopSampling := make(chan struct{})
	go func() {
		defer close(sampled)
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peak.Load() {
				peak.Store(m.HeapInuse)
			}
			if r := memRSS(); r > peakRSS.Load() {
				peakRSS.Store(r)
			}
			select {
			case <-stopSampling:
				return
			case <-time.After(100 * time.Millisecond):
			}
		}
	}()

	errs := make(chan error, 4*games)
	// Every game played is watched through a weak pointer: once it has
	// given way, nothing may hold it.
	var mu sync.Mutex
	var held []weak.Pointer[game]
	track := func(sp *sharedPlay) {
		g, err := s.srv.games.get(sp.st.ID)
		if err != nil {
			errs <- err
			return
		}
		mu.Lock()
		held = append(held, weak.Make(g))
		mu.Unlock()
	}

	// The games and their streams first, then the clock.
	set := make([]*sharedPlay, games)
	var wg sync.WaitGroup
	for i := range games {
		wg.Go(func() {
			var err error
			if set[i], err = setUpShared(s.ts.URL, client); err != nil {
				errs <- fmt.Errorf("game %d: %v", i, err)
				return
			}
			track(set[i])
		})
	}
	wg.Wait()
	require.Empty(t, errs)

	began := time.Now()
	stop := began.Add(length)
	var played, delivered, coalesced, finished int
	var lags []time.Duration
	for i := range games {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(i), 31))
			sp := set[i]
			set[i] = nil // the played games are the server's to keep or drop
			for {
				r, err := sp.play(client, rng, stop)
				if err != nil {
					errs <- fmt.Errorf("game %d: %v", i, err)
					return
				}
				mu.Lock()
				played += r.moves
				delivered += r.delivered
				coalesced += r.coalesced
				finished++
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
				track(sp)
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
	lags = nil
	t.Logf("%d shared games at once for %v: %d games played, %d moves (%.0f/s), %d states delivered to 3 watchers each (%d coalesced into a later one); from a move sent to the spectator's state: %s",
		games, elapsed.Round(time.Millisecond), finished, played, float64(played)/elapsed.Seconds(), delivered, coalesced, lag)
	require.GreaterOrEqual(t, played, 2*games, "both players of every game moved")

	// The games are over and their streams closed: with their records
	// kept, then pushed out by fresh games.
	kept, keptRSS, _ := quiet(t, s, idleRoutines)
	fill()
	after, _, afterRoutines := quiet(t, s, idleRoutines)
	close(stopSampling)
	<-sampled
	// The server hands what the games took back to the OS by itself
	// (the trim after a shared game's last page leaves, memory.go).
	ended := time.Now()
	for memRSS() > idleRSS+shareRSSMargin && time.Since(ended) < 5*time.Second {
		time.Sleep(50 * time.Millisecond)
	}
	endRSS, endWait := memRSS(), time.Since(ended)
	still := 0
	for _, p := range held {
		if p.Value() != nil {
			still++
		}
	}
	t.Logf("live heap: %s idle (%d fresh shared games), %s after the games with their records kept, %s once %d fresh games pushed them out; heap in use at the peak %s (garbage included)",
		mb(idle), maxShared, mb(kept), mb(after), maxShared, mb(peak.Load()))
	t.Logf("VmRSS (the test's clients too): %s idle, %s at the peak, %s when the games ended, %s %v later; goroutines %d idle, %d at the end",
		mb(idleRSS), mb(peakRSS.Load()), mb(keptRSS), mb(endRSS), endWait.Round(10*time.Millisecond), idleRoutines, afterRoutines)
	require.Zero(t, still, "%d of the %d games played are still held after they gave way", still, len(held))
	require.LessOrEqual(t, after, idle+shareMemoryMargin, "the server's live heap after the games: %s, idle %s", mb(after), mb(idle))
	if raceDetector {
		t.Logf("VmRSS not required back at idle under -race: the race detector's shadow memory of the peak stays with the process (the live heap is checked)")
		return
	}
	require.LessOrEqual(t, endRSS, idleRSS+shareRSSMargin, "VmRSS 5 s after the games: %s, idle %s", mb(endRSS), mb(idleRSS))
}

// shareMemoryMargin is how far above idle the live heap may stand after
// the shared games. The Go runtime keeps the descriptor of every
// goroutine that ended for reuse (the load peaks at about 1300: 150
// streams with their readers, the players, the connections), which with
// the HTTP and JSON caches left the heap 0.7 MB above idle in every run
// here, loaded or under -race; the margin is twice that. The games played
// in the 3 s run, held past their end, add 2 MB (and are caught by name:
// see held).
const shareMemoryMargin = 3 << 19 // 1.5 MB

// shareRSSMargin is how far above idle VmRSS may stand once the server
// has handed the games' memory back: the runtime keeps the goroutines'
// stacks it made at the peak (about 1300 of 8 kB at least) and what the
// scavenger leaves in use; the peak is 100 MB and more over idle.
const shareRSSMargin = 32 << 20

// quiet waits until the server has no event stream open and about
// routines goroutines run (0: no bound), then collects the garbage and
// reads the live heap, VmRSS and the number of goroutines.
func quiet(t *testing.T, s *testServer, routines int) (heap, rss uint64, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		streams := 0
		for _, g := range s.srv.games.all() {
			g.mu.Lock()
			streams += len(g.subs)
			g.mu.Unlock()
		}
		n = runtime.NumGoroutine()
		// Ten over idle for the test's sampler and a connection or timer
		// ending; a leak of the games' would be one or more per game.
		if streams == 0 && (routines == 0 || n <= routines+10) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("10 s after the games: %d event streams still open, %d goroutines (%d idle)", streams, n, routines)
		}
		time.Sleep(50 * time.Millisecond)
	}
	runtime.GC()
	runtime.GC() // the first collection's finalizers may free more
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc, memRSS(), n
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
			movedAt := 0 // the plies after this seat's last move
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
				// A player moves when its stream shows its turn, as a page,
				// once a turn (a state may come without a move: a seat's
				// page came or went).
				if got.Side != seat || got.Plies < movedAt || (!time.Now().Before(stop) && got.Plies >= 2) {
					continue
				}
				movedAt = got.Plies + 1
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
	// The game as the server has it; every watcher must reach it. A game
	// still going at stop ends as two people end one: White resigns.
	var end stateView
	if err := call(client, "GET", base+"/api/games/"+st.ID+"?token="+st.Tokens["spectator"], nil, 200, &end); err != nil {
		return res, err
	}
	if !end.Verdict.Over {
		err := call(client, "POST", base+"/api/games/"+st.ID+"/result?token="+st.Tokens["white"], map[string]string{"result": "0-1", "termination": "normal"}, 200, &end)
		if err != nil {
			return res, fmt.Errorf("White's resignation: %v", err)
		}
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
