//go:build !(linux || darwin || freebsd || netbsd || openbsd)

package syzygy

import "os"

func mapFile(f *os.File, size int64) ([]byte, func() error, error) { return readAll(f, size) }
