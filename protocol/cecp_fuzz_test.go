package protocol

import (
	"io"
	"strings"
	"testing"
)

// settle does what the command loop does until no search runs: a search
// that ends has its move played, deferred lines replayed.
func settle(c *CECP) {
	for c.job != nil {
		c.job.cancel() // as ? does: the search ends with its best move
		<-c.job.done
		c.jobEnded()
	}
}

// FuzzCECPHandle: no command line, however malformed, panics or stops the
// session (only quit does), in any variant and mode the seeds reach.
func FuzzCECPHandle(f *testing.F) {
	for _, s := range []string{
		"xboard", "protover 2", "new", "variant chaturanga", "variant durg", "variant normal", "force", "go",
		"playother", "usermove e2e4", "e7e5", "usermove e7e8q", "usermove B@c1,e2e3", "setboard 8/8/8/8/8/8/8/K6k w - - 0 1",
		"setboard kr6/3PP3/8/8/8/8/8/4K3 w - - 0 1", "setboard", "time 1000", "otim -5", "level 40 5 0",
		"level 0 0:30 1.5", "level 40 25+5 0", "st 1", "sd 2", "nps 1000", "ping 3", "undo", "remove", "hard", "easy",
		"post", "nopost", "analyze", ".", "exit", "memory 1", "cores 1", "option MultiPV=2", "option Clear Hash",
		"option Hash=x", "result 1-0 {x}", "draw", "?", "lift e2", "put e8", "hover e4", "hint", "bk", "white",
	} {
		f.Add(s)
	}
	c := newTestCECP(io.Discard)
	c.Handle("memory 1")
	f.Fuzz(func(t *testing.T, line string) {
		fields := strings.Fields(line)
		if len(fields) > 0 && (fields[0] == "cores" || fields[0] == "memory") {
			return // big tables and many threads are slow, not wrong
		}
		if !c.Handle(line) && fields[0] != "quit" {
			t.Fatalf("%q ended the session", line)
		}
		settle(c)
	})
}
