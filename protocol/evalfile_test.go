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

// wildNet writes a durg net of all +32767 weights with a good checksum:
// before it was refused, its scores past mate made go depth 1 never end.
func wildNet(t *testing.T, dir string) string {
	v := board.DurgGame()
	n := &nnue.Net{Variant: v, Inputs: nnue.NewFeatures(v).Inputs, Hidden: 8}
	n.FT, n.FTBias, n.Out = make([]int16, n.Inputs*n.Hidden), make([]int16, n.Hidden), make([]int16, 2*n.Hidden)
	for _, part := range [][]int16{n.FT, n.FTBias, n.Out} {
		for i := range part {
			part[i] = 32767
		}
	}
	b, err := n.MarshalBinary()
	require.NoError(t, err)
	path := filepath.Join(dir, "wild.nnue")
	require.NoError(t, os.WriteFile(path, b, 0o644))
	return path
}

// badNets are files EvalFile must refuse, each with a word of the reason:
// one missing, one cut short, one damaged (a byte changed), one not a net,
// one whose weights overflow, a device and a directory (each refused
// before a byte is read: /dev/zero was read until memory ran out).
func badNets(t *testing.T, good string) map[string]string {
	data, err := os.ReadFile(good)
	require.NoError(t, err)
	dir := t.TempDir()
	cut, damaged := filepath.Join(dir, "cut.nnue"), filepath.Join(dir, "damaged.nnue")
	require.NoError(t, os.WriteFile(cut, data[:len(data)/2], 0o644))
	data = append([]byte(nil), data...)
	data[len(data)/2] ^= 1
	require.NoError(t, os.WriteFile(damaged, data, 0o644))
	return map[string]string{
		filepath.Join(dir, "missing.nnue"): "no such file",
		cut:                                "cut short",
		damaged:                            "fails its checksum",
		"/etc/hostname":                    "not a Senapati network",
		wildNet(t, dir):                    "accumulator can reach",
		"/dev/zero":                        "a device, not a regular file",
		dir:                                "a directory, not a regular file",
	}
}

func TestEvalFile(t *testing.T) {
	durgNet := writeNet(t, board.DurgGame())

	s := newSession(t)
	s.send("uci")
	lines := s.expect("uciok", 5*time.Second)
	require.Contains(t, lines, "option name Use NNUE type check default true")
	require.Contains(t, lines, "option name EvalFile type string default <empty>")

	// Bad files are refused with the reason; the engine keeps going.
	for file, reason := range badNets(t, durgNet) {
		s.send("setoption name EvalFile value "+file, "isready")
		got := strings.Join(s.expect("readyok", 5*time.Second), "\n")
		require.Contains(t, got, "info string EvalFile not changed: ", file)
		require.Contains(t, got, file, "the reason names the file")
		require.Contains(t, got, reason, file)
		// bench takes the file as its fifth argument and refuses it the same
		// way, without searching; the session goes on.
		s.send("bench 1 1 1 durg " + file)
		lines := s.expect("info string bench: ", 10*time.Second)
		got = lines[len(lines)-1]
		require.Contains(t, got, "info string bench: EvalFile: ", file)
		require.Contains(t, got, file, "the reason names the file")
		require.Contains(t, got, reason, file)
		s.send("isready")
		require.Equal(t, []string{"readyok"}, s.expect("readyok", 5*time.Second), "no search after the refusal")
	}
	s.send("setoption name EvalFile value <empty>", "isready")
	s.expect("readyok", 5*time.Second)
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

// CECP sets EvalFile by the same option table: a bad file is an Error line
// with the reason, the setting stays, and the session keeps playing.
func TestEvalFileCECP(t *testing.T) {
	durgNet := writeNet(t, board.DurgGame())
	s := newCECPSession(t)
	for file, reason := range badNets(t, durgNet) {
		s.send("option EvalFile=" + file)
		got := strings.Join(s.sync(1), "\n")
		require.Contains(t, got, "Error (EvalFile not changed: ", file)
		require.Contains(t, got, file, "the reason names the file")
		require.Contains(t, got, reason, file)
	}
	s.send("new", "variant durg", "sd 2", "go")
	require.NotEmpty(t, s.engineMove(10*time.Second))
	// A good file is taken, with no Error.
	s.send("option EvalFile=" + durgNet)
	require.NotContains(t, strings.Join(s.sync(2), "\n"), "Error")
}
