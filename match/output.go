package match

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// output is -pgnout, -epdout or -log: a file appended to as the match
// goes. A write that fails is an error that stops the match: the file
// keeps what was written before (a regular file is cut back to its size
// before the failed write, so that it ends with a whole game or line), and
// nothing more is written to it.
type output struct {
	mu   sync.Mutex
	flag string // -pgnout, -epdout or -log
	name string
	w    io.WriteCloser
	err  error // the first failure
	// created: the file was not there before; wrote: something was
	// written. A file created and never written is removed (removeUnused).
	created, wrote bool
}

// appendFile opens -pgnout, -epdout or -log.
func appendFile(name string) (io.WriteCloser, error) {
	return os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
}

// openOutput opens the outputs (tests replace it).
var openOutput = appendFile

func newOutput(flag, name string) (*output, error) {
	_, err := os.Stat(name)
	created := errors.Is(err, fs.ErrNotExist)
	w, err := openOutput(name)
	if err != nil {
		return nil, err
	}
	return &output{flag: flag, name: name, w: w, created: created}, nil
}

// removeUnused removes the file of a closed output that this run created
// and never wrote to (a match that stopped before its first game), if it
// is still an empty regular file.
func (o *output) removeUnused() {
	if o == nil {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if !o.created || o.wrote || o.w != nil {
		return
	}
	if fi, err := os.Stat(o.name); err == nil && fi.Mode().IsRegular() && fi.Size() == 0 {
		_ = os.Remove(o.name)
	}
}

// checkDir says what is wrong with the directory an output file is to be
// created in, before anything is opened: a missing directory, or a file
// where a directory should be (the open's own error, "not a directory",
// names neither).
func checkDir(flag, name string) error {
	dir := filepath.Dir(name)
	for d := dir; ; {
		fi, err := os.Stat(d)
		switch {
		case err == nil && !fi.IsDir():
			return fmt.Errorf("%s %s: %s is a file, not a directory", flag, name, d)
		case err == nil && d != dir:
			return fmt.Errorf("%s %s: no directory %s", flag, name, dir)
		case err == nil:
			return nil
		}
		up := filepath.Dir(d)
		if up == d {
			return fmt.Errorf("%s %s: no directory %s", flag, name, dir)
		}
		d = up
	}
}

// fail records the first failure, said as "-pgnout: cannot write FILE: why".
func (o *output) fail(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	if o.err == nil {
		o.err = fmt.Errorf("%s: cannot write %s: %v", o.flag, o.name, err)
	}
	return o.err
}

// write appends s; after a failure it writes nothing and returns the
// failure again.
func (o *output) write(s string) error {
	if o == nil {
		return nil
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err != nil {
		return o.err
	}
	size := int64(-1)
	f, _ := o.w.(*os.File)
	if f != nil {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			size = st.Size()
		}
	}
	o.wrote = true
	if _, err := io.WriteString(o.w, s); err != nil {
		if size >= 0 {
			_ = f.Truncate(size)
		}
		return o.fail(err)
	}
	return nil
}

// closeNow closes an output that is not wanted any more.
func (o *output) closeNow() { _ = o.close() }

// failed is the first failure, nil if none.
func (o *output) failed() error {
	if o == nil {
		return nil
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.err
}

// close closes the file; an error there (a network file system reports
// late) is a failure too. It returns the first failure.
func (o *output) close() error {
	if o == nil {
		return nil
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.w != nil {
		if err := o.w.Close(); err != nil {
			o.fail(err)
		}
		o.w = nil
	}
	return o.err
}
