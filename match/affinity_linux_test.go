package match

import (
	"context"
	"maps"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// cpusAllowed is the Cpus_allowed_list of every thread of pid.
func cpusAllowed(t *testing.T, pid int) []string {
	tasks, err := os.ReadDir("/proc/" + strconv.Itoa(pid) + "/task")
	require.NoError(t, err)
	var lists []string
	for _, task := range tasks {
		status, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/task/" + task.Name() + "/status")
		if err != nil {
			continue // the thread ended
		}
		for _, l := range strings.Split(string(status), "\n") {
			if v, ok := strings.CutPrefix(l, "Cpus_allowed_list:"); ok {
				lists = append(lists, strings.TrimSpace(v))
			}
		}
	}
	return lists
}

// TestUseAffinity: with -use-affinity each of the two workers' engines run
// on a CPU of their own, every thread of them (the fakes are Go programs,
// with several threads), and without it they may run anywhere.
func TestUseAffinity(t *testing.T) {
	cpus, err := allowedCPUs()
	require.NoError(t, err)
	require.Len(t, cpus, runtime.NumCPU())
	var mu sync.Mutex
	seen := map[int][]string{} // CPU -> the threads' lists of the engines pinned to it
	testHookPinned = func(pid, cpu int) {
		lists := cpusAllowed(t, pid)
		mu.Lock()
		defer mu.Unlock()
		seen[cpu] = append(seen[cpu], lists...)
	}
	defer func() { testHookPinned = nil }()
	args := append(append(fake("A", "legal", "slow=5"), fake("B", "legal", "slow=5")...), "-each", "depth=1", "-games", "6", "-maxmoves", "3", "-concurrency", "2")
	_, _, err = runMatch(t, context.Background(), append(args, "-use-affinity")...)
	require.NoError(t, err)
	want := cpus[:min(2, len(cpus))]
	require.ElementsMatch(t, want, slices.Collect(maps.Keys(seen)), "the two workers' CPUs")
	for cpu, lists := range seen {
		require.NotEmpty(t, lists)
		for _, l := range lists {
			require.Equal(t, strconv.Itoa(cpu), l, "every thread of an engine on CPU %d", cpu)
		}
	}

	// Without the flag nothing is pinned.
	clear(seen)
	_, _, err = runMatch(t, context.Background(), args...)
	require.NoError(t, err)
	require.Empty(t, seen)
}

// TestConcurrencyAuto: -concurrency auto is one game per CPU the process
// may use.
func TestConcurrencyAuto(t *testing.T) {
	args := append(append(fake("A", "legal"), fake("B", "legal")...), "-each", "depth=1")
	cfg, err := ParseArgs(append(args, "-concurrency", "auto"))
	require.NoError(t, err)
	require.Equal(t, min(runtime.NumCPU(), runtime.GOMAXPROCS(0)), cfg.Concurrency)
	cfg, err = ParseArgs(args)
	require.NoError(t, err)
	require.Equal(t, 1, cfg.Concurrency, "the default stays one game at a time, as in cutechess-cli and fastchess")
	_, err = ParseArgs(append(args, "-concurrency", "many"))
	require.EqualError(t, err, "-concurrency many: needs a whole number of at least 1, or auto")
	_, err = ParseArgs(append(args, "-use-affinity", "yes"))
	require.EqualError(t, err, `-use-affinity takes no value, got "yes"`)
}
