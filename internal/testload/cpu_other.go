//go:build !unix

package testload

import (
	"testing"
	"time"
)

// CPU is the CPU time this process has used so far; this system offers no
// such clock to Go, so the test is skipped, saying why.
func CPU(t testing.TB) time.Duration {
	t.Helper()
	t.Skip("no process CPU clock on this system: the check is charged in CPU time")
	return 0
}
