//go:build !unix

package match

import (
	"os"
	"os/exec"
	"testing"
)

// newSession does nothing: Windows has no sessions to leave. This file
// exists so that the tests compile (and vet) for Windows; the process
// tests they hold are Linux ones.
func newSession(*exec.Cmd) {}

// processExists says whether a process with that pid can still be opened.
func processExists(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	p.Release()
	return true
}

// makeFIFO skips: this system has no named pipes for the test to make.
func makeFIFO(t *testing.T, path string) {
	t.Skip("no named pipes on this system")
}

func unblockFIFO(path string) {}
