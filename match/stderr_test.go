package match

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestEngineStderrAndExits: what engines write on stderr reaches the log
// (and the terminal with -debug), and every engine's end is reported with
// its exit status: a crash in the last game too, with the end of its
// stderr, and the engines that quit normally in the log.
func TestEngineStderrAndExits(t *testing.T) {
	pids := trackProcesses(t)
	dir := t.TempDir()
	args := append(fake("Bad", "crash", "stderr=panic: boom"), fake("Good", "legal", "stderr=just saying")...)
	args = append(args, "-each", "depth=1", "-games", "2", "-maxmoves", "2")

	log := filepath.Join(dir, "debug.log")
	_, errOut, err := runMatch(t, context.Background(), append(args, "-debug", "-log", "file="+log, "level=info")...)
	require.NoError(t, err)
	// Bad crashes in both games: the first crash when it is started again,
	// the second (the last game) when the match ends.
	require.Contains(t, errOut, "Warning: Bad exited (exit status 3); starting it again\nWarning: Bad's stderr ended with: panic: boom\n")
	require.Regexp(t, `(?m)^Warning: Bad exited \(exit status 3\)\nWarning: Bad's stderr ended with: panic: boom$`, errOut)
	require.Len(t, regexp.MustCompile(`(?m)^Warning: Bad exited \(exit status 3\)`).FindAllString(errOut, -1), 2)
	// -debug: stderr lines with the traffic.
	require.Regexp(t, `(?m)^ *\d+\.\d{3} Bad\(\d+\) stderr: panic: boom$`, errOut)
	require.Regexp(t, `(?m)^ *\d+\.\d{3} Good\(\d+\) stderr: just saying$`, errOut)
	text := readFile(t, log)
	require.Regexp(t, `(?m)^\S+ \[info\] Bad\(\d+\) stderr: panic: boom$`, text)
	require.Regexp(t, `(?m)^\S+ \[info\] Good\(\d+\) stderr: just saying$`, text)
	require.Regexp(t, `(?m)^\S+ \[warn\] Warning: Bad exited \(exit status 3\)$`, text)
	require.Regexp(t, `(?m)^\S+ \[info\] Good\(\d+\) exited \(exit status 0\) after quit$`, text)
	quit := regexp.MustCompile(`Good\(\d+\) exited \(exit status 0\) after quit`).FindStringIndex(text)
	require.NotNil(t, quit)
	require.Less(t, quit[0], strings.Index(text, "[info] Finished match"), "the engines' ends come before the report")
	require.Less(t, strings.LastIndex(text, "Warning: Bad exited (exit status 3)"), strings.Index(text, "[info] Finished match"))

	// Without -debug the terminal gets the warnings only; engine=true
	// puts the stderr lines in the log at any level.
	log = filepath.Join(dir, "engine.log")
	_, errOut, err = runMatch(t, context.Background(), append(args, "-log", "file="+log, "engine=true")...)
	require.NoError(t, err)
	for _, line := range strings.Split(strings.TrimSpace(errOut), "\n") {
		require.True(t, strings.HasPrefix(line, "Warning: Bad"), line)
	}
	text = readFile(t, log)
	require.Regexp(t, `(?m)^\S+ \[info\] Good\(\d+\) stderr: just saying$`, text)
	require.Regexp(t, `(?m)^\S+ \[warn\] Warning: Bad exited \(exit status 3\)$`, text)

	// An engine that ends before its handshake is done says how.
	_, _, err = runMatch(t, context.Background(), append(fake("Dead", "nostart"), append(fake("Good", "legal"), "-each", "depth=1")...)...)
	require.ErrorContains(t, err, "engine 1: "+os.Args[0]+": no uciok: the engine exited or closed its output (exit status 5; stderr: fatal: no net)")
	requireGone(t, pids())
}
