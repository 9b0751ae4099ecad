package protocol

import (
	"io"
	"strings"
	"testing"
)

// FuzzHandle: no command line, however malformed, panics or stops the
// session (only quit does).
func FuzzHandle(f *testing.F) {
	for _, s := range []string{
		"uci", "isready", "position startpos moves e2e4 e7e5", "position fen 8/8/8/8/8/8/8/K6k w - - 0 1",
		"setoption name UCI_Variant value durg", "setoption name Hash value 1", "go depth 2", "go nodes 100",
		"position startpos moves B@d1,e2e3", "go wtime 100 btime 100 winc 1 binc 1", "d", "eval",
		"setoption name MultiPV value 3", "go searchmoves e2e4 d2d4 depth 2", "ponderhit", "stop",
	} {
		f.Add(s)
	}
	u := newTestUCI(io.Discard)
	u.Handle("setoption name Hash value 1")
	f.Fuzz(func(t *testing.T, line string) {
		if strings.Contains(line, "perft") || strings.Contains(line, "bench") {
			return // long-running by design
		}
		if !u.Handle(line) && strings.Fields(line)[0] != "quit" {
			t.Fatalf("%q ended the session", line)
		}
		u.stopSearch()
	})
}
