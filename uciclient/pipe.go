package uciclient

// A Pipe is the bare client of the measuring tools (tools/latency,
// tools/nps): lines in, lines out, and waiting for a line with a timeout.
// They time the engine's answers themselves and set it up as they like,
// so it has none of an Engine's handshake, supervisor or checks.

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"
)

// Pipe is a running engine process.
type Pipe struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
}

// StartPipe runs the command line argv (program, then its arguments).
func StartPipe(argv ...string) (*Pipe, error) {
	if len(argv) == 0 || argv[0] == "" {
		return nil, fmt.Errorf("empty engine command")
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	e := &Pipe{cmd: cmd, in: in, lines: make(chan string, 1024)}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
	}()
	return e, nil
}

// Send writes one command line.
func (e *Pipe) Send(s string) { fmt.Fprintln(e.in, s) }

// Await reads up to a line starting with prefix and returns when it came;
// each line before it goes to seen (when not nil).
func (e *Pipe) Await(prefix string, timeout time.Duration, seen func(string)) (time.Time, error) {
	deadline := time.After(timeout)
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				return time.Time{}, fmt.Errorf("the engine exited waiting for %q", prefix)
			}
			if strings.HasPrefix(l, prefix) {
				return time.Now(), nil
			}
			if seen != nil {
				seen(l)
			}
		case <-deadline:
			return time.Time{}, fmt.Errorf("no %q within %v", prefix, timeout)
		}
	}
}

// Quit asks the engine to quit and waits for it.
func (e *Pipe) Quit() {
	e.Send("quit")
	e.cmd.Wait()
}
