//go:build !linux

package protocol

import "runtime"

// promptWakeups gives the input reader an OS thread of its own.
func promptWakeups() (applied bool) {
	runtime.LockOSThread()
	return false
}
