package match

import (
	"bytes"
	"os"
	"strconv"
	"strings"
)

// procStat is what the tests read of a process in /proc/PID/stat (the
// runner's own reader is uciclient's, unexported).
type procStat struct {
	pid, pgid int
	start     uint64 // clock ticks since boot: tells it from a later process with its pid
	state     byte   // 'Z': a zombie
}

func readStat(pid int) (procStat, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	i := bytes.LastIndexByte(b, ')') // the name may hold spaces and parentheses
	if err != nil || i < 0 {
		return procStat{}, false
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 20 {
		return procStat{}, false
	}
	pgid, err1 := strconv.Atoi(f[2])
	start, err2 := strconv.ParseUint(f[19], 10, 64)
	return procStat{pid, pgid, start, f[0][0]}, err1 == nil && err2 == nil
}

func allProcs() []procStat {
	entries, _ := os.ReadDir("/proc")
	var out []procStat
	for _, e := range entries {
		if pid, err := strconv.Atoi(e.Name()); err == nil {
			if p, ok := readStat(pid); ok {
				out = append(out, p)
			}
		}
	}
	return out
}
