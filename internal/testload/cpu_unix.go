//go:build unix

package testload

import (
	"syscall"
	"testing"
	"time"
)

// CPU is the CPU time (user and system) this process has used so far.
func CPU(t testing.TB) time.Duration {
	t.Helper()
	var r syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &r); err != nil {
		t.Fatalf("getrusage: %v", err)
	}
	return time.Duration(r.Utime.Nano() + r.Stime.Nano())
}
