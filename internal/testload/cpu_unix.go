//go:build unix

package testload

import (
	"syscall"
	"time"
)

// processCPU is the CPU time (user and system) this process has used so far.
func processCPU() (time.Duration, error) {
	var r syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &r); err != nil {
		return 0, err
	}
	return time.Duration(r.Utime.Nano() + r.Stime.Nano()), nil
}
