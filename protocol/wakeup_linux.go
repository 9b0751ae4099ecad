package protocol

import (
	"runtime"
	"syscall"
	"unsafe"
)

// schedAttr is the kernel's struct sched_attr (first version, 48 bytes).
type schedAttr struct {
	size     uint32
	policy   uint32
	flags    uint64
	nice     int32
	priority uint32
	runtime  uint64
	deadline uint64
	period   uint64
}

const sysSchedSetattr = 314 // amd64; other architectures keep the default

// promptWakeups gives the calling goroutine an OS thread of its own with a
// short scheduler slice (Linux 6.12 and later, EEVDF): woken by input, it
// runs before a search thread on the same CPU has used up its slice, so
// `stop` is read within a fraction of a millisecond even when the engine
// is pinned to one CPU. Where the kernel or the architecture does not
// offer it, nothing changes; applied says whether the slice was set.
func promptWakeups() (applied bool) {
	runtime.LockOSThread()
	if runtime.GOARCH != "amd64" {
		return false
	}
	tid := syscall.Gettid()
	raw, err := syscall.Getpriority(syscall.PRIO_PROCESS, tid)
	if err != nil {
		return false
	}
	attr := schedAttr{
		size:    uint32(unsafe.Sizeof(schedAttr{})),
		nice:    int32(20 - raw), // keep the thread's nice value
		runtime: readerSlice,
	}
	_, _, errno := syscall.Syscall(sysSchedSetattr, uintptr(tid), uintptr(unsafe.Pointer(&attr)), 0)
	return errno == 0
}

const readerSlice = 100_000 // ns: the shortest slice the kernel takes
