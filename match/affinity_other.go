//go:build !linux

package match

import (
	"errors"
	"runtime"

	"senapati/uciclient"
)

var errNoAffinity = errors.New("-use-affinity: pinning engines to CPUs needs Linux (sched_setaffinity)")

func allowedCPUs() ([]int, error) {
	cpus := make([]int, runtime.NumCPU())
	for i := range cpus {
		cpus[i] = i
	}
	return cpus, errNoAffinity
}

func pinEngine(*uciclient.Engine, int) error { return errNoAffinity }
