// Package testload keeps a loaded machine from deciding tests: CPU is the
// process's CPU time, which a test can charge instead of wall-clock time
// (a busy machine slows the clock on the wall, not the work done).
// SkipWhenOverloaded is for the tests still on the wall clock.
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
