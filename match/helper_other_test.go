//go:build !unix

package match

import (
	"os"
	"os/exec"
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
