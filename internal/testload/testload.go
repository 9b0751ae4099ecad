// Package testload lets tests that charge wall-clock time step aside on a
// machine running far more work than it has CPUs: there the scheduler, not
// the engine, decides whether a 10 ms increment is kept.
package testload

import (
	"fmt"
	"os"
	"runtime"
	"testing"
)

// SkipWhenOverloaded skips t when the one-minute load average exceeds twice
// the CPUs (Linux; elsewhere it never skips).
func SkipWhenOverloaded(t testing.TB) {
	t.Helper()
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return
	}
	var load float64
	if _, err := fmt.Sscan(string(b), &load); err == nil && load > 2*float64(runtime.NumCPU()) {
		t.Skipf("load average %.1f on %d CPUs: wall-clock limits would measure the machine, not the code", load, runtime.NumCPU())
	}
}
