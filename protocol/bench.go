package protocol

import (
	"bytes"

	"senapati/bench"
)

// bench runs `bench [depth] [threads] [hash] [variant|all]`, the same
// benchmark as the command line's, on an engine of its own (the session's
// hash and position are untouched). It blocks until done.
func (u *UCI) bench(args []string) {
	cfg, err := bench.ParseArgs(args)
	if err != nil {
		u.info("bench: %v; usage: bench [depth] [threads] [hash] [variant|all]", err)
		return
	}
	if _, _, err := bench.Run(&lineWriter{u: u}, cfg); err != nil {
		u.info("%v", err)
	}
}

// lineWriter sends each complete line written to it through u.send.
type lineWriter struct {
	u   *UCI
	buf []byte
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.buf = append(w.buf, p...)
	for {
		i := bytes.IndexByte(w.buf, '\n')
		if i < 0 {
			return len(p), nil
		}
		w.u.send("%s", w.buf[:i])
		w.buf = w.buf[i+1:]
	}
}
