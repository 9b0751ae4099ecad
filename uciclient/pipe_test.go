package uciclient

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPipeAwaitSeesLinesUpToThePrefix(t *testing.T) {
	e, err := StartPipe("sh", "-c", `read cmd; echo "id name fake"; echo "got $cmd"; echo uciok; sleep 5`)
	require.NoError(t, err)
	defer e.cmd.Process.Kill()
	e.Send("uci")
	var seen []string
	_, err = e.Await("uciok", 5*time.Second, func(l string) { seen = append(seen, l) })
	require.NoError(t, err)
	assert.Equal(t, []string{"id name fake", "got uci"}, seen)

	_, err = e.Await("readyok", 50*time.Millisecond, nil)
	assert.ErrorContains(t, err, `no "readyok" within 50ms`)
}

func TestPipeAwaitNoticesTheEngineExit(t *testing.T) {
	e, err := StartPipe("sh", "-c", "echo bye")
	require.NoError(t, err)
	_, err = e.Await("uciok", 5*time.Second, nil)
	assert.ErrorContains(t, err, "exited")
	e.Quit()

	_, err = StartPipe()
	assert.ErrorContains(t, err, "empty")
	_, err = StartPipe("/nonexistent/engine")
	assert.Error(t, err)
}
