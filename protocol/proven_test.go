package protocol

import (
	"context"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/internal/testio"
	"senapati/search"
)

// A mate in 2 for White (a1a6), found at depth 9 or so.
const mateIn2FEN = "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1"

// Once the mate is proven the engine stops deepening: XBoard showed the
// same line at every depth up to 127 and wrote {+1000.02/127} in the PGN.
func TestCECPProvenMateIsNotRepeatedAtEveryDepth(t *testing.T) {
	s := newCECPSession(t)
	s.send("new", "post", "setboard "+mateIn2FEN, "go")
	lines := s.expect("move ", 30*time.Second)
	require.Equal(t, "move a1a6", lines[len(lines)-1])
	var thinking []string
	maxDepth := 0
	for _, l := range lines {
		if m := thinkingLine.FindStringSubmatch(l); m != nil {
			thinking = append(thinking, l)
			d, _ := strconv.Atoi(m[1])
			maxDepth = max(maxDepth, d)
		}
	}
	require.NotEmpty(t, thinking)
	last := thinkingLine.FindStringSubmatch(thinking[len(thinking)-1])
	require.Equal(t, "100002", last[2], "mate in 2: %q", thinking)
	require.Less(t, maxDepth, 30, "deepening stopped at the proven mate: %q", thinking)
	require.Less(t, len(thinking), 30, "no line for each depth to 127: %q", thinking)
}

// UCI: a proven mate stops the deepening of go infinite too, but bestmove
// still waits for stop.
func TestUCIProvenMateWaitsForStop(t *testing.T) {
	s := newSession(t)
	s.send("position fen "+mateIn2FEN, "go infinite")
	var lines []string
	for !strings.Contains(strings.Join(lines, "\n"), "score mate 2") {
		lines = append(lines, s.expect("info depth ", 30*time.Second)...)
	}
	s.send("isready")
	lines = append(lines, s.expect("readyok", 5*time.Second)...)
	require.False(t, hasLine(lines, "bestmove"), "bestmove before stop: %q", lines)
	s.send("stop")
	lines = append(lines, s.expect("bestmove", 5*time.Second)...)
	require.True(t, strings.HasPrefix(lines[len(lines)-1], "bestmove a1a6"), lines[len(lines)-1])
	depth := regexp.MustCompile(`^info depth (\d+) `)
	for _, l := range lines {
		if m := depth.FindStringSubmatch(l); m != nil {
			d, _ := strconv.Atoi(m[1])
			require.Less(t, d, 30, "deepening stopped at the proven mate: %q", l)
		}
	}
}

// holdingEngine holds its search at the first progress report until the
// search is cancelled, so a command sent then finds it running: no race
// with the clock.
type holdingEngine struct {
	Engine
	held chan struct{}
}

func (h holdingEngine) Search(ctx context.Context, root board.Position, history []uint64, l search.Limits, report func(search.Info)) search.Result {
	first := true
	return h.Engine.Search(ctx, root, history, l, func(in search.Info) {
		report(in)
		if first {
			first = false
			h.held <- struct{}{}
			<-ctx.Done()
		}
	})
}

// A command that makes the searched position go away (or ends thinking)
// leaves nothing of the old search on the output: no thinking line, no
// move.
func TestCECPAbandonedSearchPrintsNothing(t *testing.T) {
	for _, tc := range []struct{ start, cmd string }{
		{"go", "force"},
		{"go", "new"},
		{"go", "remove"},
		{"go", "undo"},
		{"go", "setboard " + mateIn2FEN},
		{"go", "result 1-0"},
		{"go", "variant chaturanga"},
		{"analyze", "exit"},
		{"analyze", "force"},
	} {
		t.Run(tc.start+" "+tc.cmd, func(t *testing.T) {
			var out testio.SyncBuffer
			h := holdingEngine{newTestCECP(io.Discard).engine, make(chan struct{}, 1)}
			c := NewCECP(&out, h, Tools{})
			for _, l := range []string{"new", "post", "force", "usermove e2e4", "usermove e7e5", tc.start} {
				require.True(t, c.Handle(l))
			}
			<-h.held // the search has printed its first line and goes on
			require.True(t, hasThinking(strings.Split(out.String(), "\n")))
			out.Reset()
			require.True(t, c.Handle(tc.cmd))
			require.Nil(t, c.job)
			got := strings.Split(strings.TrimSpace(out.String()), "\n")
			require.False(t, hasThinking(got), "after %s: %q", tc.cmd, got)
			require.False(t, hasLine(got, "move "), "after %s: %q", tc.cmd, got)
			if tc.cmd == "force" {
				require.Len(t, c.game.Moves, 2, "no move played")
			}
		})
	}
}
