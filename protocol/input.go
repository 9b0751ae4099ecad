package protocol

import (
	"bufio"
	"errors"
	"io"
	"runtime"
	"strings"
)

// maxLine bounds one input line: a position with 100,000 moves fits;
// anything longer is dropped whole, up to its newline.
const maxLine = 1 << 20

// readLines sends each input line to lines, cleaned of control bytes, and
// closes lines at end of input. An over-long line is dropped whole and
// reported once through tooLong. urgent is called from the reader for
// every line before it is queued, so stop takes effect at the first
// hand-off, whatever the command loop is doing.
func readLines(in io.Reader, lines chan<- string, urgent func(string), tooLong func()) {
	defer close(lines)
	promptWakeups()
	r := bufio.NewReaderSize(in, 64<<10)
	var line []byte
	dropping := false
	for {
		chunk, err := r.ReadSlice('\n')
		switch {
		case dropping:
		case len(line)+len(chunk) > maxLine+2: // the newline may be \r\n
			dropping, line = true, line[:0]
			tooLong()
		default:
			line = append(line, chunk...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if !dropping && len(line) > 0 {
			s := cleanLine(line)
			urgent(s)
			lines <- s
		}
		line, dropping = line[:0], false
		if err != nil {
			return
		}
	}
}

// cleanLine turns control bytes (NUL, escape, ...) into spaces so that a
// line of them costs no more than a blank line and cannot smuggle in a
// command.
func cleanLine(b []byte) string {
	clean := true
	for _, c := range b {
		if c < ' ' || c == 0x7f {
			clean = false
			break
		}
	}
	if clean {
		return string(b)
	}
	out := make([]byte, len(b))
	for i, c := range b {
		if c < ' ' || c == 0x7f {
			c = ' '
		}
		out[i] = c
	}
	return strings.TrimSpace(string(out))
}

// spareProcs is how many Go processors the engine keeps beyond its search
// threads. The input reader needs one free when its read returns; with
// just one spare, on a CPU the search fills that spare is often held by a
// runtime thread still waiting for the CPU, and the reader waited a
// scheduler tick (4 ms) before it could pass `stop` on (traced: the
// reader's thread slept in exitsyscallNoP). Idle processors cost nothing.
const spareProcs = 3

// keepProcsForInput makes sure a search on threads threads leaves the
// input reader a processor, whatever the CPU affinity gave Go.
func keepProcsForInput(threads int) {
	if want := threads + spareProcs; runtime.GOMAXPROCS(0) < want {
		runtime.GOMAXPROCS(want)
	}
}
