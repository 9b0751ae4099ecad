package nnue

import (
	"bufio"
	"fmt"
	"io/fs"
	"os"
)

// openRegular opens path for reading if it is a regular file, and says
// what it is otherwise, before reading a byte: opening a named pipe waits
// for a writer, and a device such as /dev/zero never ends.
func openRegular(path string) (*os.File, int64, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, 0, err
	}
	if !fi.Mode().IsRegular() {
		return nil, 0, fmt.Errorf("%s is %s, not a regular file", path, fileKind(fi.Mode()))
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	// Asked again of what was opened: the name may have changed hands.
	if fi, err = f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		return nil, 0, fmt.Errorf("%s is not a regular file", path)
	}
	return f, fi.Size(), nil
}

// fileKind names what a file of mode m is, for messages.
func fileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

// ReadNetFile reads a net file from disk: a regular file only, whose size
// is the one its header declares.
func ReadNetFile(path string) (*Net, error) {
	f, size, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	n, err := loadNet(f, size)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return n, nil
}

// ReadFloatNetFile reads a training checkpoint from disk: a regular file
// only, read no further than its header declares, and as long as that.
func ReadFloatNetFile(path string) (*FloatNet, error) {
	f, size, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	n, err := ReadFloatNet(bufio.NewReader(f))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	declared := int64(len(floatMagic) + 1 + len(n.Variant.Name()) + 3*4)
	for _, p := range n.Params() {
		declared += int64(4 * len(p))
	}
	if size != declared {
		return nil, fmt.Errorf("%s: checkpoint is %d bytes, its header says %d: not one file", path, size, declared)
	}
	return n, nil
}
