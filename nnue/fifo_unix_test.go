//go:build unix

package nnue

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestReadNetFileRefusesAFIFO: a named pipe is refused at once. Before,
// opening it waited for a writer that never came, and the engine with it.
func TestReadNetFileRefusesAFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "net.nnue")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	t.Cleanup(func() {
		// Where the reader still waits (the test failed), a writer that
		// comes and goes lets it end.
		if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	})
	require.ErrorContains(t, readNetFileSoon(t, fifo), "a named pipe, not a regular file")
}
