package web

import (
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"
)

// A game's engine holds its table (-hash MB, 16 by default) and each
// search thread's state (about 7.5 MB a thread): with 32 games that is
// most of the server's memory. So the helpers' state goes when a search
// ends (run), the engine goes when its game is closed, evicted or has not
// searched for engineIdle (the next search makes a new one, with an empty
// table), and the memory goes back to the OS soon after: the Go runtime
// otherwise hands freed memory back only slowly (minutes for a GB).

// engineIdle is how long a game keeps its engine without a search.
func engineIdle() time.Duration {
	if d := engineIdleForTests.Load(); d > 0 {
		return time.Duration(d)
	}
	return time.Minute
}

// engineIdleForTests replaces engineIdle when positive (nanoseconds).
var engineIdleForTests atomic.Int64

// trimDelay gathers a burst of engines' ends into one return of memory to
// the OS (a full collection).
const trimDelay = time.Second

var trim struct {
	mu      sync.Mutex
	pending bool
}

// engineReleased notes that an engine was dropped (or that a shared
// game's last page left, events in search.go): its memory goes back to
// the OS within trimDelay, once for every burst of ends.
func engineReleased() {
	trim.mu.Lock()
	defer trim.mu.Unlock()
	if trim.pending {
		return
	}
	trim.pending = true
	time.AfterFunc(trimDelay, func() {
		trim.mu.Lock()
		trim.pending = false
		trim.mu.Unlock()
		debug.FreeOSMemory()
	})
}

// searchEnded starts the game's engine's idle time. The caller holds g.mu.
func (g *game) searchEnded() {
	g.searched = time.Now()
	if g.idleTimer != nil {
		g.idleTimer.Stop()
	}
	after := engineIdle()
	g.idleTimer = time.AfterFunc(after, func() {
		g.mu.Lock()
		idle := g.job == nil && time.Since(g.searched) >= after
		g.mu.Unlock()
		if idle {
			g.dropEngine()
		}
	})
}

// dropEngine lets the game's engine go (a later search makes another).
// The caller must not hold g.mu.
func (g *game) dropEngine() {
	g.mu.Lock()
	dropped := g.engine != nil && g.job == nil
	if dropped {
		g.engine = nil
	}
	if g.idleTimer != nil {
		g.idleTimer.Stop()
		g.idleTimer = nil // the timer no longer keeps the game
	}
	g.mu.Unlock()
	if dropped {
		engineReleased()
	}
}
