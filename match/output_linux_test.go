package match

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestDevFull: a runner process writing to a full disk (/dev/full) exits
// with status 1 and says which output failed.
func TestDevFull(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	args := append(fake("A", "legal"), fake("B", "legal")...)
	args = append(args, "-each", "depth=1", "-games", "4", "-maxmoves", "2")
	for flag, more := range map[string][]string{"-pgnout": nil, "-epdout": nil, "-log": {"level=info"}} {
		t.Run(flag, func(t *testing.T) {
			cmd := execRunner(args, append([]string{flag, "file=/dev/full"}, more...)...)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			var exit *exec.ExitError
			require.ErrorAs(t, err, &exit, "%s", stdout.String())
			require.Equal(t, 1, exit.ExitCode())
			require.Contains(t, stderr.String(), "match: "+flag+": cannot write /dev/full: no space left on device\n")
			require.NotContains(t, stdout.String(), "Started game 2 ")
		})
	}
}

// TestSignalWhileWaiting: a runner that waits to open its -pgnout (a FIFO
// that no one reads) still stops at SIGTERM and SIGINT, with status 130.
func TestSignalWhileWaiting(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			fifo := filepath.Join(t.TempDir(), "games.pgn")
			require.NoError(t, syscall.Mkfifo(fifo, 0o644))
			args := append(append(fake("A", "legal"), fake("B", "legal")...), "-each", "depth=1", "-pgnout", fifo, "-progress", "off")
			cmd := exec.Command(os.Args[0], append([]string{"match-runner"}, args...)...)
			var stderr strings.Builder
			cmd.Stderr = &stderr
			require.NoError(t, cmd.Start())
			defer cmd.Process.Kill()
			time.Sleep(2 * time.Second) // the engines start, then the runner opens the FIFO
			require.NoError(t, cmd.Process.Signal(sig))
			requireInterrupted(t, cmd, &stderr, "match: interrupted", 8*time.Second, fmt.Sprintf("the runner ignores %v while it waits on its -pgnout", sig))
		})
	}
}

// TestSignalWhileWriteBlocks: a runner whose -pgnout is a pipe that its
// reader stopped reading waits in a write; SIGTERM still ends it (after
// the grace it gives the match to stop), with status 130.
func TestSignalWhileWriteBlocks(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for the grace after a signal")
	}
	fifo := filepath.Join(t.TempDir(), "games.pgn")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	args := append(append(fake("A", "legal"), fake("B", "legal")...), "-each", "depth=1", "-games", "1000", "-maxmoves", "2", "-pgnout", fifo, "-progress", "off")
	cmd := exec.Command(os.Args[0], append([]string{"match-runner"}, args...)...)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	defer cmd.Process.Kill()
	reader, err := os.Open(fifo) // and never read: the pipe fills
	require.NoError(t, err)
	defer reader.Close()
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	started := 0
	for quiet := false; !quiet; {
		select {
		case l := <-lines:
			if strings.HasPrefix(l, "Started game ") {
				started++
			}
		case <-time.After(2 * time.Second):
			quiet = true
		}
	}
	require.Greater(t, started, 1)
	require.Less(t, started, 1000, "the pipe never filled")
	go func() {
		for range lines {
		}
	}()
	require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
	requireInterrupted(t, cmd, &stderr, "match: interrupted, but the run did not stop within 10s", stopGrace+15*time.Second, "the runner ignores SIGTERM while a write waits")
}

// requireInterrupted waits for the signalled runner cmd to exit 130 with
// want on its stderr, failing with hung if it has not exited within.
func requireInterrupted(t *testing.T, cmd *exec.Cmd, stderr *strings.Builder, want string, within time.Duration, hung string) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		var exit *exec.ExitError
		require.ErrorAs(t, err, &exit)
		require.Equal(t, 130, exit.ExitCode(), "%s", stderr.String())
		require.Contains(t, stderr.String(), want)
	case <-time.After(within):
		t.Fatal(hung)
	}
}
