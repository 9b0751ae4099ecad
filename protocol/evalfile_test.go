package protocol

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/nnue"
)

// writeNet writes a freshly started (untrained) net of v to a file.
func writeNet(t *testing.T, v *board.Variant) string {
	b, err := nnue.NewFloatNet(v, 16, 1).Quantize().MarshalBinary()
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), v.Name()+".nnue")
	require.NoError(t, os.WriteFile(path, b, 0o644))
	return path
}

func TestEvalFile(t *testing.T) {
	durgNet := writeNet(t, board.DurgGame())
	cut := filepath.Join(t.TempDir(), "cut.nnue")
	data, err := os.ReadFile(durgNet)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(cut, data[:len(data)/2], 0o644))

	s := newSession(t)
	s.send("uci")
	lines := s.expect("uciok", 5*time.Second)
	require.Contains(t, lines, "option name Use NNUE type check default true")
	require.Contains(t, lines, "option name EvalFile type string default <empty>")

	// Bad files are refused with the reason; the engine keeps going.
	for file, reason := range map[string]string{
		"/nonexistent/x.nnue": "no such file",
		cut:                   "cut short",
		"/etc/hostname":       "not a Senapati network",
	} {
		s.send("setoption name EvalFile value "+file, "isready")
		got := s.expect("readyok", 5*time.Second)
		require.Contains(t, strings.Join(got, "\n"), "info string EvalFile not changed: ", file)
		require.Contains(t, strings.Join(got, "\n"), reason, file)
	}
	s.send("setoption name UCI_Variant value durg", "position startpos", "eval")
	l := s.expect("NNUE evaluation", 5*time.Second)
	require.Contains(t, l[len(l)-1], "durg net 1318x128->1") // the built-in Durg net is its default
	s.send("setoption name EvalFile value "+durgNet, "isready")
	got := strings.Join(s.expect("readyok", 5*time.Second), "\n")
	require.Contains(t, got, "info string EvalFile: durg net 1318x16->1")

	// The net scores durg now: eval shows it, and a search runs with it.
	s.send("eval")
	l = s.expect("NNUE evaluation", 5*time.Second)
	require.Contains(t, l[len(l)-1], "durg net 1318x16->1")
	s.send("go nodes 3000")
	s.expect("bestmove", 10*time.Second)

	// Off again: the hand-crafted evaluation.
	s.send("setoption name Use NNUE value false", "eval")
	l = s.expect("NNUE", 5*time.Second)
	require.Contains(t, l[len(l)-1], "NNUE: none for durg")
}
