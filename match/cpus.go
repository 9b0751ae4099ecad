package match

import (
	"runtime"
)

// autoConcurrency is -concurrency auto: one game per CPU this process may
// use. runtime.NumCPU counts the CPUs of the affinity mask (taskset, a
// batch system's cpuset); GOMAXPROCS is lower when a cgroup CPU quota (a
// container's) allows fewer.
func autoConcurrency() int { return max(1, min(runtime.NumCPU(), runtime.GOMAXPROCS(0))) }

// setupAffinity prepares -use-affinity: worker w's games run on the w-th
// CPU the process may use (cycling when there are more workers than
// CPUs, with a warning).
func (t *tournament) setupAffinity(workers int) error {
	if !t.cfg.UseAffinity {
		return nil
	}
	cpus, err := allowedCPUs()
	if err != nil {
		return err
	}
	if workers > len(cpus) {
		t.out.warn("Warning: -use-affinity with %d games at once on %d CPUs: some games share a CPU", workers, len(cpus))
	}
	t.cpus = cpus
	return nil
}

// testHookPinned, when set, is told each engine pinned and its CPU.
var testHookPinned func(pid, cpu int)

// pin binds the engines of worker w's game to the worker's CPU, both on
// one CPU as they take turns to think (unless they ponder). It runs
// before every game, since a worker may have started a fresh engine.
// A failure is a warning: the game is still fair, only less isolated, and
// an engine that died meanwhile loses its game anyway.
func (t *tournament) pin(w int, players [2]player) {
	if t.cpus == nil {
		return
	}
	cpu := t.cpus[w%len(t.cpus)]
	for _, pl := range players {
		e := pl.proc()
		if err := pinEngine(e, cpu); err != nil {
			if e.Alive() {
				t.out.warnOnce("affinity "+e.Label(), "Warning: -use-affinity: cannot pin %s to CPU %d: %v", e.Label(), cpu, err)
			}
			continue
		}
		if testHookPinned != nil {
			testHookPinned(e.Pid(), cpu)
		}
	}
}
