package search

import (
	"bufio"
	"os"
	"strconv"
	"strings"
)

// HashLimitMB is the largest table this machine can hold without pushing
// itself into swap or the OOM killer: half of the memory available now
// (MemAvailable in /proc/meminfo), at most MaxHashMB. A search can touch
// every page of the table, so the table is counted whole. Where the
// available memory is unknown (no /proc), the limit is MaxHashMB.
func HashLimitMB() int {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return MaxHashMB
	}
	defer f.Close()
	availKB, ok := memAvailableKB(bufio.NewScanner(f))
	if !ok {
		return MaxHashMB
	}
	return hashLimitMB(availKB)
}

func hashLimitMB(availKB uint64) int {
	return int(max(1, min(MaxHashMB, availKB/2>>10)))
}

// memAvailableKB reads the "MemAvailable: N kB" line of /proc/meminfo.
func memAvailableKB(sc *bufio.Scanner) (uint64, bool) {
	for sc.Scan() {
		rest, found := strings.CutPrefix(sc.Text(), "MemAvailable:")
		if !found {
			continue
		}
		f := strings.Fields(rest)
		if len(f) != 2 || f[1] != "kB" {
			return 0, false
		}
		n, err := strconv.ParseUint(f[0], 10, 64)
		return n, err == nil
	}
	return 0, false
}
