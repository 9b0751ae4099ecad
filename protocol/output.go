package protocol

import (
	"bufio"
	"fmt"
	"io"
	"sync"
)

// output writes whole lines, each flushed at once, from any goroutine:
// the command loop and the search's progress reports share it.
type output struct {
	mu sync.Mutex
	w  *bufio.Writer
}

func newOutput(w io.Writer) *output { return &output{w: bufio.NewWriter(w)} }

func (o *output) send(format string, args ...any) {
	o.mu.Lock()
	defer o.mu.Unlock()
	fmt.Fprintf(o.w, format, args...)
	o.w.WriteByte('\n')
	o.w.Flush()
}
