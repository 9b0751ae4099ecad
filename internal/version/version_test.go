package version

import (
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestFromBuildInfo(t *testing.T) {
	rev := debug.BuildSetting{Key: "vcs.revision", Value: "0a787d0df77e4c5d6e7f8091a2b3c4d5e6f70812"}
	clean := debug.BuildSetting{Key: "vcs.modified", Value: "false"}
	dirty := debug.BuildSetting{Key: "vcs.modified", Value: "true"}
	require.Equal(t, "0a787d0df77e", fromBuildInfo([]debug.BuildSetting{rev, clean}))
	require.Equal(t, "0a787d0df77e-dirty", fromBuildInfo([]debug.BuildSetting{dirty, rev}))
	require.Equal(t, "dev", fromBuildInfo([]debug.BuildSetting{dirty}))
	require.Equal(t, "dev", fromBuildInfo(nil))
}

// TestLinkedVersionWins builds a program with the version linked in the
// way the Makefile does it: a wrong -X path would leave the fallback.
func TestLinkedVersionWins(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program: not with -short")
	}
	exe := filepath.Join(t.TempDir(), "v")
	build := exec.Command("go", "build", "-o", exe, "-ldflags", "-X senapati/internal/version.version=v9.9-test", "./testdata/printversion")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)
	out, err = exec.Command(exe).Output()
	require.NoError(t, err)
	require.Equal(t, "v9.9-test", strings.TrimSpace(string(out)))
}
