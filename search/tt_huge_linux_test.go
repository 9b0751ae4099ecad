package search

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// hugePagesAt is the AnonHugePages of the mapping of this process that
// holds addr, in bytes (/proc/self/smaps).
func hugePagesAt(t *testing.T, addr uintptr) uint64 {
	t.Helper()
	b, err := os.ReadFile("/proc/self/smaps")
	require.NoError(t, err)
	inside := false
	for line := range strings.SplitSeq(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) > 0 && strings.Contains(f[0], "-") && !strings.HasSuffix(f[0], ":") {
			lo, hi, _ := strings.Cut(f[0], "-")
			l, err1 := strconv.ParseUint(lo, 16, 64)
			h, err2 := strconv.ParseUint(hi, 16, 64)
			inside = err1 == nil && err2 == nil && uint64(addr) >= l && uint64(addr) < h
			continue
		}
		if inside && len(f) == 3 && f[0] == "AnonHugePages:" {
			kb, err := strconv.ParseUint(f[1], 10, 64)
			require.NoError(t, err)
			return kb << 10
		}
	}
	t.Fatalf("no mapping holds %#x", addr)
	return 0
}

// A table of the default size starts on a huge-page boundary and, where
// Linux gives huge pages to those who ask (transparent huge pages in
// "always" or "madvise" mode), is backed by them once used.
func TestTableUsesHugePages(t *testing.T) {
	if !canMap {
		t.Skip("race builds keep every table on the Go heap")
	}
	tt := NewTT(16)
	defer tt.Resize(1)
	require.NotNil(t, tt.mapping)
	start := uintptr(unsafe.Pointer(&tt.entries[0]))
	require.Zero(t, start%hugePage, "the table starts on a huge-page boundary")
	touch(tt, 16)
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || strings.Contains(string(mode), "[never]") {
		t.Skipf("this kernel gives no transparent huge pages (%q, %v): the alignment is all there is to check", strings.TrimSpace(string(mode)), err)
	}
	require.Greater(t, hugePagesAt(t, start), uint64(0), "THP %s: no huge page backs the table", strings.TrimSpace(string(mode)))
}
