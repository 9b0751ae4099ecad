package match

import (
	"fmt"
	"io"
	"os"
)

// maxBookBytes bounds a book, unzipped: a book is read into memory, and a
// gzip file of a few MB can unzip to gigabytes (a variable for the tests).
var maxBookBytes int64 = 1 << 30

// tooBig says that a book is beyond maxBookBytes.
func tooBig() error {
	return fmt.Errorf("more than the %d MiB a book may hold (unzipped): refused", maxBookBytes>>20)
}

// openBook opens a book file, which must be a regular file: opening a FIFO
// waits for a writer, and a device has no end. It looks before it opens.
func openBook(name string) (*os.File, error) {
	fi, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file (%v)", name, fi.Mode().Type())
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	if fi, err = f.Stat(); err != nil || !fi.Mode().IsRegular() { // replaced since
		f.Close()
		return nil, fmt.Errorf("%s is not a regular file", name)
	}
	if fi.Size() > maxBookBytes {
		f.Close()
		return nil, fmt.Errorf("%s: %v", name, tooBig())
	}
	return f, nil
}

// boundedReader fails once more than max bytes came through it.
type boundedReader struct {
	r      io.Reader
	n, max int64
}

func (b *boundedReader) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if b.n += int64(n); b.n > b.max {
		return n, tooBig()
	}
	return n, err
}
