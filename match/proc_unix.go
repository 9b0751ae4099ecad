//go:build unix

package match

import (
	"os/exec"
	"syscall"
)

// ownProcessGroup puts the engine in a process group of its own, so that a
// kill reaches anything it started and a terminal's Ctrl-C reaches only us.
func ownProcessGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// killGroup kills the engine's whole process group.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); err != nil {
		_ = cmd.Process.Kill()
	}
}
