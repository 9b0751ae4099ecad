//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package match

import "os"

// tryLock: the standard library has no file lock here (Windows's
// LockFileEx is in golang.org/x/sys), so two runs of one match are not
// kept apart on these systems.
func tryLock(f *os.File) error { return nil }
