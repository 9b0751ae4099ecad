package protocol

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/search"
)

// slowConfigure is an engine whose Configure waits for the test's word,
// as a new table or many threads' state waits on a loaded machine: what
// the session answers meanwhile is decided by the order of events, not
// by a clock.
type slowConfigure struct {
	Engine
	entered, release chan struct{}
	searched         chan search.Settings // the settings each search ran with
}

func (s slowConfigure) Configure(set search.Settings) {
	s.entered <- struct{}{}
	<-s.release
	s.Engine.Configure(set)
}

func (s slowConfigure) Search(ctx context.Context, root board.Position, history []uint64, l search.Limits, report func(search.Info)) search.Result {
	s.searched <- s.Engine.Settings()
	return s.Engine.Search(ctx, root, history, l, report)
}

// TestCECPPongWhileTheTableIsMade: pong answers at once while memory and
// cores are taking effect, and a search after them uses them. Before, the
// command loop made the table itself: under load pong came seconds late
// (no pong within 7 s three times after cores 256), and here it never came
// while Configure waited.
func TestCECPPongWhileTheTableIsMade(t *testing.T) {
	for _, tc := range []struct {
		cmds []string
		took func(search.Settings) bool
	}{
		{[]string{"memory 64"}, func(s search.Settings) bool { return s.HashMB == 64 }},
		{[]string{"cores 2"}, func(s search.Settings) bool { return s.Threads == 2 }},
		// The second waits for the first to be in force.
		{[]string{"memory 64", "cores 2"}, func(s search.Settings) bool { return s.HashMB == 64 && s.Threads == 2 }},
	} {
		t.Run(strings.Join(tc.cmds, ", "), func(t *testing.T) {
			slow := slowConfigure{newTestEngine(), make(chan struct{}, 8), make(chan struct{}), make(chan search.Settings, 1)}
			released := false
			release := func() {
				if !released {
					released = true
					close(slow.release)
				}
			}
			t.Cleanup(release) // where the test failed, the loop may end
			s := startSession(t, func(in io.Reader, out io.Writer) { NewCECP(out, slow, Tools{}).Run(in) })
			s.send("xboard", "protover 2", "new", "force", tc.cmds[0])
			<-slow.entered // the engine is taking the setting and waits
			s.send(tc.cmds[1:]...)
			s.send("ping 7")
			// A bound no load reaches; the answer needs no work.
			s.expect("pong 7", 30*time.Second)
			// A search asked for now waits for the setting.
			s.send("sd 1", "go")
			release()
			s.expect("move ", 30*time.Second)
			got := <-slow.searched
			require.True(t, tc.took(got), "searched with %+v", got)
		})
	}
}
