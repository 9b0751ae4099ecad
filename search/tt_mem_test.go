package search

import (
	"bufio"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// residentBytes is this process's resident set (VmRSS), the memory the OS
// really gives it; the test skips where /proc is missing.
func residentBytes(t *testing.T) uint64 {
	t.Helper()
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skip("no /proc/self/status:", err)
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			require.NoError(t, err)
			return kb << 10
		}
	}
	t.Skip("no VmRSS in /proc/self/status")
	return 0
}

// settledResident is residentBytes once the Go heap has given back all it
// can: otherwise the scavenger returns earlier tests' garbage while a test
// runs, and RSS falls by tens of MB under the table's growth.
func settledResident(t *testing.T) uint64 {
	debug.FreeOSMemory()
	return residentBytes(t)
}

// touch writes one entry in every page of the first mb megabytes, as a long
// search does (its stores land all over the table).
func touch(tt *TT, mb int) {
	for i := 0; i < mb<<20/entryBytes; i += 4096 / entryBytes {
		tt.entries[i].data.Store(uint64(i) | 1)
	}
}

// slack covers what the Go heap and the test binary move meanwhile.
const slack = 40 << 20

// Shrinking the table gives its memory back to the OS at once, not when
// the scavenger gets to it (the issue saw 4.1 GB resident seven seconds
// after Hash 16).
func TestResizeDownReturnsMemoryWithinASecond(t *testing.T) {
	if !canMap {
		t.Skip("a heap table (race builds) is released by the GC; VmRSS there includes the race detector's shadow")
	}
	base := settledResident(t)
	tt := NewTT(256)
	touch(tt, 256)
	require.Greater(t, residentBytes(t), base+200<<20, "touching the table must show in VmRSS")
	tt.Resize(1)
	// Generous: on the OS's side unmapping 256 MB takes milliseconds.
	deadline := time.Now().Add(time.Second)
	for residentBytes(t) > base+slack && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	require.Less(t, residentBytes(t), base+slack)
	runtime.KeepAlive(tt)
}

// Clear costs the pages a search used, no more: before, it wrote every
// entry, which at Hash 4096 faulted in 4 GB and took seconds.
func TestClearTouchesNoUnusedPageAndFreesUsedOnes(t *testing.T) {
	if !canMap {
		t.Skip("a heap table is cleared by writing it")
	}
	base := settledResident(t)
	tt := NewTT(1024)
	require.Less(t, residentBytes(t), base+slack, "a new table is untouched")
	touch(tt, 128)
	require.Greater(t, residentBytes(t), base+100<<20, "touching the table must show in VmRSS")
	tt.Clear()
	require.Less(t, residentBytes(t), base+slack)
	require.Equal(t, 1024, tt.MB())
	for i := 0; i < 128<<20/entryBytes; i += 4096 / entryBytes {
		require.Zero(t, tt.entries[i].data.Load(), "entry %d survived Clear", i)
	}
	runtime.KeepAlive(tt)
}

// Tables dropped without a Resize (an engine that is simply forgotten) do
// not pile up: the GC does not see mapped memory, so without help ten of
// these would hold 1.25 GB.
func TestDroppedTablesAreReturned(t *testing.T) {
	if !canMap {
		t.Skip("heap tables are the GC's")
	}
	base := settledResident(t)
	for range 10 {
		touch(NewTT(128), 128)
	}
	// Cleanups run in their own goroutine after a GC; a second is generous.
	deadline := time.Now().Add(time.Second)
	for residentBytes(t) > base+3*128<<20 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	require.Less(t, residentBytes(t), base+3*128<<20)
}

// memAvailableByHand reads MemAvailable its own way, to check HashLimitMB.
func memAvailableByHand(t *testing.T) uint64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		t.Skip("no /proc/meminfo:", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var kb uint64
		if f := strings.Fields(sc.Text()); len(f) == 3 && f[0] == "MemAvailable:" {
			kb, err = strconv.ParseUint(f[1], 10, 64)
			require.NoError(t, err)
			return kb
		}
	}
	t.Skip("no MemAvailable in /proc/meminfo")
	return 0
}

// A Hash larger than half the available memory is lowered to it, and the
// table really has the size Resize reports.
func TestResizeIsCappedByAvailableMemory(t *testing.T) {
	if !canMap {
		t.Skip("the race detector's shadow of a huge heap table is costly")
	}
	tt := NewTT(1)
	defer tt.Resize(1)
	before := int(memAvailableByHand(t) / 2 >> 10)
	if before >= MaxHashMB {
		t.Skipf("this machine holds %d MB, more than the largest Hash", before)
	}
	got := tt.Resize(MaxHashMB)
	after := int(memAvailableByHand(t) / 2 >> 10)
	// Other processes move MemAvailable between the readings; 5% more
	// leeway covers what they do in the microseconds between.
	require.GreaterOrEqual(t, got, min(before, after)*95/100)
	require.LessOrEqual(t, got, max(before, after)*105/100)
	require.Equal(t, got, tt.MB())
	require.Equal(t, got<<20, len(tt.entries)*entryBytes)
}

func TestHashLimitFromMeminfo(t *testing.T) {
	// Lines as /proc/meminfo prints them (Linux Documentation/filesystems/proc.rst).
	meminfo := "MemTotal:       16344972 kB\nMemFree:        13634064 kB\nMemAvailable:   14836172 kB\nBuffers:            3656 kB\n"
	kb, ok := memAvailableKB(bufio.NewScanner(strings.NewReader(meminfo)))
	require.True(t, ok)
	require.Equal(t, uint64(14836172), kb)
	require.Equal(t, 7244, hashLimitMB(kb)) // 14836172 / 2 / 1024 = 7244.2
	require.Equal(t, 1, hashLimitMB(1000))
	require.Equal(t, MaxHashMB, hashLimitMB(1<<40))
	for _, bad := range []string{"MemTotal: 100 kB\n", "MemAvailable: lots kB\n", "MemAvailable: 100\n", ""} {
		_, ok := memAvailableKB(bufio.NewScanner(strings.NewReader(bad)))
		require.False(t, ok, "%q", bad)
	}
}

// Clear of a 1 GB table after a search used a quarter of its pages (a
// long search at Hash 4096 touches about half). Each round starts from a
// fresh table, as a game does; run with -benchtime=5x.
func BenchmarkClearQuarterUsed(b *testing.B) {
	for range b.N {
		b.StopTimer()
		tt := NewTT(1024)
		touch(tt, 256)
		b.StartTimer()
		tt.Clear()
		b.StopTimer()
		tt.Resize(1)
	}
}
