package protocol

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBenchCommand(t *testing.T) {
	var out bytes.Buffer
	u := newTestUCI(&out)
	require.True(t, u.Handle("bench 2 1 1 chaturanga"))
	u.wait() // bench runs off the input loop
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	require.GreaterOrEqual(t, len(lines), 2)
	assert.Regexp(t, `^Nodes searched: \d+$`, lines[len(lines)-2])
	assert.Regexp(t, `^Nodes/second: \d+$`, lines[len(lines)-1])
	assert.Contains(t, out.String(), " chaturanga ")
	assert.NotContains(t, out.String(), " durg ")

	for _, bad := range []string{"bench x", "bench 3 0", "bench 3 1 16 shogi", "bench 1 1 1 chess x.nnue 9"} {
		out.Reset()
		require.True(t, u.Handle(bad))
		u.wait()
		assert.Regexp(t, `^info string bench: .+\n$`, out.String(), bad)
	}
}
