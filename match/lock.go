package match

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// runLock keeps two runs from playing one match at once. Without it the
// same command started twice takes the other's state file for a resume,
// and both play the missing games into one PGN. The lock is the
// operating system's (flock on Unix), so it ends with the process, even
// after SIGKILL; the file holds the PID of its holder for the message.
//
// The lock is a file of its own, PGN.resume.lock, not the state file:
// that one is replaced by a rename, which would leave a lock on the old
// file. The lock file is removed when the run ends, while it is still
// locked; a run that opened it before then finds, once it holds the
// lock, that the name leads to another file (or none), and tries again.
type runLock struct {
	f    *os.File
	path string
}

// errLocked is what tryLock returns when another process holds the lock.
var errLocked = errors.New("locked by another process")

// lockPath is the lock file of a match written to pgnOut.
func lockPath(pgnOut string) string { return statePath(pgnOut) + ".lock" }

// lockRun takes the lock of the match written to pgnOut.
func lockRun(pgnOut string) (*runLock, error) {
	path := lockPath(pgnOut)
	for range 10 {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, fmt.Errorf("-pgnout %s: cannot create the lock file: %v", pgnOut, err)
		}
		if err := tryLock(f); err != nil {
			holder := ""
			if errors.Is(err, errLocked) {
				holder = lockHolder(f)
			}
			f.Close()
			if errors.Is(err, errLocked) {
				return nil, fmt.Errorf("%s: another senapati match%s is playing this match now: wait for it to end, or stop it and run this command again to resume the match", pgnOut, holder)
			}
			return nil, fmt.Errorf("-pgnout %s: cannot lock %s: %v", pgnOut, path, err)
		}
		held, err1 := f.Stat()
		named, err2 := os.Stat(path)
		if err1 != nil || err2 != nil || !os.SameFile(held, named) {
			f.Close() // removed by the run that held it: take the new one
			continue
		}
		if err := f.Truncate(0); err == nil {
			_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
		}
		return &runLock{f: f, path: path}, nil
	}
	return nil, fmt.Errorf("-pgnout %s: the lock file %s keeps changing: is another run starting and ending?", pgnOut, path)
}

// lockHolder is " (PID N)" from a lock file, "" when it says none.
func lockHolder(f *os.File) string {
	b, _ := io.ReadAll(io.LimitReader(f, 32))
	if pid, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil && pid > 0 {
		return fmt.Sprintf(" (PID %d)", pid)
	}
	return ""
}

// unlock removes the lock file and then lets go of the lock.
func (l *runLock) unlock() {
	if l == nil {
		return
	}
	_ = os.Remove(l.path)
	l.f.Close()
}
