//go:build unix

package match

import (
	"errors"
	"os/exec"
	"syscall"
)

// newSession starts cmd in a session of its own, out of the runner's
// process group, as an engine's helper that escapes it would be.
func newSession(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
}

// processExists says whether pid is running or a zombie (signal 0 reaches
// a zombie too).
func processExists(pid int) bool {
	return !errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
}
