package protocol

import (
	"os"
	"regexp"
	"strconv"
	"testing"

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
