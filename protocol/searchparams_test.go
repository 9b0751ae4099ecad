package protocol

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// SearchParams sets the search's constants for a tuner; a bad pair is
// refused with the reason and changes nothing.
func TestSearchParamsOption(t *testing.T) {
	s := newSession(t)
	s.send("uci")
	require.Contains(t, s.expect("uciok", 5*time.Second), "option name SearchParams type string default <empty>")
	s.send("setoption name SearchParams value RFPMargin=80,LMRBase=60", "setoption name SearchParams value Foo=1", "isready")
	got := strings.Join(s.expect("readyok", 5*time.Second), "\n")
	require.Contains(t, got, `info string SearchParams not changed: unknown parameter "Foo"`)
	tuned := depth7Nodes(s)
	s.send("setoption name SearchParams value <empty>")
	def := depth7Nodes(s)
	require.NotEqual(t, def, tuned, "the pairs reached the search")
	s.send("setoption name SearchParams value NullBase=3")
	require.Equal(t, def, depth7Nodes(s), "a default value changes nothing")
}

// depth7Nodes is the node count of a fresh depth-7 search of a middle
// game position.
func depth7Nodes(s *session) string {
	s.send("ucinewgame", "position fen r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", "go depth 7")
	lines := s.expect("bestmove", 30*time.Second)
	for i := len(lines) - 1; i >= 0; i-- {
		if f := strings.Fields(lines[i]); len(f) > 2 && f[1] == "depth" && f[2] == "7" {
			for j := range f[:len(f)-1] {
				if f[j] == "nodes" {
					return f[j+1]
				}
			}
		}
	}
	s.t.Fatalf("no depth 7 line in %q", lines)
	return ""
}

func TestSearchParamsIsNotACECPOption(t *testing.T) {
	s := newCECPSession(t)
	s.send("xboard", "protover 2")
	lines := s.expect("feature done=1", 5*time.Second)
	require.NotContains(t, strings.Join(lines, "\n"), "SearchParams")
}
