//go:build unix

package e2e

import (
	"os/exec"
	"syscall"
)

// ownGroup starts cmd in a process group of its own, so that killGroup
// ends the engines it started too.
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// askToEnd asks the server to shut down cleanly.
func askToEnd(cmd *exec.Cmd) { _ = cmd.Process.Signal(syscall.SIGTERM) }

// killGroup ends the server and everything it started.
func killGroup(cmd *exec.Cmd) { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
