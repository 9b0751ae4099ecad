package web

import (
	"fmt"
	"net/http/httptest"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"senapati/wdl"
)

// memRetained is the memory the Go runtime holds from the OS, less what it
// has handed back: the process's resident heap, stacks and runtime data
// at most (memory it never touched is counted too).
func memRetained() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64() - s[1].Value.Uint64()
}

// memRSS is the process's resident set (VmRSS), 0 where /proc has none.
func memRSS() uint64 {
	status, _ := os.ReadFile("/proc/self/status")
	for _, line := range strings.Split(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

func mb(b uint64) string { return fmt.Sprintf("%.1f MB", float64(b)/(1<<20)) }

// TestMemoryGoesBackAfterGames: 50 games, ten at a time, each with a few
// engine moves on two threads and the default table, end (most are
// closed, the rest left open as a page leaves them); the memory they took
// goes back to the OS within seconds, not minutes.
func TestMemoryGoesBackAfterGames(t *testing.T) {
	engineIdleForTests.Store(int64(time.Second)) // a left game's engine goes after a second here
	defer engineIdleForTests.Store(0)
	srv := NewServer(Config{Threads: 4, HashMB: 16}, newTestEngine, wdl.Of)
	ts := httptest.NewServer(srv)
	defer ts.Close()
	defer srv.Close()
	client := ts.Client()

	debug.FreeOSMemory()
	before, rssBefore := memRetained(), memRSS()
	var peak, rssPeak atomic.Uint64
	sampled := make(chan struct{})
	stopSampling := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			if m := memRetained(); m > peak.Load() {
				peak.Store(m)
			}
			if m := memRSS(); m > rssPeak.Load() {
				rssPeak.Store(m)
			}
			select {
			case <-stopSampling:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()

	const games, atOnce, moves = 50, 10, 4
	variants := []string{"chess", "chaturanga", "durg"}
	next := make(chan int, games)
	for i := range games {
		next <- i
	}
	close(next)
	errs := make(chan error, games)
	var wg sync.WaitGroup
	for range atOnce {
		wg.Go(func() {
			for i := range next {
				var st stateView
				if err := call(client, "POST", ts.URL+"/api/games", map[string]string{"variant": variants[i%3]}, 201, &st); err != nil {
					errs <- err
					return
				}
				for range moves {
					if err := call(client, "POST", ts.URL+"/api/games/"+st.ID+"/engine", map[string]int{"depth": 3, "threads": 2}, 200, nil); err != nil {
						errs <- err
						return
					}
				}
				if i%5 != 0 { // every fifth game is left open, as a page leaves it
					if err := call(client, "DELETE", ts.URL+"/api/games/"+st.ID, nil, 204, nil); err != nil {
						errs <- err
						return
					}
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	ended := time.Now()
	atEnd, rssAtEnd := memRetained(), memRSS()
	const bound = 48 << 20 // the ten left games' records and the runtime's slack
	for memRetained() > before+bound && time.Since(ended) < 5*time.Second {
		time.Sleep(50 * time.Millisecond)
	}
	close(stopSampling)
	<-sampled
	after, rssAfter := memRetained(), memRSS()
	t.Logf("Go runtime's retained memory: %s before, %s at the peak, %s when the games ended, %s %v later",
		mb(before), mb(peak.Load()), mb(atEnd), mb(after), time.Since(ended).Round(10*time.Millisecond))
	t.Logf("VmRSS: %s before, %s at the peak, %s when the games ended, %s after", mb(rssBefore), mb(rssPeak.Load()), mb(rssAtEnd), mb(rssAfter))
	require.LessOrEqual(t, after, before+bound, "the games' memory stayed with the process")
}
