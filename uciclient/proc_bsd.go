//go:build unix && !linux

package uciclient

import (
	"os/exec"
	"syscall"
)

// ownProcessGroup puts the engine in a process group of its own, so that a
// kill reaches anything it started and a terminal's Ctrl-C reaches only us.
// Outside Linux nothing kills the engine when the runner itself is killed.
func ownProcessGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }
