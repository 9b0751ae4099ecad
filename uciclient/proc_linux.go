package uciclient

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// procInfo is what /proc/PID/stat tells of a process.
type procInfo struct {
	procStamp
	ppid, pgid int
	state      byte // 'Z': a zombie, dead and waiting to be reaped
}

func readStat(pid int) (procInfo, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	// "pid (name) state ppid pgrp ... starttime(22nd) ...": the name may
	// hold spaces and parentheses, so fields count from the last ')'.
	i := bytes.LastIndexByte(b, ')')
	if err != nil || i < 0 {
		return procInfo{}, false
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 20 {
		return procInfo{}, false
	}
	ppid, err1 := strconv.Atoi(f[1])
	pgid, err2 := strconv.Atoi(f[2])
	start, err3 := strconv.ParseUint(f[19], 10, 64)
	if err1 != nil || err2 != nil || err3 != nil {
		return procInfo{}, false
	}
	return procInfo{procStamp{pid, start}, ppid, pgid, f[0][0]}, true
}

func stampOf(pid int) procStamp {
	if p, ok := readStat(pid); ok {
		return p.procStamp
	}
	return procStamp{pid: pid}
}

func allProcs() []procInfo {
	entries, _ := os.ReadDir("/proc")
	var out []procInfo
	for _, e := range entries {
		if pid, err := strconv.Atoi(e.Name()); err == nil {
			if p, ok := readStat(pid); ok {
				out = append(out, p)
			}
		}
	}
	return out
}

// marked reports whether pid's environment holds the engine mark (only
// our own processes' environments can be read).
func marked(pid int, mark string) bool {
	env, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/environ")
	return err == nil && bytes.Contains(append(append([]byte{0}, env...), 0), []byte("\x00"+markVar+"="+mark+"\x00"))
}

// descendants finds the processes to end with an engine: its process tree
// while it runs (the stamp still matches), and every process holding its
// mark, with their trees. The engine itself is left out: its exec.Cmd
// reaps it.
func descendants(engine procStamp, mark string) []procStamp {
	procs := allProcs()
	children := map[int][]procInfo{}
	for _, p := range procs {
		children[p.ppid] = append(children[p.ppid], p)
	}
	self := os.Getpid()
	seen := map[int]bool{engine.pid: true, self: true}
	var out []procStamp
	var tree func(pid int)
	tree = func(pid int) {
		for _, c := range children[pid] {
			if !seen[c.pid] {
				seen[c.pid] = true
				out = append(out, c.procStamp)
				tree(c.pid)
			}
		}
	}
	for _, p := range procs {
		if p.procStamp == engine && engine.start != 0 {
			tree(p.pid)
		}
	}
	if mark != "" {
		for _, p := range procs {
			if !seen[p.pid] && p.state != 'Z' && marked(p.pid, mark) {
				seen[p.pid] = true
				out = append(out, p.procStamp)
				tree(p.pid)
			}
		}
	}
	return out
}

// endAll kills the doomed processes (with their process groups when they
// lead one), then whatever holding the mark they started meanwhile, and
// reaps those that became our children: as a child subreaper the runner
// inherits the orphans of its engines.
func endAll(doomed []procStamp, mark string) {
	if len(doomed) == 0 {
		return
	}
	kill := func(s procStamp) {
		// The stamp check keeps a pid that was reused from being hit.
		if p, ok := readStat(s.pid); ok && p.start == s.start && p.state != 'Z' {
			_ = syscall.Kill(s.pid, syscall.SIGKILL)
			if p.pgid == s.pid {
				_ = syscall.Kill(-s.pid, syscall.SIGKILL)
			}
		}
	}
	for _, d := range doomed {
		kill(d)
	}
	for round := 0; mark != "" && round < 20; round++ {
		more := descendants(procStamp{}, mark)
		if len(more) == 0 {
			break
		}
		for _, m := range more {
			kill(m)
		}
		doomed = append(doomed, more...)
		time.Sleep(time.Millisecond)
	}
	self := os.Getpid()
	pending := map[int]procStamp{}
	for _, d := range doomed {
		pending[d.pid] = d
	}
	for deadline := time.Now().Add(time.Second); len(pending) > 0 && time.Now().Before(deadline); {
		for pid, d := range pending {
			p, ok := readStat(pid)
			switch {
			case !ok || p.start != d.start: // gone
				delete(pending, pid)
			case p.state == 'Z' && p.ppid == self:
				var ws syscall.WaitStatus
				_, _ = syscall.Wait4(pid, &ws, syscall.WNOHANG, nil)
			case p.state == 'Z' && pending[p.ppid] == (procStamp{}):
				delete(pending, pid) // its parent, not one of these, reaps it
			}
		}
		time.Sleep(time.Millisecond)
	}
}

// BecomeSubreaper makes the runner the reaper of its engines' orphans
// (prctl PR_SET_CHILD_SUBREAPER), so that a descendant that leaves its
// engine's process tree stays in the runner's, and can be found when the
// match ends.
func BecomeSubreaper() {
	const prSetChildSubreaper = 36
	_, _, _ = syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0)
}

// EndOrphans ends every process left below the runner once all engines are
// gone: orphans of engines that cleared their environment of the mark.
func EndOrphans() {
	endAll(descendants(procStamp{pid: os.Getpid(), start: stampOf(os.Getpid()).start}, ""), "")
}
