package protocol

import (
	"io"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Issue 33's late answers, counted in work rather than timed. At Threads
// 8, each ucinewgame made every thread's state again (7.5 MB each,
// allocated and zeroed), and isready came 1.7 to 3.8 s after 50 x
// (ucinewgame, position, go depth 2) on a loaded machine.
func TestNewGamesAtEightThreadsAllocateLittle(t *testing.T) {
	u := newTestUCI(io.Discard)
	u.Handle("setoption name Threads value 8")
	u.Handle("isready")
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range 50 {
		for _, l := range []string{"ucinewgame", "position startpos moves e2e4", "go depth 2"} {
			require.True(t, u.Handle(l))
		}
	}
	u.wait()
	runtime.ReadMemStats(&after)
	t.Logf("allocated %d KB", (after.TotalAlloc-before.TotalAlloc)>>10)
	require.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(64<<20), "bytes allocated (before: about 3 GB)")
}

// cores 256 made 256 threads' state (1.8 GB) that every garbage
// collection read as it grew: pong came 0.9 to 2.4 s later. Now their
// large tables are memory the collector does not read.
func TestCoresCostTheCollectorLittle(t *testing.T) {
	scannable := func() uint64 {
		runtime.GC()
		s := []metrics.Sample{{Name: "/gc/scan/heap:bytes"}}
		metrics.Read(s)
		return s[0].Value.Uint64()
	}
	t.Cleanup(debug.FreeOSMemory) // 1.8 GB, most of it never touched
	var out strings.Builder
	c := NewCECP(&out, newTestEngine(), Tools{})
	base := scannable()
	c.Handle("cores 256")
	c.Handle("ping 1")
	c.settle() // the threads are made beside the command loop
	after := scannable()
	require.Contains(t, out.String(), "pong 1")
	require.Equal(t, 256, c.engine.Settings().Threads)
	t.Logf("scannable heap grew by %d KB", (after-min(base, after))>>10)
	require.Less(t, after-min(base, after), uint64(64<<20), "scannable bytes for 256 threads (before: about 850 MB)")
	runtime.KeepAlive(c)
}
