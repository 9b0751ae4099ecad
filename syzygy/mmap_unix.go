//go:build linux || darwin || freebsd || netbsd || openbsd

package syzygy

import (
	"os"
	"syscall"
)

// mapFile maps the file read-only; the tables are only ever read.
func mapFile(f *os.File, size int64) ([]byte, func() error, error) {
	if size <= 0 || int64(int(size)) != size {
		return readAll(f, size)
	}
	b, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return readAll(f, size) // a file system that cannot map: read it
	}
	return b, func() error { return syscall.Munmap(b) }, nil
}
