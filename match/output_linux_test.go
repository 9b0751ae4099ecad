package match

import (
	"bytes"
	"os"
	"os/exec"
	"testing"

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
