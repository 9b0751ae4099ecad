// Package testload keeps a loaded machine from deciding tests: CPU is the
// process's CPU time, which a test can charge instead of wall-clock time
// (a busy machine slows the clock on the wall, not the work done). No
// test skips itself for load.
package testload

import (
	"sync"
	"testing"
	"time"
)

// Backstop is the wall-clock bound of every wait charged in CPU time, so
// that a hang that burns no CPU still ends: minutes, which no load on a
// working machine stretches a millisecond's work to.
const Backstop = 2 * time.Minute

// CPU is the CPU time (user and system) this process has used so far;
// where the system has no such clock the test is skipped, saying why.
func CPU(t testing.TB) time.Duration {
	t.Helper()
	d, err := processCPU()
	if err != nil {
		t.Skipf("%v: the check is charged in CPU time", err)
	}
	return d
}

// Stopwatch charges what happens after Start in the process's CPU time.
type Stopwatch struct {
	cpu  time.Duration
	wall time.Time
}

// Start starts a stopwatch.
func Start(t testing.TB) Stopwatch {
	t.Helper()
	return Stopwatch{cpu: CPU(t), wall: time.Now()}
}

// CPU is the CPU time the process has used since Start.
func (s Stopwatch) CPU() time.Duration {
	d, _ := processCPU() // Start has seen the clock work
	return d - s.cpu
}

// Over reports whether more than budget of CPU time, or Backstop on the
// wall, has passed since Start.
func (s Stopwatch) Over(budget time.Duration) bool {
	return s.CPU() > budget || time.Since(s.wall) > Backstop
}

// Timer is time.Timer charged in CPU time: C is closed once the process
// has used budget of CPU time (or Backstop has passed) since NewTimer.
type Timer struct {
	C    <-chan struct{}
	stop chan struct{}
	once sync.Once
}

// NewTimer starts a Timer; Stop it when it is no longer needed.
func NewTimer(t testing.TB, budget time.Duration) *Timer {
	t.Helper()
	s := Start(t)
	c, stop := make(chan struct{}), make(chan struct{})
	go func() {
		// A few ms between looks: the bounds are hundreds of ms or more.
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				if s.Over(budget) {
					close(c)
					return
				}
			}
		}
	}()
	return &Timer{C: c, stop: stop}
}

// Stop ends the timer's goroutine; C then never closes.
func (t *Timer) Stop() { t.once.Do(func() { close(t.stop) }) }
