package protocol

import (
	"os"
	"regexp"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The input reader's thread asks for a short scheduler slice, so that a
// `stop` wakes it before a search thread on the same CPU runs out its own.
func TestInputReaderThreadHasAShortSlice(t *testing.T) {
	type outcome struct {
		applied bool
		sched   []byte
		err     error
	}
	done := make(chan outcome)
	go func() { // the thread ends with this goroutine: it stays locked
		applied := promptWakeups()
		sched, err := os.ReadFile("/proc/thread-self/sched")
		done <- outcome{applied, sched, err}
	}()
	o := <-done
	if !o.applied {
		t.Skip("this kernel or architecture sets no slice for a thread")
	}
	require.NoError(t, o.err)
	m := regexp.MustCompile(`se\.slice\s*:\s*(\d+)`).FindSubmatch(o.sched)
	if m == nil {
		t.Skip("the kernel does not report se.slice")
	}
	slice, err := strconv.Atoi(string(m[1]))
	require.NoError(t, err)
	require.Equal(t, readerSlice, slice)
}

// A search, however few CPUs Go was given, leaves the input reader spare
// processors: with one spare only, `stop` on one CPU at 2 threads waited a
// scheduler tick for a processor in 1-2 % of cases (p99 7-8 ms).
func TestSearchLeavesTheInputReaderSpareProcessors(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	s := newSession(t)
	s.send("setoption name Threads value 2", "position startpos", "go infinite")
	s.expect("info depth", 5*time.Second)
	require.GreaterOrEqual(t, runtime.GOMAXPROCS(0), 2+spareProcs)
	s.send("stop")
	s.expect("bestmove", 5*time.Second)
}
