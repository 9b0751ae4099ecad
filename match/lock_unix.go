//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package match

import (
	"errors"
	"os"
	"syscall"
)

// tryLock takes an exclusive flock of f without waiting; the kernel
// drops it when the process ends, however it ends.
func tryLock(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return errLocked
	}
	return err
}
