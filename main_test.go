package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBenchCLI(t *testing.T) {
	var out, errOut bytes.Buffer
	assert.Equal(t, 0, run([]string{"bench", "2", "1", "1", "durg"}, nil, &out, &errOut))
	assert.Empty(t, errOut.String())
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	assert.Regexp(t, `^Nodes searched: \d+$`, lines[len(lines)-2])
	assert.Regexp(t, `^Nodes/second: \d+$`, lines[len(lines)-1])

	for _, bad := range [][]string{{"bench", "deep"}, {"bench", "3", "1", "0"}, {"bench", "3", "1", "16", "go"}} {
		out.Reset()
		errOut.Reset()
		assert.Equal(t, 2, run(bad, nil, &out, &errOut), "%q", bad)
		assert.Empty(t, out.String())
		assert.Contains(t, errOut.String(), "bench:")
	}
}

// Every tool that makes its own engines refuses a bad EvalFile with the
// reason, naming the file, and ends non-zero before it does anything else
// (no bench line, no data file, no suite result, no server); a bad file
// never becomes the built-in nets in silence.
func TestToolsRefuseABadEvalFile(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("nnue", "nets", "durg.nnue"))
	require.NoError(t, err)
	dir := t.TempDir()
	cut, damaged := filepath.Join(dir, "cut.nnue"), filepath.Join(dir, "damaged.nnue")
	require.NoError(t, os.WriteFile(cut, data[:len(data)-100], 0o644))
	data[len(data)/2] ^= 0x40
	require.NoError(t, os.WriteFile(damaged, data, 0o644))
	epd := filepath.Join(dir, "one.epd")
	require.NoError(t, os.WriteFile(epd, []byte("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; id \"mate\";\n"), 0o644))
	out := filepath.Join(dir, "games.dat")

	for file, reason := range map[string]string{
		filepath.Join(dir, "missing.nnue"): "no such file",
		cut:                                "cut short",
		damaged:                            "fails its checksum",
	} {
		for _, args := range [][]string{
			{"bench", "1", "1", "1", "durg", file},
			{"datagen", "-variant", "durg", "-out", out, "-games", "1", "-evalfile", file},
			{"suite", "-depth", "1", "-evalfile", file, epd},
			{"play", "-addr", "127.0.0.1:0", "-evalfile", file},
		} {
			var stdout, stderr bytes.Buffer
			code := make(chan int, 1)
			go func() { code <- run(args, nil, &stdout, &stderr) }()
			select {
			case c := <-code:
				assert.NotZero(t, c, "%q", args)
			case <-time.After(time.Minute):
				t.Fatalf("%q took the file and ran", args)
			}
			assert.Regexp(t, "^"+args[0]+": EvalFile: [^\n]+\n$", stderr.String(), "%q: one line, the reason", args)
			assert.Contains(t, stderr.String(), file, "%q: the reason names the file", args)
			assert.Contains(t, stderr.String(), reason, "%q", args)
			assert.Empty(t, stdout.String(), "%q", args)
			assert.NoFileExists(t, out, "%q", args)
		}
	}
}
