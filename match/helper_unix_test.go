//go:build unix

package match

import (
	"errors"
	"os"
	"os/exec"
	"syscall"
	"testing"
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

// makeFIFO makes a named pipe at path: an input that blocks whoever opens
// it, as a FIFO named like a book or a table does.
func makeFIFO(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
}

// unblockFIFO lets a reader blocked opening the FIFO at path go on (it
// then reads the end of the file), so that a test that failed leaves no
// goroutine stuck.
func unblockFIFO(path string) {
	if f, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
		f.Close()
	}
}
