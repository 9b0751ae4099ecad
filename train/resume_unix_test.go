//go:build unix

package train

import (
	"bytes"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestResumeRefusesWhatIsNotACheckpointFile: -resume names what is not a
// regular file and exits. Before, a named pipe there waited for a writer
// forever, and /dev/zero was read until the header check.
func TestResumeRefusesWhatIsNotACheckpointFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "start.fnet")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	t.Cleanup(func() {
		// Where the reader still waits (the test failed), a writer that
		// comes and goes lets it end.
		if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	})
	for file, reason := range map[string]string{fifo: "a named pipe, not a regular file", dir: "a directory, not a regular file", "/dev/zero": "a device, not a regular file"} {
		var stdout, stderr bytes.Buffer
		done := make(chan int, 1)
		go func() {
			done <- Main([]string{"-out", filepath.Join(dir, "net"), "-resume", file, filepath.Join(dir, "none.data")}, &stdout, &stderr)
		}()
		select {
		case code := <-done:
			require.Equal(t, 1, code)
			require.Contains(t, stderr.String(), reason)
			require.Contains(t, stderr.String(), file)
		// The refusal takes microseconds; a minute is a bound no load
		// reaches.
		case <-time.After(time.Minute):
			t.Fatalf("train -resume %s did not return", file)
		}
	}
}
