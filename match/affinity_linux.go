package match

import (
	"fmt"
	"os"
	"strconv"
	"syscall"
	"unsafe"

	"senapati/uciclient"
)

// cpuSet is the kernel's cpu_set_t as glibc sizes it: 1024 CPUs.
type cpuSet [1024 / 64]uint64

// allowedCPUs lists the CPUs this process may run on (its affinity mask,
// which taskset or a batch system may have narrowed), in order.
func allowedCPUs() ([]int, error) {
	var set cpuSet
	_, _, errno := syscall.RawSyscall(syscall.SYS_SCHED_GETAFFINITY, 0, unsafe.Sizeof(set), uintptr(unsafe.Pointer(&set)))
	if errno != 0 {
		return nil, fmt.Errorf("sched_getaffinity: %v", errno)
	}
	var cpus []int
	for i := range len(set) * 64 {
		if set[i/64]&(1<<(i%64)) != 0 {
			cpus = append(cpus, i)
		}
	}
	if len(cpus) == 0 {
		return nil, fmt.Errorf("sched_getaffinity: no CPU")
	}
	return cpus, nil
}

// pinThreads binds every thread of process pid to cpu. sched_setaffinity
// binds one thread; a thread or child started later inherits the mask of
// the thread that starts it, so binding all that exist binds the process.
func pinThreads(pid, cpu int) error {
	var set cpuSet
	set[cpu/64] |= 1 << (cpu % 64)
	tasks, err := os.ReadDir("/proc/" + strconv.Itoa(pid) + "/task")
	if err != nil {
		return err
	}
	for _, task := range tasks {
		tid, err := strconv.Atoi(task.Name())
		if err != nil {
			continue
		}
		_, _, errno := syscall.RawSyscall(syscall.SYS_SCHED_SETAFFINITY, uintptr(tid), unsafe.Sizeof(set), uintptr(unsafe.Pointer(&set)))
		if errno != 0 && errno != syscall.ESRCH { // ESRCH: the thread ended meanwhile
			return fmt.Errorf("sched_setaffinity: %v", errno)
		}
	}
	return nil
}

// pinEngine binds an engine, and the processes it started (a wrapper
// script's engine, say), to cpu.
func pinEngine(e *uciclient.Engine, cpu int) error {
	if err := pinThreads(e.Pid(), cpu); err != nil {
		return err
	}
	for _, pid := range e.Descendants() {
		_ = pinThreads(pid, cpu) // one may end meanwhile
	}
	return nil
}
